//! `arbitre audit` on one thread against its peer, a bare pgn-reader +
//! shakmaty replay that only hashes each position, on the same bytes held in
//! memory (no disk, no output): the lichess file of the shared corpus and a
//! broadcast file (`../shared/corpus/pgn` from the workspace root, or
//! `ARBITRE_CORPUS`; without it, the committed fixtures).
//!
//! `cargo bench -p arbitre --bench audit`. Throughput is in plies, so
//! criterion prints plies per second. The whole corpus, two cores and
//! python-chess: `bench/audit.sh`.

#[path = "peer/bare.rs"]
mod bare;

use std::{
    io::Cursor,
    path::{Path, PathBuf},
    time::Duration,
};

use arbitre::audit::{audit_reader, Options};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use pgn_reader::Reader;

fn inputs() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let corpus = std::env::var_os("ARBITRE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus/pgn"));
    let wanted = ["lichess/lichess_db_1000k.pgn", "broadcast/FWWRC.pgn"];
    let mut found: Vec<(String, Vec<u8>)> = wanted
        .iter()
        .filter_map(|w| Some(((*w).to_owned(), std::fs::read(corpus.join(w)).ok()?)))
        .collect();
    if found.is_empty() {
        assert!(
            std::env::var_os("ARBITRE_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
            "ARBITRE_REQUIRE_CORPUS=1 but neither of {wanted:?} is under {}",
            corpus.display()
        );
        eprintln!(
            "no corpus at {}: benching the committed fixture instead",
            corpus.display()
        );
        let fixture =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/audit/lichess.pgn");
        if let Ok(bytes) = std::fs::read(fixture) {
            found.push(("fixtures/lichess.pgn".into(), bytes));
        }
    }
    found
}

fn bare_replay(bytes: &[u8]) -> bare::Bare {
    let mut bare = bare::Bare::default();
    let mut reader = Reader::new(bytes);
    while let Ok(Some(())) = reader.read_game(&mut bare) {}
    bare
}

fn audit(bytes: &[u8], thorough: bool) -> u64 {
    let opts = Options {
        thorough,
        ..Options::default()
    };
    let mut plies = 0;
    let read = audit_reader(Cursor::new(bytes.to_vec()), &opts, |r| {
        plies += u64::from(r.plies);
    });
    assert!(read.is_ok(), "{read:?}");
    plies
}

fn bench(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let plies = bare_replay(&bytes).plies;
        assert_eq!(
            audit(&bytes, false),
            plies,
            "{name}: the audit replays every ply"
        );
        let mut group = c.benchmark_group(format!("audit/{name}"));
        group.throughput(Throughput::Elements(plies));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(10));
        group.bench_function("bare pgn-reader + shakmaty", |b| {
            b.iter(|| bare_replay(&bytes))
        });
        group.bench_function("arbitre audit (1 thread)", |b| {
            b.iter(|| audit(&bytes, false))
        });
        group.bench_function("arbitre audit --thorough (1 thread)", |b| {
            b.iter(|| audit(&bytes, true))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
