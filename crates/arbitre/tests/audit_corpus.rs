//! `arbitre audit` on the shared PGN corpus, `../shared/corpus/pgn` from
//! the workspace root (read in place, never copied; `ARBITRE_CORPUS` names
//! another copy): every finding and note of its 63,285 games is the one
//! listed here, where it is, and there is no other. What the audit reports
//! must not move when its work is made faster. When the corpus is absent
//! the test says on stderr that it did not run, and fails under
//! `ARBITRE_REQUIRE_CORPUS=1` (CI).

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::Command,
};

use serde_json::Value;

/// Each finding and note of the corpus, `--edition auto` (the default):
/// file (from the corpus folder), byte offset of its game, `finding` or
/// `note`, kind, ply, article (`-`: none).
const EXPECTED: &[&str] = &[
    "broadcast/FWWRC.pgn 250561 note clock-increase 69 6.10.2",
    "broadcast/FWWRC.pgn 280226 note clock-increase 75 6.10.2",
    "broadcast/FWWRC.pgn 358927 note clock-zero 92 6.9",
    "broadcast/FWWRC.pgn 363408 note clock-increase 39 6.10.2",
    "broadcast/FWWRC.pgn 704637 note clock-increase 136 6.10.2",
    "broadcast/FWWRC.pgn 813915 note clock-increase 45 6.10.2",
    "broadcast/FWWRC.pgn 944166 note clock-increase 64 6.10.2",
    "broadcast/FWWRC.pgn 1011279 note clock-increase 53 6.10.2",
    "broadcast/FWWRC.pgn 1056965 note clock-increase 56 6.10.2",
    "broadcast/FWWRC.pgn 1131461 note clock-increase 54 6.10.2",
    "broadcast/FWWRC.pgn 1154476 note clock-increase 41 6.10.2",
    "broadcast/FWWRC.pgn 1380123 note clock-increase 60 6.10.2",
    "broadcast/FWWRC.pgn 1415570 note clock-increase 146 6.10.2",
    "broadcast/FWWRC.pgn 1422203 note clock-increase 112 6.10.2",
    "broadcast/FWWRC.pgn 1571826 note clock-increase 21 6.10.2",
    "broadcast/FWWRC.pgn 1716440 note clock-increase 82 6.10.2",
    "broadcast/FWWRC.pgn 1739484 note clock-increase 115 6.10.2",
    "broadcast/FWWRC.pgn 1739484 note clock-increase 118 6.10.2",
    "broadcast/FWWRC.pgn 1890561 note clock-increase 55 6.10.2",
    "broadcast/FWWRC.pgn 1970600 note clock-increase 33 6.10.2",
    "broadcast/FWWRC.pgn 2064929 note clock-increase 25 6.10.2",
    "broadcast/FWWRC.pgn 2150420 note clock-increase 95 6.10.2",
    "broadcast/FWWRC.pgn 2356289 finding automatic-end-ignored 256 9.6.1",
    "broadcast/FWWRC.pgn 2378260 note clock-increase 62 6.10.2",
    "broadcast/FWWRC.pgn 2701318 note clock-increase 47 6.10.2",
    "broadcast/FWWRC.pgn 2749380 note clock-increase 40 6.10.2",
    "broadcast/FWWRC.pgn 2805676 note clock-increase 233 6.10.2",
    "broadcast/FWWRC.pgn 2917251 note clock-increase 52 6.10.2",
    "broadcast/FWWRC.pgn 2930683 note clock-increase 40 6.10.2",
    "lichess/lichess_db_1000k.pgn 417621 note clock-increase 68 6.10.2",
    "lichess/lichess_db_1000k.pgn 794196 note clock-increase 21 6.10.2",
    "lichess/lichess_db_1000k.pgn 794196 note clock-increase 71 6.10.2",
    "lichess/lichess_db_1000k.pgn 823593 note clock-increase 73 6.10.2",
    "lichess/lichess_user_bfx_3970.pgn 292709 finding automatic-end-ignored 123 5.2.2",
    "lichess/lichess_user_bfx_3970.pgn 1851826 finding automatic-end-ignored 130 5.2.2",
    "lichess/lichess_user_bfx_3970.pgn 2471280 finding automatic-end-ignored 82 5.2.2",
    "pgnmentor/Alekhine.pgn 1068524 finding automatic-end-ignored 115 5.2b",
    "pgnmentor/Anand.pgn 1268290 finding automatic-end-ignored 106 5.2b",
    "pgnmentor/Anand.pgn 1794856 finding automatic-end-ignored 97 5.2b",
    "pgnmentor/Anand.pgn 2605773 finding automatic-end-ignored 235 5.2.2",
    "pgnmentor/Caruana.pgn 4924 finding automatic-end-ignored 150 5.2b",
    "pgnmentor/Caruana.pgn 737611 finding automatic-end-ignored 97 5.2b",
    "pgnmentor/Caruana.pgn 939370 finding automatic-end-ignored 151 5.2.2",
    "pgnmentor/Caruana.pgn 2062911 finding automatic-end-ignored 145 5.2.2",
    "pgnmentor/Caruana.pgn 2090092 finding automatic-end-ignored 336 9.6.2",
    "pgnmentor/Caruana.pgn 2445742 finding automatic-end-ignored 123 5.2.2",
    "pgnmentor/Caruana.pgn 2624004 finding automatic-end-ignored 148 5.2.2",
    "pgnmentor/Caruana.pgn 3102563 finding automatic-end-ignored 216 5.2.2",
    "pgnmentor/Caruana.pgn 3571116 finding automatic-end-ignored 124 5.2.2",
    "pgnmentor/Caruana.pgn 3850234 finding automatic-end-ignored 146 5.2.2",
    "pgnmentor/Ding.pgn 65019 finding automatic-end-ignored 166 5.2b",
    "pgnmentor/Ding.pgn 309611 finding automatic-end-ignored 107 5.2.2",
    "pgnmentor/Ding.pgn 742449 finding automatic-end-ignored 132 5.2.2",
    "pgnmentor/Ding.pgn 905666 finding automatic-end-ignored 162 5.2.2",
    "pgnmentor/Ding.pgn 1187411 finding automatic-end-ignored 139 5.2.2",
    "pgnmentor/Ding.pgn 1405231 finding automatic-end-ignored 45 9.6.1",
    "pgnmentor/Firouzja.pgn 73199 finding automatic-end-ignored 130 5.2.2",
    "pgnmentor/Firouzja.pgn 1178299 finding automatic-end-ignored 139 5.2.2",
    "pgnmentor/Firouzja.pgn 1197618 finding automatic-end-ignored 161 5.2.2",
    "pgnmentor/Firouzja.pgn 1308057 finding automatic-end-ignored 263 9.6.2",
    "pgnmentor/Firouzja.pgn 1454533 finding automatic-end-ignored 140 5.2.2",
    "pgnmentor/Firouzja.pgn 1483889 finding automatic-end-ignored 93 5.2.2",
    "pgnmentor/Firouzja.pgn 1867590 finding automatic-end-ignored 98 5.2.2",
    "pgnmentor/Firouzja.pgn 2442531 finding automatic-end-ignored 322 5.2.2",
    "pgnmentor/Giri.pgn 35952 finding automatic-end-ignored 142 5.2b",
    "pgnmentor/Giri.pgn 101696 finding automatic-end-ignored 144 5.2b",
    "pgnmentor/Giri.pgn 140669 finding automatic-end-ignored 238 5.2b",
    "pgnmentor/Giri.pgn 1179525 finding automatic-end-ignored 130 5.2.2",
    "pgnmentor/Giri.pgn 1714065 finding automatic-end-ignored 85 5.2.2",
    "pgnmentor/Giri.pgn 2527574 finding automatic-end-ignored 174 5.2.2",
    "pgnmentor/Giri.pgn 2650473 finding automatic-end-ignored 138 5.2.2",
    "pgnmentor/Gukesh.pgn 1329813 finding automatic-end-ignored 121 5.2.2",
    "pgnmentor/Gukesh.pgn 1391504 finding automatic-end-ignored 140 5.2.2",
    "pgnmentor/Gukesh.pgn 1427735 finding automatic-end-ignored 89 9.6.1",
    "pgnmentor/Nepomniachtchi.pgn 1039955 finding automatic-end-ignored 78 5.2.2",
    "pgnmentor/Nepomniachtchi.pgn 1376233 finding automatic-end-ignored 141 5.2.2",
    "pgnmentor/Nepomniachtchi.pgn 1479956 finding automatic-end-ignored 89 5.2.2",
    "pgnmentor/Nepomniachtchi.pgn 2060329 finding automatic-end-ignored 131 5.2.2",
    "pgnmentor/Nepomniachtchi.pgn 2780375 finding automatic-end-ignored 322 5.2.2",
    "pgnmentor/Nepomniachtchi.pgn 3020053 finding automatic-end-ignored 92 5.2.2",
    "pgnmentor/Spassky.pgn 188682 finding automatic-end-ignored 138 5.2b",
    "twic/twic0920.pgn 989516 finding automatic-end-ignored 108 5.2b",
    "twic/twic0920.pgn 1033082 finding automatic-end-ignored 130 5.2b",
    "twic/twic0920.pgn 1152491 finding automatic-end-ignored 130 5.2b",
    "twic/twic1599_1000k.pgn 814 finding automatic-end-ignored 114 5.2.2",
    "twic/twic1599_1000k.pgn 62493 finding automatic-end-ignored 147 5.2.2",
    "twic/twic1599_1000k.pgn 738845 finding automatic-end-ignored 133 5.2.2",
    "twic/twic1599_1000k.pgn 781184 finding automatic-end-ignored 154 5.2.2",
];

/// The corpus folder, or `None` (the test does not run) with a line on
/// stderr saying so; with `ARBITRE_REQUIRE_CORPUS=1` a missing corpus fails
/// the test instead.
fn corpus(test: &str) -> Option<PathBuf> {
    let path = std::env::var_os("ARBITRE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn")
        });
    if path.is_dir() {
        return Some(path);
    }
    let why = format!("{test}: no corpus folder at {}", path.display());
    assert!(
        std::env::var_os("ARBITRE_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
        "ARBITRE_REQUIRE_CORPUS=1 but {why}"
    );
    // past libtest's capture: a test that did not run must be seen
    let _ = writeln!(std::io::stderr(), "NOT RUN: {why}");
    None
}

/// The `.pgn` files under `dir`, sorted.
fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read the corpus folder") {
        let path = entry.expect("a corpus entry").path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
    out.sort();
}

#[test]
fn the_corpus_findings_and_notes_are_the_known_ones() {
    let Some(dir) = corpus("the_corpus_findings_and_notes_are_the_known_ones") else {
        return;
    };
    let mut files = Vec::new();
    pgn_files(&dir, &mut files);
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["audit", "--json", "--notes"])
        .args(&files)
        .output()
        .expect("run arbitre");
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    let mut found = Vec::new();
    let mut summary = Value::Null;
    for line in text.lines() {
        let game: Value = serde_json::from_str(line).expect("one JSON object per line");
        if game.get("summary").is_some() {
            summary = game["summary"].clone();
            continue;
        }
        let file = game["file"].as_str().expect("file");
        let file = Path::new(file)
            .strip_prefix(&dir)
            .expect("a file of the corpus")
            .to_string_lossy()
            .replace('\\', "/");
        for (key, what) in [("findings", "finding"), ("notes", "note")] {
            for f in game[key].as_array().into_iter().flatten() {
                found.push(format!(
                    "{file} {} {what} {} {} {}",
                    game["offset"],
                    f["kind"].as_str().expect("kind"),
                    f["ply"],
                    f["article"].as_str().unwrap_or("-"),
                ));
            }
        }
    }
    assert_eq!(
        summary["games"], 63_285,
        "the corpus has changed: {summary}"
    );
    assert_eq!(
        summary["plies"], 5_317_316,
        "the corpus has changed: {summary}"
    );
    assert_eq!(found, EXPECTED, "the audit's findings and notes moved");
}
