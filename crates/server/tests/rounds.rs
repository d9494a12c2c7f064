//! Rounds through the API in process (../shared/spec/ROUNDS.md): a round
//! created from JSON boards, read, played, broadcast as one PGN feed with
//! its ETag and its delay (tokio's clock paused), and refused whole when a
//! board cannot be read.

mod support;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::{open_at, sqlite, Api, Lines, ORGANISER};

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
    let again = api
        .request(
            "GET",
            &format!("/api/rounds/{id}/pgn"),
            None,
            &[("if-none-match", &etag)],
            String::new(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.text.is_empty());
    let b = &created["boards"][1];
    let moved = api
        .request(
            "POST",
            &format!("/api/games/{}/events", b["game"].as_str().unwrap()),
            Some(b["tokens"]["white"].as_str().unwrap()),
            &[],
            json!({"move": "c4"}).to_string(),
        )
        .await;
    assert_eq!(moved.json["accepted"], true);
    let changed = api
        .request(
            "GET",
            &format!("/api/rounds/{id}/pgn"),
            None,
            &[("if-none-match", &etag)],
            String::new(),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert!(changed.text.contains("2. c4"), "{}", changed.text);
}

#[tokio::test]
async fn the_feed_lags_by_the_broadcast_delay() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let _still = support::pause();
    let created = create(&api, &round_body(900)).await;
    let id = created["id"].as_str().unwrap().to_owned();
    play(&api, &created, 0, &["e4", "e5"]).await;
    async fn feed(api: &Api, id: &str) -> String {
        api.request(
            "GET",
            &format!("/api/rounds/{id}/pgn"),
            None,
            &[],
            String::new(),
        )
        .await
        .text
    }
    let now = feed(&api, &id).await;
    assert!(!now.contains("e4"), "15 minutes behind: no move yet: {now}");
    // the board's own reads: the public's delayed, the seats' and the
    // organiser's the present
    let b = &created["boards"][0];
    let game = b["game"].as_str().unwrap();
    let state = |token: Option<&str>| {
        let path = format!("/api/games/{game}");
        let token = token.map(str::to_owned);
        let api = &api;
        async move {
            api.request("GET", &path, token.as_deref(), &[], String::new())
                .await
                .json
        }
    };
    assert_eq!(state(None).await["scoresheet"], json!([]), "the public");
    assert_eq!(state(None).await["running"], Value::Null);
    assert_eq!(
        state(b["tokens"]["black"].as_str()).await["scoresheet"],
        json!(["e4", "e5"])
    );
    assert_eq!(
        state(Some(ORGANISER)).await["scoresheet"],
        json!(["e4", "e5"])
    );
    let public_pgn = api
        .request(
            "GET",
            &format!("/api/games/{game}/pgn"),
            None,
            &[],
            String::new(),
        )
        .await
        .text;
    assert!(!public_pgn.contains("e4"), "{public_pgn}");
    let seat_pgn = api
        .request(
            "GET",
            &format!("/api/games/{game}/pgn"),
            b["tokens"]["white"].as_str(),
            &[],
            String::new(),
        )
        .await
        .text;
    assert!(seat_pgn.contains("1. e4"), "{seat_pgn}");
    // the game's stream: the public's as it stood 15 minutes ago, the
    // seat's the present
    let stream = format!("/api/games/{game}/stream");
    let mut public = Lines::open(&api, &stream).await;
    let first = public.next().await;
    assert_eq!(first["type"], "game");
    assert_eq!(first["scoresheet"], json!([]), "{first}");
    let mut seat = Lines::open_as(&api, &stream, b["tokens"]["white"].as_str()).await;
    assert_eq!(seat.next().await["scoresheet"], json!(["e4", "e5"]));
    tokio::time::advance(Duration::from_secs(901)).await;
    // then each entry as it falls due: the start, e4, e5 (a ping may come
    // between: the stream was quiet for 900 s)
    let mut due = Vec::new();
    while due.len() < 3 {
        let line = public.next().await;
        if line["type"] != "ping" {
            due.push(line);
        }
    }
    assert_eq!(due[1]["action"], json!({"move": "e4"}), "{due:?}");
    assert_eq!(due[2]["action"], json!({"move": "e5"}), "{due:?}");
    // a move made now reaches the public 15 minutes later, not before: ten
    // seconds on, the stream has only said it is alive
    let path = format!("/api/games/{game}/events");
    let moved = api
        .request(
            "POST",
            &path,
            b["tokens"]["white"].as_str(),
            &[],
            json!({"move": "Nf3"}).to_string(),
        )
        .await;
    assert_eq!(moved.json["accepted"], true, "{}", moved.text);
    tokio::time::advance(Duration::from_secs(10)).await;
    assert_eq!(public.next().await["type"], "ping");
    tokio::time::advance(Duration::from_secs(900)).await;
    // (a ping may come first: the stream was quiet for 900 s)
    let mut nf3 = public.next().await;
    while nf3["type"] == "ping" {
        nf3 = public.next().await;
    }
    assert_eq!(nf3["action"], json!({"move": "Nf3"}), "{nf3}");
    let later = feed(&api, &id).await;
    assert!(
        later.contains("1. e4 {[%clk") && later.contains("e5"),
        "{later}"
    );
    assert_eq!(state(None).await["scoresheet"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(
        api.request(
            "GET",
            &format!("/api/rounds/{id}"),
            None,
            &[],
            String::new()
        )
        .await
        .json["broadcast_delay"],
        900
    );
}

#[tokio::test]
async fn a_round_that_cannot_be_read_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let mut body = round_body(0);
    body["pairings"]["boards"][1]["black"] = json!({"name": ""});
    let refused = api
        .request(
            "POST",
            "/api/rounds",
            Some(ORGANISER),
            &[],
            body.to_string(),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.json["error"]["path"], "pairings.boards[1].black.name",
        "{}",
        refused.text
    );
    let games = api
        .request("GET", "/api/games", None, &[], String::new())
        .await;
    assert_eq!(
        games.json["games"].as_array().unwrap().len(),
        0,
        "{}",
        games.text
    );
    let rounds = api
        .request("GET", "/api/rounds", None, &[], String::new())
        .await;
    assert_eq!(rounds.json["rounds"].as_array().unwrap().len(), 0);
    // only the organiser creates rounds
    let anyone = api
        .request("POST", "/api/rounds", None, &[], round_body(0).to_string())
        .await;
    assert_eq!(anyone.status, StatusCode::UNAUTHORIZED);
    // a round unknown
    let none = api
        .request(
            "GET",
            "/api/rounds/nosuchround1/pgn",
            None,
            &[],
            String::new(),
        )
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
}

/// A TRF-16 of three rounds played (`crates/pairing/tests/data`), 11
/// players, and the pairs of round 4 in JaVaFo's form, player 11 the bye.
const TRF: &str = include_str!("../../pairing/tests/data/trf16-spring-open.trf");
const PAIRS: &str = "6\n1 2\n3 4\n5 6\n7 8\n9 10\n11 0\n";

async fn event(api: &Api, created: &Value, board: usize, seat: &str, body: Value) {
    let b = &created["boards"][board];
    let answer = api
        .request(
            "POST",
            &format!("/api/games/{}/events", b["game"].as_str().unwrap()),
            Some(b["tokens"][seat].as_str().unwrap()),
            &[],
            body.to_string(),
        )
        .await;
    assert_eq!(answer.json["accepted"], true, "{body}: {}", answer.text);
}

#[tokio::test]
async fn a_round_from_a_trf_and_its_pairs_given_back_with_its_results() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let created = create(
        &api,
        &json!({"edition": "fide-2023", "time_control": "5400+30", "event": "Spring Open 2026",
                "pairings": {"trf": TRF, "pairs": PAIRS}}),
    )
    .await;
    assert_eq!(created["round"], 4, "the round after the TRF's last");
    assert_eq!(created["boards"].as_array().unwrap().len(), 5);
    assert_eq!(created["boards"][0]["white"]["name"], "Lindqvist, Arvo");
    assert_eq!(created["boards"][0]["white"]["fide_id"], 54_100_234);
    assert_eq!(created["boards"][0]["white"]["title"], "GM");
    assert_eq!(created["boards"][0]["white"]["rating"], 2540);
    assert_eq!(created["boards"][0]["white"]["start_rank"], 1);
    assert_eq!(created["byes"][0]["start_rank"], 11);
    let id = created["id"].as_str().unwrap().to_owned();

    // board 1 played to mate; board 2 resigned before a move; board 3
    // agreed drawn; board 4 a forfeit declared; board 5 still on
    play(&api, &created, 0, &["f3", "e5", "g4", "Qh4#"]).await;
    play(&api, &created, 1, &[]).await;
    event(&api, &created, 1, "white", json!({"resign": true})).await;
    play(&api, &created, 2, &["e4", "e5"]).await;
    event(&api, &created, 2, "white", json!({"offer_draw": true})).await;
    event(&api, &created, 2, "black", json!({"accept_draw": true})).await;
    event(
        &api,
        &created,
        3,
        "arbiter",
        json!({"declare_result": {"result": "+/-", "article": "6.7.1"}}),
    )
    .await;
    play(&api, &created, 4, &["d4", "d5"]).await;

    async fn trf(api: &Api, id: &str, token: Option<&str>) -> support::Answer {
        api.request(
            "GET",
            &format!("/api/rounds/{id}/trf"),
            token,
            &[],
            String::new(),
        )
        .await
    }
    let open = trf(&api, &id, Some(ORGANISER)).await;
    assert_eq!(open.status, StatusCode::CONFLICT, "{}", open.text);
    assert!(
        open.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("board 5"),
        "{}",
        open.text
    );
    assert_eq!(trf(&api, &id, None).await.status, StatusCode::UNAUTHORIZED);
    event(&api, &created, 4, "white", json!({"resign": true})).await;

    let done = trf(&api, &id, Some(ORGANISER)).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let before = arbitre_pairing::Tournament::parse(TRF).unwrap();
    let after = arbitre_pairing::Tournament::parse(&done.text).expect(&done.text);
    assert_eq!(after.rounds_played(), 4);
    let cell = |rank: u32| {
        let r = &after.player(rank).unwrap().results[3];
        (
            r.opponent,
            r.colour.map(|c| format!("{c:?}")),
            r.code.as_char(),
        )
    };
    let w = Some("White".to_owned());
    let b = Some("Black".to_owned());
    assert_eq!(cell(1), (Some(2), w.clone(), '0'));
    assert_eq!(cell(2), (Some(1), b.clone(), '1'));
    assert_eq!(cell(3), (Some(4), w.clone(), 'L'), "resigned before a move");
    assert_eq!(cell(4), (Some(3), b.clone(), 'W'));
    assert_eq!(cell(5), (Some(6), w.clone(), '='));
    assert_eq!(cell(6), (Some(5), b.clone(), '='));
    assert_eq!(cell(7), (Some(8), w.clone(), '+'));
    assert_eq!(cell(8), (Some(7), b.clone(), '-'));
    assert_eq!(cell(9), (Some(10), w, '0'));
    assert_eq!(cell(10), (Some(9), b, '1'));
    assert_eq!(cell(11), (None, None, 'U'));
    // the points include this round; nothing else of the file changed
    let points = |t: &arbitre_pairing::Tournament, rank: u32| t.player(rank).unwrap().points.0;
    assert_eq!(points(&after, 2), points(&before, 2) + 10);
    assert_eq!(points(&after, 1), points(&before, 1));
    assert_eq!(points(&after, 5), points(&before, 5) + 5);
    assert_eq!(points(&after, 11), points(&before, 11) + 10);
    let lines = |text: &str| text.split("\r\n").map(str::to_owned).collect::<Vec<_>>();
    for (old, new) in lines(TRF).iter().zip(lines(&done.text)) {
        if old.starts_with("001") {
            assert_eq!(old[..80], new[..80], "before the points");
            assert_eq!(old[84..], new[84..old.len()], "the rounds before");
        } else {
            assert_eq!(*old, new);
        }
    }
}

#[tokio::test]
async fn a_trf_that_cannot_be_read_is_named_by_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let broken = TRF.replacen("2540 EST", "25x0 EST", 1);
    let refused = api
        .request(
            "POST",
            "/api/rounds",
            Some(ORGANISER),
            &[],
            json!({"edition": "fide-2023", "time_control": "60", "pairings": {"trf": broken, "pairs": PAIRS}})
                .to_string(),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json["error"]["path"], "pairings.trf");
    let message = refused.json["error"]["message"].as_str().unwrap();
    assert!(message.contains("line 13, column 49"), "{message}");
    let pairs = api
        .request(
            "POST",
            "/api/rounds",
            Some(ORGANISER),
            &[],
            json!({"edition": "fide-2023", "time_control": "60", "pairings": {"trf": TRF, "pairs": "6\n1 2\n3 4\n5 6\n7 8\n9 10\n11 42\n"}})
                .to_string(),
        )
        .await;
    assert_eq!(pairs.status, StatusCode::BAD_REQUEST);
    assert_eq!(pairs.json["error"]["path"], "pairings.pairs");
    assert!(
        pairs.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("line 7"),
        "{}",
        pairs.text
    );
    let games = api
        .request("GET", "/api/games", None, &[], String::new())
        .await;
    assert_eq!(games.json["games"].as_array().unwrap().len(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_boards_created_started_and_stopped_in_three_requests() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let boards: Vec<Value> = (1..=300)
        .map(|n| json!({"board": n, "white": {"name": format!("White {n}")}, "black": {"name": format!("Black {n}")}}))
        .collect();
    let created = create(
        &api,
        &json!({"edition": "fide-2023", "time_control": "5400+30", "round": 1, "pairings": {"boards": boards}}),
    )
    .await;
    assert_eq!(created["boards"].as_array().unwrap().len(), 300);
    let id = created["id"].as_str().unwrap().to_owned();
    let act = |body: Value| {
        let (api, id) = (&api, id.clone());
        async move {
            api.request(
                "POST",
                &format!("/api/rounds/{id}/events"),
                Some(ORGANISER),
                &[],
                body.to_string(),
            )
            .await
        }
    };
    let started = act(json!({"start": true})).await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.text);
    let answers = started.json["boards"].as_array().unwrap();
    assert_eq!(answers.len(), 300);
    assert!(
        answers.iter().all(|a| a["accepted"] == true),
        "{}",
        started.text
    );
    // board 1 ends; stopping the round's clocks leaves it alone
    play_moves(&api, &created, 0, &["f3", "e5", "g4", "Qh4#"]).await;
    let stopped = act(json!({"stop_clocks": true})).await;
    let answers = stopped.json["boards"].as_array().unwrap();
    assert_eq!(answers[0]["skipped"], "finished", "{}", stopped.text);
    assert!(answers[1..].iter().all(|a| a["accepted"] == true));
    let state = api
        .request(
            "GET",
            &format!(
                "/api/games/{}",
                created["boards"][7]["game"].as_str().unwrap()
            ),
            None,
            &[],
            String::new(),
        )
        .await;
    assert_eq!(state.json["running"], Value::Null, "{}", state.text);
    // only the arbiter's actions for a whole round; only the organiser
    let refused = act(json!({"move": "e4"})).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let anyone = api
        .request(
            "POST",
            &format!("/api/rounds/{id}/events"),
            None,
            &[],
            json!({"start": true}).to_string(),
        )
        .await;
    assert_eq!(anyone.status, StatusCode::UNAUTHORIZED);
}

/// Moves on a board already started.
async fn play_moves(api: &Api, created: &Value, board: usize, moves: &[&str]) {
    for (i, san) in moves.iter().enumerate() {
        let seat = if i % 2 == 0 { "white" } else { "black" };
        event(api, created, board, seat, json!({"move": san})).await;
    }
}

/// A game of the feed as a PGN reader sees it: its tags, its main line
/// with the comments after each move, and the variations it would skip.
#[derive(Default)]
struct FeedGame {
    tags: std::collections::HashMap<String, String>,
    moves: Vec<(String, Vec<String>)>,
    variations: usize,
}

struct Read;

impl pgn_reader::Visitor for Read {
    type Tags = FeedGame;
    type Movetext = FeedGame;
    type Output = FeedGame;

    fn begin_tags(&mut self) -> std::ops::ControlFlow<FeedGame, FeedGame> {
        std::ops::ControlFlow::Continue(FeedGame::default())
    }

    fn tag(
        &mut self,
        game: &mut FeedGame,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> std::ops::ControlFlow<FeedGame> {
        game.tags.insert(
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        );
        std::ops::ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: FeedGame) -> std::ops::ControlFlow<FeedGame, FeedGame> {
        std::ops::ControlFlow::Continue(game)
    }

    fn san(
        &mut self,
        game: &mut FeedGame,
        san: pgn_reader::SanPlus,
    ) -> std::ops::ControlFlow<FeedGame> {
        game.moves.push((san.to_string(), Vec::new()));
        std::ops::ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut FeedGame,
        comment: pgn_reader::RawComment<'_>,
    ) -> std::ops::ControlFlow<FeedGame> {
        if let Some((_, comments)) = game.moves.last_mut() {
            comments.push(String::from_utf8_lossy(comment.as_bytes()).into_owned());
        }
        std::ops::ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        game: &mut FeedGame,
    ) -> std::ops::ControlFlow<FeedGame, pgn_reader::Skip> {
        game.variations += 1;
        std::ops::ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn end_game(&mut self, game: FeedGame) -> FeedGame {
        game
    }
}

#[tokio::test]
async fn the_feed_read_by_a_pgn_reader_every_tag_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let created = create(&api, &round_body(0)).await;
    play(&api, &created, 0, &["e4", "e5", "Nf3"]).await;
    // an illegal move attempted on board 2 is no part of any line
    play(&api, &created, 1, &["d4"]).await;
    let b = &created["boards"][1];
    let _ = api
        .request(
            "POST",
            &format!("/api/games/{}/events", b["game"].as_str().unwrap()),
            b["tokens"]["black"].as_str(),
            &[],
            json!({"move": "e8e6"}).to_string(),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let feed = api
        .request(
            "GET",
            &format!("/api/rounds/{id}/pgn"),
            None,
            &[],
            String::new(),
        )
        .await;
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(feed.text.as_bytes()));
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut Read).unwrap() {
        games.push(game);
    }
    assert_eq!(games.len(), 2, "{}", feed.text);
    let expected_tags = [
        [
            ("Round", "5.1"),
            ("White", "Bernard, Léa"),
            ("Black", "Petit, Hugo"),
            ("WhiteFideId", "651001"),
            ("WhiteElo", "2305"),
        ],
        [
            ("Round", "5.2"),
            ("White", "Martin, Claire"),
            ("Black", "Durand, Paul"),
            ("BlackFideId", "651003"),
            ("BlackTitle", "IM"),
        ],
    ];
    for (game, tags) in games.iter().zip(expected_tags) {
        for (k, v) in tags {
            assert_eq!(
                game.tags.get(k).map(String::as_str),
                Some(v),
                "{k}: {:?}",
                game.tags
            );
        }
        for k in ["Event", "Site", "Date", "Result", "TimeControl"] {
            assert!(game.tags.contains_key(k), "{k}: {:?}", game.tags);
        }
        assert_eq!(game.tags["Result"], "*");
        assert_eq!(game.variations, 0, "no variation: {}", feed.text);
        for (san, comments) in &game.moves {
            let clocks: Vec<&String> = comments.iter().filter(|c| c.contains("[%clk ")).collect();
            assert_eq!(clocks.len(), 1, "one clock after {san}: {comments:?}");
            let clk = clocks[0].split("[%clk ").nth(1).unwrap();
            let hms: Vec<&str> = clk.trim_end_matches([']', ' ']).split(':').collect();
            assert_eq!(hms.len(), 3, "h:mm:ss after {san}: {clk}");
        }
    }
    let line = |g: &FeedGame| g.moves.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>();
    assert_eq!(line(&games[0]), ["e4", "e5", "Nf3"]);
    assert_eq!(line(&games[1]), ["d4"], "the illegal attempt is in no line");
    // the round's view counts each player's illegal moves, shows the clocks
    let view = api
        .request(
            "GET",
            &format!("/api/rounds/{id}"),
            None,
            &[],
            String::new(),
        )
        .await;
    let board2 = &view.json["boards"][1];
    assert_eq!(
        board2["illegal_moves"],
        json!({"white": 0, "black": 1}),
        "{}",
        view.text
    );
    assert_eq!(
        view.json["boards"][0]["illegal_moves"],
        json!({"white": 0, "black": 0})
    );
    assert_eq!(view.json["boards"][0]["running"], "black");
    assert!(
        board2["clocks"]["white"].as_f64().unwrap() > 5400.0,
        "{board2}"
    );
}

/// A player calls the arbiter from his seat: under the 2023 Laws the call
/// stops both clocks (6.11.2); the round's view shows it on its board until
/// the arbiter answers; a second call meanwhile is refused; the clocks run
/// again only when he restarts them.
#[tokio::test]
async fn a_call_of_the_arbiter_is_on_its_board_until_answered() {
    let dir = tempfile::tempdir().unwrap();
    let api = open_at(&sqlite(&dir), None).await;
    let created = create(&api, &round_body(0)).await;
    let id = created["id"].as_str().unwrap().to_owned();
    play(&api, &created, 1, &["d4"]).await;
    let b = &created["boards"][1];
    let path = format!("/api/games/{}/events", b["game"].as_str().unwrap());
    let post = |seat: &str, body: Value| {
        let token = b["tokens"][seat].as_str().unwrap().to_owned();
        let (api, path) = (&api, &path);
        async move {
            api.request("POST", path, Some(&token), &[], body.to_string())
                .await
                .json
        }
    };
    let view = || async {
        api.request(
            "GET",
            &format!("/api/rounds/{id}"),
            Some(ORGANISER),
            &[],
            String::new(),
        )
        .await
        .json
    };
    let called = post("black", json!({"call_arbiter": true})).await;
    assert_eq!(called["accepted"], true, "{called}");
    assert_eq!(called["decisions"][0]["article"], "6.11.2", "{called}");
    let round = view().await;
    let board = &round["boards"][1];
    assert_eq!(board["calls"][0]["side"], "black", "{round}");
    assert_eq!(board["calls"][0]["clocks_stopped"], true, "{round}");
    assert!(board["calls"][0]["at_ms"].as_i64().unwrap() > 0, "{round}");
    assert_eq!(board["running"], Value::Null, "the call stopped the clocks");
    assert_eq!(
        round["boards"][0]["calls"],
        json!([]),
        "the other board: none"
    );
    let again = post("black", json!({"call_arbiter": true})).await;
    assert_eq!(again["accepted"], false, "{again}");
    let answered = post("arbiter", json!({"answer_call": true})).await;
    assert_eq!(answered["accepted"], true, "{answered}");
    let round = view().await;
    assert_eq!(round["boards"][1]["calls"], json!([]), "{round}");
    assert_eq!(
        round["boards"][1]["running"],
        Value::Null,
        "stopped until restarted"
    );
    let restarted = post("arbiter", json!({"restart_clocks": true})).await;
    assert_eq!(restarted["accepted"], true, "{restarted}");
    assert_eq!(view().await["boards"][1]["running"], "black");
}
