//! The pairing program's files (a TRF with the pairing engine's pairs, or
//! the pairing PGN) read into a round's boards: the reading itself is
//! `arbitre-pairing`'s; here its errors become `400`s that name the file,
//! the line (and for a TRF the column) and what was expected.

use arbitre_pairing::{parse_pairs, parse_pgn, round_boards, Tournament};

use super::request::{Bye, Pairing, Pairings, Player};
use crate::error::ApiError;

fn unreadable(path: &str, message: String) -> ApiError {
    ApiError {
        path: Some(path.into()),
        ..ApiError::malformed(message)
    }
}

fn player(p: arbitre_pairing::Player) -> Player {
    Player {
        name: p.name,
        fide_id: p.fide_id,
        title: p.title,
        rating: p.rating,
        federation: p.federation,
        start_rank: p.start_rank,
    }
}

fn boards(boards: Vec<arbitre_pairing::Board>) -> Vec<Pairing> {
    boards
        .into_iter()
        .map(|b| Pairing {
            board: b.board,
            white: player(b.white),
            black: player(b.black),
        })
        .collect()
}

/// The pairing PGN: one game per board, no moves.
pub fn from_pgn(text: &str) -> Result<Pairings, ApiError> {
    let round =
        parse_pgn(text).map_err(|e| unreadable("pairings.pgn", format!("the pairing PGN, {e}")))?;
    Ok(Pairings {
        boards: boards(round.boards),
        byes: Vec::new(),
        trf: None,
        round: round.round,
    })
}

/// A TRF and the pairing engine's pairs: the round after the TRF's last.
pub fn from_trf(trf: &str, pairs: &str) -> Result<Pairings, ApiError> {
    let tournament =
        Tournament::parse(trf).map_err(|e| unreadable("pairings.trf", format!("the TRF, {e}")))?;
    let pairs = parse_pairs(pairs, &tournament)
        .map_err(|e| unreadable("pairings.pairs", format!("the pairs file, {e}")))?;
    let round = round_boards(&tournament, &pairs);
    let next = u32::try_from(tournament.rounds_played() + 1).ok();
    Ok(Pairings {
        boards: boards(round.boards),
        byes: round
            .byes
            .into_iter()
            .map(|b| Bye {
                start_rank: b.start_rank,
                name: b.name,
            })
            .collect(),
        trf: Some(trf.to_owned()),
        round: next,
    })
}
