//! The writer: one task that commits the appends of all games, grouped
//! into transactions as [`Batching`] says.

use std::{
    sync::{atomic::Ordering, Arc},
    time::Instant,
};

use tokio::sync::{mpsc, oneshot};

use crate::{error::db, i64_of, on_pool, Append, Batching, Counters, Pool, StoreError};

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
async fn commit(pool: &Pool, batch: &mut Vec<Op>, node: &str, counters: &Counters) {
    let started = Instant::now();
    let mut outcomes: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
    let during = db("committing appends");
    let result: Result<(), StoreError> = on_pool!(pool, p => async {
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
                                 (game_id, seq, entry, received_ms, client_id, answer) \
                                 SELECT $1, $2, $3, $4, $5, $6 \
                                 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1) \
                                 AND $2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM events \
                                           WHERE game_id = $1) \
                                 ON CONFLICT DO NOTHING",
                            )
                            .bind(&append.game_id)
                            .bind(seq)
                            .bind(&append.entry)
                            .bind(append.received_ms)
                            .bind(&append.client_id)
                            .bind(&append.answer)
                            .execute(&mut *tx)
                            .await
                            .map_err(&during)?;
                            if inserted.rows_affected() == 1 {
                                if let (Some(summary), Some(moves)) = (&append.summary, moves) {
                                    sqlx::query(
                                        "UPDATE games SET state = $2, result = $3, moves = $4 \
                                         WHERE id = $1",
                                    )
                                    .bind(&append.game_id)
                                    .bind(&summary.state)
                                    .bind(&summary.result)
                                    .bind(moves)
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
            sqlx::query(
                "INSERT INTO instants (node, at_ms) VALUES ($1, $2) ON CONFLICT (node) DO UPDATE \
                 SET at_ms = CASE WHEN excluded.at_ms > instants.at_ms \
                 THEN excluded.at_ms ELSE instants.at_ms END",
            )
            .bind(node)
            .bind(at_ms)
            .execute(&mut *tx)
            .await
            .map_err(&during)?;
        }
        tx.commit().await.map_err(&during)
    }.await);
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    match result {
        Ok(()) => {
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
        let first: Option<(i64, Option<String>)> =
            sqlx::query_as("SELECT seq, answer FROM events WHERE game_id = $1 AND client_id = $2")
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
