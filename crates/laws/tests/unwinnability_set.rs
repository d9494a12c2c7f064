//! The fast unwinnability test against the CHA-labelled positions of
//! chasolver's test vectors,
//! in `../shared/corpus/unwinnability/dev_set.tsv` (read in place, not copied:
//! set `ARBITRE_UNWINNABILITY` to use another copy). Each label says whether a
//! side can checkmate, established by the full search. When the file is
//! absent the test says on stderr that it did not run, and fails under
//! `ARBITRE_REQUIRE_CORPUS=1` (CI).

use std::{io::Write, path::PathBuf};

use arbitre_laws::dead;
use shakmaty::{fen::Fen, CastlingMode, Chess, Color};

/// The dev set's text, or `None` (the test does not run) with a line on
/// stderr saying so; with `ARBITRE_REQUIRE_CORPUS=1` a missing dev set fails
/// the test instead.
fn dev_set(test: &str) -> Option<String> {
    let path = std::env::var_os("ARBITRE_UNWINNABILITY")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/corpus/unwinnability/dev_set.tsv")
        });
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            let why = format!("{test}: cannot read {}: {e}", path.display());
            assert!(
                std::env::var_os("ARBITRE_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
                "ARBITRE_REQUIRE_CORPUS=1 but {why}"
            );
            // past libtest's capture: a test that did not run must be seen
            let _ = writeln!(std::io::stderr(), "NOT RUN: {why}");
            None
        }
    }
}

#[test]
fn fast_test_never_contradicts_the_labels() {
    let Some(text) = dev_set("fast_test_never_contradicts_the_labels") else {
        return;
    };
    let mut checked = 0;
    let mut beyond_fast = 0;
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [fen, white, black, ..] = cols[..] else {
            continue;
        };
        let Ok(pos) = fen.parse::<Fen>().map_err(|_| ()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|_| ())
        }) else {
            continue;
        };
        for (side, label) in [(Color::White, white), (Color::Black, black)] {
            checked += 1;
            let proven = dead::cannot_checkmate_fast(&pos, side);
            if label == "no" && !proven {
                beyond_fast += 1;
            }
            if proven {
                assert_ne!(
                    label, "yes",
                    "fast test says {side:?} cannot mate in {fen}, labelled {label}"
                );
            }
        }
    }
    assert!(checked > 6000, "read {checked} verdicts");
    eprintln!(
        "{checked} verdicts checked, {beyond_fast} unwinnable sides beyond the fast test's reach"
    );
}
