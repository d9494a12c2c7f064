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

/// Writes a line to the test's real stderr, past libtest's output capture,
/// so that what a test did not do is seen.
fn note(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Folders whose every file must pass: the project's own scenarios, the
/// conformance files committed with the project, the shared conformance
/// folders of the implemented issues when the shared tree is present, and
/// with `ARBITRE_PENDING=1` the scenarios being written
/// (`tests/scenarios/pending`).
fn folders() -> Vec<PathBuf> {
    let root = root();
    // the folders of the issues implemented so far
    let implemented = ["engine", "irregular", "adjourn", "live", "online"];
    let mut dirs = Vec::new();
    for sub in implemented {
        dirs.push(root.join("tests/scenarios").join(sub));
        dirs.push(root.join("tests/conformance").join(sub));
    }
    let shared = std::env::var_os("ARBITRE_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/conformance"));
    for sub in implemented {
        let dir = shared.join(sub);
        if dir.is_dir() {
            dirs.push(dir);
        } else {
            note(&format!(
                "every_scenario_file_passes: shared conformance folder {} absent, not run",
                dir.display()
            ));
        }
    }
    if std::env::var_os("ARBITRE_PENDING").is_some_and(|v| v == "1") {
        let pending = root.join("tests/scenarios/pending");
        assert!(
            pending.is_dir(),
            "ARBITRE_PENDING=1 but {} is not a folder",
            pending.display()
        );
        dirs.push(pending);
    }
    dirs
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
        assert!(
            !here.is_empty() || dir.ends_with("pending"),
            "{} holds no scenario",
            dir.display()
        );
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
        let problems = arbitre::replay::differences(&expect, &got);
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
        // every time from the file: not negative, finite, at most one year
        (
            "negative-t",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":-1,"by":"white","move":"e4"}]}"#,
            "events[0].t",
        ),
        (
            "over-a-year-t",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":31622400.001,"by":"white","move":"e4"}]}"#,
            "events[0].t",
        ),
        (
            "huge-t",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1.7e308,"by":"white","move":"e4"}]}"#,
            "events[0].t",
        ),
        (
            "infinite-t",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1e400,"by":"white","move":"e4"}]}"#,
            "events[0].t",
        ),
        (
            "negative-clocks",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","clocks":{"white":-0.5,"black":60},"events":[]}"#,
            "clocks.white",
        ),
        (
            "huge-set-clocks",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"arbiter","set_clocks":{"white":60,"black":1e20}}]}"#,
            "events[0].set_clocks.black",
        ),
        (
            "huge-session-end",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","session_end":4e7,"events":[]}"#,
            "session_end",
        ),
        (
            "negative-until",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","until":-3,"events":[]}"#,
            "until",
        ),
        (
            "huge-late-limit",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","regulations":{"late_limit":1e9},"events":[]}"#,
            "regulations.late_limit",
        ),
        (
            "time-control-over-a-year",
            r#"{"name":"x","edition":"fide-2005","time_control":"40/999999999","events":[]}"#,
            "time_control",
        ),
        (
            "bad-decisions",
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[],"expect":{"decisions":[["move","4.7"],["move"]]}}"#,
            "expect.decisions[1]",
        ),
        (
            "unknown-cited-article",
            r#"{"name":"x","edition":"fide-2023","time_control":"5400","events":[{"t":1,"by":"arbiter","adjust_time":{"black":120,"article":"13.4b"}}]}"#,
            "events[0].adjust_time.article",
        ),
        (
            "bad-declared-result",
            r#"{"name":"x","edition":"fide-2023","time_control":"5400","events":[{"t":1,"by":"arbiter","declare_result":{"result":"2-0","article":"12.9"}}]}"#,
            "events[0].declare_result.result",
        ),
        (
            "start-by-a-player",
            r#"{"name":"x","edition":"fide-2023","time_control":"5400","events":[{"t":1,"by":"white","start":true}]}"#,
            "events[0].by",
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

/// An article an edition does not have for the ruling is a file error
/// naming the event's path and the nearest articles the edition has for
/// it; the same articles in the edition that has them are accepted.
#[test]
fn an_article_the_edition_lacks_is_refused_with_the_nearest() {
    let file = |edition: &str, action: &str| {
        format!(
            r#"{{"name":"x","edition":"{edition}","time_control":"5400","events":[{{"t":1,"by":"white","move":"e4"}},{{"t":2,"by":"arbiter",{action}}}]}}"#
        )
    };
    let refused = [
        // 2005's number for extra time after a disturbance; 2023's is 12.5
        (
            "fide-2023",
            r#""adjust_time":{"white":60,"article":"13.5"}"#,
            "events[1].adjust_time.article",
            "12.5",
        ),
        // 2023's penalties list; 2005's is 13.4
        (
            "fide-2005",
            r#""adjust_time":{"black":60,"article":"12.9.2"}"#,
            "events[1].adjust_time.article",
            "13.4",
        ),
        // 2023's "both players lose"; 2005 has none at 11.x
        (
            "fide-2005",
            r#""declare_result":{"result":"-/-","article":"11.8"}"#,
            "events[1].declare_result.article",
            "fide-2005",
        ),
        // an article for time, cited for a result
        (
            "fide-2023",
            r#""declare_result":{"result":"1-0","article":"12.5"}"#,
            "events[1].declare_result.article",
            "the other ruling",
        ),
    ];
    for (i, (edition, action, path, nearest)) in refused.into_iter().enumerate() {
        let name = format!("refused-article-{i}");
        let (code, stderr) = replay_text(&name, &file(edition, action));
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(stderr.contains(path), "{name}: `{stderr}` lacks `{path}`");
        assert!(
            stderr.contains("nearest"),
            "{name}: `{stderr}` names no nearest article"
        );
        assert!(
            stderr.contains(nearest),
            "{name}: `{stderr}` lacks `{nearest}`"
        );
    }
    let accepted = [
        (
            "fide-2023",
            r#""adjust_time":{"white":60,"article":"12.5"}"#,
        ),
        (
            "fide-2005",
            r#""adjust_time":{"white":60,"article":"Art. 13.5"}"#,
        ),
        (
            "fide-2005",
            r#""adjust_time":{"black":60,"article":"13.4 b)"}"#,
        ),
        (
            "fide-2023",
            r#""declare_result":{"result":"-/-","article":"11.8"}"#,
        ),
        (
            "fide-2005",
            r#""declare_result":{"result":"-/-","article":"12.8"}"#,
        ),
    ];
    for (i, (edition, action)) in accepted.into_iter().enumerate() {
        let name = format!("accepted-article-{i}");
        let (code, stderr) = replay_text(&name, &file(edition, action));
        assert_eq!(code, 0, "{name}: {stderr}");
    }
}

#[test]
fn expected_decisions_are_compared_exactly_and_in_order() {
    let text = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"black","move":"e5"},{"t":2,"by":"white","move":"e4"},{"t":3,"by":"black","offer_draw":true},{"t":4,"by":"white","decline_draw":true},{"t":5,"by":"arbiter","set_clocks":{"white":60,"black":60}}]}"#;
    let dir = std::env::temp_dir().join(format!("arbitre-decisions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("decisions.json");
    std::fs::write(&path, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "--json"])
        .arg(&path)
        .output()
        .expect("run");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success());
    let got: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let log: Vec<Value> = got["log"]
        .as_array()
        .expect("log")
        .iter()
        .map(|e| Value::Array(vec![e["decision"].clone(), e["article"].clone()]))
        .collect();
    assert!(log.len() >= 3, "{log:?}");
    let check = |want: Vec<Value>| {
        let mut expect = serde_json::Map::new();
        expect.insert("decisions".into(), Value::Array(want));
        arbitre::replay::differences(&expect, &got)
    };
    assert_eq!(check(log.clone()), Vec::<String>::new());
    // a spurious extra decision in the log fails
    let problems = check(log[..log.len() - 1].to_vec());
    assert!(
        problems.iter().any(|p| p.contains("extra in the log")),
        "{problems:?}"
    );
    // so does a missing one
    let mut longer = log.clone();
    longer.push(serde_json::json!(["refused", null]));
    let problems = check(longer);
    assert!(
        problems.iter().any(|p| p.contains("missing from the log")),
        "{problems:?}"
    );
    // and the same decisions in another order, or another article
    let mut swapped = log.clone();
    swapped.swap(0, 1);
    assert!(!check(swapped).is_empty());
    let mut other = log.clone();
    other[0][1] = Value::Null;
    let problems = check(other);
    assert!(
        problems.iter().any(|p| p.starts_with("decisions[0]")),
        "{problems:?}"
    );
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
    let fields = clear.as_object_mut().expect("an object");
    for (key, value) in fields
        .iter_mut()
        .filter(|(k, _)| *k != "format" && *k != "info")
    {
        assert!(value.is_string(), "{key} in the envelope");
        *value = Value::Null;
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
    // the move with its number and side, as a scoresheet writes it
    assert_eq!(
        String::from_utf8_lossy(&opened.stdout).trim(),
        "1… c5 (Black)"
    );
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

/// `arbitre replay` says when an outcome differs from its file's `expect`
/// (on stderr, what differs), and with `--check` that is the exit status;
/// an `expect` no game can meet (`"result": "2-0"`) is refused as malformed.
#[test]
fn replay_says_when_the_outcome_differs_from_expect() {
    let dir = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, expect: &str| {
        let path = dir.path().join(format!("{name}.json"));
        std::fs::write(
            &path,
            format!(
                r#"{{"name":"{name}","edition":"fide-2023","time_control":"5400","events":[{{"t":1,"by":"white","move":"e4"}},{{"t":2,"by":"black","resign":true}}],"expect":{expect}}}"#
            ),
        )
        .expect("written");
        path
    };
    let right = write("right", r#"{"result":"1-0","termination":"resignation"}"#);
    let wrong = write("wrong", r#"{"result":"0-1"}"#);
    let invalid = write("invalid", r#"{"result":"2-0"}"#);
    let replay = |args: &[&std::path::Path], check: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_arbitre"));
        command.arg("replay").args(args);
        if check {
            command.arg("--check");
        }
        command.output().expect("run arbitre")
    };
    let out = replay(&[&right], true);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for check in [false, true] {
        let out = replay(&[&right, &wrong], check);
        assert_eq!(out.status.code(), Some(if check { 1 } else { 0 }));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("wrong.json: the outcome differs from the file's `expect`")
                && stderr.contains(r#"result: want "0-1", got "1-0""#)
                && !stderr.contains("right.json"),
            "{stderr}"
        );
    }
    let out = replay(&[&invalid], false);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("expect.result") && stderr.contains("`2-0` is not a result"),
        "{stderr}"
    );
}
