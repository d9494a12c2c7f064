//! Output to a pipe the reader closes early (`arbitre replay … | head`) ends
//! the program quietly: no panic, status 0.

use std::{
    io::Read,
    path::Path,
    process::{Command, Stdio},
};

#[test]
fn a_closed_pipe_is_not_a_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/engine");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert!(files.len() > 100, "enough output to fill a pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("replay")
        .args(&files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbitre");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("some output");
    // the reader is gone: the pipe is closed
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// Output to a full device (`> /dev/full`): every subcommand says it could
/// not write, with a status that says so (74, EX_IOERR), and never panics.
#[test]
fn a_full_output_is_said_not_a_panic() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        panic!("/dev/full is missing: this test needs a Linux system");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scenario = root.join("tests/conformance/adjourn/A2-envelope-while-adjourned.json");
    let audit = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/audit/lichess.pgn");
    let dir = tempfile::tempdir().expect("a directory");
    let keys = dir.path().join("keys");
    let envelope = dir.path().join("envelope.json");
    let stored = dir.path().join("stored.json");
    let run = |args: &[&str], to_full: bool| {
        let stdout = if to_full {
            Stdio::from(std::fs::File::create(full).expect("/dev/full"))
        } else {
            Stdio::piped()
        };
        Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .args(args)
            .stdout(stdout)
            .stderr(Stdio::piped())
            .output()
            .expect("run arbitre")
    };
    let s = |p: &Path| p.to_str().expect("utf-8").to_owned();
    // the files the other commands read, written first
    assert!(run(&["keygen", "--out", &s(&keys)], false).status.success());
    let sealed = run(
        &[
            "replay",
            &s(&scenario),
            "--envelope-out",
            &s(&envelope),
            "--key",
            &s(&keys),
        ],
        false,
    );
    assert!(
        sealed.status.success(),
        "{}",
        String::from_utf8_lossy(&sealed.stderr)
    );
    let store = run(&["store", &s(&scenario)], false);
    assert!(store.status.success());
    std::fs::write(&stored, &store.stdout).expect("the stored game");
    let other_keys = dir.path().join("other-keys");
    let commands: Vec<Vec<String>> = vec![
        vec!["replay".into(), s(&scenario)],
        vec!["replay".into(), "--json".into(), s(&scenario)],
        vec!["envelope".into(), "show".into(), s(&envelope)],
        vec![
            "envelope".into(),
            "open".into(),
            s(&envelope),
            "--key".into(),
            s(&keys),
        ],
        vec!["keygen".into(), "--out".into(), s(&other_keys)],
        vec!["analyze".into(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()],
        vec!["audit".into(), s(&audit)],
        vec!["store".into(), s(&scenario)],
        vec!["restore".into(), s(&stored)],
    ];
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, true);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?} does not say why: {stderr}"
        );
    }
}
