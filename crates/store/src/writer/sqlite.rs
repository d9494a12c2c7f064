//! The SQLite writer: a thread of its own with its own connection to the
//! file, driven directly (rusqlite), its statements prepared once and
//! kept. The pool's connections (sqlx) only read, and write what is rare
//! (a new game, a token, a lease): SQLite runs one write transaction at a
//! time, and the writer takes the file's write lock at `BEGIN IMMEDIATE`,
//! waiting for those (`busy_timeout`) rather than failing after it read.
//!
//! A batch is one transaction. An append that follows the entry this
//! writer last committed for its game under the same lease ([`Known`]) is
//! its lease checked ([`LEASE_HELD`]) and one plain [`INSERT`], its
//! `seq` and `client_id` refused by the table's unique keys if taken. Any other
//! append (its game's first since the writer started, or after a refusal
//! or a failed transaction) is one check ([`MAY_INSERT`]: its lease, its
//! `seq` the game's next, its `client_id` new to the game, read from the
//! tables as the transaction has them, the batch's earlier entries
//! included) and one plain [`INSERT`]. Each is prepared once; an append
//! refused inserts nothing and the others go on. Then one `UPDATE` of each
//! game whose state or result changed, the node's fence ([`fence_sql`]),
//! and the commit (fsynced: `synchronous=FULL`).

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use super::{
    entry_mac, game_macs, lease_refusal, must_reclaim, reclaimed, seq_refusal, settle, summary_mac,
    wake, Known, Op,
};
use crate::{
    checked_entry, i64_of, synchronous_name, Append, Batching, Counters, NewGame, Node, StoreError,
    Summary, SQLITE_NOW, SQLITE_REQUIRED, WAL_BACKSTOP_PAGES, WRITER_CACHE_KIB,
};

/// Whether an entry may go in: its game's lease names this node with the
/// owner's epoch, its `seq` is the game's next and its `client_id` (if it
/// has one) is not the game's already. Asked apart from the [`INSERT`]: an
/// `INSERT … SELECT` that reads its own table has SQLite copy the rows
/// selected into a temporary table first (a B-tree opened, its pages
/// zeroed, a statement journal), a third of the writer's work per entry.
const MAY_INSERT: &str = "SELECT EXISTS (SELECT 1 FROM leases WHERE game_id = ?1 AND node = ?4 \
     AND epoch = ?5) \
     AND ?2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game_id = ?1) \
     AND NOT EXISTS (SELECT 1 FROM events WHERE ?3 IS NOT NULL AND game_id = ?1 \
                     AND client_id = ?3)";

/// An entry, once [`MAY_INSERT`] said it may go in (the transaction holds
/// the file's write lock from its `BEGIN IMMEDIATE`: nothing is written
/// between the two).
const INSERT: &str = "INSERT INTO events \
     (game_id, seq, entry, received_ms, client_id, answer, moves, mac) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING";

/// Whether an entry that follows the one this writer last committed for
/// its game under the same lease epoch ([`Known`]) may go in: its game's
/// lease still names this node with that epoch. Its `seq` and `client_id`
/// are not read: the unique keys `events_by_game` and `events_by_client`
/// (migration 0006) make the plain [`INSERT`] insert nothing if either is
/// the game's already, whoever wrote the entry that holds it. While the
/// lease names this node no one else appends to the game, and a game that
/// went to another node and came back has a higher epoch: the game's last
/// `seq` need not be read. (One statement, `INSERT … SELECT … WHERE EXISTS`,
/// costs more than the two: SQLite keeps a statement journal for it.)
const LEASE_HELD: &str = "SELECT EXISTS (SELECT 1 FROM leases WHERE game_id = ?1 AND node = ?2 \
     AND epoch = ?3)";

/// A game's listing columns, written only when its state or result changes.
const SUMMARY: &str = "UPDATE games SET state = ?2, result = ?3, summary_seq = ?4, \
     summary_mac = ?5 WHERE id = ?1 AND (state IS DISTINCT FROM ?2 \
     OR result IS DISTINCT FROM ?3)";

/// This node's lease renewed, its last durable instant raised (never
/// lowered) and its commit counted, if its epoch is still the one it
/// holds: no row when another node fenced it.
fn fence_sql() -> String {
    format!(
        "UPDATE instants SET at_ms = CASE WHEN ?3 > at_ms THEN ?3 ELSE at_ms END, \
         expires_ms = {SQLITE_NOW} + ?4, commits = commits + 1 WHERE node = ?1 AND epoch = ?2 \
         RETURNING commits"
    )
}

/// The writer's connection and the file it is open on.
struct Writer {
    conn: Connection,
    file: PathBuf,
    fence: String,
}

/// Opens the writer's connection to `file` with the settings durability
/// rests on, read back (a file that cannot hold them is refused).
fn connect(file: &Path, target: &str) -> Result<Connection, StoreError> {
    let open = |e: rusqlite::Error| StoreError::Open {
        target: target.to_string(),
        reason: e.to_string(),
    };
    let conn = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(open)?;
    conn.busy_timeout(Duration::from_secs(10)).map_err(open)?;
    conn.execute_batch(&format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
         PRAGMA cache_size = -{WRITER_CACHE_KIB}; PRAGMA wal_autocheckpoint = {WAL_BACKSTOP_PAGES};"
    ))
    .map_err(open)?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .map_err(open)?;
    let sync: i64 = conn
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .map_err(open)?;
    for ((setting, expected), found) in SQLITE_REQUIRED
        .into_iter()
        .zip([mode.to_ascii_lowercase(), synchronous_name(sync)])
    {
        if found != expected {
            return Err(StoreError::Setting {
                target: target.to_string(),
                setting,
                expected,
                found,
            });
        }
    }
    Ok(conn)
}

/// Starts the writer's thread on `file`: it commits what `queue` brings
/// until every sender is gone, then says so on the channel returned.
pub(crate) fn start(
    file: &Path,
    target: &str,
    queue: mpsc::UnboundedReceiver<Op>,
    batching: Batching,
    max_batch: usize,
    node: Arc<Node>,
    counters: Arc<Counters>,
) -> Result<oneshot::Receiver<()>, StoreError> {
    let writer = Writer {
        conn: connect(file, target)?,
        file: file.to_owned(),
        fence: fence_sql(),
    };
    let (done, finished) = oneshot::channel();
    std::thread::Builder::new()
        .name("arbitre-sqlite-writer".into())
        .spawn(move || {
            run(writer, queue, batching, max_batch, &node, &counters);
            let _ = done.send(());
        })
        .map_err(|e| StoreError::Open {
            target: target.to_string(),
            reason: format!("cannot start the writer's thread: {e}"),
        })?;
    Ok(finished)
}

fn run(
    mut writer: Writer,
    mut queue: mpsc::UnboundedReceiver<Op>,
    batching: Batching,
    max_batch: usize,
    node: &Node,
    counters: &Counters,
) {
    let mut batch = Vec::with_capacity(max_batch);
    let mut known = Known::default();
    while let Some(first) = queue.blocking_recv() {
        batch.push(first);
        let drain = |batch: &mut Vec<Op>, queue: &mut mpsc::UnboundedReceiver<Op>| {
            while batch.len() < max_batch {
                match queue.try_recv() {
                    Ok(op) => batch.push(op),
                    Err(_) => break,
                }
            }
        };
        match batching {
            Batching::PerAppend => {}
            Batching::AsSoonAsFree => drain(&mut batch, &mut queue),
            Batching::Window(window) => {
                let deadline = Instant::now() + window;
                loop {
                    drain(&mut batch, &mut queue);
                    let now = Instant::now();
                    if batch.len() >= max_batch || now >= deadline {
                        break;
                    }
                    std::thread::sleep((deadline - now).min(Duration::from_micros(50)));
                }
            }
        }
        commit(&mut writer, &mut batch, node, counters, &mut known);
    }
}

/// Commits a batch in one transaction and answers each of its callers.
fn commit(
    writer: &mut Writer,
    batch: &mut Vec<Op>,
    node: &Node,
    counters: &Counters,
    known: &mut Known,
) {
    if must_reclaim(node) {
        if let Err(e) = reclaim(&writer.conn) {
            node.full.store(true, std::sync::atomic::Ordering::SeqCst);
            settle(batch, Err(e), 0, node, counters);
            return;
        }
        reclaimed(node);
    }
    let started = Instant::now();
    let result = write(&mut writer.conn, &writer.fence, batch, node, known);
    known.learn(batch, &result);
    if result.is_err() && !writer.conn.is_autocommit() {
        // the transaction may still be open after a failed `COMMIT` (a
        // disk full): every later write would wait for its lock, or be
        // made inside it and never committed; a fresh connection instead
        tracing::warn!("the writer's connection is opened again after a failed transaction");
        match connect(&writer.file, &writer.file.display().to_string()) {
            Ok(conn) => writer.conn = conn,
            Err(e) => tracing::error!(error = %e, "the writer's connection cannot be opened again"),
        }
    }
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    let games = settle(batch, result, micros, node, counters);
    if !games.is_empty() {
        wake(node, &games);
    }
}

/// A failed statement as the store says it; a disk full is noted (the
/// next commit first reclaims the log's space).
fn failed<'a>(node: &'a Node, during: &'static str) -> impl Fn(rusqlite::Error) -> StoreError + 'a {
    move |e| {
        if e.sqlite_error_code() == Some(ErrorCode::DiskFull) {
            node.full.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        StoreError::Database {
            during,
            reason: e.to_string(),
        }
    }
}

/// Writes the batch in one transaction and commits it: each append's
/// outcome, or the transaction's error (nothing of it committed).
fn write(
    conn: &mut Connection,
    fence: &str,
    batch: &[Op],
    node: &Node,
    known: &Known,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let fail = failed(node, "committing appends");
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(&fail)?;
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut latest: Option<i64> = None;
    // each game's state and result after its last entry of the batch,
    // with the place of that entry
    let mut summaries: HashMap<&str, (&Summary, i64)> = HashMap::new();
    // each game's last `seq` inserted by this transaction, with its epoch
    // (what `known` learns if it commits), or `None` once one of the
    // game's appends was refused: its next ones are checked in full
    let mut here: HashMap<&str, Option<(i64, i64)>> = HashMap::new();
    {
        let mut may_insert = tx.prepare_cached(MAY_INSERT).map_err(&fail)?;
        let mut insert = tx.prepare_cached(INSERT).map_err(&fail)?;
        let mut lease_held = tx.prepare_cached(LEASE_HELD).map_err(&fail)?;
        for op in batch {
            let outcome = match op {
                Op::Append(append, _) => {
                    let numbers = (|| {
                        Ok::<_, StoreError>((
                            i64_of(append.seq, "sequence number")?,
                            append
                                .summary
                                .as_ref()
                                .map(|s| i64_of(s.moves, "number of moves"))
                                .transpose()?,
                            i64_of(append.lease, "lease epoch")?,
                        ))
                    })();
                    match numbers {
                        Err(e) => Err(e),
                        Ok((seq, moves, lease)) => {
                            let game = append.game_id.as_str();
                            let last = match here.get(game) {
                                Some(last) => *last,
                                None => known.last(game),
                            };
                            let may: bool = if last == Some((seq - 1, lease)) {
                                lease_held
                                    .query_row(params![append.game_id, node.name, lease], |r| {
                                        r.get(0)
                                    })
                                    .map_err(&fail)?
                            } else {
                                may_insert
                                    .query_row(
                                        params![
                                            append.game_id,
                                            seq,
                                            append.client_id,
                                            node.name,
                                            lease
                                        ],
                                        |r| r.get(0),
                                    )
                                    .map_err(&fail)?
                            };
                            let inserted = if may {
                                insert
                                    .execute(params![
                                        append.game_id,
                                        seq,
                                        append.entry,
                                        append.received_ms,
                                        append.client_id,
                                        append.answer,
                                        moves,
                                        entry_mac(node, append, seq),
                                    ])
                                    .map_err(&fail)?
                            } else {
                                0
                            };
                            if inserted == 1 {
                                here.insert(game, Some((seq, lease)));
                                if let Some(summary) =
                                    append.summary.as_ref().filter(|s| s.changes_listing)
                                {
                                    summaries.insert(append.game_id.as_str(), (summary, seq));
                                }
                                latest = latest.max(Some(append.received_ms));
                                Ok(())
                            } else {
                                here.insert(game, None);
                                Err(refusal(&tx, append, node)?)
                            }
                        }
                    }
                }
                Op::Instant(at_ms, _) => {
                    latest = latest.max(Some(*at_ms));
                    Ok(())
                }
                Op::Create(game, _) => create(&tx, game, node)?,
            };
            outcomes.push(outcome);
        }
    }
    if !summaries.is_empty() {
        let mut update = tx.prepare_cached(SUMMARY).map_err(&fail)?;
        for (game, (summary, seq)) in &summaries {
            update
                .execute(params![
                    game,
                    summary.state,
                    summary.result,
                    seq,
                    summary_mac(node, game, summary, *seq),
                ])
                .map_err(&fail)?;
        }
    }
    // fenced even when every append was refused: a node that lost its
    // lease is told so, not each append's reason
    let commits: Option<i64> = tx
        .prepare_cached(fence)
        .and_then(|mut s| {
            s.query_row(
                params![
                    node.name,
                    node.epoch.load(std::sync::atomic::Ordering::SeqCst),
                    latest.unwrap_or(0),
                    node.lease_ms
                ],
                |r| r.get(0),
            )
            .optional()
        })
        .map_err(&fail)?;
    let Some(commits) = commits else {
        // rolled back when dropped
        return Err(StoreError::Fenced {
            node: node.name.clone(),
        });
    };
    tx.commit().map_err(&fail)?;
    node.committed
        .store(commits, std::sync::atomic::Ordering::SeqCst);
    Ok(outcomes)
}

/// Creates a game in the batch's transaction, owned by this node (its
/// lease at epoch 1), with its seats' token hashes: all of it, or nothing
/// of it and the reason (a savepoint), the batch going on either way; an
/// error of the transaction itself (a disk full) is the batch's.
fn create(
    tx: &rusqlite::Transaction<'_>,
    game: &NewGame,
    node: &Node,
) -> Result<Result<(), StoreError>, StoreError> {
    let fail = failed(node, "creating a game");
    let (mac, summary_mac) = game_macs(node, game);
    tx.execute_batch("SAVEPOINT creating").map_err(&fail)?;
    let written = (|| {
        let inserted = tx
            .prepare_cached(
                "INSERT INTO games (id, created_ms, owner, setup, white, black, edition, \
                 time_control, state, result, mac, summary_seq, summary_mac) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, ?10, -1, ?11) \
                 ON CONFLICT DO NOTHING",
            )?
            .execute(params![
                game.id,
                game.created_ms,
                node.name,
                game.setup,
                game.white,
                game.black,
                game.edition,
                game.time_control,
                game.state,
                mac,
                summary_mac,
            ])?;
        if inserted == 0 {
            return Ok(false);
        }
        tx.prepare_cached("INSERT INTO leases (game_id, node, epoch) VALUES (?1, ?2, 1)")?
            .execute(params![game.id, node.name])?;
        let mut token = tx.prepare_cached(
            "INSERT INTO seat_tokens (hash, game_id, seat, mac) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for (seat, hash) in &game.tokens {
            token.execute(params![
                hash.0.as_slice(),
                game.id,
                seat.code(),
                node.key.seat(&hash.0, &game.id, seat.code()),
            ])?;
        }
        Ok::<_, rusqlite::Error>(true)
    })();
    match written {
        Ok(true) => {
            tx.execute_batch("RELEASE creating").map_err(&fail)?;
            Ok(Ok(()))
        }
        Ok(false) => {
            tx.execute_batch("ROLLBACK TO creating; RELEASE creating")
                .map_err(&fail)?;
            Ok(Err(StoreError::GameExists(game.id.clone())))
        }
        Err(e) if e.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
            tx.execute_batch("ROLLBACK TO creating; RELEASE creating")
                .map_err(&fail)?;
            Ok(Err(fail(e)))
        }
        Err(e) => Err(fail(e)),
    }
}

/// Why an append inserted nothing: its game is unknown, its lease names
/// another node or epoch, its `client_id` is taken, or its `seq` is not the
/// next.
fn refusal(
    tx: &rusqlite::Transaction<'_>,
    append: &Append,
    this: &Node,
) -> Result<StoreError, StoreError> {
    let fail = failed(this, "checking a refused append");
    let game = append.game_id.as_str();
    let lease: Option<(String, i64)> = tx
        .prepare_cached("SELECT node, epoch FROM leases WHERE game_id = ?1")
        .and_then(|mut s| {
            s.query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()
        })
        .map_err(&fail)?;
    if let Some(refused) = lease_refusal(append, this, lease) {
        return Ok(refused);
    }
    if let Some(client_id) = &append.client_id {
        type First = (
            i64,
            String,
            i64,
            Option<String>,
            Option<String>,
            Option<Vec<u8>>,
        );
        let first: Option<First> = tx
            .prepare_cached(
                "SELECT seq, entry, received_ms, client_id, answer, mac FROM events \
                 WHERE game_id = ?1 AND client_id = ?2 ORDER BY seq LIMIT 1",
            )
            .and_then(|mut s| {
                s.query_row([game, client_id.as_str()], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                })
                .optional()
            })
            .map_err(&fail)?;
        if let Some((seq, entry, received_ms, client, answer, mac)) = first {
            // the first answer is given back only if it is the server's
            let first = checked_entry(
                &this.key,
                game,
                seq,
                entry,
                received_ms,
                client,
                answer,
                mac.as_deref(),
            )?;
            return Ok(StoreError::DuplicateClientId {
                game: game.to_string(),
                client_id: client_id.clone(),
                seq: first.seq,
                answer: first.answer,
            });
        }
    }
    let next: Option<i64> = tx
        .prepare_cached(
            "SELECT (SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game_id = ?1) \
             FROM games WHERE id = ?1",
        )
        .and_then(|mut s| s.query_row([game], |r| r.get(0)).optional())
        .map_err(&fail)?;
    Ok(seq_refusal(append, next))
}

/// After a disk full: the write-ahead log copied into the database and
/// emptied (`wal_checkpoint(TRUNCATE)`) before anything more is written to
/// it. While the disk was full no checkpoint could grow the file, and
/// commits made as soon as a little room came back would grow the log into
/// it again until nothing was left for a checkpoint either — the store then
/// refused every write for good (bench/crash.py --disk-full found it so).
/// An error here means the disk is still full: the batch is refused with
/// it, and the next one tries again. (For `TIGHT` after a disk full, every
/// commit starts so: the log never holds more than one batch while the room
/// is short.)
fn reclaim(conn: &Connection) -> Result<(), StoreError> {
    let busy: i64 = conn
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))
        .map_err(|e| StoreError::Database {
            during: "emptying the write-ahead log after a disk full",
            reason: e.to_string(),
        })?;
    if busy != 0 {
        tracing::warn!("the write-ahead log could not be emptied yet (a reader holds it)");
    }
    Ok(())
}
