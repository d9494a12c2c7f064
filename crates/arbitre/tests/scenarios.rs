//! Runs every scenario file of the conformance folders through `arbitre
//! replay --json` and compares each `expect` key, as
//! `../shared/tools/check_scenarios.py` does.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Folders whose every file must pass: the project's own scenarios, the
/// conformance files committed with the project, and the shared conformance
/// folders of the implemented issues when the shared tree is present.
fn folders() -> Vec<PathBuf> {
    let root = root();
    // the folders of the issues implemented so far
    let implemented = ["engine", "irregular", "adjourn"];
    let mut dirs = Vec::new();
    for sub in implemented {
        dirs.push(root.join("tests/scenarios").join(sub));
        dirs.push(root.join("tests/conformance").join(sub));
    }
    let shared = std::env::var_os("ARBITRE_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/conformance"));
    dirs.extend(
        implemented
            .iter()
            .map(|sub| shared.join(sub))
            .filter(|d| d.is_dir()),
    );
    dirs
}

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() <= 0.05)
}

fn compare(expect: &serde_json::Map<String, Value>, got: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    for (key, want) in expect {
        match key.as_str() {
            "clocks" => {
                for (side, v) in want.as_object().into_iter().flatten() {
                    let have = &got["clocks"][side];
                    if !close(have, v.as_f64().unwrap_or(f64::NAN)) {
                        problems.push(format!("clocks.{side}: want {v}, got {have}"));
                    }
                }
            }
            "log_articles" => {
                let seen: Vec<&str> = got["log"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|e| e["article"].as_str())
                    .collect();
                for art in want.as_array().into_iter().flatten() {
                    let art = art.as_str().unwrap_or_default();
                    if !seen.contains(&art) {
                        problems.push(format!("log lacks article {art} (has {seen:?})"));
                    }
                }
            }
            "fen" => {
                let want: Vec<&str> = want
                    .as_str()
                    .unwrap_or_default()
                    .split(' ')
                    .take(5)
                    .collect();
                let have: Vec<&str> = got["fen"]
                    .as_str()
                    .unwrap_or_default()
                    .split(' ')
                    .take(5)
                    .collect();
                if want != have {
                    problems.push(format!("fen: want {want:?}, got {have:?}"));
                }
            }
            _ => {
                if &got[key] != want {
                    problems.push(format!("{key}: want {want}, got {}", got[key]));
                }
            }
        }
    }
    problems
}

#[test]
fn every_scenario_file_passes() {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in folders() {
        let mut here: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        assert!(!here.is_empty(), "{} holds no scenario", dir.display());
        here.sort();
        files.extend(here);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("replay")
        .arg("--json")
        .args(&files)
        .output()
        .expect("run arbitre");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "arbitre replay failed: {stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), files.len(), "one JSON line per file");
    let mut failures = Vec::new();
    for (file, line) in files.iter().zip(lines) {
        let got: Value = serde_json::from_str(line).expect("JSON output");
        let text = std::fs::read_to_string(file).expect("read scenario");
        let scenario: Value = serde_json::from_str(&text).expect("scenario JSON");
        let expect = scenario["expect"].as_object().cloned().unwrap_or_default();
        let problems = compare(&expect, &got);
        if !problems.is_empty() {
            failures.push(format!("{}: {}", file.display(), problems.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(
        files.len() >= 120,
        "expected the project's scenarios, found {}",
        files.len()
    );
}

fn replay_text(name: &str, text: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("arbitre-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "--json"])
        .arg(&path)
        .output()
        .expect("run");
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn malformed_files_exit_2_naming_file_and_path() {
    let cases = [
        ("syntax", r#"{"name": "x", "#, "malformed JSON"),
        (
            "unknown-key",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[],"colour":"white"}"#,
            "colour",
        ),
        (
            "bad-claim",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"white","claim":"perpetual"}]}"#,
            "events[0].claim",
        ),
        (
            "bad-edition",
            r#"{"name":"x","edition":"fide-1999","time_control":"5400","events":[]}"#,
            "edition",
        ),
        (
            "bad-fen",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","start":"9/8/8/8/8/8/8/8 w - - 0 1","events":[]}"#,
            "start",
        ),
        (
            "bad-history",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","history":"1. e4 e4","events":[]}"#,
            "history",
        ),
        (
            "bad-t",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":"soon","by":"white","move":"e4"}]}"#,
            "events[0].t",
        ),
        (
            "two-actions",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"white","move":"e4","resign":true}]}"#,
            "events[0]",
        ),
    ];
    for (name, text, needle) in cases {
        let (code, stderr) = replay_text(name, text);
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(
            stderr.contains(needle),
            "{name}: `{stderr}` lacks `{needle}`"
        );
        assert!(
            stderr.contains(&format!("{name}.json")),
            "{name}: `{stderr}` lacks the file name"
        );
    }
}

#[test]
fn refused_actions_are_not_errors() {
    let text = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"black","move":"e5"},{"t":2,"by":"white","move":"Ke2"}]}"#;
    let (code, stderr) = replay_text("refused", text);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn an_adjourned_scenario_seals_a_real_envelope() {
    let dir = std::env::temp_dir().join(format!("arbitre-seal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let keys = dir.join("keys");
    let bin = env!("CARGO_BIN_EXE_arbitre");
    let ok = Command::new(bin)
        .args(["keygen", "--out"])
        .arg(&keys)
        .status()
        .expect("keygen");
    assert!(ok.success());
    let scenario = root().join("tests/conformance/adjourn/A2-envelope-while-adjourned.json");
    let file = dir.join("envelope.json");
    let out = Command::new(bin)
        .args(["replay", "--json"])
        .arg(&scenario)
        .arg("--envelope-out")
        .arg(&file)
        .arg("--key")
        .arg(&keys)
        .output()
        .expect("replay");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["state"], "adjourned");
    assert_eq!(report["envelope"]["sealer"], "black");
    // the sealed move (c5) appears neither in the report nor in the envelope file
    assert!(!String::from_utf8_lossy(&out.stdout).contains("c5"));
    let human = Command::new(bin)
        .arg("replay")
        .arg(&scenario)
        .output()
        .expect("replay");
    assert!(!String::from_utf8_lossy(&human.stdout).contains("c5"));
    // the envelope's clear part: its binary fields (random-looking base64,
    // which may spell "c5" by chance) blanked
    let mut clear: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("envelope")).expect("json");
    for key in ["commitment", "nonce", "ciphertext", "signer", "signature"] {
        assert!(clear[key].is_string(), "{key} in the envelope");
        clear[key] = Value::Null;
    }
    assert!(!clear.to_string().contains("c5"), "{clear}");
    let opened = Command::new(bin)
        .args(["envelope", "open"])
        .arg(&file)
        .arg("--key")
        .arg(&keys)
        .output()
        .expect("open");
    assert!(opened.status.success());
    assert_eq!(String::from_utf8_lossy(&opened.stdout).trim(), "c5");
    // a scenario that does not end adjourned has no envelope to write
    let playing =
        root().join("tests/conformance/adjourn/A9a-sealed-move-played-at-resumption.json");
    let out = Command::new(bin)
        .arg("replay")
        .arg(&playing)
        .arg("--envelope-out")
        .arg(dir.join("none.json"))
        .arg("--key")
        .arg(&keys)
        .output()
        .expect("replay");
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
