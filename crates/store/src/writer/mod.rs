//! The writer: one thread, whichever the backend, that commits
//! the appends of all games, grouped into transactions as [`Batching`]
//! says, and answers each caller after the commit.
//!
//! - `sqlite.rs`: the SQLite writer, a thread of its own driving its own
//!   connection to the file directly (rusqlite), statements prepared once;
//! - `postgres.rs`: the PostgreSQL writer, a thread with its own runtime
//!   and connection (sqlx), a whole batch in one call of a function (one
//!   round trip).
//!
//! Both keep the same contract (`lib.rs`): an entry is inserted only if it
//! is its game's next, its `client_id` is new to the game and its game's
//! lease names this node with the owner's epoch; every transaction renews
//! the node's lease and checks its epoch; a refused append fails alone.
//! Both remember the last `seq` they committed for each game ([`Known`]):
//! an entry that follows it under the same lease is not checked against its
//! game's last entry in the table, whose unique keys on (game, `seq`) and
//! (game, `client_id`) still refuse a number or a `client_id` taken.

pub(crate) mod postgres;
pub(crate) mod sqlite;

use std::{
    collections::HashMap,
    sync::{atomic::Ordering, Arc},
};

use tokio::sync::oneshot;

use crate::{
    mac::{EntryFields, GameFields},
    Append, Counters, NewGame, Node, StoreError, Summary,
};

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// What the writer is asked to commit.
pub(crate) enum Op {
    /// An entry.
    Append(Append, Reply),
    /// This node's last instant.
    Instant(i64, Reply),
    /// A new game, with its lease and its seats' tokens (SQLite: written
    /// by the writer, the one connection that writes the file under load).
    Create(Box<NewGame>, Reply),
}

impl Op {
    fn reply(self, result: Result<(), StoreError>) {
        let reply = match self {
            Op::Append(_, reply) | Op::Instant(_, reply) | Op::Create(_, reply) => reply,
        };
        // the caller may have given up waiting: nothing to tell then
        let _ = reply.send(result);
    }
}

/// An append's authentication code at its place.
pub(crate) fn entry_mac(node: &Node, append: &Append, seq: i64) -> Vec<u8> {
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
pub(crate) fn summary_mac(node: &Node, game_id: &str, summary: &Summary, seq: i64) -> Vec<u8> {
    node.key
        .summary(game_id, &summary.state, summary.result.as_deref(), seq)
}

/// Why an append was refused, from its game's lease as the store has it:
/// no game, or a lease naming another node or epoch; `None` when the lease
/// is this owner's (the reason is elsewhere: [`seq_refusal`]).
pub(crate) fn lease_refusal(
    append: &Append,
    node: &Node,
    lease: Option<(String, i64)>,
) -> Option<StoreError> {
    let game = append.game_id.as_str();
    match lease {
        None => Some(StoreError::NoSuchGame(game.to_string())),
        Some((holder, epoch))
            if holder != node.name || u64::try_from(epoch).ok() != Some(append.lease) =>
        {
            Some(StoreError::LeaseLost {
                game: game.to_string(),
                holder,
                epoch: u64::try_from(epoch).unwrap_or_default(),
            })
        }
        Some(_) => None,
    }
}

/// Why an append whose lease and `client_id` stand was refused: its game's
/// next `seq` as the store has it (none: no such game).
pub(crate) fn seq_refusal(append: &Append, next: Option<i64>) -> StoreError {
    let game = append.game_id.as_str();
    match next {
        None => StoreError::NoSuchGame(game.to_string()),
        Some(next) => StoreError::SeqTaken {
            game: game.to_string(),
            seq: append.seq,
            next: u64::try_from(next).unwrap_or_default(),
        },
    }
}

/// A new game's authentication codes: its row's, and its listed state's
/// before any entry.
pub(crate) fn game_macs(node: &Node, game: &NewGame) -> (Vec<u8>, Vec<u8>) {
    (
        node.key.game(GameFields {
            id: &game.id,
            created_ms: game.created_ms,
            setup: &game.setup,
            white: game.white.as_deref(),
            black: game.black.as_deref(),
            edition: &game.edition,
            time_control: &game.time_control,
        }),
        node.key.summary(&game.id, &game.state, None, -1),
    )
}

/// After a transaction: counts it, writes the mark (before any caller is
/// told: an acknowledged commit is always within it; SQLite: a log cut
/// short is found at start), answers each caller with its own outcome, or
/// all with the transaction's error; the games that have new entries,
/// each once, in the order of their first entry.
pub(crate) fn settle(
    batch: &mut Vec<Op>,
    result: Result<Vec<Result<(), StoreError>>, StoreError>,
    micros: u64,
    node: &Node,
    counters: &Counters,
) -> Vec<Arc<str>> {
    let mut games: Vec<Arc<str>> = Vec::new();
    match result {
        Ok(outcomes) => {
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
        }
        Err(e) => {
            for op in batch.drain(..) {
                op.reply(Err(e.clone()));
            }
        }
    }
    games
}

/// The last `seq` this writer committed for each game it appended to or
/// created, with the game's lease epoch then. An append that follows it
/// under the same lease needs no reading of its game's last entry from the
/// table: while the lease names this node no one else writes the game, and
/// a game that went to another node and came back has a higher epoch.
/// Anything uncertain (a failed transaction, an append refused) forgets.
#[derive(Default)]
pub(crate) struct Known {
    last: HashMap<String, (i64, i64)>,
}

/// How many games [`Known`] holds before it starts again from nothing
/// (each game's next append then reads its last `seq` once).
pub(crate) const KNOWN_GAMES: usize = 100_000;

impl Known {
    /// Whether `base` (an append's `seq` less its rank in the batch) is
    /// its game's next under lease epoch `lease`.
    pub(crate) fn follows(&self, game: &str, base: i64, lease: i64) -> bool {
        self.last.get(game) == Some(&(base - 1, lease))
    }

    /// The last `seq` committed for `game`, with its lease epoch then.
    pub(crate) fn last(&self, game: &str) -> Option<(i64, i64)> {
        self.last.get(game).copied()
    }

    pub(crate) fn committed(&mut self, game: &str, seq: i64, lease: i64) {
        if let Some(last) = self.last.get_mut(game) {
            *last = (seq, lease);
            return;
        }
        if self.last.len() >= KNOWN_GAMES {
            self.last.clear();
        }
        self.last.insert(game.to_owned(), (seq, lease));
    }

    /// What a batch's transaction taught: each append committed, its
    /// game's last `seq`; each refused, its game forgotten; the
    /// transaction failed (committed or not, no one knows), everything.
    pub(crate) fn learn(
        &mut self,
        batch: &[Op],
        result: &Result<Vec<Result<(), StoreError>>, StoreError>,
    ) {
        let Ok(outcomes) = result else {
            self.last.clear();
            return;
        };
        for (op, outcome) in batch.iter().zip(outcomes) {
            if let (Op::Create(game, _), Ok(())) = (op, outcome) {
                // no entry yet, under this node's lease at epoch 1
                self.committed(&game.id, -1, 1);
                continue;
            }
            let Op::Append(append, _) = op else { continue };
            match (
                outcome,
                i64::try_from(append.seq),
                i64::try_from(append.lease),
            ) {
                (Ok(()), Ok(seq), Ok(lease)) => self.committed(&append.game_id, seq, lease),
                _ => {
                    self.last.remove(append.game_id.as_str());
                }
            }
        }
    }
}

/// Wakes this node's readers of the games that have new entries.
pub(crate) fn wake(node: &Node, games: &[Arc<str>]) {
    if node.commits.receiver_count() > 0 {
        for game in games {
            let _ = node.commits.send(game.clone());
        }
    }
}

/// How long after a disk full every commit first empties the log.
pub(crate) const TIGHT: std::time::Duration = std::time::Duration::from_secs(60);

/// Whether the log must be emptied before this commit: after a disk full,
/// and for [`TIGHT`] after the room came back.
pub(crate) fn must_reclaim(node: &Node) -> bool {
    node.full.load(Ordering::SeqCst)
        || node
            .tight_until
            .lock()
            .ok()
            .and_then(|t| *t)
            .is_some_and(|until| std::time::Instant::now() < until)
}

/// The log was emptied after a disk full: commits go on emptying it first
/// for [`TIGHT`].
pub(crate) fn reclaimed(node: &Node) {
    if node.full.swap(false, Ordering::SeqCst) {
        if let Ok(mut t) = node.tight_until.lock() {
            *t = Some(std::time::Instant::now() + TIGHT);
        }
        tracing::info!("the disk has room again: the write-ahead log was copied and emptied");
    }
}
