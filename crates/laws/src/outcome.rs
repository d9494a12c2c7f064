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
}

impl GameResult {
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
}

impl Termination {
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
}

impl Outcome {
    /// An outcome.
    pub fn new(result: GameResult, termination: Termination, article: Article) -> Outcome {
        Outcome {
            result,
            termination,
            article,
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
    AwaitingRuling,
    /// Over.
    Finished,
}

impl State {
    /// The code used in scenario output.
    pub fn code(self) -> &'static str {
        match self {
            State::Playing => "playing",
            State::Adjourned => "adjourned",
            State::AwaitingRuling => "awaiting-ruling",
            State::Finished => "finished",
        }
    }
}
