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
