//! Appends per second and append latency (p50, p99) of the store, on SQLite
//! (a temporary file) and PostgreSQL (a fresh database at 127.0.0.1:5432,
//! skipped if none answers), for each batching mode, with 1, 10 and 100
//! concurrent writers — each writer appending to its own game, one entry
//! after another, each awaited (as a server acknowledges an event).
//!
//! `cargo bench -p arbitre-store --bench append` (3 s per line; under
//! `cargo test` each line runs 50 ms, as a smoke test).

#[path = "../tests/common/mod.rs"]
mod common;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use arbitre_store::{Append, Batching, NewGame, Options, Seat, Store, TokenHash};

fn game(id: &str) -> NewGame {
    NewGame {
        id: id.into(),
        created_ms: 0,
        setup: r#"{"edition":"fide-2023","time_control":"5400+30"}"#.into(),
        white: Some("A".into()),
        black: Some("B".into()),
        edition: "fide-2023".into(),
        time_control: "5400+30".into(),
        state: "playing".into(),
        tokens: [
            (Seat::White, TokenHash::of(&format!("{id}w"))),
            (Seat::Black, TokenHash::of(&format!("{id}b"))),
            (Seat::Arbiter, TokenHash::of(&format!("{id}a"))),
        ],
    }
}

/// A typical entry: a move with its clock press and no decision.
fn append(id: &str, seq: u64) -> Append {
    Append {
        game_id: id.into(),
        seq,
        entry: format!(r#"{{"t":{seq}.25,"by":"white","move":"Nf3","seq":{seq},"decisions":[]}}"#),
        received_ms: 1_700_000_000_000,
        client_id: Some(format!("c{seq}")),
        answer: Some(format!(r#"{{"seq":{seq},"accepted":true,"decisions":[]}}"#)),
        summary: None,
        lease: 1,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn line(
    url: &str,
    backend: &str,
    mode: &str,
    batching: Batching,
    writers: usize,
    run: Duration,
) {
    let options = Options {
        batching,
        max_connections: 4,
        key: Some(arbitre_store::MacKey::from_bytes([0x5a; 32])),
        ..Options::default()
    };
    let store = match Store::open(url, options).await {
        Ok(store) => Arc::new(store),
        Err(e) => {
            eprintln!("append bench: {e}");
            std::process::exit(1);
        }
    };
    let prefix = format!("{mode}-{writers}-");
    for w in 0..writers {
        if let Err(e) = store.create_game(&game(&format!("{prefix}{w}"))).await {
            eprintln!("append bench: {e}");
            std::process::exit(1);
        }
    }
    let before = store.stats();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..writers {
        let store = store.clone();
        let id = format!("{prefix}{w}");
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut seq = 0;
            while started.elapsed() < run {
                let t = Instant::now();
                if let Err(e) = store.append(append(&id, seq)).await {
                    eprintln!("append bench: {e}");
                    std::process::exit(1);
                }
                latencies.push(t.elapsed());
                seq += 1;
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        match task.await {
            Ok(l) => latencies.extend(l),
            Err(e) => {
                eprintln!("append bench: a writer failed: {e}");
                std::process::exit(1);
            }
        }
    }
    let elapsed = started.elapsed();
    let after = store.stats();
    latencies.sort();
    let appends = latencies.len() as f64;
    let transactions = after.transactions - before.transactions;
    println!(
        "| {backend} | {mode} | {writers} | {:.0} | {:.2} | {:.2} | {:.1} |",
        appends / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        appends / transactions.max(1) as f64,
    );
    if let Ok(store) = Arc::try_unwrap(store) {
        store.close().await;
    }
}

async fn backend(url: &str, name: &str, run: Duration) {
    let modes = [
        ("one commit per append", Batching::PerAppend),
        ("window 2 ms", Batching::Window(Duration::from_millis(2))),
        ("as soon as free", Batching::AsSoonAsFree),
    ];
    for (mode, batching) in modes {
        for writers in [1, 10, 100] {
            line(url, name, mode, batching, writers, run).await;
        }
    }
}

fn main() {
    let benching = std::env::args().any(|a| a == "--bench");
    let run = if benching {
        Duration::from_secs(3)
    } else {
        Duration::from_millis(50)
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("append bench: no runtime: {e}");
            std::process::exit(1);
        }
    };
    runtime.block_on(async {
        println!(
            "| backend | batching | writers | appends/s | p50 ms | p99 ms | appends per commit |"
        );
        println!("|---|---|---:|---:|---:|---:|---:|");
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("bench.db").display());
        backend(&url, "SQLite", run).await;
        drop(dir);
        if let Some((db, url)) = common::create_postgres("append bench").await {
            backend(&url, "PostgreSQL", run).await;
            common::drop_postgres(&db).await;
        }
    });
}
