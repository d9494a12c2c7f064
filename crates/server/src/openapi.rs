//! The OpenAPI 3.1 document of `GET /api/openapi.json`, generated from the
//! handlers' annotations and the shapes below (utoipa; no Swagger UI). The
//! shapes document the JSON the handlers write; the vocabulary of events and
//! setups is `SCENARIOS.md`'s.

#![allow(dead_code)]

use std::collections::BTreeMap;

use serde_json::Value;
use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi, ToSchema,
};

/// `POST /api/games`: the setup keys of a scenario file, PGN tags, the
/// arbiter's public key.
#[derive(ToSchema)]
pub struct GameBody {
    /// `fide-1930`, `fide-2001`, `fide-2005` or `fide-2023`.
    edition: String,
    /// PGN's TimeControl syntax and its extensions (`40/5400+30:1800`, `300+2`).
    time_control: String,
    /// `{"white": NAME, "black": NAME}`.
    players: Option<BTreeMap<String, String>>,
    name: Option<String>,
    game_type: Option<String>,
    /// A FEN to start from.
    start: Option<String>,
    /// Moves played before the log begins.
    history: Option<String>,
    /// `en`, `fr`, …: the letters of the scoresheet.
    notation: Option<String>,
    odds: Option<Object>,
    regulations: Option<Object>,
    session_end: Option<f64>,
    event: Option<String>,
    site: Option<String>,
    round: Option<String>,
    board: Option<String>,
    /// base64 of the arbiter's X25519 public key (from `arbitre keygen`'s `arbiter.pub`).
    arbiter_key: Option<String>,
}

/// A free-form JSON object.
#[derive(ToSchema)]
pub struct Object(BTreeMap<String, Value>);

/// `201`: the new game and its tokens, shown once.
#[derive(ToSchema)]
pub struct Created {
    id: String,
    tokens: Tokens,
    /// Each seat's page: `/games/ID#seat=TOKEN`; the arbiter's with
    /// `&key=…` when the server made his key (the only copy).
    links: Tokens,
    /// The arbiter's key file (`arbiter.key`), when the server made the
    /// key pair (no `arbiter_key`, no `--arbiter-key`): shown once, never stored.
    arbiter_key_file: Option<Object>,
    /// Whether a sealed move of this game can be put in an envelope.
    sealable: bool,
    /// What the organiser should know (`no-arbiter-key`: the game cannot be sealed).
    warnings: Vec<Object>,
}

/// The seats' tokens.
#[derive(ToSchema)]
pub struct Tokens {
    white: String,
    black: String,
    arbiter: String,
}

/// `GET /api/game-type`: the game type a time control makes under an edition.
#[derive(ToSchema)]
pub struct GameTypeAnswer {
    edition: String,
    time_control: String,
    /// `standard`, `rapid` or `blitz`.
    game_type: String,
    /// The article defining rapid or blitz (none for standard).
    article: Option<String>,
    /// The edition's articles under which the arbiter may impose a result
    /// (`declare_result`), add or remove time (`adjust_time`), or both.
    provisions: Vec<Provision>,
}

/// An article the arbiter may cite, and for what.
#[derive(ToSchema)]
pub struct Provision {
    article: String,
    /// `result`, `time` or `both`.
    power: String,
}

/// An error.
#[derive(ToSchema)]
pub struct ErrorBody {
    error: crate::error::ApiError,
}

/// `GET /api/games`.
#[derive(ToSchema)]
pub struct GameList {
    games: Vec<GameSummary>,
    /// Who the token given is (only when one is given: a wrong one is a
    /// 401): `"organiser"`, or `{"seat", "game"}`.
    you: Option<Value>,
}

/// One game of the list.
#[derive(ToSchema)]
pub struct GameSummary {
    id: String,
    players: BTreeMap<String, Option<String>>,
    edition: String,
    time_control: String,
    /// `playing`, `adjourned`, `awaiting-ruling` or `finished`.
    state: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, …
    result: String,
    /// Half-moves played.
    moves: u64,
    /// Extension: present when a stored row of the game fails its
    /// authentication (someone wrote into the database): why. The game is
    /// listed for the arbiter and not served (`500 tampered`).
    #[schema(nullable = false)]
    tampered: Option<String>,
}

/// A game's state: the report of `arbitre replay --json` and what a board
/// or a console needs to act.
#[derive(ToSchema)]
pub struct GameState {
    id: String,
    seq: u64,
    result: String,
    termination: Option<String>,
    article: Option<String>,
    state: String,
    game_type: String,
    /// Remaining seconds at the moment of reading.
    clocks: BTreeMap<String, f64>,
    fen: String,
    scoresheet: Vec<String>,
    envelope: Option<Object>,
    log: Vec<Object>,
    players: Option<BTreeMap<String, Option<String>>>,
    edition: String,
    time_control: String,
    to_move: String,
    running: Option<String>,
    offer: Option<String>,
    /// The side that made its move and has not pressed its clock yet.
    unpressed: Option<String>,
    awaiting: Option<Object>,
    /// chessground's destinations: square → squares.
    dests: BTreeMap<String, Vec<String>>,
    claims: Vec<String>,
    adjournment: Option<Object>,
    /// Whether the clocks were started (art. 6: the start of the game).
    started: bool,
    /// Whether the side to move is in check.
    check: bool,
    /// The edition's articles for the actions a page offers (`press`,
    /// `offer`, `resign`, `threefold`, `fifty-moves`, `flag`,
    /// `illegal-move`, `quickplay`, `touch-move`, `seal`).
    articles: BTreeMap<String, String>,
    /// What the server recorded by itself (an outage, a shutdown): one
    /// alert per outage, in time order, `{seq, t, cause, message, duration}`.
    alerts: Vec<Object>,
    /// Who is at the board, as the arbiter knows it (`arrive`).
    present: Sides,
    /// Whether a sealed move can be put in an envelope (the game has an arbiter's key).
    sealable: bool,
    /// The position the game started from.
    initial_fen: String,
    /// The moves on the board in UCI, one per scoresheet entry.
    uci: Vec<String>,
    /// Each player's illegal moves so far (art. 7.5).
    illegal_moves: Counts,
    /// The players' calls of the arbiter not answered yet, oldest first
    /// (`call_arbiter`, `answer_call`: docs/SCENARIOS.md).
    calls: Vec<PendingCall>,
}

/// A player's call of the arbiter, pending until he answers.
#[derive(ToSchema)]
pub struct PendingCall {
    /// Who called: `white` or `black`.
    side: String,
    /// When, in seconds on the game's clock.
    t: f64,
    /// When, on the server's clock (Unix milliseconds): calls of several
    /// games put in the order they were made.
    at_ms: i64,
    /// Whether the call stopped the clocks (the edition lets a player stop
    /// them to seek the arbiter's assistance: 2005 6.13b, 2023 6.11.2);
    /// they stay stopped until the arbiter restarts them.
    clocks_stopped: bool,
}

/// A number for each side.
#[derive(ToSchema)]
pub struct Counts {
    white: u32,
    black: u32,
}

/// A value for each side.
#[derive(ToSchema)]
pub struct Sides {
    white: bool,
    black: bool,
}

/// One action of SCENARIOS.md without `t` and `by` (`{"move": "Nf3"}`,
/// `{"claim": "threefold", "intended": "Nf3"}`, …), with optional
/// `client_id` and `after`.
#[derive(ToSchema)]
pub struct EventBody {
    /// At most 64 characters: the same id again is answered with the first answer.
    client_id: Option<String>,
    /// Applied only if the game's last event is still this one, else 409.
    after: Option<u64>,
    #[schema(inline)]
    action: Object,
}

/// The answer to an event, after its commit.
#[derive(ToSchema)]
pub struct EventAnswer {
    seq: u64,
    accepted: bool,
    decisions: Vec<Object>,
    /// The game's state; absent when the request said `Prefer: return=minimal`.
    game: Option<GameState>,
}

struct Bearer;

impl Modify for Bearer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Every path about one game may answer `500 tampered`: a stored row of
/// the game fails its authentication (SECURITY.md), and the game is not
/// served.
struct Tampered;

impl Modify for Tampered {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let response = ResponseBuilder::new()
            .description(
                "`tampered`: a stored row of this game fails its authentication (someone \
                 wrote into the database); the game is not served until an arbiter has \
                 examined it",
            )
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build();
        for (path, item) in openapi.paths.paths.iter_mut() {
            if !path.contains("{id}") {
                continue;
            }
            for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
                operation
                    .responses
                    .responses
                    .entry("500".into())
                    .or_insert_with(|| response.clone().into());
            }
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    paths(
        crate::app::create_game,
        crate::app::import_game,
        crate::app::list_games,
        crate::app::game_type,
        crate::app::game_state,
        crate::app::post_event,
        crate::stream::stream,
        crate::app::game_pgn,
        crate::app::game_envelope,
        crate::app::openapi,
        crate::app::health,
        crate::app::metrics,
        crate::rounds::create_round,
        crate::rounds::list_rounds,
        crate::rounds::get_round,
        crate::rounds::feed::round_pgn,
        crate::rounds::trf::round_trf,
        crate::rounds::act::round_event,
    ),
    modifiers(&Bearer, &Tampered),
)]
struct Doc;

/// The document, as JSON text.
pub fn document() -> String {
    let mut doc = Doc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").into();
    doc.to_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
