//! A live game's heap in a whole server: what the server holds per game
//! (the game, its owner's task and channels, its tokens, the answers kept
//! for its `client_id`s, its caches), counted exactly by a counting
//! allocator over games created, started and played through the API as
//! the load generator plays them (`bench/load.sh`).

use std::alloc::System;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::{
    body::{to_bytes, Body},
    http::{header, Request, StatusCode},
    Router,
};
use cap::Cap;
use serde_json::Value;
use tower::ServiceExt;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

mod support;
use support::ORGANISER;

async fn call(router: &Router, path: &str, token: &str, body: String) -> Value {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header("prefer", "return=minimal")
        .body(Body::from(body))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24).await.unwrap();
    assert!(
        status == StatusCode::OK || status == StatusCode::CREATED,
        "{status}"
    );
    serde_json::from_slice(&bytes).unwrap()
}

/// Creates, starts and plays two plies in `n` games; the heap held after
/// each step (created, started, played), summed over the games.
async fn games(router: &Router, n: usize, from: usize) -> [isize; 3] {
    let mut steps = [0; 3];
    let mut at = ALLOCATOR.allocated() as isize;
    let mut step = |k: usize| {
        let now = ALLOCATOR.allocated() as isize;
        steps[k] += now - at;
        at = now;
    };
    for i in from..from + n {
        let body = format!(
            r#"{{"edition":"fide-2023","time_control":"5400+30","players":{{"white":"bot {i} white","black":"bot {i} black"}},"event":"memory"}}"#
        );
        let created = call(router, "/api/games", ORGANISER, body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let path = format!("/api/games/{id}/events");
        let tokens: Vec<String> = ["arbiter", "white", "black"]
            .iter()
            .map(|side| created["tokens"][side].as_str().unwrap().to_owned())
            .collect();
        drop(created);
        let token = |side: &str| match side {
            "arbiter" => tokens[0].clone(),
            "white" => tokens[1].clone(),
            _ => tokens[2].clone(),
        };
        step(0);
        call(
            router,
            &path,
            &token("arbiter"),
            r#"{"start":true,"client_id":"start"}"#.into(),
        )
        .await;
        step(1);
        for (ply, (side, san)) in [("white", "e4"), ("black", "e5")].into_iter().enumerate() {
            let answer = call(
                router,
                &path,
                &token(side),
                format!(r#"{{"move":"{san}","client_id":"m{ply}"}}"#),
            )
            .await;
            assert_eq!(answer["accepted"], true, "{answer}");
        }
        drop((path, tokens));
        step(2);
    }
    steps
}

async fn server(dir: &tempfile::TempDir) -> Router {
    support::open_at(&support::sqlite(dir), None).await.router
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_in_the_server_holds_a_few_kib() {
    let dir = tempfile::tempdir().unwrap();
    let router = server(&dir).await;
    // warm up what is allocated once (catalogues, pools, caches' tables)
    games(&router, 200, 0).await;
    const N: usize = 1000;
    let steps = games(&router, N, 200).await.map(|s| s / N as isize);
    let per_game: isize = steps.iter().sum();
    eprintln!(
        "heap held per live game by the server: {per_game} bytes two plies in \
         (created {}, started {}, two plies {})",
        steps[0], steps[1], steps[2]
    );
    assert!(per_game < 12 * 1024, "{per_game} bytes a live game");
}

/// Games created and started at once keep the runtime's workers where they
/// are: an event that cannot search is judged on the worker, not handed
/// to a blocking thread (`block_in_place` moves the worker to another
/// thread each time: hundreds of threads under load, each leaving its
/// allocator's pages behind, twice the memory per game).
#[test]
fn starting_many_games_at_once_starts_no_threads() {
    static STARTED: AtomicUsize = AtomicUsize::new(0);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .on_thread_start(|| {
            STARTED.fetch_add(1, Ordering::Relaxed);
        })
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let router = server(&dir).await;
        games(&router, 20, 0).await;
        let before = STARTED.load(Ordering::Relaxed);
        let batches: Vec<_> = (0..32)
            .map(|b| {
                let router = router.clone();
                tokio::spawn(async move { games(&router, 10, 100 + 10 * b).await })
            })
            .collect();
        for batch in batches {
            batch.await.unwrap();
        }
        let after = STARTED.load(Ordering::Relaxed);
        assert!(
            after <= before + 2,
            "{before} threads started before 320 games were started at once, {after} after"
        );
    });
}
