//! `POST /api/rounds/{id}/events` (organiser; an extension of ROUNDS.md):
//! one arbiter's action applied to every board of the round whose game is
//! not over — starting the round, stopping or restarting every clock,
//! adjourning every game — in one request, so that a round of hundreds of
//! boards is acted on within the rate limits. Each board's event is an
//! ordinary event of its game, answered as `POST /api/games/{id}/events`
//! answers it (`Prefer: return=minimal`), board by board.

use std::sync::Arc;

use arbitre_laws::Actor;
use arbitre_record::{request::EventRequest, ActionRecord};
use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, Path, State},
    http::HeaderMap,
    Json,
};
use futures_util::future::join_all;
use serde_json::{json, Value};

use super::load;
use crate::{
    app::{body_text, submit, App},
    error::ApiError,
};

/// Whether `action` is one the arbiter applies to a whole round.
fn for_the_round(action: &ActionRecord) -> bool {
    matches!(
        action,
        ActionRecord::Start { .. }
            | ActionRecord::StopClocks
            | ActionRecord::RestartClocks
            | ActionRecord::Adjourn { .. }
    )
}

/// `POST /api/rounds/{id}/events`.
#[utoipa::path(post, path = "/api/rounds/{id}/events", tag = "rounds",
    params(("id" = String, Path, description = "The round's id")),
    request_body(content = crate::rounds::schema::RoundEventBody, description = "`start`, `stop_clocks`, `restart_clocks` or `adjourn`"),
    responses((status = 200, body = crate::rounds::schema::RoundEventAnswer), (status = 400, body = crate::openapi::ErrorBody),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 404, body = crate::openapi::ErrorBody), (status = 413, body = crate::openapi::ErrorBody),
              (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn round_event(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    app.organiser(&headers).await?;
    let text = body_text(body)?;
    let request = EventRequest::parse(&text).map_err(ApiError::record)?;
    if !for_the_round(&request.action) {
        return Err(ApiError::malformed(
            "a round takes `start`, `stop_clocks`, `restart_clocks` or `adjourn`; \
             any other event goes to its board's game",
        ));
    }
    if request.client_id.is_some() {
        return Err(ApiError {
            path: Some("client_id".into()),
            ..ApiError::malformed("a round's event has no client_id: each board's game answers it")
        });
    }
    let round = load(&app, &id).await?;
    let received_ms = app.shared.clock.now_ms();
    let rows = join_all(round.boards.iter().map(|b| app.shared.store.game(&b.game))).await;
    let answers = join_all(round.boards.iter().zip(rows).map(|(b, row)| {
        let request = request.clone();
        let app = &app;
        async move {
            let over = matches!(&row, Ok(Some(g)) if g.state == "finished");
            if over {
                return json!({"board": b.board, "game": b.game, "skipped": "finished"});
            }
            match submit(app, &b.game, Actor::Arbiter, request, received_ms, false).await {
                Ok(answer) => json!({
                    "board": b.board, "game": b.game,
                    "accepted": answer["accepted"], "seq": answer["seq"],
                    "decisions": answer["decisions"],
                }),
                Err(e) => json!({"board": b.board, "game": b.game, "error": e.message}),
            }
        }
    }))
    .await;
    Ok(Json(json!({ "round": id, "boards": answers })))
}
