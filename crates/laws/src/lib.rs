#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod clock;
pub mod dead;
pub mod edition;
pub mod event;
pub mod explain;
pub mod game;
mod mobility;
pub mod notation;
pub mod outcome;
pub mod replay;
pub mod seal;

pub use clock::{Clock, Millis, TimeControl};
pub use edition::{Article, Edition, EditionId, GameType};
pub use event::{Action, Actor, ClaimKind, Event};
pub use game::{Decision, Game, Setup};
pub use notation::Language;
pub use outcome::{GameResult, Outcome, State, Termination};
