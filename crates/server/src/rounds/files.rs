//! The pairing program's files (a TRF with the pairing engine's pairs, or
//! the pairing PGN) read into a round's boards: the reading itself is
//! `arbitre-pairing`'s; here its errors become `400`s that name the line.

use super::request::Pairings;
use crate::error::ApiError;

fn unreadable(path: &str, message: String) -> ApiError {
    ApiError {
        path: Some(path.into()),
        ..ApiError::malformed(message)
    }
}

/// The pairing PGN: one game per board, no moves.
pub fn from_pgn(_text: &str) -> Result<Pairings, ApiError> {
    Err(unreadable(
        "pairings.pgn",
        "this server does not read pairing PGN files yet: give the boards as JSON".into(),
    ))
}

/// A TRF and the pairing engine's pairs.
pub fn from_trf(_trf: &str, _pairs: &str) -> Result<Pairings, ApiError> {
    Err(unreadable(
        "pairings.trf",
        "this server does not read TRF files yet: give the boards as JSON".into(),
    ))
}
