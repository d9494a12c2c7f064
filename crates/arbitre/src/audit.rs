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
//! The code is in five parts: `read` (the inputs, their decompression and
//! the pgn-reader visitor that turns them into games), `stray` (the text
//! of a movetext that is no token the reader reads), `judge` (one game
//! replayed through the engine, and the checks above), `report` (text, CSV
//! and JSON, and the summary) and `command` (the reader thread, the batches
//! and the workers, and the command line's entry, [`run`]); `kind` holds the
//! kinds above ([`Kind`]).

use arbitre_laws::{Arg, EditionId, Language};
use serde::Serialize;

mod command;
mod judge;
mod kind;
mod read;
mod report;
mod stray;
mod stream;

pub use command::{audit_reader, run};
pub use judge::time_control;
pub use kind::{Class, Kind};
pub use read::Input;
pub use read::Tags;
pub use report::game_line;
pub use report::write_game_json;
pub use stream::{Item, Reports};

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

/// Which Laws judge the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditionChoice {
    /// Each game by its `Date` tag: the edition whose table is the nearest
    /// modelled text of the Laws in force that day
    /// ([`EditionId::judging`]); with no date, the latest.
    Auto,
    /// Every game under this one.
    Fixed(EditionId),
}

impl EditionChoice {
    /// `auto` or an edition's code (`audit --edition`), or what is wrong.
    pub fn parse(text: &str) -> Result<EditionChoice, String> {
        if text == "auto" {
            return Ok(EditionChoice::Auto);
        }
        text.parse()
            .map(EditionChoice::Fixed)
            .map_err(|e: arbitre_laws::edition::UnknownEdition| format!("{e}, or `auto`"))
    }

    /// `auto`, or the edition's code.
    pub fn code(self) -> &'static str {
        match self {
            EditionChoice::Auto => "auto",
            EditionChoice::Fixed(e) => e.code(),
        }
    }
}

/// What `arbitre audit` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Edition of the Laws the results are checked against.
    pub edition: EditionChoice,
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
    /// List the notes about the records too (they are always counted).
    pub notes: bool,
    /// Language of the words: the text report, the summary, the errors and
    /// the `message` of each finding in CSV and JSON (whose keys and codes
    /// stay as they are); English for a language without a catalogue.
    pub lang: Language,
}

impl Default for Options {
    /// What `arbitre audit FILE` does: each game under the Laws of its
    /// date, text, one worker per core, no claimable draws, dead positions
    /// tested where each game stopped.
    fn default() -> Options {
        Options {
            edition: EditionChoice::Auto,
            format: Format::Text,
            jobs: 0,
            claimable: false,
            thorough: false,
            fail_on_findings: false,
            notes: false,
            lang: Language::En,
        }
    }
}

/// The message `id` of the catalogue (`audit-…`, `arbitre-messages`) in
/// `lang`; its best rendering if it has an error (never seen when the
/// catalogue's tests pass).
fn say(lang: Language, id: &str, args: &[(&str, Arg)]) -> String {
    arbitre_messages::message(lang, id, args).unwrap_or_else(|e| e.text)
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
    /// One line of explanation, in the language asked for.
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
    /// The edition that judged it.
    pub edition: EditionId,
    /// Why that edition, where it is not plain (no date, a partial date, a
    /// game older than the text that judges it).
    pub edition_note: Option<String>,
    /// Half-moves replayed.
    pub plies: u32,
    /// What was found.
    pub findings: Vec<Finding>,
}
