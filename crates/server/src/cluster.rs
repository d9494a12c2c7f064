//! Several nodes on one PostgreSQL database: each live game has one owner
//! at a time, the node its lease names (`arbitre_store::Lease`, fenced by
//! epochs in every append's transaction). A request reaching a node that
//! does not own its game is forwarded to the node that does, as it came
//! (its token, its body; the answer streamed back); our own stream is
//! served on any node, read from the store by sequence number and woken by
//! the other nodes' `NOTIFY` (`stream.rs`); a WebSocket on another node
//! sends its events and its presence to the owner over HTTP.
//!
//! A forwarded request carries [`FORWARDED_BY`]: a node that receives one
//! for a game it does not own answers `503` instead of forwarding it again
//! (the lease moved meanwhile; the client retries). Requests forwarded by
//! a known node are counted against the client's address where they
//! arrived, not against that node's address where they are served.

use std::{
    collections::HashSet,
    net::IpAddr,
    sync::{Arc, RwLock},
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    extract::{Path, Request, State},
    http::{header, HeaderMap, HeaderName, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use futures_util::TryStreamExt;
use serde_json::{json, Value};
use shakmaty::Color;

use crate::{
    app::{App, IMPORT_LIMIT},
    error::ApiError,
    owner::{Command, Place},
};

/// The header a forwarded request carries: the forwarding node's name.
pub const FORWARDED_BY: &str = "x-arbitre-forwarded-by";

/// What nodes share to talk to each other.
pub struct Peers {
    /// The HTTP client requests are forwarded with.
    pub http: reqwest::Client,
    /// The other nodes' addresses, resolved (refreshed every 10 s).
    addresses: RwLock<HashSet<IpAddr>>,
}

impl Default for Peers {
    fn default() -> Peers {
        Peers::new()
    }
}

impl Peers {
    /// A client with a short connection timeout (a dead owner is found by
    /// its lease, not by waiting for it) and no overall timeout (streams).
    pub fn new() -> Peers {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(2))
            .tcp_nodelay(true)
            .build()
            .unwrap_or_default();
        Peers {
            http,
            addresses: RwLock::new(HashSet::new()),
        }
    }

    /// Whether `ip` is another node's.
    pub fn is_peer(&self, ip: IpAddr) -> bool {
        self.addresses
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&ip)
    }
}

impl App {
    /// Reads the other nodes' addresses again and resolves them.
    pub async fn refresh_peers(&self) {
        let Ok(addresses) = self.shared.store.node_addresses().await else {
            return;
        };
        let mut ips = HashSet::new();
        for address in addresses {
            let host = address
                .split("://")
                .nth(1)
                .unwrap_or(&address)
                .split('/')
                .next()
                .unwrap_or_default()
                .to_owned();
            let found = tokio::net::lookup_host(host.as_str()).await;
            if let Ok(found) = found {
                ips.extend(found.map(|a| a.ip()));
            }
        }
        *self
            .peers
            .addresses
            .write()
            .unwrap_or_else(|e| e.into_inner()) = ips;
    }
}

/// The game a request is about, for the paths served by the game's owner
/// (its state, its events, lichess's Board API); `None` for the others
/// (our stream, the PGN and the envelope are read from the store on any
/// node).
fn owned_path(path: &str) -> Option<&str> {
    if let Some(rest) = path.strip_prefix("/api/games/") {
        let mut parts = rest.splitn(2, '/');
        let id = parts.next()?;
        return match parts.next() {
            None | Some("events") | Some("presence") if id != "import" => Some(id),
            _ => None,
        };
    }
    if let Some(id) = path.strip_prefix("/api/board/game/stream/") {
        return Some(id);
    }
    let rest = path.strip_prefix("/api/board/game/")?;
    rest.split('/').next()
}

/// Forwards a request about a game another live node owns to that node.
/// (Called by the API's front middleware, `app.rs`.)
pub(crate) async fn forward(app: &Arc<App>, request: Request, next: Next) -> Response {
    if request.headers().contains_key(FORWARDED_BY) {
        return next.run(request).await;
    }
    let path = request.uri().path();
    let id = match owned_path(path) {
        Some(id) => id.to_owned(),
        None if path == "/api/stream/event" => match app.seat_of(request.headers()).await {
            Ok((id, _)) => id,
            Err(_) => return next.run(request).await,
        },
        None => return next.run(request).await,
    };
    if app.shared.games.get(&id).is_some() {
        return next.run(request).await;
    }
    match app.shared.store.lease(&id).await {
        Ok(Some(lease)) if lease.node != app.shared.store.node() && lease.alive => {
            match lease.address {
                Some(address) => proxy(app, &address, &lease.node, request).await,
                None => ApiError::elsewhere(&id, &lease.node).into_response(),
            }
        }
        // here, nowhere yet, or its node's lease expired: the handler loads
        // it (or takes it over)
        _ => next.run(request).await,
    }
}

/// Headers that belong to one connection, not to the request.
fn hop_by_hop(name: &HeaderName) -> bool {
    matches!(
        name.as_str(),
        "connection"
            | "keep-alive"
            | "proxy-connection"
            | "transfer-encoding"
            | "te"
            | "trailer"
            | "upgrade"
            | "host"
            | "content-length"
    )
}

/// Sends `request` to the node at `address` as it came, and its answer
/// back as it goes (a stream stays a stream).
async fn proxy(app: &App, address: &str, node: &str, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let body = match axum::body::to_bytes(body, IMPORT_LIMIT).await {
        Ok(b) => b,
        Err(_) => return ApiError::too_large("the body is over the limit").into_response(),
    };
    let target = format!(
        "{}{}",
        address.trim_end_matches('/'),
        parts.uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let mut out = app
        .peers
        .http
        .request(parts.method.clone(), &target)
        .body(body);
    for (name, value) in &parts.headers {
        if !hop_by_hop(name) {
            out = out.header(name, value);
        }
    }
    out = out.header(FORWARDED_BY, app.shared.store.node());
    app.shared.metrics.forwarded.inc();
    match sent(app, out).await {
        Ok(answer) => {
            let status =
                StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
            let mut response = Response::builder().status(status);
            for (name, value) in answer.headers() {
                if !hop_by_hop(name) {
                    response = response.header(name, value);
                }
            }
            let stream = answer.bytes_stream().map_err(std::io::Error::other);
            response
                .body(Body::from_stream(stream))
                .unwrap_or_else(|e| ApiError::unavailable(e.to_string()).into_response())
        }
        Err(e) => unanswered(&format!("node `{node}`, which owns the game,"), e).into_response(),
    }
}

/// Why a forwarded request got no answer.
enum Unanswered {
    /// Not even connected: nothing reached the owner.
    NotSent(reqwest::Error),
    /// Sent, and no answer: the owner may have recorded it.
    Lost(String),
}

/// A request to another node sent, its answer's head awaited at most the
/// lease: a node cut off past it has lost its games, and its request must
/// not hold the client that long (it retries, and reaches the new owner).
async fn sent(app: &App, out: reqwest::RequestBuilder) -> Result<reqwest::Response, Unanswered> {
    let lease = app.shared.store.lease_duration();
    match tokio::time::timeout(lease, out.send()).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(e)) if e.is_connect() => Err(Unanswered::NotSent(e)),
        Ok(Err(e)) => Err(Unanswered::Lost(e.to_string())),
        Err(_) => Err(Unanswered::Lost(format!(
            "no answer within {} ms",
            lease.as_millis()
        ))),
    }
}

/// The `503` of a request another node did not answer: nothing recorded
/// only if nothing reached it; otherwise it may have been, and the retry
/// with the same `client_id` is answered with the first answer.
fn unanswered(who: &str, e: Unanswered) -> ApiError {
    match e {
        Unanswered::NotSent(e) => ApiError::unavailable(format!(
            "{who} could not be reached ({e}): nothing was recorded; retry"
        )),
        Unanswered::Lost(e) => ApiError::unavailable(format!(
            "{who} did not answer ({e}): the event may have been recorded; retry with the \
             same client_id (an event is never applied twice)"
        )),
    }
}

/// The state of a game another node owns, as that node answers it.
pub async fn remote_state(app: &App, address: &str, id: &str) -> Result<Value, ApiError> {
    let request = app
        .peers
        .http
        .get(format!("{}/api/games/{id}", address.trim_end_matches('/')))
        .header(FORWARDED_BY, app.shared.store.node());
    let answer = sent(app, request)
        .await
        .map_err(|e| unanswered("the game's node", e))?;
    answered(answer).await
}

/// Another node's answer: its JSON body, or its error as this node's.
async fn answered(answer: reqwest::Response) -> Result<Value, ApiError> {
    let status = answer.status().as_u16();
    let body: Value = answer
        .json()
        .await
        .map_err(|e| ApiError::unavailable(format!("the game's node answered badly: {e}")))?;
    if status == 200 {
        Ok(body)
    } else {
        Err(error_of(status, &body))
    }
}

/// An error answered by another node, as this node answers it.
fn error_of(status: u16, body: &Value) -> ApiError {
    let message = body["error"]["message"]
        .as_str()
        .unwrap_or("the game's node refused the request")
        .to_owned();
    let mut e = ApiError::unavailable(message);
    e.status = status;
    e.code = match status {
        400 => "malformed",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not-found",
        409 => "stale",
        413 => "too-large",
        429 => "rate-limited",
        _ => "unavailable",
    };
    e.path = body["error"]["path"].as_str().map(str::to_owned);
    e
}

/// A JSON `POST` of a seat's to `path` on the node at `address`.
fn to_owner(
    app: &App,
    address: &str,
    path: &str,
    token: &str,
    body: String,
) -> reqwest::RequestBuilder {
    app.peers
        .http
        .post(format!("{}{path}", address.trim_end_matches('/')))
        .header(FORWARDED_BY, app.shared.store.node())
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(body)
}

/// An event of a WebSocket on this node to the node that owns the game, as
/// `POST …/events` with the socket's token: its answer.
pub async fn forward_event(
    app: &App,
    address: &str,
    id: &str,
    token: &str,
    text: String,
) -> Result<Value, ApiError> {
    let request = to_owner(
        app,
        address,
        &format!("/api/games/{id}/events"),
        token,
        text,
    );
    let answer = sent(app, request)
        .await
        .map_err(|e| unanswered("the game's node", e))?;
    app.shared.metrics.forwarded.inc();
    answered(answer).await
}

/// A player's connection to game `id` opened or closed on this node: told
/// to the game's owner, here or on its node (with the seat's token).
pub async fn presence(app: &Arc<App>, id: &str, token: &str, side: Color, up: bool) {
    match app.shared.place(id).await {
        Ok(Place::Here(_)) => app.shared.tell(id, Command::Presence { side, up }).await,
        Ok(Place::There {
            address: Some(address),
            ..
        }) => {
            let body = json!({ "up": up }).to_string();
            let path = format!("/api/games/{id}/presence");
            let sent = to_owner(app, &address, &path, token, body).send().await;
            if let Err(e) = sent {
                tracing::warn!(game = %id, error = %e, "a presence could not reach the game's node");
            }
        }
        _ => {}
    }
}

/// `POST /api/games/{id}/presence` `{"up": bool}` with a player's seat
/// token: a connection of that seat opened or closed on another node (a
/// WebSocket there); between nodes only.
pub async fn presence_route(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let side = match app.actor(&headers, &id).await? {
        arbitre_laws::Actor::Player(side) => side,
        arbitre_laws::Actor::Arbiter => {
            return Err(ApiError::forbidden("a presence is a player's seat's"))
        }
    };
    let body: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::malformed(format!("expected {{\"up\": true|false}}: {e}")))?;
    let up = body["up"].as_bool().ok_or_else(|| ApiError {
        path: Some("up".into()),
        ..ApiError::malformed("`up` must be true or false")
    })?;
    let handle = app.shared.game(&id).await?;
    let _ = handle.send(Command::Presence { side, up }).await;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::owned_path;

    #[test]
    fn the_paths_a_games_owner_serves() {
        assert_eq!(owned_path("/api/games/g1"), Some("g1"));
        assert_eq!(owned_path("/api/games/g1/events"), Some("g1"));
        assert_eq!(owned_path("/api/games/g1/presence"), Some("g1"));
        assert_eq!(owned_path("/api/games/g1/stream"), None);
        assert_eq!(owned_path("/api/games/g1/pgn"), None);
        assert_eq!(owned_path("/api/games/g1/envelope"), None);
        assert_eq!(owned_path("/api/games/import"), None);
        assert_eq!(owned_path("/api/games"), None);
        assert_eq!(owned_path("/api/board/game/stream/g1"), Some("g1"));
        assert_eq!(owned_path("/api/board/game/g1/move/e2e4"), Some("g1"));
        assert_eq!(owned_path("/api/board/game/g1/draw/yes"), Some("g1"));
        assert_eq!(owned_path("/api/health"), None);
    }
}
