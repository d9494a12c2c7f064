//! End to end: the real `arbitre serve` binary, driven over HTTP, NDJSON and
//! WebSocket as a client would, killed with SIGKILL and stopped with SIGTERM
//! mid-game and restarted on the same database. Every scenario is written
//! once, over a database address, and runs on a fresh SQLite file and on a
//! fresh PostgreSQL database (127.0.0.1:5432, user `postgres`, trust;
//! `ARBITRE_TEST_POSTGRES` names another admin address). Without a
//! PostgreSQL server the PostgreSQL variants say so and pass, unless
//! `ARBITRE_REQUIRE_POSTGRES=1` (CI), which makes its absence a failure.

use std::{
    future::Future,
    io::{BufRead, BufReader},
    net::SocketAddr,
    path::PathBuf,
    process::{Child, Command, Stdio},
    sync::{
        atomic::{AtomicU32, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};
use tokio_tungstenite::tungstenite::Message;

#[path = "serve_e2e/attacker.rs"]
mod attacker;
use attacker::*;
#[path = "serve_e2e/store_faults.rs"]
mod store_faults;
use store_faults::*;

/// The organiser's token every test server is given.
const ORGANISER: &str = "e2e-organiser-token-7f3a9c1d5b2e8f40";
/// How long anything the server should do at once may take.
const PATIENCE: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------
// the databases

/// Which store a scenario runs on.
#[derive(Clone, Copy, Debug)]
enum Backend {
    Sqlite,
    Postgres,
}

/// What a scenario is given: the store's address and a directory of its own.
struct Env {
    db: String,
    dir: PathBuf,
}

fn postgres_admin_url() -> String {
    std::env::var("ARBITRE_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

static DATABASES: AtomicU32 = AtomicU32::new(0);

/// A fresh PostgreSQL database (its name and address), or `None` with a
/// message when no server answers (a failure with `ARBITRE_REQUIRE_POSTGRES=1`).
async fn create_postgres(test: &str) -> Option<(String, String)> {
    let admin = postgres_admin_url();
    let connected =
        tokio::time::timeout(Duration::from_secs(5), PgConnection::connect(&admin)).await;
    let why = match connected {
        Ok(Ok(mut conn)) => {
            let name = format!(
                "arbitre_e2e_{}_{}",
                std::process::id(),
                DATABASES.fetch_add(1, Ordering::Relaxed)
            );
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut conn)
                .await
                .expect("dropping a stale test database");
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .expect("creating a test database");
            let _ = conn.close().await;
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
            return Some((name.clone(), format!("{base}/{name}")));
        }
        Ok(Err(e)) => e.to_string(),
        Err(_) => "no answer within 5 s".to_owned(),
    };
    if std::env::var("ARBITRE_REQUIRE_POSTGRES").as_deref() == Ok("1") {
        panic!("{test}: no PostgreSQL at {admin} ({why}), and ARBITRE_REQUIRE_POSTGRES=1");
    }
    eprintln!(
        "SKIPPED on PostgreSQL: {test}: no PostgreSQL at {admin} ({why}); \
         set ARBITRE_REQUIRE_POSTGRES=1 to make this a failure"
    );
    None
}

async fn drop_postgres(name: &str) {
    let mut conn = PgConnection::connect(&postgres_admin_url())
        .await
        .expect("connecting to drop a test database");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut conn)
        .await
        .expect("dropping a test database");
    let _ = conn.close().await;
}

/// Runs `scenario` on a fresh database of `backend`; the servers it started
/// are killed and the database dropped whatever happens.
async fn run_on<F, Fut>(backend: Backend, name: &str, scenario: F)
where
    F: FnOnce(Env) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (db, postgres) = match backend {
        Backend::Sqlite => (
            format!("sqlite://{}", dir.path().join("arbitre.db").display()),
            None,
        ),
        Backend::Postgres => match create_postgres(name).await {
            Some((database, url)) => (url, Some(database)),
            None => return,
        },
    };
    let env = Env {
        db,
        dir: dir.path().to_owned(),
    };
    let started = Instant::now();
    let outcome = tokio::spawn(scenario(env)).await;
    if let Some(database) = postgres {
        drop_postgres(&database).await;
    }
    match outcome {
        Ok(()) => eprintln!(
            "{name} on {backend:?}: {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("{name}: failed on {backend:?}");
            std::panic::resume_unwind(e.into_panic());
        }
    }
}

/// One test a backend for each scenario.
macro_rules! on_both {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::run_on(super::Backend::Sqlite, stringify!($scenario), super::$scenario).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::run_on(super::Backend::Postgres, stringify!($scenario), super::$scenario).await;
                }
            )*
        }
    };
}

on_both!(
    a_game_over_http,
    websocket_and_ndjson_streams,
    concurrent_requests_on_one_game,
    kill_9_mid_game_loses_nothing_acknowledged,
    graceful_shutdown_stops_and_restarts_the_clocks,
    a_flag_falls_with_no_client_present,
    errors_are_4xx_with_a_body_never_500,
    a_lichess_board_api_client_plays_a_seat,
    the_sealed_move_reaches_no_one_before_it_is_opened,
    no_one_acts_for_another,
    hostile_strings_are_only_data,
    hostile_bodies_are_refused,
    token_guessing_is_limited,
    a_row_altered_in_the_database_is_found_not_served,
    a_sealed_move_survives_a_kill_9_closed,
    stalled_clients_do_not_hold_a_shutdown,
    a_trickled_body_is_refused_in_time,
    a_trickled_head_and_a_silent_connection_are_closed,
    a_client_that_reads_nothing_is_reset,
    streams_gone_are_counted_down,
    a_bot_prefers_a_minimal_answer,
);

/// Several nodes need PostgreSQL: these run on it only, one test each.
macro_rules! on_postgres {
    ($($test:ident => $scenario:ident),* $(,)?) => {
        mod cluster {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    super::run_on(super::Backend::Postgres, stringify!($scenario), super::$scenario).await;
                }
            )*
        }
    };
}

on_postgres!(
    two_nodes_serve_one_game_and_one_survives_the_others_kill_9 => two_nodes_kill_9,
    a_node_stopped_gracefully_hands_its_games_over_at_once => a_graceful_stop_hands_over,
    a_disconnection_on_the_other_node_reaches_the_owner => a_remote_disconnection,
    a_paused_node_whose_lease_expired_cannot_write => a_paused_node_cannot_write,
    an_append_and_its_reload_failing_acknowledge_nothing => an_append_and_its_reload_failing_acknowledge_nothing,
    a_store_refusing_writes_stops_the_clock => a_store_refusing_writes_stops_the_clock,
    a_late_acknowledgement_is_not_charged => a_late_acknowledgement_is_not_charged,
);

// ---------------------------------------------------------------------------
// the server process

static SERVERS: AtomicU32 = AtomicU32::new(0);

/// A running `arbitre serve` and an HTTP client for it.
struct Server {
    child: Child,
    address: SocketAddr,
    log: PathBuf,
    http: reqwest::Client,
}

impl Server {
    /// Starts the binary on `env`'s database and waits until it listens.
    async fn start(env: &Env) -> Server {
        Server::start_with(env, "127.0.0.1:0", &[]).await
    }

    /// The same, listening on `listen`, with more flags.
    async fn start_with(env: &Env, listen: &str, flags: &[&str]) -> Server {
        let n = SERVERS.fetch_add(1, Ordering::Relaxed);
        let log = env.dir.join(format!("server-{n}.log"));
        let stderr = std::fs::File::create(&log).expect("a log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_arbitre"));
        // the defaults, whatever the environment of the tests sets
        for flag in [
            "LISTEN",
            "DB",
            "ORGANISER_TOKEN",
            "ARBITER_KEY",
            "COMMIT",
            "RATE_PER_TOKEN",
            "RATE_PER_ADDRESS",
            "NODE",
            "ADVERTISE",
            "LEASE_MS",
            "SIGNING_KEY",
            "HEAD_TIMEOUT",
            "WRITE_STALL",
        ] {
            command.env_remove(format!("ARBITRE_{flag}"));
        }
        let mut child = command
            .current_dir(&env.dir)
            .args(["serve", "--listen", listen, "--db", &env.db])
            .args(flags)
            .arg("--organiser-token")
            .arg(ORGANISER)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("arbitre serve starts");
        // the address it prints once it listens; stdout is read to its end
        let stdout = child.stdout.take().expect("stdout");
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        let _ = tx.send(line);
                    }
                    Err(_) => break,
                }
            }
        });
        let mut server = Server {
            child,
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            log,
            http: reqwest::Client::builder()
                .timeout(PATIENCE)
                .build()
                .expect("an HTTP client"),
        };
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let line = match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(line)) => line,
                Ok(None) => panic!(
                    "arbitre serve ended before listening ({:?}):\n{}",
                    server.child.try_wait(),
                    server.log_text()
                ),
                Err(_) => panic!("arbitre serve did not listen within 30 s"),
            };
            assert!(
                !line.starts_with("organiser token"),
                "a new organiser token was printed although one was given: {line}"
            );
            if let Some(rest) = line.strip_prefix("arbitre serves http://") {
                let (address, store) = rest.split_once("/ (store: ").expect("the store named");
                server.address = address.parse().expect("an address");
                // named without its password, if it has one
                let database = env.db.rsplit('/').next().unwrap_or_default();
                assert!(store.ends_with(&format!("{database})")), "{line}");
                break;
            }
        }
        server
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// SIGKILL: no chance to write anything more.
    fn kill_9(&mut self) {
        self.child.kill().expect("SIGKILL sent");
        self.child.wait().expect("the server reaped");
    }

    /// Sends `signal` (`STOP`, `CONT`, `TERM`).
    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} failed");
    }

    /// SIGTERM: a graceful shutdown.
    fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -TERM failed");
    }

    /// The exit status, waiting at most `PATIENCE`.
    async fn exit_status(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not exit within {PATIENCE:?}:\n{}",
                self.log_text()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> (StatusCode, String) {
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.expect("a body");
        assert!(
            !status.is_server_error(),
            "a {status} from the server: {text}\n{}",
            self.log_text()
        );
        (status, text)
    }

    async fn get_text(&self, path: &str) -> (StatusCode, String) {
        self.send(self.http.get(self.url(path))).await
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let (status, text) = self.get_text(path).await;
        (status, parse(&text))
    }

    async fn post(&self, path: &str, token: Option<&str>, body: &str) -> (StatusCode, Value) {
        let mut request = self
            .http
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body.to_owned());
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let (status, text) = self.send(request).await;
        (status, parse(&text))
    }

    /// A new game from its setup, started by its arbiter (the start
    /// accepted as entry 0).
    async fn started(&self, setup: Value) -> Seats {
        let game = self.create(setup).await;
        self.accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
            .await;
        game
    }

    /// A new game (as the organiser) from its setup.
    async fn create(&self, setup: Value) -> Seats {
        let (status, body) = self
            .post("/api/games", Some(ORGANISER), &setup.to_string())
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let token = |seat: &str| body["tokens"][seat].as_str().expect("a token").to_owned();
        let seats = Seats {
            id: body["id"].as_str().expect("an id").to_owned(),
            white: token("white"),
            black: token("black"),
            arbiter: token("arbiter"),
        };
        assert_ne!(seats.white, seats.black);
        assert_ne!(seats.white, seats.arbiter);
        seats
    }

    /// An event that must be answered `200`: the answer.
    async fn event(&self, game: &str, token: &str, body: Value) -> Value {
        let (status, answer) = self
            .post(
                &format!("/api/games/{game}/events"),
                Some(token),
                &body.to_string(),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body} answered {answer}");
        answer
    }

    /// An event that must be accepted at `seq`: the answer.
    async fn accepted(&self, game: &str, token: &str, body: Value, seq: u64) -> Value {
        let answer = self.event(game, token, body.clone()).await;
        assert_eq!(answer["accepted"], true, "{body} answered {answer}");
        assert_eq!(answer["seq"], seq, "{body} answered {answer}");
        answer
    }

    async fn state(&self, game: &str) -> Value {
        let (status, state) = self.get(&format!("/api/games/{game}")).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        state
    }

    async fn pgn(&self, game: &str) -> String {
        let (status, pgn) = self.get_text(&format!("/api/games/{game}/pgn")).await;
        assert_eq!(status, StatusCode::OK, "{pgn}");
        pgn
    }

    /// The game's live stream as NDJSON.
    async fn ndjson(&self, game: &str, since: Option<u64>) -> Ndjson {
        let path = match since {
            Some(seq) => format!("/api/games/{game}/stream?since={seq}"),
            None => format!("/api/games/{game}/stream"),
        };
        // no overall timeout: a stream stays open
        let response = reqwest::Client::new()
            .get(self.url(&path))
            .send()
            .await
            .expect("the stream opens");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "the stream's content type"
        );
        Ndjson {
            response,
            buffer: Vec::new(),
        }
    }

    /// The game's live stream as a WebSocket.
    async fn websocket(&self, game: &str) -> Ws {
        let url = format!("ws://{}/api/games/{game}/stream", self.address);
        let (socket, response) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the WebSocket opens");
        assert_eq!(response.status(), StatusCode::SWITCHING_PROTOCOLS);
        Ws { socket }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if std::thread::panicking() {
            eprintln!(
                "--- the server's log ({}):\n{}",
                self.log.display(),
                self.log_text()
            );
        }
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A game's id and its tokens.
#[derive(Clone, Debug)]
struct Seats {
    id: String,
    white: String,
    black: String,
    arbiter: String,
}

/// An NDJSON stream, read line by line.
struct Ndjson {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Ndjson {
    /// The next message, `None` at the end of the stream; fails after
    /// `PATIENCE` without one.
    async fn next(&mut self) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Some(end) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = std::str::from_utf8(&line).expect("UTF-8");
                return Some(parse(text.trim_end()));
            }
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buffer.extend_from_slice(&chunk),
                Ok(Ok(None)) | Ok(Err(_)) => {
                    assert!(self.buffer.is_empty(), "a partial line at the end");
                    return None;
                }
                Err(_) => panic!("no message on the stream within {PATIENCE:?}"),
            }
        }
    }

    /// The next message that is not a ping.
    async fn message(&mut self) -> Value {
        loop {
            let message = self.next().await.expect("the stream goes on");
            if message["type"] != "ping" {
                return message;
            }
        }
    }

    /// The next `event` message (nothing else may come before it).
    async fn event(&mut self) -> Value {
        let message = self.message().await;
        assert_eq!(message["type"], "event", "{message}");
        message
    }
}

/// A WebSocket on a game's stream.
struct Ws {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Ws {
    async fn send(&mut self, message: Value) {
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .expect("sent on the WebSocket");
    }

    /// The next text message that is not a ping.
    async fn message(&mut self) -> Value {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("a message on the WebSocket in time")
                .expect("the WebSocket goes on")
                .expect("a WebSocket frame");
            if let Message::Text(text) = frame {
                let message = parse(&text);
                if message["type"] != "ping" {
                    return message;
                }
            }
        }
    }

    /// The server closes the socket: a Close frame, then the end.
    async fn closed(&mut self) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        let mut close = false;
        loop {
            match tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("the WebSocket closed in time")
            {
                Some(Ok(Message::Close(_))) => close = true,
                Some(Ok(Message::Text(text))) => {
                    assert_eq!(parse(&text)["type"], "ping", "after closing: {text}")
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => break,
            }
        }
        assert!(close, "no Close frame");
    }

    /// The next message, which must be of `kind`.
    async fn expect(&mut self, kind: &str) -> Value {
        let message = self.message().await;
        assert_eq!(message["type"], kind, "{message}");
        message
    }
}

/// `value` as seconds.
fn secs(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

fn assert_near(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} is not {expected} ± {tolerance}"
    );
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string").to_owned())
        .collect()
}

/// The token of the side that plays the `i`th move (White first).
fn mover(seats: &Seats, i: usize) -> &str {
    if i.is_multiple_of(2) {
        &seats.white
    } else {
        &seats.black
    }
}

// ---------------------------------------------------------------------------
// the scenarios

/// A whole game over plain HTTP: creation, the arbiter's start, moves by the
/// seats, a refusal under the Laws, checkmate; the state, the PGN, the
/// list, health, metrics and the OpenAPI document.
async fn a_game_over_http(env: Env) {
    let server = Server::start(&env).await;
    let (status, health) = server.get("/api/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["ok"], true, "{health}");
    assert_eq!(
        health["envelope_signer"].as_str().map(str::len),
        Some(64),
        "{health}"
    );
    let (status, openapi) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        openapi["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "{}",
        openapi["openapi"]
    );
    for path in [
        "/api/games",
        "/api/games/{id}/events",
        "/api/games/{id}/stream",
    ] {
        assert!(openapi["paths"][path].is_object(), "{path} documented");
    }

    let game = server
        .create(json!({
            "edition": "fide-2023", "time_control": "5400+30",
            "players": {"white": "Fool", "black": "Scholar"},
            "event": "E2E open", "site": "Localhost", "round": "3", "board": "7"
        }))
        .await;
    let other = server
        .create(json!({"edition": "fide-2005", "time_control": "300",
                       "players": {"white": "Other", "black": "Player"}}))
        .await;
    assert_ne!(game.id, other.id);

    let state = server.state(&game.id).await;
    assert_eq!(state["id"], game.id);
    assert_eq!(state["seq"], 0);
    assert_eq!(state["result"], "*");
    assert_eq!(state["edition"], "fide-2023");
    assert_eq!(state["time_control"], "5400+30");
    assert_eq!(
        state["players"],
        json!({"white": "Fool", "black": "Scholar"})
    );
    assert_eq!(
        state["running"],
        Value::Null,
        "no clock runs before the start"
    );
    assert_eq!(state["clocks"], json!({"white": 5400.0, "black": 5400.0}));

    // the arbiter starts the game; White's clock runs
    server
        .accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    let state = server.state(&game.id).await;
    assert_eq!(state["running"], "white");
    assert_eq!(state["to_move"], "white");
    assert_eq!(state["seq"], 1);
    let e2 = strings(&state["dests"]["e2"]);
    assert_eq!(e2, ["e3", "e4"]);

    // Black may not move out of turn: refused under the Laws, 200, recorded
    let refused = server
        .event(&game.id, &game.black, json!({"move": "e5"}))
        .await;
    assert_eq!(refused["accepted"], false, "{refused}");
    assert_eq!(refused["seq"], 1);
    assert!(
        refused["decisions"]
            .as_array()
            .is_some_and(|d| !d.is_empty() && d[0]["article"].is_string()),
        "the refusal cites its article: {refused}"
    );

    let moves = ["f3", "e5", "g4", "Qh4#"];
    for (i, san) in moves.iter().enumerate() {
        let answer = server
            .accepted(
                &game.id,
                mover(&game, i),
                json!({"move": san}),
                2 + i as u64,
            )
            .await;
        assert_eq!(answer["game"]["seq"], 3 + i as u64);
    }
    let state = server.state(&game.id).await;
    assert_eq!(state["seq"], 6);
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["termination"], "checkmate");
    assert_eq!(state["state"], "finished");
    assert_eq!(state["running"], Value::Null);
    assert_eq!(strings(&state["scoresheet"]), moves);
    // a spectator reading French: the decisions in French, the scoresheet
    // in the event's notation
    let (status, french) = server.get(&format!("/api/games/{}?lang=fr", game.id)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(french["scoresheet"], state["scoresheet"]);
    let last = |s: &Value| s["log"].as_array().and_then(|l| l.last()).cloned();
    let (en, fr) = (last(&state).expect("a log"), last(&french).expect("a log"));
    assert_eq!(
        (&en["decision"], &en["article"]),
        (&fr["decision"], &fr["article"])
    );
    assert_ne!(en["message"], fr["message"], "{en} / {fr}");
    assert!(
        fr["message"].as_str().is_some_and(|m| m.contains("mat")),
        "{fr}"
    );
    let (status, bad) = server.get(&format!("/api/games/{}?lang=xx", game.id)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["error"]["path"], "lang", "{bad}");
    assert_eq!(
        state["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    // 30 s added at each press, a few milliseconds used (none, at the
    // clock's millisecond, when the moves come within one); the mate is
    // not pressed
    for (side, most) in [("white", 5460.0), ("black", 5430.0)] {
        let clock = secs(&state["clocks"][side]);
        assert!(
            (most - 5.0..=most).contains(&clock),
            "{side}'s clock {clock} after two moves of 5400+30"
        );
    }
    // nothing more is accepted
    let late = server
        .event(&game.id, &game.white, json!({"move": "Nc3"}))
        .await;
    assert_eq!(
        (late["accepted"].clone(), late["seq"].clone()),
        (json!(false), json!(6))
    );

    let pgn = server.pgn(&game.id).await;
    for tag in [
        "[Event \"E2E open\"]",
        "[Site \"Localhost\"]",
        "[Round \"3\"]",
        "[White \"Fool\"]",
        "[Black \"Scholar\"]",
        "[Result \"0-1\"]",
        "[TimeControl \"5400+30\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    assert!(pgn.contains("1. f3 {[%clk 1:30:"), "{pgn}");
    assert!(pgn.contains("Qh4#"), "{pgn}");
    assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");

    // the list, with its filters
    let (status, list) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = list["games"].as_array().expect("games");
    assert_eq!(games.len(), 2, "{list}");
    let row = games
        .iter()
        .find(|g| g["id"] == game.id)
        .expect("the game listed");
    assert_eq!(
        row,
        &json!({"id": game.id, "players": {"white": "Fool", "black": "Scholar"},
                "edition": "fide-2023", "time_control": "5400+30",
                "state": "finished", "result": "0-1", "moves": 4})
    );
    let ids = |list: &Value| -> Vec<String> {
        list["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| g["id"].as_str().expect("an id").to_owned())
            .collect()
    };
    let (_, finished) = server.get("/api/games?state=finished").await;
    assert_eq!(ids(&finished), std::slice::from_ref(&game.id));
    let (_, playing) = server.get("/api/games?state=playing").await;
    assert_eq!(ids(&playing), std::slice::from_ref(&other.id));
    let (_, by_player) = server.get("/api/games?player=Other").await;
    assert_eq!(ids(&by_player), std::slice::from_ref(&other.id));
    let (_, nobody) = server.get("/api/games?player=Nobody").await;
    assert_eq!(ids(&nobody), Vec::<String>::new());

    // the metrics count what was acknowledged
    let (status, metrics) = server.get_text("/metrics").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        metrics.contains("arbitre_events_total{outcome=\"accepted\"} 5"),
        "{metrics}"
    );
    assert!(
        metrics.contains("arbitre_events_total{outcome=\"refused\"} 2"),
        "{metrics}"
    );
    assert!(
        metrics.contains("arbitre_ack_latency_seconds_count 7"),
        "{metrics}"
    );
    assert!(metrics.trim_end().ends_with("# EOF"), "{metrics}");
}

/// The streams: a WebSocket sends events and gets an `ack` for each, and
/// sees every event once, in order; an NDJSON stream resumed with
/// `?since=SEQ` gets every event after SEQ exactly once, while events keep
/// coming.
/// `Prefer: return=minimal` (API.md, RFC 7240): the answer holds `seq`,
/// `accepted` and `decisions`, no state, and says the preference was
/// applied; among other preferences, in any case; a retry of the same
/// `client_id` gets the first answer; without the header, the state again.
async fn a_bot_prefers_a_minimal_answer(env: Env) {
    let server = Server::start(&env).await;
    let game = server
        .started(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    let post = |token: &str, prefer: Option<&str>, body: Value| {
        let mut request = server
            .http
            .post(server.url(&format!("/api/games/{}/events", game.id)))
            .header("content-type", "application/json")
            .bearer_auth(token)
            .body(body.to_string());
        if let Some(p) = prefer {
            request = request.header("Prefer", p);
        }
        async move {
            let response = request.send().await.expect("an answer");
            let status = response.status();
            let applied = response
                .headers()
                .get("preference-applied")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body: Value = response.json().await.expect("JSON");
            (status, applied, body)
        }
    };
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
        k.sort();
        k
    };
    let (status, applied, answer) = post(
        &game.white,
        Some("return=minimal"),
        json!({"move": "e4", "client_id": "m-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(applied.as_deref(), Some("return=minimal"));
    assert_eq!(keys(&answer), ["accepted", "decisions", "seq"], "{answer}");
    assert_eq!(answer["seq"], 1);
    assert_eq!(answer["accepted"], true);
    // the same client_id again: the first answer, minimal still
    let (_, _, again) = post(
        &game.white,
        Some("return=minimal"),
        json!({"move": "e4", "client_id": "m-1"}),
    )
    .await;
    assert_eq!(again, answer);
    // among other preferences, in another case; a refusal is minimal too
    let (status, applied, refused) = post(
        &game.white,
        Some("respond-async, RETURN=Minimal; foo=bar"),
        json!({"move": "d4"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(applied.as_deref(), Some("return=minimal"));
    assert_eq!(refused["accepted"], false, "{refused}");
    assert!(refused.get("game").is_none(), "{refused}");
    // no header, or another return: the state comes with the answer
    for (token, prefer, mv) in [
        (&game.black, None, "e5"),
        (&game.white, Some("return=representation"), "Nf3"),
    ] {
        let (status, applied, full) = post(token, prefer, json!({"move": mv})).await;
        assert_eq!(status, StatusCode::OK, "{full}");
        assert_eq!(applied, None);
        assert_eq!(full["accepted"], true, "{full}");
        assert!(full["game"].is_object(), "{full}");
    }
    let state = server.state(&game.id).await;
    assert_eq!(state["scoresheet"], json!(["e4", "e5", "Nf3"]));
}

async fn websocket_and_ndjson_streams(env: Env) {
    let server = Server::start(&env).await;
    let game = server
        .create(json!({"edition": "fide-2023", "time_control": "600+5",
                       "players": {"white": "Socket", "black": "Stream"}}))
        .await;
    let mut spectator = server.ndjson(&game.id, None).await;
    let first = spectator.message().await;
    assert_eq!(first["type"], "game");
    assert_eq!(first["id"], game.id);
    assert_eq!(first["seq"], 0);

    let mut arbiter = server.websocket(&game.id).await;
    let mut white = server.websocket(&game.id).await;
    let mut black = server.websocket(&game.id).await;
    for ws in [&mut arbiter, &mut white, &mut black] {
        let first = ws.expect("game").await;
        assert_eq!(first["id"], game.id);
        assert_eq!(first["seq"], 0);
    }
    // events before the token are refused
    white.send(json!({"move": "e4"})).await;
    let refused = white.expect("error").await;
    assert_eq!(refused["status"], 401, "{refused}");
    white.send(json!({"token": "not-a-token"})).await;
    assert_eq!(white.expect("error").await["status"], 401);
    for (ws, token, seat) in [
        (&mut arbiter, &game.arbiter, "arbiter"),
        (&mut white, &game.white, "white"),
        (&mut black, &game.black, "black"),
    ] {
        ws.send(json!({"token": token})).await;
        let hello = ws.expect("authenticated").await;
        assert_eq!(hello["as"], seat);
    }
    // a seat may not do the arbiter's part
    white
        .send(json!({"start": true, "client_id": "w-start"}))
        .await;
    let forbidden = white.expect("error").await;
    assert_eq!(forbidden["status"], 403, "{forbidden}");
    assert_eq!(forbidden["client_id"], "w-start");
    assert_eq!(forbidden["error"]["code"], "forbidden");

    // the arbiter starts, then the seats move, each on its socket: every
    // event sent is acknowledged with its seq, and every socket sees every
    // event once, in order (the sender's before or after its ack)
    let moves = [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
    ];
    let mut seen: [Vec<Value>; 3] = Default::default();
    let mut sockets = [arbiter, white, black];
    let sends = std::iter::once((0, json!({"start": true, "client_id": "a-start"}))).chain(
        moves.iter().enumerate().map(|(i, san)| {
            (
                1 + i % 2,
                json!({"move": san, "client_id": format!("move-{i}")}),
            )
        }),
    );
    for (seq, (k, body)) in sends.enumerate() {
        let seq = seq as u64;
        let ws = &mut sockets[k];
        ws.send(body.clone()).await;
        let mut ack = None;
        while ack.is_none() || seen[k].last().map(|e| &e["seq"]) != Some(&json!(seq)) {
            let message = ws.message().await;
            match message["type"].as_str() {
                Some("ack") => {
                    assert!(ack.is_none(), "two acks: {message}");
                    ack = Some(message);
                }
                Some("event") => seen[k].push(message),
                _ => panic!("unexpected {message}"),
            }
        }
        let ack = ack.expect("an ack");
        assert_eq!(ack["client_id"], body["client_id"]);
        assert_eq!(ack["seq"], seq, "{ack}");
        assert_eq!(ack["accepted"], true, "{ack}");
        if seq == 0 {
            let decisions = ack["decisions"].as_array().expect("decisions");
            assert_eq!(decisions.len(), 1, "{ack}");
            assert_eq!(decisions[0]["decision"], "start");
            assert_eq!(decisions[0]["article"], "6.6");
        } else {
            assert_eq!(ack["decisions"], json!([]), "{ack}");
        }
    }
    let last = moves.len() as u64;
    for (ws, seen) in sockets.iter_mut().zip(seen.iter_mut()) {
        while seen.last().map(|e| &e["seq"]) != Some(&json!(last)) {
            seen.push(ws.expect("event").await);
        }
        let seqs: Vec<&Value> = seen.iter().map(|e| &e["seq"]).collect();
        let expected: Vec<Value> = (0..=last).map(Value::from).collect();
        assert_eq!(seqs, expected.iter().collect::<Vec<_>>());
        assert_eq!(seen[0]["by"], "arbiter");
        assert_eq!(seen[0]["action"], json!({"start": true}));
    }
    let [_, mut white, _] = sockets;
    for seq in 0..=moves.len() as u64 {
        let event = spectator.event().await;
        assert_eq!(event["seq"], seq, "{event}");
        if seq > 0 {
            let i = seq as usize - 1;
            assert_eq!(event["action"]["move"], moves[i]);
            assert_eq!(
                event["by"],
                if i.is_multiple_of(2) {
                    "white"
                } else {
                    "black"
                }
            );
            assert_eq!(event["accepted"], true);
            assert!(event["clocks"]["white"].is_number(), "{event}");
        }
    }

    // a client_id sent again: the first answer, applied once
    white
        .send(json!({"move": "e4", "client_id": "move-0"}))
        .await;
    let again = white.expect("ack").await;
    assert_eq!(
        again,
        json!({"type": "ack", "client_id": "move-0", "seq": 1, "accepted": true, "decisions": []})
    );
    let (status, again) = server
        .post(
            &format!("/api/games/{}/events", game.id),
            Some(&game.black),
            &json!({"move": "c5", "client_id": "move-1"}).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (again["seq"].clone(), again["accepted"].clone()),
        (json!(2), json!(true))
    );
    assert_eq!(server.state(&game.id).await["seq"], 11);

    // resuming after seq 4 while more moves are made: 5.. exactly once, in order
    let mut resumed = server.ndjson(&game.id, Some(4)).await;
    let more = ["Be3", "e5", "Nb3", "Be6", "f3", "Be7"];
    let poster = {
        let http = server.http.clone();
        let url = server.url(&format!("/api/games/{}/events", game.id));
        let game = game.clone();
        tokio::spawn(async move {
            for (i, san) in more.iter().enumerate() {
                let token = mover(&game, i);
                let response = http
                    .post(&url)
                    .bearer_auth(token)
                    .body(json!({"move": san}).to_string())
                    .send()
                    .await
                    .expect("answered");
                assert_eq!(response.status(), StatusCode::OK);
                let answer: Value = response.json().await.expect("JSON");
                assert_eq!(answer["seq"], 11 + i as u64, "{answer}");
                assert_eq!(answer["accepted"], true, "{answer}");
            }
        })
    };
    let head = resumed.message().await;
    assert_eq!(head["type"], "game");
    let last = 10 + more.len() as u64;
    let mut seqs = Vec::new();
    while seqs.last() != Some(&last) {
        let event = resumed.event().await;
        let seq = event["seq"].as_u64().expect("a seq");
        if seq <= 10 {
            assert_eq!(event["action"]["move"], moves[seq as usize - 1]);
        } else {
            assert_eq!(event["action"]["move"], more[seq as usize - 11]);
        }
        seqs.push(seq);
    }
    poster.await.expect("the moves posted");
    assert_eq!(seqs, (5..=last).collect::<Vec<_>>());
    // and the live spectator went on seeing each once
    for seq in 11..=last {
        assert_eq!(spectator.event().await["seq"], seq);
    }
    let state = server.state(&game.id).await;
    assert_eq!(state["seq"], last + 1);
    assert_eq!(state["scoresheet"].as_array().map(Vec::len), Some(16));
}

/// Requests racing on one game: its owner takes them one at a time, so of
/// several sent with the same `after` exactly one is applied, and of several
/// with the same `client_id` one is applied and all get its answer.
async fn concurrent_requests_on_one_game(env: Env) {
    let server = Server::start(&env).await;
    let game = server
        .started(json!({"edition": "fide-2023", "time_control": "600",
                       "players": {"white": "Race", "black": "Condition"}}))
        .await;
    let post_all = |token: String, bodies: Vec<Value>| {
        let url = server.url(&format!("/api/games/{}/events", game.id));
        let tasks: Vec<_> = bodies
            .into_iter()
            .map(|body| {
                let (http, url, token) = (server.http.clone(), url.clone(), token.clone());
                tokio::spawn(async move {
                    let response = http
                        .post(&url)
                        .bearer_auth(token)
                        .body(body.to_string())
                        .send()
                        .await
                        .expect("answered");
                    let status = response.status();
                    (status, response.json::<Value>().await.expect("JSON"))
                })
            })
            .collect();
        async move {
            let mut answers = Vec::new();
            for task in tasks {
                answers.push(task.await.expect("a request"));
            }
            answers
        }
    };

    // ten arbiter's events after seq 0: one is applied, nine are stale
    let answers = post_all(
        game.arbiter.clone(),
        (0..10)
            .map(|i| json!({"adjust_time": {"white": i + 1, "article": "6.10.2"}, "after": 0}))
            .collect(),
    )
    .await;
    let applied: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .map(|(_, answer)| answer)
        .collect();
    assert_eq!(applied.len(), 1, "{answers:?}");
    assert_eq!(applied[0]["seq"], 1);
    assert_eq!(applied[0]["accepted"], true, "{}", applied[0]);
    assert!(
        answers.iter().all(|(status, a)| *status == StatusCode::OK
            || (*status == StatusCode::CONFLICT && a["error"]["code"] == "stale")),
        "{answers:?}"
    );
    let state = server.state(&game.id).await;
    assert_eq!(state["seq"], 2);

    // the same move five times at once under one client_id: applied once
    let answers = post_all(
        game.white.clone(),
        (0..5)
            .map(|_| json!({"move": "e4", "client_id": "the-one-e4"}))
            .collect(),
    )
    .await;
    for (status, answer) in &answers {
        assert_eq!(*status, StatusCode::OK, "{answer}");
        assert_eq!(answer["seq"], 2, "{answer}");
        assert_eq!(answer["accepted"], true, "{answer}");
    }
    let state = server.state(&game.id).await;
    assert_eq!(state["seq"], 3);
    assert_eq!(strings(&state["scoresheet"]), ["e4"]);

    // a stream resumed at the last seq gets only what follows
    let mut stream = server.ndjson(&game.id, Some(2)).await;
    assert_eq!(stream.message().await["type"], "game");
    server
        .accepted(&game.id, &game.black, json!({"move": "c6"}), 3)
        .await;
    let event = stream.event().await;
    assert_eq!(event["seq"], 3);
    assert_eq!(event["action"], json!({"move": "c6"}));
}

/// kill -9 while moves are in flight; the restart on the same database
/// keeps every acknowledged event with its seq, records the outage (the
/// clocks stopped from the last durable instant), decides nothing by it
/// although the running clock had less time left than the server was down,
/// and answers a retried `client_id` with its first answer.
async fn kill_9_mid_game_loses_nothing_acknowledged(env: Env) {
    let mut server = Server::start(&env).await;
    let game = server
        .create(json!({"edition": "fide-2023", "time_control": "3",
                       "players": {"white": "Crash", "black": "Restart"}}))
        .await;
    // beside it: a game not started, one the arbiter has stopped, one over
    let setup = json!({"edition": "fide-2023", "time_control": "3"});
    let idle = server.create(setup.clone()).await;
    let paused = server.create(setup.clone()).await;
    let over = server.create(setup).await;
    for other in [&paused, &over] {
        server
            .accepted(&other.id, &other.arbiter, json!({"start": true}), 0)
            .await;
    }
    server
        .accepted(&paused.id, &paused.arbiter, json!({"stop_clocks": true}), 1)
        .await;
    server
        .accepted(&over.id, &over.white, json!({"resign": true}), 1)
        .await;
    let mut others = Vec::new();
    for other in [&idle, &paused, &over] {
        others.push(server.state(&other.id).await);
    }
    server
        .accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    // a game's moves, posted one after another until the server dies
    const MOVES: [&str; 24] = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5",
    ];
    let acks: Arc<Mutex<Vec<Value>>> = Arc::default();
    let poster = {
        let http = server.http.clone();
        let url = server.url(&format!("/api/games/{}/events", game.id));
        let game = game.clone();
        let acks = acks.clone();
        tokio::spawn(async move {
            for (i, san) in MOVES.iter().enumerate() {
                let sent = http
                    .post(&url)
                    .bearer_auth(mover(&game, i))
                    .body(json!({"move": san, "client_id": format!("m{i}")}).to_string())
                    .send()
                    .await;
                let answer: Value = match sent {
                    Ok(response) => match response.json().await {
                        Ok(answer) => answer,
                        Err(_) => return,
                    },
                    Err(_) => return,
                };
                acks.lock().expect("acks").push(answer);
            }
        })
    };
    let deadline = Instant::now() + PATIENCE;
    while acks.lock().expect("acks").len() < 10 {
        assert!(
            Instant::now() < deadline,
            "ten moves not acknowledged in time"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    server.kill_9();
    let killed = Instant::now();
    poster.await.expect("the poster ends");
    let acks = acks.lock().expect("acks").clone();
    assert!(
        acks.len() >= 10 && acks.len() < MOVES.len(),
        "{}",
        acks.len()
    );
    for (i, ack) in acks.iter().enumerate() {
        assert_eq!(ack["seq"], 1 + i as u64, "{ack}");
        assert_eq!(ack["accepted"], true, "{ack}");
    }
    let last_ack = acks.last().expect("an ack").clone();
    // down for longer than the whole time control
    tokio::time::sleep(Duration::from_millis(3300).saturating_sub(killed.elapsed())).await;

    let restarted = Instant::now();
    let server = Server::start(&env).await;
    let state = server.state(&game.id).await;
    let read = restarted.elapsed().as_secs_f64();
    // from the kill to the new process, and to the state read from it
    let since_kill = killed.elapsed().as_secs_f64();
    let down = since_kill - read;
    assert_eq!(state["result"], "*", "decided by the outage: {state}");
    assert_eq!(state["state"], "playing");
    assert_eq!(state["termination"], Value::Null);
    let scoresheet = strings(&state["scoresheet"]);
    // every acknowledged move is there, the one in flight perhaps too
    let stored = scoresheet.len();
    assert!(
        stored == acks.len() || stored == acks.len() + 1,
        "{} acknowledged, {stored} stored",
        acks.len()
    );
    assert_eq!(scoresheet, MOVES[..stored]);
    // the log: start, the moves, then the outage's stop and restart
    let n = stored as u64;
    assert_eq!(state["seq"], n + 3, "{state}");
    // one alert for the outage (its stop at n + 1, its restart at n + 2),
    // with its duration
    let alerts = state["alerts"].as_array().expect("alerts");
    assert_eq!(alerts.len(), 1, "{state}");
    assert_eq!(alerts[0]["cause"], "outage");
    assert_eq!(alerts[0]["seq"], json!(n + 1));
    let stop = secs(&alerts[0]["t"]);
    let restart = stop + secs(&alerts[0]["duration"]);
    // stopped at most a heartbeat before the kill, restarted once the new
    // process had opened the store and before it answered
    assert!(
        restart - stop >= down - 0.01 && restart - stop <= since_kill + 1.2,
        "the outage ran from {stop} to {restart}; the server was down {down} s, \
         read {since_kill} s after the kill"
    );

    // the others: nothing recorded, nothing changed
    for (other, before) in [&idle, &paused, &over].into_iter().zip(&others) {
        let after = server.state(&other.id).await;
        for key in [
            "seq", "alerts", "running", "clocks", "result", "state", "log",
        ] {
            assert_eq!(after[key], before[key], "{key} of {}", other.id);
        }
    }
    assert_eq!(others[0]["seq"], 0);
    assert_eq!(others[1]["running"], Value::Null);
    assert_eq!(others[2]["result"], "0-1");

    // the stored events, as the stream replays them after seq 0
    let mut replay = server.ndjson(&game.id, Some(0)).await;
    assert_eq!(replay.message().await["type"], "game");
    let mut events = Vec::new();
    for _ in 0..n + 2 {
        events.push(replay.event().await);
    }
    for (i, event) in events.iter().take(stored).enumerate() {
        assert_eq!(event["seq"], 1 + i as u64);
        assert_eq!(event["action"]["move"], MOVES[i]);
        assert_eq!(event["accepted"], true);
        if let Some(ack) = acks.get(i) {
            assert_eq!(event["decisions"], ack["decisions"]);
        }
    }
    let last_move = &events[stored - 1];
    let (outage_stop, outage_restart) = (&events[stored], &events[stored + 1]);
    assert_eq!(outage_stop["action"], json!({"stop_clocks": true}));
    assert_eq!(outage_restart["action"], json!({"restart_clocks": true}));
    for e in [outage_stop, outage_restart] {
        assert_eq!(e["by"], "arbiter");
        assert_eq!(e["server"], "outage");
        assert_eq!(e["accepted"], true, "{e}");
    }
    // the clocks stopped from the last durable instant (a commit or the
    // heartbeat, at most a second before the kill) to the restart
    let (t_move, t_stop) = (secs(&last_move["t"]), secs(&outage_stop["t"]));
    assert!(
        (0.0..=1.2).contains(&(t_stop - t_move)),
        "stopped at {t_stop}, {} s after the last move",
        t_stop - t_move
    );
    let side = if stored.is_multiple_of(2) {
        "white"
    } else {
        "black"
    };
    assert_eq!(state["running"], side);
    let at_move = secs(&last_move["clocks"][side]);
    let at_stop = secs(&outage_stop["clocks"][side]);
    assert_near(
        at_move - at_stop,
        t_stop - t_move,
        0.002,
        "the time run before the outage",
    );
    assert_eq!(outage_restart["clocks"], outage_stop["clocks"]);
    let now = secs(&state["clocks"][side]);
    assert!(
        now > 0.0 && now <= at_stop && now >= at_stop - read - 0.05,
        "{side} has {now} s, {at_stop} s at the outage, read {read} s after the restart"
    );
    assert!(
        at_move < down,
        "the clock had {at_move} s, less than the {down} s down"
    );

    // the PGN says so
    let pgn = server.pgn(&game.id).await;
    assert!(pgn.contains("Server outage"), "{pgn}");

    // a retry of an acknowledged client_id: its first answer, applied once
    let i = acks.len() - 1;
    let retry = server
        .event(
            &game.id,
            mover(&game, i),
            json!({"move": MOVES[i], "client_id": format!("m{i}")}),
        )
        .await;
    assert_eq!(retry["seq"], last_ack["seq"]);
    assert_eq!(retry["accepted"], true);
    assert_eq!(retry["decisions"], last_ack["decisions"]);
    // the retry of the one in flight: its stored answer if it was stored,
    // else applied now; once either way
    let i = acks.len();
    let retry = server
        .event(
            &game.id,
            mover(&game, i),
            json!({"move": MOVES[i], "client_id": format!("m{i}")}),
        )
        .await;
    assert_eq!(retry["accepted"], true, "{retry}");
    let expected_seq = if stored > acks.len() {
        1 + i as u64
    } else {
        n + 3
    };
    assert_eq!(retry["seq"], expected_seq, "{retry}");
    let state = server.state(&game.id).await;
    assert_eq!(strings(&state["scoresheet"]), MOVES[..=i]);
    // and the game goes on
    let j = i + 1;
    let next = server
        .event(&game.id, mover(&game, j), json!({"move": MOVES[j]}))
        .await;
    assert_eq!(next["accepted"], true, "{next}");
    assert_eq!(strings(&next["game"]["scoresheet"]), MOVES[..=j]);
    assert_eq!(next["game"]["result"], "*");
    let seq = next["seq"].as_u64().expect("a seq");

    // the restarted server keeps the time: the flag of the side to move
    // falls, with nobody there, when its clock (stopped for the outage) runs out
    let mut stream = server.ndjson(&game.id, Some(seq - 1)).await;
    assert_eq!(stream.message().await["type"], "game");
    let moved = stream.event().await;
    assert_eq!(moved["seq"], seq);
    let side = if j.is_multiple_of(2) {
        "black"
    } else {
        "white"
    };
    assert_eq!(moved["running"], side);
    let fell = secs(&moved["t"]) + secs(&moved["clocks"][side]);
    let flag = stream.event().await;
    assert_eq!(flag["seq"], seq + 1);
    assert_eq!(flag["action"], json!({"time": true}));
    assert_eq!(flag["by"], "arbiter");
    assert_eq!(flag["result"], if side == "white" { "0-1" } else { "1-0" });
    assert_eq!(flag["clocks"][side], 0.0);
    for decision in flag["decisions"].as_array().expect("decisions") {
        assert_near(
            secs(&decision["t"]),
            fell,
            0.0015,
            "the flag after the restart",
        );
    }
    eprintln!(
        "kill -9: {} moves acknowledged, {stored} stored, the outage {:.3} s, the clock {at_stop} s",
        acks.len(),
        restart - stop,
    );
}

/// SIGTERM: open streams get `closing` with a reason, the process exits 0,
/// the running clock is stopped at the shutdown and restarted at the next
/// start, with no time lost meanwhile.
async fn graceful_shutdown_stops_and_restarts_the_clocks(env: Env) {
    let mut server = Server::start(&env).await;
    let game = server
        .started(json!({"edition": "fide-2023", "time_control": "60",
                       "players": {"white": "Term", "black": "Signal"}}))
        .await;
    server
        .accepted(&game.id, &game.white, json!({"move": "d4"}), 1)
        .await;
    server
        .accepted(&game.id, &game.black, json!({"move": "d5"}), 2)
        .await;
    let mut stream = server.ndjson(&game.id, None).await;
    assert_eq!(stream.message().await["type"], "game");
    let mut ws = server.websocket(&game.id).await;
    ws.expect("game").await;
    ws.send(json!({"token": game.black})).await;
    ws.expect("authenticated").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, health) = server.get("/api/health").await;
    let signer = health["envelope_signer"].clone();

    let before = Instant::now();
    let state = server.state(&game.id).await;
    assert_eq!(state["running"], "white");
    let white_before = secs(&state["clocks"]["white"]);
    let black_before = secs(&state["clocks"]["black"]);
    server.terminate();
    let signalled = before.elapsed().as_secs_f64();
    let closing = stream.message().await;
    assert_eq!(closing["type"], "closing", "{closing}");
    assert!(
        closing["reason"].as_str().is_some_and(|r| !r.is_empty()),
        "{closing}"
    );
    assert!(
        stream.next().await.is_none(),
        "the stream ends after closing"
    );
    let closing = ws.expect("closing").await;
    assert!(
        closing["reason"].as_str().is_some_and(|r| !r.is_empty()),
        "{closing}"
    );
    ws.closed().await;
    let status = server.exit_status().await;
    let exited = before.elapsed().as_secs_f64() - signalled;
    assert!(status.success(), "exit status {status}");
    assert_eq!(status.code(), Some(0));
    // every owner ended and the store closed, at once
    let log = server.log_text();
    assert!(log.contains("shutting down"), "{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(!log.contains("still running"), "{log}");
    assert!(exited < 3.0, "{exited} s from SIGTERM to the exit");
    drop(server);
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let restarted = Instant::now();
    let server = Server::start(&env).await;
    let state = server.state(&game.id).await;
    let read = restarted.elapsed().as_secs_f64();
    // the envelopes sealed before the restart are checked against the same key
    let (_, health) = server.get("/api/health").await;
    assert_eq!(health["envelope_signer"], signer, "the signing key changed");
    assert!(env.dir.join("arbitre-signing.key").exists());
    assert_eq!(state["result"], "*");
    assert_eq!(state["running"], "white");
    assert_eq!(state["seq"], 5, "{state}");
    // one alert for the interruption, from the stop (seq 3) to the restart
    let alerts = state["alerts"].as_array().expect("alerts");
    let causes: Vec<&Value> = alerts.iter().map(|a| &a["cause"]).collect();
    assert_eq!(causes, [&json!("shutdown")], "{state}");
    assert_eq!(alerts[0]["seq"], json!(3));
    let gap = secs(&alerts[0]["duration"]);
    assert!(gap >= 1.5, "stopped for {gap} s only");
    // White's clock ran only while the server did
    let white_after = secs(&state["clocks"]["white"]);
    let used = white_before - white_after;
    // at most from the reading before SIGTERM to the exit (the clock is
    // stopped in between), and from the restart to the reading after
    let ran = signalled + exited + read;
    assert!(
        used >= -0.001 && used <= ran + 0.05,
        "White used {used} s over a shutdown; the server ran at most {ran} s of it"
    );
    assert_eq!(secs(&state["clocks"]["black"]), black_before);
    // the game goes on
    let answer = server
        .accepted(&game.id, &game.white, json!({"move": "c4"}), 5)
        .await;
    assert_eq!(answer["game"]["running"], "black");
    let pgn = server.pgn(&game.id).await;
    assert!(pgn.contains("1. d4"), "{pgn}");
    assert!(pgn.contains("shut down"), "{pgn}");
}

/// With no client connected the server decides the flag at the moment it
/// falls: a loss where the opponent can mate, a draw where he cannot.
async fn a_flag_falls_with_no_client_present(env: Env) {
    let server = Server::start(&env).await;
    let won = server
        .create(json!({"edition": "fide-2023", "time_control": "2",
                       "players": {"white": "Slow", "black": "Fast"}}))
        .await;
    let drawn = server
        .create(json!({"edition": "fide-2023", "time_control": "2",
                       "start": "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
                       "players": {"white": "Queen", "black": "King"}}))
        .await;
    for (game, moves) in [(&won, ["e4", "e5"]), (&drawn, ["Qd2", "Kf7"])] {
        server
            .accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
            .await;
        server
            .accepted(&game.id, &game.white, json!({"move": moves[0]}), 1)
            .await;
        let answer = server
            .accepted(&game.id, &game.black, json!({"move": moves[1]}), 2)
            .await;
        assert_eq!(answer["game"]["running"], "white");
    }
    // a spectator watches one game; nobody sends anything
    let mut watcher = server.ndjson(&won.id, Some(2)).await;
    assert_eq!(watcher.message().await["type"], "game");
    let flag = watcher.event().await;
    assert_eq!(flag["seq"], 3);
    assert_eq!(flag["by"], "arbiter");
    assert_eq!(flag["action"], json!({"time": true}));
    assert_eq!(flag["result"], "0-1");
    assert_eq!(flag["state"], "finished");
    assert_eq!(flag["clocks"]["white"], 0.0);

    for (game, result, termination) in [
        (&won, "0-1", "time-forfeit"),
        (&drawn, "1/2-1/2", "time-forfeit-draw"),
    ] {
        let deadline = Instant::now() + PATIENCE;
        let state = loop {
            let state = server.state(&game.id).await;
            if state["result"] != "*" {
                break state;
            }
            assert!(Instant::now() < deadline, "no flag: {state}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert_eq!(state["result"], result, "{state}");
        assert_eq!(state["termination"], termination, "{state}");
        assert_eq!(state["article"], "6.9", "{state}");
        assert_eq!(state["state"], "finished");
        assert_eq!(state["seq"], 4, "{state}");
        assert_eq!(state["clocks"]["white"], 0.0);
        assert_eq!(state["running"], Value::Null);
        // decided at the instant the flag fell, not later
        let mut stream = server.ndjson(&game.id, Some(1)).await;
        assert_eq!(stream.message().await["type"], "game");
        let last_move = stream.event().await;
        let decided = stream.event().await;
        assert_eq!(decided["by"], "arbiter");
        assert_eq!(decided["action"], json!({"time": true}));
        let left = secs(&last_move["clocks"]["white"]);
        assert!(left > 1.0, "{last_move}");
        let fell = secs(&last_move["t"]) + left;
        // the server woke then (a timer is late by a millisecond or so)
        let woke = secs(&decided["t"]);
        assert!(
            woke >= fell - 0.0015 && woke <= fell + 0.1,
            "the flag fell at {fell}, decided at {woke}"
        );
        let decisions = decided["decisions"].as_array().expect("decisions");
        let articles: Vec<&Value> = decisions.iter().map(|d| &d["article"]).collect();
        assert_eq!(articles, [&json!("6.8"), &json!("6.9")], "{decided}");
        for decision in decisions {
            // the decision is dated when the flag fell
            assert_near(secs(&decision["t"]), fell, 0.0015, "the flag's instant");
        }
        let pgn = server.pgn(&game.id).await;
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    }
}

/// What a client gets wrong is a 4xx with `{"error": {"code", "message",
/// "path"}}`, never a 5xx.
async fn errors_are_4xx_with_a_body_never_500(env: Env) {
    let server = Server::start(&env).await;
    let a = server
        .create(json!({"edition": "fide-2023", "time_control": "900+10"}))
        .await;
    let b = server
        .create(json!({"edition": "fide-2023", "time_control": "900+10"}))
        .await;
    let events = |game: &Seats| format!("/api/games/{}/events", game.id);
    let error = |status: StatusCode, body: &Value, expected: StatusCode, code: &str| {
        assert_eq!(status, expected, "{body}");
        let error = &body["error"];
        assert_eq!(error["code"], code, "{body}");
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}"
        );
        let keys: Vec<&String> = error.as_object().expect("an error object").keys().collect();
        assert_eq!(keys, ["code", "message", "path"], "{body}");
    };
    let start = json!({"start": true}).to_string();

    // 401: no token, an unknown token, not a bearer
    let (status, body) = server.post(&events(&a), None, &start).await;
    error(status, &body, StatusCode::UNAUTHORIZED, "unauthorized");
    let (status, body) = server
        .post(&events(&a), Some("no-such-token"), &start)
        .await;
    error(status, &body, StatusCode::UNAUTHORIZED, "unauthorized");
    let (status, body) = server.post("/api/games", None, "{}").await;
    error(status, &body, StatusCode::UNAUTHORIZED, "unauthorized");
    let (status, text) = server
        .send(
            server
                .http
                .post(server.url(&events(&a)))
                .header("authorization", format!("Basic {}", a.arbiter))
                .body(start.clone()),
        )
        .await;
    error(
        status,
        &parse(&text),
        StatusCode::UNAUTHORIZED,
        "unauthorized",
    );

    // 403: a seat doing the arbiter's part, the arbiter moving, another game
    let (status, body) = server.post(&events(&a), Some(&a.white), &start).await;
    error(status, &body, StatusCode::FORBIDDEN, "forbidden");
    server
        .accepted(&a.id, &a.arbiter, json!({"start": true}), 0)
        .await;
    let e4 = json!({"move": "e4"}).to_string();
    let (status, body) = server.post(&events(&a), Some(&a.arbiter), &e4).await;
    error(status, &body, StatusCode::FORBIDDEN, "forbidden");
    for token in [&a.white, &a.black, &a.arbiter] {
        let (status, body) = server.post(&events(&b), Some(token), &e4).await;
        error(status, &body, StatusCode::FORBIDDEN, "forbidden");
    }
    let (status, body) = server
        .post(
            "/api/games",
            Some(&a.white),
            &json!({"edition": "fide-2023", "time_control": "60"}).to_string(),
        )
        .await;
    error(status, &body, StatusCode::FORBIDDEN, "forbidden");
    // the side is the token's: `by` is not the client's to say
    let (status, body) = server
        .post(
            &events(&a),
            Some(&a.white),
            &json!({"move": "e4", "by": "black"}).to_string(),
        )
        .await;
    error(status, &body, StatusCode::BAD_REQUEST, "malformed");
    assert_eq!(body["error"]["path"], "by");
    // none of that was applied
    assert_eq!(server.state(&a.id).await["seq"], 1);
    assert_eq!(server.state(&b.id).await["seq"], 0);

    // 404
    for path in [
        "/api/games/nosuchgame",
        "/api/games/nosuchgame/pgn",
        "/api/games/nosuchgame/stream",
        "/api/no/such/path",
    ] {
        let (status, body) = server.get(path).await;
        error(status, &body, StatusCode::NOT_FOUND, "not-found");
    }
    let (status, body) = server
        .post("/api/games/nosuchgame/events", Some(ORGANISER), &e4)
        .await;
    error(status, &body, StatusCode::NOT_FOUND, "not-found");

    // 405, in the same form
    let (status, text) = server
        .send(server.http.delete(server.url("/api/games")))
        .await;
    error(
        status,
        &parse(&text),
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
    );
    let (status, text) = server
        .send(server.http.put(server.url(&events(&a))).body(start.clone()))
        .await;
    error(
        status,
        &parse(&text),
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
    );

    // 400: not JSON, not an object, an unknown key, two actions, a bad setup
    for (body, path) in [
        (r#"{"move": "#, None),
        ("[1, 2]", None),
        (r#"{"mvoe": "e4"}"#, Some("mvoe")),
        (r#"{"move": "e4", "resign": true}"#, None),
        (r#"{"move": "e4", "client_id": 7}"#, Some("client_id")),
        (r#"{"move": "e4", "after": "one"}"#, Some("after")),
    ] {
        let (status, answer) = server.post(&events(&a), Some(&a.white), body).await;
        error(status, &answer, StatusCode::BAD_REQUEST, "malformed");
        if let Some(path) = path {
            assert_eq!(answer["error"]["path"], path, "{body}: {answer}");
        }
    }
    let (status, body) = server
        .post(
            "/api/games",
            Some(ORGANISER),
            &json!({"edition": "fide-1999", "time_control": "60"}).to_string(),
        )
        .await;
    error(status, &body, StatusCode::BAD_REQUEST, "malformed");
    assert_eq!(body["error"]["path"], "edition");
    let (status, body) = server.get("/api/games?state=bogus").await;
    error(status, &body, StatusCode::BAD_REQUEST, "malformed");
    let (status, body) = server
        .get(&format!("/api/games/{}/stream?since=abc", a.id))
        .await;
    error(status, &body, StatusCode::BAD_REQUEST, "malformed");

    // 413: over 16 KiB, on an event and on a game's creation
    let huge = format!(
        r#"{{"move": "e4", "client_id": "{}"}}"#,
        "x".repeat(17 * 1024)
    );
    let (status, body) = server.post(&events(&a), Some(&a.white), &huge).await;
    error(status, &body, StatusCode::PAYLOAD_TOO_LARGE, "too-large");
    let huge_game = json!({"edition": "fide-2023", "time_control": "60",
                           "event": "y".repeat(17 * 1024)});
    let (status, body) = server
        .post("/api/games", Some(ORGANISER), &huge_game.to_string())
        .await;
    error(status, &body, StatusCode::PAYLOAD_TOO_LARGE, "too-large");

    // 409: `after` no longer the last event; accepted when it is
    let (status, body) = server
        .post(
            &events(&a),
            Some(&a.white),
            &json!({"move": "e4", "after": 7}).to_string(),
        )
        .await;
    error(status, &body, StatusCode::CONFLICT, "stale");
    server
        .accepted(&a.id, &a.white, json!({"move": "e4", "after": 0}), 1)
        .await;
    let (status, body) = server
        .post(
            &events(&a),
            Some(&a.black),
            &json!({"move": "e5", "after": 0}).to_string(),
        )
        .await;
    error(status, &body, StatusCode::CONFLICT, "stale");
    server
        .accepted(&a.id, &a.black, json!({"move": "e5", "after": 1}), 2)
        .await;
    let state = server.state(&a.id).await;
    assert_eq!(state["seq"], 3);
    assert_eq!(strings(&state["scoresheet"]), ["e4", "e5"]);

    // 429: past a token's burst (three times 20 a second)
    let mut limited = None;
    for _ in 0..100 {
        let (status, body) = server.post(&events(&b), Some(&b.white), "{").await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(body);
            break;
        }
        error(status, &body, StatusCode::BAD_REQUEST, "malformed");
    }
    let limited = limited.expect("a 429 within 100 quick requests");
    error(
        StatusCode::TOO_MANY_REQUESTS,
        &limited,
        StatusCode::TOO_MANY_REQUESTS,
        "rate-limited",
    );
    // another token is not limited by it
    let (status, _) = server
        .post(
            &events(&b),
            Some(&b.black),
            &json!({"resign": true}).to_string(),
        )
        .await;
    assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);

    // no 5xx was ever answered
    let (_, metrics) = server.get_text("/metrics").await;
    assert!(!metrics.contains("status=\"5"), "{metrics}");
    assert!(metrics.contains("status=\"413\"} 2"), "{metrics}");
}

// ---------------------------------------------------------------------------
// lichess's Board API, driven by a client that speaks nothing else

/// An e-board bridge as written for lichess: a seat token, the Board API's
/// paths, NDJSON with empty keep-alive lines; nothing of arbitre's own API.
struct BoardClient {
    base: String,
    token: String,
    http: reqwest::Client,
}

/// A Board API stream: its JSON lines, keep-alive lines skipped.
struct BoardStream {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl BoardStream {
    /// The next JSON line; `None` when the server ends the stream.
    async fn next(&mut self) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            while let Some(end) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = std::str::from_utf8(&line).expect("UTF-8");
                if !text.trim().is_empty() {
                    return Some(parse(text.trim_end()));
                }
            }
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buffer.extend_from_slice(&chunk),
                Ok(Ok(None)) | Ok(Err(_)) => return None,
                Err(_) => panic!("no line on the Board API stream within {PATIENCE:?}"),
            }
        }
    }
}

impl BoardClient {
    fn new(server: &Server, token: &str) -> BoardClient {
        BoardClient {
            base: server.url(""),
            token: token.to_owned(),
            http: reqwest::Client::new(),
        }
    }

    async fn stream(&self, path: &str) -> (StatusCode, Option<BoardStream>) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        if !status.is_success() {
            return (status, None);
        }
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "{path}"
        );
        (
            status,
            Some(BoardStream {
                response,
                buffer: Vec::new(),
            }),
        )
    }

    async fn post(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        let text = response.text().await.expect("a body");
        assert!(!status.is_server_error(), "{status}: {text}");
        (status, parse(&text))
    }

    async fn game_stream(&self, id: &str) -> BoardStream {
        let (status, stream) = self.stream(&format!("/api/board/game/stream/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        stream.expect("a stream")
    }

    async fn event_stream(&self) -> BoardStream {
        let (status, stream) = self.stream("/api/stream/event").await;
        assert_eq!(status, StatusCode::OK);
        stream.expect("a stream")
    }

    async fn play(&self, id: &str, uci: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/board/game/{id}/move/{uci}")).await
    }
}

/// The next `gameState` with these moves.
async fn state_with(stream: &mut BoardStream, moves: &str) -> Value {
    state_where(stream, |line| line["moves"] == moves).await
}

/// The next `gameState` that `holds` (each refusal, each event, changes the
/// clocks: a `gameState` follows every one).
async fn state_where(stream: &mut BoardStream, holds: impl Fn(&Value) -> bool) -> Value {
    loop {
        let line = stream.next().await.expect("the stream goes on");
        assert_eq!(line["type"], "gameState", "{line}");
        if holds(&line) {
            return line;
        }
    }
}

async fn a_lichess_board_api_client_plays_a_seat(env: Env) {
    let server = Server::start(&env).await;
    let seats = server
        .create(
            json!({"edition": "fide-online-2021", "time_control": "300+2",
                       "players": {"white": "Carlsen", "black": "Nakamura"}}),
        )
        .await;
    let id = seats.id.clone();
    let white = BoardClient::new(&server, &seats.white);
    let black = BoardClient::new(&server, &seats.black);

    // the seats' event streams: nothing until the arbiter starts the game
    let mut white_events = white.event_stream().await;
    server
        .accepted(&id, &seats.arbiter, json!({"start": true}), 0)
        .await;
    let start = white_events.next().await.expect("gameStart");
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(start["game"]["gameId"], id.as_str());
    assert_eq!(start["game"]["color"], "white");
    assert_eq!(start["game"]["isMyTurn"], true);
    assert_eq!(start["game"]["opponent"]["username"], "Nakamura");

    // gameFull first, as lichess sends it
    let mut white_game = white.game_stream(&id).await;
    let full = white_game.next().await.expect("gameFull");
    assert_eq!(full["type"], "gameFull", "{full}");
    assert_eq!(full["id"], id.as_str());
    assert_eq!(full["clock"]["initial"], 300_000);
    assert_eq!(full["clock"]["increment"], 2_000);
    assert_eq!(full["initialFen"], "startpos");
    assert_eq!(full["white"]["name"], "Carlsen");
    assert_eq!(full["state"]["moves"], "");
    assert_eq!(full["state"]["status"], "started");
    let mut black_game = black.game_stream(&id).await;
    assert_eq!(
        black_game.next().await.expect("gameFull")["type"],
        "gameFull"
    );

    // moves in UCI; the clocks in ms, with the increment
    let (status, body) = white.play(&id, "e2e4").await;
    assert_eq!((status, &body), (StatusCode::OK, &json!({"ok": true})));
    let after = state_with(&mut black_game, "e2e4").await;
    let wtime = after["wtime"].as_i64().expect("wtime");
    assert!(wtime > 295_000 && wtime <= 302_000, "{after}");
    assert_eq!(after["winc"], 2_000);
    assert_eq!(after["status"], "started");
    state_with(&mut white_game, "e2e4").await;

    // a move out of turn, an illegal move: 400 with the reason, nothing played
    let (status, body) = white.play(&id, "d2d4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    let (status, body) = black.play(&id, "e7e4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = black.play(&id, "e7e6").await;
    assert_eq!(status, StatusCode::OK);
    state_with(&mut white_game, "e2e4 e7e6").await;

    // a draw offered, seen, declined
    let (status, _) = white.post(&format!("/api/board/game/{id}/draw/yes")).await;
    assert_eq!(status, StatusCode::OK);
    let offered = state_where(&mut black_game, |s| s["wdraw"] == true).await;
    assert_eq!(offered["moves"], "e2e4 e7e6", "{offered}");
    let (status, _) = black.post(&format!("/api/board/game/{id}/draw/no")).await;
    assert_eq!(status, StatusCode::OK);
    let declined = black_game.next().await.expect("gameState");
    assert_eq!(declined["wdraw"], false, "{declined}");

    // the arbiter's token does not play a seat
    let arbiter = BoardClient::new(&server, &seats.arbiter);
    let (status, _) = arbiter.play(&id, "d2d4").await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Black's board goes away: an online game records it for the arbiter,
    // with the time, and decides nothing; its return is recorded too
    drop(black_game);
    let alerts = alert_causes;
    let deadline = Instant::now() + PATIENCE;
    loop {
        let state = server.state(&id).await;
        if alerts(&state).contains(&"black-disconnected".to_string()) {
            assert_eq!(state["state"], "playing", "{state}");
            let alert = &state["alerts"][0];
            assert!(
                alert["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("Black disconnected")),
                "{alert}"
            );
            assert!(alert["at_ms"].as_i64().is_some(), "{alert}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no disconnection recorded: {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut black_game = black.game_stream(&id).await;
    assert_eq!(
        black_game.next().await.expect("gameFull")["type"],
        "gameFull"
    );
    let deadline = Instant::now() + PATIENCE;
    while !alerts(&server.state(&id).await).contains(&"black-reconnected".to_string()) {
        assert!(Instant::now() < deadline, "no reconnection recorded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(black_game);

    // Black resigns: status and winner, the game stream ends, gameFinish
    let (status, _) = black.post(&format!("/api/board/game/{id}/resign")).await;
    assert_eq!(status, StatusCode::OK);
    let last = loop {
        let line = white_game.next().await.expect("the final gameState");
        if line["status"] != "started" {
            break line;
        }
    };
    assert_eq!(last["status"], "resign", "{last}");
    assert_eq!(last["winner"], "white", "{last}");
    assert!(
        white_game.next().await.is_none(),
        "the stream ends with the game"
    );
    let finish = white_events.next().await.expect("gameFinish");
    assert_eq!(finish["type"], "gameFinish", "{finish}");
    assert_eq!(finish["game"]["gameId"], id.as_str());

    // and our own stream has it all, with the articles
    let state = server.state(&id).await;
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["article"], "5.2");
}

// ---------------------------------------------------------------------------
// several nodes on one PostgreSQL database (issue 13)

/// A node of a cluster: `name`, on a port of its own that it advertises,
/// with a lease of 2 s (taken over within about 3 s of its death).
async fn node(env: &Env, name: &str) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port();
    let listen = format!("127.0.0.1:{port}");
    let advertise = format!("http://{listen}");
    Server::start_with(
        env,
        &listen,
        &[
            "--node",
            name,
            "--advertise",
            &advertise,
            "--lease-ms",
            "2000",
        ],
    )
    .await
}

/// Posts `body` (with its `client_id`) to `server` until it is answered
/// `200` — a `503` or no answer while a node dies and its games are taken
/// over is retried, the same `client_id` each time: the answer, and how
/// many tries it took.
async fn until_answered(server: &Server, game: &str, token: &str, body: Value) -> (Value, u32) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(3))
        .build()
        .expect("a client");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut tries = 0;
    loop {
        tries += 1;
        let sent = client
            .post(server.url(&format!("/api/games/{game}/events")))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await;
        if let Ok(response) = sent {
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            if status == StatusCode::OK {
                return (parse(&text), tries);
            }
            assert_eq!(
                status,
                StatusCode::SERVICE_UNAVAILABLE,
                "{body} answered {text}"
            );
        }
        assert!(
            Instant::now() < deadline,
            "{body} not answered within 20 s:\n{}",
            server.log_text()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A counter of `/metrics`.
async fn metric(server: &Server, name: &str) -> f64 {
    let (_, text) = server.get_text("/metrics").await;
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in:\n{text}"))
}

const RUY_LOPEZ: [&str; 12] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
];

/// Two nodes serve one game: requests to either are answered by its owner
/// (forwarded), streams on either see every event, a WebSocket on the other
/// node plays; the owner is killed (SIGKILL) and the other node takes the
/// game over within seconds, its clock stopped for the outage, no
/// acknowledged event lost, none twice, the streams going on.
async fn two_nodes_kill_9(env: Env) {
    let mut a = node(&env, "a").await;
    let b = node(&env, "b").await;
    let game = a
        .create(json!({"edition": "fide-2023", "time_control": "5400+30",
                       "players": {"white": "Anand", "black": "Kramnik"}}))
        .await;
    a.accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    let mut on_a = a.ndjson(&game.id, None).await;
    let mut on_b = b.ndjson(&game.id, None).await;
    for stream in [&mut on_a, &mut on_b] {
        let first = stream.message().await;
        assert_eq!(first["type"], "game", "{first}");
        assert_eq!(first["seq"], 1, "{first}");
    }
    // moves posted to either node, each answered once on disk
    for (i, san) in RUY_LOPEZ[..6].iter().enumerate() {
        let server = if i.is_multiple_of(2) { &b } else { &a };
        server
            .accepted(
                &game.id,
                mover(&game, i),
                json!({"move": san, "client_id": format!("m{i}")}),
                1 + i as u64,
            )
            .await;
        for stream in [&mut on_a, &mut on_b] {
            let event = stream.event().await;
            assert_eq!(event["seq"], 1 + i as u64, "{event}");
        }
    }
    let (on_node_a, on_node_b) = (a.state(&game.id).await, b.state(&game.id).await);
    assert_eq!(on_node_a["scoresheet"], on_node_b["scoresheet"]);
    assert_eq!(strings(&on_node_b["scoresheet"]), RUY_LOPEZ[..6]);
    assert!(metric(&b, "arbitre_forwarded_total").await >= 4.0);
    // an e-board's bridge pointed at b follows a's game (lichess's Board
    // API, forwarded and streamed back)
    let board = BoardClient::new(&b, &game.black);
    let mut board_stream = board.game_stream(&game.id).await;
    let full = board_stream.next().await.expect("gameFull");
    assert_eq!(full["type"], "gameFull", "{full}");
    assert_eq!(
        full["state"]["moves"], "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
        "{full}"
    );
    // a WebSocket on b plays White's next move, in a's game
    let mut ws = b.websocket(&game.id).await;
    ws.expect("game").await;
    ws.send(json!({"token": game.white})).await;
    ws.expect("authenticated").await;
    ws.send(json!({"move": RUY_LOPEZ[6], "client_id": "m6"}))
        .await;
    let ack = loop {
        let message = ws.message().await;
        if message["type"] == "ack" {
            break message;
        }
        assert_eq!(message["type"], "event", "{message}");
    };
    assert_eq!(ack["accepted"], true, "{ack}");
    assert_eq!(ack["seq"], 7, "{ack}");
    for stream in [&mut on_a, &mut on_b] {
        assert_eq!(stream.event().await["seq"], 7);
    }
    state_with(&mut board_stream, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4").await;

    // the owner dies; b takes its games over by itself (no request), once
    // a's lease (2 s) has expired
    a.kill_9();
    let killed = Instant::now();
    while metric(&b, "arbitre_games_taken_over_total").await < 1.0 {
        assert!(
            killed.elapsed() < Duration::from_secs(8),
            "not taken over:\n{}",
            b.log_text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let handed_over = killed.elapsed();
    assert!(
        handed_over >= Duration::from_millis(1500),
        "taken over before a's lease expired: {handed_over:?}"
    );
    let (answer, tries) = until_answered(
        &b,
        &game.id,
        &game.black,
        json!({"move": RUY_LOPEZ[7], "client_id": "m7"}),
    )
    .await;
    assert_eq!(tries, 1, "b answers at once once it has the game");
    assert_eq!(answer["accepted"], true, "{answer}");
    // the outage: Black's clock stopped at a's last durable instant, restarted
    // by b; then the move
    assert_eq!(answer["seq"], 10, "{answer}");
    let mut seen = Vec::new();
    while seen.len() < 3 {
        seen.push(on_b.event().await);
    }
    assert_eq!(seen[0]["seq"], 8);
    assert_eq!(seen[0]["server"], "outage", "{}", seen[0]);
    assert_eq!(seen[1]["server"], "outage", "{}", seen[1]);
    assert_eq!(seen[2]["seq"], 10);
    // every acknowledged move, once, in order; nothing decided by the death
    let state = b.state(&game.id).await;
    assert_eq!(strings(&state["scoresheet"]), RUY_LOPEZ[..8]);
    assert_eq!(state["result"], "*");
    assert_eq!(state["seq"], 11);
    let alerts = state["alerts"].as_array().expect("alerts");
    assert!(alerts.iter().any(|a| a["cause"] == "outage"), "{state}");
    // the time a was dead is charged to no one: Black's clock ran only
    // until a's last durable instant and from b's restart
    let black = secs(&state["clocks"]["black"]);
    assert!(
        black > 5400.0 - 5.0,
        "Black charged for the outage: {black}"
    );
    assert!(metric(&b, "arbitre_games_taken_over_total").await >= 1.0);
    // the retried move is not recorded twice
    let (again, _) = until_answered(
        &b,
        &game.id,
        &game.black,
        json!({"move": RUY_LOPEZ[7], "client_id": "m7"}),
    )
    .await;
    assert_eq!(again["seq"], 10, "{again}");
    assert_eq!(b.state(&game.id).await["seq"], 11);
}

/// The owner is paused (SIGSTOP) past its lease: the other node takes the
/// game over and plays on; the paused node, woken (SIGCONT), tries to
/// write and is refused by the store (its epoch has moved on); a request
/// sent to it is then answered by the new owner; the log never forks.
async fn a_paused_node_cannot_write(env: Env) {
    let a = node(&env, "a").await;
    let b = node(&env, "b").await;
    let game = a
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    a.accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    for (i, san) in RUY_LOPEZ[..2].iter().enumerate() {
        a.accepted(
            &game.id,
            mover(&game, i),
            json!({"move": san, "client_id": format!("m{i}")}),
            1 + i as u64,
        )
        .await;
    }
    a.signal("STOP");
    let paused = Instant::now();
    // b answers the state itself once it has taken the game over
    let quick = reqwest::Client::builder()
        .timeout(Duration::from_millis(800))
        .build()
        .expect("a client");
    loop {
        let answered = quick
            .get(b.url(&format!("/api/games/{}", game.id)))
            .send()
            .await;
        if answered.is_ok_and(|r| r.status() == StatusCode::OK) {
            break;
        }
        assert!(
            paused.elapsed() < Duration::from_secs(15),
            "b did not take the game over:\n{}",
            b.log_text()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (answer, _) = until_answered(
        &b,
        &game.id,
        &game.white,
        json!({"move": RUY_LOPEZ[2], "client_id": "m2"}),
    )
    .await;
    assert_eq!(answer["accepted"], true, "{answer}");
    let after_b = answer["seq"].as_u64().expect("a seq");
    assert_eq!(after_b, 5, "two outage entries, then the move: {answer}");

    // a wakes up believing it owns the game; what it writes is refused
    a.signal("CONT");
    let (answer, _) = until_answered(
        &a,
        &game.id,
        &game.black,
        json!({"move": RUY_LOPEZ[3], "client_id": "m3"}),
    )
    .await;
    assert_eq!(answer["accepted"], true, "{answer}");
    assert_eq!(answer["seq"], after_b + 1, "{answer}");
    let deadline = Instant::now() + PATIENCE;
    while !a.log_text().contains("lease") {
        assert!(
            Instant::now() < deadline,
            "a never learnt it lost its lease:\n{}",
            a.log_text()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log = a.log_text();
    assert!(
        log.contains("this node's lease was lost") || log.contains("the game's lease is lost"),
        "{log}"
    );
    // one log: both nodes show the same game, each move once
    let (on_a, on_b) = (a.state(&game.id).await, b.state(&game.id).await);
    assert_eq!(strings(&on_b["scoresheet"]), RUY_LOPEZ[..4]);
    assert_eq!(on_a["scoresheet"], on_b["scoresheet"]);
    assert_eq!(on_a["seq"], on_b["seq"]);
    let pgn = b.pgn(&game.id).await;
    assert!(pgn.contains("1. e4") && pgn.contains("2. Nf3"), "{pgn}");
    for san in ["e5", "Nc6"] {
        assert_eq!(pgn.matches(san).count(), 1, "{san} once: {pgn}");
    }
}

/// A node stopped with SIGTERM stops its running clocks, then gives its
/// lease up: the other node takes its games over at once (not after the
/// lease) and restarts their clocks; nothing is charged for the gap.
async fn a_graceful_stop_hands_over(env: Env) {
    let mut a = node(&env, "a").await;
    let b = node(&env, "b").await;
    let game = a
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    a.accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    a.accepted(&game.id, &game.white, json!({"move": "d4"}), 1)
        .await;
    let mut on_b = b.ndjson(&game.id, None).await;
    assert_eq!(on_b.message().await["type"], "game");
    a.terminate();
    let stopped = Instant::now();
    assert!(a.exit_status().await.success(), "{}", a.log_text());
    // b's next scan (every second) takes the game: well within the lease
    let shutdown = on_b.event().await;
    assert_eq!(shutdown["server"], "shutdown", "{shutdown}");
    let restart = on_b.event().await;
    assert_eq!(restart["server"], "restart", "{restart}");
    let took = stopped.elapsed();
    assert!(
        took < Duration::from_millis(1900),
        "handed over after {took:?}"
    );
    let state = b.state(&game.id).await;
    assert_eq!(state["running"], "black", "{state}");
    assert_eq!(state["seq"], 4, "{state}");
    b.accepted(&game.id, &game.black, json!({"move": "d5"}), 4)
        .await;
    assert_eq!(
        strings(&b.state(&game.id).await["scoresheet"]),
        ["d4", "d5"]
    );
}

/// The causes of a state's alerts.
fn alert_causes(state: &Value) -> Vec<String> {
    state["alerts"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x["cause"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// In an online game owned by a, White plays through a WebSocket on b:
/// its moves reach a, and when the socket closes, a records White's
/// disconnection for the arbiter (and its return), as if it were its own.
async fn a_remote_disconnection(env: Env) {
    let a = node(&env, "a").await;
    let b = node(&env, "b").await;
    let game = a
        .create(json!({"edition": "fide-online-2021", "time_control": "600+5"}))
        .await;
    a.accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    let mut ws = b.websocket(&game.id).await;
    ws.expect("game").await;
    ws.send(json!({"token": game.white})).await;
    ws.expect("authenticated").await;
    ws.send(json!({"move": "e4", "client_id": "w1"})).await;
    let ack = loop {
        let message = ws.message().await;
        if message["type"] == "ack" {
            break message;
        }
    };
    assert_eq!(ack["accepted"], true, "{ack}");
    a.accepted(&game.id, &game.black, json!({"move": "c5"}), 2)
        .await;
    drop(ws);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let state = a.state(&game.id).await;
        if alert_causes(&state).contains(&"white-disconnected".to_string()) {
            assert_eq!(state["state"], "playing", "{state}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no disconnection recorded: {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut ws = b.websocket(&game.id).await;
    ws.expect("game").await;
    ws.send(json!({"token": game.white})).await;
    ws.expect("authenticated").await;
    let deadline = Instant::now() + PATIENCE;
    while !alert_causes(&a.state(&game.id).await).contains(&"white-reconnected".to_string()) {
        assert!(Instant::now() < deadline, "no reconnection recorded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
