//! The API in process, on a real SQLite store, with tokio's clock paused:
//! the server's clocks, a flag decided by the server's timer with no client
//! present, a lateness limit, the acknowledgement after the commit, retries
//! by `client_id`, refusals under the Laws as answers, the errors of
//! API.md, the sealed move never in clear, and a restart that records the
//! outage and decides nothing.

use std::sync::Arc;
use std::time::Duration;

use arbitre_server::{clock::ServerClock, serve::stop};
use axum::{
    body::{to_bytes, Body},
    http::{header, Request, StatusCode},
};
use serde_json::{json, Value};
use tower::ServiceExt;

mod support;
use support::{open_at, pause, sqlite, Api, Lines, ORGANISER};

/// Whether `word` stands in `text` as a word (a SAN in JSON or PGN), not
/// inside a run of base64 (an envelope's ciphertext may hold any three
/// letters).
fn in_clear(text: &str, word: &str) -> bool {
    let base64 =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/');
    text.match_indices(word).any(|(i, _)| {
        !base64(text[..i].chars().next_back()) && !base64(text[i + word.len()..].chars().next())
    })
}

async fn open(db: &str) -> Api {
    open_at(db, None).await
}

impl Api {
    async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(Body::from(body.to_owned())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let bytes = to_bytes(response.into_body(), 1 << 24).await.unwrap();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
        (status, value)
    }

    async fn create(&self, setup: Value) -> (String, Value) {
        let (status, created) = self
            .call("POST", "/api/games", Some(ORGANISER), &setup.to_string())
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        (
            created["id"].as_str().unwrap().to_owned(),
            created["tokens"].clone(),
        )
    }

    async fn event(&self, id: &str, token: &Value, body: Value) -> Value {
        let (status, answer) = self
            .call(
                "POST",
                &format!("/api/games/{id}/events"),
                token.as_str(),
                &body.to_string(),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body} → {answer}");
        answer
    }

    /// 1. e4, the arbiter adjourns, Black seals Nc6: the seal's answer.
    async fn adjourn_after_e4_sealing_nc6(&self, id: &str, tokens: &Value) -> Value {
        self.event(id, &tokens["white"], json!({"move": "e4"}))
            .await;
        self.event(
            id,
            &tokens["arbiter"],
            json!({"adjourn": {"resume_at": "tomorrow 10:00", "place": "hall"}}),
        )
        .await;
        let sealed = self
            .event(id, &tokens["black"], json!({"seal": "Nc6"}))
            .await;
        assert_eq!(sealed["accepted"], true, "{sealed}");
        sealed
    }

    async fn state(&self, id: &str) -> Value {
        let (status, state) = self
            .call("GET", &format!("/api/games/{id}"), None, "")
            .await;
        assert_eq!(status, StatusCode::OK, "{state}");
        state
    }
}

async fn advance(ms: u64) {
    tokio::time::advance(Duration::from_millis(ms)).await;
    // let the owners' timers run and their commits land
    for _ in 0..50 {
        tokio::task::yield_now().await;
    }
}

/// Waits (on the paused clock, which does not move) for the owner's
/// commit to show in the state.
async fn settle<F: Fn(&Value) -> bool>(api: &Api, id: &str, done: F) -> Value {
    for _ in 0..200 {
        let state = api.state(id).await;
        if done(&state) {
            return state;
        }
        // the clock is still: the owner's commit is what this waits for
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    api.state(id).await
}

#[tokio::test]
async fn the_server_decides_a_flag_at_the_moment_it_falls_with_no_client() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let _still = pause();
    let (id, tokens) = api
        .create(json!({"edition": "fide-2023", "time_control": "60",
                       "players": {"white": "Ding", "black": "Nepo"}}))
        .await;
    let start = api
        .event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    assert_eq!(start["accepted"], true);
    assert_eq!(start["decisions"][0]["article"], "6.6");
    advance(1_000).await;
    api.event(&id, &tokens["white"], json!({"move": "e4"}))
        .await;
    advance(2_000).await;
    api.event(&id, &tokens["black"], json!({"move": "e5"}))
        .await;
    // White has 59 s left, his clock running since 3 s: it falls at 62 s
    advance(58_000).await;
    let before = api.state(&id).await;
    assert_eq!(before["result"], "*");
    assert_eq!(before["running"], "white");
    assert!(
        (before["clocks"]["white"].as_f64().unwrap() - 1.0).abs() < 0.01,
        "{}",
        before["clocks"]
    );
    advance(1_500).await;
    let after = settle(&api, &id, |s| s["result"] != "*").await;
    assert_eq!(after["result"], "0-1", "{after}");
    assert_eq!(after["termination"], "time-forfeit");
    assert_eq!(after["clocks"]["white"], 0.0);
    assert_eq!(after["clocks"]["black"], 58.0, "Black used 2 s");
    // decided by the server, at the fall, in the arbiter's name
    let last = after["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["t"], 62.0, "{last}");
    assert_eq!(after["seq"], 4, "start, two moves, and time passing");
    // the PGN shows it
    let (status, pgn) = api
        .call("GET", &format!("/api/games/{id}/pgn"), None, "")
        .await;
    assert_eq!(status, StatusCode::OK);
    let pgn = pgn
        .as_str()
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:00:59]} e5 {[%clk 0:00:58]}"),
        "{pgn}"
    );
}

#[tokio::test]
async fn a_player_absent_at_the_start_loses_when_the_default_time_passes() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let _still = pause();
    let (id, tokens) = api
        .create(json!({"edition": "fide-2023", "time_control": "5400+30",
                       "regulations": {"late_limit": 900}}))
        .await;
    api.event(
        &id,
        &tokens["arbiter"],
        json!({"start": {"absent": ["white"]}}),
    )
    .await;
    advance(899_000).await;
    assert_eq!(api.state(&id).await["result"], "*");
    advance(2_000).await;
    let state = settle(&api, &id, |s| s["result"] != "*").await;
    assert_eq!(state["result"], "-/+", "{state}");
    assert_eq!(state["termination"], "late-arrival");
    assert_eq!(state["article"], "6.7.1");
}

#[tokio::test]
async fn retries_answer_once_refusals_are_answers_and_errors_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let (id, tokens) = api
        .create(json!({"edition": "fide-2005", "time_control": "5400"}))
        .await;
    let (other, other_tokens) = api
        .create(json!({"edition": "fide-2005", "time_control": "5400"}))
        .await;
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    let first = api
        .event(
            &id,
            &tokens["white"],
            json!({"move": "e4", "client_id": "w-1"}),
        )
        .await;
    let again = api
        .event(
            &id,
            &tokens["white"],
            json!({"move": "e4", "client_id": "w-1"}),
        )
        .await;
    assert_eq!(first["seq"], 1);
    assert_eq!(again["seq"], 1, "the first answer again");
    assert_eq!(again["game"]["seq"], 2, "applied once");
    // out of turn: refused under the Laws, an answer with its article
    let refused = api
        .event(&id, &tokens["white"], json!({"move": "d4"}))
        .await;
    assert_eq!(refused["accepted"], false);
    assert_eq!(refused["decisions"][0]["decision"], "refused");
    // the errors of API.md
    let path = format!("/api/games/{id}/events");
    let cases: Vec<(Option<&str>, String, StatusCode, &str)> = vec![
        (
            None,
            json!({"move": "e5"}).to_string(),
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (
            Some("nonsense"),
            json!({"move": "e5"}).to_string(),
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (
            tokens["white"].as_str(),
            json!({"start": true}).to_string(),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            other_tokens["black"].as_str(),
            json!({"move": "e5"}).to_string(),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            tokens["black"].as_str(),
            "{\"move\": ".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            tokens["black"].as_str(),
            json!({"move": 5}).to_string(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            tokens["black"].as_str(),
            json!({"move": "e5", "after": 0}).to_string(),
            StatusCode::CONFLICT,
            "stale",
        ),
        (
            tokens["black"].as_str(),
            format!("{{\"move\": \"{}\"}}", "e".repeat(20_000)),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
        ),
    ];
    for (token, body, status, code) in cases {
        let (got, error) = api.call("POST", &path, token, &body).await;
        assert_eq!(got, status, "{body:.60} → {error}");
        assert_eq!(error["error"]["code"], code, "{error}");
        assert!(!error["error"]["message"].as_str().unwrap().is_empty());
    }
    let (_, error) = api
        .call(
            "POST",
            &path,
            tokens["black"].as_str(),
            &json!({"move": 5}).to_string(),
        )
        .await;
    assert_eq!(error["error"]["path"], "move", "{error}");
    let (status, _) = api.call("GET", "/api/games/nosuchgame", None, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = api
        .call("POST", "/api/games", tokens["arbiter"].as_str(), "{}")
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "only the organiser creates games"
    );
    let (status, error) = api
        .call(
            "POST",
            "/api/games",
            Some(ORGANISER),
            &json!({"edition": "fide-1999", "time_control": "60"}).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["error"]["path"], "edition", "{error}");
    // a stale `after` changed nothing; a right one applies
    let ok = api
        .event(&id, &tokens["black"], json!({"move": "e5", "after": 2}))
        .await;
    assert_eq!(ok["accepted"], true);
    let listed = api
        .call("GET", "/api/games?state=playing", None, "")
        .await
        .1;
    assert_eq!(listed["games"].as_array().unwrap().len(), 2);
    assert_eq!(
        api.call("GET", "/api/games?state=won", None, "").await.0,
        StatusCode::BAD_REQUEST
    );
    drop(other);
}

#[tokio::test]
async fn a_restart_records_the_outage_and_decides_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let api = open(&db).await;
    let _still = pause();
    let (id, tokens) = api
        .create(json!({"edition": "fide-2023", "time_control": "30"}))
        .await;
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    advance(1_000).await;
    api.event(
        &id,
        &tokens["white"],
        json!({"move": "d4", "client_id": "a"}),
    )
    .await;
    advance(5_000).await;
    // a crash: the owners stop where they are; the server comes back 100 s
    // later, long after Black's 30 s would have run out
    api.app.shared.games.abort_all();
    let back = api.app.shared.clock.now_ms() + 100_000;
    drop(api);
    let api = open_at(&db, Some(ServerClock::anchored(back))).await;
    // one alert for the outage, once the clocks run again, with its duration
    let state = settle(&api, &id, |s| {
        s["alerts"]
            .as_array()
            .is_some_and(|a| a.len() == 1 && a[0]["duration"].is_number())
    })
    .await;
    assert_eq!(state["result"], "*", "nothing decided: {state}");
    assert_eq!(state["running"], "black");
    let alerts = state["alerts"].as_array().unwrap();
    assert_eq!(alerts[0]["cause"], "outage");
    assert!(alerts[0]["duration"].as_f64().unwrap() > 0.0, "{state}");
    // the log says the server stopped and restarted the clocks, not the arbiter
    let by_server: Vec<&Value> = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["by"] == "server")
        .collect();
    assert_eq!(by_server.len(), 2, "{state}");
    assert!(by_server
        .iter()
        .all(|d| !d["message"].as_str().unwrap().contains("arbiter")));
    // Black is charged up to the last instant known durably (the move's
    // commit), not for the outage
    let black = state["clocks"]["black"].as_f64().unwrap();
    assert!(black > 29.0 && black <= 30.0, "{black}");
    // the retried move of before the crash: its first answer, not applied again
    let again = api
        .event(
            &id,
            &tokens["white"],
            json!({"move": "d4", "client_id": "a"}),
        )
        .await;
    assert_eq!(again["seq"], 1);
    // a graceful stop: the clocks stop with the exact time; the restart runs them again
    api.event(&id, &tokens["black"], json!({"move": "d5"}))
        .await;
    advance(3_000).await;
    // (the stop waits for its owners on the real clock)
    let back = api.app.shared.clock.now_ms() + 50_000;
    tokio::time::resume();
    stop(api.app, true).await;
    tokio::time::pause();
    let api = open_at(&db, Some(ServerClock::anchored(back))).await;
    // two interruptions, each one alert with its duration, in time order
    let state = settle(&api, &id, |s| {
        s["alerts"]
            .as_array()
            .is_some_and(|a| a.len() == 2 && a[1]["duration"].is_number())
    })
    .await;
    let causes: Vec<&str> = state["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["cause"].as_str().unwrap())
        .collect();
    assert_eq!(causes, ["outage", "shutdown"]);
    assert!(
        state["alerts"][0]["duration"].as_f64().unwrap() > 0.0,
        "{state}"
    );
    let white = state["clocks"]["white"].as_f64().unwrap();
    assert!(
        (white - 26.0).abs() < 0.01,
        "White thought 1 s and 3 s: {white}"
    );
    let (_, pgn) = api
        .call("GET", &format!("/api/games/{id}/pgn"), None, "")
        .await;
    assert!(pgn.as_str().unwrap().contains("Server outage"), "{pgn}");
}

#[tokio::test]
async fn the_sealed_move_is_never_in_clear_until_the_arbiter_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let arbiter = arbitre_envelope::SecretKey::generate().unwrap();
    let key = arbitre_server::keys::public_key_b64(arbiter.public_key());
    let (id, tokens) = api
        .create(json!({"edition": "fide-2005", "time_control": "5400", "arbiter_key": key}))
        .await;
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    let sealed = api.adjourn_after_e4_sealing_nc6(&id, &tokens).await;
    assert!(!in_clear(&sealed.to_string(), "Nc6"), "{sealed}");
    // not in the state, the stream, the PGN, the store, the metrics
    let mut seen = vec![api.state(&id).await.to_string()];
    for path in [
        format!("/api/games/{id}/pgn"),
        "/metrics".to_owned(),
        "/api/games".to_owned(),
    ] {
        seen.push(api.call("GET", &path, None, "").await.1.to_string());
    }
    let store = &api.app.shared.store;
    for row in store.entries_after(&id, None).await.unwrap() {
        seen.push(row.entry);
        seen.push(row.answer.unwrap_or_default());
    }
    for text in &seen {
        assert!(!in_clear(text, "Nc6"), "{text}");
    }
    // only the arbiter receives the envelope
    let path = format!("/api/games/{id}/envelope");
    assert_eq!(
        api.call("GET", &path, tokens["black"].as_str(), "").await.0,
        StatusCode::FORBIDDEN
    );
    let (status, envelope) = api.call("GET", &path, tokens["arbiter"].as_str(), "").await;
    assert_eq!(status, StatusCode::OK);
    for side in ["white", "black"] {
        api.event(&id, &tokens[side], json!({"arrive": true})).await;
    }
    api.event(&id, &tokens["arbiter"], json!({"resume": true}))
        .await;
    assert_eq!(api.state(&id).await["awaiting"]["what"], "open-envelope");
    // the arbiter opens it with his private key, off the server
    let envelope = arbitre_envelope::Envelope::from_json(envelope.to_string().as_bytes()).unwrap();
    let signer = *envelope.signer();
    let verified = arbitre_envelope::verify(&envelope, &signer).unwrap();
    let opened = arbitre_envelope::open(&verified, &arbiter).unwrap();
    assert_eq!(opened.text(), "Nc6");
    let answer = api
        .event(
            &id,
            &tokens["arbiter"],
            json!({"open": {"move": opened.text(), "salt": opened.salt().to_hex()}}),
        )
        .await;
    assert_eq!(answer["accepted"], true, "{answer}");
    let state = api.state(&id).await;
    assert_eq!(state["scoresheet"], json!(["e4", "Nc6"]));
    assert_eq!(state["to_move"], "white");
}

#[tokio::test]
async fn the_stream_sends_committed_events_in_order_and_resumes_after_since() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let (id, tokens) = api
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    let mut stream = Lines::open(&api, &format!("/api/games/{id}/stream")).await;
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    for (side, m) in [("white", "e4"), ("black", "c5"), ("white", "Nf3")] {
        api.event(&id, &tokens[side], json!({"move": m})).await;
    }
    let lines = stream.take(5).await;
    assert_eq!(lines[0]["type"], "game");
    assert_eq!(lines[0]["seq"], 0);
    let seqs: Vec<u64> = lines[1..]
        .iter()
        .map(|l| l["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, [0, 1, 2, 3]);
    assert_eq!(lines[1]["by"], "arbiter");
    assert_eq!(lines[2]["action"], json!({"move": "e4"}));
    assert_eq!(lines[4]["running"], "black");
    // what each entry charged each clock, to the millisecond: White's move
    // took the time since the start, less the 30 s increment
    let charged = |i: usize, side: &str| lines[i]["charged_ms"][side].as_i64().unwrap();
    assert_eq!(charged(1, "white"), 0, "the start charges nothing");
    let clock = |i: usize, side: &str| lines[i]["clocks"][side].as_f64().unwrap();
    for i in 2..5 {
        for side in ["white", "black"] {
            let before = clock(i - 1, side);
            let after = clock(i, side);
            assert_eq!(
                ((before - after) * 1000.0).round() as i64,
                charged(i, side),
                "{side} at {i}"
            );
        }
    }
    assert!(charged(2, "white") < -29_000, "the increment: {}", lines[2]);
    assert_eq!(lines[2]["lag_ms"], 0);
    // a client that saw up to 1 resumes: 2 and 3, once each, in order
    let mut stream = Lines::open(&api, &format!("/api/games/{id}/stream?since=1")).await;
    let lines = stream.take(3).await;
    assert_eq!(lines[0]["type"], "game");
    assert_eq!(lines[1]["seq"], 2);
    assert_eq!(lines[2]["seq"], 3);
    assert_eq!(lines[2]["action"], json!({"move": "Nf3"}));
    let (status, error) = api
        .call("GET", &format!("/api/games/{id}/stream?since=x"), None, "")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    // a seq the game has not reached: said, not silently waited past
    let (status, error) = api
        .call("GET", &format!("/api/games/{id}/stream?since=4"), None, "")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["error"]["path"], "since");
}

/// Many clients at once on one game and on many: every acknowledged event
/// is in the store under the `seq` it was answered with, the log has no
/// hole, a `client_id` sent twice has one entry, and a stream opened before
/// saw every entry once, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_clients_get_one_log_with_no_hole_and_no_double() {
    let dir = tempfile::tempdir().unwrap();
    let api = Arc::new(open(&sqlite(&dir)).await);
    let (id, tokens) = api
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    let mut stream = Lines::open(&api, &format!("/api/games/{id}/stream")).await;
    // knights out and back, offers and presses, from both seats at once,
    // each request sent twice with its client_id
    let mut tasks = Vec::new();
    for n in 0..40 {
        let api = api.clone();
        let id = id.clone();
        let side = if n % 2 == 0 { "white" } else { "black" };
        let token = tokens[side].clone();
        let action = match n % 4 {
            0 => json!({"move": "Nf3"}),
            1 => json!({"move": "Nf6"}),
            2 => json!({"move": "Ng1"}),
            _ => json!({"offer_draw": true}),
        };
        tasks.push(tokio::spawn(async move {
            let mut body = action.clone();
            body["client_id"] = json!(format!("c{n}"));
            let first = api.event(&id, &token, body.clone()).await;
            let second = api.event(&id, &token, body).await;
            (format!("c{n}"), first, second)
        }));
    }
    let mut answered = Vec::new();
    for task in tasks {
        let (client_id, first, second) = task.await.unwrap();
        assert_eq!(first["seq"], second["seq"], "{client_id}: one entry");
        assert_eq!(first["accepted"], second["accepted"]);
        answered.push((client_id, first["seq"].as_u64().unwrap()));
    }
    let rows = api.app.shared.store.entries_after(&id, None).await.unwrap();
    let seqs: Vec<u64> = rows.iter().map(|r| r.seq).collect();
    assert_eq!(
        seqs,
        (0..=40).collect::<Vec<u64>>(),
        "the start and 40 events, no hole"
    );
    for (client_id, seq) in &answered {
        let row = &rows[*seq as usize];
        assert_eq!(row.client_id.as_deref(), Some(client_id.as_str()));
    }
    // the stream: the state, then 0..=40 — or from where its subscription began
    let mut seen: Vec<u64> = Vec::new();
    let mut first_state: Option<u64> = None;
    while seen.last() != Some(&40) {
        let line = stream.next().await;
        match line["type"].as_str() {
            Some("game") => first_state = line["seq"].as_u64(),
            Some("event") => seen.push(line["seq"].as_u64().unwrap()),
            _ => {}
        }
    }
    let from = first_state.expect("the state comes first");
    assert_eq!(
        seen,
        (from..=40).collect::<Vec<u64>>(),
        "each once, in order"
    );
}

#[tokio::test]
async fn the_openapi_document_lists_every_path_of_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let (status, doc) = api.call("GET", "/api/openapi.json", None, "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3.1"),
        "{}",
        doc["openapi"]
    );
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/games",
        "/api/games/import",
        "/api/games/{id}",
        "/api/games/{id}/events",
        "/api/games/{id}/stream",
        "/api/games/{id}/pgn",
        "/api/openapi.json",
        "/api/health",
        "/metrics",
    ] {
        assert!(paths.contains_key(path), "{path} missing");
    }
    assert!(paths["/api/games"]["post"]["requestBody"].is_object());
    // a game altered in the database is answered `500 tampered`: documented
    for (path, method) in [
        ("/api/games/{id}", "get"),
        ("/api/games/{id}/events", "post"),
        ("/api/games/{id}/pgn", "get"),
    ] {
        let error = &paths[path][method]["responses"]["500"];
        assert!(
            error["description"]
                .as_str()
                .unwrap_or("")
                .contains("tampered"),
            "{path} {method}: {error}"
        );
    }
    assert!(
        doc["components"]["schemas"]["GameState"].is_object(),
        "{}",
        doc["components"]
    );
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    let (status, health) = api.call("GET", "/api/health", None, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["ok"], true, "{health}");
    // the key the server signs its envelopes with, 32 bytes in hex
    let signer = health["envelope_signer"].as_str().expect("envelope_signer");
    assert_eq!(signer.len(), 64, "{signer}");
    let (status, metrics) = api.call("GET", "/metrics", None, "").await;
    assert_eq!(status, StatusCode::OK);
    let metrics = metrics.as_str().unwrap();
    for name in [
        "arbitre_ack_latency_seconds",
        "arbitre_live_games",
        "arbitre_store_commit_seconds",
        "arbitre_events",
    ] {
        assert!(metrics.contains(name), "{name}: {metrics}");
    }
    assert!(metrics.trim_end().ends_with("# EOF"));
    let (status, error) = api.call("GET", "/nowhere", None, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["error"]["code"], "not-found");
}

/// Every scenario file of the project, imported through the API, ends as
/// `arbitre replay` says it must: the server runs the same Laws.
#[tokio::test]
async fn every_scenario_imported_through_the_api_ends_as_expected() {
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut checked = 0;
    for sub in ["engine", "irregular", "adjourn"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let scenario: Value = serde_json::from_str(&text).unwrap();
            let (status, created) = api
                .call("POST", "/api/games/import", Some(ORGANISER), &text)
                .await;
            assert_eq!(status, StatusCode::CREATED, "{}: {created}", file.display());
            let id = created["id"].as_str().unwrap();
            let state = api.state(id).await;
            for key in ["result", "termination", "article", "state"] {
                if let Some(want) = scenario["expect"].get(key) {
                    assert_eq!(&state[key], want, "{}: {key}", file.display());
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 250, "{checked} scenarios");
    // a malformed scenario: the path of what is wrong
    let (status, error) = api
        .call(
            "POST",
            "/api/games/import",
            Some(ORGANISER),
            r#"{"name": "x", "edition": "fide-2005", "time_control": "5400", "events": [{"t": 1, "by": "white", "move": 3}]}"#,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["error"]["path"], "events[0].move", "{error}");
}

/// The README's server (no `--arbiter-key`) and a game created with no
/// `arbiter_key`: the server makes the arbiter's key pair, gives the secret
/// half once (the arbiter's link and the key file) and keeps it nowhere;
/// the adjournment completes with it, the replier arriving after the
/// resumption — recorded by the arbiter — and the envelope opening then.
#[tokio::test]
async fn a_game_created_without_a_key_is_sealed_to_a_key_given_once() {
    use base64::Engine as _;
    let dir = tempfile::tempdir().unwrap();
    let api = open(&sqlite(&dir)).await;
    let (status, created) = api
        .call(
            "POST",
            "/api/games",
            Some(ORGANISER),
            &json!({"edition": "fide-2005", "time_control": "5400", "players": {"white": "Tal", "black": "Botvinnik"}})
                .to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["sealable"], true);
    assert_eq!(created["warnings"], json!([]));
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = created["tokens"].clone();
    let link = created["links"]["arbiter"].as_str().unwrap();
    let key = link
        .split("&key=")
        .nth(1)
        .expect("the key in the arbiter's link");
    assert!(created["links"]["white"]
        .as_str()
        .unwrap()
        .ends_with(tokens["white"].as_str().unwrap()));
    let secret: [u8; 32] = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(key)
        .unwrap()
        .try_into()
        .unwrap();
    let file_key = created["arbiter_key_file"]["hpke_secret_key"]
        .as_str()
        .unwrap()
        .to_owned();
    let arbiter = arbitre_envelope::SecretKey::from_bytes(&secret).unwrap();

    // input errors are answered, never recorded
    let path = format!("/api/games/{id}/events");
    let (status, e) = api
        .call("POST", &path, tokens["white"].as_str(), r#"{"move": "e4"}"#)
        .await;
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("not-started")),
        "{e}"
    );
    api.event(&id, &tokens["arbiter"], json!({"start": true}))
        .await;
    let (status, e) = api
        .call(
            "POST",
            &path,
            tokens["white"].as_str(),
            r#"{"move": "e4?!x"}"#,
        )
        .await;
    assert_eq!(
        (status, e["error"]["path"].as_str()),
        (StatusCode::BAD_REQUEST, Some("move")),
        "{e}"
    );
    assert_eq!(api.state(&id).await["seq"], 1, "only the start is recorded");

    api.adjourn_after_e4_sealing_nc6(&id, &tokens).await;
    // Black, who sealed, is at the board; White, who replies, is not when
    // play resumes
    api.event(&id, &tokens["black"], json!({"arrive": true}))
        .await;
    api.event(&id, &tokens["arbiter"], json!({"resume": true}))
        .await;
    let state = api.state(&id).await;
    assert_eq!(state["present"], json!({"white": false, "black": true}));
    assert_eq!(state["running"], "white", "the absent replier's clock runs");
    // the arbiter cannot open it yet, and is told why
    let envelope = api
        .call(
            "GET",
            &format!("/api/games/{id}/envelope"),
            tokens["arbiter"].as_str(),
            "",
        )
        .await
        .1;
    let envelope = arbitre_envelope::Envelope::from_json(envelope.to_string().as_bytes()).unwrap();
    let signer = *envelope.signer();
    let opened = arbitre_envelope::open(
        &arbitre_envelope::verify(&envelope, &signer).unwrap(),
        &arbiter,
    )
    .unwrap();
    let open = json!({"open": {"move": opened.text(), "salt": opened.salt().to_hex()}});
    let early = api.event(&id, &tokens["arbiter"], open.clone()).await;
    assert_eq!(early["accepted"], false);
    assert_eq!(early["decisions"][0]["decision"], "refused", "{early}");
    assert!(
        early["decisions"][0]["message"]
            .as_str()
            .unwrap()
            .contains("arrives"),
        "{early}"
    );
    // the arbiter records White present: the envelope is opened (A9b)
    api.event(&id, &tokens["arbiter"], json!({"arrive": "white"}))
        .await;
    assert_eq!(api.state(&id).await["awaiting"]["what"], "open-envelope");
    let answer = api.event(&id, &tokens["arbiter"], open).await;
    assert_eq!(answer["accepted"], true, "{answer}");
    assert_eq!(api.state(&id).await["scoresheet"], json!(["e4", "Nc6"]));

    // the secret half is in no row, no answer since, no listing
    let store = &api.app.shared.store;
    let mut seen = vec![api.state(&id).await.to_string()];
    seen.push(
        api.call("GET", "/api/games", Some(ORGANISER), "")
            .await
            .1
            .to_string(),
    );
    for row in store.entries_after(&id, None).await.unwrap() {
        seen.push(row.entry);
        seen.push(row.answer.unwrap_or_default());
    }
    let db = std::fs::read(dir.path().join("arbitre.db")).unwrap();
    let wal = std::fs::read(dir.path().join("arbitre.db-wal")).unwrap_or_default();
    for text in &seen {
        assert!(!text.contains(key) && !text.contains(&file_key), "{text}");
    }
    for bytes in [&db, &wal] {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !text.contains(key) && !text.contains(&file_key),
            "the key is in the database file"
        );
    }
}
