//! The pages a browser opens, built from `web/` into `web/dist/` and
//! embedded in the binary (a fresh clone serves them with no Node.js, and
//! nothing is fetched from the internet at run time):
//!
//! - `/`: the arbiter's console (the organiser's or an arbiter's token);
//! - `/games/{id}`: a game as a spectator sees it, and with `#seat=TOKEN`
//!   (the token stays in the fragment, never sent to the server but as a
//!   Bearer header or the WebSocket's first message) as a player or the
//!   arbiter plays it;
//! - `/rounds/{id}`: a round's boards, its PGN and TRF, and for the
//!   organiser whose browser created it the seat links and a printed sheet
//!   per board; `/rounds/{id}/hall`: every board at a glance, for a screen
//!   in the playing hall;
//! - `/assets/…`: their scripts and styles, and `/assets/ftl/{en,fr}.ftl`,
//!   the Fluent catalogue the command line and the server render from.
//!
//! Everything the pages show and do goes through the API: no second path
//! into the engine.

use axum::{
    extract::Path,
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};

use crate::error::ApiError;

/// A file of `web/dist/`: its name, its content type, its bytes.
struct Asset {
    name: &'static str,
    kind: &'static str,
    bytes: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $kind:literal) => {
        Asset {
            name: $name,
            kind: $kind,
            bytes: include_bytes!(concat!("../../../web/dist/", $name)),
        }
    };
}

const ASSETS: [Asset; 8] = [
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("envelope.js", "text/javascript; charset=utf-8"),
    asset!("console.js", "text/javascript; charset=utf-8"),
    asset!("board.css", "text/css; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("console.css", "text/css; charset=utf-8"),
    asset!("round.js", "text/javascript; charset=utf-8"),
    asset!("round.css", "text/css; charset=utf-8"),
];

/// For whoever works on the pages: with `ARBITRE_WEB_DEV` set to the
/// repository's folder, the pages, their assets and the catalogues are read
/// from `web/dist/` and `crates/messages/ftl/` at each request instead of
/// the copies embedded at build time (`node web/build.mjs`, reload: no
/// rebuild of the server). Read once, at the first request.
fn dev_folder() -> Option<&'static std::path::Path> {
    static DIR: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        std::env::var_os("ARBITRE_WEB_DEV")
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from)
    })
    .as_deref()
}

/// A file of the development folder, when there is one and it holds it
/// (names are single path components: no `..`, no `/`).
fn dev_file(sub: &str, name: &str) -> Option<Vec<u8>> {
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return None;
    }
    std::fs::read(dev_folder()?.join(sub).join(name)).ok()
}

fn kind_of(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("html") => "text/html; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    }
}

const CONSOLE: &str = include_str!("../../../web/dist/console.html");
const GAME: &str = include_str!("../../../web/dist/game.html");
const ROUND: &str = include_str!("../../../web/dist/round.html");
const HALL: &str = include_str!("../../../web/dist/hall.html");

/// What a page may load: only this server (the pieces are `data:` images
/// inside the stylesheet; scripts only from files; chessground places its
/// pieces with `style` attributes).
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                      script-src 'self'; connect-src 'self'; frame-ancestors 'none'; \
                      base-uri 'none'; form-action 'self'";

/// The pages' router.
pub fn router() -> Router {
    Router::new()
        .route("/", get(|| async { page("console.html", CONSOLE) }))
        .route("/games/{id}", get(|| async { page("game.html", GAME) }))
        .route("/rounds/{id}", get(|| async { page("round.html", ROUND) }))
        .route(
            "/rounds/{id}/hall",
            get(|| async { page("hall.html", HALL) }),
        )
        .route("/assets/ftl/{file}", get(catalogue))
        .route("/assets/{file}", get(asset))
        // no icon: a 204 rather than a 404 in every page's console
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

fn page(name: &str, html: &'static str) -> Response {
    let body = match dev_file("web/dist", name) {
        Some(bytes) => axum::body::Body::from(bytes),
        None => axum::body::Body::from(html),
    };
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::REFERRER_POLICY, "no-referrer"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

async fn asset(Path(file): Path<String>) -> Response {
    if let Some(bytes) = dev_file("web/dist", &file) {
        return (
            [
                (header::CONTENT_TYPE, kind_of(&file)),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response();
    }
    match ASSETS.iter().find(|a| a.name == file) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(a.kind)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                (
                    header::X_CONTENT_TYPE_OPTIONS,
                    HeaderValue::from_static("nosniff"),
                ),
            ],
            a.bytes,
        )
            .into_response(),
        None => ApiError::not_found(format!("no asset `{file}`")).into_response(),
    }
}

async fn catalogue(Path(file): Path<String>) -> Response {
    let lang = match file.as_str() {
        "en.ftl" => arbitre_laws::Language::En,
        "fr.ftl" => arbitre_laws::Language::Fr,
        _ => return ApiError::not_found(format!("no catalogue `{file}`")).into_response(),
    };
    let text = match dev_file("crates/messages/ftl", &file) {
        Some(bytes) => axum::body::Body::from(bytes),
        None => axum::body::Body::from(arbitre_messages::ftl(lang)),
    };
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}
