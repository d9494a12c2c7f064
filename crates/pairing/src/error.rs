//! The errors of each reader and writer: every one names the line (and, in a
//! TRF, the column) and says what was expected, so that an arbiter can mend
//! the file the pairing program gave.

use std::fmt;

/// A TRF that cannot be read: where, and what was expected.
///
/// Lines and columns count from 1; columns count characters, as the TRF's
/// fixed columns do (a name with accents is still 33 columns wide).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, where the fault is in one field.
    pub column: Option<usize>,
    /// What was expected and what was found.
    pub message: String,
}

impl TrfError {
    pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    pub(crate) fn line(line: usize, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {column}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for TrfError {}

/// Why a round cannot be written into a TRF
/// ([`Tournament::with_round`](crate::Tournament::with_round)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// Rounds count from 1, and only a played round or the next one can be
    /// written.
    #[error("round {round} cannot be written: the TRF has {played} rounds, so rounds 1 to {next} can", next = played + 1)]
    Round {
        /// The round asked for.
        round: usize,
        /// The rounds the TRF holds.
        played: usize,
    },
    /// An entry names a start rank that has no `001` line.
    #[error("player {0} is not in the TRF")]
    UnknownPlayer(u32),
    /// Two entries for one player.
    #[error("player {0} has two entries")]
    Twice(u32),
    /// An entry's opponent is not in the TRF, or is the player himself.
    #[error("player {player}'s opponent {opponent} is not in the TRF or is himself")]
    Opponent {
        /// The player.
        player: u32,
        /// The opponent named.
        opponent: u32,
    },
    /// A player's opponent has no entry naming him back with the other
    /// colour.
    #[error("player {player} meets {opponent}, whose entry does not name {player} with the other colour")]
    Unmatched {
        /// The player.
        player: u32,
        /// The opponent.
        opponent: u32,
    },
    /// An entry whose opponent, colour and result do not go together (the
    /// same rules as reading: a game has an opponent and a colour, a bye has
    /// neither).
    #[error("player {player}: {message}")]
    Entry {
        /// The player.
        player: u32,
        /// What does not go together.
        message: String,
    },
    /// The points after this round do not fit columns 81–84 (0.0 to 99.9),
    /// or would be below zero (points in the file less than this round's
    /// column counted).
    #[error("player {0}'s points after this round do not fit columns 81-84 (0.0 to 99.9)")]
    Points(u32),
}

/// A pairs file that cannot be read, or that does not fit the TRF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PairsError {
    /// The line, from 1.
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// A pairing PGN that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PgnError {
    /// The line, from 1.
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}
