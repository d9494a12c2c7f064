//! The store's files damaged or starved (issue 15): a disk full, a page of
//! the SQLite file damaged while the server was stopped.
//!
//! A disk full (a small tmpfs, mounted by the test, which needs root):
//! appends are refused with an error that says so; once space returns,
//! appends are committed again; every acknowledged append is in the store
//! exactly once, nothing refused is. Without root that test says it did not
//! run (`ARBITRE_REQUIRE_ROOT=1` makes that a failure). The bug it guards:
//! after `SQLITE_FULL` at `COMMIT`, SQLite may keep the transaction open on
//! its connection; a writer that handed that connection out again blocked
//! every later write on its lock ("database is locked" forever after the
//! disk was freed), and could make writes inside the stale transaction that
//! were acknowledged and never committed.

mod common;

use std::{path::Path, process::Command};

use arbitre_record::StoredEntry;
use arbitre_store::{Append, Options, Store, StoreError};
use common::new_game;
use serde_json::json;

/// Entry `seq`, made large (a long comment in its answer) so that a few
/// hundred fill a small disk.
fn append(seq: u64) -> Append {
    let entry = StoredEntry::from_json(json!({"seq": seq, "t": seq as f64, "by": "white",
                                              "move": "e4", "decisions": []}))
    .expect("an entry");
    Append {
        client_id: Some(format!("c{seq}")),
        lease: 1,
        answer: Some("x".repeat(8_000)),
        ..Append::entry("g", &entry, 1_700_000_000_000 + seq as i64)
    }
}

struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn fill(dir: &Path) -> std::path::PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).expect("the filler");
    let block = vec![0u8; 16 * 1024];
    while file.write_all(&block).and_then(|()| file.flush()).is_ok() {}
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disk_full_refuses_appends_and_loses_nothing_acknowledged() {
    // the owner of /proc/self is this process's user
    let uid = std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").expect("/proc"));
    if uid != 0 {
        assert!(
            std::env::var("ARBITRE_REQUIRE_ROOT").as_deref() != Ok("1"),
            "not root: the disk-full test cannot mount its tmpfs (ARBITRE_REQUIRE_ROOT=1)"
        );
        eprintln!("faults: not root: this test did NOT run");
        return;
    }
    let dir = tempfile::tempdir().expect("a directory");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
        .arg(dir.path())
        .status()
        .expect("mount runs");
    assert!(mounted.success(), "mounting a tmpfs as root");
    let _mount = Mounted(dir.path().to_owned());
    let url = format!("sqlite://{}/arbitre.db", dir.path().display());
    let store = Store::open(&url, Options::default()).await.expect("opened");
    store.create_game(&new_game("g")).await.expect("created");

    let mut acknowledged = Vec::new();
    let mut seq = 0;
    for _ in 0..20 {
        store.append(append(seq)).await.expect("room for these");
        acknowledged.push(seq);
        seq += 1;
    }
    let filler = fill(dir.path());
    // full: refused, with the reason
    let mut refusals = 0;
    for _ in 0..50 {
        match store.append(append(seq)).await {
            Ok(()) => {
                acknowledged.push(seq);
                seq += 1;
            }
            Err(e @ StoreError::Database { .. }) => {
                assert!(e.to_string().contains("full"), "{e}");
                refusals += 1;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(refusals > 0, "nothing was refused with the disk full");
    // space again: appends go in again, at once
    std::fs::remove_file(filler).expect("the filler removed");
    for _ in 0..20 {
        store
            .append(append(seq))
            .await
            .expect("committed once space returned");
        acknowledged.push(seq);
        seq += 1;
    }
    store.close().await;
    // reopened: every acknowledged append once, in order, nothing else
    let store = Store::open(&url, Options::default())
        .await
        .expect("reopened");
    let rows = store.entries_after("g", None).await.expect("read");
    let seqs: Vec<u64> = rows.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, acknowledged);
    store.close().await;
}

/// A damaged page in the file (bytes overwritten in the middle of a table's
/// pages while the server was stopped) is found at the next start: the
/// store is not opened, and the error says the file is damaged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_sqlite_page_is_reported_at_start() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("arbitre.db");
    let url = format!("sqlite://{}", path.display());
    let store = Store::open(&url, Options::default()).await.expect("opened");
    store.create_game(&new_game("g")).await.expect("created");
    for seq in 0..200 {
        store.append(append(seq)).await.expect("appended");
    }
    store.close().await;
    // every change is in the file itself (the log checkpointed at close)
    let _ = std::fs::remove_file(dir.path().join("arbitre.db-wal"));
    let mut bytes = std::fs::read(&path).expect("the file");
    assert!(bytes.len() > 64 * 4096, "{} bytes", bytes.len());
    // a page of the events' table, mid-file, scrambled (its header too)
    let page = 4096 * (bytes.len() / 4096 / 2);
    for (i, b) in bytes[page..page + 4096].iter_mut().enumerate() {
        *b = (i * 131 % 251) as u8;
    }
    std::fs::write(&path, &bytes).expect("written back");
    match Store::open(&url, Options::default()).await {
        Ok(_) => panic!("a damaged file was opened"),
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.contains("damage") || text.contains("malformed") || text.contains("corrupt"),
                "{text}"
            );
        }
    }
}
