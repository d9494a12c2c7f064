//! Rounds through the API in process (../shared/spec/ROUNDS.md): a round
//! created from JSON boards, read, played, broadcast as one PGN feed with
//! its ETag and its delay (tokio's clock paused), and refused whole when a
//! board cannot be read.

mod support;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::{open_at, sqlite, Api, ORGANISER};

fn player(name: &str, fide_id: u64, rating: u32) -> Value {
    json!({"name": name, "fide_id": fide_id, "title": "IM", "rating": rating, "federation": "FRA", "start_rank": fide_id % 100})
}

fn round_body(delay: u64) -> Value {
    json!({
        "edition": "fide-2023", "time_control": "5400+30",
        "event": "Open de Paris", "site": "Paris FRA", "date": "2026.11.27", "round": 5,
        "broadcast_delay": delay,
        "pairings": {"boards": [
            {"board": 2, "white": player("Martin, Claire", 651_002, 2210), "black": player("Durand, Paul", 651_003, 2190)},
            {"board": 1, "white": player("Bernard, Léa", 651_001, 2305), "black": {"name": "Petit, Hugo"}},
        ]}
    })
}

async fn create(api: &Api, body: &Value) -> Value {
    let answer = api
        .request(
            "POST",
            "/api/rounds",
            Some(ORGANISER),
            &[],
            body.to_string(),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    answer.json
}

async fn play(api: &Api, created: &Value, board: usize, moves: &[&str]) {
    let b = &created["boards"][board];
    let path = format!("/api/games/{}/events", b["game"].as_str().unwrap());
    let token = |seat: &str| b["tokens"][seat].as_str().unwrap().to_owned();
    let started = api
        .request(
            "POST",
            &path,
            Some(&token("arbiter")),
            &[],
            json!({"start": true}).to_string(),
        )
        .await;
    assert_eq!(started.json["accepted"], true, "{}", started.text);
    for (i, san) in moves.iter().enumerate() {
        let seat = if i % 2 == 0 { "white" } else { "black" };
        let answer = api
            .request(
                "POST",
                &path,
                Some(&token(seat)),
                &[],
                json!({"move": san}).to_string(),
            )
            .await;
        assert_eq!(answer.json["accepted"], true, "{san}: {}", answer.text);
    }
}

#[tokio::test]
async fn a_round_from_json_boards_played_and_broadcast() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let created = create(&api, &round_body(0)).await;
    assert_eq!(created["round"], 5);
    let boards = created["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0]["board"], 1, "in board order");
    assert_eq!(boards[0]["white"]["name"], "Bernard, Léa");
    assert_eq!(boards[1]["white"]["fide_id"], 651_002);
    for seat in ["white", "black", "arbiter"] {
        assert!(boards[0]["tokens"][seat].is_string(), "{created}");
    }
    let id = created["id"].as_str().unwrap();
    // each board an ordinary game, with the round's tags
    let game = api
        .request(
            "GET",
            &format!("/api/games/{}", boards[1]["game"].as_str().unwrap()),
            None,
            &[],
            String::new(),
        )
        .await;
    assert_eq!(game.json["players"]["white"], "Martin, Claire");

    // board 1 to its end, board 2 under way
    play(&api, &created, 0, &["f3", "e5", "g4", "Qh4#"]).await;
    play(&api, &created, 1, &["d4", "d5"]).await;

    let round = api
        .request(
            "GET",
            &format!("/api/rounds/{id}"),
            None,
            &[],
            String::new(),
        )
        .await;
    assert_eq!(round.status, StatusCode::OK);
    assert_eq!(round.json["boards"][0]["result"], "0-1", "{}", round.text);
    assert_eq!(round.json["boards"][0]["state"], "finished");
    assert_eq!(round.json["boards"][1]["state"], "playing");
    assert_eq!(round.json["boards"][1]["moves"], 2);
    let listed = api
        .request("GET", "/api/rounds", None, &[], String::new())
        .await;
    assert_eq!(listed.json["rounds"][0]["id"], id);
    assert_eq!(listed.json["rounds"][0]["boards"], 2);
    assert_eq!(listed.json["rounds"][0]["finished"], false);

    // the feed: both boards in order, the roster, the FIDE data, the clocks
    let feed = api
        .request(
            "GET",
            &format!("/api/rounds/{id}/pgn"),
            None,
            &[],
            String::new(),
        )
        .await;
    assert_eq!(feed.status, StatusCode::OK);
    let pgn = &feed.text;
    let first = pgn.find("[Round \"5.1\"]").expect(pgn);
    let second = pgn.find("[Round \"5.2\"]").expect(pgn);
    assert!(first < second, "{pgn}");
    for tag in [
        "[Event \"Open de Paris\"]",
        "[Site \"Paris FRA\"]",
        "[Date \"2026.11.27\"]",
        "[White \"Bernard, Léa\"]",
        "[Black \"Petit, Hugo\"]",
        "[WhiteFideId \"651001\"]",
        "[WhiteTitle \"IM\"]",
        "[WhiteElo \"2305\"]",
        "[BlackFideId \"651003\"]",
        "[BlackElo \"2190\"]",
        "[Result \"0-1\"]",
        "[Result \"*\"]",
        "[TimeControl \"5400+30\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(!pgn.contains("[BlackFideId \"\"]"), "no empty tags: {pgn}");
    assert!(
        pgn.contains("2. g4 {[%clk 1:3") && pgn.contains("]} Qh4# {[%clk"),
        "{pgn}"
    );
    assert_eq!(
        pgn.matches("[%clk ").count(),
        6,
        "a clock after every move: {pgn}"
    );

    // a poller's ETag: 304 while nothing changes, 200 once a move is made
    let etag = feed.headers["etag"].to_str().unwrap().to_owned();
    let post = |seat: &str, body: Value| {
        let token = b["tokens"][seat].as_str().unwrap().to_owned();
        let (api, path) = (&api, &path);
        async move {
            api.request("POST", path, Some(&token), &[], body.to_string())
                .await
        }
    };
    let again = post("black", json!({"call_arbiter": true})).await;
    assert_eq!(again.json["accepted"], false, "{}", again.text);
    assert_eq!(again.json["decisions"][0]["article"], "6.11.2");
    assert_eq!(again.json["game"]["calls"][0]["side"], "black");
    // the arbiter does not call himself
    let by_arbiter = post("arbiter", json!({"call_arbiter": true})).await;
    assert_ne!(by_arbiter.json["accepted"], true, "{}", by_arbiter.text);

    event(
        &api,
        &created,
        1,
        "arbiter",
        json!({"answer_call": {"side": "black"}}),
    )
    .await;
    let round = read(&api).await;
    assert_eq!(round["boards"][1]["calls"], json!([]), "{round}");
    event(
        &api,
        &created,
        1,
        "arbiter",
        json!({"restart_clocks": true}),
    )
    .await;
    event(&api, &created, 1, "black", json!({"move": "e5"})).await;
}
