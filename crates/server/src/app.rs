//! The HTTP API of `../shared/spec/API.md` on axum: authentication,
//! limits, and the handlers, each of which asks a game's owner
//! ([`crate::owner`]) and answers only once the owner has the store's
//! commit.

use std::{
    collections::HashMap,
    net::IpAddr,
    num::NonZeroU32,
    sync::{Arc, Mutex},
    time::Instant as StdInstant,
};

use arbitre_laws::{Actor, Language};
use arbitre_record::{
    request::{EventRequest, GameRequest},
    scenario,
    stored::{random_salt, StoredGame},
};
use arbitre_store::{Append, GameFilter, NewGame, Seat, TokenHash};
use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, ConnectInfo, Path, Query, Request, State},
    http::{header, HeaderMap, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use shakmaty::Color;

use crate::{
    auth::{bearer, Token},
    error::ApiError,
    live::LiveGame,
    owner::{store_unavailable, Command, GameMeta, Shared, Submission},
};

/// The largest body of an event or a game's creation.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The largest body of `POST /api/rounds`: a round's pairing files (a TRF
/// of a few thousand players, a pairing PGN of a thousand boards).
pub const ROUND_BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The largest scenario file `POST /api/games/import` takes.
pub const IMPORT_LIMIT: usize = 1024 * 1024;

/// Requests per second (and burst) allowed to one token and one address;
/// `None`: no limit.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Per token: a player, a board or an arbiter's console.
    pub per_token: Option<(NonZeroU32, NonZeroU32)>,
    /// Per client address.
    pub per_address: Option<(NonZeroU32, NonZeroU32)>,
}

impl Default for Limits {
    fn default() -> Limits {
        let n = |v: u32| NonZeroU32::new(v).unwrap_or(NonZeroU32::MIN);
        Limits {
            per_token: Some((n(20), n(60))),
            per_address: Some((n(2000), n(4000))),
        }
    }
}

/// Who a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Who {
    Organiser,
    Seat { game: String, seat: Seat },
}

/// The tokens recently used, and who they are, so that a request seldom
/// asks the store: two generations of at most [`TokenCache::GENERATION`]
/// each — when the newer is full it becomes the older and the older is
/// dropped; a token found in the older moves to the newer. The tokens of
/// games in play stay; those of games long finished go, and the memory
/// stays bounded however many games a server has seen.
#[derive(Default)]
struct TokenCache {
    newer: HashMap<TokenHash, Who>,
    older: HashMap<TokenHash, Who>,
}

impl TokenCache {
    const GENERATION: usize = 1 << 14;

    fn get(&mut self, hash: &TokenHash) -> Option<Who> {
        if let Some(who) = self.newer.get(hash) {
            return Some(who.clone());
        }
        let who = self.older.remove(hash)?;
        self.insert(*hash, who.clone());
        Some(who)
    }

    fn insert(&mut self, hash: TokenHash, who: Who) {
        if self.newer.len() >= Self::GENERATION {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(hash, who);
    }
}

/// The application: what the handlers share.
pub struct App {
    /// What the owners share.
    pub shared: Arc<Shared>,
    tokens: Mutex<TokenCache>,
    per_token: Option<DefaultKeyedRateLimiter<TokenHash>>,
    per_address: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// The other nodes on the same database (`cluster.rs`).
    pub peers: crate::cluster::Peers,
}

fn limiter<K: std::hash::Hash + Eq + Clone>(
    limit: Option<(NonZeroU32, NonZeroU32)>,
) -> Option<DefaultKeyedRateLimiter<K>> {
    limit.map(|(rate, burst)| RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)))
}

impl App {
    /// The application over `shared`, with `limits`.
    pub fn new(shared: Arc<Shared>, limits: Limits) -> Arc<App> {
        Arc::new(App {
            shared,
            tokens: Mutex::new(TokenCache::default()),
            per_token: limiter(limits.per_token),
            per_address: limiter(limits.per_address),
            peers: crate::cluster::Peers::new(),
        })
    }

    /// Forgets the rate limiters' idle keys (called now and then).
    pub fn forget_idle(&self) {
        if let Some(l) = &self.per_token {
            l.retain_recent();
        }
        if let Some(l) = &self.per_address {
            l.retain_recent();
        }
    }

    /// The token of the request, and who it is (`401` when absent or
    /// unknown, `429` past the token's rate).
    async fn who(&self, headers: &HeaderMap) -> Result<Who, ApiError> {
        let header = headers.get(header::AUTHORIZATION).ok_or_else(|| {
            ApiError::unauthorized("no token: send `Authorization: Bearer TOKEN`")
        })?;
        let token = header.to_str().ok().and_then(bearer).ok_or_else(|| {
            ApiError::unauthorized("the Authorization header is not `Bearer TOKEN`")
        })?;
        // looked up by its SHA-256 hash: the secret itself is never compared
        // byte by byte, so the time taken says nothing of it
        let hash = TokenHash::of(token);
        if let Some(limiter) = &self.per_token {
            if limiter.check_key(&hash).is_err() {
                return Err(ApiError::rate_limited("too many requests for this token"));
            }
        }
        let cached = self
            .tokens
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&hash);
        if let Some(who) = cached {
            return Ok(who);
        }
        let store = &self.shared.store;
        let who = if store.is_organiser(&hash).await.map_err(store_unavailable)? {
            Who::Organiser
        } else {
            match store.find_seat(&hash).await.map_err(store_unavailable)? {
                Some((game, seat)) => Who::Seat { game, seat },
                None => return Err(ApiError::unauthorized("unknown token")),
            }
        };
        self.tokens
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(hash, who.clone());
        Ok(who)
    }

    /// A new game's seats, once stored: their first requests find their
    /// tokens without asking the store.
    fn remember_seats(&self, game: &str, hashes: [(Seat, TokenHash); 3]) {
        let mut cache = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        for (seat, hash) in hashes {
            cache.insert(
                hash,
                Who::Seat {
                    game: game.to_owned(),
                    seat,
                },
            );
        }
    }

    pub(crate) async fn organiser(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        match self.who(headers).await? {
            Who::Organiser => Ok(()),
            Who::Seat { .. } => Err(ApiError::forbidden(
                "only the organiser's token creates and imports games",
            )),
        }
    }

    /// The actor a token is in game `id` (`403` outside its game).
    pub(crate) async fn actor(&self, headers: &HeaderMap, id: &str) -> Result<Actor, ApiError> {
        match self.who(headers).await? {
            Who::Organiser => Ok(Actor::Arbiter),
            Who::Seat { game, seat } if game == id => Ok(match seat {
                Seat::White => Actor::Player(Color::White),
                Seat::Black => Actor::Player(Color::Black),
                Seat::Arbiter => Actor::Arbiter,
            }),
            Who::Seat { .. } => Err(ApiError::forbidden("this token acts in another game")),
        }
    }

    /// The game and the side a player's seat token plays (lichess's event
    /// stream: one game per seat token).
    pub(crate) async fn seat_of(&self, headers: &HeaderMap) -> Result<(String, Color), ApiError> {
        match self.who(headers).await? {
            Who::Seat {
                game,
                seat: Seat::White,
            } => Ok((game, Color::White)),
            Who::Seat {
                game,
                seat: Seat::Black,
            } => Ok((game, Color::Black)),
            _ => Err(ApiError::forbidden(
                "the Board API plays a seat: use the white or black token",
            )),
        }
    }

    /// The actor of a WebSocket's `{"token"}`.
    pub(crate) async fn actor_of_token(&self, token: &str, id: &str) -> Result<Actor, ApiError> {
        let mut headers = HeaderMap::new();
        let value = format!("Bearer {token}")
            .parse()
            .map_err(|_| ApiError::unauthorized("the token is not text"))?;
        headers.insert(header::AUTHORIZATION, value);
        self.actor(&headers, id).await
    }
}

/// The API's router.
pub fn router(app: Arc<App>) -> Router {
    let small = axum::extract::DefaultBodyLimit::max(BODY_LIMIT);
    let api = Router::new()
        .route("/api/games", post(create_game).get(list_games).layer(small))
        .route(
            "/api/games/import",
            post(import_game).layer(axum::extract::DefaultBodyLimit::max(IMPORT_LIMIT)),
        )
        .route(
            "/api/rounds",
            post(crate::rounds::create_round)
                .get(crate::rounds::list_rounds)
                .layer(axum::extract::DefaultBodyLimit::max(ROUND_BODY_LIMIT)),
        )
        .route("/api/rounds/{id}", get(crate::rounds::get_round))
        .route("/api/rounds/{id}/pgn", get(crate::rounds::feed::round_pgn))
        .route("/api/rounds/{id}/trf", get(crate::rounds::trf::round_trf))
        .route(
            "/api/rounds/{id}/events",
            post(crate::rounds::act::round_event).layer(small),
        )
        .route("/api/games/{id}", get(game_state))
        .route("/api/game-type", get(game_type))
        .route("/api/games/{id}/events", post(post_event).layer(small))
        .route("/api/games/{id}/stream", get(crate::stream::stream))
        .route("/api/games/{id}/pgn", get(game_pgn))
        .route("/api/games/{id}/envelope", get(game_envelope))
        // between nodes: a seat's connection on another node (cluster.rs)
        .route(
            "/api/games/{id}/presence",
            post(crate::cluster::presence_route).layer(small),
        )
        // lichess's Board API, for e-boards and their bridges (board.rs)
        .route(
            "/api/board/game/stream/{id}",
            get(crate::board::board_stream),
        )
        .route(
            "/api/board/game/{id}/move/{uci}",
            post(crate::board::board_move),
        )
        .route(
            "/api/board/game/{id}/resign",
            post(crate::board::board_resign),
        )
        .route(
            "/api/board/game/{id}/draw/{accept}",
            post(crate::board::board_draw),
        )
        .route("/api/stream/event", get(crate::board::stream_event))
        .route("/api/openapi.json", get(openapi))
        .route("/api/health", get(health))
        .route("/metrics", get(metrics))
        .merge(crate::bare::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // the per-address limit, then a game's requests to the node that
        // owns it (cluster.rs): one layer, one boxed future per request
        .layer(middleware::from_fn_with_state(app.clone(), front))
        // a body sent a byte at a time holds its connection 10 s at most
        // (bench/stall.py): it is then refused as unreadable
        .layer(crate::body_timeout::BodyTimeoutLayer::new(
            std::time::Duration::from_secs(10),
        ))
        // one span per request (method, path; never a body or a token), at debug level
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(app.clone());
    api.merge(crate::pages::router())
}

/// Per-address rate limit, every error counted, and a game's requests
/// forwarded to the node that owns it ([`crate::cluster::forward`]).
async fn front(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    // a request another node forwarded was counted where it arrived
    let forwarded = address.is_some_and(|ip| {
        request.headers().contains_key(crate::cluster::FORWARDED_BY) && app.peers.is_peer(ip)
    });
    if let (Some(limiter), Some(ip), false) = (&app.per_address, address, forwarded) {
        if limiter.check_key(&ip).is_err() {
            app.shared.metrics.error(429);
            return ApiError::rate_limited("too many requests from this address").into_response();
        }
    }
    let response = crate::cluster::forward(&app, request, next).await;
    let status = response.status();
    if status.is_client_error() || status.is_server_error() {
        app.shared.metrics.error(status.as_u16());
    }
    response
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such path: see GET /api/openapi.json")
}

/// 405 with the API's error body (axum's own has none).
async fn method_not_allowed() -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED.as_u16(),
        code: "method-not-allowed",
        message: "this path does not take this method: see GET /api/openapi.json".into(),
        path: None,
        close: false,
    }
}

/// A body as text: `413` past the limit, `400` when not UTF-8.
pub(crate) fn body_text(body: Result<Bytes, BytesRejection>) -> Result<String, ApiError> {
    // a body not read to its end: the connection is closed after the answer
    let bytes = body.map_err(|e| ApiError {
        close: true,
        ..if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(format!("the body is larger than the server takes: {e}"))
        } else {
            ApiError::malformed(format!("the body could not be read: {e}"))
        }
    })?;
    String::from_utf8(bytes.to_vec())
        .map_err(|e| ApiError::malformed(format!("the body is not UTF-8: {e}")))
}

/// `?lang=fr`: the language of a game's messages.
#[derive(Deserialize, Default)]
pub(crate) struct LangQuery {
    pub(crate) lang: Option<String>,
}

pub(crate) fn language(query: &LangQuery, default: Language) -> Result<Language, ApiError> {
    match &query.lang {
        None => Ok(default),
        Some(code) => Language::from_code(code).ok_or_else(|| ApiError {
            path: Some("lang".into()),
            ..ApiError::malformed(format!("`{code}` is not one of en, fr, de, es, it, nl"))
        }),
    }
}

/// A new game's id: 12 characters of base 32 (60 random bits).
pub(crate) fn new_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| ApiError::unavailable(format!("no randomness for a game's id: {e}")))?;
    let mut n = u64::from_le_bytes(bytes);
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    Ok((0..12)
        .map(|_| {
            let c = ALPHABET[(n % 32) as usize] as char;
            n /= 32;
            c
        })
        .collect())
}

/// Three fresh tokens and the `tokens` object showing them once.
fn seat_tokens() -> Result<([(Seat, TokenHash); 3], Value), ApiError> {
    let fresh = || {
        Token::generate()
            .map_err(|e| ApiError::unavailable(format!("no randomness for a token: {e}")))
    };
    let (w, b, a) = (fresh()?, fresh()?, fresh()?);
    Ok((
        [
            (Seat::White, w.hash()),
            (Seat::Black, b.hash()),
            (Seat::Arbiter, a.hash()),
        ],
        json!({"white": w.reveal(), "black": b.reveal(), "arbiter": a.reveal()}),
    ))
}

fn new_game(
    id: &str,
    created_ms: i64,
    meta: &GameMeta,
    state: &str,
    tokens: [(Seat, TokenHash); 3],
) -> Result<NewGame, ApiError> {
    let players = meta.setup.players.as_ref();
    Ok(NewGame {
        id: id.to_owned(),
        created_ms,
        setup: serde_json::to_string(meta)
            .map_err(|e| ApiError::malformed(format!("the setup cannot be stored: {e}")))?,
        white: players.and_then(|p| p.white.clone()),
        black: players.and_then(|p| p.black.clone()),
        edition: meta.setup.edition.clone(),
        time_control: meta.setup.time_control.clone(),
        state: state.to_owned(),
        tokens,
    })
}

/// An organiser's request: the language asked and the body.
async fn organiser_body(
    app: &App,
    query: &LangQuery,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(Language, String), ApiError> {
    app.organiser(headers).await?;
    Ok((language(query, app.shared.lang)?, body_text(body)?))
}

/// `POST /api/games`: a new game; the arbiter's `start` starts its clocks.
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body(content = crate::openapi::GameBody, description = "The setup keys of a scenario file, PGN tags and the arbiter's key"),
    params(("lang" = Option<String>, Query, description = "Language of the game's messages: en, fr, …")),
    responses((status = 201, body = crate::openapi::Created), (status = 400, body = crate::openapi::ErrorBody),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 413, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
async fn create_game(
    State(app): State<Arc<App>>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let (lang, text) = organiser_body(&app, &query, &headers, body).await?;
    let request = GameRequest::parse(&text).map_err(ApiError::record)?;
    let made = app.arbiter_key_for(&request)?;
    let new = app
        .create(request, made.as_ref().map(|m| &m.public), lang, None)
        .await?;
    Ok(created(&new.id, &new.tokens, made, new.sealable))
}

/// A game just created: its id, its seats' tokens (the only time they are
/// shown), and whether its sealed moves can be put in an envelope.
pub(crate) struct NewlyCreated {
    pub id: String,
    pub tokens: Value,
    pub sealable: bool,
}

impl App {
    /// The key pair made for a game's arbiter when neither the request nor
    /// the server gives one (its secret half leaves in the answer only).
    pub(crate) fn arbiter_key_for(
        &self,
        request: &GameRequest,
    ) -> Result<Option<crate::keys::MadeKey>, ApiError> {
        if let Some(key) = &request.arbiter_key {
            crate::keys::public_key(key).map_err(|e| ApiError {
                path: Some("arbiter_key".into()),
                ..ApiError::malformed(e)
            })?;
        }
        match (&request.arbiter_key, &self.shared.default_arbiter_key) {
            (None, None) => Ok(Some(crate::keys::make_arbiter_key().map_err(|e| {
                ApiError::unavailable(format!("no key pair for the arbiter could be made: {e}"))
            })?)),
            _ => Ok(None),
        }
    }

    /// Creates a game (stored when this returns) and starts its owner;
    /// `made`: the public half of the key pair made for its arbiter.
    pub(crate) async fn create(
        &self,
        mut request: GameRequest,
        made: Option<&String>,
        lang: Language,
        delay: Option<u64>,
    ) -> Result<NewlyCreated, ApiError> {
        // an online game compensates network lag unless the organiser says
        // not to; an over-the-board game never does (the engine refuses it)
        if request.setup.lag_compensation.is_none()
            && request
                .setup
                .edition_id()
                .is_ok_and(|e| e.laws().move_stops_clock.is_some())
        {
            request.setup.lag_compensation = Some(true);
        }
        let arbiter_key = request.arbiter_key.or_else(|| made.cloned());
        let created_ms = self.shared.clock.now_ms();
        let meta = GameMeta {
            setup: request.setup.clone(),
            tags: request.tags,
            arbiter_key,
            arbiter_starts: true,
            origin_ms: created_ms,
            lang: Some(lang.code().into()),
            broadcast_delay: delay,
        };
        let live = LiveGame::create(request.setup, lang).map_err(ApiError::record)?;
        let id = new_id()?;
        let (hashes, tokens) = seat_tokens()?;
        let state = live.game().state().code();
        self.shared
            .store
            .create_game(&new_game(&id, created_ms, &meta, state, hashes)?)
            .await
            .map_err(store_unavailable)?;
        self.remember_seats(&id, hashes);
        let sealable = meta.arbiter_key.is_some() || self.shared.default_arbiter_key.is_some();
        self.shared.adopt(&id, meta, live);
        tracing::info!(game = %id, "created");
        Ok(NewlyCreated {
            id,
            tokens,
            sealable,
        })
    }
}

/// The answer to a game's creation: its id and tokens (API.md), each
/// seat's link, the arbiter's key when the server made it (given here
/// once, stored nowhere), and whether a sealed move can be put in an
/// envelope, with what to do when not. Never cached.
fn created(
    id: &str,
    tokens: &Value,
    made: Option<crate::keys::MadeKey>,
    sealable: bool,
) -> Response {
    let link = |seat: &str| {
        format!(
            "/games/{id}#seat={}",
            tokens[seat].as_str().unwrap_or_default()
        )
    };
    let mut arbiter = link("arbiter");
    let mut body = json!({
        "id": id,
        "tokens": tokens,
        "sealable": sealable,
        "warnings": if sealable { json!([]) } else { json!([{
            "code": "no-arbiter-key",
            "message": "this game cannot be sealed: no arbiter's key was given (`arbiter_key`) and the server has none (`--arbiter-key`). \
                        Give one at creation to adjourn it with a sealed move; otherwise the arbiter finishes it in its session or uses a paper envelope",
        }]) },
    });
    if let Some(made) = made {
        arbiter.push_str("&key=");
        arbiter.push_str(&made.link);
        body["arbiter_key_file"] = made.file;
    }
    body["links"] = json!({"white": link("white"), "black": link("black"), "arbiter": arbiter});
    (
        StatusCode::CREATED,
        [(header::CACHE_CONTROL, "no-store")],
        Json(body),
    )
        .into_response()
}

/// `POST /api/games/import`: a whole scenario file becomes a stored game,
/// replayed as written (a sealed move stored only as its commitment).
#[utoipa::path(post, path = "/api/games/import", tag = "games",
    request_body(content = Object, description = "A scenario file (SCENARIOS.md)"),
    responses((status = 201, body = crate::openapi::Created), (status = 400, body = crate::openapi::ErrorBody),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 413, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
async fn import_game(
    State(app): State<Arc<App>>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let (lang, text) = organiser_body(&app, &query, &headers, body).await?;
    let scenario = scenario::parse(&text).map_err(ApiError::record)?;
    let (stored, game) =
        StoredGame::from_scenario(&scenario, &mut random_salt).map_err(ApiError::record)?;
    let created_ms = app.shared.clock.now_ms();
    let mut tags = Map::new();
    if let Some(name) = &stored.setup.name {
        tags.insert("event".into(), Value::from(name.clone()));
    }
    // as at creation: a key pair for the arbiter when the server has none
    let made = match &app.shared.default_arbiter_key {
        None => Some(crate::keys::make_arbiter_key().map_err(|e| {
            ApiError::unavailable(format!("no key pair for the arbiter could be made: {e}"))
        })?),
        Some(_) => None,
    };
    let meta = GameMeta {
        setup: stored.setup.clone(),
        tags,
        arbiter_key: made.as_ref().map(|m| m.public.clone()),
        arbiter_starts: stored.arbiter_starts,
        // the game goes on from its last instant, now
        origin_ms: created_ms.saturating_sub(game.now().millis()),
        lang: Some(lang.code().into()),
        broadcast_delay: None,
    };
    let id = new_id()?;
    let (hashes, tokens) = seat_tokens()?;
    let store = &app.shared.store;
    store
        .create_game(&new_game(&id, created_ms, &meta, "playing", hashes)?)
        .await
        .map_err(store_unavailable)?;
    let mut replay = arbitre_laws::Game::new(
        stored
            .setup
            .to_setup(stored.arbiter_starts)
            .map_err(ApiError::record)?,
    )
    .map_err(|e| ApiError::record(arbitre_record::setup::setup_error(e)))?;
    let mut shown = crate::owner::clocks_now(&replay);
    let mut compensated = replay.lag_compensated();
    for entry in &stored.entries {
        let applied = match &entry.entry {
            arbitre_record::Entry::Event(e) => {
                let event = e.to_event(replay.laws()).map_err(ApiError::record)?;
                replay.apply_recorded(&event, &entry.verdicts)
            }
            arbitre_record::Entry::Time(t) => replay.advance_recorded(*t, &entry.verdicts),
        };
        let after = crate::owner::clocks_now(&replay);
        let message = crate::owner::message(
            &replay,
            entry,
            &entry.to_json(),
            applied.accepted(),
            created_ms,
            lang,
            meta.origin_ms,
            crate::owner::Charged {
                clocks: shakmaty::ByColor {
                    white: shown.white - after.white,
                    black: shown.black - after.black,
                },
                lag: replay.lag_compensated() - compensated,
            },
        );
        shown = after;
        compensated = replay.lag_compensated();
        let mut append = Append::entry(&id, entry, created_ms);
        append.answer = Some(message);
        append.summary = Some(arbitre_store::Summary {
            state: replay.state().code().into(),
            result: replay.outcome().map(|o| o.result.code().into()),
            moves: replay.moves().len() as u64,
            changes_listing: true,
        });
        store.append(append).await.map_err(store_unavailable)?;
    }
    tracing::info!(game = %id, entries = stored.entries.len(), "imported");
    Ok(created(&id, &tokens, made, true))
}

/// `GET /api/games` filters.
#[derive(Deserialize, Default, utoipa::IntoParams)]
struct ListQuery {
    /// `playing`, `adjourned` or `finished` (also `awaiting-ruling`).
    state: Option<String>,
    /// A player's name, as White or Black.
    player: Option<String>,
}

/// `GET /api/games`: the games, oldest first.
#[utoipa::path(get, path = "/api/games", tag = "games", params(ListQuery),
    responses((status = 200, body = crate::openapi::GameList), (status = 401, body = crate::openapi::ErrorBody),
              (status = 429, body = crate::openapi::ErrorBody)))]
async fn list_games(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::malformed(e.body_text()))?;
    // anyone may list; a token given is checked and said back (`you`), so
    // that a console tells a wrong token at once
    let you = match headers.contains_key(header::AUTHORIZATION) {
        true => Some(match app.who(&headers).await? {
            Who::Organiser => json!("organiser"),
            Who::Seat { game, seat } => json!({"seat": seat.code(), "game": game}),
        }),
        false => None,
    };
    if let Some(state) = &query.state {
        if !["playing", "adjourned", "finished", "awaiting-ruling"].contains(&state.as_str()) {
            return Err(ApiError {
                path: Some("state".into()),
                ..ApiError::malformed(format!(
                    "`{state}` is not a state: playing, adjourned, finished or awaiting-ruling"
                ))
            });
        }
    }
    let rows = app
        .shared
        .store
        .list_games(&GameFilter {
            state: query.state,
            player: query.player,
        })
        .await
        .map_err(store_unavailable)?;
    let games: Vec<Value> = rows
        .iter()
        .map(|g| {
            let mut item = json!({
                "id": g.id,
                "players": {"white": g.white, "black": g.black},
                "edition": g.edition,
                "time_control": g.time_control,
                "state": g.state,
                "result": g.result.as_deref().unwrap_or("*"),
                "moves": g.moves,
            });
            // extension: listed for the arbiter, never served
            if let (Some(why), Value::Object(map)) = (&g.tampered, &mut item) {
                map.insert("tampered".into(), json!(why));
            }
            item
        })
        .collect();
    let mut body = json!({ "games": games });
    if let Some(you) = you {
        body["you"] = you;
    }
    Ok(Json(body))
}

/// `?edition=…&time_control=…` of `GET /api/game-type`.
#[derive(Deserialize)]
struct GameTypeQuery {
    edition: String,
    time_control: String,
}

/// `GET /api/game-type`: what a time control makes a game under an
/// edition (standard, rapid or blitz: the flag and illegal-move rules
/// follow), with the article that defines it — a console's preview before
/// the game is created, from the edition's own table.
#[utoipa::path(get, path = "/api/game-type", tag = "games",
    params(("edition" = String, Query, description = "fide-1930, fide-2001, fide-2005, fide-2023 or fide-online-2021"),
           ("time_control" = String, Query, description = "PGN TimeControl, e.g. 5400+30 or 40/7200:3600")),
    responses((status = 200, body = crate::openapi::GameTypeAnswer), (status = 400, body = crate::openapi::ErrorBody)))]
async fn game_type(
    query: Result<Query<GameTypeQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::malformed(e.body_text()))?;
    let text = json!({"edition": query.edition, "time_control": query.time_control}).to_string();
    let request = GameRequest::parse(&text).map_err(ApiError::record)?;
    let edition = request.setup.edition_id().map_err(ApiError::record)?;
    let setup = request.setup.to_setup(true).map_err(ApiError::record)?;
    let game = arbitre_laws::Game::new(setup)
        .map_err(|e| ApiError::record(arbitre_record::setup::setup_error(e)))?;
    let types = edition.laws().game_types;
    let kind = game.game_type();
    let article = match kind {
        arbitre_laws::GameType::Blitz => Some(types.blitz_article),
        arbitre_laws::GameType::Rapid => Some(types.rapid_article),
        arbitre_laws::GameType::Standard => None,
    };
    let provisions: Vec<Value> = edition
        .laws()
        .provisions()
        .map(|p| {
            let power = match p.power {
                arbitre_laws::Power::Result => "result",
                arbitre_laws::Power::Time => "time",
                arbitre_laws::Power::Both => "both",
            };
            json!({"article": p.article, "power": power})
        })
        .collect();
    Ok(Json(json!({
        "edition": query.edition,
        "time_control": query.time_control,
        "game_type": kind.code(),
        "article": article,
        "provisions": provisions,
    })))
}

/// `GET /api/games/{id}`: the state, clocks at the moment of reading.
#[utoipa::path(get, path = "/api/games/{id}", tag = "games",
    params(("id" = String, Path, description = "The game's id"),
           ("lang" = Option<String>, Query, description = "Language of the decisions and alerts shown (en, fr, …; default: the game's); the scoresheet keeps the event's notation")),
    responses((status = 200, body = crate::openapi::GameState), (status = 400, body = crate::openapi::ErrorBody),
              (status = 404, body = crate::openapi::ErrorBody)))]
async fn game_state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<LangQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError {
        path: Some("lang".into()),
        ..ApiError::malformed(e.body_text())
    })?;
    let lang = match query.lang {
        None => None,
        Some(_) => Some(language(&query, app.shared.lang)?),
    };
    let state = app
        .shared
        .ask(&id, |reply| Command::State(lang, reply))
        .await?;
    // a board broadcast with a delay: the public sees it as it stood then
    if let Some(until) = app.shared.public_until(&id) {
        if !sees_the_present(&app, &headers, &id).await {
            return Ok(Json(app.shared.state_at(&id, until, lang).await?));
        }
    }
    Ok(Json(state))
}

/// Whether a request holds a token of game `id` (a seat's, or the
/// organiser's): it sees the game as it is, whatever the broadcast delay.
pub(crate) async fn sees_the_present(app: &App, headers: &HeaderMap, id: &str) -> bool {
    headers.contains_key(header::AUTHORIZATION) && app.actor(headers, id).await.is_ok()
}

/// `POST /api/games/{id}/events`: one event, answered once it is on disk.
#[utoipa::path(post, path = "/api/games/{id}/events", tag = "games",
    params(("id" = String, Path, description = "The game's id"),
           ("lang" = Option<String>, Query, description = "Language of the answer's decisions and state (en, fr, …; default: the game's)"),
           ("Prefer" = Option<String>, Header, description = "`return=minimal` (RFC 7240): the answer without `game`, with `Preference-Applied: return=minimal`")),
    request_body(content = crate::openapi::EventBody, description = "One action of SCENARIOS.md without `t` and `by`"),
    responses((status = 200, body = crate::openapi::EventAnswer), (status = 400, body = crate::openapi::ErrorBody),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 404, body = crate::openapi::ErrorBody), (status = 409, body = crate::openapi::ErrorBody),
              (status = 413, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
async fn post_event(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let received = StdInstant::now();
    let received_ms = app.shared.clock.now_ms();
    let by = app.actor(&headers, &id).await?;
    // the reader's language for the answer's words (`?lang=`), else the game's
    let lang = match query.lang {
        Some(_) => Some(language(&query, app.shared.lang)?),
        None => None,
    };
    let request = EventRequest::parse(&body_text(body)?).map_err(ApiError::record)?;
    // `Prefer: return=minimal` (RFC 7240): no state in the answer
    let minimal = prefers_minimal(&headers);
    let mut answer = submit_in(&app, &id, by, request, received_ms, !minimal, lang).await?;
    app.shared.metrics.acknowledged(
        answer["accepted"].as_bool().unwrap_or(false),
        received.elapsed(),
    );
    if !minimal {
        return Ok(Json(answer).into_response());
    }
    if let Some(map) = answer.as_object_mut() {
        map.remove("game");
    }
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::HeaderName::from_static("preference-applied"),
        header::HeaderValue::from_static("return=minimal"),
    );
    Ok(response)
}

/// Whether the request prefers an answer without the game's state:
/// `Prefer: return=minimal` (RFC 7240), among other preferences or in
/// several headers, names and values compared without regard to case.
fn prefers_minimal(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::HeaderName::from_static("prefer"))
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|pref| pref.split(';').next())
        .any(|token| {
            let mut kv = token.splitn(2, '=');
            let (k, v) = (
                kv.next().unwrap_or("").trim(),
                kv.next().unwrap_or("").trim(),
            );
            k.eq_ignore_ascii_case("return") && v.trim_matches('"').eq_ignore_ascii_case("minimal")
        })
}

/// An event to its game's owner; the answer once committed (with the
/// game's state if `with_state`).
pub(crate) async fn submit(
    app: &App,
    id: &str,
    by: Actor,
    request: EventRequest,
    received_ms: i64,
    with_state: bool,
) -> Result<Value, ApiError> {
    submit_in(app, id, by, request, received_ms, with_state, None).await
}

/// [`submit`], the answer's words in `lang` (the game's when `None`).
async fn submit_in(
    app: &App,
    id: &str,
    by: Actor,
    request: EventRequest,
    received_ms: i64,
    with_state: bool,
    lang: Option<Language>,
) -> Result<Value, ApiError> {
    app.shared
        .ask(id, |reply| {
            Command::Submit(Box::new(Submission {
                by,
                request,
                received_ms,
                with_state,
                lang,
                reply,
            }))
        })
        .await?
}

/// `GET /api/games/{id}/pgn`.
#[utoipa::path(get, path = "/api/games/{id}/pgn", tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, content_type = "application/x-chess-pgn", body = String), (status = 404, body = crate::openapi::ErrorBody)))]
async fn game_pgn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let public = !sees_the_present(&app, &headers, &id).await;
    let pgn = app.shared.pgn(&id, public).await?;
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        pgn,
    )
        .into_response())
}

/// `GET /api/games/{id}/envelope` (the game's arbiter, or the organiser):
/// the last sealed envelope, as stored — encrypted to the arbiter's public
/// key and signed by the server; the arbiter opens it with his private key
/// (`arbitre envelope open`) and sends `{"open": {"move", "salt"}}`.
#[utoipa::path(get, path = "/api/games/{id}/envelope", tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The envelope (format 2 of arbitre-envelope)", body = crate::openapi::Object),
              (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
              (status = 404, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
async fn game_envelope(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    if app.actor(&headers, &id).await? != Actor::Arbiter {
        return Err(ApiError::forbidden(
            "only the game's arbiter receives the envelope",
        ));
    }
    let rows = app
        .shared
        .store
        .entries_after(&id, None)
        .await
        .map_err(store_unavailable)?;
    rows.iter()
        .rev()
        .find_map(|row| {
            let entry: Value = serde_json::from_str(&row.entry).ok()?;
            let envelope = entry.get("seal")?.get("envelope")?.clone();
            (!envelope.is_null()).then_some(envelope)
        })
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no sealed envelope in game `{id}`")))
}

/// `GET /api/openapi.json`.
#[utoipa::path(get, path = "/api/openapi.json", tag = "server",
    responses((status = 200, description = "This document", content_type = "application/json")))]
async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        crate::openapi::document(),
    )
        .into_response()
}

/// `GET /api/health`: `200 {"ok": true, "envelope_signer": HEX}` when the
/// store answers.
#[utoipa::path(get, path = "/api/health", tag = "server",
    responses((status = 200, description = "The store answers"), (status = 503, body = crate::openapi::ErrorBody)))]
async fn health(State(app): State<Arc<App>>) -> Result<Json<Value>, ApiError> {
    app.shared.store.health().await.map_err(store_unavailable)?;
    // the key this process signs its envelopes with (made at its start):
    // `arbitre envelope open --signer` checks an envelope against it
    let signer = hex::encode(app.shared.signer.verifying_key().as_bytes());
    Ok(Json(json!({"ok": true, "envelope_signer": signer})))
}

/// `GET /metrics`: Prometheus text format.
#[utoipa::path(get, path = "/metrics", tag = "server",
    responses((status = 200, description = "Prometheus text format", content_type = "text/plain")))]
async fn metrics(State(app): State<Arc<App>>) -> Response {
    let text = app.shared.metrics.render(&app.shared.store.stats());
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(n: usize) -> TokenHash {
        TokenHash::of(&format!("token-{n}"))
    }

    fn seat(n: usize) -> Who {
        Who::Seat {
            game: format!("g{n}"),
            seat: Seat::White,
        }
    }

    /// However many tokens pass, the cache holds at most two generations;
    /// a token in use all along is kept; one unused for two generations
    /// goes (it is read from the store again).
    #[test]
    fn the_token_cache_is_bounded_and_keeps_what_is_used() {
        let mut cache = TokenCache::default();
        cache.insert(hash(0), seat(0));
        let total = 5 * TokenCache::GENERATION;
        for n in 1..=total {
            cache.insert(hash(n), seat(n));
            if n % 1000 == 0 {
                assert_eq!(cache.get(&hash(0)), Some(seat(0)), "after {n}");
            }
            assert!(cache.newer.len() + cache.older.len() <= 2 * TokenCache::GENERATION);
        }
        assert_eq!(cache.get(&hash(total)), Some(seat(total)));
        assert_eq!(cache.get(&hash(1)), None);
        // a full generation, then one more: the first generation is the
        // older, still answered, and what it answers moves up
        let mut cache = TokenCache::default();
        for n in 0..=TokenCache::GENERATION {
            cache.insert(hash(n), seat(n));
        }
        assert_eq!(cache.newer.len(), 1);
        assert_eq!(cache.get(&hash(5)), Some(seat(5)));
        assert!(cache.newer.contains_key(&hash(5)));
        assert!(!cache.older.contains_key(&hash(5)));
    }
}
