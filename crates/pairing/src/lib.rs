#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod board;
pub mod error;
mod lines;
pub mod pairs;
pub mod pgn;
pub mod trf;

pub use board::{round_boards, Board, Bye, Player, Round};
pub use error::{PairsError, PgnError, RoundError, TrfError};
pub use pairs::{parse_pairs, Pairs};
pub use pgn::{parse_pgn, PgnRound};
pub use trf::{
    Colour, PlayerRecord, Points, Record, ResultCode, RoundEntry, RoundResult, Scoring, Tournament,
    Version,
};
