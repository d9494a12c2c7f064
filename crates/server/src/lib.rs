//! `arbitre serve`: live games under the Laws (`../shared/spec/API.md`).
//!
//! Built in layers, each usable on its own: [`live`] holds one game as its
//! owner does (the engine, the stored log, the answers given to each
//! `client_id`, the API's rules around the Laws), with no IO and no clock;
//! the store (`arbitre-store`) makes an entry durable before it is
//! answered; the HTTP layer and the per-game timers come on top.

#![warn(missing_docs)]

pub mod auth;
pub mod live;
