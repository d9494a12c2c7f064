//! How a game ends: the result, apart from the reason, apart from the article.

use shakmaty::Color;

use crate::edition::Article;

/// The score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White wins.
    WhiteWins,
    /// Black wins.
    BlackWins,
    /// Drawn.
    Draw,
    /// The game is void and must be replayed.
    Annulled,
    /// White wins by forfeit (`+/-`): the game was not played out.
    WhiteByForfeit,
    /// Black wins by forfeit (`-/+`).
    BlackByForfeit,
    /// Both players lose (`-/-`).
    BothLose,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 7] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Annulled,
        GameResult::WhiteByForfeit,
        GameResult::BlackByForfeit,
        GameResult::BothLose,
    ];

    /// The win of `side`.
    pub fn win(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// As written on a scoresheet: `1-0`, `0-1`, `1/2-1/2`, `annulled`.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Annulled => "annulled",
            GameResult::WhiteByForfeit => "+/-",
            GameResult::BlackByForfeit => "-/+",
            GameResult::BothLose => "-/-",
        }
    }

    /// Reads a result as written on a scoresheet or by a rating officer.
    pub fn from_code(code: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The forfeit win of `side`.
    pub fn forfeit_win(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteByForfeit,
            Color::Black => GameResult::BlackByForfeit,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Checkmate.
    Checkmate,
    /// Resignation.
    Resignation,
    /// Stalemate.
    Stalemate,
    /// Dead position: no series of legal moves leads to checkmate.
    DeadPosition,
    /// Agreement.
    Agreement,
    /// Threefold repetition, claimed.
    ThreefoldRepetition,
    /// Fifty moves, claimed.
    FiftyMoves,
    /// Fivefold repetition (automatic, 2023 9.6.1).
    FivefoldRepetition,
    /// Seventy-five moves (automatic, 2023 9.6.2).
    SeventyFiveMoves,
    /// A flag fell: loss.
    TimeForfeit,
    /// A flag fell, but the opponent could not checkmate: draw.
    TimeForfeitDraw,
    /// Both flags fell.
    BothFlags,
    /// Illegal move: loss.
    IllegalMove,
    /// Illegal move, but the opponent could not checkmate: draw.
    IllegalMoveDraw,
    /// The sealed move was ambiguous, false or illegal.
    SealedMoveInvalid,
    /// More than the allowed lateness at resumption.
    LateForResumption,
    /// Quickplay finish decided by the arbiter.
    QuickplayFinish,
    /// The game is annulled.
    Annulled,
    /// A player arrived after the default time at the start (2005 6.7a, 2023 6.7.1).
    LateArrival,
    /// The arbiter declared the result (a forfeit, a device: 11.3, a penalty: 12.9).
    ArbiterDecision,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 20] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::Agreement,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::TimeForfeit,
        Termination::TimeForfeitDraw,
        Termination::BothFlags,
        Termination::IllegalMove,
        Termination::IllegalMoveDraw,
        Termination::SealedMoveInvalid,
        Termination::LateForResumption,
        Termination::QuickplayFinish,
        Termination::Annulled,
        Termination::LateArrival,
        Termination::ArbiterDecision,
    ];

    /// The termination with this code, if any.
    pub fn from_code(code: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The code used in scenario output.
    pub fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead-position",
            Termination::Agreement => "agreement",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FiftyMoves => "fifty-moves",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::SeventyFiveMoves => "seventy-five-moves",
            Termination::TimeForfeit => "time-forfeit",
            Termination::TimeForfeitDraw => "time-forfeit-draw",
            Termination::BothFlags => "both-flags",
            Termination::IllegalMove => "illegal-move",
            Termination::IllegalMoveDraw => "illegal-move-draw",
            Termination::SealedMoveInvalid => "sealed-move-invalid",
            Termination::LateForResumption => "late-for-resumption",
            Termination::QuickplayFinish => "quickplay-finish",
            Termination::Annulled => "annulled",
            Termination::LateArrival => "late-arrival",
            Termination::ArbiterDecision => "arbiter-decision",
        }
    }
}

/// What the termination alone does not say about an ending: its message
/// says it, while the termination's code stays one SCENARIOS.md lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Circumstance {
    /// A draw because the opponent cannot checkmate by any series of legal
    /// moves, where the termination does not say so (a resignation, 2023
    /// 5.1.2).
    OpponentCannotMate,
    /// The adjourned position cannot be re-established (the envelope lost,
    /// the scoresheets unclear).
    PositionUnrestorable,
    /// The times used at the adjournment cannot be re-established.
    TimesUnrestorable,
    /// The game was restored incorrectly and the position at the
    /// resumption is not known.
    Misrestored,
    /// The initial position of the pieces was incorrect.
    InitialPositionIncorrect,
}

impl Circumstance {
    /// Every circumstance.
    pub const ALL: [Circumstance; 5] = [
        Circumstance::OpponentCannotMate,
        Circumstance::PositionUnrestorable,
        Circumstance::TimesUnrestorable,
        Circumstance::Misrestored,
        Circumstance::InitialPositionIncorrect,
    ];

    /// A stable code (the messages choose their words by it).
    pub fn code(self) -> &'static str {
        match self {
            Circumstance::OpponentCannotMate => "opponent-cannot-mate",
            Circumstance::PositionUnrestorable => "position-unrestorable",
            Circumstance::TimesUnrestorable => "times-unrestorable",
            Circumstance::Misrestored => "misrestored",
            Circumstance::InitialPositionIncorrect => "initial-position-incorrect",
        }
    }
}

/// How a game ended, and by which article.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The score.
    pub result: GameResult,
    /// The reason.
    pub termination: Termination,
    /// The article deciding it.
    pub article: Article,
    /// What the termination does not say, if anything.
    pub circumstance: Option<Circumstance>,
}

impl Outcome {
    /// An outcome.
    pub fn new(result: GameResult, termination: Termination, article: Article) -> Outcome {
        Outcome {
            result,
            termination,
            article,
            circumstance: None,
        }
    }

    /// The outcome, with what made it so.
    pub fn because(mut self, circumstance: Circumstance) -> Outcome {
        self.circumstance = Some(circumstance);
        self
    }
}

/// What the arbiter must rule on before the game can go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// Whether `side` can checkmate by any series of legal moves: the
    /// search could not tell, and a flag, a resignation, an illegal move or
    /// a sealed move's verdict depends on it (the arbiter answers `draw` for
    /// "cannot", anything else for "can").
    Mate {
        /// The side asked about.
        side: Color,
    },
    /// A quickplay-finish claim (2005 10.2, 2023 III.5): draw, postpone or reject.
    QuickplayClaim {
        /// The claimant.
        claimant: Color,
    },
    /// A flag fell after a postponed quickplay claim: the result.
    QuickplayAtFlag {
        /// The player whose flag fell.
        fallen: Color,
        /// The claimant.
        claimant: Color,
    },
    /// A quickplay claim made with no arbiter present (2005 D1, 2023
    /// III.6.1): it stopped the game, and the arbiter it is referred to
    /// decides it (`draw`, or anything else for the claim rejected).
    QuickplayReferred {
        /// The claimant.
        claimant: Color,
    },
    /// The game holds only the commitment to a sealed move: the arbiter
    /// opens the envelope (an `open` event with the move and its salt).
    OpenEnvelope {
        /// Who sealed the move.
        sealer: Color,
    },
}

impl Ruling {
    /// A stable code for what is awaited.
    pub fn code(self) -> &'static str {
        match self {
            Ruling::Mate { .. } => "mate",
            Ruling::QuickplayClaim { .. } => "quickplay-claim",
            Ruling::QuickplayAtFlag { .. } => "quickplay-at-flag",
            Ruling::QuickplayReferred { .. } => "quickplay-referred",
            Ruling::OpenEnvelope { .. } => "open-envelope",
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Being played.
    Playing,
    /// Adjourned: a sealed move waits in its envelope.
    Adjourned,
    /// Play is suspended until the arbiter rules (a claim, or a question
    /// only the arbiter can settle).
    AwaitingRuling {
        /// What he must rule on.
        what: Ruling,
    },
    /// Over.
    Finished,
}

impl State {
    /// The codes of the states, as scenario output writes them.
    pub const CODES: [&'static str; 4] = ["playing", "adjourned", "awaiting-ruling", "finished"];

    /// The code used in scenario output.
    pub fn code(self) -> &'static str {
        match self {
            State::Playing => "playing",
            State::Adjourned => "adjourned",
            State::AwaitingRuling { .. } => "awaiting-ruling",
            State::Finished => "finished",
        }
    }
}
