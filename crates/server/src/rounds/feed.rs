//! `GET /api/rounds/{id}/pgn`: the broadcast feed (ROUNDS.md, "The broadcast
//! feed"). Every board in board order as one PGN file, each game as the
//! Laws let it stand (the scoresheet's moves: a move taken back by a ruling
//! is in no line), `[%clk]` after every move, the players' FIDE data in the
//! tags, an `ETag` a poller sends back to get `304` while nothing changed,
//! and, with a broadcast delay, each game as it stood that many seconds
//! ago.

use std::sync::Arc;

use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use futures_util::future::join_all;
use sha2::{Digest, Sha256};

use super::{load, RoundBoard, StoredRound};
use crate::{app::App, error::ApiError};

/// The tags of board `b` of `round`, in the roster's order and then the
/// players' FIDE data where the pairing program knew it.
pub fn tags(round: &StoredRound, b: &RoundBoard) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| tags.push((k.to_owned(), v));
    put("Event", round.event.clone().unwrap_or_else(|| "?".into()));
    put("Site", round.site.clone().unwrap_or_else(|| "?".into()));
    if let Some(date) = &round.date {
        put("Date", date.clone());
    }
    put("Round", format!("{}.{}", round.round, b.board));
    for (side, player) in [("White", &b.white), ("Black", &b.black)] {
        if let Some(id) = player.fide_id {
            put(&format!("{side}FideId"), id.to_string());
        }
        if let Some(title) = &player.title {
            put(&format!("{side}Title"), title.clone());
        }
        if let Some(rating) = player.rating {
            put(&format!("{side}Elo"), rating.to_string());
        }
    }
    tags
}

/// The round's PGN as the public sees it now: with its delay, as it stood
/// `broadcast_delay` seconds ago.
pub async fn round_pgn_text(app: &App, round: &StoredRound) -> Result<String, ApiError> {
    let until = (round.broadcast_delay > 0).then(|| {
        app.shared.clock.now_ms() - i64::try_from(round.broadcast_delay).unwrap_or(0) * 1000
    });
    let games = join_all(round.boards.iter().map(|b| {
        let tags = tags(round, b);
        async move { app.shared.pgn_tagged(&b.game, &tags, until).await }
    }))
    .await;
    let mut out = String::new();
    for game in games {
        let game = game?;
        out.push_str(game.trim_end());
        out.push_str("\n\n");
    }
    Ok(out)
}

/// The validator of a feed's bytes.
pub fn etag(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    format!("\"{}\"", hex::encode(&digest[..16]))
}

/// `GET /api/rounds/{id}/pgn` (anyone).
#[utoipa::path(get, path = "/api/rounds/{id}/pgn", tag = "rounds",
    params(("id" = String, Path, description = "The round's id"),
           ("If-None-Match" = Option<String>, Header, description = "The ETag of the feed last read: `304` when nothing changed")),
    responses((status = 200, content_type = "application/x-chess-pgn", body = String), (status = 304, description = "Nothing changed"),
              (status = 404, body = crate::openapi::ErrorBody)))]
pub(crate) async fn round_pgn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = load(&app, &id).await?;
    let body = round_pgn_text(&app, &round).await?;
    let tag = etag(&body);
    let fresh = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|v| v.trim() == tag || v.trim() == "*");
    let etag_value = HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\""));
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag_value)]).into_response());
    }
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/x-chess-pgn; charset=utf-8"),
            ),
            (header::ETAG, etag_value),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response())
}
