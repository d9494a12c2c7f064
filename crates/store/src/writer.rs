//! The writer: one task that commits the appends of all games, grouped
//! into transactions as [`Batching`] says.

use std::{
    collections::{HashMap, HashSet},
    sync::{atomic::Ordering, Arc},
    time::Instant,
};

use tokio::sync::{mpsc, oneshot};

use crate::{error::db, i64_of, on_pool, Append, Batching, Counters, Pool, StoreError, Summary};

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
    node: String,
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
async fn commit(pool: &Pool, batch: &mut Vec<Op>, node: &str, counters: &Counters) {
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
            for (op, outcome) in batch.drain(..).zip(outcomes) {
                op.reply(outcome);
            }
        }
        Err(e) => {
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
}

/// Writes the whole batch with one `INSERT` for its entries, one `UPDATE`
/// for its games' listing columns and one for the node's instant, and
/// commits if every entry went in: `Ok(true)`. `Ok(false)` (nothing
/// committed) when an entry was refused or a number does not fit.
///
/// Each entry must still be its game's next: the store's last `seq` plus
/// its rank among the batch's entries of that game (a statement reads the
/// table as it was before it).
async fn at_once(pool: &Pool, batch: &[Op], node: &str) -> Result<bool, StoreError> {
    let mut rows: Vec<Row<'_>> = Vec::with_capacity(batch.len());
    let mut ranks: HashMap<&str, i64> = HashMap::new();
    let mut latest: Option<i64> = None;
    for op in batch {
        match op {
            Op::Append(append, _) => {
                let (Ok(seq), Ok(moves)) = (
                    i64_of(append.seq, "sequence number"),
                    append
                        .summary
                        .as_ref()
                        .map(|s| i64_of(s.moves, "number of moves"))
                        .transpose(),
                ) else {
                    return Ok(false);
                };
                let rank = ranks.entry(append.game_id.as_str()).or_insert(0);
                rows.push(Row {
                    append,
                    seq,
                    moves,
                    rank: *rank,
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
    // each game's state and result after its last entry of the batch
    let mut summaries: HashMap<&str, &Summary> = HashMap::new();
    for row in &rows {
        if let Some(summary) = &row.append.summary {
            summaries.insert(row.append.game_id.as_str(), summary);
        }
    }
    let during = db("committing appends");
    on_pool!(pool, p => async {
        let mut tx = p.begin().await.map_err(&during)?;
        if !rows.is_empty() {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO events (game_id, seq, entry, received_ms, client_id, answer, moves) \
                 SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, \
                 v.column8 FROM (",
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
                    .push_bind(row.moves);
            });
            insert.push(
                ") AS v WHERE EXISTS (SELECT 1 FROM games WHERE id = v.column1) \
                 AND v.column2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM events \
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
                "UPDATE games SET state = v.column2, result = v.column3 FROM (",
            );
            update.push_values(&summaries, |mut values, (game, summary)| {
                values
                    .push_bind(*game)
                    .push_bind(summary.state.as_str())
                    .push_bind(summary.result.as_deref());
            });
            // a game's row is written only when its state or result changes
            update.push(
                ") AS v WHERE games.id = v.column1 AND (games.state IS DISTINCT FROM v.column2 \
                 OR games.result IS DISTINCT FROM v.column3)",
            );
            update.build().persistent(false).execute(&mut *tx).await.map_err(&during)?;
        }
        if let Some(at_ms) = latest {
            record_instant(&mut tx, node, at_ms).await.map_err(&during)?;
        }
        tx.commit().await.map_err(&during)?;
        Ok(true)
    }.await)
}

/// Raises the node's last durable instant to `at_ms` (never lowers it).
async fn record_instant<'c, DB>(
    tx: &mut sqlx::Transaction<'c, DB>,
    node: &str,
    at_ms: i64,
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    for<'q> DB::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    sqlx::query(
        "INSERT INTO instants (node, at_ms) VALUES ($1, $2) ON CONFLICT (node) DO UPDATE \
         SET at_ms = CASE WHEN excluded.at_ms > instants.at_ms \
         THEN excluded.at_ms ELSE instants.at_ms END",
    )
    .bind(node)
    .bind(at_ms)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}

/// Writes the batch append by append in one transaction, each refused
/// append (see [`refusal`]) leaving the others in: each one's outcome, or
/// the transaction's error.
async fn one_by_one(
    pool: &Pool,
    batch: &[Op],
    node: &str,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut outcomes: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
    let during = db("committing appends");
    on_pool!(pool, p => async {
        let mut tx = p.begin().await.map_err(&during)?;
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
                    match (seq, moves) {
                        (Ok(seq), Ok(moves)) => {
                            let inserted = sqlx::query(
                                "INSERT INTO events \
                                 (game_id, seq, entry, received_ms, client_id, answer, moves) \
                                 SELECT $1, $2, $3, $4, $5, $6, $7 \
                                 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1) \
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
                            .execute(&mut *tx)
                            .await
                            .map_err(&during)?;
                            if inserted.rows_affected() == 1 {
                                if let Some(summary) = &append.summary {
                                    sqlx::query(
                                        "UPDATE games SET state = $2, result = $3 \
                                         WHERE id = $1 AND (state IS DISTINCT FROM $2 \
                                         OR result IS DISTINCT FROM $3)",
                                    )
                                    .bind(&append.game_id)
                                    .bind(&summary.state)
                                    .bind(&summary.result)
                                    .execute(&mut *tx)
                                    .await
                                    .map_err(&during)?;
                                }
                                latest = latest.max(Some(append.received_ms));
                                Ok(())
                            } else {
                                Err(refusal(&mut tx, append).await?)
                            }
                        }
                        (Err(e), _) | (_, Err(e)) => Err(e),
                    }
                }
                Op::Instant(at_ms, _) => {
                    latest = latest.max(Some(*at_ms));
                    Ok(())
                }
            };
            outcomes.push(outcome);
        }
        if let Some(at_ms) = latest {
            record_instant(&mut tx, node, at_ms).await.map_err(&during)?;
        }
        tx.commit().await.map_err(&during)
    }.await)?;
    Ok(outcomes)
}

/// Why an append inserted nothing: its `client_id` is taken, its game is
/// unknown, or its `seq` is not the next.
async fn refusal<'c, DB>(
    tx: &mut sqlx::Transaction<'c, DB>,
    append: &Append,
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
    for<'a> &'a str: sqlx::ColumnIndex<DB::Row>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    let during = db("checking a refused append");
    let game = append.game_id.as_str();
    if let Some(client_id) = &append.client_id {
        let first: Option<(i64, Option<String>)> = sqlx::query_as(
            "SELECT seq, answer FROM events WHERE game_id = $1 AND client_id = $2 \
                 ORDER BY seq LIMIT 1",
        )
        .bind(game)
        .bind(client_id.as_str())
        .fetch_optional(&mut **tx)
        .await
        .map_err(&during)?;
        if let Some((seq, answer)) = first {
            return Ok(StoreError::DuplicateClientId {
                game: game.to_string(),
                client_id: client_id.clone(),
                seq: u64::try_from(seq).unwrap_or_default(),
                answer,
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
