//! The durable store of `arbitre serve`: games, their seats' tokens (as
//! hashes) and their event logs, in an embedded SQLite file or in
//! PostgreSQL, behind one API.
//!
//! The durability contract: [`Store::append`] resolves only after the
//! transaction holding the entry has committed — on SQLite with
//! `journal_mode=wal` and `synchronous=full` (the commit is fsynced; both
//! are read back at start and a database that does not hold them is
//! refused), on PostgreSQL with `fsync=on` and `synchronous_commit=on`. One
//! writer commits the appends and new games of all games together (group
//! commit, [`Batching`]): on SQLite a thread of its own on its own
//! connection, on PostgreSQL likewise (a thread with its own runtime and
//! connection); an append that conflicts
//! (its `seq` is not the game's next, or its `client_id` was used already)
//! fails alone, not its batch.
//!
//! Where things are: the types and the [`Store`] here; `open.rs` (opening:
//! settings, migrations, the key, the mark; closing), `writer/` (the
//! writers: `sqlite.rs`, `postgres.rs`), `lease.rs` (the lease protocol of
//! several nodes), `read.rs` (games read back, authenticated), `token.rs`
//! (tokens), `mac.rs` (the rows' authentication), `mark.rs` (SQLite's mark
//! of its commits beside the file).
//!
//! The schema (`migrations/`, migrated forward at start): `games` (setup
//! and metadata as JSON, and the listing's columns), `seat_tokens` and
//! `organiser_tokens` (SHA-256 hashes only), `events` (`(game_id, seq)`, the
//! entry as JSON, the receive instant, `client_id`, the first answer and the
//! number of moves after the entry: on SQLite a table written at its end
//! with one index by game, `migrations/sqlite/0002_events_append_only.sql`),
//! `instants` (each node's last durable instant, and its lease: epoch,
//! address, expiry), `leases` (each game's owner and epoch; several nodes
//! on one PostgreSQL database, `migrations/postgres/0003_leases.sql`).

#![warn(missing_docs)]

mod error;
mod lease;
mod mac;
mod mark;
mod open;
mod read;
mod round;
mod token;
mod writer;

use std::{
    str::FromStr,
    sync::{
        atomic::{AtomicI64, AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use arbitre_record::StoredEntry;
use sqlx::{
    migrate::Migrator,
    postgres::{PgConnectOptions, PgPool, PgPoolOptions},
    sqlite::{
        SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
    },
    Connection, Row,
};
use tokio::{
    sync::{broadcast, mpsc},
    task::JoinHandle,
};

pub use error::StoreError;
pub use mac::MacKey;
pub use round::RoundRow;
pub use token::{new_token, TokenHash};

use error::db;
use mac::{matches, EntryFields, GameFields};
use writer::Op;

use lease::{listen, register};
pub(crate) use open::{
    check_postgres, synchronous_name, SQLITE_REQUIRED, WAL_BACKSTOP_PAGES, WRITER_CACHE_KIB,
};
pub(crate) use read::{checked_entry, event_row, EVENT_COLUMNS};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// How the writer groups appends into transactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Batching {
    /// One transaction per append (no grouping).
    PerAppend,
    /// From the first queued append, wait this long for others, then commit
    /// them all.
    Window(Duration),
    /// Commit whatever is queued as soon as the writer is free: appends
    /// that arrive during a commit go together into the next.
    AsSoonAsFree,
}

/// How a store runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// How appends are grouped; default: as soon as the writer is free
    /// (no wait before a commit; under load, the appends that arrived during
    /// one commit go into the next — BENCHMARKS.md, "The store").
    pub batching: Batching,
    /// At most this many appends per transaction; default 1024.
    pub max_batch: usize,
    /// This node's name: the owner of the games it creates, and the key of
    /// its last durable instant; default `local`.
    pub node: String,
    /// Connections of the pool (readers, and the writer's); default 4.
    pub max_connections: u32,
    /// Where the other nodes reach this one (`http://host:port`), when it
    /// runs beside others on one database: stored with its lease, and each
    /// commit then notifies the other nodes (PostgreSQL `NOTIFY`).
    pub address: Option<String>,
    /// How long this node's lease lasts past its last commit or heartbeat;
    /// once it has expired, another node may take its games over.
    /// Default 5 s.
    pub lease: Duration,
    /// The key every row's authentication code is made and checked with
    /// (`mac.rs`): required — [`Store::open`] refuses to open without it.
    /// Every node of one database must have the same.
    pub key: Option<MacKey>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            batching: Batching::AsSoonAsFree,
            max_batch: 1024,
            node: "local".into(),
            max_connections: 4,
            address: None,
            lease: Duration::from_secs(5),
            key: None,
        }
    }
}

/// The database behind a store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file.
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// A seat of a game, which a token acts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// White's player.
    White,
    /// Black's player.
    Black,
    /// The game's arbiter.
    Arbiter,
}

impl Seat {
    /// `white`, `black` or `arbiter`.
    pub fn code(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
            Seat::Arbiter => "arbiter",
        }
    }

    fn from_code(code: &str) -> Result<Seat, StoreError> {
        match code {
            "white" => Ok(Seat::White),
            "black" => Ok(Seat::Black),
            "arbiter" => Ok(Seat::Arbiter),
            other => Err(StoreError::Corrupt(format!("a seat `{other}`"))),
        }
    }
}

/// A game to create.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Its id (chosen by the server).
    pub id: String,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The setup and metadata, as JSON text (kept as written).
    pub setup: String,
    /// White's name, if known.
    pub white: Option<String>,
    /// Black's name, if known.
    pub black: Option<String>,
    /// The edition's code (`fide-2023`).
    pub edition: String,
    /// The time control as written.
    pub time_control: String,
    /// The state's code at creation (`playing`).
    pub state: String,
    /// The hashes of the seats' tokens: White's, Black's, the arbiter's.
    pub tokens: [(Seat, TokenHash); 3],
}

/// A game as listed and loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Its id.
    pub id: String,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: i64,
    /// The node that owns it now (its lease).
    pub owner: String,
    /// The setup and metadata, as JSON text.
    pub setup: String,
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The edition's code.
    pub edition: String,
    /// The time control.
    pub time_control: String,
    /// The state's code, as of the last append that set it.
    pub state: String,
    /// The result, once there is one.
    pub result: Option<String>,
    /// The number of moves, as of the last append that set it.
    pub moves: u64,
    /// Why its stored row fails its authentication, if it does: the game
    /// is listed so, and neither loaded nor served
    /// ([`StoreError::Tampered`]).
    pub tampered: Option<String>,
}

/// What an append changes in the game's listing (in the same transaction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The state's code after the entry.
    pub state: String,
    /// The result after the entry.
    pub result: Option<String>,
    /// The number of moves after the entry.
    pub moves: u64,
    /// Whether the state or the result may differ from the game's row as
    /// stored before this entry: the row is written only then (`true`
    /// when its writer does not know; `false` saves a statement per append).
    pub changes_listing: bool,
}

/// One entry to append to a game's log.
#[derive(Clone, Debug, PartialEq)]
pub struct Append {
    /// The game.
    pub game_id: String,
    /// Its place: the game's next sequence number.
    pub seq: u64,
    /// The entry as JSON text (`StoredEntry::to_json`).
    pub entry: String,
    /// The instant the event was received (ms).
    pub received_ms: i64,
    /// The client's id of the event, if it gave one.
    pub client_id: Option<String>,
    /// The answer given for it (JSON text), to give again on a retry.
    pub answer: Option<String>,
    /// The listing's columns after it, if they change.
    pub summary: Option<Summary>,
    /// The game's lease epoch its owner holds ([`Store::create_game`]'s
    /// is 1; [`Store::lease`], [`Store::take_over`]): the append is
    /// refused ([`StoreError::LeaseLost`]) if the game's lease names
    /// another node or epoch.
    pub lease: u64,
}

impl Append {
    /// The append of a stored entry, at its own `seq`, by the node that
    /// created the game (lease epoch 1).
    pub fn entry(game_id: impl Into<String>, entry: &StoredEntry, received_ms: i64) -> Append {
        Append {
            game_id: game_id.into(),
            seq: entry.seq,
            entry: entry.to_json().to_string(),
            received_ms,
            client_id: None,
            answer: None,
            summary: None,
            lease: 1,
        }
    }
}

/// A game's lease: the node that owns it, and the game's epoch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The node that owns the game.
    pub node: String,
    /// The game's epoch (raised at each change of owner).
    pub epoch: u64,
    /// Where that node is reached, if it said.
    pub address: Option<String>,
    /// Whether that node's own lease has not expired (the database's
    /// clock).
    pub alive: bool,
}

/// The games taken over from a node whose lease had expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenOver {
    /// The node they belonged to.
    pub from: String,
    /// Its last durable instant (ms), if it recorded one: where the outage
    /// of its running clocks begins.
    pub last_ms: Option<i64>,
    /// Each game taken: its id, its new epoch, and whether it is not
    /// finished.
    pub games: Vec<(String, u64, bool)>,
}

/// One entry of a game's log as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct EventRow {
    /// Its place in the log.
    pub seq: u64,
    /// The entry as JSON text.
    pub entry: String,
    /// The instant it was received (ms).
    pub received_ms: i64,
    /// The client's id, if it gave one.
    pub client_id: Option<String>,
    /// The answer given for it, if stored.
    pub answer: Option<String>,
}

impl EventRow {
    /// The entry, read back.
    pub fn stored_entry(&self) -> Result<StoredEntry, StoreError> {
        let value: serde_json::Value = serde_json::from_str(&self.entry)
            .map_err(|e| StoreError::Corrupt(format!("entry {}: {e}", self.seq)))?;
        StoredEntry::from_json(value)
            .map_err(|e| StoreError::Corrupt(format!("entry {}: {e}", self.seq)))
    }
}

/// A game with its whole log.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedGame {
    /// The game.
    pub game: GameRow,
    /// Every entry, in `seq` order.
    pub entries: Vec<EventRow>,
}

/// The filters of `GET /api/games`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games in this state.
    pub state: Option<String>,
    /// Only games this player plays (as White or Black).
    pub player: Option<String>,
}

/// Counters of the writer, since the store was opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Transactions committed by the writer.
    pub transactions: u64,
    /// Appends committed.
    pub appends: u64,
    /// Appends refused (conflicts, unknown games).
    pub refused: u64,
    /// The most appends in one transaction.
    pub largest_batch: u64,
    /// Batches written a second time append by append, because one of
    /// their appends was refused when the batch was written at once.
    pub rewritten: u64,
    /// Total time spent committing batches (from `BEGIN` to the end of
    /// `COMMIT`), in microseconds.
    pub commit_micros: u64,
}

#[derive(Default)]
pub(crate) struct Counters {
    transactions: AtomicU64,
    appends: AtomicU64,
    refused: AtomicU64,
    largest_batch: AtomicU64,
    rewritten: AtomicU64,
    commit_micros: AtomicU64,
}

#[derive(Clone)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same code on either pool: `$p` is the concrete pool.
macro_rules! on_pool {
    ($pool:expr, $p:ident => $body:expr) => {
        match $pool {
            $crate::Pool::Sqlite($p) => $body,
            $crate::Pool::Postgres($p) => $body,
        }
    };
}
pub(crate) use on_pool;

/// This node as its writer sees it: its name, its epoch (raised when it
/// registers again after losing its lease), how long a lease lasts, whether
/// its commits notify other nodes, and where it tells its own tasks which
/// games have new entries.
pub(crate) struct Node {
    pub(crate) name: String,
    pub(crate) epoch: AtomicI64,
    pub(crate) lease_ms: i64,
    pub(crate) notify: bool,
    pub(crate) commits: broadcast::Sender<Arc<str>>,
    pub(crate) key: MacKey,
    /// The node's number of commits, as of its last (`instants.commits`).
    pub(crate) committed: AtomicI64,
    /// SQLite: the mark beside the file (`mark.rs`).
    pub(crate) mark: Option<mark::Mark>,
    /// A commit failed for a disk full: the next one first reclaims the
    /// write-ahead log's space (`writer::reclaim`)...
    pub(crate) full: std::sync::atomic::AtomicBool,
    /// ...and so does every commit until then (the room is short: the log
    /// must not grow into it).
    pub(crate) tight_until: std::sync::Mutex<Option<std::time::Instant>>,
}

impl Node {
    /// Writes the node's number of commits to the mark, if it keeps one.
    pub(crate) fn write_mark(&self) {
        if let Some(mark) = &self.mark {
            mark.write(&self.key, &self.name, self.committed.load(Ordering::SeqCst));
        }
    }
}

/// The PostgreSQL channel a commit notifies with each game's id.
pub const CHANNEL: &str = "arbitre_events";

/// The database's clock in milliseconds since the epoch, as SQL: the
/// instant leases are renewed and compared with, the same for every node.
pub(crate) const SQLITE_NOW: &str = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)";
/// The same on PostgreSQL.
pub(crate) const POSTGRES_NOW: &str =
    "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";

/// The database's clock on this pool ([`SQLITE_NOW`], [`POSTGRES_NOW`]).
pub(crate) fn now_sql(pool: &Pool) -> &'static str {
    match pool {
        Pool::Sqlite(_) => SQLITE_NOW,
        Pool::Postgres(_) => POSTGRES_NOW,
    }
}

/// The store: a pool of connections and the writer.
pub struct Store {
    pool: Pool,
    node: String,
    this: Arc<Node>,
    /// PostgreSQL with several nodes: the task listening for the other
    /// nodes' commits.
    listener: Option<AbortOnDrop>,
    writer: mpsc::UnboundedSender<Op>,
    /// The writer's thread says here it has committed all it was given.
    task: tokio::sync::oneshot::Receiver<()>,
    /// SQLite: the task that checkpoints the write-ahead log.
    checkpoints: Option<AbortOnDrop>,
    counters: Arc<Counters>,
    /// The games a read found altered (`mac.rs`), and why: listed so by
    /// [`Store::list_games`] from then on.
    altered: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

/// A task stopped when its handle is dropped (with its store).
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn u64_of(v: i64, what: &str) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("{what} is {v}")))
}

pub(crate) fn i64_of(v: u64, what: &str) -> Result<i64, StoreError> {
    i64::try_from(v).map_err(|_| StoreError::OutOfRange(format!("{what} {v} is beyond 2^63")))
}

impl Store {
    /// Notes the game a read found altered; passes the result on.
    fn noted<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if let Err(StoreError::Tampered { game, what }) = &result {
            if let Ok(mut altered) = self.altered.lock() {
                altered.entry(game.clone()).or_insert_with(|| what.clone());
            }
        }
        result
    }

    /// The listed games with what reads found altered marked so (and
    /// what this listing found, remembered).
    fn marked(&self, rows: Result<Vec<GameRow>, StoreError>) -> Result<Vec<GameRow>, StoreError> {
        let mut rows = rows?;
        if let Ok(mut altered) = self.altered.lock() {
            for row in rows.iter_mut() {
                match &row.tampered {
                    Some(why) => {
                        altered.entry(row.id.clone()).or_insert_with(|| why.clone());
                    }
                    None => row.tampered = altered.get(&row.id).cloned(),
                }
            }
        }
        Ok(rows)
    }

    /// Why game `id` was found altered by a read of this store, if it was:
    /// it is served no more (a loaded game too).
    pub fn altered(&self, id: &str) -> Option<StoreError> {
        let altered = self.altered.lock().ok()?;
        altered.get(id).map(|what| StoreError::Tampered {
            game: id.to_string(),
            what: what.clone(),
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// The writer's counters.
    pub fn stats(&self) -> Stats {
        let c = &self.counters;
        Stats {
            transactions: c.transactions.load(Ordering::Relaxed),
            appends: c.appends.load(Ordering::Relaxed),
            refused: c.refused.load(Ordering::Relaxed),
            largest_batch: c.largest_batch.load(Ordering::Relaxed),
            rewritten: c.rewritten.load(Ordering::Relaxed),
            commit_micros: c.commit_micros.load(Ordering::Relaxed),
        }
    }

    /// Appends an entry to its game's log, through the writer: resolves
    /// once the transaction holding it has committed. Refused alone (the
    /// others of its batch commit) if its `seq` is not the game's next
    /// ([`StoreError::SeqTaken`]), if its `client_id` was used already in
    /// the game ([`StoreError::DuplicateClientId`], with the first answer),
    /// or if there is no such game.
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.writer
            .send(Op::Append(append, done))
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Records, through the writer, that this node was running at `at_ms`
    /// (a heartbeat: every commit of appends records its latest receive
    /// instant too). Resolves once committed.
    pub async fn record_instant(&self, at_ms: i64) -> Result<(), StoreError> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.writer
            .send(Op::Instant(at_ms, done))
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Creates a game, owned by this node (its lease at epoch 1), with its
    /// seats' token hashes, in one transaction (committed when this
    /// resolves).
    pub async fn create_game(&self, game: &NewGame) -> Result<(), StoreError> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.writer
            .send(Op::Create(Box::new(game.clone()), done))
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }
}
