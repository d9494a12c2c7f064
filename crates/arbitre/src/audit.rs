//! `arbitre audit`: replays finished games from PGN files through the laws
//! engine and reports the results that contradict the Laws.
//!
//! The input is streamed with `pgn-reader` (plain, gzip or zstd, recognised
//! by their magic bytes; `-` is standard input): a reader thread cuts it into
//! batches of games, each batch is audited in parallel with rayon and printed
//! in input order before the next one is taken, so memory stays bounded
//! whatever the size of the input.
//!
//! What is checked, game by game (each finding carries the ply, the FEN, the
//! article of the chosen edition and a one-line message):
//!
//! - `flag-cannot-mate`: a win on time or by abandonment (`Termination` tag)
//!   for a side that could not checkmate by any series of legal moves (2023
//!   6.9, 2005 6.10): the game is drawn;
//! - `flag-draw-could-mate`: a draw on time although the opponent of the side
//!   to move (whose clock ran) could checkmate: the flag loses;
//! - `mate-undecided`: the helpmate search could not decide the previous two
//!   questions; said so, never guessed;
//! - `result-vs-board`: a result other than the one a checkmate, stalemate or
//!   dead position on the board had already fixed;
//! - `automatic-end-ignored`: under editions with fivefold repetition and the
//!   75-move rule (2023 9.6), a game that went on after them, or another result;
//! - `illegal-move`: a move that is not legal; the game is audited up to it
//!   (its result is judged only if the board had already ended the game);
//! - `claimable-threefold`, `claimable-fifty` (with `--claimable` only): a draw
//!   that could have been claimed and was not;
//! - `clock-increase`, `clock-zero`, `clock-emt`: clock comments that
//!   contradict themselves or the time control;
//! - `truncated`: movetext with no game termination marker;
//! - `unparseable`: a game the reader or the FEN tag could not read (with its
//!   byte offset and line); the audit goes on with the next game.
//!
//! The code is in four parts: `read` (the inputs, their decompression and
//! the pgn-reader visitor that turns them into games), `judge` (one game
//! replayed through the engine, and the checks above), `report` (text, CSV
//! and JSON, and the summary) and `command` (the reader thread, the batches
//! and the workers, and the command line's entry, [`run`]).

use std::fmt;

use arbitre_laws::EditionId;
use serde::Serialize;

mod command;
mod judge;
mod read;
mod report;

pub use command::{audit_reader, run};
pub use judge::time_control;
pub use read::Tags;
pub use report::write_game_json;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Findings per game for people, then the summary.
    Text,
    /// One JSON object per game, in input order, then `{"summary": …}`.
    Json,
    /// One CSV row per finding; the summary goes to stderr.
    Csv,
}

/// What `arbitre audit` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Edition of the Laws the results are checked against.
    pub edition: EditionId,
    /// Output format.
    pub format: Format,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Report draws that could have been claimed (informational).
    pub claimable: bool,
    /// Test dead positions after every irreversible move, as the engine
    /// does by default, instead of where the game stopped (slower; see
    /// the audit of one game, `judge::audit`, for why both find the same).
    pub thorough: bool,
    /// Exit with status 1 when any game has a finding.
    pub fail_on_findings: bool,
}

impl Default for Options {
    /// What `arbitre audit FILE` does: the Laws in force (2023), text, one
    /// worker per core, no claimable draws, dead positions tested where each
    /// game stopped.
    fn default() -> Options {
        Options {
            edition: EditionId::Fide2023,
            format: Format::Text,
            jobs: 0,
            claimable: false,
            thorough: false,
            fail_on_findings: false,
        }
    }
}

/// What a finding is about (see the module documentation), most severe
/// first: what a rating officer should look at first. The reports print its
/// [`Kind::code`], a stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A win on time or by abandonment for a side that could not checkmate.
    FlagCannotMate,
    /// A result other than the one the board had already fixed.
    ResultVsBoard,
    /// A game that went on after a fivefold repetition or 75 moves (2023 9.6).
    AutomaticEndIgnored,
    /// A draw on time although the opponent could checkmate.
    FlagDrawCouldMate,
    /// A move that is not legal.
    IllegalMove,
    /// A game that could not be read.
    Unparseable,
    /// A clock at zero, increment included, with the game going on.
    ClockZero,
    /// A clock that went up by more than the time control gives.
    ClockIncrease,
    /// A clock reading that contradicts the time the move is said to take.
    ClockEmt,
    /// The helpmate search could not decide a flag or abandonment question.
    MateUndecided,
    /// Movetext with no game termination marker.
    Truncated,
    /// A threefold repetition that could have been claimed (`--claimable`).
    ClaimableThreefold,
    /// Fifty moves that could have been claimed (`--claimable`).
    ClaimableFifty,
}

impl Kind {
    /// Every kind, most severe first.
    pub const ALL: [Kind; 13] = [
        Kind::FlagCannotMate,
        Kind::ResultVsBoard,
        Kind::AutomaticEndIgnored,
        Kind::FlagDrawCouldMate,
        Kind::IllegalMove,
        Kind::Unparseable,
        Kind::ClockZero,
        Kind::ClockIncrease,
        Kind::ClockEmt,
        Kind::MateUndecided,
        Kind::Truncated,
        Kind::ClaimableThreefold,
        Kind::ClaimableFifty,
    ];

    /// The name the reports print (`flag-cannot-mate`, …): stable.
    pub fn code(self) -> &'static str {
        match self {
            Kind::FlagCannotMate => "flag-cannot-mate",
            Kind::ResultVsBoard => "result-vs-board",
            Kind::AutomaticEndIgnored => "automatic-end-ignored",
            Kind::FlagDrawCouldMate => "flag-draw-could-mate",
            Kind::IllegalMove => "illegal-move",
            Kind::Unparseable => "unparseable",
            Kind::ClockZero => "clock-zero",
            Kind::ClockIncrease => "clock-increase",
            Kind::ClockEmt => "clock-emt",
            Kind::MateUndecided => "mate-undecided",
            Kind::Truncated => "truncated",
            Kind::ClaimableThreefold => "claimable-threefold",
            Kind::ClaimableFifty => "claimable-fifty",
        }
    }

    /// Its rank in [`Kind::ALL`], 0 for the most severe.
    pub fn severity(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// One thing found in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What it is about.
    pub kind: Kind,
    /// Half-move concerned (1-based; 0 = the starting position).
    pub ply: u32,
    /// The position concerned (after the ply; before it for an illegal move).
    pub fen: Option<String>,
    /// The article of the edition in force, where a Law applies.
    pub article: Option<&'static str>,
    /// One line of explanation.
    pub message: String,
}

/// The audit of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Position of the game in the whole input, 1-based.
    pub game: u64,
    /// Index of its file in the file list.
    pub file: usize,
    /// Byte offset of its first tag in the (decompressed) stream.
    pub offset: u64,
    /// Line (1-based) of its first tag.
    pub line: u64,
    /// Tags, as read (Latin-1 decoded where they are not UTF-8).
    pub tags: Tags,
    /// Half-moves replayed.
    pub plies: u32,
    /// What was found.
    pub findings: Vec<Finding>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_listed_by_severity_with_distinct_codes() {
        for (i, k) in Kind::ALL.into_iter().enumerate() {
            assert_eq!(k.severity(), i, "{k}");
            assert_eq!(format!("{k:<22}").trim_end(), k.code());
        }
        let mut codes: Vec<&str> = Kind::ALL.iter().map(|k| k.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Kind::ALL.len());
    }
}
