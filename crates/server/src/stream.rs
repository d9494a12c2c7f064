//! A game's live stream (`../shared/spec/API.md`, "The stream"): NDJSON over
//! HTTP, or the same messages over a WebSocket. First the game's state, then
//! every entry after `?since=SEQ` read from the store, then each entry as
//! its owner commits it — only committed entries, each once, in `seq`
//! order; a ping every few seconds when idle; a `closing` message with a
//! reason when the server shuts down. On a WebSocket the client may also
//! send events after a first `{"token": "…"}`.

use std::{sync::Arc, time::Duration};

use arbitre_laws::Actor;
use arbitre_record::request::EventRequest;
use axum::{
    body::Body,
    extract::{
        ws::{rejection::WebSocketUpgradeRejection, Message, WebSocket, WebSocketUpgrade},
        Path, Query, State,
    },
    http::{header, HeaderMap},
    response::{IntoResponse, Response},
};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{
    broadcast::{self, error::RecvError},
    mpsc,
};

use crate::{
    app::App,
    error::ApiError,
    owner::{Command, Line, Place, Shared, Subscription},
};

/// How often an idle stream says it is alive.
pub const PING: Duration = Duration::from_secs(7);

/// A WebSocket's read buffer: an event's body fits (a larger message, up to
/// `BODY_LIMIT`, grows it for as long as it takes).
const READ_BUFFER: usize = 4 * 1024;

/// `?since=SEQ`.
#[derive(Deserialize, Default)]
pub struct StreamQuery {
    since: Option<u64>,
}

/// `GET /api/games/{id}/stream`.
#[utoipa::path(get, path = "/api/games/{id}/stream", tag = "games",
    params(("id" = String, Path, description = "The game's id"),
           ("since" = Option<u64>, Query, description = "Resume after this sequence number")),
    responses((status = 200, description = "NDJSON: a `game` message, then `event` and `ping` messages; a WebSocket on upgrade",
               content_type = "application/x-ndjson"),
              (status = 404, body = crate::openapi::ErrorBody)))]
pub async fn stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<StreamQuery>, axum::extract::rejection::QueryRejection>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError {
        path: Some("since".into()),
        ..ApiError::malformed(e.body_text())
    })?;
    // subscribed before the answer: every entry committed after the
    // request is answered is in the stream (and a 404 before any stream);
    // a game owned by another node: its state from there, its entries from
    // the store
    let subscription = match app.shared.place(&id).await? {
        Place::Here(_) => app.shared.ask(&id, Command::Subscribe).await?,
        Place::There {
            address: Some(address),
            ..
        } => {
            let state = crate::cluster::remote_state(&app, &address, &id).await?;
            let last = state["seq"].as_u64().and_then(|next| next.checked_sub(1));
            Subscription {
                state,
                last,
                events: None,
            }
        }
        Place::There {
            node,
            address: None,
        } => return Err(ApiError::elsewhere(&id, &node)),
    };
    if let Some(since) = query.since {
        if subscription.last.is_none_or(|last| since > last) {
            return Err(ApiError {
                path: Some("since".into()),
                ..ApiError::malformed(match subscription.last {
                    Some(last) => {
                        format!("`since` is {since}, after the game's last event, {last}")
                    }
                    None => format!("`since` is {since}: the game has no event yet"),
                })
            });
        }
    }
    // a game broadcast with a delay, for whoever holds no token of it: as
    // it stood that long ago (a WebSocket's `{"token"}` of the game turns
    // it to the present)
    let delayed = match app.shared.public_until(&id) {
        Some(until) if !crate::app::sees_the_present(&app, &headers, &id).await => {
            let state = app.shared.state_at(&id, until, None).await?;
            Some(Delayed {
                delay_ms: app.shared.clock.now_ms() - until,
                state,
            })
        }
        _ => None,
    };
    let (tx, rx) = mpsc::channel::<Line>(64);
    let shared = app.shared.clone();
    let feed_id = id.clone();
    match upgrade {
        Ok(ws) => Ok(ws
            .max_message_size(crate::app::BODY_LIMIT)
            // tungstenite fills its whole read buffer (128 KiB by default) on
            // every read: that much per socket stays resident
            .read_buffer_size(READ_BUFFER)
            .on_upgrade(move |socket| {
                websocket(
                    app,
                    id,
                    socket,
                    (tx, rx),
                    query.since,
                    subscription,
                    delayed,
                )
            })
            .into_response()),
        Err(_) => {
            match delayed {
                Some(d) => tokio::spawn(d.feed(shared, feed_id, query.since, tx)),
                None => tokio::spawn(feed(shared, feed_id, query.since, subscription, tx)),
            };
            let body = Body::from_stream(
                tokio_stream::wrappers::ReceiverStream::new(rx)
                    .map(|line| Ok::<_, std::convert::Infallible>(format!("{line}\n"))),
            );
            Ok((
                [
                    (header::CONTENT_TYPE, "application/x-ndjson"),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                body,
            )
                .into_response())
        }
    }
}

/// A public stream of a game broadcast with a delay: how late, and the
/// game's state as it stood then.
struct Delayed {
    delay_ms: i64,
    state: Value,
}

impl Delayed {
    async fn feed(
        self,
        shared: Arc<Shared>,
        id: String,
        since: Option<u64>,
        tx: mpsc::Sender<Line>,
    ) {
        let open = Open::new(shared);
        let shared = open.0.clone();
        crate::delayed::feed(shared, id, since, self.delay_ms, self.state, tx).await;
    }
}

/// Sends a game's messages to `tx` until the client goes or the server
/// closes: the state, the entries after `since`, then each committed entry.
async fn feed(
    shared: Arc<Shared>,
    id: String,
    since: Option<u64>,
    subscription: Subscription,
    tx: mpsc::Sender<Line>,
) {
    let open = Open::new(shared);
    let _ = feed_inner(&open.0, &id, since, subscription, &tx).await;
}

/// A stream open, in the metrics: counted down when its feed ends or is
/// dropped (a WebSocket's feeder is aborted when its client goes).
pub(crate) struct Open(pub(crate) Arc<Shared>);

impl Open {
    pub(crate) fn new(shared: Arc<Shared>) -> Open {
        shared.metrics.streams.inc();
        Open(shared)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.metrics.streams.dec();
    }
}

async fn feed_inner(
    shared: &Arc<Shared>,
    id: &str,
    since: Option<u64>,
    subscription: Subscription,
    tx: &mpsc::Sender<Line>,
) -> Result<(), ()> {
    let send = |line: Line| async move { tx.send(line).await.map_err(|_| ()) };
    let mut closing = shared.closing.subscribe();
    let mut state = subscription.state;
    if let Value::Object(map) = &mut state {
        map.insert("type".into(), json!("game"));
    }
    send(Arc::from(state.to_string())).await?;
    // the last entry sent, or known to the client
    let mut last = since;
    let mut events = subscription.events;
    if since.is_some() {
        last = replay_from_store(shared, id, last, subscription.last, &send).await?;
    } else {
        last = subscription.last;
    }
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
    // a game owned by another node: its entries read from the store when
    // that node's commit notification comes, or every second regardless
    let mut commits = events.is_none().then(|| shared.store.commits());
    let mut poll = tokio::time::interval(POLL);
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            received = next_local(&mut events) => match received {
                Ok(line) => {
                    let seq = seq_of(&line);
                    if seq.is_some_and(|s| last.is_none_or(|l| s > l)) {
                        // an entry skipped (never, but cheap to mend): from the store
                        if let (Some(s), Some(l)) = (seq, last) {
                            if s > l + 1 {
                                replay_from_store(shared, id, last, Some(s - 1), &send).await?;
                            }
                        }
                        send(line).await?;
                        last = seq;
                        ping.reset();
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    // too slow for the broadcast: what it missed, from the store
                    last = replay_from_store(shared, id, last, None, &send).await?;
                }
                Err(RecvError::Closed) => {
                    // the owner let the game go (finished, idle, or now owned
                    // by another node): follow the next one, or the store
                    match shared.place(id).await {
                        Ok(Place::Here(_)) => match shared.ask(id, Command::Subscribe).await {
                            Ok(s) => {
                                events = s.events;
                                last = replay_from_store(shared, id, last, s.last, &send).await?;
                            }
                            Err(_) => return Err(()),
                        },
                        Ok(Place::There { .. }) => {
                            events = None;
                            commits = Some(shared.store.commits());
                            last = replay_from_store(shared, id, last, None, &send).await?;
                        }
                        Err(_) => return Err(()),
                    }
                }
            },
            woken = next_commit(&mut commits) => {
                let ours = match woken {
                    Ok(game) => *game == *id,
                    Err(_) => true,
                };
                if ours {
                    let before = last;
                    last = replay_from_store(shared, id, last, None, &send).await?;
                    if last != before {
                        ping.reset();
                    }
                }
            }
            _ = poll.tick(), if commits.is_some() => {
                last = replay_from_store(shared, id, last, None, &send).await?;
            }
            _ = ping.tick() => send(Arc::from(r#"{"type":"ping"}"#)).await?,
            changed = closing.changed() => {
                let reason = match changed {
                    Ok(()) => closing.borrow().clone(),
                    Err(_) => None,
                };
                send(closing_line(reason)).await?;
                return Ok(());
            }
            () = tx.closed() => return Err(()),
        }
    }
}

/// The message that tells a stream's client the server closes it, and why.
pub(crate) fn closing_line(reason: Option<String>) -> Line {
    let reason = reason.unwrap_or_else(|| "the server is shutting down".into());
    // `type` first: the WebSocket's writer knows this line by its start
    // (json! would sort `reason` before it)
    Arc::from(format!(
        r#"{{"type":"closing","reason":{}}}"#,
        Value::from(reason)
    ))
}

/// How often a stream of a game owned by another node reads the store when
/// no commit notification came (notifications are a wake-up only).
const POLL: Duration = Duration::from_secs(1);

/// The next entry from the owner in this process; never, with none.
pub(crate) async fn next_local(
    events: &mut Option<broadcast::Receiver<Line>>,
) -> Result<Line, RecvError> {
    match events {
        Some(events) => events.recv().await,
        None => std::future::pending().await,
    }
}

/// The next game with new committed entries; never, with no subscription.
async fn next_commit(
    commits: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, RecvError> {
    match commits {
        Some(commits) => commits.recv().await,
        None => std::future::pending().await,
    }
}

/// Sends the stored entries after `after` (up to `upto` when given);
/// returns the last sent.
async fn replay_from_store<F, Fut>(
    shared: &Arc<Shared>,
    id: &str,
    after: Option<u64>,
    upto: Option<u64>,
    send: &F,
) -> Result<Option<u64>, ()>
where
    F: Fn(Line) -> Fut,
    Fut: std::future::Future<Output = Result<(), ()>>,
{
    let mut last = after;
    loop {
        let rows = shared
            .store
            .entries_page(id, last, BACKLOG_PAGE)
            .await
            .map_err(|_| ())?;
        let full = rows.len() == BACKLOG_PAGE as usize;
        for row in rows {
            if upto.is_some_and(|u| row.seq > u) {
                return Ok(last);
            }
            if let Some(answer) = row.answer {
                send(Arc::from(answer)).await?;
            }
            last = Some(row.seq);
        }
        if !full {
            return Ok(last);
        }
    }
}

/// How many stored entries a stream reads at a time when it catches up: a
/// reader far behind holds one page, not the game's whole log.
const BACKLOG_PAGE: u32 = 64;

fn seq_of(line: &str) -> Option<u64> {
    serde_json::from_str::<Value>(line).ok()?["seq"].as_u64()
}

/// A WebSocket: the feed's messages out; in, `{"token"}` then events, each
/// answered with an `ack`.
async fn websocket(
    app: Arc<App>,
    id: String,
    socket: WebSocket,
    (tx, mut rx): (mpsc::Sender<Line>, mpsc::Receiver<Line>),
    since: Option<u64>,
    subscription: Subscription,
    delayed: Option<Delayed>,
) {
    let (mut sink, mut incoming) = socket.split();
    let public = delayed.is_some();
    let mut feeder = match delayed {
        Some(d) => tokio::spawn(d.feed(app.shared.clone(), id.clone(), since, tx.clone())),
        None => tokio::spawn(feed(
            app.shared.clone(),
            id.clone(),
            since,
            subscription,
            tx.clone(),
        )),
    };
    let mut writer = tokio::spawn(async move {
        while let Some(line) = rx.recv().await {
            let closing = line.starts_with(r#"{"type":"closing""#);
            if sink
                .send(Message::Text(line.as_ref().into()))
                .await
                .is_err()
            {
                break;
            }
            if closing {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
        }
    });
    let mut actor: Option<Actor> = None;
    let mut token = String::new();
    let mut written = false;
    loop {
        // the writer ends when the client is gone or the server closes the
        // stream: then so does the reading
        let message = tokio::select! {
            message = incoming.next() => message,
            _ = &mut writer => {
                written = true;
                break;
            }
        };
        let Some(Ok(message)) = message else { break };
        let text = match message {
            Message::Text(text) => text.to_string(),
            Message::Close(_) => break,
            _ => continue,
        };
        let reply = match actor {
            None => match token_message(&text) {
                Ok(given) => match app.actor_of_token(&given, &id).await {
                    Ok(a) => {
                        actor = Some(a);
                        token = given;
                        if public {
                            // a token of the game: the present, from its
                            // state now (the client takes a `game` message
                            // as the whole game)
                            if let Ok(present) = app.shared.ask(&id, Command::Subscribe).await {
                                feeder.abort();
                                feeder = tokio::spawn(feed(
                                    app.shared.clone(),
                                    id.clone(),
                                    None,
                                    present,
                                    tx.clone(),
                                ));
                            }
                        }
                        if let Actor::Player(side) = a {
                            crate::cluster::presence(&app, &id, &token, side, true).await;
                        }
                        json!({"type": "authenticated", "as": actor_code(a)})
                    }
                    Err(e) => error_message(&e, None),
                },
                Err(e) => error_message(&e, None),
            },
            Some(by) => ack(&app, &id, by, &token, &text).await,
        };
        if tx.send(Arc::from(reply.to_string())).await.is_err() {
            break;
        }
    }
    feeder.abort();
    drop(tx);
    if !written {
        let _ = writer.await;
    }
    if let Some(Actor::Player(side)) = actor {
        crate::cluster::presence(&app, &id, &token, side, false).await;
    }
}

fn actor_code(actor: Actor) -> &'static str {
    match actor {
        Actor::Arbiter => "arbiter",
        Actor::Player(c) => arbitre_laws::event::side_code(c),
    }
}

fn token_message(text: &str) -> Result<String, ApiError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ApiError::malformed(format!("expected {{\"token\": \"…\"}}: {e}")))?;
    value["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| ApiError {
            path: Some("token".into()),
            ..ApiError::unauthorized("the first message must be {\"token\": \"…\"}")
        })
}

fn error_message(e: &ApiError, client_id: Option<&str>) -> Value {
    json!({"type": "error", "status": e.status, "client_id": client_id, "error": e})
}

/// An event sent on the socket, answered as `POST …/events` would be (by
/// the node that owns the game, if not this one).
async fn ack(app: &Arc<App>, id: &str, by: Actor, token: &str, text: &str) -> Value {
    let received = std::time::Instant::now();
    let received_ms = app.shared.clock.now_ms();
    let request = match EventRequest::parse(text) {
        Ok(r) => r,
        Err(e) => {
            let client_id = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| v["client_id"].as_str().map(str::to_owned));
            return error_message(&ApiError::record(e), client_id.as_deref());
        }
    };
    let client_id = request.client_id.clone();
    let answer = match app.shared.place(id).await {
        Ok(Place::There {
            address: Some(address),
            ..
        }) => crate::cluster::forward_event(app, &address, id, token, text.to_owned()).await,
        _ => crate::app::submit(app, id, by, request, received_ms, false).await,
    };
    match answer {
        Ok(answer) => {
            let accepted = answer["accepted"].as_bool().unwrap_or(false);
            app.shared
                .metrics
                .acknowledged(accepted, received.elapsed());
            json!({
                "type": "ack",
                "client_id": client_id,
                "seq": answer["seq"],
                "accepted": accepted,
                "decisions": answer["decisions"],
            })
        }
        Err(e) => error_message(&e, client_id.as_deref()),
    }
}
