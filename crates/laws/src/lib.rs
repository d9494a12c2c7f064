#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod clock;
pub mod dead;
pub mod edition;
pub mod event;
pub mod explain;
pub mod game;
pub mod lag;
mod mobility;
pub mod notation;
pub mod outcome;
pub mod position;
pub mod replay;
pub mod san;
pub mod seal;

pub use clock::{Clock, Instant, Millis, TimeControl};
pub use edition::{Article, Edition, EditionId, GameType, Power, Provision};
pub use event::{Action, ActionKind, Actor, ClaimKind, Event};

/// The version of the laws engine, stamped in every stored game.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub use explain::{Arg, DecisionKind, Note};
pub use game::{Acceptance, Applied, Decision, DrawClaim, Game, Setup};
pub use notation::Language;
pub use outcome::{Circumstance, GameResult, Outcome, Ruling, State, Termination};
