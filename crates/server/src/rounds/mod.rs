//! Rounds (../shared/spec/ROUNDS.md): the boards of a round created at once
//! from the pairing program's files, read together, broadcast as one PGN
//! feed, and given back as the tournament file with this round's results.
//! Every board is an ordinary game; the round's row (the store's
//! `rounds`) holds what ties them: the boards in order, their players as
//! the pairing program knows them, the byes and the TRF.

pub mod act;
pub mod feed;
pub mod files;
pub mod request;
pub mod schema;
pub mod trf;

use std::sync::Arc;

use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, Path, Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use futures_util::future::join_all;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{
    app::{body_text, language, App, LangQuery},
    error::ApiError,
    owner::{store_unavailable, Command},
};
use arbitre_store::{RoundRow, StoreError};
use request::{Bye, Player, RoundRequest};

/// A board of a stored round.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoundBoard {
    /// The board's number.
    pub board: u32,
    /// Its game's id.
    pub game: String,
    /// White, as the pairing program knows him.
    pub white: Player,
    /// Black.
    pub black: Player,
}

/// A round as stored (the body of its row).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredRound {
    /// PGN's `Event`.
    #[serde(default)]
    pub event: Option<String>,
    /// PGN's `Site`.
    #[serde(default)]
    pub site: Option<String>,
    /// PGN's `Date` (`YYYY.MM.DD`).
    #[serde(default)]
    pub date: Option<String>,
    /// The round's number.
    pub round: u32,
    /// Seconds by which the public reads lag behind the boards.
    #[serde(default)]
    pub broadcast_delay: u64,
    /// The boards, in order.
    pub boards: Vec<RoundBoard>,
    /// The pairing-allocated byes.
    #[serde(default)]
    pub byes: Vec<Bye>,
    /// The tournament file given at creation, if the pairings came as one.
    #[serde(default)]
    pub trf: Option<String>,
}

/// A round's ids are a game's: twelve letters and digits.
fn round_id() -> Result<String, ApiError> {
    crate::app::new_id()
}

/// The round `id` and its body (`404` when there is none).
pub(crate) async fn load(app: &App, id: &str) -> Result<StoredRound, ApiError> {
    let row = app
        .shared
        .store
        .round(id)
        .await
        .map_err(store_unavailable)?
        .ok_or_else(|| ApiError::not_found(format!("no round `{id}`")))?;
    serde_json::from_str(&row.body)
        .map_err(|e| store_unavailable(StoreError::Corrupt(format!("round `{id}`: {e}"))))
}

/// `POST /api/rounds` (organiser): every board's game created, then the
/// round; `201` with each board's game and tokens.
#[utoipa::path(post, path = "/api/rounds", tag = "rounds",
    params(("lang" = Option<String>, Query, description = "Language of the answer's messages (en, fr, …)")),
    request_body(content = crate::rounds::schema::RoundBody, description = "The setup of every board, the round's tags and the pairings"),
    responses((status = 201, body = crate::rounds::schema::RoundCreated), (status = 400, body = crate::openapi::ErrorBody),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 413, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn create_round(
    State(app): State<Arc<App>>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.organiser(&headers).await?;
    let lang = language(&query, app.shared.lang)?;
    let text = body_text(body)?;
    let request = RoundRequest::parse(&text)?;
    // one key pair for the round's arbiter when none is given: he opens
    // every board's envelope with it
    let made = match request.games.first() {
        Some(first) => app.arbiter_key_for(first)?,
        None => None,
    };
    let public = made.as_ref().map(|m| &m.public);
    let delay = (request.broadcast_delay > 0).then_some(request.broadcast_delay);
    let created = join_all(
        request
            .games
            .iter()
            .map(|game| app.create(game.clone(), public, lang, delay)),
    )
    .await;
    let mut boards = Vec::with_capacity(created.len());
    let mut answer_boards = Vec::with_capacity(created.len());
    for (pairing, new) in request.pairings.boards.iter().zip(created) {
        let new = new?;
        answer_boards.push(json!({
            "board": pairing.board,
            "game": new.id,
            "white": pairing.white,
            "black": pairing.black,
            "tokens": new.tokens,
            "sealable": new.sealable,
        }));
        boards.push(RoundBoard {
            board: pairing.board,
            game: new.id,
            white: pairing.white.clone(),
            black: pairing.black.clone(),
        });
    }
    let stored = StoredRound {
        event: request.event,
        site: request.site,
        date: request.date,
        round: request.round,
        broadcast_delay: request.broadcast_delay,
        boards,
        byes: request.pairings.byes.clone(),
        trf: request.pairings.trf.clone(),
    };
    let id = round_id()?;
    let body = serde_json::to_string(&stored)
        .map_err(|e| ApiError::malformed(format!("the round cannot be stored: {e}")))?;
    app.shared
        .store
        .create_round(&RoundRow {
            id: id.clone(),
            created_ms: app.shared.clock.now_ms(),
            body,
        })
        .await
        .map_err(store_unavailable)?;
    tracing::info!(round = %id, boards = stored.boards.len(), "round created");
    let mut answer = json!({
        "id": id,
        "round": stored.round,
        "boards": answer_boards,
        "byes": stored.byes,
        "links": {"round": format!("/rounds/{id}"), "pgn": format!("/api/rounds/{id}/pgn")},
    });
    if let Some(made) = made {
        answer["arbiter_key_file"] = json!(made.file);
    }
    Ok((
        StatusCode::CREATED,
        [(header::CACHE_CONTROL, "no-store")],
        Json(answer),
    )
        .into_response())
}

/// Each board's state, result and moves as listed by the store.
async fn board_rows(app: &App, round: &StoredRound) -> Vec<Value> {
    let rows = join_all(round.boards.iter().map(|b| app.shared.store.game(&b.game))).await;
    round
        .boards
        .iter()
        .zip(rows)
        .map(|(b, row)| {
            let (state, result, moves) = match row {
                Ok(Some(g)) => (g.state, g.result.unwrap_or_else(|| "*".into()), g.moves),
                _ => ("unavailable".into(), "*".into(), 0),
            };
            json!({
                "board": b.board, "game": b.game, "white": b.white, "black": b.black,
                "state": state, "result": result, "moves": moves,
            })
        })
        .collect()
}

/// What the arbiter of a round sees of each board besides its listing:
/// the clocks, whose runs, what waits for him (a ruling, an offer,
/// alerts, the players' pending calls) and each player's illegal moves — from each game's
/// owner (extension of ROUNDS.md's `GET /api/rounds/{id}`).
async fn board_details(app: &App, round: &StoredRound, rows: &mut [Value]) {
    let states = join_all(
        round
            .boards
            .iter()
            .map(|b| app.shared.ask(&b.game, |reply| Command::State(None, reply))),
    )
    .await;
    for (row, state) in rows.iter_mut().zip(states) {
        let Ok(state) = state else { continue };
        if let Value::Object(map) = row {
            for key in [
                "clocks",
                "running",
                "awaiting",
                "offer",
                "illegal_moves",
                "calls",
            ] {
                map.insert(key.into(), state[key].clone());
            }
            map.insert(
                "alerts".into(),
                json!(state["alerts"].as_array().map_or(0, Vec::len)),
            );
        }
    }
}

/// `GET /api/rounds` (anyone).
#[utoipa::path(get, path = "/api/rounds", tag = "rounds",
    responses((status = 200, body = crate::rounds::schema::RoundList)))]
pub(crate) async fn list_rounds(State(app): State<Arc<App>>) -> Result<Json<Value>, ApiError> {
    let rows = app.shared.store.rounds().await.map_err(store_unavailable)?;
    let mut rounds = Vec::with_capacity(rows.len());
    for row in rows {
        let Ok(round) = serde_json::from_str::<StoredRound>(&row.body) else {
            continue;
        };
        let boards = board_rows(&app, &round).await;
        let finished = boards.iter().all(|b| b["state"] == "finished");
        rounds.push(json!({
            "id": row.id, "event": round.event, "round": round.round,
            "boards": round.boards.len(), "finished": finished,
        }));
    }
    Ok(Json(json!({ "rounds": rounds })))
}

/// Each board as the public sees it with a broadcast delay: its state,
/// result and moves as they stood `until` (no clocks nor what waits for
/// the arbiter: those are the present).
async fn board_rows_at(app: &App, round: &StoredRound, until: i64) -> Vec<Value> {
    let states = join_all(
        round
            .boards
            .iter()
            .map(|b| app.shared.state_at(&b.game, until, None)),
    )
    .await;
    round
        .boards
        .iter()
        .zip(states)
        .map(|(b, state)| {
            let (state, result, moves) = match state {
                Ok(s) => (
                    s["state"].clone(),
                    s["result"].clone(),
                    json!(s["scoresheet"].as_array().map_or(0, Vec::len)),
                ),
                Err(_) => (json!("unavailable"), json!("*"), json!(0)),
            };
            json!({
                "board": b.board, "game": b.game, "white": b.white, "black": b.black,
                "state": state, "result": result, "moves": moves,
            })
        })
        .collect()
}

/// `GET /api/rounds/{id}` (anyone; a round broadcast with a delay is seen
/// by whoever does not hold the organiser's token as it stood then).
#[utoipa::path(get, path = "/api/rounds/{id}", tag = "rounds",
    params(("id" = String, Path, description = "The round's id")),
    responses((status = 200, body = crate::rounds::schema::RoundView), (status = 404, body = crate::openapi::ErrorBody)))]
pub(crate) async fn get_round(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let round = load(&app, &id).await?;
    let delayed = round.broadcast_delay > 0 && app.organiser(&headers).await.is_err();
    let boards = if delayed {
        let delay = i64::try_from(round.broadcast_delay).unwrap_or(i64::MAX / 2_000);
        board_rows_at(&app, &round, app.shared.clock.now_ms() - delay * 1000).await
    } else {
        let mut boards = board_rows(&app, &round).await;
        board_details(&app, &round, &mut boards).await;
        boards
    };
    Ok(Json(json!({
        "id": id, "event": round.event, "site": round.site, "date": round.date,
        "round": round.round, "broadcast_delay": round.broadcast_delay,
        "boards": boards, "byes": round.byes, "trf": round.trf.is_some(),
    })))
}
