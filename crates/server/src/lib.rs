//! `arbitre serve`: live games under the Laws (`../shared/spec/API.md`).
//!
//! Built in layers, each usable on its own: [`live`] holds one game as its
//! owner does (the engine, the stored log, the answers given to each
//! `client_id`, the API's rules around the Laws), with no IO and no clock;
//! [`owner`] gives each loaded game one task that alone changes it, stores
//! each entry before it is answered or broadcast, and wakes at the engine's
//! next deadline; [`app`] and [`stream`] are the HTTP API on axum;
//! [`cluster`] forwards a game's requests to the node that owns it when
//! several nodes share one PostgreSQL database; [`serve`] starts, restores
//! after a crash, takes over the games of a node whose lease expired, and
//! shuts down.

#![warn(missing_docs)]

pub mod app;
pub mod auth;
pub mod bare;
pub mod board;
mod body_timeout;
pub mod clock;
pub mod cluster;
mod delayed;
pub mod error;
pub mod keys;
pub mod listen;
pub mod live;
pub mod metrics;
pub mod openapi;
pub mod owner;
pub mod pages;
pub mod rounds;
pub mod serve;
pub mod stream;
pub mod tls;
