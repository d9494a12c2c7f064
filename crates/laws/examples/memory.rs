//! Memory held by a `Game` after replaying each game of the shared corpus.
//!
//! `cargo run --release -p arbitre-laws --example memory`; the corpus folder
//! is `../shared/corpus/pgn` from the workspace root or `ARBITRE_CORPUS`.
//!
//! A counting global allocator gives the heap bytes a game holds once all
//! its moves are played (the game only grows, so this is its peak but for a
//! `Vec` reallocation's instant), plus `size_of::<Game>()` inline. A least
//! squares fit over all games gives `bytes = a + b · plies`; the target is
//! `a < 2048` and `b < 32`.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use std::{alloc::System, mem::size_of};

use arbitre_laws::{game::DeadCheck, Decision, Game, Instant};
use shakmaty::Move;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

struct Held {
    plies: f64,
    bytes: f64,
    blocks: f64,
    log: f64,
}

fn measure(corpus: &corpus::Corpus, dead_check: DeadCheck) -> Vec<Held> {
    let mut out = Vec::with_capacity(corpus.games.len());
    for g in &corpus.games {
        let setup = corpus::setup(&g.start, dead_check);
        let region = Region::new(GLOBAL);
        let mut game = Game::new(setup).expect("setup");
        for (i, san) in g.sans.iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            let m = san.to_move(game.position()).expect("legal SAN");
            game.play_move(i, Instant((i as i64 + 1) * 1000), m);
        }
        let s = region.change();
        // stats_alloc already counts a realloc's growth in bytes_allocated
        let heap = s.bytes_allocated as i64 - s.bytes_deallocated as i64;
        out.push(Held {
            plies: game.moves().len() as f64,
            bytes: (heap + size_of::<Game>() as i64) as f64,
            blocks: s.allocations as f64 - s.deallocations as f64,
            log: game.log().len() as f64,
        });
        drop(game);
    }
    out
}

/// Least squares `y = a + b x`.
fn fit(xs: impl Iterator<Item = (f64, f64)> + Clone) -> (f64, f64) {
    let n = xs.clone().count() as f64;
    let (sx, sy) = xs.clone().fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let (sxy, sxx) = xs.fold((0.0, 0.0), |(a, b), (x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx) * (x - mx))
    });
    let b = sxy / sxx;
    (my - b * mx, b)
}

fn main() {
    let mut corpus = match corpus::load() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("memory measurement skipped: {why}");
            return;
        }
    };
    corpus::truncate_to_engine(&mut corpus);
    println!(
        "corpus {}: {} games, {} plies",
        corpus.root.display(),
        corpus.games.len(),
        corpus.plies()
    );
    println!(
        "size_of: Game {} B, Move {} B, Decision {} B (+ heap of its note)",
        size_of::<Game>(),
        size_of::<Move>(),
        size_of::<Decision>()
    );
    let held = measure(&corpus, DeadCheck::AfterIrreversible);
    let (a, b) = fit(held.iter().map(|h| (h.plies, h.bytes)));
    let (ba, bb) = fit(held.iter().map(|h| (h.plies, h.blocks)));
    let (la, lb) = fit(held.iter().map(|h| (h.plies, h.log)));
    let n = held.len() as f64;
    let mean = |f: fn(&Held) -> f64| held.iter().map(f).sum::<f64>() / n;
    let over = held
        .iter()
        .filter(|h| h.bytes > 2048.0 + 32.0 * h.plies)
        .count();
    let max = held.iter().map(|h| h.bytes).fold(0.0, f64::max);
    println!(
        "games measured: {}, mean {:.1} plies, mean {:.0} B held",
        held.len(),
        mean(|h| h.plies),
        mean(|h| h.bytes)
    );
    println!("fit bytes  = {a:.0} + {b:.1} * plies   (target < 2048 + 32 * plies)");
    println!("fit blocks = {ba:.1} + {bb:.2} * plies  (live heap allocations)");
    println!("fit log    = {la:.2} + {lb:.2} * plies  (decision log entries)");
    println!(
        "largest game: {max:.0} B; games over 2048 B + 32 B/ply: {over} of {}",
        held.len()
    );
    let verdict = if a < 2048.0 && b < 32.0 && over == 0 {
        "MET"
    } else {
        "NOT MET"
    };
    println!("memory target: {verdict}");
}
