//! The shapes of the rounds' paths in the OpenAPI document
//! (`../shared/spec/ROUNDS.md` and this server's extensions), beside the
//! games' in `openapi.rs`.

#![allow(dead_code)]

use serde_json::Value;
use utoipa::ToSchema;

use crate::openapi::{Counts, Object, PendingCall, Tokens};

/// `POST /api/rounds`: every setup key of `POST /api/games` for every
/// board, the round's PGN tags, the broadcast delay and the pairings.
#[derive(ToSchema)]
pub struct RoundBody {
    /// `fide-1930`, `fide-2001`, `fide-2005` or `fide-2023`.
    edition: String,
    /// PGN's TimeControl syntax and its extensions.
    time_control: String,
    game_type: Option<String>,
    regulations: Option<Object>,
    notation: Option<String>,
    /// base64 of the round arbiter's X25519 public key; without it, the
    /// server makes a key pair for the round and answers its file once.
    arbiter_key: Option<String>,
    event: Option<String>,
    site: Option<String>,
    /// `YYYY.MM.DD`.
    date: Option<String>,
    /// The round's number.
    round: Option<u32>,
    /// Seconds the public sees the round's games late (default 0).
    broadcast_delay: Option<u64>,
    pairings: Pairings,
}

/// One of: `{"trf", "pairs"}` (a TRF-16, TRF(x) or TRF-26 file and the
/// pairing engine's pairs in JaVaFo's form), `{"pgn"}` (the pairing PGN),
/// `{"boards": [{"board", "white", "black"}]}`.
#[derive(ToSchema)]
pub struct Pairings {
    trf: Option<String>,
    pairs: Option<String>,
    pgn: Option<String>,
    boards: Option<Vec<Object>>,
}

/// A player as the pairing program knows him.
#[derive(ToSchema)]
pub struct Player {
    name: String,
    fide_id: Option<u64>,
    title: Option<String>,
    rating: Option<u32>,
    federation: Option<String>,
    start_rank: Option<u32>,
}

/// `201`: the round, each board's game and its tokens (shown once).
#[derive(ToSchema)]
pub struct RoundCreated {
    id: String,
    round: u32,
    boards: Vec<CreatedBoard>,
    /// The players given the pairing-allocated bye.
    byes: Vec<Object>,
    /// The round's page and its broadcast feed.
    links: Object,
    /// The round arbiter's key file, when the server made the key pair:
    /// shown once, never stored.
    arbiter_key_file: Option<Object>,
}

/// A board of a new round.
#[derive(ToSchema)]
pub struct CreatedBoard {
    board: u32,
    game: String,
    white: Player,
    black: Player,
    tokens: Tokens,
    /// Whether a sealed move of this board can be put in an envelope.
    sealable: bool,
}

/// `GET /api/rounds`.
#[derive(ToSchema)]
pub struct RoundList {
    rounds: Vec<RoundSummary>,
}

/// One round of the list.
#[derive(ToSchema)]
pub struct RoundSummary {
    id: String,
    event: Option<String>,
    round: u32,
    /// How many boards.
    boards: u64,
    /// Whether every board's game is over.
    finished: bool,
}

/// `GET /api/rounds/{id}`.
#[derive(ToSchema)]
pub struct RoundView {
    id: String,
    event: Option<String>,
    site: Option<String>,
    date: Option<String>,
    round: u32,
    broadcast_delay: u64,
    boards: Vec<BoardView>,
    byes: Vec<Object>,
    /// Whether the round was made from a TRF (its results can be given back).
    trf: bool,
}

/// A board of a round: its game as listed; for the organiser (or any
/// reader of a round without a broadcast delay) also the clocks, whose
/// clock runs, what waits for the arbiter and each player's illegal moves.
#[derive(ToSchema)]
pub struct BoardView {
    board: u32,
    game: String,
    white: Player,
    black: Player,
    /// `playing`, `adjourned`, `awaiting-ruling`, `finished` (or
    /// `unavailable` when the store cannot say).
    state: String,
    result: String,
    /// Half-moves played.
    moves: u64,
    clocks: Option<Value>,
    running: Option<String>,
    awaiting: Option<Object>,
    offer: Option<String>,
    illegal_moves: Option<Counts>,
    /// The players' calls of the arbiter not answered yet, oldest first.
    calls: Option<Vec<PendingCall>>,
    /// How many alerts the server recorded (outages).
    alerts: Option<u64>,
}

/// `POST /api/rounds/{id}/events`: `{"start": true}`, `{"stop_clocks":
/// true}`, `{"restart_clocks": true}` or `{"adjourn": {…}}`.
#[derive(ToSchema)]
pub struct RoundEventBody {
    #[schema(inline)]
    action: Object,
}

/// Each board's answer to a round's event.
#[derive(ToSchema)]
pub struct RoundEventAnswer {
    round: String,
    boards: Vec<Object>,
}
