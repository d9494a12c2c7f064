//! The PostgreSQL writer: a thread of its own, with its own runtime and
//! its own connection (as the bare durable endpoint drives it), that
//! commits the appends of all games, grouped into transactions as
//! [`Batching`] says, a whole batch in one round trip (one call of the
//! `arbitre_append` function, its own transaction).
//! On the server's runtime, among thousands of requests, each of a
//! transaction's round trips waited its turn to be resumed: the writer,
//! latency-bound, then left the machine idle (BENCHMARKS.md).

use std::{
    collections::{HashMap, HashSet},
    sync::{atomic::Ordering, Arc},
    time::Instant,
};

use sqlx::{
    postgres::{PgConnectOptions, PgConnection},
    Connection,
};
use tokio::sync::mpsc;

use super::{
    entry_mac, game_macs, lease_refusal, seq_refusal, settle, summary_mac, wake, Known, Op,
};
use crate::{
    check_postgres, error::db, event_row, i64_of, Append, Batching, Counters, NewGame, Node,
    StoreError, Summary, CHANNEL, EVENT_COLUMNS, POSTGRES_NOW,
};

/// The writer's own connection, opened again when needed: after the
/// database failed inside a transaction it is closed and never used again
/// (after an error at `COMMIT` the transaction may still be open on it, and
/// every later write would wait for its lock — or be made inside it and
/// never committed).
pub(crate) struct Link {
    options: PgConnectOptions,
    conn: Option<PgConnection>,
}

impl Link {
    async fn get(&mut self) -> Result<&mut PgConnection, StoreError> {
        let conn = match self.conn.take() {
            Some(conn) => conn,
            None => {
                let during = db("connecting the writer");
                let mut conn = PgConnection::connect_with(&self.options)
                    .await
                    .map_err(&during)?;
                check_postgres(&mut conn).await.map_err(&during)?;
                // every statement of the writer reads by a key (the events'
                // and the games' primary keys, the leases', the node's): a
                // plan made while `events` was small (a new database, before
                // its first analysis) read the whole table for each batch's
                // next `seq`, 14 ms a batch at 10,000 games and growing
                sqlx::query("SET enable_seqscan = off")
                    .execute(&mut conn)
                    .await
                    .map_err(&during)?;
                conn
            }
        };
        Ok(self.conn.insert(conn))
    }

    /// After a transaction: its connection closed if the database failed
    /// in it; after another error, the rollback its drop queued sent now
    /// (it would otherwise wait for the connection's next use, the
    /// transaction holding its locks meanwhile).
    async fn settle<T>(&mut self, result: &Result<T, StoreError>) {
        match result {
            Err(StoreError::Database { during, reason }) => {
                tracing::warn!(
                    during,
                    reason,
                    "the writer's connection is closed after a failed transaction"
                );
                if let Some(conn) = self.conn.take() {
                    let _ = sqlx::Connection::close(conn).await;
                }
            }
            Err(_) => {
                if let Some(conn) = &mut self.conn {
                    if sqlx::Connection::ping(conn).await.is_err() {
                        self.conn = None;
                    }
                }
            }
            Ok(_) => {}
        }
    }
}

/// Starts the writer's thread: its runtime, its connection (opened now, so
/// that a start that cannot write says so), then what `queue` brings until
/// every sender is gone; says so on the channel returned.
pub(crate) async fn start(
    options: PgConnectOptions,
    target: &str,
    queue: mpsc::UnboundedReceiver<Op>,
    batching: Batching,
    max_batch: usize,
    node: Arc<Node>,
    counters: Arc<Counters>,
) -> Result<tokio::sync::oneshot::Receiver<()>, StoreError> {
    let failed = |reason: String| StoreError::Open {
        target: target.to_string(),
        reason,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| failed(format!("cannot start the writer's runtime: {e}")))?;
    let (ready, opened) = tokio::sync::oneshot::channel();
    let (done, finished) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("arbitre-pg-writer".into())
        .spawn(move || {
            runtime.block_on(async {
                let mut link = Link {
                    options,
                    conn: None,
                };
                let connected = link.get().await.map(|_| ());
                let go = connected.is_ok();
                let _ = ready.send(connected);
                if go {
                    run(link, queue, batching, max_batch, node, counters).await;
                }
            });
            let _ = done.send(());
        })
        .map_err(|e| failed(format!("cannot start the writer's thread: {e}")))?;
    match opened.await {
        Ok(Ok(())) => Ok(finished),
        Ok(Err(e)) => Err(failed(e.to_string())),
        Err(_) => Err(failed("the writer's thread stopped".into())),
    }
}

async fn run(
    mut link: Link,
    mut queue: mpsc::UnboundedReceiver<Op>,
    batching: Batching,
    max_batch: usize,
    node: Arc<Node>,
    counters: Arc<Counters>,
) {
    let mut batch = Vec::with_capacity(max_batch);
    let mut known = Known::default();
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
        // new games first, all in one transaction (they wait for no lock
        // of the appends' on PostgreSQL)
        let (creates, rest): (Vec<Op>, Vec<Op>) =
            batch.drain(..).partition(|op| matches!(op, Op::Create(..)));
        batch.extend(rest);
        if !creates.is_empty() {
            let outcomes = create(&mut link, &node, &creates).await;
            for (op, outcome) in creates.into_iter().zip(outcomes) {
                if let (Op::Create(game, _), Ok(())) = (&op, &outcome) {
                    // no entry yet, under this node's lease at epoch 1
                    known.committed(&game.id, -1, 1);
                }
                op.reply(outcome);
            }
        }
        if !batch.is_empty() {
            commit(&mut link, &mut batch, &node, &counters, &mut known).await;
        }
    }
}

/// Creates the games of `creates`, each owned by this node (its lease at
/// epoch 1) with its seats' token hashes, all in one transaction: one call
/// of `arbitre_create` (migrations/postgres/0007_batch_functions.sql).
/// Each one's outcome, in order: a game whose id is taken (in the store, or
/// by an earlier game of the batch) is refused alone.
async fn create(link: &mut Link, node: &Node, creates: &[Op]) -> Vec<Result<(), StoreError>> {
    let games: Vec<&NewGame> = creates
        .iter()
        .filter_map(|op| match op {
            Op::Create(game, _) => Some(&**game),
            _ => None,
        })
        .collect();
    // an id twice in the batch: the later ones are refused here (the
    // database would take both games' tokens for the one game inserted)
    let mut ids: HashSet<&str> = HashSet::new();
    let first: Vec<bool> = games.iter().map(|g| ids.insert(&g.id)).collect();
    let written: Vec<&NewGame> = games
        .iter()
        .zip(&first)
        .filter_map(|(g, first)| first.then_some(*g))
        .collect();
    let result = create_on(link, node, &written).await;
    link.settle(&result).await;
    games
        .iter()
        .zip(first)
        .map(|(game, first)| match &result {
            Ok(inserted) if first && inserted.contains(&game.id) => Ok(()),
            Ok(_) => Err(StoreError::GameExists(game.id.clone())),
            Err(e) => Err(e.clone()),
        })
        .collect()
}

async fn create_on(
    link: &mut Link,
    node: &Node,
    games: &[&NewGame],
) -> Result<HashSet<String>, StoreError> {
    let during = db("creating a game");
    let n = games.len();
    let (mut macs, mut summary_macs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut hashes, mut token_games, mut seats, mut token_macs) = (
        Vec::with_capacity(3 * n),
        Vec::with_capacity(3 * n),
        Vec::with_capacity(3 * n),
        Vec::with_capacity(3 * n),
    );
    for game in games {
        let (mac, summary_mac) = game_macs(node, game);
        macs.push(mac);
        summary_macs.push(summary_mac);
        for (seat, hash) in &game.tokens {
            hashes.push(hash.0.to_vec());
            token_games.push(game.id.as_str());
            seats.push(seat.code());
            token_macs.push(node.key.seat(&hash.0, &game.id, seat.code()));
        }
    }
    let column = |f: fn(&NewGame) -> &str| games.iter().map(|g| f(g)).collect::<Vec<&str>>();
    let optional =
        |f: fn(&NewGame) -> Option<&str>| games.iter().map(|g| f(g)).collect::<Vec<Option<&str>>>();
    let inserted: Vec<String> = sqlx::query_scalar(
        "SELECT arbitre_create($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(node.name.as_str())
    .bind(column(|g| &g.id))
    .bind(games.iter().map(|g| g.created_ms).collect::<Vec<i64>>())
    .bind(column(|g| &g.setup))
    .bind(optional(|g| g.white.as_deref()))
    .bind(optional(|g| g.black.as_deref()))
    .bind(column(|g| &g.edition))
    .bind(column(|g| &g.time_control))
    .bind(column(|g| &g.state))
    .bind(&macs)
    .bind(&summary_macs)
    .bind(&hashes)
    .bind(&token_games)
    .bind(&seats)
    .bind(&token_macs)
    .fetch_all(link.get().await?)
    .await
    .map_err(&during)?;
    Ok(inserted.into_iter().collect())
}

/// Commits a batch in one transaction and answers each of its callers:
/// after the commit, each with its own outcome; if the transaction fails,
/// all with its error.
///
/// A batch is first written with one call of `arbitre_append` ([`at_once`]);
/// if any of its appends is refused (a retried `client_id`, a sequence
/// number taken, an unknown game), that transaction is rolled back and the
/// batch written again append by append ([`one_by_one`]), which finds each
/// one's outcome.
///
/// Every transaction renews this node's lease and checks its epoch in one
/// statement (the function's last; [`fence`] for the transaction of
/// `one_by_one`), and every entry is inserted only if its
/// game's lease names this node with the owner's epoch: a node that lost
/// its lease commits nothing ([`StoreError::Fenced`]).
async fn commit(
    link: &mut Link,
    batch: &mut Vec<Op>,
    node: &Node,
    counters: &Counters,
    known: &mut Known,
) {
    let started = Instant::now();
    let result = match at_once(link, batch, node, known).await {
        Ok(true) => Ok(batch.iter().map(|_| Ok(())).collect()),
        Ok(false) => {
            counters.rewritten.fetch_add(1, Ordering::Relaxed);
            one_by_one(link, batch, node).await
        }
        Err(e) => Err(e),
    };
    known.learn(batch, &result);
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    let games = settle(batch, result, micros, node, counters);
    published(link, node, games).await;
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

/// Writes the whole batch with one call of `arbitre_append`
/// (migrations/postgres/0007_batch_functions.sql): one `INSERT` for its
/// entries, one `UPDATE` for its games' listing columns and one for the
/// node's fence, committed as the call's own transaction if every entry
/// went in: `Ok(true)`. `Ok(false)` (nothing committed) when an entry was
/// refused or a number does not fit.
///
/// Each entry must still be its game's next: the store's last `seq` plus
/// its rank among the batch's entries of that game (a statement reads the
/// table as it was before it), read from the table unless `known` says
/// the entry follows the one this writer last committed for its game.
async fn at_once(
    link: &mut Link,
    batch: &[Op],
    node: &Node,
    known: &Known,
) -> Result<bool, StoreError> {
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
            // written apart, before the batch (`run`)
            Op::Create(..) => {}
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
        if let Some(summary) = row.append.summary.as_ref().filter(|s| s.changes_listing) {
            summaries.insert(row.append.game_id.as_str(), (summary, row.seq));
        }
    }
    // the batch as one array per column, the whole written by one call of
    // `arbitre_append` (migrations/postgres/0007_batch_functions.sql), made
    // outside any transaction: one round trip, committed when it answers
    let n = rows.len();
    let mut games: Vec<&str> = Vec::with_capacity(n);
    let mut seqs: Vec<i64> = Vec::with_capacity(n);
    let mut entries: Vec<&str> = Vec::with_capacity(n);
    let mut received: Vec<i64> = Vec::with_capacity(n);
    let mut clients: Vec<Option<&str>> = Vec::with_capacity(n);
    let mut answers: Vec<Option<&str>> = Vec::with_capacity(n);
    let mut ranks: Vec<i64> = Vec::with_capacity(n);
    let mut moves: Vec<Option<i64>> = Vec::with_capacity(n);
    let mut leases: Vec<i64> = Vec::with_capacity(n);
    let mut macs: Vec<&[u8]> = Vec::with_capacity(n);
    let mut follows: Vec<bool> = Vec::with_capacity(n);
    for row in &rows {
        follows.push(known.follows(&row.append.game_id, row.seq - row.rank, row.lease));
        games.push(&row.append.game_id);
        seqs.push(row.seq);
        entries.push(&row.append.entry);
        received.push(row.append.received_ms);
        clients.push(row.append.client_id.as_deref());
        answers.push(row.append.answer.as_deref());
        ranks.push(row.rank);
        moves.push(row.moves);
        leases.push(row.lease);
        macs.push(&row.mac);
    }
    let s = summaries.len();
    let mut ids: Vec<&str> = Vec::with_capacity(s);
    let mut states: Vec<&str> = Vec::with_capacity(s);
    let mut results: Vec<Option<&str>> = Vec::with_capacity(s);
    let mut summary_seqs: Vec<i64> = Vec::with_capacity(s);
    let mut summary_macs: Vec<Vec<u8>> = Vec::with_capacity(s);
    for (game, (summary, seq)) in &summaries {
        ids.push(game);
        states.push(&summary.state);
        results.push(summary.result.as_deref());
        summary_seqs.push(*seq);
        summary_macs.push(summary_mac(node, game, summary, *seq));
    }
    let during = db("committing appends");
    let result = async {
        let conn = link.get().await?;
        let called = sqlx::query_scalar::<_, Option<i64>>(
            "SELECT arbitre_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
             $14, $15, $16, $17, $18, $19, $20)",
        )
        .bind(node.name.as_str())
        .bind(node.epoch.load(Ordering::SeqCst))
        .bind(latest)
        .bind(node.lease_ms)
        .bind(&games)
        .bind(&seqs)
        .bind(&entries)
        .bind(&received)
        .bind(&clients)
        .bind(&answers)
        .bind(&ranks)
        .bind(&moves)
        .bind(&leases)
        .bind(&macs)
        .bind(&follows)
        .bind(&ids)
        .bind(&states)
        .bind(&results)
        .bind(&summary_seqs)
        .bind(&summary_macs)
        .fetch_one(conn)
        .await;
        let commits = match called {
            Ok(commits) => commits,
            // nothing was committed: an entry refused, written again one
            // by one; or this node fenced
            Err(e) => match e.as_database_error().and_then(|d| d.code()).as_deref() {
                Some(REFUSED | UNIQUE_VIOLATION) => return Ok(false),
                Some(FENCED) => {
                    return Err(StoreError::Fenced {
                        node: node.name.clone(),
                    })
                }
                _ => return Err(during(e)),
            },
        };
        if let Some(commits) = commits {
            node.committed.store(commits, Ordering::SeqCst);
        }
        Ok(true)
    }
    .await;
    link.settle(&result).await;
    result
}

/// What `arbitre_append` raises when an entry of the batch was refused.
const REFUSED: &str = "AR001";
/// What the `INSERT` of `arbitre_append` raises when an entry's `seq` or
/// `client_id` is taken (refused, as `AR001`).
const UNIQUE_VIOLATION: &str = "23505";
/// What `arbitre_append` raises when this node's epoch is not its own.
const FENCED: &str = "AR002";

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
/// entries, and with several nodes the other nodes' too (`NOTIFY`,
/// outside the transaction, once the callers are answered).
async fn published(link: &mut Link, node: &Node, games: Vec<Arc<str>>) {
    if games.is_empty() {
        return;
    }
    wake(node, &games);
    if node.notify {
        let ids: Vec<&str> = games.iter().map(|g| &**g).collect();
        let notified = match link.get().await {
            Ok(conn) => sqlx::query("SELECT pg_notify($1, g) FROM unnest($2::text[]) AS g")
                .bind(CHANNEL)
                .bind(&ids)
                .execute(conn)
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = notified {
            tracing::warn!(error = %e, "notifying the other nodes");
        }
    }
}

/// Writes the batch append by append in one transaction, each refused
/// append (see [`refusal`]) leaving the others in: each one's outcome, or
/// the transaction's error.
async fn one_by_one(
    link: &mut Link,
    batch: &[Op],
    node: &Node,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut outcomes: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
    let during = db("committing appends");
    let result = async {
        let conn = link.get().await?;
        let mut tx = sqlx::Connection::begin(conn).await.map_err(&during)?;
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
                                if let Some(summary) =
                                    append.summary.as_ref().filter(|s| s.changes_listing)
                                {
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
                // written apart, before the batch (`run`)
                Op::Create(game, _) => Err(StoreError::Database {
                    during: "committing appends",
                    reason: format!("game `{}` is created apart", game.id),
                }),
            };
            outcomes.push(outcome);
        }
        // fenced even when every append was refused: a node that lost its
        // lease is told so, not each append's reason
        let at_ms = latest.unwrap_or(0);
        let Some(commits) = fence(&mut tx, node, POSTGRES_NOW, at_ms)
            .await
            .map_err(&during)?
        else {
            tx.rollback().await.map_err(&during)?;
            return Err(StoreError::Fenced {
                node: node.name.clone(),
            });
        };
        tx.commit().await.map_err(&during)?;
        node.committed.store(commits, Ordering::SeqCst);
        Ok(())
    }
    .await;
    link.settle(&result).await;
    result?;
    Ok(outcomes)
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
    let game = append.game_id.as_str();
    let lease: Option<(String, i64)> =
        sqlx::query_as("SELECT node, epoch FROM leases WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&mut **tx)
            .await
            .map_err(&during)?;
    if let Some(refused) = lease_refusal(append, this, lease) {
        return Ok(refused);
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
    Ok(seq_refusal(append, next))
}
