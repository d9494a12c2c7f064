//! The fast unwinnability test against the CHA-labelled positions of
//! chasolver's test vectors,
//! in `../shared/corpus/unwinnability/dev_set.tsv` (read in place, not copied:
//! set `ARBITRE_UNWINNABILITY` to use another copy). Each label says whether a
//! side can checkmate, established by the full search.

use std::path::PathBuf;

use arbitre_laws::dead;
use shakmaty::{fen::Fen, CastlingMode, Chess, Color};

fn dev_set() -> Option<String> {
    let path = std::env::var_os("ARBITRE_UNWINNABILITY")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/corpus/unwinnability/dev_set.tsv")
        });
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("skipping: {}: {e}", path.display());
            None
        }
    }
}

#[test]
fn fast_test_never_contradicts_the_labels() {
    let Some(text) = dev_set() else { return };
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
