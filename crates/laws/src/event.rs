//! What happens at the board: the closed vocabulary of events.

use shakmaty::Color;

use crate::{
    clock::{Instant, Millis},
    seal::{Commitment, Salt, SealedText},
};

/// The code of a side in every record and report: `white` or `black`
/// (`shakmaty::Color` is the project's one side type).
pub fn side_code(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Reads a side's code.
pub fn side_from_code(code: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| side_code(c) == code)
}

/// Who acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player.
    Player(Color),
    /// The arbiter.
    Arbiter,
}

/// What a player claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Threefold repetition (9.2).
    Threefold,
    /// Fifty moves without pawn move or capture (9.3).
    FiftyMoves,
    /// The opponent's flag has fallen.
    Flag,
    /// The opponent's last completed move was illegal (rapid, blitz).
    IllegalMove,
    /// Quickplay finish: less than two minutes left (10.2, Annex D).
    Quickplay,
    /// The opponent's last move broke touch-move: art. 4 applied on request (B5).
    TouchMove,
    /// The initial position was incorrect (7.1a; B4 limits it in rapid and blitz).
    InitialPosition,
    /// The board was placed wrongly (7.1b; B4).
    BoardOrientation,
    /// The clocks were set wrongly (B4).
    ClockSetting,
}

impl ClaimKind {
    /// Every kind of claim.
    pub const ALL: [ClaimKind; 9] = [
        ClaimKind::Threefold,
        ClaimKind::FiftyMoves,
        ClaimKind::Flag,
        ClaimKind::IllegalMove,
        ClaimKind::Quickplay,
        ClaimKind::TouchMove,
        ClaimKind::InitialPosition,
        ClaimKind::BoardOrientation,
        ClaimKind::ClockSetting,
    ];

    /// The code used in scenario files.
    pub fn code(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::FiftyMoves => "fifty-moves",
            ClaimKind::Flag => "flag",
            ClaimKind::IllegalMove => "illegal-move",
            ClaimKind::Quickplay => "quickplay",
            ClaimKind::TouchMove => "touch-move",
            ClaimKind::InitialPosition => "initial-position",
            ClaimKind::BoardOrientation => "board-orientation",
            ClaimKind::ClockSetting => "clock-setting",
        }
    }

    /// Reads a scenario code.
    pub fn from_code(code: &str) -> Option<ClaimKind> {
        ClaimKind::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// The arbiter's judgment on a pending claim (10.2a–c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgment {
    /// Declares the game drawn.
    Draw,
    /// Postpones the decision.
    Postpone,
    /// Rejects the claim.
    Reject,
}

impl Judgment {
    /// Every judgment.
    pub const ALL: [Judgment; 3] = [Judgment::Draw, Judgment::Postpone, Judgment::Reject];

    /// The code used in scenario files (`"ruling": "postpone"`).
    pub fn code(self) -> &'static str {
        match self {
            Judgment::Draw => "draw",
            Judgment::Postpone => "postpone",
            Judgment::Reject => "reject",
        }
    }

    /// Reads a code.
    pub fn from_code(code: &str) -> Option<Judgment> {
        Judgment::ALL.into_iter().find(|j| j.code() == code)
    }
}

/// What cannot be restored at resumption (A11, 1930 21.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unrestorable {
    /// The adjourned position.
    Position,
    /// The times used.
    Times,
}

impl Unrestorable {
    /// Both.
    pub const ALL: [Unrestorable; 2] = [Unrestorable::Position, Unrestorable::Times];

    /// The code used in scenario files (`"unrestorable": "times"`).
    pub fn code(self) -> &'static str {
        match self {
            Unrestorable::Position => "position",
            Unrestorable::Times => "times",
        }
    }

    /// Reads a code.
    pub fn from_code(code: &str) -> Option<Unrestorable> {
        Unrestorable::ALL.into_iter().find(|u| u.code() == code)
    }
}

/// Every kind of action: the one list of the vocabulary, with its codes
/// (the keys of `docs/SCENARIOS.md`) and who may take each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// `move`.
    Move,
    /// `press`.
    Press,
    /// `touch`.
    Touch,
    /// `offer_draw`.
    OfferDraw,
    /// `accept_draw`.
    AcceptDraw,
    /// `decline_draw`.
    DeclineDraw,
    /// `claim`.
    Claim,
    /// `resign`.
    Resign,
    /// `seal`.
    Seal,
    /// `open`.
    Open,
    /// `arrive`.
    Arrive,
    /// `adjourn`.
    Adjourn,
    /// `resume`.
    Resume,
    /// `ruling`.
    Ruling,
    /// `envelope_lost`.
    EnvelopeLost,
    /// `unrestorable`.
    Unrestorable,
    /// `set_clocks`.
    SetClocks,
    /// `misrestored`.
    Misrestored,
    /// `start`.
    Start,
    /// `stop_clocks`.
    StopClocks,
    /// `restart_clocks`.
    RestartClocks,
    /// `adjust_time`.
    AdjustTime,
    /// `declare_result`.
    DeclareResult,
    /// `call_arbiter` (an extension).
    CallArbiter,
    /// `answer_call` (an extension).
    AnswerCall,
}

impl ActionKind {
    /// Every kind, in the order of `docs/SCENARIOS.md`.
    pub const ALL: [ActionKind; 25] = [
        ActionKind::Move,
        ActionKind::Press,
        ActionKind::Touch,
        ActionKind::OfferDraw,
        ActionKind::AcceptDraw,
        ActionKind::DeclineDraw,
        ActionKind::Claim,
        ActionKind::Resign,
        ActionKind::Seal,
        ActionKind::Open,
        ActionKind::Arrive,
        ActionKind::Adjourn,
        ActionKind::Resume,
        ActionKind::Ruling,
        ActionKind::EnvelopeLost,
        ActionKind::Unrestorable,
        ActionKind::SetClocks,
        ActionKind::Misrestored,
        ActionKind::Start,
        ActionKind::StopClocks,
        ActionKind::RestartClocks,
        ActionKind::AdjustTime,
        ActionKind::DeclareResult,
        ActionKind::CallArbiter,
        ActionKind::AnswerCall,
    ];

    /// The key that names it in a scenario file, a stored game and the API.
    pub fn code(self) -> &'static str {
        match self {
            ActionKind::Move => "move",
            ActionKind::Press => "press",
            ActionKind::Touch => "touch",
            ActionKind::OfferDraw => "offer_draw",
            ActionKind::AcceptDraw => "accept_draw",
            ActionKind::DeclineDraw => "decline_draw",
            ActionKind::Claim => "claim",
            ActionKind::Resign => "resign",
            ActionKind::Seal => "seal",
            ActionKind::Open => "open",
            ActionKind::Arrive => "arrive",
            ActionKind::Adjourn => "adjourn",
            ActionKind::Resume => "resume",
            ActionKind::Ruling => "ruling",
            ActionKind::EnvelopeLost => "envelope_lost",
            ActionKind::Unrestorable => "unrestorable",
            ActionKind::SetClocks => "set_clocks",
            ActionKind::Misrestored => "misrestored",
            ActionKind::Start => "start",
            ActionKind::StopClocks => "stop_clocks",
            ActionKind::RestartClocks => "restart_clocks",
            ActionKind::AdjustTime => "adjust_time",
            ActionKind::DeclareResult => "declare_result",
            ActionKind::CallArbiter => "call_arbiter",
            ActionKind::AnswerCall => "answer_call",
        }
    }

    /// Reads a key.
    pub fn from_code(code: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Whether only the arbiter takes it (otherwise only a player does).
    pub fn by_arbiter(self) -> bool {
        matches!(
            self,
            ActionKind::Adjourn
                | ActionKind::Open
                | ActionKind::Resume
                | ActionKind::Ruling
                | ActionKind::EnvelopeLost
                | ActionKind::Unrestorable
                | ActionKind::SetClocks
                | ActionKind::Misrestored
                | ActionKind::Start
                | ActionKind::StopClocks
                | ActionKind::RestartClocks
                | ActionKind::AdjustTime
                | ActionKind::DeclareResult
                | ActionKind::AnswerCall
        )
    }
}

/// A sealed move as an event carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sealed {
    /// The move as written, known to whoever reads the record (a scenario
    /// file, an arbiter at the board): the engine opens the envelope by
    /// itself when the Laws say. Its `Debug` does not show it.
    Text(SealedText),
    /// Only the commitment to the move: what a stored game holds. The
    /// arbiter opens the envelope with an [`Action::Open`] event when the
    /// Laws say.
    Committed(Commitment),
}

impl Sealed {
    /// The move, when the event carries it.
    pub fn text(&self) -> Option<&str> {
        match self {
            Sealed::Text(t) => Some(&t.0),
            Sealed::Committed(_) => None,
        }
    }
}

impl From<&str> for Sealed {
    fn from(text: &str) -> Sealed {
        Sealed::Text(SealedText(text.to_owned()))
    }
}

/// One action at the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, as written by the player; `press` whether the clock is pressed with it.
    Move {
        /// The move as written (SAN in the event's notation, or UCI).
        text: String,
        /// Whether the clock is pressed at the same moment.
        press: bool,
        /// The network lag the player's client reports for this move (an
        /// online game with lag compensation, `crate::lag`).
        lag: Option<Millis>,
    },
    /// The player presses the clock.
    Press,
    /// The player, having the move, touches the piece on this square (art. 4.3).
    Touch(shakmaty::Square),
    /// The player offers a draw.
    OfferDraw,
    /// The player accepts the opponent's offer.
    AcceptDraw,
    /// The player declines the opponent's offer.
    DeclineDraw,
    /// The player claims.
    Claim {
        /// What is claimed.
        kind: ClaimKind,
        /// The move written and declared but not played (9.2a, 9.3b).
        intended: Option<String>,
    },
    /// The player resigns.
    Resign,
    /// The player writes a move for the envelope (Annex A).
    Seal(Sealed),
    /// The arbiter opens the envelope of a move the game holds only as a
    /// commitment (A7, A9; 1930 21.5–21.6): the move as written and the
    /// salt, which must open the commitment before the move is judged (A8).
    Open {
        /// The sealed move, as written.
        text: String,
        /// The commitment's secret salt.
        salt: Salt,
    },
    /// The player is at the board.
    Arrive,
    /// The arbiter ends the session: the player with the move must seal.
    Adjourn {
        /// Date and time of resumption.
        resume_at: String,
        /// Place of resumption.
        place: String,
    },
    /// The agreed time of resumption has come.
    Resume,
    /// The arbiter's judgment on a pending claim.
    Ruling(Judgment),
    /// The envelope cannot be found (A11).
    EnvelopeLost,
    /// Something cannot be restored at resumption.
    Unrestorable(Unrestorable),
    /// The game was restored incorrectly at resumption (1930 21.8).
    Misrestored,
    /// The arbiter starts the game; the players listed are not at the board.
    Start {
        /// Players absent at the start.
        absent: Vec<Color>,
    },
    /// The arbiter stops both clocks (a dispute, an irregularity).
    StopClocks,
    /// The arbiter restarts the clock that ran.
    RestartClocks,
    /// The arbiter adds (positive) or removes (negative) time, citing the
    /// article he applies.
    AdjustTime {
        /// Change to White's time.
        white: Millis,
        /// Change to Black's time.
        black: Millis,
        /// The article applied, as the edition numbers it.
        article: crate::edition::Article,
    },
    /// The arbiter declares a result the moves do not produce.
    DeclareResult {
        /// The result.
        result: crate::outcome::GameResult,
        /// The article applied.
        article: crate::edition::Article,
    },
    /// The arbiter sets the remaining times.
    SetClocks {
        /// White's remaining time.
        white: Millis,
        /// Black's remaining time.
        black: Millis,
    },
    /// The player calls the arbiter (to seek his assistance: 2005 6.13b,
    /// 2023 6.11.2); the call is pending until the arbiter answers.
    CallArbiter,
    /// The arbiter answers the pending call of this player, or every
    /// pending call (`None`).
    AnswerCall(Option<Color>),
}

impl Action {
    /// Its kind.
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Move { .. } => ActionKind::Move,
            Action::Press => ActionKind::Press,
            Action::Touch(_) => ActionKind::Touch,
            Action::OfferDraw => ActionKind::OfferDraw,
            Action::AcceptDraw => ActionKind::AcceptDraw,
            Action::DeclineDraw => ActionKind::DeclineDraw,
            Action::Claim { .. } => ActionKind::Claim,
            Action::Resign => ActionKind::Resign,
            Action::Seal(_) => ActionKind::Seal,
            Action::Open { .. } => ActionKind::Open,
            Action::Arrive => ActionKind::Arrive,
            Action::Adjourn { .. } => ActionKind::Adjourn,
            Action::Resume => ActionKind::Resume,
            Action::Ruling(_) => ActionKind::Ruling,
            Action::EnvelopeLost => ActionKind::EnvelopeLost,
            Action::Unrestorable(_) => ActionKind::Unrestorable,
            Action::SetClocks { .. } => ActionKind::SetClocks,
            Action::Misrestored => ActionKind::Misrestored,
            Action::Start { .. } => ActionKind::Start,
            Action::StopClocks => ActionKind::StopClocks,
            Action::RestartClocks => ActionKind::RestartClocks,
            Action::AdjustTime { .. } => ActionKind::AdjustTime,
            Action::DeclareResult { .. } => ActionKind::DeclareResult,
            Action::CallArbiter => ActionKind::CallArbiter,
            Action::AnswerCall(_) => ActionKind::AnswerCall,
        }
    }
}

/// One event: an action by someone at a moment of the arbiter's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The moment on the arbiter's clock.
    pub t: Instant,
    /// Who acts.
    pub by: Actor,
    /// What is done.
    pub action: Action,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_read_back() {
        for k in ActionKind::ALL {
            assert_eq!(ActionKind::from_code(k.code()), Some(k));
        }
        for j in Judgment::ALL {
            assert_eq!(Judgment::from_code(j.code()), Some(j));
        }
        for u in Unrestorable::ALL {
            assert_eq!(Unrestorable::from_code(u.code()), Some(u));
        }
        for c in ClaimKind::ALL {
            assert_eq!(ClaimKind::from_code(c.code()), Some(c));
        }
    }
}
