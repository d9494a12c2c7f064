//! The stored and transmitted forms of arbitre's games.
//!
//! A game is stored and sent as its setup and its events (the state is a
//! fold of the events): [`SetupRecord`], [`EventRecord`] (time, actor, one
//! [`ActionRecord`]). These types are the project's vocabulary on the wire
//! and on disk — a scenario file, a stored game and an API request speak it
//! alike — and they are kept apart from the engine's internal types: each
//! converts to and from the engine's at this boundary (`to_setup`,
//! `to_event`, `from_event`), with every error naming its JSON path.
//!
//! Every stored record carries the version of its format, [`VERSION`]
//! (`"v": 1`); a version this code does not know is refused with a clear
//! error rather than misread.

#![warn(missing_docs)]

pub mod action;
pub mod error;
pub mod event;
pub mod pgn;
pub mod request;
pub mod scenario;
pub mod setup;
pub mod stored;
pub mod time;
pub mod view;

pub use action::{ActionRecord, SealRecord};
pub use error::RecordError;
pub use event::EventRecord;
pub use setup::SetupRecord;
pub use stored::{
    DecisionRecord, Divergence, Entry, OutcomeRecord, ServerCause, StoredEntry, StoredGame,
};

/// The version of the record format.
pub const VERSION: u32 = 1;

/// The engine that wrote a record: stamped in every stored game.
pub fn engine_version() -> String {
    format!("arbitre-laws {}", arbitre_laws::VERSION)
}
