//! `POST /bench/bare/{id}`: the load benchmark's limit (`bench/load.sh`,
//! BENCHMARKS.md, "The server under load"), off unless `arbitre serve
//! --bench-bare` calls [`enable`] before the router is built.
//!
//! The same HTTP stack as `POST /api/games/{id}/events` (axum, its body
//! limit, the per-address middleware, the bearer token hashed and looked up
//! in a cache filled from the store), committing the same bytes — an entry
//! and a stored answer of the size of a move's, with the listing's columns —
//! through the same store ([`arbitre_store::Store::append`], group commit)
//! and answered after the commit, but with no chess engine: no owner task,
//! no Laws, no game state in the answer, no broadcast. A game must exist
//! (`POST /api/games`); its events here are numbered from 0 by this module
//! alone, so a game takes its events either here or through the API, not
//! both.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
};

use arbitre_store::{Append, Seat, StoreError, Summary, TokenHash};
use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, DefaultBodyLimit, Path, State},
    http::{header, HeaderMap},
    routing::post,
    Extension, Json, Router,
};
use serde_json::{json, Value};

use crate::{
    app::{App, BODY_LIMIT},
    auth::bearer,
    error::ApiError,
    owner::store_unavailable,
};

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Turns the bare endpoint on for the routers built from now on.
pub fn enable() {
    ENABLED.store(true, Ordering::Relaxed);
}

/// `POST /bench/bare/{id}` when [`enable`]d, else no route.
pub fn router() -> Router<Arc<App>> {
    if !ENABLED.load(Ordering::Relaxed) {
        return Router::new();
    }
    Router::new()
        .route(
            "/bench/bare/{id}",
            post(bare).layer(DefaultBodyLimit::max(BODY_LIMIT)),
        )
        .layer(Extension(Arc::new(Bare::default())))
}

/// Each game's next `seq` and origin (ms), and the tokens seen.
#[derive(Default)]
struct Bare {
    games: Mutex<HashMap<String, (u64, i64)>>,
    tokens: Mutex<HashMap<TokenHash, (String, Seat)>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The seat a request's token holds in game `id` (`401`, `403`).
async fn seat(app: &App, bare: &Bare, headers: &HeaderMap, id: &str) -> Result<Seat, ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(bearer)
        .ok_or_else(|| ApiError::unauthorized("no token: send `Authorization: Bearer TOKEN`"))?;
    let hash = TokenHash::of(token);
    let cached = lock(&bare.tokens).get(&hash).cloned();
    let (game, seat) = match cached {
        Some(found) => found,
        None => {
            let found = app
                .shared
                .store
                .find_seat(&hash)
                .await
                .map_err(store_unavailable)?
                .ok_or_else(|| ApiError::unauthorized("unknown token"))?;
            lock(&bare.tokens).insert(hash, found.clone());
            found
        }
    };
    if game == id {
        Ok(seat)
    } else {
        Err(ApiError::forbidden("this token acts in another game"))
    }
}

/// One event: committed as a move's entry and answer of the same size
/// would be, answered `{"seq", "accepted": true, "decisions": []}`.
async fn bare(
    State(app): State<Arc<App>>,
    Extension(bare): Extension<Arc<Bare>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let received = std::time::Instant::now();
    let received_ms = app.shared.clock.now_ms();
    let seat = seat(&app, &bare, &headers, &id).await?;
    let body = body.map_err(|e| ApiError::malformed(format!("the body could not be read: {e}")))?;
    let text = std::str::from_utf8(&body)
        .map_err(|e| ApiError::malformed(format!("the body is not UTF-8: {e}")))?;
    let request: Value = serde_json::from_str(text)
        .map_err(|e| ApiError::malformed(format!("the body is not JSON: {e}")))?;
    let client_id = request["client_id"].as_str().map(str::to_owned);
    let (seq, origin_ms) = {
        let mut games = lock(&bare.games);
        let (next, origin) = games.entry(id.clone()).or_insert((0, received_ms));
        *next += 1;
        (*next - 1, *origin)
    };
    let t = (received_ms - origin_ms) as f64 / 1000.0;
    let (by, other) = match seat {
        Seat::White => ("white", "black"),
        Seat::Black => ("black", "white"),
        Seat::Arbiter => ("arbiter", "white"),
    };
    let san = request["move"].as_str().unwrap_or("e4");
    // the bytes a move stores: its entry, and the stream's message kept as
    // the answer to its client_id (clocks and states made up, same size)
    let entry = json!({"by": by, "decisions": [], "move": san, "seq": seq, "t": t});
    let answer = json!({
        "accepted": true, "action": {"move": san}, "at_ms": received_ms, "by": by,
        "clocks": {"black": 5400.0 - t, "white": 5430.0 - t}, "decisions": [],
        "received_ms": received_ms, "result": "*", "running": other, "seq": seq,
        "state": "playing", "t": t, "to_move": other, "type": "event",
    });
    let append = Append {
        game_id: id.clone(),
        seq,
        entry: entry.to_string(),
        received_ms,
        client_id,
        answer: Some(answer.to_string()),
        summary: Some(Summary {
            state: "playing".into(),
            result: None,
            moves: seq,
            changes_listing: true,
        }),
        // the bare endpoint's games are this node's, as created
        lease: 1,
    };
    match app.shared.store.append(append).await {
        Ok(()) => {}
        Err(StoreError::SeqTaken { next, .. }) => {
            lock(&bare.games).entry(id).or_default().0 = next;
            return Err(ApiError::stale(format!(
                "entry {seq} is taken: the game's next is {next}"
            )));
        }
        Err(e) => return Err(store_unavailable(e)),
    }
    app.shared.metrics.acknowledged(true, received.elapsed());
    Ok(Json(json!({"seq": seq, "accepted": true, "decisions": []})))
}
