//! A game run as the Laws say: events in, cited decisions out.
//!
//! [`Game::apply`] takes one [`Event`]; [`Game::advance`] lets time pass (a
//! flag can fall with no event). Every decision goes into the log with its
//! article. A refused event leaves the game as it was, apart from the log
//! line saying so and the time that passed.

use shakmaty::{zobrist::Zobrist64, ByColor, Chess, Color, EnPassantMode, Move, Position};

mod adjourn;
mod irregular;
mod touch;

pub use adjourn::EnvelopeView;

use crate::{
    clock::{Clock, LedgerKind, Millis, TimeControl, MAX_MILLIS},
    dead::{self, Mate},
    edition::{Article, ClaimantDeduction, Edition, EditionId, FlagPolicy, GameType},
    event::{Action, Actor, ClaimKind, Event, Judgment},
    explain::Note,
    mobility::mobility,
    notation::{read_move, read_movetext, write_san, Language, MovetextError, Reading},
    outcome::{GameResult, Outcome, State, Termination},
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
    /// Material test only before the given half-move (counted from the
    /// start, 1 for the first), the default policy from it on: for a game
    /// replayed again once its dead position is known not to come earlier, as
    /// `arbitre audit` does (a position reachable from a dead one is dead).
    DefaultFrom(u32),
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
    pub session_end: Option<Millis>,
    /// No clock runs until the arbiter starts the game (a `start` event);
    /// otherwise the clock of the player with the move starts at 0.
    pub arbiter_starts: bool,
}

/// What an event's regulations fix, apart from the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regulations {
    /// An arbiter is present in the venue (otherwise 2005 Annex D, 2023 III.6).
    pub arbiter_present: bool,
    /// The quickplay-finish guidelines were announced (2023 III.2.1).
    pub quickplay_guidelines: bool,
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
    /// A time outside the range the engine accepts.
    #[error("{what}: {ms} ms is outside 0..={max} ms (one year)", max = MAX_MILLIS)]
    Time {
        /// Which time.
        what: &'static str,
        /// The value given.
        ms: Millis,
    },
}

/// One decision of the arbiter, with its article.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Arbiter's clock time of the decision.
    pub t: Millis,
    /// Index of the event that led to it (none when time alone did).
    pub event: Option<usize>,
    /// The article that makes it, as the edition numbers it; `None` for a
    /// decision no article makes (an event out of order, an action that
    /// belongs to nobody at that moment).
    pub article: Option<Article>,
    /// What was decided, with its explanation.
    pub note: Note,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offer {
    by: Color,
    /// The offerer has the move and has not moved yet: mark his next move.
    mark_next: bool,
}

/// What the engine waits for from the arbiter before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Awaiting {
    /// The full search could not decide whether `winner` can checkmate: the
    /// arbiter must rule whether `loser` loses (`lose`) or draws (`draw`).
    MateRuling {
        loser: Color,
        lose: (Termination, Article),
        draw: (Termination, Article),
    },
    /// A quickplay claim (10.2, III.5) waits for the arbiter's decision.
    Quickplay { claimant: Color },
    /// A flag fell after a postponed quickplay claim: the arbiter declares the result.
    QuickplayAtFlag { fallen: Color, claimant: Color },
    /// No arbiter present: the claim ended the game; an arbiter decides (D1, III.6).
    NoArbiter { claimant: Color },
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    laws: &'static Edition,
    game_type: GameType,
    notation: Language,
    players: ByColor<Option<String>>,
    dead_check: DeadCheck,
    /// Set only while [`Game::play_san_continued`] plays its move: the
    /// caller holds a legal move for the position after it.
    continued: bool,
    start: Chess,
    position: Chess,
    moves: Vec<Move>,
    /// Hash (low 32 bits) of the position before each move, then of the
    /// current one: a filter only, identity is confirmed on the positions.
    hashes: Vec<u32>,
    /// Full hash of the current position, updated incrementally.
    current_hash: u64,
    /// Position after the last capture or pawn move, and its index.
    window: Chess,
    window_at: usize,
    clock: Clock,
    offer: Option<Offer>,
    /// Half-moves (0-based) after which a draw offer was made.
    offers: Vec<u32>,
    /// A player who made a move and has not pressed the clock yet.
    unpressed: Option<Color>,
    /// A move declared in an incorrect claim, which must now be played.
    obligation: Option<Move>,
    awaiting: Option<Awaiting>,
    regulations: Regulations,
    /// Completed illegal moves per player.
    illegal: ByColor<u32>,
    /// An illegal move made on the board, the clock not yet pressed.
    uncompleted: Option<irregular::Physical>,
    /// A completed illegal move standing on the board, open to a claim (B6, C3).
    standing: Option<Box<irregular::Standing>>,
    /// Pieces touched by the player with the move, in order (4.3, 4.4).
    touch: Option<touch::Touch>,
    /// A move that broke touch-move, open to the opponent's request (B5).
    touch_breach: Option<Box<touch::Breach>>,
    /// A quickplay claim the arbiter postponed (10.2b, III.5.2).
    postponed: Option<Color>,
    /// Half-moves after which the position is not what the move gives: an
    /// illegal move left standing, or an odds player moving again.
    overrides: Vec<(u32, Chess)>,
    /// Moves of the receiver's series still to play (1930 22.2), and the odds.
    odds: Option<irregular::OddsRun>,
    /// Moves counted for the time control by the pending press.
    press_count: u32,
    /// The adjournment, if the game was adjourned.
    adjourned: Option<Box<adjourn::Adjourned>>,
    /// Which players are at the board (both while the game is played).
    present: ByColor<bool>,
    /// The end of the playing session (A13).
    session_end: Option<Millis>,
    /// Whether the game has started (the arbiter's `start`, or at once).
    started: bool,
    /// When a player absent at the start loses (2005 6.6, 2023 6.7.1).
    start_deadline: Option<Millis>,
    /// The arbiter stopped the clocks; the clock that ran then, to restart.
    interrupted: Option<Option<Color>>,
    outcome: Option<Outcome>,
    log: Vec<Decision>,
    now: Millis,
}

impl PartialEq for Game {
    /// The complete state, log included (see [`Game::same_state`]).
    fn eq(&self, other: &Game) -> bool {
        self.same_state(other) && self.log == other.log
    }
}

impl Game {
    /// Whether two games are in the same complete state, their logs apart:
    /// every field, positions compared with their move counters.
    pub fn same_state(&self, other: &Game) -> bool {
        // destructured so that a new field cannot be forgotten here
        let Game {
            laws,
            game_type,
            notation,
            players,
            dead_check,
            continued,
            start,
            position,
            moves,
            hashes,
            current_hash,
            window,
            window_at,
            clock,
            offer,
            offers,
            unpressed,
            obligation,
            awaiting,
            regulations,
            illegal,
            uncompleted,
            standing,
            touch,
            touch_breach,
            postponed,
            overrides,
            odds,
            press_count,
            adjourned,
            present,
            session_end,
            started,
            start_deadline,
            interrupted,
            outcome,
            log: _,
            now,
        } = self;
        let counters = |a: &Chess, b: &Chess| {
            a == b && a.halfmoves() == b.halfmoves() && a.fullmoves() == b.fullmoves()
        };
        laws.id == other.laws.id
            && *game_type == other.game_type
            && *notation == other.notation
            && *players == other.players
            && *dead_check == other.dead_check
            && *continued == other.continued
            && counters(start, &other.start)
            && counters(position, &other.position)
            && *moves == other.moves
            && *hashes == other.hashes
            && *current_hash == other.current_hash
            && counters(window, &other.window)
            && *window_at == other.window_at
            && *clock == other.clock
            && *offer == other.offer
            && *offers == other.offers
            && *unpressed == other.unpressed
            && *obligation == other.obligation
            && *awaiting == other.awaiting
            && *regulations == other.regulations
            && *illegal == other.illegal
            && *uncompleted == other.uncompleted
            && *standing == other.standing
            && *touch == other.touch
            && *touch_breach == other.touch_breach
            && *postponed == other.postponed
            && *overrides == other.overrides
            && *odds == other.odds
            && *press_count == other.press_count
            && *adjourned == other.adjourned
            && *present == other.present
            && *session_end == other.session_end
            && *started == other.started
            && *start_deadline == other.start_deadline
            && *interrupted == other.interrupted
            && *outcome == other.outcome
            && *now == other.now
    }
}

fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The part of a hash kept per position.
fn short(h: u64) -> u32 {
    h as u32
}

/// Positions identical in the sense of 9.2: same player to move, same pieces
/// on the same squares, same castling rights, same legal en passant capture.
pub fn same_position(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn()
        && a.board() == b.board()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.legal_ep_square() == b.legal_ep_square()
}

impl Game {
    /// Starts a game: plays the history, starts the clock of the side to move at 0.
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
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
            in_range("session_end", end)?;
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
            continued: false,
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
            unpressed: None,
            obligation: None,
            awaiting: None,
            regulations: setup.regulations,
            illegal: ByColor::new_with(|_| 0),
            uncompleted: None,
            standing: None,
            touch: None,
            touch_breach: None,
            postponed: None,
            overrides: Vec::new(),
            odds: None,
            press_count: 1,
            adjourned: None,
            present: ByColor::new_with(|_| true),
            session_end: setup.session_end,
            started: !setup.arbiter_starts,
            start_deadline: None,
            interrupted: None,
            outcome: None,
            log: Vec::new(),
            now: 0,
        };
        if let Some(odds) = setup.odds {
            if setup.history.is_some() {
                // the receiver's series (22.2) cannot be written as movetext,
                // which alternates: an odds game starts from its position
                return Err(SetupError::Odds(
                    "an odds game cannot be given a history: give the position reached as `start`"
                        .into(),
                ));
            }
            if laws.odds.is_none() {
                return Err(SetupError::Odds(format!(
                    "odds games are a 1930 rule (art. 22); {} has none",
                    laws.code
                )));
            }
            if odds.moves == 0 || odds.moves > 20 {
                return Err(SetupError::Odds(format!(
                    "{} moves: expected 1 to 20",
                    odds.moves
                )));
            }
            if odds.cede_first_move && game.position.turn() != odds.receiver {
                let swapped = irregular::same_side_again(&game.position).ok_or_else(|| {
                    SetupError::Odds("the first move cannot be ceded in this position".into())
                })?;
                game.start = swapped.clone();
                game.window = swapped.clone();
                game.position = swapped;
            }
            game.odds = Some(irregular::OddsRun {
                receiver: odds.receiver,
                left: odds.moves,
                total: odds.moves,
                giver_moved: false,
            });
        }
        game.current_hash = hash(&game.position);
        game.hashes.push(short(game.current_hash));
        // the start position and every move of the history are judged as a
        // move made in the events is: a game that ends inside the history
        // ends there, and the moves written after its end are refused
        if let Some(ending) = game.ending_after_move() {
            game.end_by_move(0, None, ending);
        }
        let notation = game.notation;
        let mut record = game.position.clone();
        for m in history {
            if let Some(outcome) = &game.outcome {
                let article = outcome.article;
                let san = write_san(&record, &m, notation);
                record.play_unchecked(m);
                game.decide(0, None, article, Note::HistoryMoveAfterEnd(san));
                continue;
            }
            record.play_unchecked(m);
            let side = game.position.turn();
            game.play(m);
            game.clock.count_move(side);
            if let Some(ending) = game.ending_after_move() {
                game.end_by_move(0, None, ending);
            }
        }
        if game.outcome.is_none() && game.started {
            let side = game.position.turn();
            game.clock.start(side, 0);
        }
        Ok(game)
    }

    /// The edition in force.
    pub fn laws(&self) -> &'static Edition {
        self.laws
    }

    /// Standard, rapid or blitz.
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The starting position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// Moves made (history included).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Players' names.
    pub fn players(&self) -> &ByColor<Option<String>> {
        &self.players
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Playing or finished.
    pub fn state(&self) -> State {
        if self.outcome.is_some() || matches!(self.awaiting, Some(Awaiting::NoArbiter { .. })) {
            State::Finished
        } else if self.awaiting.is_some() {
            State::AwaitingRuling
        } else if self.is_adjourned() {
            State::Adjourned
        } else {
            State::Playing
        }
    }

    /// Every decision so far.
    pub fn log(&self) -> &[Decision] {
        &self.log
    }

    /// Arbiter's clock time up to which the game has been run.
    pub fn now(&self) -> Millis {
        self.now
    }

    // ----- the read model: pure queries for a player's or arbiter's view --

    /// The pending draw offer: who made it.
    pub fn pending_offer(&self) -> Option<Color> {
        self.offer.map(|o| o.by)
    }

    /// A player who made his move and has not pressed the clock yet.
    pub fn unpressed(&self) -> Option<Color> {
        self.unpressed
    }

    /// Completed illegal moves counted per player (7.4, 7.5).
    pub fn illegal_moves(&self) -> ByColor<u32> {
        self.illegal
    }

    /// Which players are at the board.
    pub fn present(&self) -> ByColor<bool> {
        self.present
    }

    /// Whether the arbiter has stopped the clocks (an interruption).
    pub fn interrupted(&self) -> bool {
        self.interrupted.is_some()
    }

    /// Whether the game has started (the arbiter's `start`, or at once).
    pub fn started(&self) -> bool {
        self.started
    }

    /// The remaining times at arbiter time `t` (not before [`Game::now`]),
    /// without advancing the game: what a clock display shows then.
    pub fn remaining_at(&self, t: Millis) -> ByColor<Millis> {
        let mut clock = self.clock.clone();
        if self.outcome.is_none() && self.awaiting.is_none() {
            clock.advance(t.max(self.now));
        }
        ByColor::new_with(|c| clock.remaining(c))
    }

    /// The next arbiter time at which something happens by itself, if
    /// nothing else does: a flag falls, an early adjourner's session ends
    /// (A1b), a player absent at a resumption or at the start is late (the
    /// moment just after the limit). A server wakes the game then.
    pub fn next_deadline(&self) -> Option<Millis> {
        if self.outcome.is_some() {
            return None;
        }
        let fall = if self.awaiting.is_none() {
            self.clock.next_fall()
        } else {
            None
        };
        let adjourned = self
            .adjourned
            .as_ref()
            .map(|a| [a.early_until, a.deadline.map(|d| d.saturating_add(1))]);
        let start = self.start_deadline.map(|d| d.saturating_add(1));
        [fall, start]
            .into_iter()
            .chain(adjourned.into_iter().flatten())
            .flatten()
            .min()
    }

    /// The scoresheet: each half-move in SAN with the notation's letters,
    /// `(=)` after a move where a draw was offered.
    pub fn scoresheet(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut sheet = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let overridden = self.overrides.iter().find(|(ply, _)| *ply == i as u32);
            let mut san = if pos.is_legal(*m) {
                write_san(&pos, m, self.notation)
            } else {
                // an illegal move left standing: written as it was made
                irregular::written_physical(&pos, m, self.notation)
            };
            if self.offers.contains(&(i as u32)) {
                san.push_str("(=)");
            }
            sheet.push(san);
            match overridden {
                Some((_, after)) => pos = after.clone(),
                None => pos.play_unchecked(*m),
            }
        }
        sheet
    }

    fn decide(
        &mut self,
        t: Millis,
        event: Option<usize>,
        article: impl Into<Option<Article>>,
        note: Note,
    ) {
        self.log.push(Decision {
            t,
            event,
            article: article.into(),
            note,
        });
    }

    /// The game ends by itself on the board (checkmate, stalemate, dead
    /// position, 2023 9.6), with the restatement of the dead-position rule
    /// where the edition has one (2001/2005 9.6).
    fn end_by_move(&mut self, t: Millis, event: Option<usize>, outcome: Outcome) {
        if outcome.termination == Termination::DeadPosition {
            if let Some(also) = self.laws.dead_position_also {
                self.decide(t, event, also, Note::DeadPosition);
            }
        }
        self.finish(t, event, outcome);
    }

    fn finish(&mut self, t: Millis, event: Option<usize>, outcome: Outcome) {
        self.clock.stop(t);
        self.unpressed = None;
        if self.offer.take().is_some() {
            self.decide(t, event, self.laws.draw_offer, Note::OfferLapsedGameOver);
        }
        self.decide(t, event, outcome.article, Note::GameOver(outcome.clone()));
        self.outcome = Some(outcome);
    }

    // ----- time ---------------------------------------------------------

    /// The flag policy in force: the edition's for the game type, except that
    /// with no arbiter present a fall counts only when claimed, and both flags
    /// down is decided by 10.3 / III.3.1.
    fn flag_policy(&self) -> FlagPolicy {
        let policy = self.laws.flag_policy.get(self.game_type);
        match policy {
            FlagPolicy::ArbiterSees { .. } if !self.regulations.arbiter_present => {
                FlagPolicy::ClaimOnly {
                    claim_only: self.laws.flag_fall,
                    claim: self.laws.flag_fall,
                    both_flags: self.laws.quickplay.both_flags,
                }
            }
            _ => policy,
        }
    }

    /// Lets time run to `t` (arbiter's clock). A flag that falls on the way
    /// is seen, or only recorded, as the flag policy says.
    pub fn advance(&mut self, t: Millis) {
        if t < self.now {
            return;
        }
        if t == self.now {
            // no time passes: only a flag due at this instant (a clock that
            // runs with no time left) is left to see
            if self.clock.next_fall().is_some_and(|f| f <= t) {
                self.advance_clocks(t);
            }
            return;
        }
        // moments of an adjournment on the way: an early adjourner's clock
        // stops at the session's end (A1b); an absent player loses at the
        // deadline (A10)
        for at in self.adjournment_moments(t).into_iter().flatten() {
            self.advance_clocks(at);
            self.adjournment_time(at);
        }
        // a player absent at the start loses once the default time has passed
        if let Some(at) = self.start_deadline.filter(|&d| d < t) {
            self.advance_clocks(at);
            self.start_deadline_passed(at);
        }
        self.advance_clocks(t);
    }

    fn advance_clocks(&mut self, t: Millis) {
        // at `now` itself too: a clock set to zero while it runs shows its
        // flag down at once
        if t < self.now {
            return;
        }
        if self.outcome.is_some() || self.awaiting.is_some() {
            self.now = t;
            return;
        }
        while let Some(fall) = self.clock.next_fall().filter(|&f| f <= t) {
            let Some(side) = self.clock.running() else {
                break;
            };
            if self.clock.advance(fall).is_none() {
                break;
            }
            self.now = fall;
            match self.flag_policy() {
                FlagPolicy::ArbiterSees { article } => {
                    self.decide(fall, None, article, Note::FlagFell(side));
                    if let Some(claimant) = self.postponed {
                        // 10.2b / III.5.2: the arbiter declares the result now
                        self.clock.stop(fall);
                        self.awaiting = Some(Awaiting::QuickplayAtFlag {
                            fallen: side,
                            claimant,
                        });
                        self.decide(
                            fall,
                            None,
                            self.laws.quickplay.postpone,
                            Note::RulingAfterFlag,
                        );
                    } else {
                        self.flag_decision(fall, None, side);
                    }
                    return;
                }
                FlagPolicy::ClaimOnly { claim_only, .. } => {
                    self.decide(fall, None, claim_only, Note::FlagFellUnclaimed(side));
                }
            }
        }
        self.clock.advance(t);
        self.now = t;
    }

    /// `loser` loses by `lose` under `article`, unless his opponent cannot
    /// checkmate by any series of legal moves (then `draw`); when the search
    /// cannot tell, the arbiter must rule.
    fn lose_unless_no_mate(
        &mut self,
        t: Millis,
        event: Option<usize>,
        loser: Color,
        lose: Termination,
        draw: Termination,
        article: Article,
    ) {
        self.lose_or_draw(t, event, loser, (lose, article), (draw, article));
    }

    /// `loser` loses (`lose`: termination and article), or draws (`draw`)
    /// when his opponent cannot checkmate by any series of legal moves; when
    /// the search cannot tell, the clocks stop and the arbiter rules: the
    /// engine never guesses.
    fn lose_or_draw(
        &mut self,
        t: Millis,
        event: Option<usize>,
        loser: Color,
        lose: (Termination, Article),
        draw: (Termination, Article),
    ) {
        let budget = self.regulations.mate_search_nodes;
        match dead::can_checkmate_within(&self.position, !loser, budget).0 {
            Mate::Possible(_) => self.finish(
                t,
                event,
                Outcome::new(GameResult::win(!loser), lose.0, lose.1),
            ),
            Mate::Impossible => {
                self.finish(t, event, Outcome::new(GameResult::Draw, draw.0, draw.1))
            }
            Mate::Unknown => {
                self.clock.stop(t);
                self.awaiting = Some(Awaiting::MateRuling { loser, lose, draw });
                self.decide(t, event, draw.1, Note::ArbiterMustRuleOnMate(!loser));
            }
        }
    }

    /// `fallen`'s flag is down and counts: loss, or a draw when the opponent
    /// cannot checkmate by any series of legal moves.
    fn flag_decision(&mut self, t: Millis, event: Option<usize>, fallen: Color) {
        let article = self.laws.flag_fall;
        self.lose_unless_no_mate(
            t,
            event,
            fallen,
            Termination::TimeForfeit,
            Termination::TimeForfeitDraw,
            article,
        );
    }

    // ----- events -------------------------------------------------------

    /// Applies one event (`index` is its place in the event list, for the log).
    pub fn apply(&mut self, index: usize, event: &Event) {
        let before = self.now;
        self.apply_event(index, event);
        // a flag the event itself brought down (a clock set to zero while it
        // runs) falls at the event's moment
        if self.now >= before && self.clock.next_fall().is_some_and(|f| f <= self.now) {
            self.advance_clocks(self.now);
        }
    }

    fn apply_event(&mut self, index: usize, event: &Event) {
        let t = event.t;
        if let Some(what) = out_of_range(event) {
            self.decide(self.now, Some(index), None, Note::TimeOutOfRange(what));
            return;
        }
        if t < self.now {
            self.decide(self.now, Some(index), None, Note::OutOfOrder);
            return;
        }
        self.advance(t);
        let ev = Some(index);
        if let Some(outcome) = &self.outcome {
            let article = outcome.article;
            if !matches!(event.action, Action::Arrive) {
                self.decide(t, ev, article, Note::GameAlreadyOver);
            }
            return;
        }
        if let (Actor::Arbiter, Action::DeclareResult { result, article }) =
            (event.by, &event.action)
        {
            // in every phase: a forfeit, a device (11.3), a penalty (12.9)
            self.awaiting = None;
            self.finish(
                t,
                ev,
                Outcome::new(*result, Termination::ArbiterDecision, article),
            );
            return;
        }
        if !self.started {
            self.before_start(t, index, event);
            return;
        }
        if self.interrupted.is_some()
            && matches!(
                event.action,
                Action::Move { .. }
                    | Action::Press
                    | Action::Touch(_)
                    | Action::Claim { .. }
                    | Action::Seal(_)
            )
        {
            self.decide(
                t,
                ev,
                self.laws.live.interrupt,
                Note::ClocksStoppedByArbiter,
            );
            return;
        }
        if self.awaiting.is_none() && self.on_adjournment_event(t, index, event.by, &event.action) {
            return;
        }
        if let Some(awaiting) = self.awaiting {
            let offered_by = self.offer.map(|o| o.by);
            match (&event.by, &event.action) {
                (Actor::Arbiter, Action::Ruling(j)) => self.on_ruling(t, index, awaiting, *j),
                (_, Action::Arrive) => {}
                // a claim that counts as a draw offer (9.1c) may be accepted
                // or declined while the arbiter's ruling is pending
                (Actor::Player(c), Action::AcceptDraw | Action::DeclineDraw)
                    if matches!(awaiting, Awaiting::Quickplay { claimant } if claimant != *c)
                        && offered_by.is_some_and(|by| by != *c) =>
                {
                    if matches!(event.action, Action::AcceptDraw) {
                        self.awaiting = None;
                        self.on_accept(t, index, *c);
                    } else {
                        self.on_decline(t, index, *c);
                    }
                }
                _ => {
                    let article = match awaiting {
                        Awaiting::MateRuling { draw, .. } => draw.1,
                        Awaiting::Quickplay { .. } => self.laws.quickplay.claim,
                        Awaiting::QuickplayAtFlag { .. } => self.laws.quickplay.postpone,
                        Awaiting::NoArbiter { .. } => self.laws.quickplay.no_arbiter,
                    };
                    self.decide(t, ev, article, Note::AwaitingRuling);
                }
            }
            return;
        }
        match (event.by, &event.action) {
            (Actor::Player(c), Action::Move { text, press }) => {
                self.on_move(t, index, c, text, *press)
            }
            (Actor::Player(c), Action::Press) => self.on_press(t, index, c),
            (Actor::Player(c), Action::Touch(square)) => self.on_touch(t, index, c, *square),
            (Actor::Player(c), Action::OfferDraw) => self.on_offer(t, index, c),
            (Actor::Player(c), Action::AcceptDraw) => self.on_accept(t, index, c),
            (Actor::Player(c), Action::DeclineDraw) => self.on_decline(t, index, c),
            (Actor::Player(c), Action::Claim { kind, intended }) => {
                self.on_claim(t, index, c, *kind, intended.as_deref())
            }
            (Actor::Player(c), Action::Resign) => self.on_resign(t, index, c),
            (Actor::Player(c), Action::Arrive) => *self.present.get_mut(c) = true,
            (Actor::Arbiter, Action::SetClocks { white, black }) => {
                self.set_clocks(t, ev, *white, *black)
            }
            (Actor::Arbiter, Action::Ruling(_)) => {
                self.decide(t, ev, self.laws.quickplay.claim, Note::NothingToRule)
            }
            (Actor::Arbiter, Action::StopClocks) if self.interrupted.is_none() => {
                let running = self.clock.running();
                self.clock.stop(t);
                self.interrupted = Some(running);
                self.decide(t, ev, self.laws.live.interrupt, Note::ClocksStopped);
            }
            (Actor::Arbiter, Action::RestartClocks) if self.interrupted.is_some() => {
                if let Some(side) = self.interrupted.take().flatten() {
                    // the pause is not thinking time (6.11.1)
                    self.clock.resume(side, t);
                }
                self.decide(t, ev, self.laws.live.restart, Note::ClocksRestarted);
            }
            (
                Actor::Arbiter,
                Action::AdjustTime {
                    white,
                    black,
                    article,
                },
            ) => {
                self.adjust_time(*white, *black);
                self.decide(
                    t,
                    ev,
                    *article,
                    Note::TimeAdjusted {
                        white: *white,
                        black: *black,
                    },
                );
            }
            (_, action) => self.decide(t, ev, None, Note::NotHandled(action_name(action))),
        }
    }

    fn on_ruling(&mut self, t: Millis, index: usize, awaiting: Awaiting, judgment: Judgment) {
        let ev = Some(index);
        let qp = self.laws.quickplay;
        self.awaiting = None;
        match awaiting {
            Awaiting::MateRuling { loser, lose, draw } => {
                let outcome = match judgment {
                    Judgment::Draw => Outcome::new(GameResult::Draw, draw.0, draw.1),
                    _ => Outcome::new(GameResult::win(!loser), lose.0, lose.1),
                };
                self.finish(t, ev, outcome);
            }
            Awaiting::Quickplay { claimant } => match judgment {
                Judgment::Draw => self.finish(
                    t,
                    ev,
                    Outcome::new(GameResult::Draw, Termination::QuickplayFinish, qp.draw),
                ),
                Judgment::Postpone => {
                    self.clock.adjust(!claimant, LedgerKind::Bonus, qp.bonus_ms);
                    self.postponed = Some(claimant);
                    self.decide(
                        t,
                        ev,
                        qp.postpone,
                        Note::QuickplayPostponed {
                            claimant,
                            bonus: qp.bonus_ms,
                        },
                    );
                    self.clock.resume(claimant, t);
                }
                Judgment::Reject => {
                    self.clock.adjust(!claimant, LedgerKind::Bonus, qp.bonus_ms);
                    self.decide(
                        t,
                        ev,
                        qp.reject,
                        Note::QuickplayRejected {
                            claimant,
                            bonus: qp.bonus_ms,
                        },
                    );
                    self.clock.resume(claimant, t);
                }
            },
            Awaiting::QuickplayAtFlag { fallen, .. } => match judgment {
                Judgment::Draw => self.finish(
                    t,
                    ev,
                    Outcome::new(GameResult::Draw, Termination::QuickplayFinish, qp.postpone),
                ),
                _ => self.flag_decision(t, ev, fallen),
            },
            Awaiting::NoArbiter { claimant } => match judgment {
                Judgment::Draw => self.finish(
                    t,
                    ev,
                    Outcome::new(
                        GameResult::Draw,
                        Termination::QuickplayFinish,
                        qp.no_arbiter,
                    ),
                ),
                _ => self.finish(
                    t,
                    ev,
                    Outcome::new(
                        GameResult::win(!claimant),
                        Termination::QuickplayFinish,
                        qp.no_arbiter,
                    ),
                ),
            },
        }
    }

    /// Plays a legal move on the board and updates the repetition record.
    fn play(&mut self, m: Move) {
        let incremental = self.position.update_zobrist_hash::<Zobrist64>(
            Zobrist64(self.current_hash),
            m,
            EnPassantMode::Legal,
        );
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.current_hash = match incremental {
            Some(h) => h.0,
            None => hash(&self.position),
        };
        self.hashes.push(short(self.current_hash));
        if m.is_zeroing() {
            self.window = self.position.clone();
            self.window_at = self.moves.len();
        }
    }

    /// How many times the position after `moves.len()` half-moves, `pos`
    /// with hash `h`, has appeared (itself included), counting only positions
    /// confirmed identical on the board, never on a hash alone. Stops
    /// confirming once `enough` is reached.
    fn occurrences(
        &self,
        pos: &Chess,
        h: u32,
        window_at: usize,
        upto: usize,
        enough: usize,
    ) -> usize {
        // a position comes back at the earliest four half-moves later
        if upto.saturating_sub(window_at) < 4 * enough.saturating_sub(1) {
            return 1;
        }
        // candidates: same side to move (same parity), same hash, inside the window
        let mut candidates: Vec<usize> = Vec::new();
        let mut i = upto;
        while i >= window_at + 2 {
            i -= 2;
            if self.hashes[i] == h {
                candidates.push(i);
            }
        }
        if candidates.len() + 1 < enough {
            return candidates.len() + 1;
        }
        let mut count = 1;
        let mut replay = self.window.clone();
        let mut at = self.window_at;
        // the window may have moved past `window_at` only for an intended
        // move, which is a non-zeroing move here, so it starts at window_at
        for &c in candidates.iter().rev() {
            while at < c {
                replay.play_unchecked(self.moves[at]);
                at += 1;
            }
            if same_position(&replay, pos) {
                count += 1;
                if count >= enough {
                    break;
                }
            }
        }
        count
    }

    fn current_occurrences(&self, enough: usize) -> usize {
        let h = self.hashes.last().copied().unwrap_or_default();
        self.occurrences(&self.position, h, self.window_at, self.moves.len(), enough)
    }

    /// Whether the game ends by itself with the move just made.
    fn ending_after_move(&self) -> Option<Outcome> {
        let pos = &self.position;
        if self.continued {
            // a legal move follows: neither checkmate nor stalemate, unless
            // another ending is found, which those would come before
            let other = self.ending_with_moves(None);
            return match other {
                Some(_) if mobility(pos) == 0 => self.ending_with_moves(Some(0)),
                other => other,
            };
        }
        self.ending_with_moves(Some(mobility(pos)))
    }

    /// [`Game::ending_after_move`] given the side to move's number of legal
    /// moves (capped at 2) when it is known.
    fn ending_with_moves(&self, moves: Option<u8>) -> Option<Outcome> {
        let laws = self.laws;
        let pos = &self.position;
        if moves == Some(0) {
            return Some(if pos.is_check() {
                Outcome::new(
                    GameResult::win(!pos.turn()),
                    Termination::Checkmate,
                    laws.checkmate,
                )
            } else {
                Outcome::new(GameResult::Draw, Termination::Stalemate, laws.stalemate)
            });
        }
        let dead = match self.dead_check {
            DeadCheck::MaterialOnly => dead::dead_by_material(pos),
            DeadCheck::EveryMove => dead::is_dead_fast(pos),
            DeadCheck::DefaultFrom(ply) if (self.moves.len() as u64) < u64::from(ply) => {
                dead::dead_by_material(pos)
            }
            DeadCheck::AfterIrreversible | DeadCheck::DefaultFrom(_) => {
                if pos.is_check()
                    || self.moves.last().is_none_or(|m| m.is_zeroing())
                    || moves.unwrap_or_else(|| mobility(pos)) == 1
                {
                    dead::is_dead_fast(pos)
                } else {
                    dead::dead_by_material(pos)
                }
            }
        };
        if dead {
            return Some(Outcome::new(
                GameResult::Draw,
                Termination::DeadPosition,
                laws.dead_position,
            ));
        }
        if let Some((article, n)) = laws.seventy_five {
            if pos.halfmoves() >= 2 * n {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::SeventyFiveMoves,
                    article,
                ));
            }
        }
        if let Some(article) = laws.fivefold {
            if self.current_occurrences(5) >= 5 {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::FivefoldRepetition,
                    article,
                ));
            }
        }
        None
    }

    fn on_move(&mut self, t: Millis, index: usize, c: Color, text: &str, press: bool) {
        let ev = Some(index);
        let laws = self.laws;
        if c != self.position.turn() {
            self.decide(t, ev, laws.alternation, Note::NotYourMove(c));
            return;
        }
        if let Some(uci) = irregular::unpromoted_pawn(&self.position, text) {
            self.on_illegal(t, index, c, &uci, press);
            return;
        }
        match read_move(&self.position, text, self.notation) {
            Reading::Move(m) => self.make_move(t, index, c, m, press),
            Reading::Ambiguous(candidates) => self.decide(
                t,
                ev,
                laws.notation,
                Note::AmbiguousMove {
                    text: text.to_owned(),
                    candidates: candidates.len(),
                },
            ),
            Reading::Illegal { uci: Some(uci) } => self.on_illegal(t, index, c, &uci, press),
            Reading::Illegal { uci: None } => self.decide(
                t,
                ev,
                laws.legal_move,
                Note::IllegalMoveRefused(text.to_owned()),
            ),
            Reading::Unreadable => {
                self.decide(t, ev, laws.notation, Note::UnreadableMove(text.to_owned()))
            }
        }
    }

    /// Lets time run to `t` and says whether a move may be played now; logs
    /// the refusal when the game is over or waits for a ruling.
    fn open_for_moves(&mut self, index: usize, t: Millis) -> bool {
        self.advance(t);
        let open = self.outcome.is_none() && self.awaiting.is_none();
        if !open {
            self.decide(t, Some(index), self.laws.alternation, Note::GameAlreadyOver);
        }
        open
    }

    /// Makes a move already resolved to a [`Move`] (as a PGN reader gives it),
    /// as if the player to move made it at `t` and pressed the clock. A move
    /// that is not legal in the position is refused and logged.
    pub fn play_move(&mut self, index: usize, t: Millis, m: Move) {
        if !self.open_for_moves(index, t) {
            return;
        }
        if !self.position.is_legal(m) {
            let text = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            self.decide(
                t,
                Some(index),
                self.laws.legal_move,
                Note::IllegalMoveRefused(text),
            );
            return;
        }
        let c = self.position.turn();
        self.make_move(t, index, c, m, true);
    }

    /// Makes a move given in SAN (as a PGN reader gives it), as if the player
    /// to move made it at `t` and pressed the clock: decoding the SAN in the
    /// position is the legality check. A SAN that designates no single legal
    /// move is refused and logged.
    pub fn play_san(&mut self, index: usize, t: Millis, san: &shakmaty::san::San) {
        if !self.open_for_moves(index, t) {
            return;
        }
        match san.to_move(&self.position) {
            Ok(m) => {
                let c = self.position.turn();
                self.make_move(t, index, c, m, true);
            }
            Err(_) => self.decide(
                t,
                Some(index),
                self.laws.legal_move,
                Note::IllegalMoveRefused(san.to_string()),
            ),
        }
    }

    /// [`Game::play_san`] for a replay that holds the game's next move and
    /// will play it: while the next move proves the position after this one
    /// is neither checkmate nor stalemate, the engine does not test that (an
    /// ending found otherwise is still checked against them). If the next
    /// move is then refused, this one may have ended the game unnoticed: the
    /// caller must replay the game with [`Game::play_san`].
    pub fn play_san_continued(&mut self, index: usize, t: Millis, san: &shakmaty::san::San) {
        self.continued = true;
        self.play_san(index, t, san);
        self.continued = false;
    }

    fn make_move(&mut self, t: Millis, index: usize, c: Color, m: Move, press: bool) {
        let ev = Some(index);
        let laws = self.laws;
        if let Some(due) = self.obligation {
            if due != m {
                let article = laws.claim_penalty.article.get(self.game_type);
                let san = write_san(&self.position, &due, self.notation);
                self.decide(t, ev, article, Note::DeclaredMoveDue(san));
                return;
            }
        }
        let mut breach_touch = None;
        let refusal = self.touch.as_ref().filter(|x| x.by == c).and_then(|x| {
            x.refusal(&self.position, &m, &laws.touching)
                .map(|article| (article, x.enforced, x.clone()))
        });
        if let Some((article, enforced, touch)) = refusal {
            if enforced {
                self.decide(t, ev, article, Note::TouchedPieceMustMove(c));
                return;
            }
            breach_touch = Some(touch);
        }
        // the odds receiver moving again must leave a position in which he can
        let series = self.odds.filter(|o| o.receiver == c && o.left > 1);
        let again = match series {
            Some(_) => {
                let mut after = self.position.clone();
                after.play_unchecked(m);
                match irregular::same_side_again(&after) {
                    Some(p) => Some(p),
                    None => {
                        self.decide(t, ev, laws.odds, Note::OddsMoveGivesCheck);
                        return;
                    }
                }
            }
            None => None,
        };
        // a player who moves is at the board (after a resumption too)
        *self.present.get_mut(c) = true;
        // the opponent who had not pressed: his clock ran until now; the
        // mover's clock starts, and may show its flag down at once
        if self.unpressed.is_some() {
            self.complete_pending_press(t, ev);
            if self.outcome.is_some() || self.awaiting.is_some() {
                self.decide(t, ev, laws.alternation, Note::GameAlreadyOver);
                return;
            }
        }
        // the moment a touch-move claim (B5) would take the game back to
        let breach = breach_touch.map(|touch| touch::Breach {
            by: c,
            before: self.snapshot(),
            touch,
            claim_lost: false,
        });
        self.obligation = None;
        self.touch = None;
        if let Some(u) = self.uncompleted.take() {
            self.decide(
                t,
                ev,
                laws.illegal_moves.replacing_move,
                Note::IllegalMoveWithdrawn(u.by),
            );
        }
        if let Some(b) = breach {
            let article = laws
                .touching
                .on_request
                .get(self.game_type)
                .unwrap_or(laws.touching.touch_move);
            self.decide(t, ev, article, Note::TouchMoveNotEnforced(c));
            self.touch_breach = Some(Box::new(b));
        } else {
            self.touch_breach = None;
        }
        if self.standing.as_ref().is_some_and(|st| st.by != c) {
            // by moving, the opponent lets the illegal move stand for good
            self.standing = None;
            let article = match laws.illegal_moves.procedure.get(self.game_type) {
                crate::edition::IllegalProcedure::OnClaim { claim } => claim,
                crate::edition::IllegalProcedure::ClaimWins { claim } => claim,
                crate::edition::IllegalProcedure::ArbiterActs => laws.illegal_moves.reinstate,
            };
            self.decide(t, ev, article, Note::IllegalMoveStands(!c));
        }
        if let Some(offer) = self.offer {
            if offer.by != c {
                self.offer = None;
                self.decide(t, ev, laws.draw_offer, Note::OfferDeclinedByMove(c));
            }
        }
        self.play(m);
        let ply = (self.moves.len() - 1) as u32;
        if let Some(offer) = self.offer.as_mut() {
            if offer.by == c && offer.mark_next {
                offer.mark_next = false;
                self.offers.push(ply);
            }
        }
        if let Some(after) = again {
            // 1930 22.2: the receiver plays his moves in a row
            self.set_position(after);
            if let Some(o) = self.odds.as_mut() {
                o.left -= 1;
            }
            // a move of the series may still end the game (a dead position)
            if let Some(outcome) = self.ending_after_move() {
                self.clock.stop(t);
                self.clock.count_moves(c, 1);
                self.end_by_move(t, ev, outcome);
            }
            return;
        }
        let count = self.moves_counted(c);
        if let Some(outcome) = self.ending_after_move() {
            // a move that ends the game is complete without the press (6.2a, 6.2.1)
            self.clock.stop(t);
            self.clock.count_moves(c, count);
            self.end_by_move(t, ev, outcome);
            return;
        }
        if press {
            self.clock.press(c, t, count);
        } else {
            self.unpressed = Some(c);
            self.press_count = count;
        }
    }

    /// An event before the arbiter started the game: the start itself, a
    /// player's arrival, the arbiter's settings of the clocks; nothing else.
    fn before_start(&mut self, t: Millis, index: usize, event: &Event) {
        let ev = Some(index);
        let live = self.laws.live;
        match (event.by, &event.action) {
            (Actor::Arbiter, Action::Start { absent }) => {
                self.started = true;
                for c in Color::ALL {
                    *self.present.get_mut(c) = !absent.contains(&c);
                }
                let side = self.position.turn();
                self.clock.start(side, t);
                self.decide(t, ev, live.start, Note::GameStarted(side));
                for c in Color::ALL.into_iter().filter(|c| absent.contains(c)) {
                    self.decide(t, ev, live.late, Note::AbsentAtStart(c));
                }
                if !absent.is_empty() {
                    let limit = match (
                        self.regulations.late_limit_ms,
                        live.late_limit_by_regulations,
                    ) {
                        (Some(limit), true) => limit,
                        _ => live.late_limit_ms.unwrap_or(0),
                    };
                    self.start_deadline = Some(t.saturating_add(limit));
                }
            }
            (Actor::Player(c), Action::Arrive) => *self.present.get_mut(c) = true,
            (Actor::Arbiter, Action::SetClocks { white, black }) => {
                self.set_clocks(t, ev, *white, *black)
            }
            _ => self.decide(t, ev, live.start, Note::NotStarted),
        }
    }

    /// The default time after the start has passed: a player still absent
    /// loses by forfeit (both absent: both lose).
    fn start_deadline_passed(&mut self, at: Millis) {
        self.start_deadline = None;
        if self.outcome.is_some() {
            return;
        }
        let late: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| !*self.present.get(*c))
            .collect();
        let result = match late.as_slice() {
            [] => return,
            [one] => GameResult::forfeit_win(!*one),
            _ => GameResult::BothLose,
        };
        self.awaiting = None;
        self.now = self.now.max(at);
        self.finish(
            at,
            None,
            Outcome::new(result, Termination::LateArrival, self.laws.live.late),
        );
    }

    /// The arbiter sets the remaining times (6.13, 6.10.2).
    fn set_clocks(&mut self, t: Millis, ev: Option<usize>, white: Millis, black: Millis) {
        self.clock.set(Color::White, white);
        self.clock.set(Color::Black, black);
        self.decide(
            t,
            ev,
            self.laws.clock_correction,
            Note::ClocksSet { white, black },
        );
    }

    /// The arbiter adds (positive) or removes (negative) time.
    fn adjust_time(&mut self, white: Millis, black: Millis) {
        for (side, ms) in [(Color::White, white), (Color::Black, black)] {
            let kind = if ms >= 0 {
                LedgerKind::Bonus
            } else {
                LedgerKind::Penalty
            };
            self.clock.adjust(side, kind, ms);
        }
    }

    /// A player who made his move and did not press: his clock ran until now,
    /// and the press is completed (the opponent moves, the arbiter adjourns).
    pub(super) fn complete_pending_press(&mut self, t: Millis, ev: Option<usize>) {
        if let Some(opp) = self.unpressed.take() {
            let count = self.press_count;
            self.clock.press(opp, t, count);
            self.decide(t, ev, self.laws.clock_press, Note::ClockNotPressed(opp));
            self.advance_clocks(t);
        }
    }

    /// How many moves the press completing `c`'s turn counts for the time
    /// control: 1, or the odds (1930 22.3) for the receiver's series and the
    /// giver's first move.
    fn moves_counted(&mut self, c: Color) -> u32 {
        let Some(o) = self.odds.as_mut() else {
            return 1;
        };
        if o.receiver == c && o.left == 1 {
            o.left = 0;
            o.total
        } else if o.receiver != c && !o.giver_moved {
            o.giver_moved = true;
            o.total
        } else {
            1
        }
    }

    fn on_press(&mut self, t: Millis, index: usize, c: Color) {
        if self.unpressed == Some(c) {
            self.unpressed = None;
            let count = self.press_count;
            self.clock.press(c, t, count);
        } else if self.uncompleted.is_some_and(|u| u.by == c) {
            if let Some(u) = self.uncompleted.take() {
                self.complete_illegal(t, Some(index), u);
            }
        } else if c == self.position.turn() && self.unpressed.is_none() {
            // the player with the move presses without having moved
            match self.laws.illegal_moves.press_without_move {
                Some(article) => {
                    // 2023 7.5.3: penalised as an illegal move; the press is
                    // undone, his clock runs on
                    self.decide(t, Some(index), article, Note::PressWithoutMove(c));
                    self.penalise_illegal(t, Some(index), c, false);
                }
                None => self.decide(
                    t,
                    Some(index),
                    self.laws.clock_press,
                    Note::NothingToPress(c),
                ),
            }
        } else {
            self.decide(
                t,
                Some(index),
                self.laws.clock_press,
                Note::NothingToPress(c),
            );
        }
    }

    fn on_offer(&mut self, t: Millis, index: usize, c: Color) {
        let ev = Some(index);
        let laws = self.laws;
        if let Some(offer) = self.offer {
            if offer.by != c {
                // two offers meet: the second accepts the first
                self.on_accept(t, index, c);
                return;
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferAlreadyPending(c));
            return;
        }
        let correct = self.unpressed == Some(c);
        let has_move = self.position.turn() == c && self.unpressed.is_none();
        if correct {
            if let Some(last) = self.moves.len().checked_sub(1) {
                self.offers.push(last as u32);
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferMade(c));
        } else {
            if !has_move {
                if let Some(last) = self.last_move_of(c) {
                    self.offers.push(last as u32);
                }
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferMade(c));
            self.decide(t, ev, laws.draw_offer_breach, Note::OfferAtWrongMoment(c));
        }
        self.offer = Some(Offer {
            by: c,
            mark_next: has_move,
        });
    }

    fn last_move_of(&self, c: Color) -> Option<usize> {
        let n = self.moves.len();
        if n == 0 {
            return None;
        }
        // the last half-move was made by the side not to move now
        let last_by = !self.position.turn();
        let i = if last_by == c {
            n - 1
        } else {
            n.checked_sub(2)?
        };
        Some(i)
    }

    fn on_accept(&mut self, t: Millis, index: usize, c: Color) {
        self.accept(t, index, c, self.laws.agreement);
    }

    /// `c` accepts the pending offer: the game is drawn by agreement under
    /// `article` (5.2c during play, A6 before a resumption), provided each
    /// player has made a move where the edition requires it (2023 5.2.3).
    pub(super) fn accept(&mut self, t: Millis, index: usize, c: Color, article: Article) {
        let laws = self.laws;
        match self.offer {
            Some(offer) if offer.by != c => {
                if laws.agreement_needs_a_move_each && !self.both_have_moved() {
                    // refused: the offer stays pending (9.1)
                    self.decide(t, Some(index), laws.agreement, Note::AgreementTooEarly);
                    return;
                }
                self.offer = None;
                self.finish(
                    t,
                    Some(index),
                    Outcome::new(GameResult::Draw, Termination::Agreement, article),
                );
            }
            _ => self.decide(t, Some(index), laws.draw_offer, Note::NoOfferToAnswer(c)),
        }
    }

    /// Whether each player has made at least one move: the moves the start
    /// position's full-move number says were played count, as do those of
    /// the history and the events.
    fn both_have_moved(&self) -> bool {
        let start = &self.start;
        let before = u64::from(start.fullmoves().get()) - 1;
        let mut made = ByColor {
            white: before + u64::from(start.turn() == Color::Black),
            black: before,
        };
        let mut turn = start.turn();
        for (i, _) in self.moves.iter().enumerate() {
            *made.get_mut(turn) += 1;
            // an odds receiver's series, or an illegal move left standing,
            // may leave the same side to move: the record says who moves next
            turn = match self.overrides.iter().find(|(ply, _)| *ply as usize == i) {
                Some((_, after)) => after.turn(),
                None => !turn,
            };
        }
        // a sealed move not yet played is the sealer's move (A1a, I.1.1)
        if let Some(sealer) = self.sealer_of_pending_move() {
            *made.get_mut(sealer) += 1;
        }
        made.white >= 1 && made.black >= 1
    }

    fn on_decline(&mut self, t: Millis, index: usize, c: Color) {
        match self.offer {
            Some(offer) if offer.by != c => {
                self.offer = None;
                self.decide(t, Some(index), self.laws.draw_offer, Note::OfferDeclined(c));
            }
            _ => self.decide(
                t,
                Some(index),
                self.laws.draw_offer,
                Note::NoOfferToAnswer(c),
            ),
        }
    }

    fn on_resign(&mut self, t: Millis, index: usize, c: Color) {
        self.resign(t, index, c, self.laws.resignation);
    }

    /// `c` resigns: he loses under `article` (5.1b during play, A6 before a
    /// resumption), unless the edition makes it a draw when his opponent
    /// cannot checkmate by any series of legal moves (2023 5.1.2); when the
    /// search cannot tell, the arbiter rules.
    pub(super) fn resign(&mut self, t: Millis, index: usize, c: Color, article: Article) {
        let laws = self.laws;
        match laws.resignation_draw_if_cannot_mate {
            Some(draw_article) => self.lose_or_draw(
                t,
                Some(index),
                c,
                (Termination::Resignation, article),
                (Termination::Resignation, draw_article),
            ),
            None => self.finish(
                t,
                Some(index),
                Outcome::new(GameResult::win(!c), Termination::Resignation, article),
            ),
        }
    }

    fn on_claim(
        &mut self,
        t: Millis,
        index: usize,
        c: Color,
        kind: ClaimKind,
        intended: Option<&str>,
    ) {
        match kind {
            ClaimKind::Threefold | ClaimKind::FiftyMoves => {
                self.claim_draw(t, index, c, kind, intended)
            }
            ClaimKind::Flag => self.claim_flag(t, index, c),
            ClaimKind::IllegalMove => self.claim_illegal(t, index, c),
            ClaimKind::Quickplay => self.claim_quickplay(t, index, c),
            ClaimKind::TouchMove => self.claim_touch_move(t, index, c),
            ClaimKind::InitialPosition | ClaimKind::BoardOrientation | ClaimKind::ClockSetting => {
                self.claim_setup(t, index, c, kind)
            }
        }
    }

    fn claim_flag(&mut self, t: Millis, index: usize, c: Color) {
        let ev = Some(index);
        let laws = self.laws;
        match self.flag_policy() {
            FlagPolicy::ArbiterSees { .. } => {
                // a fallen flag would already have ended the game
                self.decide(t, ev, laws.flag_fall, Note::FlagNotFallen(!c));
            }
            FlagPolicy::ClaimOnly {
                claim, both_flags, ..
            } => {
                // time has run to `t`: the flags show what they show; a
                // claim that fails leaves the clocks untouched
                let own = self.clock.fallen(c).is_some();
                let theirs = self.clock.fallen(!c).is_some();
                match (own, theirs) {
                    (false, true) => {
                        self.clock.stop(t);
                        self.decide(t, ev, claim, Note::FlagClaimValid(c));
                        self.flag_decision(t, ev, !c);
                    }
                    (true, true) => {
                        let qp = laws.quickplay;
                        let goes_on = qp
                            .both_flags_continue
                            .filter(|_| both_flags == qp.both_flags && !self.in_last_period(c));
                        if let Some(article) = goes_on {
                            self.decide(t, ev, article, Note::BothFlagsGameGoesOn);
                        } else {
                            self.finish(
                                t,
                                ev,
                                Outcome::new(GameResult::Draw, Termination::BothFlags, both_flags),
                            );
                        }
                    }
                    (true, false) => {
                        self.decide(t, ev, claim, Note::FlagClaimOwnFallen(c));
                    }
                    (false, false) => {
                        self.decide(t, ev, claim, Note::FlagNotFallen(!c));
                    }
                }
            }
        }
    }

    fn claim_draw(
        &mut self,
        t: Millis,
        index: usize,
        c: Color,
        kind: ClaimKind,
        intended: Option<&str>,
    ) {
        let ev = Some(index);
        let laws = self.laws;
        let (art_claim, art_intended, art_now) = match kind {
            ClaimKind::Threefold => (
                laws.threefold,
                laws.threefold_intended,
                laws.threefold_appeared,
            ),
            _ => (laws.fifty, laws.fifty_intended, laws.fifty_completed),
        };
        if c != self.position.turn() {
            self.decide(t, ev, art_claim, Note::ClaimWithoutTheMove(c));
            return;
        }
        // 2023 9.4: a piece touched as in 4.3 loses the claim on this move;
        // the claim is then examined and found incorrect
        let lost_by_touch = laws
            .touch_loses_claim_right
            .filter(|_| self.touch.as_ref().is_some_and(|x| x.by == c));
        let running = self.clock.running();
        self.clock.stop(t);
        self.decide(
            t,
            ev,
            laws.claim_stops_clocks,
            Note::ClaimExamined { side: c, kind },
        );
        let declared = intended.map(|text| read_move(&self.position, text, self.notation));
        let declared_move = match &declared {
            Some(Reading::Move(m)) => Some(*m),
            _ => None,
        };
        let termination = match kind {
            ClaimKind::Threefold => Termination::ThreefoldRepetition,
            _ => Termination::FiftyMoves,
        };
        // the intended form (9.2a / 9.3b), then the position on the board (9.2b / 9.3a)
        if let Some(m) = declared_move.filter(|_| lost_by_touch.is_none()) {
            if self.claim_holds_after(kind, m) {
                self.finish(
                    t,
                    ev,
                    Outcome::new(GameResult::Draw, termination, art_intended),
                );
                return;
            }
        }
        if lost_by_touch.is_none() && self.claim_holds_now(kind) {
            self.finish(t, ev, Outcome::new(GameResult::Draw, termination, art_now));
            return;
        }
        if let Some(article) = lost_by_touch {
            self.decide(t, ev, article, Note::RightLostByTouch(c));
        }
        // incorrect claim
        if let Some(Reading::Ambiguous(_) | Reading::Illegal { .. } | Reading::Unreadable) =
            &declared
        {
            self.decide(
                t,
                ev,
                laws.notation,
                Note::DeclaredMoveInvalid(intended.unwrap_or("").to_owned()),
            );
        }
        if kind == ClaimKind::Threefold && self.right_lost_earlier(c) {
            self.decide(t, ev, laws.claim_right_lost, Note::RightLost(c));
        }
        self.penalise(t, ev, c);
        self.obligation = declared_move;
        if let Some(article) = laws.claim_is_offer {
            if self.offer.is_none() {
                self.offer = Some(Offer {
                    by: c,
                    mark_next: false,
                });
                self.decide(t, ev, article, Note::ClaimStandsAsOffer(c));
            }
        }
        if let Some(side) = running {
            self.clock.resume(side, t);
        }
    }

    fn claim_holds_now(&self, kind: ClaimKind) -> bool {
        match kind {
            ClaimKind::Threefold => self.current_occurrences(3) >= 3,
            _ => self.position.halfmoves() >= 2 * self.laws.fifty_moves,
        }
    }

    fn claim_holds_after(&self, kind: ClaimKind, m: Move) -> bool {
        let mut after = self.position.clone();
        after.play_unchecked(m);
        match kind {
            ClaimKind::Threefold => {
                if m.is_zeroing() {
                    return false;
                }
                let h = short(hash(&after));
                self.occurrences(&after, h, self.window_at, self.moves.len() + 1, 3) >= 3
            }
            _ => after.halfmoves() >= 2 * self.laws.fifty_moves,
        }
    }

    /// Whether some earlier position with `c` to move had appeared three
    /// times: `c` could have claimed then, and moved instead (9.4).
    fn right_lost_earlier(&self, c: Color) -> bool {
        let mut replay = self.window.clone();
        let mut seen: Vec<Chess> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        for i in self.window_at..self.moves.len() {
            if replay.turn() == c {
                match seen.iter().position(|p| same_position(p, &replay)) {
                    Some(k) => {
                        counts[k] += 1;
                        if counts[k] >= 3 {
                            return true;
                        }
                    }
                    None => {
                        seen.push(replay.clone());
                        counts.push(1);
                    }
                }
            }
            replay.play_unchecked(self.moves[i]);
        }
        false
    }

    fn penalise(&mut self, t: Millis, ev: Option<usize>, c: Color) {
        let laws = self.laws;
        let penalty = laws.claim_penalty;
        let article = penalty.article.get(self.game_type);
        let left = self.clock.remaining(c);
        let taken = match penalty.claimant {
            ClaimantDeduction::None => 0,
            ClaimantDeduction::HalfUpTo { cap_ms } => (left / 2).min(cap_ms),
            ClaimantDeduction::Graduated {
                above_ms,
                cap_ms,
                floor_ms,
            } => {
                if left > above_ms {
                    (left / 2).min(cap_ms)
                } else if left > floor_ms {
                    left - floor_ms
                } else {
                    0
                }
            }
        };
        let bonus = penalty.opponent_bonus_ms.get(self.game_type);
        if !self.clock.is_untimed() {
            self.clock.adjust(c, LedgerKind::Penalty, -taken);
            self.clock.adjust(!c, LedgerKind::Bonus, bonus);
        }
        self.decide(
            t,
            ev,
            article,
            Note::ClaimIncorrect {
                side: c,
                taken,
                bonus,
            },
        );
    }
}

/// The time of an event outside the range the engine accepts (0 to one
/// year), if any: what it is.
fn out_of_range(event: &Event) -> Option<&'static str> {
    let range = 0..=MAX_MILLIS;
    if !range.contains(&event.t) {
        return Some("t");
    }
    match event.action {
        Action::SetClocks { white, black }
            if !range.contains(&white) || !range.contains(&black) =>
        {
            Some("set_clocks")
        }
        Action::AdjustTime { white, black, .. }
            if !(-MAX_MILLIS..=MAX_MILLIS).contains(&white)
                || !(-MAX_MILLIS..=MAX_MILLIS).contains(&black) =>
        {
            Some("adjust_time")
        }
        _ => None,
    }
}

fn action_name(action: &Action) -> &'static str {
    match action {
        Action::Move { .. } => "move",
        Action::Press => "press",
        Action::Touch(_) => "touch",
        Action::OfferDraw => "offer_draw",
        Action::AcceptDraw => "accept_draw",
        Action::DeclineDraw => "decline_draw",
        Action::Claim { .. } => "claim",
        Action::Resign => "resign",
        Action::Seal(_) => "seal",
        Action::Arrive => "arrive",
        Action::Adjourn { .. } => "adjourn",
        Action::Resume => "resume",
        Action::Ruling(_) => "ruling",
        Action::EnvelopeLost => "envelope_lost",
        Action::Unrestorable(_) => "unrestorable",
        Action::SetClocks { .. } => "set_clocks",
        Action::Misrestored => "misrestored",
        Action::Start { .. } => "start",
        Action::StopClocks => "stop_clocks",
        Action::RestartClocks => "restart_clocks",
        Action::AdjustTime { .. } => "adjust_time",
        Action::DeclareResult { .. } => "declare_result",
    }
}
