//! The setup of a game as stored and transmitted: the setup keys of a
//! scenario file (`docs/SCENARIOS.md`), which are also the body of
//! `POST /api/games`.

use arbitre_laws::{
    clock::{Delay, MAX_MILLIS},
    edition::GameType,
    game::{Odds, Regulations, SetupError},
    EditionId, Language, Setup, TimeControl,
};
use serde::{Deserialize, Serialize};
use shakmaty::{fen::Fen, ByColor, CastlingMode, Chess, Color, EnPassantMode, Position as _};

use crate::{
    error::{err, RecordError},
    time::{instant, instant_seconds, millis, seconds, MAX_SECONDS},
};

/// The keys of a game's setup, in the order they are written.
pub const SETUP_KEYS: [&str; 13] = [
    "name",
    "edition",
    "time_control",
    "game_type",
    "start",
    "history",
    "clocks",
    "notation",
    "players",
    "odds",
    "regulations",
    "session_end",
    "lag_compensation",
];

/// A value per side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

/// The players' names; either may be unknown.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersRecord {
    /// White's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
}

/// 1930 art. 22 odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsRecord {
    /// `white` or `black`.
    pub receiver: String,
    /// Moves the receiver plays in a row at his first turn.
    pub moves: u32,
    /// The giver cedes the first move (22.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cede_first_move: bool,
}

/// What the event's regulations fix, apart from the Laws.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegulationsRecord {
    /// An arbiter is present in the venue (default: yes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter_present: Option<bool>,
    /// The quickplay-finish guidelines were announced (default: yes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quickplay_guidelines: Option<bool>,
    /// Rapid and blitz games adequately supervised (2023 A.4, B.2; default: yes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adequate_supervision: Option<bool>,
    /// The default time at the start and at a resumption, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit: Option<f64>,
    /// The node budget of the "can this side checkmate" search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_search_nodes: Option<u64>,
}

/// A game's setup as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRecord {
    /// One line saying what the game or scenario is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `fide-1930`, `fide-2001`, `fide-2005` or `fide-2023`.
    pub edition: String,
    /// PGN `TimeControl` syntax with arbitre's extensions, or `-`.
    pub time_control: String,
    /// `standard`, `rapid` or `blitz`; default: by the edition's definition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_type: Option<String>,
    /// FEN of the starting position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Movetext played from `start` before the first event, with no clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// Remaining seconds when the events begin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Sides<f64>>,
    /// Language of piece letters in written moves (`en` by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// The players' names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayersRecord>,
    /// 1930 art. 22 odds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub odds: Option<OddsRecord>,
    /// What the regulations fix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regulations: Option<RegulationsRecord>,
    /// The arbiter's clock time at which the playing session ends (A13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_end: Option<f64>,
    /// Network lag compensated (online games only; `false` by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lag_compensation: Option<bool>,
}

/// `white` or `black`.
pub fn side(text: &str, path: &str) -> Result<Color, RecordError> {
    side_from_code(text).ok_or_else(|| {
        err(
            path,
            format!("expected \"white\" or \"black\", found {text:?}"),
        )
    })
}

pub use arbitre_laws::event::side_code;
use arbitre_laws::event::side_from_code;

/// Every time in a time control (period, increment, delay) at most [`MAX_MILLIS`].
fn check_time_control(tc: &TimeControl) -> Result<(), RecordError> {
    for (i, p) in tc.periods().iter().enumerate() {
        let delay = match p.delay {
            Delay::None => 0,
            Delay::Simple(d) | Delay::Bronstein(d) => d,
        };
        for (what, ms) in [
            ("period time", p.base),
            ("increment", p.increment),
            ("delay", delay),
        ] {
            if !(0..=MAX_MILLIS).contains(&ms) {
                return Err(err(
                    "time_control",
                    format!(
                        "period {}: {what} of {} s is above {MAX_SECONDS} s (one year)",
                        i + 1,
                        ms / 1000
                    ),
                ));
            }
        }
    }
    Ok(())
}

impl SetupRecord {
    /// The edition named, or where it is wrong.
    pub fn edition_id(&self) -> Result<EditionId, RecordError> {
        self.edition
            .parse()
            .map_err(|e: arbitre_laws::edition::UnknownEdition| err("edition", e.to_string()))
    }

    /// Validates the record into the engine's setup. `arbiter_starts`: no
    /// clock runs until the arbiter's `start` event.
    pub fn to_setup(&self, arbiter_starts: bool) -> Result<Setup, RecordError> {
        let edition = self.edition_id()?;
        let time_control: TimeControl =
            self.time_control
                .parse()
                .map_err(|e: arbitre_laws::clock::TimeControlError| {
                    err("time_control", e.to_string())
                })?;
        check_time_control(&time_control)?;
        let game_type = match &self.game_type {
            Some(g) => Some(GameType::from_code(g).ok_or_else(|| {
                err(
                    "game_type",
                    format!("expected \"standard\", \"rapid\" or \"blitz\", found {g:?}"),
                )
            })?),
            None => None,
        };
        let start = match &self.start {
            Some(fen) => {
                let parsed: Fen = fen
                    .parse()
                    .map_err(|e| err("start", arbitre_messages::malformed_fen(&e, Language::En)))?;
                parsed
                    .into_position::<Chess>(CastlingMode::Standard)
                    .map_err(|e| {
                        err(
                            "start",
                            arbitre_messages::illegal_position(e.kinds(), Language::En),
                        )
                    })?
            }
            None => Chess::default(),
        };
        let notation = match &self.notation {
            Some(code) => Language::from_code(code).ok_or_else(|| {
                err(
                    "notation",
                    format!("expected one of en, fr, de, es, it, nl, found {code:?}"),
                )
            })?,
            None => Language::En,
        };
        let clocks = match &self.clocks {
            Some(c) => Some(ByColor {
                white: millis(c.white, "clocks.white")?,
                black: millis(c.black, "clocks.black")?,
            }),
            None => None,
        };
        let odds = match &self.odds {
            Some(o) => Some(Odds {
                receiver: side(&o.receiver, "odds.receiver")?,
                moves: o.moves,
                cede_first_move: o.cede_first_move,
            }),
            None => None,
        };
        let mut regulations = Regulations::default();
        if let Some(r) = &self.regulations {
            if let Some(v) = r.arbiter_present {
                regulations.arbiter_present = v;
            }
            if let Some(v) = r.quickplay_guidelines {
                regulations.quickplay_guidelines = v;
            }
            if let Some(v) = r.adequate_supervision {
                regulations.adequate_supervision = v;
            }
            if let Some(v) = r.late_limit {
                regulations.late_limit_ms = Some(millis(v, "regulations.late_limit")?);
            }
            if let Some(n) = r.mate_search_nodes {
                if n == 0 {
                    return Err(err(
                        "regulations.mate_search_nodes",
                        "expected a number of nodes of at least 1",
                    ));
                }
                regulations.mate_search_nodes = Some(n);
            }
        }
        let session_end = match self.session_end {
            Some(s) => Some(instant(s, "session_end")?),
            None => None,
        };
        let players = self.players.clone().unwrap_or_default();
        let mut setup = Setup::new(edition);
        setup.time_control = time_control;
        setup.game_type = game_type;
        setup.start = start;
        setup.history = self.history.clone();
        setup.clocks = clocks;
        setup.notation = notation;
        setup.players = ByColor {
            white: players.white,
            black: players.black,
        };
        setup.odds = odds;
        setup.session_end = session_end;
        setup.regulations = regulations;
        setup.arbiter_starts = arbiter_starts;
        setup.lag_compensation = self.lag_compensation.unwrap_or(false);
        Ok(setup)
    }

    /// The record of an engine setup (the inverse of [`SetupRecord::to_setup`]
    /// for every setup it accepts).
    pub fn from_setup(setup: &Setup, name: Option<String>) -> SetupRecord {
        let initial = setup.start == Chess::default()
            && setup.start.fullmoves() == Chess::default().fullmoves()
            && setup.start.halfmoves() == 0;
        let defaults = Regulations::default();
        let r = &setup.regulations;
        let regulations = RegulationsRecord {
            arbiter_present: (r.arbiter_present != defaults.arbiter_present)
                .then_some(r.arbiter_present),
            quickplay_guidelines: (r.quickplay_guidelines != defaults.quickplay_guidelines)
                .then_some(r.quickplay_guidelines),
            adequate_supervision: (r.adequate_supervision != defaults.adequate_supervision)
                .then_some(r.adequate_supervision),
            late_limit: r.late_limit_ms.map(seconds),
            mate_search_nodes: r.mate_search_nodes,
        };
        let players = PlayersRecord {
            white: setup.players.white.clone(),
            black: setup.players.black.clone(),
        };
        SetupRecord {
            name,
            edition: setup.edition.code().to_owned(),
            time_control: setup.time_control.to_string(),
            game_type: setup.game_type.map(|g| g.code().to_owned()),
            start: (!initial)
                .then(|| Fen::from_position(&setup.start, EnPassantMode::Legal).to_string()),
            history: setup.history.clone(),
            clocks: setup.clocks.map(|c| Sides {
                white: seconds(c.white),
                black: seconds(c.black),
            }),
            notation: (setup.notation != Language::En).then(|| setup.notation.code().to_owned()),
            players: (players != PlayersRecord::default()).then_some(players),
            odds: setup.odds.map(|o| OddsRecord {
                receiver: side_code(o.receiver).to_owned(),
                moves: o.moves,
                cede_first_move: o.cede_first_move,
            }),
            regulations: (regulations != RegulationsRecord::default()).then_some(regulations),
            session_end: setup.session_end.map(instant_seconds),
            lag_compensation: setup.lag_compensation.then_some(true),
        }
    }
}

/// Where a setup the engine refused went wrong, as a record error.
pub fn setup_error(e: SetupError) -> RecordError {
    err(e.field(), e.reason())
}
