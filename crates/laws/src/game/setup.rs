//! Setting a game up: what an event gives ([`Setup`], [`Regulations`],
//! [`Odds`]) and [`Game::new`], which checks every time it is given, classifies
//! the game type by the edition's definition (2023 A.1, B.1; 2005 A1, B1),
//! judges the start position and every move of the history with the same
//! end-of-game tests as a move of the events, and starts the clock.

use shakmaty::{ByColor, Chess, Color, Position};

use super::{
    moves::{hash, short},
    Game, Turn,
};
use crate::{
    clock::{Clock, Instant, Millis, TimeControl, MAX_MILLIS},
    edition::{EditionId, GameType},
    explain::Note,
    notation::{read_movetext, write_san, Language, MovetextError},
    replay::Shortcuts,
};

/// How much dead-position testing the engine does after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DeadCheck {
    /// Material test after every move; `chasolver`'s fast test after every
    /// irreversible move (capture, pawn move), after a check, when the side to
    /// move has a single legal move, and at the start — the default.
    #[default]
    AfterIrreversible,
    /// Material test and fast test after every move.
    EveryMove,
    /// Material test only.
    MaterialOnly,
}

/// What an event needs to start a game.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Edition of the Laws.
    pub edition: EditionId,
    /// Time control.
    pub time_control: TimeControl,
    /// Game type, if the event fixes it; otherwise derived by the edition.
    pub game_type: Option<GameType>,
    /// Starting position (default: the initial position).
    pub start: Chess,
    /// Movetext played before the events, with no clock.
    pub history: Option<String>,
    /// Remaining times when the events begin.
    pub clocks: Option<ByColor<Millis>>,
    /// Language of piece letters in written moves.
    pub notation: Language,
    /// Players' names.
    pub players: ByColor<Option<String>>,
    /// Dead-position policy.
    pub dead_check: DeadCheck,
    /// What the event's regulations fix.
    pub regulations: Regulations,
    /// Odds (1930 art. 22).
    pub odds: Option<Odds>,
    /// The arbiter's clock time at which the playing session ends (A13).
    pub session_end: Option<Instant>,
    /// No clock runs until the arbiter starts the game (a `start` event);
    /// otherwise the clock of the player with the move starts at 0.
    pub arbiter_starts: bool,
    /// Network lag compensated as scalachess does (`crate::lag`): online
    /// games only (an edition whose move stops the clock).
    pub lag_compensation: bool,
}

/// What an event's regulations fix, apart from the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regulations {
    /// An arbiter is present in the venue (otherwise 2005 Annex D, 2023 III.6).
    pub arbiter_present: bool,
    /// The quickplay-finish guidelines were announced (2023 III.2.1).
    pub quickplay_guidelines: bool,
    /// Rapid and blitz games are adequately supervised (2023 A.4, B.2):
    /// the Competition Rules apply; otherwise A.5 (and B.3).
    pub adequate_supervision: bool,
    /// Lateness allowed at resumption of an adjourned game, where the
    /// edition lets the regulations fix it (2005 A10, 2023 default time).
    pub late_limit_ms: Option<Millis>,
    /// The node budget of the "can this side checkmate" search; at the
    /// budget the answer is undecided and the arbiter rules. `None`:
    /// chasolver's own limits.
    pub mate_search_nodes: Option<u64>,
}

impl Default for Regulations {
    fn default() -> Regulations {
        Regulations {
            arbiter_present: true,
            quickplay_guidelines: true,
            adequate_supervision: true,
            late_limit_ms: None,
            mate_search_nodes: None,
        }
    }
}

/// An odds game (1930 art. 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Who receives the odds.
    pub receiver: Color,
    /// How many moves he plays in a row at his first turn.
    pub moves: u32,
    /// The giver cedes the first move (22.1): the receiver moves first.
    pub cede_first_move: bool,
}

impl Setup {
    /// A standard game from the initial position with no clock.
    pub fn new(edition: EditionId) -> Setup {
        Setup {
            edition,
            time_control: TimeControl::default(),
            game_type: None,
            start: Chess::default(),
            history: None,
            clocks: None,
            notation: Language::En,
            players: ByColor::new_with(|_| None),
            dead_check: DeadCheck::default(),
            regulations: Regulations::default(),
            odds: None,
            session_end: None,
            arbiter_starts: false,
            lag_compensation: false,
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The history movetext could not be played.
    #[error("history: {0}")]
    History(#[from] MovetextError),
    /// Odds requested where the edition has no odds games, or impossible odds.
    #[error("odds: {0}")]
    Odds(String),
    /// Lag compensation asked for a game not played online.
    #[error("lag_compensation: {0} plays over the board; lag is compensated only online (fide-online-2021)")]
    LagCompensation(&'static str),
    /// A time outside the range the engine accepts.
    #[error("{what}: {ms} ms is outside 0..={max} ms (one year)", max = MAX_MILLIS)]
    Time {
        /// Which time.
        what: &'static str,
        /// The value given.
        ms: Millis,
    },
}

impl SetupError {
    /// The field of the setup the error is about (`history`, `odds`, …).
    pub fn field(&self) -> &'static str {
        match self {
            SetupError::History(_) => "history",
            SetupError::Odds(_) => "odds",
            SetupError::LagCompensation(_) => "lag_compensation",
            SetupError::Time { what, .. } => what,
        }
    }

    /// What is wrong, without the field's name (for a caller that shows
    /// the field itself: "at history: White's 2nd move `Ke3`: illegal").
    pub fn reason(&self) -> String {
        let full = self.to_string();
        let prefix = format!("{}: ", self.field());
        full.strip_prefix(&prefix)
            .map_or(full.clone(), str::to_owned)
    }
}

impl Game {
    /// Starts a game: plays the history, starts the clock of the side to move at 0.
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
        Game::with_shortcuts(setup, Shortcuts::default())
    }

    /// [`Game::new`] with the shortcuts of a fast replay ([`crate::replay`]),
    /// in force from the start position and the history on.
    pub(crate) fn with_shortcuts(setup: Setup, shortcuts: Shortcuts) -> Result<Game, SetupError> {
        let laws = setup.edition.laws();
        let game_type = setup.game_type.unwrap_or_else(|| {
            if setup.time_control.is_untimed() {
                GameType::Standard
            } else {
                laws.game_types
                    .classify(setup.time_control.ms_for_sixty_moves())
            }
        });
        let in_range = |what: &'static str, ms: Millis| {
            if (0..=MAX_MILLIS).contains(&ms) {
                Ok(())
            } else {
                Err(SetupError::Time { what, ms })
            }
        };
        if let Some(clocks) = &setup.clocks {
            in_range("clocks.white", clocks.white)?;
            in_range("clocks.black", clocks.black)?;
        }
        if let Some(end) = setup.session_end {
            in_range("session_end", end.millis())?;
        }
        if let Some(limit) = setup.regulations.late_limit_ms {
            in_range("regulations.late_limit", limit)?;
        }
        for p in setup.time_control.periods() {
            in_range("time_control", p.base)?;
            in_range("time_control", p.increment)?;
            if let crate::clock::Delay::Simple(d) | crate::clock::Delay::Bronstein(d) = p.delay {
                in_range("time_control", d)?;
            }
        }
        if setup.lag_compensation && laws.move_stops_clock.is_none() {
            return Err(SetupError::LagCompensation(laws.code));
        }
        let lag = if setup.lag_compensation {
            let (base, increment) = setup
                .time_control
                .periods()
                .first()
                .map_or((0, 0), |p| (p.base / 1000, p.increment / 1000));
            Some(Box::new(ByColor::new_with(|_| {
                crate::lag::LagTracker::new(base, increment)
            })))
        } else {
            None
        };
        let history = match &setup.history {
            Some(text) => read_movetext(&setup.start, text, setup.notation)?,
            None => Vec::new(),
        };
        let mut game = Game {
            laws,
            game_type,
            notation: setup.notation,
            players: setup.players,
            dead_check: setup.dead_check,
            shortcuts,
            start: setup.start.clone(),
            position: setup.start.clone(),
            moves: Vec::with_capacity(history.len() + 80),
            hashes: Vec::with_capacity(history.len() + 81),
            current_hash: 0,
            window: setup.start.clone(),
            window_at: 0,
            clock: Clock::new(setup.time_control, setup.clocks),
            offer: None,
            offers: Vec::new(),
            turn: Turn::new(),
            awaiting: None,
            regulations: setup.regulations,
            illegal: ByColor::new_with(|_| 0),
            standing: None,
            touch_breach: None,
            postponed: None,
            overrides: Vec::new(),
            odds: None,
            adjourned: None,
            present: ByColor::new_with(|_| true),
            session_end: setup.session_end,
            lag,
            started: !setup.arbiter_starts,
            start_deadline: None,
            interrupted: None,
            calls: ByColor::new_with(|_| None),
            outcome: None,
            log: Vec::new(),
            events: 0,
            verdicts: Vec::new(),
            supplied: std::collections::VecDeque::new(),
            now: Instant::ZERO,
        };
        if let Some(odds) = setup.odds {
            game.give_odds(odds, setup.history.is_some())?;
        }
        game.current_hash = hash(&game.position);
        game.hashes.push(short(game.current_hash));
        // the start position and every move of the history are judged as a
        // move made in the events is: a game that ends inside the history
        // ends there, and the moves written after its end are refused
        if let Some(ending) = game.ending_after_move() {
            game.end_by_move(Instant::ZERO, None, ending);
        }
        let notation = game.notation;
        let mut record = game.position.clone();
        for m in history {
            if let Some(outcome) = &game.outcome {
                let article = outcome.article;
                let san = write_san(&record, &m, notation);
                record.play_unchecked(m);
                game.decide(Instant::ZERO, None, article, Note::HistoryMoveAfterEnd(san));
                continue;
            }
            record.play_unchecked(m);
            let side = game.position.turn();
            game.play(m);
            game.clock.count_move(side);
            if let Some(ending) = game.ending_after_move() {
                game.end_by_move(Instant::ZERO, None, ending);
            }
        }
        if game.outcome.is_none() && game.started {
            let side = game.position.turn();
            game.clock.start(side, Instant::ZERO);
        }
        Ok(game)
    }
}
