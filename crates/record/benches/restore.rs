//! Restoring a stored game: the entries replayed with their recorded mate
//! verdicts, against the same entries with the verdicts taken out (the
//! search runs again, as a restore without recorded verdicts would).
//!
//! `cargo bench -p arbitre-record --bench restore`

use std::path::Path;

use arbitre_record::StoredGame;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

fn golden(name: &str) -> StoredGame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/stored")
        .join(name);
    StoredGame::parse(&std::fs::read_to_string(path).expect("golden game")).expect("parse")
}

fn restore(c: &mut Criterion) {
    for name in [
        "example-2023-rapid-flag-fall-against-a-lone-king.json",
        "2005-A8c-illegal-sealed-move-loses.json",
        "example-2005-club-game-offer-claims-and-penalty.json",
    ] {
        let stored = golden(name);
        let mut searched = stored.clone();
        for e in &mut searched.entries {
            e.verdicts.clear();
        }
        let mut group = c.benchmark_group(name.trim_end_matches(".json"));
        group.bench_function("restore, verdicts reused", |b| {
            b.iter(|| black_box(stored.replay().expect("replays")))
        });
        group.bench_function("restore, searching again", |b| {
            b.iter(|| black_box(searched.replay().expect("replays")))
        });
        group.bench_function("parse", |b| {
            let text = stored.to_json().to_string();
            b.iter(|| black_box(StoredGame::parse(&text).expect("parse")))
        });
        group.finish();
    }
}

criterion_group!(benches, restore);
criterion_main!(benches);
