//! What every reader gives the server: the boards of a round, each with its
//! two players, and the players given a bye. The JSON shape is ROUNDS.md's
//! PLAYER: `name`, `fide_id`, `title`, `rating`, `federation`,
//! `start_rank` (only `name` required).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::{
    pairs::Pairs,
    trf::{PlayerRecord, Tournament},
};

/// A player at a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// `Lastname, Firstname`, as the pairing program wrote it.
    pub name: String,
    /// The FIDE id; `None` where unknown (or written 0).
    #[serde(default)]
    pub fide_id: Option<u64>,
    /// The title (`GM`, `WIM`, …).
    #[serde(default)]
    pub title: Option<String>,
    /// The FIDE rating; `None` where unrated (or written 0).
    #[serde(default)]
    pub rating: Option<u32>,
    /// The federation (`FRA`, …).
    #[serde(default)]
    pub federation: Option<String>,
    /// The start rank in the tournament's TRF.
    #[serde(default)]
    pub start_rank: Option<u32>,
}

impl Player {
    /// The player of a TRF `001` line. A rating or FIDE id of 0 is taken as
    /// none, as pairing programs write 0 for unrated players.
    pub fn from_record(record: &PlayerRecord) -> Player {
        Player {
            name: record.name.clone(),
            fide_id: record.fide_id.filter(|&id| id != 0),
            title: record.title.clone(),
            rating: record.rating.filter(|&r| r != 0),
            federation: record.federation.clone(),
            start_rank: Some(record.start_rank),
        }
    }
}

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The board number, from 1.
    pub board: u32,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
}

/// A player of the tournament without a board this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// The start rank.
    pub start_rank: u32,
    /// The name.
    pub name: String,
}

/// A round as the pairing program made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The boards, in board order.
    pub boards: Vec<Board>,
    /// The player given the pairing-allocated bye (`N 0`), if any.
    pub byes: Vec<Bye>,
    /// The players of the TRF in neither a pair nor the bye: not paired this
    /// round (written back with a blank result, a zero-point bye).
    pub unpaired: Vec<Bye>,
}

/// The boards of a round from the TRF and the pairs the engine computed
/// for it (checked against each other by
/// [`parse_pairs`](crate::parse_pairs)); boards are numbered from 1 in the
/// pairs' order.
pub fn round_boards(tournament: &Tournament, pairs: &Pairs) -> Round {
    let player = |rank: u32| {
        tournament
            .player(rank)
            .map(Player::from_record)
            .unwrap_or_else(|| Player {
                name: String::new(),
                fide_id: None,
                title: None,
                rating: None,
                federation: None,
                start_rank: Some(rank),
            })
    };
    let bye = |record: &PlayerRecord| Bye {
        start_rank: record.start_rank,
        name: record.name.clone(),
    };
    let boards = pairs
        .boards
        .iter()
        .zip(1..)
        .map(|(&(white, black), board)| Board {
            board,
            white: player(white),
            black: player(black),
        })
        .collect();
    let byes = pairs
        .bye
        .and_then(|rank| tournament.player(rank))
        .map(bye)
        .into_iter()
        .collect();
    let paired: HashSet<u32> = pairs
        .boards
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(pairs.bye)
        .collect();
    let unpaired = tournament
        .players()
        .iter()
        .filter(|p| !paired.contains(&p.start_rank))
        .map(bye)
        .collect();
    Round {
        boards,
        byes,
        unpaired,
    }
}
