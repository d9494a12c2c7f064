//! The writer: one task that commits the appends of all games, grouped
//! into transactions as [`Batching`] says.

use std::{
    collections::{HashMap, HashSet},
    sync::{atomic::Ordering, Arc},
    time::Instant,
};

use tokio::sync::{mpsc, oneshot};

use crate::{
    error::db, event_row, i64_of, mac::EntryFields, now_sql, on_pool, Append, Batching, Counters,
    Node, Pool, StoreError, Summary, CHANNEL, EVENT_COLUMNS,
};

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// What the writer is asked to commit.
pub(crate) enum Op {
    /// An entry.
    Append(Append, Reply),
    /// This node's last instant.
    Instant(i64, Reply),
}

impl Op {
    fn reply(self, result: Result<(), StoreError>) {
        let reply = match self {
            Op::Append(_, reply) | Op::Instant(_, reply) => reply,
        };
        // the caller may have given up waiting: nothing to tell then
        let _ = reply.send(result);
    }
}

pub(crate) async fn run(
    pool: Pool,
    mut queue: mpsc::UnboundedReceiver<Op>,
    batching: Batching,
    max_batch: usize,
    node: Arc<Node>,
    counters: Arc<Counters>,
) {
    let mut batch = Vec::with_capacity(max_batch);
    while let Some(first) = queue.recv().await {
        batch.push(first);
        match batching {
            Batching::PerAppend => {}
            Batching::AsSoonAsFree => {
                while batch.len() < max_batch {
                    match queue.try_recv() {
                        Ok(op) => batch.push(op),
                        Err(_) => break,
                    }
                }
            }
            Batching::Window(window) => {
                let deadline = tokio::time::Instant::now() + window;
                while batch.len() < max_batch {
                    match tokio::time::timeout_at(deadline, queue.recv()).await {
                        Ok(Some(op)) => batch.push(op),
                        Ok(None) | Err(_) => break,
                    }
                }
            }
        }
        commit(&pool, &mut batch, &node, &counters).await;
    }
}

/// Commits a batch in one transaction and answers each of its callers:
/// after the commit, each with its own outcome; if the transaction fails,
/// all with its error.
///
/// A batch is first written with one statement per table ([`at_once`]);
/// if any of its appends is refused (a retried `client_id`, a sequence
/// number taken, an unknown game), that transaction is rolled back and the
/// batch written again append by append ([`one_by_one`]), which finds each
/// one's outcome.
///
/// Every transaction renews this node's lease and checks its epoch in the
/// same statement ([`fence`]), and every entry is inserted only if its
/// game's lease names this node with the owner's epoch: a node that lost
/// its lease commits nothing ([`StoreError::Fenced`]).
async fn commit(pool: &Pool, batch: &mut Vec<Op>, node: &Node, counters: &Counters) {
    let full = node.full.load(Ordering::SeqCst);
    let tight = node
        .tight_until
        .lock()
        .ok()
        .and_then(|t| *t)
        .is_some_and(|until| Instant::now() < until);
    if full || tight {
        if let Err(e) = reclaim(pool).await {
            node.full.store(true, Ordering::SeqCst);
            for op in batch.drain(..) {
                op.reply(Err(e.clone()));
            }
            return;
        }
        if full {
            node.full.store(false, Ordering::SeqCst);
            if let Ok(mut t) = node.tight_until.lock() {
                *t = Some(Instant::now() + TIGHT);
            }
            tracing::info!("the disk has room again: the write-ahead log was copied and emptied");
        }
    }
    let started = Instant::now();
    let result = match at_once(pool, batch, node).await {
        Ok(true) => Ok(batch.iter().map(|_| Ok(())).collect()),
        Ok(false) => {
            counters.rewritten.fetch_add(1, Ordering::Relaxed);
            one_by_one(pool, batch, node).await
        }
        Err(e) => Err(e),
    };
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    match result {
        Ok(outcomes) => {
            // before any caller is told: an acknowledged commit is always
            // within the mark (SQLite: a log cut short is found at start)
            node.write_mark();
            let committed = outcomes.iter().filter(|o| o.is_ok()).count() as u64;
            let refused = outcomes.len() as u64 - committed;
            counters.transactions.fetch_add(1, Ordering::Relaxed);
            counters.appends.fetch_add(
                batch
                    .iter()
                    .zip(&outcomes)
                    .filter(|(op, o)| matches!(op, Op::Append(..)) && o.is_ok())
                    .count() as u64,
                Ordering::Relaxed,
            );
            counters.refused.fetch_add(refused, Ordering::Relaxed);
            counters
                .largest_batch
                .fetch_max(batch.len() as u64, Ordering::Relaxed);
            counters.commit_micros.fetch_add(micros, Ordering::Relaxed);
            let mut games: Vec<Arc<str>> = Vec::new();
            for (op, outcome) in batch.drain(..).zip(outcomes) {
                if let (Op::Append(append, _), Ok(())) = (&op, &outcome) {
                    if games.last().is_none_or(|g| **g != *append.game_id)
                        && !games.iter().any(|g| **g == *append.game_id)
                    {
                        games.push(Arc::from(append.game_id.as_str()));
                    }
                }
                op.reply(outcome);
            }
            published(pool, node, games).await;
        }
        Err(e) => {
            if let StoreError::Database { reason, .. } = &e {
                // SQLITE_FULL: the log cannot grow, nor the file take its pages
                if reason.contains("(code: 13)") {
                    node.full.store(true, Ordering::SeqCst);
                }
            }
            for op in batch.drain(..) {
                op.reply(Err(e.clone()));
            }
        }
    }
}

/// An append's numbers as the database takes them, and its place among
/// the batch's appends of the same game (0 for the first).
struct Row<'a> {
    append: &'a Append,
    seq: i64,
    moves: Option<i64>,
    rank: i64,
    lease: i64,
    /// The entry's authentication code (`mac.rs`).
    mac: Vec<u8>,
}

/// An append's authentication code at its place.
fn entry_mac(node: &Node, append: &Append, seq: i64) -> Vec<u8> {
    node.key.entry(EntryFields {
        game_id: &append.game_id,
        seq,
        entry: &append.entry,
        received_ms: append.received_ms,
        client_id: append.client_id.as_deref(),
        answer: append.answer.as_deref(),
    })
}

/// The listed state's code: the state and result after the entry at
/// `seq`, which set them.
fn summary_mac(node: &Node, game_id: &str, summary: &Summary, seq: i64) -> Vec<u8> {
    node.key
        .summary(game_id, &summary.state, summary.result.as_deref(), seq)
}

/// Writes the whole batch with one `INSERT` for its entries, one `UPDATE`
/// for its games' listing columns and one for the node's instant, and
/// commits if every entry went in: `Ok(true)`. `Ok(false)` (nothing
/// committed) when an entry was refused or a number does not fit.
///
/// Each entry must still be its game's next: the store's last `seq` plus
/// its rank among the batch's entries of that game (a statement reads the
/// table as it was before it).
async fn at_once(pool: &Pool, batch: &[Op], node: &Node) -> Result<bool, StoreError> {
    let mut rows: Vec<Row<'_>> = Vec::with_capacity(batch.len());
    let mut ranks: HashMap<&str, i64> = HashMap::new();
    let mut latest: Option<i64> = None;
    for op in batch {
        match op {
            Op::Append(append, _) => {
                let (Ok(seq), Ok(moves), Ok(lease)) = (
                    i64_of(append.seq, "sequence number"),
                    append
                        .summary
                        .as_ref()
                        .map(|s| i64_of(s.moves, "number of moves"))
                        .transpose(),
                    i64_of(append.lease, "lease epoch"),
                ) else {
                    return Ok(false);
                };
                let rank = ranks.entry(append.game_id.as_str()).or_insert(0);
                rows.push(Row {
                    append,
                    seq,
                    moves,
                    rank: *rank,
                    lease,
                    mac: entry_mac(node, append, seq),
                });
                *rank += 1;
                latest = latest.max(Some(append.received_ms));
            }
            Op::Instant(at_ms, _) => latest = latest.max(Some(*at_ms)),
        }
    }
    // a `client_id` twice for a game in the batch: the statement would not
    // see the first when it checks the second (written one by one instead)
    let mut clients: HashSet<(&str, &str)> = HashSet::new();
    for row in &rows {
        if let Some(client_id) = &row.append.client_id {
            if !clients.insert((row.append.game_id.as_str(), client_id.as_str())) {
                return Ok(false);
            }
        }
    }
    // each game's state and result after its last entry of the batch,
    // with the place of that entry
    let mut summaries: HashMap<&str, (&Summary, i64)> = HashMap::new();
    for row in &rows {
        if let Some(summary) = &row.append.summary {
            summaries.insert(row.append.game_id.as_str(), (summary, row.seq));
        }
    }
    let during = db("committing appends");
    on_pool!(pool, p => async {
        let mut conn = p.acquire().await.map_err(&during)?;
        let result = async {
        let mut tx = sqlx::Connection::begin(&mut *conn).await.map_err(&during)?;
        if !rows.is_empty() {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO events \
                 (game_id, seq, entry, received_ms, client_id, answer, moves, mac) \
                 SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, \
                 v.column8, v.column10 FROM (",
            );
            insert.push_values(&rows, |mut values, row| {
                values
                    .push_bind(row.append.game_id.as_str())
                    .push_bind(row.seq)
                    .push_bind(row.append.entry.as_str())
                    .push_bind(row.append.received_ms)
                    .push_bind(row.append.client_id.as_deref())
                    .push_bind(row.append.answer.as_deref())
                    .push_bind(row.rank)
                    .push_bind(row.moves)
                    .push_bind(row.lease)
                    .push_bind(row.mac.as_slice());
            });
            // the game's lease names this node with the owner's epoch
            insert.push(
                ") AS v WHERE EXISTS (SELECT 1 FROM leases WHERE game_id = v.column1 \
                 AND epoch = v.column9 AND node = ",
            );
            insert.push_bind(node.name.as_str());
            insert.push(
                ") AND v.column2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM events \
                                  WHERE game_id = v.column1) + v.column7 \
                 AND NOT EXISTS (SELECT 1 FROM events \
                                 WHERE game_id = v.column1 AND client_id = v.column5) \
                 ON CONFLICT DO NOTHING",
            );
            // not kept prepared: each size of batch is a statement of its own
            let inserted = insert.build().persistent(false).execute(&mut *tx).await.map_err(&during)?;
            if inserted.rows_affected() != rows.len() as u64 {
                // rolled back when dropped
                return Ok(false);
            }
        }
        if !summaries.is_empty() {
            let mut update = sqlx::QueryBuilder::new(
                "UPDATE games SET state = v.column2, result = v.column3, \
                 summary_seq = v.column4, summary_mac = v.column5 FROM (",
            );
            update.push_values(&summaries, |mut values, (game, (summary, seq))| {
                values
                    .push_bind(*game)
                    .push_bind(summary.state.as_str())
                    .push_bind(summary.result.as_deref())
                    .push_bind(*seq)
                    .push_bind(summary_mac(node, game, summary, *seq));
            });
            // a game's row is written only when its state or result changes
            update.push(
                ") AS v WHERE games.id = v.column1 AND (games.state IS DISTINCT FROM v.column2 \
                 OR games.result IS DISTINCT FROM v.column3)",
            );
            update.build().persistent(false).execute(&mut *tx).await.map_err(&during)?;
        }
        let mut commits = None;
        if let Some(at_ms) = latest {
            commits = fence(&mut tx, node, now_sql(pool), at_ms).await.map_err(&during)?;
            if commits.is_none() {
                return Err(StoreError::Fenced { node: node.name.clone() });
            }
        }
        tx.commit().await.map_err(&during)?;
        if let Some(commits) = commits {
            node.committed.store(commits, Ordering::SeqCst);
        }
        Ok(true)
        }.await;
        untrusted(conn, &result).await;
        result
    }.await)
}

/// Renews this node's lease, raises its last durable instant to `at_ms`
/// (never lowers it) and counts the commit, if the node's epoch is still
/// the one it holds: the node's number of commits with this one, or `None`
/// when another node has fenced it (raised its epoch to take its
/// games over), and the transaction must not commit. The row stays locked
/// to the commit: a node taking over waits for it, then sees the renewed
/// lease.
async fn fence<'c, DB>(
    tx: &mut sqlx::Transaction<'c, DB>,
    node: &Node,
    now: &str,
    at_ms: i64,
) -> Result<Option<i64>, sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    for<'q> DB::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    (i64,): for<'r> sqlx::FromRow<'r, DB::Row>,
{
    let sql = format!(
        "UPDATE instants SET at_ms = CASE WHEN $3 > at_ms THEN $3 ELSE at_ms END, \
         expires_ms = {now} + $4, commits = commits + 1 WHERE node = $1 AND epoch = $2 \
         RETURNING commits"
    );
    sqlx::query_scalar(&sql)
        .bind(node.name.as_str())
        .bind(node.epoch.load(Ordering::SeqCst))
        .bind(at_ms)
        .bind(node.lease_ms)
        .fetch_optional(&mut **tx)
        .await
}

/// After a commit: wakes this node's readers of the games that have new
/// entries, and with several nodes on PostgreSQL the other nodes' too
/// (`NOTIFY`, outside the transaction, once the callers are answered).
async fn published(pool: &Pool, node: &Node, games: Vec<Arc<str>>) {
    if games.is_empty() {
        return;
    }
    if node.commits.receiver_count() > 0 {
        for game in &games {
            let _ = node.commits.send(game.clone());
        }
    }
    if let (true, Pool::Postgres(p)) = (node.notify, pool) {
        let ids: Vec<&str> = games.iter().map(|g| &**g).collect();
        if let Err(e) = sqlx::query("SELECT pg_notify($1, g) FROM unnest($2::text[]) AS g")
            .bind(CHANNEL)
            .bind(&ids)
            .execute(p)
            .await
        {
            tracing::warn!(error = %e, "notifying the other nodes");
        }
    }
}

/// Writes the batch append by append in one transaction, each refused
/// append (see [`refusal`]) leaving the others in: each one's outcome, or
/// the transaction's error.
async fn one_by_one(
    pool: &Pool,
    batch: &[Op],
    node: &Node,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut outcomes: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
    let during = db("committing appends");
    on_pool!(pool, p => async {
        let mut conn = p.acquire().await.map_err(&during)?;
        let result = async {
        let mut tx = sqlx::Connection::begin(&mut *conn).await.map_err(&during)?;
        let mut latest: Option<i64> = None;
        for op in batch.iter() {
            let outcome = match op {
                Op::Append(append, _) => {
                    let seq = i64_of(append.seq, "sequence number");
                    let moves = append
                        .summary
                        .as_ref()
                        .map(|s| i64_of(s.moves, "number of moves"))
                        .transpose();
                    let lease = i64_of(append.lease, "lease epoch");
                    match (seq, moves, lease) {
                        (Ok(seq), Ok(moves), Ok(lease)) => {
                            let inserted = sqlx::query(
                                "INSERT INTO events \
                                 (game_id, seq, entry, received_ms, client_id, answer, moves, \
                                  mac) \
                                 SELECT $1, $2, $3, $4, $5, $6, $7, $10 \
                                 WHERE EXISTS (SELECT 1 FROM leases WHERE game_id = $1 \
                                               AND node = $8 AND epoch = $9) \
                                 AND $2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM events \
                                           WHERE game_id = $1) \
                                 AND NOT EXISTS (SELECT 1 FROM events \
                                                 WHERE game_id = $1 AND client_id = $5) \
                                 ON CONFLICT DO NOTHING",
                            )
                            .bind(&append.game_id)
                            .bind(seq)
                            .bind(&append.entry)
                            .bind(append.received_ms)
                            .bind(&append.client_id)
                            .bind(&append.answer)
                            .bind(moves)
                            .bind(node.name.as_str())
                            .bind(lease)
                            .bind(entry_mac(node, append, seq))
                            .execute(&mut *tx)
                            .await
                            .map_err(&during)?;
                            if inserted.rows_affected() == 1 {
                                if let Some(summary) = &append.summary {
                                    sqlx::query(
                                        "UPDATE games SET state = $2, result = $3, \
                                         summary_seq = $4, summary_mac = $5 \
                                         WHERE id = $1 AND (state IS DISTINCT FROM $2 \
                                         OR result IS DISTINCT FROM $3)",
                                    )
                                    .bind(&append.game_id)
                                    .bind(&summary.state)
                                    .bind(&summary.result)
                                    .bind(seq)
                                    .bind(summary_mac(node, &append.game_id, summary, seq))
                                    .execute(&mut *tx)
                                    .await
                                    .map_err(&during)?;
                                }
                                latest = latest.max(Some(append.received_ms));
                                Ok(())
                            } else {
                                Err(refusal(&mut tx, append, node).await?)
                            }
                        }
                        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => Err(e),
                    }
                }
                Op::Instant(at_ms, _) => {
                    latest = latest.max(Some(*at_ms));
                    Ok(())
                }
            };
            outcomes.push(outcome);
        }
        // fenced even when every append was refused: a node that lost its
        // lease is told so, not each append's reason
        let at_ms = latest.unwrap_or(0);
        let Some(commits) = fence(&mut tx, node, now_sql(pool), at_ms).await.map_err(&during)?
        else {
            return Err(StoreError::Fenced { node: node.name.clone() });
        };
        tx.commit().await.map_err(&during)?;
        node.committed.store(commits, Ordering::SeqCst);
        Ok(())
        }.await;
        untrusted(conn, &result).await;
        result
    }.await)?;
    Ok(outcomes)
}

/// How long after a disk full every commit first empties the log.
const TIGHT: std::time::Duration = std::time::Duration::from_secs(60);

/// After a disk full (SQLite): the write-ahead log copied into the
/// database and emptied (`wal_checkpoint(TRUNCATE)`) before anything more
/// is written to it. While the disk was full no checkpoint could grow the
/// file, and commits made as soon as a little room came back would grow
/// the log into it again until nothing was left for a checkpoint either —
/// the store then refused every write for good (bench/crash.py
/// --disk-full found it so). An error here means the disk is still full:
/// the batch is refused with it, and the next one tries again.
async fn reclaim(pool: &Pool) -> Result<(), StoreError> {
    // (for `TIGHT` after a disk full, every commit starts so: the log never
    // holds more than one batch while the room is short)
    if let Pool::Sqlite(p) = pool {
        let (busy, _, _): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(p)
            .await
            .map_err(db("emptying the write-ahead log after a disk full"))?;
        if busy != 0 {
            tracing::warn!("the write-ahead log could not be emptied yet (a reader holds it)");
        }
    }
    Ok(())
}

/// A connection on which the database failed inside a transaction is
/// closed, never handed out again: after an error at `COMMIT` (SQLite's
/// `SQLITE_FULL`, a disk full) the transaction may still be open on it, and
/// every later write would wait for its lock — or be made inside it and
/// never committed. The pool opens a fresh one.
async fn untrusted<C, T>(conn: sqlx::pool::PoolConnection<C>, result: &Result<T, StoreError>)
where
    C: sqlx::Database,
{
    if let Err(StoreError::Database { during, reason }) = result {
        tracing::warn!(
            during,
            reason,
            "a store connection is closed after a failed transaction"
        );
        let _ = sqlx::Connection::close(conn.detach()).await;
    }
}

/// Why an append inserted nothing: its game is unknown, its lease names
/// another node or epoch, its `client_id` is taken, or its `seq` is not the
/// next.
async fn refusal<'c, DB>(
    tx: &mut sqlx::Transaction<'c, DB>,
    append: &Append,
    this: &Node,
) -> Result<StoreError, StoreError>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    for<'q> DB::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
    for<'q> String: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<String>: sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> i64: sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<i64>: sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<Vec<u8>>: sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'a> &'a str: sqlx::ColumnIndex<DB::Row>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    let during = db("checking a refused append");
    let node = this.name.as_str();
    let game = append.game_id.as_str();
    let lease: Option<(String, i64)> =
        sqlx::query_as("SELECT node, epoch FROM leases WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&mut **tx)
            .await
            .map_err(&during)?;
    match lease {
        None => return Ok(StoreError::NoSuchGame(game.to_string())),
        Some((holder, epoch))
            if holder != node || u64::try_from(epoch).ok() != Some(append.lease) =>
        {
            return Ok(StoreError::LeaseLost {
                game: game.to_string(),
                holder,
                epoch: u64::try_from(epoch).unwrap_or_default(),
            })
        }
        Some(_) => {}
    }
    if let Some(client_id) = &append.client_id {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND client_id = $2 \
                 ORDER BY seq LIMIT 1"
        );
        let first = sqlx::query(&sql)
            .bind(game)
            .bind(client_id.as_str())
            .fetch_optional(&mut **tx)
            .await
            .map_err(&during)?;
        if let Some(row) = first {
            // the first answer is given back only if it is the server's
            let first = event_row(&row, &this.key, game)?;
            return Ok(StoreError::DuplicateClientId {
                game: game.to_string(),
                client_id: client_id.clone(),
                seq: first.seq,
                answer: first.answer,
            });
        }
    }
    let next: Option<i64> = sqlx::query_scalar(
        "SELECT (SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game_id = $1) \
         FROM games WHERE id = $1",
    )
    .bind(game)
    .fetch_optional(&mut **tx)
    .await
    .map_err(&during)?;
    Ok(match next {
        None => StoreError::NoSuchGame(game.to_string()),
        Some(next) => StoreError::SeqTaken {
            game: game.to_string(),
            seq: append.seq,
            next: u64::try_from(next).unwrap_or_default(),
        },
    })
}
