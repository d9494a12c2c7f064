//! The Rust side of `Game.apply`'s cost (bench/python.sh): the same games
//! as the Python side, each move an event record read from JSON
//! (`EventRecord::from_json`, `to_event`), applied (`Game::apply`) and its
//! decisions written (`view::decision`) — what the Python module does for
//! one call, less the conversion between Python objects and JSON values.
//!   cargo run --release -p arbitre-record --example apply_events -- GAMES.json
//! GAMES.json: `[["e4", "e5", …], …]`, each game's moves in SAN.

use std::time::Instant as Clock;

use arbitre_laws::{Game, Language};
use arbitre_record::{error::from_value, EventRecord, SetupRecord};
use serde_json::{json, Value};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: apply_events GAMES.json");
    let text = std::fs::read_to_string(&path).expect("read the games");
    let games: Vec<Vec<String>> = serde_json::from_str(&text).expect("a list of games");
    let setup: SetupRecord =
        from_value(json!({"edition": "fide-2023", "time_control": "5400+30"})).expect("setup");
    let setup = setup.to_setup(false).expect("setup");
    let mut best = f64::INFINITY;
    let mut calls = 0u64;
    for _round in 0..5 {
        let mut spent = 0.0;
        calls = 0;
        for moves in &games {
            let mut game = Game::new(setup.clone()).expect("game");
            for (i, san) in moves.iter().enumerate() {
                let by = if i % 2 == 0 { "white" } else { "black" };
                let event = json!({"t": i + 1, "by": by, "move": san});
                let started = Clock::now();
                let record = EventRecord::from_json(event).expect("event");
                let event = record.to_event(game.laws()).expect("event");
                let applied = game.apply(&event);
                let decisions: Vec<Value> = applied
                    .decisions
                    .iter()
                    .map(|d| arbitre_record::view::decision(d, Language::En, game.notation()))
                    .collect();
                std::hint::black_box(&decisions);
                spent += started.elapsed().as_secs_f64();
                calls += 1;
            }
        }
        best = best.min(spent);
    }
    println!(
        "rust apply: {calls} calls, {:.3} s, {:.2} us/call (best of 5)",
        best,
        best / calls as f64 * 1e6
    );
}
