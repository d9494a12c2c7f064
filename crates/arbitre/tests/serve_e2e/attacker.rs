//! The attacker's suite (issue 15): the real server, on both stores, tried
//! as a player, the opponent, a spectator or a stranger would try it —
//! reading the sealed move through every channel before the arbiter opens
//! it, acting for another seat or game, hostile strings and bodies, token
//! guessing, replayed requests, a WebSocket that never authenticates.
//! Nothing here may get a 5xx (`Server::send` fails on one).

use super::*;

/// Every byte the store holds, as text: the SQLite file and its WAL as
/// they are on disk, or every row of every PostgreSQL table.
pub(super) async fn raw_store(env: &Env) -> String {
    if let Some(path) = env.db.strip_prefix("sqlite://") {
        let mut out = String::new();
        for suffix in ["", "-wal"] {
            if let Ok(bytes) = std::fs::read(format!("{path}{suffix}")) {
                out.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
        assert!(out.len() > 4096, "the SQLite file was read");
        out
    } else {
        let mut db = PgConnection::connect(&env.db).await.expect("PostgreSQL");
        let tables: Vec<(String,)> = sqlx::query_as(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public'",
        )
        .fetch_all(&mut db)
        .await
        .expect("the tables");
        assert!(tables.len() >= 3, "{tables:?}");
        let mut out = String::new();
        for (table,) in tables {
            let rows: Vec<(String,)> =
                sqlx::query_as(&format!("SELECT t::text FROM \"{table}\" t"))
                    .fetch_all(&mut db)
                    .await
                    .expect("the rows");
            for (row,) in rows {
                out.push_str(&row);
                out.push('\n');
            }
        }
        out
    }
}

/// The sealed move (2005 A2, 1930 21.3: nobody may consult it while the
/// game is suspended) is in no answer, state, stream message (NDJSON or
/// WebSocket), PGN, list, metric, log line or stored byte until the
/// arbiter opens the envelope; the envelope goes to the game's arbiter
/// only. The move is written in long algebraic, seven characters no
/// ciphertext's base64 is likely to hold by chance.
pub(super) async fn the_sealed_move_reaches_no_one_before_it_is_opened(env: Env) {
    const SEALED: &str = "Nb8-c6";
    let server = Server::start(&env).await;
    let arbiter_key = arbitre_envelope::SecretKey::generate().expect("a key");
    let key = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        arbiter_key.public_key().to_bytes(),
    );
    let game = server
        .create(json!({"edition": "fide-2005", "time_control": "5400",
                       "players": {"white": "Keeper", "black": "Sealer"}, "arbiter_key": key}))
        .await;
    let mut ndjson = server.ndjson(&game.id, None).await;
    let mut ws = server.websocket(&game.id).await;
    ws.expect("game").await;
    ws.send(json!({"token": game.white})).await;
    ws.expect("authenticated").await;
    server
        .accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    server
        .accepted(&game.id, &game.white, json!({"move": "e4"}), 1)
        .await;
    server
        .accepted(
            &game.id,
            &game.arbiter,
            json!({"adjourn": {"resume_at": "tomorrow 10:00", "place": "hall"}}),
            2,
        )
        .await;
    let sealed = server
        .accepted(&game.id, &game.black, json!({"seal": SEALED}), 3)
        .await;
    let mut seen = vec![sealed.to_string()];
    // the streams: every message up to the seal's
    assert_eq!(ndjson.message().await["type"], "game");
    for _ in 0..4 {
        seen.push(ndjson.event().await.to_string());
    }
    for _ in 0..4 {
        let m = ws.message().await;
        assert_ne!(m["type"], "error", "{m}");
        seen.push(m.to_string());
    }
    // every reading endpoint, for anyone
    for lang in ["en", "fr"] {
        seen.push(
            server
                .get(&format!("/api/games/{}?lang={lang}", game.id))
                .await
                .1
                .to_string(),
        );
    }
    seen.push(server.pgn(&game.id).await);
    for path in ["/api/games", "/metrics", "/api/health", "/api/openapi.json"] {
        seen.push(server.get_text(path).await.1);
    }
    // the envelope: not for the players, not for a spectator, not for
    // another game's arbiter
    let other = server
        .create(json!({"edition": "fide-2005", "time_control": "5400"}))
        .await;
    let envelope = format!("/api/games/{}/envelope", game.id);
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(&game.white), StatusCode::FORBIDDEN),
        (Some(&game.black), StatusCode::FORBIDDEN),
        (Some(&other.arbiter), StatusCode::FORBIDDEN),
    ] {
        let mut request = server.http.get(server.url(&envelope));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let (got, body) = server.send(request).await;
        assert_eq!(got, status, "{body}");
        seen.push(body);
    }
    let (status, sealed_envelope) = server
        .send(
            server
                .http
                .get(server.url(&envelope))
                .bearer_auth(&game.arbiter),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    seen.push(sealed_envelope.clone());
    // what the server wrote to its log, and what the store holds
    seen.push(server.log_text());
    seen.push(raw_store(&env).await);
    for (i, text) in seen.iter().enumerate() {
        assert!(
            !text.contains(SEALED),
            "the sealed move in what was seen ({i}): {}",
            &text[..text.len().min(2000)]
        );
    }
    // a seat may not open it, even with the right move: the arbiter's act
    for side in [&game.white, &game.black] {
        server.event(&game.id, side, json!({"arrive": true})).await;
    }
    server
        .accepted(&game.id, &game.arbiter, json!({"resume": true}), 6)
        .await;
    let envelope =
        arbitre_envelope::Envelope::from_json(sealed_envelope.as_bytes()).expect("an envelope");
    let (_, health) = server.get("/api/health").await;
    let signer = health["envelope_signer"].as_str().expect("the signer");
    assert_eq!(signer, hex_of(envelope.signer().as_bytes()));
    let verified = arbitre_envelope::verify(&envelope, envelope.signer()).expect("intact");
    let opened = arbitre_envelope::open(&verified, &arbiter_key).expect("opens");
    let open = json!({"open": {"move": opened.text(), "salt": opened.salt().to_hex()}});
    let (status, _) = server
        .post(
            &format!("/api/games/{}/events", game.id),
            Some(&game.white),
            &open.to_string(),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a player opened the envelope"
    );
    // a wrong salt does not open it (the commitment), and changes nothing
    let wrong = json!({"open": {"move": "Nf6", "salt": opened.salt().to_hex()}});
    let refused = server.event(&game.id, &game.arbiter, wrong).await;
    assert_eq!(refused["accepted"], false, "{refused}");
    assert!(server.state(&game.id).await["scoresheet"] == json!(["e4"]));
    server.accepted(&game.id, &game.arbiter, open, 8).await;
    assert_eq!(
        server.state(&game.id).await["scoresheet"],
        json!(["e4", "Nc6"])
    );
}

/// A seat acts for its side only: the side of an event is the token's, a
/// WebSocket that never authenticates acts for no one, a token of another
/// game is refused everywhere, a replayed request is answered with its
/// first answer and applied once.
pub(super) async fn no_one_acts_for_another(env: Env) {
    let server = Server::start(&env).await;
    let game = server
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    let other = server
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    server
        .accepted(&game.id, &game.arbiter, json!({"start": true}), 0)
        .await;
    // a WebSocket that never sends its token: events refused, nothing applied
    let mut stranger = server.websocket(&game.id).await;
    stranger.expect("game").await;
    stranger
        .send(json!({"move": "e4", "client_id": "stranger-1"}))
        .await;
    let refused = stranger.message().await;
    assert_eq!(refused["type"], "error", "{refused}");
    // a token of another game, on the stream
    let mut intruder = server.websocket(&game.id).await;
    intruder.expect("game").await;
    intruder.send(json!({"token": other.white})).await;
    let refused = intruder.message().await;
    assert_eq!(refused["type"], "error", "{refused}");
    // and over HTTP: every one of its actions in this game is a 403
    for body in [
        json!({"move": "e4"}),
        json!({"resign": true}),
        json!({"start": true}),
    ] {
        for token in [&other.white, &other.arbiter] {
            let (status, answer) = server
                .post(
                    &format!("/api/games/{}/events", game.id),
                    Some(token),
                    &body.to_string(),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{body}: {answer}");
        }
    }
    // Black may not play White's move by saying he is White
    let (status, _) = server
        .post(
            &format!("/api/games/{}/events", game.id),
            Some(&game.black),
            &json!({"move": "e4", "by": "white"}).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(server.state(&game.id).await["seq"], 1, "nothing applied");
    // a replayed request: its first answer, applied once
    let body = json!({"move": "e4", "client_id": "replayed-e4"});
    let first = server.event(&game.id, &game.white, body.clone()).await;
    server
        .accepted(&game.id, &game.black, json!({"move": "e5"}), 2)
        .await;
    for _ in 0..3 {
        let again = server.event(&game.id, &game.white, body.clone()).await;
        assert_eq!(again["seq"], first["seq"], "{again}");
        assert_eq!(again["accepted"], true);
    }
    // the same client_id on another game is that game's own
    let state = server.state(&game.id).await;
    assert_eq!(state["scoresheet"], json!(["e4", "e5"]));
    assert_eq!(state["seq"], 3);
    // the organiser's token is every game's arbiter, and a seat's token
    // never creates a game
    let (status, _) = server
        .post(
            "/api/games",
            Some(&game.arbiter),
            "{\"edition\": \"fide-2023\", \"time_control\": \"60\"}",
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Strings are data: names, event tags and written moves that look like
/// SQL, PGN or markup are stored and shown as given (PGN tags escaped),
/// filters do not become queries, and the store is intact afterwards.
pub(super) async fn hostile_strings_are_only_data(env: Env) {
    let server = Server::start(&env).await;
    let white = "Robert'); DROP TABLE events;--";
    let black = "\"Bobby\" \\ <script>alert(1)</script>";
    let event = "Open' OR '1'='1";
    let game = server.started(json!({"edition": "fide-2023", "time_control": "5400+30",
                       "players": {"white": white, "black": black},
                       "event": event, "site": "x\"] [Result \"1-0", "round": "1; DELETE FROM games"})).await;
    // a written move that is SQL: no move at all, an input error (400 at
    // `move`), nothing recorded
    let (status, answer) = server
        .post(
            &format!("/api/games/{}/events", game.id),
            Some(&game.white),
            &json!({"move": "e4'; DELETE FROM events; --"}).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["error"]["path"], "move", "{answer}");
    // a claim's declared move that is SQL: judged under the Laws, recorded as data
    let answer = server
        .event(
            &game.id,
            &game.white,
            json!({"claim": "threefold", "intended": "e4'; DELETE FROM events; --"}),
        )
        .await;
    assert_eq!(answer["seq"], 1, "{answer}");
    server
        .accepted(
            &game.id,
            &game.white,
            json!({"move": "e4", "client_id": "x' OR 1=1 --"}),
            2,
        )
        .await;
    let state = server.state(&game.id).await;
    assert_eq!(state["players"], json!({"white": white, "black": black}));
    assert_eq!(state["scoresheet"], json!(["e4"]));
    // the PGN: every tag value escaped, no tag smuggled in
    let pgn = server.pgn(&game.id).await;
    assert!(
        pgn.contains("[Black \"\\\"Bobby\\\" \\\\ <script>alert(1)</script>\"]"),
        "{pgn}"
    );
    let results = pgn.lines().filter(|l| l.starts_with("[Result ")).count();
    assert_eq!(results, 1, "{pgn}");
    assert!(pgn.contains("[Site \"x\\\"] [Result \\\"1-0\"]"), "{pgn}");
    // filters are values, not queries
    for filter in [
        "?player=%27%20OR%20%271%27%3D%271",
        "?player=Robert%27)%3B%20DROP%20TABLE%20events%3B--%25",
    ] {
        let (status, list) = server.get(&format!("/api/games{filter}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            list["games"].as_array().is_some_and(Vec::is_empty),
            "{filter}: {list}"
        );
    }
    let (_, list) = server
        .get(&format!("/api/games?player={}", urlencode(white)))
        .await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1), "{list}");
    let (status, _) = server.get("/api/games?state=playing%27%20OR%201%3D1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // the store is whole: the game, its events, a new game
    assert_eq!(server.state(&game.id).await["seq"], 3);
    server
        .create(json!({"edition": "fide-2023", "time_control": "60"}))
        .await;
    let (_, list) = server.get("/api/games").await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(2), "{list}");
}

/// Bodies built to hurt a parser — nested a hundred thousand deep, not
/// UTF-8, numbers past any range, NUL bytes, keys repeated — are a 400
/// that says what is wrong; the server goes on; nothing is applied.
pub(super) async fn hostile_bodies_are_refused(env: Env) {
    let server = Server::start(&env).await;
    let game = server
        .started(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    let path = format!("/api/games/{}/events", game.id);
    let deep = format!("{}{}", "[".repeat(15_000), "]".repeat(15_000));
    let deep_object = format!("{}1{}", "{\"a\":".repeat(3_000), "}".repeat(3_000));
    let bodies: Vec<Vec<u8>> = vec![
        deep.into_bytes(),
        deep_object.into_bytes(),
        b"{\"move\": \"e4\xff\xfe\"}".to_vec(),
        b"{\"move\": \"e4\x00\"}".to_vec(),
        br#"{"adjust_time": {"white": 1e400, "article": "6.10"}}"#.to_vec(),
        br#"{"move": "e4", "after": -1}"#.to_vec(),
        br#"{"move": "e4", "after": 18446744073709551616}"#.to_vec(),
        br#"{"move": "e4", "move": "d4"}"#.to_vec(),
        format!(
            "{{\"move\": \"e4\", \"client_id\": \"{}\"}}",
            "x".repeat(65)
        )
        .into_bytes(),
        br#"{"move": NaN}"#.to_vec(),
        Vec::new(),
    ];
    for body in bodies {
        let shown = String::from_utf8_lossy(&body[..body.len().min(60)]).into_owned();
        let request = server
            .http
            .post(server.url(&path))
            .bearer_auth(&game.white)
            .header("content-type", "application/json")
            .body(body);
        let (status, text) = server.send(request).await;
        assert!(
            status == StatusCode::BAD_REQUEST || status == StatusCode::PAYLOAD_TOO_LARGE,
            "{shown}: {status} {text}"
        );
        let error = parse(&text);
        assert!(
            error["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{shown}: {text}"
        );
    }
    assert_eq!(server.state(&game.id).await["seq"], 1, "nothing applied");
    server
        .accepted(&game.id, &game.white, json!({"move": "e4"}), 1)
        .await;
}

/// Guessing tokens from one address: refused (401) until the address's
/// limit, then 429, and a guess is never told apart from a real token's
/// refusal by its message.
pub(super) async fn token_guessing_is_limited(env: Env) {
    let server = Server::start_with(&env, "127.0.0.1:0", &["--rate-per-address", "40"]).await;
    let game = server
        .create(json!({"edition": "fide-2023", "time_control": "60"}))
        .await;
    let path = format!("/api/games/{}/events", game.id);
    let mut statuses = std::collections::BTreeMap::new();
    let mut messages = std::collections::BTreeSet::new();
    let requests = (0..300).map(|i| {
        let guess = format!("{:064x}", i * 7919 + 1);
        server
            .http
            .post(server.url(&path))
            .bearer_auth(guess)
            .header("content-type", "application/json")
            .body(r#"{"resign": true}"#)
            .send()
    });
    for response in futures_util::future::join_all(requests).await {
        let response = response.expect("an answer");
        let status = response.status();
        assert!(!status.is_server_error(), "{status}");
        *statuses.entry(status.as_u16()).or_insert(0) += 1;
        if status == StatusCode::UNAUTHORIZED {
            let body: Value = response.json().await.expect("JSON");
            messages.insert(body["error"]["message"].as_str().unwrap_or("").to_owned());
        }
    }
    assert!(
        statuses.get(&429).copied().unwrap_or(0) > 100,
        "{statuses:?}"
    );
    assert_eq!(
        messages.len(),
        1,
        "one message for every wrong token: {messages:?}"
    );
    // once the address's allowance has come back (40 a second), nothing
    // was applied
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, state) = server.get(&format!("/api/games/{}", game.id)).await;
        if status == StatusCode::OK {
            assert_eq!(state["seq"], 0, "nothing applied");
            break;
        }
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{state}");
        assert!(
            Instant::now() < deadline,
            "still limited after {PATIENCE:?}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

pub(super) fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Runs SQL on the store as someone with the file or the database would,
/// while the server is stopped.
async fn write_into_store(env: &Env, sql: &str) -> u64 {
    if env.db.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(&env.db).await.expect("the file");
        let done = sqlx::query(sql).execute(&pool).await.expect(sql);
        pool.close().await;
        done.rows_affected()
    } else {
        let pool = sqlx::PgPool::connect(&env.db).await.expect("the database");
        let done = sqlx::query(sql).execute(&pool).await.expect(sql);
        pool.close().await;
        done.rows_affected()
    }
}

/// A move of the stored log changed into another legal move while the
/// server was stopped (2. Nf3 → 2. Nc3: the game would replay without a
/// murmur into another game): after the restart the game is listed as
/// altered for the arbiter, every request about it is refused with
/// `500 tampered` and the reason, nothing is applied to it, its PGN and
/// stream give nothing, the server's log says which game and which
/// entry — and the other games play on.
pub(super) async fn a_row_altered_in_the_database_is_found_not_served(env: Env) {
    let mut server = Server::start(&env).await;
    let game = server
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    let other = server
        .create(json!({"edition": "fide-2023", "time_control": "5400+30"}))
        .await;
    for seats in [&game, &other] {
        server
            .accepted(&seats.id, &seats.arbiter, json!({"start": true}), 0)
            .await;
    }
    for (i, mv) in ["e4", "e5", "Nf3"].iter().enumerate() {
        let token = if i % 2 == 0 { &game.white } else { &game.black };
        server
            .accepted(&game.id, token, json!({"move": mv}), i as u64 + 1)
            .await;
    }
    server
        .accepted(&other.id, &other.white, json!({"move": "d4"}), 1)
        .await;
    server.terminate();
    assert!(server.exit_status().await.success());
    let changed = write_into_store(
        &env,
        &format!(
            "UPDATE events SET entry = replace(entry, '\"Nf3\"', '\"Nc3\"') \
             WHERE game_id = '{}' AND entry LIKE '%\"Nf3\"%'",
            game.id
        ),
    )
    .await;
    assert_eq!(changed, 1, "the move was found in the store");
    let count = format!("UPDATE events SET seq = seq WHERE game_id = '{}'", game.id);
    let before = write_into_store(&env, &count).await;
    let server = Server::start(&env).await;
    // listed, with the reason, for the arbiter
    let (_, list) = server.get("/api/games").await;
    let listed = list["games"].as_array().expect("games");
    let flagged: Vec<(&str, bool)> = listed
        .iter()
        .map(|g| (g["id"].as_str().unwrap_or(""), g.get("tampered").is_some()))
        .collect();
    assert!(flagged.contains(&(game.id.as_str(), true)), "{list}");
    assert!(flagged.contains(&(other.id.as_str(), false)), "{list}");
    // never served, nothing applied
    let answers = [
        server
            .http
            .get(server.url(&format!("/api/games/{}", game.id))),
        server
            .http
            .get(server.url(&format!("/api/games/{}/pgn", game.id))),
        server
            .http
            .post(server.url(&format!("/api/games/{}/events", game.id)))
            .bearer_auth(&game.black)
            .header("content-type", "application/json")
            .body(json!({"move": "Nc6"}).to_string()),
    ];
    for request in answers {
        let response = request.send().await.expect("an answer");
        let status = response.status();
        let body = parse(&response.text().await.expect("a body"));
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert_eq!(body["error"]["code"], "tampered", "{body}");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("entry 3"), "{message}");
    }
    let after = write_into_store(&env, &count).await;
    assert_eq!(after, before, "nothing was added to the altered game");
    // the server's log names the game and the entry
    let log = server.log_text();
    assert!(
        log.lines()
            .any(|l| l.contains(&game.id) && l.contains("fails its authentication")),
        "{log}"
    );
    // the other game is served and plays on
    let answer = server
        .event(&other.id, &other.black, json!({"move": "d5"}))
        .await;
    assert_eq!(answer["accepted"], true, "{answer}");
}
