//! Replays the real games of the shared corpus: a bare shakmaty replay
//! against the engine with its full bookkeeping (legality, repetition table,
//! 50/75-move counts, clock presses, decision log, dead-position test).
//!
//! `cargo bench -p arbitre-laws --bench replay`; the corpus folder is
//! `../shared/corpus/pgn` from the workspace root or `ARBITRE_CORPUS`.
//! Throughput is in plies, so criterion prints plies per second.

mod corpus;

use std::{hint::black_box, time::Duration};

use arbitre_laws::game::DeadCheck;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use shakmaty::{zobrist::Zobrist64, Chess, EnPassantMode, Position};

use corpus::{Corpus, CorpusGame};

/// Bare replay: SAN → `Move`, play it, keep a Zobrist hash of each position
/// (updated incrementally, as the engine does).
fn bare(games: &[CorpusGame]) -> u64 {
    let mut acc = 0;
    for g in games {
        let mut pos: Chess = g.start.clone();
        let mut h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        for san in &g.sans {
            let m = san.to_move(&pos).expect("legal SAN");
            let next = pos.update_zobrist_hash(h, m, EnPassantMode::Legal);
            pos.play_unchecked(m);
            h = next.unwrap_or_else(|| pos.zobrist_hash(EnPassantMode::Legal));
            acc ^= h.0;
        }
    }
    acc
}

fn engine(games: &[CorpusGame], dead_check: DeadCheck) -> usize {
    let mut plies = 0;
    for g in games {
        let (game, played) = corpus::replay(g, dead_check);
        plies += played;
        black_box(game);
    }
    plies
}

/// Every how many games of the corpus the bench keeps (`ARBITRE_BENCH_EVERY`,
/// default 4: a quarter of the games, spread over every file).
fn every() -> usize {
    std::env::var("ARBITRE_BENCH_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(4)
}

fn load() -> Option<Corpus> {
    let t = std::time::Instant::now();
    let mut corpus = match corpus::load() {
        Ok(c) => c,
        Err(why) => {
            assert!(
                std::env::var_os("ARBITRE_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
                "ARBITRE_REQUIRE_CORPUS=1 but the replay bench cannot run: {why}"
            );
            eprintln!("NOT RUN: the replay bench: {why}");
            return None;
        }
    };
    let (all_games, all_plies) = (corpus.games.len(), corpus.plies());
    let every = every();
    let mut i = 0;
    corpus.games.retain(|_| {
        i += 1;
        (i - 1) % every == 0
    });
    let before = corpus.plies();
    let cut = corpus::truncate_to_engine(&mut corpus);
    eprintln!(
        "corpus {}: {} files, {all_games} games, {all_plies} plies ({} unreadable games dropped)",
        corpus.root.display(),
        corpus.files.len(),
        corpus.dropped,
    );
    eprintln!(
        "benched: 1 game in {every} (ARBITRE_BENCH_EVERY): {} games, {} plies \
         ({before} in the PGN, {cut} played after an engine-declared end left out)",
        corpus.games.len(),
        corpus.plies(),
    );
    eprintln!("loaded in {:.1} s", t.elapsed().as_secs_f64());
    Some(corpus)
}

fn replay(c: &mut Criterion) {
    let Some(corpus) = load() else { return };
    let games = &corpus.games[..];
    let plies = corpus.plies();

    let mut group = c.benchmark_group("replay");
    group
        .throughput(Throughput::Elements(plies))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(3))
        .measurement_time(Duration::from_secs(15));

    group.bench_function("bare", |b| b.iter(|| bare(black_box(games))));
    let variants = [
        ("engine-default", DeadCheck::AfterIrreversible),
        ("engine-every-move-fast-test", DeadCheck::EveryMove),
        ("engine-material-only", DeadCheck::MaterialOnly),
    ];
    for (name, dead_check) in variants {
        // every variant plays all the plies: `truncate_to_engine` cut the
        // games where the variant that tests most ends them
        group.bench_function(name, |b| b.iter(|| engine(black_box(games), dead_check)));
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
