//! The commit mark of an SQLite store (issue 15; RELIABILITY.md, "A log
//! cut short").
//!
//! SQLite replays its write-ahead log at open up to the first frame that
//! fails its checksum and drops the rest without a word: a log cut short
//! (a copy taken without its whole `-wal` file, a damaged disk, a file
//! replaced by an older copy) loses commits that were acknowledged, and
//! nothing in the database tells. So the store keeps, beside the file
//! (`FILE-mark`), the number of commits this node has made, written after
//! each commit and before any caller is told, with its authentication
//! code. At start, a database holding fewer commits than the mark says
//! lost acknowledged commits: the start is refused with that reason
//! ([`StoreError::Lost`]).
//!
//! The mark is written without `fsync` (it costs one `pwrite` per commit):
//! after a power loss it may be behind the database, never ahead of it —
//! the database's commit was durable before the mark was written. A mark
//! that is unreadable or fails its code is no evidence of a loss: the
//! start says so and goes on.

use std::{
    fs::{File, OpenOptions},
    io::{ErrorKind, Read},
    os::unix::fs::{FileExt, OpenOptionsExt},
    path::{Path, PathBuf},
    sync::Mutex,
};

use crate::{mac::matches, MacKey, StoreError};

/// The mark file of one store, open for writing.
pub(crate) struct Mark {
    path: PathBuf,
    /// The file, and its length as last set (`None`: not set yet).
    file: Mutex<(File, Option<u64>)>,
    /// Whether a failed write was reported already (once, not per commit).
    failed: std::sync::atomic::AtomicBool,
}

/// The mark's path beside the database file.
pub(crate) fn path_of(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push("-mark");
    PathBuf::from(name)
}

/// The mark's bytes: the node, its number of commits, and their code.
fn encode(key: &MacKey, node: &str, commits: i64) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(8 + 2 + node.len() + 32);
    bytes.extend_from_slice(&commits.to_be_bytes());
    bytes.extend_from_slice(&(node.len() as u16).to_be_bytes());
    bytes.extend_from_slice(node.as_bytes());
    bytes.extend_from_slice(&key.mark(node, commits));
    bytes
}

/// The node and number of commits a mark holds, if it is whole and its
/// code is right.
fn decode(key: &MacKey, bytes: &[u8]) -> Option<(String, i64)> {
    let commits = i64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let len = u16::from_be_bytes(bytes.get(8..10)?.try_into().ok()?) as usize;
    let node = std::str::from_utf8(bytes.get(10..10 + len)?).ok()?;
    let code = bytes.get(10 + len..10 + len + 32)?;
    matches(&key.mark(node, commits), Some(code)).then(|| (node.to_owned(), commits))
}

/// What the mark beside `database` says, checked: `Ok(None)` when there
/// is none (a new store, or one from before the mark) or when it cannot be
/// trusted (said in the log).
pub(crate) fn read(key: &MacKey, database: &Path) -> Result<Option<(String, i64)>, StoreError> {
    let path = path_of(database);
    let mut bytes = Vec::new();
    match File::open(&path) {
        Ok(mut file) => file.read_to_end(&mut bytes).map_err(|e| StoreError::Open {
            target: path.display().to_string(),
            reason: e.to_string(),
        })?,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(StoreError::Open {
                target: path.display().to_string(),
                reason: e.to_string(),
            })
        }
    };
    let found = decode(key, &bytes);
    if found.is_none() {
        tracing::warn!(
            file = %path.display(),
            "the commit mark is damaged or was written under another key: not used \
             (a log cut short before this start would not be found)"
        );
    }
    Ok(found)
}

/// The database's number of commits against the mark's: fewer is a loss.
pub(crate) fn check(
    target: &str,
    mark: Option<(String, i64)>,
    commits_of: impl Fn(&str) -> i64,
) -> Result<(), StoreError> {
    if let Some((node, marked)) = mark {
        let found = commits_of(&node);
        if found < marked {
            return Err(StoreError::Lost {
                target: target.to_string(),
                node,
                marked,
                found,
            });
        }
    }
    Ok(())
}

impl Mark {
    /// Opens (creates) the mark beside `database`.
    pub(crate) fn open(database: &Path) -> Result<Mark, StoreError> {
        let path = path_of(database);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| StoreError::Open {
                target: path.display().to_string(),
                reason: e.to_string(),
            })?;
        Ok(Mark {
            path,
            file: Mutex::new((file, None)),
            failed: Default::default(),
        })
    }

    /// Writes the node's number of commits (one `pwrite`, no `fsync`).
    pub(crate) fn write(&self, key: &MacKey, node: &str, commits: i64) {
        let bytes = encode(key, node, commits);
        // its length is the same from one commit to the next (the node's
        // name does not change): cut to it once, not with every commit's
        // write (an `ftruncate` on the writer's path before each answer)
        let written = match self.file.lock() {
            Ok(mut guard) => {
                let (file, set) = &mut *guard;
                let len = bytes.len() as u64;
                file.write_all_at(&bytes, 0).and_then(|()| {
                    if *set != Some(len) {
                        file.set_len(len)?;
                        *set = Some(len);
                    }
                    Ok(())
                })
            }
            Err(_) => Ok(()),
        };
        if let Err(e) = written {
            if !self.failed.swap(true, std::sync::atomic::Ordering::Relaxed) {
                tracing::warn!(
                    file = %self.path.display(), error = %e,
                    "the commit mark cannot be written (commits go on; a log cut short \
                     would not be found at the next start)"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_reads_back_only_whole_and_under_its_key() {
        let key = MacKey::from_bytes([3; 32]);
        let bytes = encode(&key, "local", 42);
        assert_eq!(decode(&key, &bytes), Some(("local".into(), 42)));
        assert_eq!(decode(&MacKey::from_bytes([4; 32]), &bytes), None);
        for cut in 0..bytes.len() {
            assert_eq!(decode(&key, &bytes[..cut]), None, "cut at {cut}");
        }
        let mut raised = bytes.clone();
        raised[7] += 1;
        assert_eq!(decode(&key, &raised), None);
    }

    #[test]
    fn a_mark_is_cut_to_its_length_once_and_rewritten_in_place() {
        let dir = tempfile::tempdir().expect("a folder");
        let database = dir.path().join("store.db");
        let key = MacKey::from_bytes([5; 32]);
        // a mark left by a node of a longer name
        std::fs::write(
            path_of(&database),
            encode(&key, "a-node-of-a-longer-name", 7),
        )
        .expect("written");
        let mark = Mark::open(&database).expect("opened");
        for commits in [8, 9, 1_000_000] {
            mark.write(&key, "local", commits);
            assert_eq!(
                read(&key, &database).expect("read"),
                Some(("local".into(), commits))
            );
            let len = std::fs::metadata(path_of(&database)).expect("there").len();
            assert_eq!(len, encode(&key, "local", commits).len() as u64);
        }
    }

    #[test]
    fn fewer_commits_than_the_mark_is_a_loss() {
        let mark = Some(("local".to_string(), 10));
        assert!(check("db", mark.clone(), |_| 10).is_ok());
        assert!(check("db", mark.clone(), |_| 11).is_ok());
        assert!(check("db", None, |_| 0).is_ok());
        match check("db", mark, |_| 9) {
            Err(StoreError::Lost {
                marked: 10,
                found: 9,
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
