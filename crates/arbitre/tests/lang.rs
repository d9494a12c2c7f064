//! `arbitre replay --lang`: the text report of every project scenario in
//! French holds no English word; a language without a catalogue is shown
//! in English.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

#[path = "../../messages/tests/common/english.rs"]
mod english;

/// The project's scenario files and examples.
fn scenarios() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["tests/scenarios", "tests/conformance"] {
        for sub in std::fs::read_dir(root.join(dir)).expect("scenario folder") {
            let sub = sub.expect("entry").path();
            if sub.ends_with("pending") || !sub.is_dir() {
                continue;
            }
            files.extend(
                std::fs::read_dir(&sub)
                    .expect("scenario folder")
                    .map(|e| e.expect("entry").path()),
            );
        }
    }
    files.extend(
        std::fs::read_dir(root.join("examples"))
            .expect("examples")
            .map(|e| e.expect("entry").path()),
    );
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    files
}

fn replay(lang: &str, files: &[PathBuf]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "--lang", lang])
        .args(files)
        .output()
        .expect("run arbitre");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The lines arbitre writes itself: not the `# name` line, which is the
/// scenario file's own (English) text.
fn own_lines(report: &str) -> impl Iterator<Item = &str> {
    report.lines().filter(|l| !l.starts_with("# "))
}

#[test]
fn the_french_report_of_every_scenario_has_no_english() {
    let files = scenarios();
    assert!(files.len() >= 120, "found {} scenarios", files.len());
    let report = replay("fr", &files);
    let mut english = Vec::new();
    for line in own_lines(&report) {
        let words = english::english_words(line);
        if !words.is_empty() {
            english.push(format!("{words:?}: {line}"));
        }
    }
    assert!(
        english.is_empty(),
        "{} lines with English:\n{}",
        english.len(),
        english.join("\n")
    );
    assert!(report.contains("Résultat : 1-0 (échec et mat, art. 5.1a)"));
}

#[test]
fn the_english_report_is_english_and_german_falls_back_to_it() {
    let files: Vec<PathBuf> = scenarios()
        .into_iter()
        .filter(|p| p.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")))
        .collect();
    assert!(!files.is_empty());
    let en = replay("en", &files);
    // the check above would see it
    assert!(own_lines(&en).any(|l| !english::english_words(l).is_empty()));
    assert!(en.contains("Result: 1-0 (checkmate, art. 5.1a)"), "{en}");
    assert_eq!(replay("de", &files), en);
}
