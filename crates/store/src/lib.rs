//! The durable store of `arbitre serve`: games, their seats' tokens (as
//! hashes) and their event logs, in an embedded SQLite file or in
//! PostgreSQL, behind one API.
//!
//! The durability contract: [`Store::append`] resolves only after the
//! transaction holding the entry has committed — on SQLite with
//! `journal_mode=wal` and `synchronous=full` (the commit is fsynced; both
//! are read back at start and a database that does not hold them is
//! refused), on PostgreSQL with `fsync=on` and `synchronous_commit=on`. One
//! writer task commits the appends of all games together (group commit,
//! [`Batching`]); an append that conflicts (its `seq` is not the game's
//! next, or its `client_id` was used already) fails alone, not its batch.
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
mod mac;
mod mark;
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
pub use token::{new_token, TokenHash};

use error::db;
use mac::{matches, EntryFields, GameFields};
use writer::Op;

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

/// The store: a pool of connections and the writer task.
pub struct Store {
    pool: Pool,
    node: String,
    this: Arc<Node>,
    /// PostgreSQL with several nodes: the task listening for the other
    /// nodes' commits.
    listener: Option<AbortOnDrop>,
    writer: mpsc::UnboundedSender<Op>,
    task: Finished,
    /// SQLite: the task that checkpoints the write-ahead log.
    checkpoints: Option<AbortOnDrop>,
    counters: Arc<Counters>,
    /// The games a read found altered (`mac.rs`), and why: listed so by
    /// [`Store::list_games`] from then on.
    altered: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

/// Where the writer says it has committed all it was given and stopped:
/// SQLite's writer is a thread of its own, PostgreSQL's a task.
enum Finished {
    Thread(tokio::sync::oneshot::Receiver<()>),
    Task(JoinHandle<()>),
}

impl Finished {
    async fn wait(self) {
        match self {
            Finished::Thread(done) => {
                let _ = done.await;
            }
            Finished::Task(task) => {
                let _ = task.await;
            }
        }
    }
}

/// A task stopped when its handle is dropped (with its store).
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// SQLite: the write-ahead log's size (pages) past which the writer
/// checkpoints it itself, after a commit; below it, [`checkpoints`] does.
pub(crate) const WAL_BACKSTOP_PAGES: u32 = 16_384;

/// SQLite: copies the write-ahead log into the database every second on a
/// connection of its own (`PASSIVE`: it waits for no one and no one waits
/// for it), so that a commit seldom pays for a checkpoint. What it could
/// not copy under load, the writer's own checkpoint at
/// [`WAL_BACKSTOP_PAGES`] copies, and the log then starts again from its
/// beginning.
async fn checkpoints(pool: SqlitePool) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            tracing::warn!(error = %e, "a checkpoint of the write-ahead log failed");
        }
    }
}

/// The address without its password.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme + 3],
                    &userinfo[..colon],
                    &url[at..]
                ),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// A setting read back that is not the one required.
#[derive(Debug)]
struct WrongSetting {
    setting: &'static str,
    expected: &'static str,
    found: String,
}

impl std::fmt::Display for WrongSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is `{}`, not `{}`",
            self.setting, self.found, self.expected
        )
    }
}

impl std::error::Error for WrongSetting {}

/// The settings durability rests on, and the values they must have.
pub(crate) const SQLITE_REQUIRED: [(&str, &str); 2] =
    [("journal_mode", "wal"), ("synchronous", "full")];
const POSTGRES_REQUIRED: [(&str, &str); 2] = [("fsync", "on"), ("synchronous_commit", "on")];

/// Reads back SQLite's settings, in the order of [`SQLITE_REQUIRED`].
async fn sqlite_settings(conn: &mut sqlx::SqliteConnection) -> Result<[String; 2], sqlx::Error> {
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut *conn)
        .await?;
    let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(&mut *conn)
        .await?;
    Ok([mode.to_ascii_lowercase(), synchronous_name(sync)])
}

/// SQLite's `PRAGMA synchronous` by its name.
pub(crate) fn synchronous_name(level: i64) -> String {
    match level {
        0 => "off".to_string(),
        1 => "normal".to_string(),
        2 => "full".to_string(),
        3 => "extra".to_string(),
        n => n.to_string(),
    }
}

/// Reads back PostgreSQL's settings, in the order of [`POSTGRES_REQUIRED`].
async fn postgres_settings(conn: &mut sqlx::PgConnection) -> Result<[String; 2], sqlx::Error> {
    let fsync: String = sqlx::query_scalar("SHOW fsync")
        .fetch_one(&mut *conn)
        .await?;
    let commit: String = sqlx::query_scalar("SHOW synchronous_commit")
        .fetch_one(&mut *conn)
        .await?;
    Ok([fsync, commit])
}

fn require(
    required: [(&'static str, &'static str); 2],
    found: [String; 2],
) -> Result<(), sqlx::Error> {
    for ((setting, expected), found) in required.into_iter().zip(found) {
        if found != expected {
            return Err(sqlx::Error::Configuration(Box::new(WrongSetting {
                setting,
                expected,
                found,
            })));
        }
    }
    Ok(())
}

/// Checks, on every new SQLite connection, the settings durability rests
/// on (the driver sets them; a database that cannot hold them is refused).
/// SQLite's own check of every page of the file (`PRAGMA quick_check`, at
/// each start): a damaged page is reported and the store is not opened,
/// rather than a game read wrong later. (A write-ahead log cut short is not
/// seen here: SQLite drops the frames after the cut, as if their commits had
/// not happened.)
async fn quick_check(pool: &sqlx::SqlitePool, target: &str) -> Result<(), StoreError> {
    let found: Vec<(String,)> = match sqlx::query_as("PRAGMA quick_check").fetch_all(pool).await {
        Ok(rows) => rows,
        Err(e) => {
            return Err(StoreError::Corrupt(format!(
                "{target}: SQLite's check of the file failed: {e}"
            )))
        }
    };
    if found.len() == 1 && found[0].0 == "ok" {
        return Ok(());
    }
    let shown: Vec<String> = found.into_iter().take(5).map(|(line,)| line).collect();
    Err(StoreError::Corrupt(format!(
        "{target}: SQLite's check of the file found damage (restore the file from a backup): {}",
        shown.join("; ")
    )))
}

async fn check_sqlite(conn: &mut sqlx::SqliteConnection) -> Result<(), sqlx::Error> {
    require(SQLITE_REQUIRED, sqlite_settings(conn).await?)
}

/// The same for PostgreSQL: commits wait for the WAL flush. A transaction
/// left open by a node that stopped in its middle (paused, cut off) is
/// ended by the server after 5 s: the row of its lease it holds locked no
/// longer keeps another node from taking its games over.
async fn check_postgres(conn: &mut sqlx::PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SET synchronous_commit = on")
        .execute(&mut *conn)
        .await?;
    sqlx::query("SET idle_in_transaction_session_timeout = 5000")
        .execute(&mut *conn)
        .await?;
    require(POSTGRES_REQUIRED, postgres_settings(conn).await?)
}

fn opening(target: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |e| match e {
        sqlx::Error::Configuration(inner) => match inner.downcast::<WrongSetting>() {
            Ok(w) => StoreError::Setting {
                target: target.to_string(),
                setting: w.setting,
                expected: w.expected,
                found: w.found,
            },
            Err(other) => StoreError::Open {
                target: target.to_string(),
                reason: other.to_string(),
            },
        },
        other => StoreError::Open {
            target: target.to_string(),
            reason: other.to_string(),
        },
    }
}

fn u64_of(v: i64, what: &str) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("{what} is {v}")))
}

pub(crate) fn i64_of(v: u64, what: &str) -> Result<i64, StoreError> {
    i64::try_from(v).map_err(|_| StoreError::OutOfRange(format!("{what} {v} is beyond 2^63")))
}

/// A game's columns; its number of moves is its last entry's (an append
/// writes `games` only when the game's state or result changes).
const GAME_COLUMNS: &str = "id, created_ms, COALESCE((SELECT l.node FROM leases l \
     WHERE l.game_id = games.id), games.owner) AS owner, setup, white, black, edition, time_control, \
     state, result, COALESCE((SELECT e.moves FROM events e WHERE e.game_id = games.id \
     AND e.moves IS NOT NULL ORDER BY e.seq DESC LIMIT 1), 0) AS moves, mac, summary_seq, \
     summary_mac";
pub(crate) const EVENT_COLUMNS: &str = "seq, entry, received_ms, client_id, answer, mac";

/// A game whose row authenticates, or [`StoreError::Tampered`].
fn untampered(game: GameRow) -> Result<GameRow, StoreError> {
    match game.tampered {
        Some(what) => Err(StoreError::Tampered {
            game: game.id,
            what,
        }),
        None => Ok(game),
    }
}

/// A game's row read back, with its authentication checked (a row that
/// fails it is read with [`GameRow::tampered`] saying why).
fn game_row<R: Row>(row: &R, key: &MacKey) -> Result<GameRow, StoreError>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<Vec<u8>>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let get = db("reading a game");
    let mac: Option<Vec<u8>> = row.try_get("mac").map_err(&get)?;
    let summary_seq: Option<i64> = row.try_get("summary_seq").map_err(&get)?;
    let summary_mac: Option<Vec<u8>> = row.try_get("summary_mac").map_err(&get)?;
    let mut game = GameRow {
        id: row.try_get("id").map_err(&get)?,
        created_ms: row.try_get("created_ms").map_err(&get)?,
        owner: row.try_get("owner").map_err(&get)?,
        setup: row.try_get("setup").map_err(&get)?,
        white: row.try_get("white").map_err(&get)?,
        black: row.try_get("black").map_err(&get)?,
        edition: row.try_get("edition").map_err(&get)?,
        time_control: row.try_get("time_control").map_err(&get)?,
        state: row.try_get("state").map_err(&get)?,
        result: row.try_get("result").map_err(&get)?,
        moves: u64_of(row.try_get("moves").map_err(&get)?, "a number of moves")?,
        tampered: None,
    };
    let setup = key.game(GameFields {
        id: &game.id,
        created_ms: game.created_ms,
        setup: &game.setup,
        white: game.white.as_deref(),
        black: game.black.as_deref(),
        edition: &game.edition,
        time_control: &game.time_control,
    });
    if !matches(&setup, mac.as_deref()) {
        game.tampered = Some("its setup (players, edition, time control) fails its check".into());
    } else {
        match summary_seq {
            Some(seq)
                if matches(
                    &key.summary(&game.id, &game.state, game.result.as_deref(), seq),
                    summary_mac.as_deref(),
                ) => {}
            _ => game.tampered = Some("its listed state or result fails its check".into()),
        }
    }
    Ok(game)
}

/// An entry of game `game_id`'s log read back ([`EVENT_COLUMNS`]), its
/// authentication checked: [`StoreError::Tampered`] if it fails.
pub(crate) fn event_row<R: Row>(
    row: &R,
    key: &MacKey,
    game_id: &str,
) -> Result<EventRow, StoreError>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<Vec<u8>>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let get = db("reading an entry");
    let seq: i64 = row.try_get("seq").map_err(&get)?;
    let mac: Option<Vec<u8>> = row.try_get("mac").map_err(&get)?;
    checked_entry(
        key,
        game_id,
        seq,
        row.try_get("entry").map_err(&get)?,
        row.try_get("received_ms").map_err(&get)?,
        row.try_get("client_id").map_err(&get)?,
        row.try_get("answer").map_err(&get)?,
        mac.as_deref(),
    )
}

/// An entry of game `game_id`'s log as read, its authentication checked:
/// [`StoreError::Tampered`] if it fails.
#[allow(clippy::too_many_arguments)]
pub(crate) fn checked_entry(
    key: &MacKey,
    game_id: &str,
    seq: i64,
    entry: String,
    received_ms: i64,
    client_id: Option<String>,
    answer: Option<String>,
    mac: Option<&[u8]>,
) -> Result<EventRow, StoreError> {
    let expected = key.entry(EntryFields {
        game_id,
        seq,
        entry: &entry,
        received_ms,
        client_id: client_id.as_deref(),
        answer: answer.as_deref(),
    });
    if !matches(&expected, mac) {
        return Err(StoreError::Tampered {
            game: game_id.to_string(),
            what: format!("entry {seq} of its log fails its check"),
        });
    }
    Ok(EventRow {
        seq: u64_of(seq, "a sequence number")?,
        entry,
        received_ms,
        client_id,
        answer,
    })
}

/// The log's entries must run from `first` without a gap: an entry
/// removed from the middle (each authenticates alone) is found so.
fn contiguous(game_id: &str, first: u64, entries: &[EventRow]) -> Result<(), StoreError> {
    for (expected, entry) in (first..).zip(entries) {
        if entry.seq != expected {
            return Err(StoreError::Tampered {
                game: game_id.to_string(),
                what: format!(
                    "its log has no entry {expected} (the next stored is {})",
                    entry.seq
                ),
            });
        }
    }
    Ok(())
}

/// Opens a pool: one connection first, checked, so that a wrong setting
/// is reported as such (a pool would retry it until its timeout); then the
/// pool, checking every connection it opens; then the migrations.
macro_rules! connect {
    ($conn:ty, $pool:ident, $connect:expr, $check:ident, $migrations:expr, $options:expr, $target:expr, $test_before_acquire:expr) => {{
        let mut first = <$conn>::connect_with(&$connect)
            .await
            .map_err(opening(&$target))?;
        $check(&mut first).await.map_err(opening(&$target))?;
        first.close().await.map_err(opening(&$target))?;
        // every connection opened at start and kept: no reaper task and no
        // connection opened under load (nor under a test's paused clock)
        let pool = $pool::new()
            .max_connections($options.max_connections.max(1))
            .min_connections($options.max_connections.max(1))
            .idle_timeout(None)
            .max_lifetime(None)
            .test_before_acquire($test_before_acquire)
            .after_connect(|conn, _| Box::pin($check(conn)))
            .connect_with($connect)
            .await
            .map_err(opening(&$target))?;
        // whether this start is the one that brings the rows'
        // authentication (version 4): only it signs the rows written before
        let authenticated: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM _sqlx_migrations WHERE version = 4 AND success",
        )
        .fetch_one(&pool)
        .await
        .unwrap_or(0);
        $migrations
            .run(&pool)
            .await
            .map_err(|e| StoreError::Migrate {
                target: $target.clone(),
                reason: e.to_string(),
            })?;
        (pool, authenticated == 0)
    }};
}

/// The start that migrates a store to version 4 computes the codes of the
/// rows written before (`mac.rs`), in one transaction, and says how many:
/// a later start never does, and a row without a code fails its check.
async fn adopt(pool: &Pool, key: &MacKey) -> Result<(), StoreError> {
    let during = db("authenticating the rows written before version 4");
    let mut counts = [0usize; 4];
    on_pool!(pool, p => {
        let mut tx = p.begin().await.map_err(&during)?;
        type EntryRow = (String, i64, String, i64, Option<String>, Option<String>);
        let entries: Vec<EntryRow> = sqlx::query_as(
            "SELECT game_id, seq, entry, received_ms, client_id, answer FROM events \
             WHERE mac IS NULL",
        )
        .fetch_all(&mut *tx)
        .await
        .map_err(&during)?;
        for (game_id, seq, entry, received_ms, client_id, answer) in &entries {
            let mac = key.entry(EntryFields {
                game_id,
                seq: *seq,
                entry,
                received_ms: *received_ms,
                client_id: client_id.as_deref(),
                answer: answer.as_deref(),
            });
            sqlx::query("UPDATE events SET mac = $1 WHERE game_id = $2 AND seq = $3")
                .bind(mac)
                .bind(game_id)
                .bind(*seq)
                .execute(&mut *tx)
                .await
                .map_err(&during)?;
        }
        counts[0] = entries.len();
        let games: Vec<GameToAdopt> = sqlx::query_as(
            "SELECT id, created_ms, setup, white, black, edition, time_control, state, result, \
             (SELECT COALESCE(MAX(e.seq), -1) FROM events e WHERE e.game_id = games.id) \
             FROM games WHERE mac IS NULL",
        )
        .fetch_all(&mut *tx)
        .await
        .map_err(&during)?;
        for g in &games {
            let (id, created_ms, setup, white, black, edition, time_control, state, result, last) = g;
            let mac = key.game(GameFields {
                id,
                created_ms: *created_ms,
                setup,
                white: white.as_deref(),
                black: black.as_deref(),
                edition,
                time_control,
            });
            sqlx::query(
                "UPDATE games SET mac = $1, summary_seq = $2, summary_mac = $3 WHERE id = $4",
            )
            .bind(mac)
            .bind(*last)
            .bind(key.summary(id, state, result.as_deref(), *last))
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(&during)?;
        }
        counts[1] = games.len();
        let seats: Vec<(Vec<u8>, String, String)> =
            sqlx::query_as("SELECT hash, game_id, seat FROM seat_tokens WHERE mac IS NULL")
                .fetch_all(&mut *tx)
                .await
                .map_err(&during)?;
        for (hash, game_id, seat) in &seats {
            sqlx::query("UPDATE seat_tokens SET mac = $1 WHERE hash = $2")
                .bind(key.seat(hash, game_id, seat))
                .bind(hash)
                .execute(&mut *tx)
                .await
                .map_err(&during)?;
        }
        counts[2] = seats.len();
        let organisers: Vec<(Vec<u8>, i64)> =
            sqlx::query_as("SELECT hash, created_ms FROM organiser_tokens WHERE mac IS NULL")
                .fetch_all(&mut *tx)
                .await
                .map_err(&during)?;
        for (hash, created_ms) in &organisers {
            sqlx::query("UPDATE organiser_tokens SET mac = $1 WHERE hash = $2")
                .bind(key.organiser(hash, *created_ms))
                .bind(hash)
                .execute(&mut *tx)
                .await
                .map_err(&during)?;
        }
        counts[3] = organisers.len();
        tx.commit().await.map_err(&during)?;
        Ok::<(), StoreError>(())
    })?;
    if counts.iter().any(|n| *n > 0) {
        tracing::warn!(
            entries = counts[0],
            games = counts[1],
            seat_tokens = counts[2],
            organiser_tokens = counts[3],
            "the store was upgraded to authenticated rows: the rows written before are \
             taken as they are now (this is said once, at the upgrade; SECURITY.md)"
        );
    }
    Ok(())
}

/// The store keeps its key's check (made by the first start): a start
/// with another key is refused, before it reads any game.
async fn check_key(pool: &Pool, key: &MacKey, target: &str) -> Result<(), StoreError> {
    let during = db("checking the store's key");
    let stored: Vec<u8> = on_pool!(pool, p => {
        sqlx::query("INSERT INTO store_key (id, mac) VALUES (1, $1) ON CONFLICT DO NOTHING")
            .bind(key.check())
            .execute(p)
            .await
            .map_err(&during)?;
        sqlx::query_scalar("SELECT mac FROM store_key WHERE id = 1")
            .fetch_one(p)
            .await
            .map_err(&during)
    })?;
    if matches(&key.check(), Some(&stored)) {
        Ok(())
    } else {
        Err(StoreError::WrongKey {
            target: target.to_string(),
        })
    }
}

/// A game's row as [`adopt`] reads it (its last entry's place last).
type GameToAdopt = (
    String,
    i64,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
    i64,
);

/// Registers node `name` with a fresh lease: a new node at epoch 1, a
/// known one with its epoch raised (a second process under the same name
/// fences the first); its last durable instant is kept.
async fn register(
    pool: &Pool,
    name: &str,
    address: Option<&str>,
    lease_ms: i64,
) -> Result<i64, StoreError> {
    let sql = format!(
        "INSERT INTO instants (node, at_ms, epoch, address, expires_ms) \
         VALUES ($1, 0, 1, $2, {now} + $3) ON CONFLICT (node) DO UPDATE \
         SET epoch = instants.epoch + 1, expires_ms = excluded.expires_ms, \
         address = COALESCE(excluded.address, instants.address) RETURNING epoch",
        now = now_sql(pool)
    );
    on_pool!(pool, p => sqlx::query_scalar(&sql)
        .bind(name)
        .bind(address)
        .bind(lease_ms)
        .fetch_one(p)
        .await)
    .map_err(db("registering the node"))
}

/// Passes the other nodes' commit notifications on to this node's tasks.
/// The listener reconnects by itself; notifications lost meanwhile are
/// made up by the readers' polling.
async fn listen(mut listener: sqlx::postgres::PgListener, this: Arc<Node>) {
    loop {
        match listener.recv().await {
            Ok(n) => {
                if this.commits.receiver_count() > 0 {
                    let _ = this.commits.send(Arc::from(n.payload()));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "listening for commits");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

impl Store {
    /// Opens the database at `url` (`sqlite://FILE`, created if absent, or
    /// `postgres://USER@HOST/DB`), checks the settings durability rests
    /// on, migrates its schema forward and starts the writer.
    pub async fn open(url: &str, options: Options) -> Result<Store, StoreError> {
        let target = redact(url);
        let key = options.key.clone().ok_or(StoreError::NoKey)?;
        let mut file: Option<std::path::PathBuf> = None;
        let (pool, upgraded) = if url.starts_with("sqlite:") {
            let connect = SqliteConnectOptions::from_str(url).map_err(opening(&target))?;
            file = Some(connect.get_filename().to_owned());
            let connect = connect
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                // the pages of the tables the writer and the loads touch stay
                // in the connection's cache (32 MiB at most, taken as used)
                // instead of being read again from the file at each append
                .pragma("cache_size", "-32768")
                // checkpoints run beside the writer (see `checkpoints`); the
                // writer checkpoints only if the log grows past this
                .pragma("wal_autocheckpoint", WAL_BACKSTOP_PAGES.to_string());
            let (pool, upgraded) = connect!(
                sqlx::SqliteConnection,
                SqlitePoolOptions,
                connect,
                check_sqlite,
                SQLITE_MIGRATIONS,
                options,
                target,
                // an embedded file's connection does not break
                false
            );
            (Pool::Sqlite(pool), upgraded)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let connect = PgConnectOptions::from_str(url).map_err(opening(&target))?;
            let (pool, upgraded) = connect!(
                sqlx::PgConnection,
                PgPoolOptions,
                connect,
                check_postgres,
                POSTGRES_MIGRATIONS,
                options,
                target,
                true
            );
            (Pool::Postgres(pool), upgraded)
        } else {
            return Err(StoreError::Open {
                target,
                reason: "expected `sqlite://FILE` or `postgres://USER@HOST/DB`".into(),
            });
        };
        if let Pool::Sqlite(p) = &pool {
            quick_check(p, &target).await?;
        }
        if upgraded {
            adopt(&pool, &key).await?;
        }
        check_key(&pool, &key, &target).await?;
        // SQLite: the commits the mark beside the file says were made are
        // all in it (a log cut short is found here, before any game is read)
        let mark = match (&pool, &file) {
            (Pool::Sqlite(p), Some(file)) => {
                let marked = mark::read(&key, file)?;
                let counts: Vec<(String, i64)> =
                    sqlx::query_as("SELECT node, commits FROM instants")
                        .fetch_all(p)
                        .await
                        .map_err(db("reading the number of commits"))?;
                mark::check(&target, marked, |node| {
                    counts
                        .iter()
                        .find(|(n, _)| n == node)
                        .map_or(0, |(_, c)| *c)
                })?;
                Some(mark::Mark::open(file)?)
            }
            _ => None,
        };
        let lease_ms = i64::try_from(options.lease.as_millis()).unwrap_or(i64::MAX / 2);
        let epoch = register(&pool, &options.node, options.address.as_deref(), lease_ms).await?;
        let committed: i64 = on_pool!(&pool, p =>
            sqlx::query_scalar("SELECT commits FROM instants WHERE node = $1")
                .bind(&options.node)
                .fetch_one(p)
                .await)
        .map_err(db("reading the number of commits"))?;
        let (commits, _) = broadcast::channel(1024);
        let this = Arc::new(Node {
            name: options.node.clone(),
            epoch: AtomicI64::new(epoch),
            lease_ms,
            notify: options.address.is_some() && matches!(pool, Pool::Postgres(_)),
            commits,
            key,
            committed: AtomicI64::new(committed),
            mark,
            full: Default::default(),
            tight_until: Default::default(),
        });
        this.write_mark();
        let listener = match &pool {
            Pool::Postgres(p) if this.notify => {
                let mut listener = sqlx::postgres::PgListener::connect_with(p)
                    .await
                    .map_err(db("listening for the other nodes' commits"))?;
                listener
                    .listen(CHANNEL)
                    .await
                    .map_err(db("listening for the other nodes' commits"))?;
                Some(AbortOnDrop(tokio::spawn(listen(listener, this.clone()))))
            }
            _ => None,
        };
        let counters = Arc::new(Counters::default());
        let (writer, queue) = mpsc::unbounded_channel();
        let task = match (&pool, &file) {
            (Pool::Sqlite(_), Some(file)) => Finished::Thread(writer::sqlite::start(
                file,
                &target,
                queue,
                options.batching,
                options.max_batch.max(1),
                this.clone(),
                counters.clone(),
            )?),
            (Pool::Postgres(p), _) => Finished::Task(tokio::spawn(writer::postgres::run(
                p.clone(),
                queue,
                options.batching,
                options.max_batch.max(1),
                this.clone(),
                counters.clone(),
            ))),
            (Pool::Sqlite(_), None) => {
                return Err(StoreError::Open {
                    target,
                    reason: "an SQLite database without a file".into(),
                })
            }
        };
        let checkpoints = match &pool {
            Pool::Sqlite(p) => Some(AbortOnDrop(tokio::spawn(checkpoints(p.clone())))),
            Pool::Postgres(_) => None,
        };
        Ok(Store {
            pool,
            node: options.node,
            this,
            listener,
            writer,
            task,
            checkpoints,
            counters,
            altered: Default::default(),
        })
    }

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

    /// How long this node's lease lasts past its last renewal.
    pub fn lease_duration(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.this.lease_ms).unwrap_or(0))
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// This node's epoch: raised at each start, and by
    /// [`Store::register_again`].
    pub fn epoch(&self) -> i64 {
        self.this.epoch.load(Ordering::SeqCst)
    }

    /// The ids of the games with new committed entries, as they commit:
    /// this node's own, and with several nodes on PostgreSQL the other
    /// nodes' too (`LISTEN`). Only a wake-up: the entries are read by
    /// sequence number ([`Store::entries_after`]); a receiver that lags
    /// reads them all the same.
    pub fn commits(&self) -> broadcast::Receiver<Arc<str>> {
        self.this.commits.subscribe()
    }

    /// After this node's lease was lost ([`StoreError::Fenced`]: another
    /// node took its games over while it was paused or cut off): registers
    /// it again under a new epoch, its address and a fresh lease. The
    /// games it no longer owns stay with their new owner.
    pub async fn register_again(&self) -> Result<i64, StoreError> {
        let epoch = register(&self.pool, &self.node, None, self.this.lease_ms).await?;
        self.this.epoch.store(epoch, Ordering::SeqCst);
        Ok(epoch)
    }

    /// Game `id`'s lease, with its node's address and liveness; `None`
    /// when there is no such game.
    pub async fn lease(&self, id: &str) -> Result<Option<Lease>, StoreError> {
        let sql = format!(
            "SELECT l.node, l.epoch, i.address, COALESCE(i.expires_ms, 0) AS expires_ms, \
             {} AS now_ms FROM leases l LEFT JOIN instants i ON i.node = l.node \
             WHERE l.game_id = $1",
            now_sql(&self.pool)
        );
        let row: Option<(String, i64, Option<String>, i64, i64)> = on_pool!(&self.pool, p =>
            sqlx::query_as(&sql).bind(id).fetch_optional(p).await)
        .map_err(db("reading a game's lease"))?;
        row.map(|(node, epoch, address, expires_ms, now_ms)| {
            Ok(Lease {
                node,
                epoch: u64_of(epoch, "a lease's epoch")?,
                address,
                alive: expires_ms > now_ms,
            })
        })
        .transpose()
    }

    /// The addresses the other nodes gave (`http://host:port`).
    pub async fn node_addresses(&self) -> Result<Vec<String>, StoreError> {
        on_pool!(&self.pool, p => sqlx::query_scalar(
                "SELECT address FROM instants WHERE node <> $1 AND address IS NOT NULL")
            .bind(&self.node)
            .fetch_all(p)
            .await)
        .map_err(db("reading the nodes' addresses"))
    }

    /// The other nodes whose lease has expired and which still own games.
    pub async fn expired_nodes(&self) -> Result<Vec<String>, StoreError> {
        let sql = format!(
            "SELECT i.node FROM instants i WHERE i.node <> $1 AND i.expires_ms <= {} \
             AND EXISTS (SELECT 1 FROM leases l WHERE l.node = i.node) ORDER BY i.node",
            now_sql(&self.pool)
        );
        on_pool!(&self.pool, p => sqlx::query_scalar(&sql).bind(&self.node).fetch_all(p).await)
            .map_err(db("finding expired nodes"))
    }

    /// Takes over every game of node `from` if its lease has expired (the
    /// database's clock): in one transaction, `from`'s epoch is raised (its
    /// commits from then on are refused: [`StoreError::Fenced`]) and each of
    /// its games' leases names this node with the game's epoch raised.
    /// `None` when `from`'s lease has not expired, or it has no game left
    /// (another node took them first). A commit of `from` in flight either
    /// ends before (and is part of what this node loads) or is refused.
    pub async fn take_over(&self, from: &str) -> Result<Option<TakenOver>, StoreError> {
        if from == self.node {
            return Ok(None);
        }
        let now = now_sql(&self.pool);
        let fence = format!(
            "UPDATE instants SET epoch = epoch + 1 WHERE node = $1 AND expires_ms <= {now} \
             RETURNING at_ms"
        );
        let during = db("taking games over");
        on_pool!(&self.pool, p => {
            let mut tx = p.begin().await.map_err(&during)?;
            let Some(at_ms): Option<i64> = sqlx::query_scalar(&fence)
                .bind(from)
                .fetch_optional(&mut *tx)
                .await
                .map_err(&during)?
            else {
                return Ok(None);
            };
            let rows: Vec<(String, i64, String)> = sqlx::query_as(
                "UPDATE leases SET node = $2, epoch = epoch + 1 WHERE node = $1 \
                 RETURNING game_id, epoch, \
                 (SELECT state FROM games WHERE games.id = leases.game_id)",
            )
            .bind(from)
            .bind(&self.node)
            .fetch_all(&mut *tx)
            .await
            .map_err(&during)?;
            tx.commit().await.map_err(&during)?;
            if rows.is_empty() {
                return Ok(None);
            }
            let games = rows
                .into_iter()
                .map(|(id, epoch, state)| {
                    Ok((id, u64_of(epoch, "a lease's epoch")?, state != "finished"))
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            Ok(Some(TakenOver {
                from: from.to_owned(),
                last_ms: (at_ms > 0).then_some(at_ms),
                games,
            }))
        })
    }

    /// Gives this node's lease up (a graceful stop): its games may be taken
    /// over by another node at once.
    pub async fn release(&self) -> Result<(), StoreError> {
        on_pool!(&self.pool, p => sqlx::query(
                "UPDATE instants SET expires_ms = 0 WHERE node = $1 AND epoch = $2")
            .bind(&self.node)
            .bind(self.epoch())
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(db("giving the lease up"))
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

    /// The settings durability rests on, as read back now from one
    /// connection: SQLite `journal_mode` and `synchronous` (`wal`,
    /// `full`); PostgreSQL `fsync` and `synchronous_commit` (`on`, `on`).
    pub async fn settings(&self) -> Result<Vec<(&'static str, String)>, StoreError> {
        let during = db("reading the settings");
        let (names, values) = match &self.pool {
            Pool::Sqlite(p) => {
                let mut conn = p.acquire().await.map_err(&during)?;
                (SQLITE_REQUIRED, sqlite_settings(&mut conn).await)
            }
            Pool::Postgres(p) => {
                let mut conn = p.acquire().await.map_err(&during)?;
                (POSTGRES_REQUIRED, postgres_settings(&mut conn).await)
            }
        };
        let values = values.map_err(&during)?;
        Ok(names.iter().map(|(name, _)| *name).zip(values).collect())
    }

    /// Whether the database answers.
    pub async fn health(&self) -> Result<(), StoreError> {
        on_pool!(&self.pool, p => sqlx::query("SELECT 1").execute(p).await.map(|_| ()))
            .map_err(db("checking the database"))
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

    /// The last instant this node recorded durably (ms), if any.
    pub async fn last_instant(&self) -> Result<Option<i64>, StoreError> {
        // a node registers with no instant yet (0)
        let at_ms: Option<i64> = on_pool!(&self.pool, p =>
            sqlx::query_scalar("SELECT at_ms FROM instants WHERE node = $1")
                .bind(&self.node)
                .fetch_optional(p)
                .await)
        .map_err(db("reading the last instant"))?;
        Ok(at_ms.filter(|ms| *ms > 0))
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

    /// One game, without its log.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.noted(
            async {
                let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
                on_pool!(&self.pool, p => {
                    let row = sqlx::query(&sql)
                        .bind(id)
                        .fetch_optional(p)
                        .await
                        .map_err(db("reading a game"))?;
                    row.as_ref().map(|r| game_row(r, &self.this.key)).transpose()
                })?
                .map(untampered)
                .transpose()
            }
            .await,
        )
    }

    /// The entries of a game's log after `after` (all of them with `None`),
    /// in `seq` order: what a stream resumed with `?since=SEQ` sends.
    pub async fn entries_after(
        &self,
        id: &str,
        after: Option<u64>,
    ) -> Result<Vec<EventRow>, StoreError> {
        self.entries_page(id, after, u32::MAX).await
    }

    /// At most `limit` entries of a game's log after `after`, in `seq`
    /// order: a stream far behind reads its backlog a page at a time, not
    /// the whole log at once.
    pub async fn entries_page(
        &self,
        id: &str,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<EventRow>, StoreError> {
        self.noted(
            async {
                let after = match after {
                    Some(seq) => i64_of(seq, "a sequence number")?,
                    None => -1,
                };
                let sql = format!(
                "SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
            );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(id)
                        .bind(after)
                        .bind(i64::from(limit))
                        .fetch_all(p)
                        .await
                        .map_err(db("reading a game's log"))?;
                    let entries = rows
                        .iter()
                        .map(|r| event_row(r, &self.this.key, id))
                        .collect::<Result<Vec<_>, _>>()?;
                    let first = after.checked_add(1).map_or(0, |n| u64::try_from(n).unwrap_or(0));
                    contiguous(id, first, &entries)?;
                    Ok(entries)
                })
            }
            .await,
        )
    }

    /// A game and its whole log, read in one transaction (a consistent
    /// snapshot).
    pub async fn load_game(&self, id: &str) -> Result<Option<LoadedGame>, StoreError> {
        self.noted(async {
            let game_sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
            let events_sql =
                format!("SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 ORDER BY seq");
            let during = db("loading a game");
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await.map_err(&during)?;
                let Some(row) = sqlx::query(&game_sql)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(&during)?
                else {
                    return Ok(None);
                };
                let game = untampered(game_row(&row, &self.this.key)?)?;
                let summary_seq: Option<i64> = row.try_get("summary_seq").map_err(&during)?;
                let rows = sqlx::query(&events_sql)
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(&during)?;
                let entries = rows
                    .iter()
                    .map(|r| event_row(r, &self.this.key, id))
                    .collect::<Result<Vec<_>, _>>()?;
                tx.commit().await.map_err(&during)?;
                contiguous(id, 0, &entries)?;
                // the entry that set the listed state and result is there: a
                // log cut short behind it (a result taken back) is found
                let last = entries.last().map_or(-1, |e| i64::try_from(e.seq).unwrap_or(i64::MAX));
                if let Some(seq) = summary_seq.filter(|seq| *seq > last) {
                    return Err(StoreError::Tampered {
                        game: id.to_string(),
                        what: format!(
                            "its state `{}` was set by entry {seq}, and its log ends before it",
                            game.state
                        ),
                    });
                }
                Ok(Some(LoadedGame { game, entries }))
            })
        }
        .await)
    }

    /// The entry of a game with this `client_id`, if any: a retried event
    /// is answered with its first answer.
    pub async fn find_client_id(
        &self,
        id: &str,
        client_id: &str,
    ) -> Result<Option<EventRow>, StoreError> {
        self.noted(
            async {
                let sql = format!(
                    "SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND client_id = $2 \
                         ORDER BY seq LIMIT 1"
                );
                on_pool!(&self.pool, p => {
                    let row = sqlx::query(&sql)
                        .bind(id)
                        .bind(client_id)
                        .fetch_optional(p)
                        .await
                        .map_err(db("finding a client_id"))?;
                    row.as_ref().map(|r| event_row(r, &self.this.key, id)).transpose()
                })
            }
            .await,
        )
    }

    /// The games, oldest first, filtered as `GET /api/games` asks.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, StoreError> {
        self.marked(
            async {
                let sql = format!(
                    "SELECT {GAME_COLUMNS} FROM games \
                 WHERE ($1 IS NULL OR state = $1) AND ($2 IS NULL OR white = $2 OR black = $2) \
                 ORDER BY created_ms, id"
                );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(&filter.state)
                        .bind(&filter.player)
                        .fetch_all(p)
                        .await
                        .map_err(db("listing games"))?;
                    rows.iter().map(|r| game_row(r, &self.this.key)).collect()
                })
            }
            .await,
        )
    }

    /// The games this node holds the lease of, not finished (playing,
    /// adjourned, awaiting a ruling): what a restart rebuilds.
    pub async fn live_games(&self) -> Result<Vec<GameRow>, StoreError> {
        self.marked(
            async {
                let sql = format!(
                    "SELECT {GAME_COLUMNS} FROM games JOIN leases ON leases.game_id = games.id \
                 WHERE leases.node = $1 AND state <> 'finished' ORDER BY created_ms, id"
                );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(&self.node)
                        .fetch_all(p)
                        .await
                        .map_err(db("listing live games"))?;
                    rows.iter().map(|r| game_row(r, &self.this.key)).collect()
                })
            }
            .await,
        )
    }

    /// The game and seat a token hash acts for, if any.
    /// A token row that fails its authentication is
    /// [`StoreError::Tampered`] (its game's): no one acts through a hash
    /// written into the database.
    pub async fn find_seat(&self, hash: &TokenHash) -> Result<Option<(String, Seat)>, StoreError> {
        self.noted(
            async {
                let row: Option<(String, String, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
                sqlx::query_as("SELECT game_id, seat, mac FROM seat_tokens WHERE hash = $1")
                    .bind(hash.0.to_vec())
                    .fetch_optional(p)
                    .await)
                .map_err(db("finding a token"))?;
                row.map(|(game, seat, mac)| {
                    if !matches(&self.this.key.seat(&hash.0, &game, &seat), mac.as_deref()) {
                        return Err(StoreError::Tampered {
                            game,
                            what: format!("the token of its seat `{seat}` fails its check"),
                        });
                    }
                    Ok((game, Seat::from_code(&seat)?))
                })
                .transpose()
            }
            .await,
        )
    }

    /// The seats' token hashes of a game.
    pub async fn seat_tokens(&self, id: &str) -> Result<Vec<(Seat, TokenHash)>, StoreError> {
        self.noted(
            async {
                let rows: Vec<(String, Vec<u8>, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
                sqlx::query_as(
                    "SELECT seat, hash, mac FROM seat_tokens WHERE game_id = $1 ORDER BY seat",
                )
                    .bind(id)
                    .fetch_all(p)
                    .await)
                .map_err(db("reading tokens"))?;
                rows.iter()
                    .map(|(seat, hash, mac)| {
                        if !matches(&self.this.key.seat(hash, id, seat), mac.as_deref()) {
                            return Err(StoreError::Tampered {
                                game: id.to_string(),
                                what: format!("the token of its seat `{seat}` fails its check"),
                            });
                        }
                        Ok((Seat::from_code(seat)?, TokenHash::from_slice(hash)?))
                    })
                    .collect()
            }
            .await,
        )
    }

    /// Adds an organiser's token hash (committed when this resolves; adding
    /// one twice is no error).
    pub async fn add_organiser_token(
        &self,
        hash: &TokenHash,
        created_ms: i64,
    ) -> Result<(), StoreError> {
        on_pool!(&self.pool, p => sqlx::query(
                "INSERT INTO organiser_tokens (hash, created_ms, mac) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(hash.0.to_vec())
            .bind(created_ms)
            .bind(self.this.key.organiser(&hash.0, created_ms))
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(db("adding an organiser's token"))
    }

    /// Whether this hash is an organiser's token's: a row that fails its
    /// authentication (written into the database) is no organiser's, and
    /// is logged.
    pub async fn is_organiser(&self, hash: &TokenHash) -> Result<bool, StoreError> {
        let found: Option<(i64, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
            sqlx::query_as("SELECT created_ms, mac FROM organiser_tokens WHERE hash = $1")
                .bind(hash.0.to_vec())
                .fetch_optional(p)
                .await)
        .map_err(db("finding an organiser's token"))?;
        Ok(match found {
            Some((created_ms, mac)) => {
                let genuine = matches(
                    &self.this.key.organiser(&hash.0, created_ms),
                    mac.as_deref(),
                );
                if !genuine {
                    tracing::error!(
                        "an organiser's token row fails its authentication: refused \
                         (written into the database by someone else than this server)"
                    );
                }
                genuine
            }
            None => false,
        })
    }

    /// Whether any organiser's token is stored (on a first start, none).
    pub async fn has_organiser(&self) -> Result<bool, StoreError> {
        let n: i64 = on_pool!(&self.pool, p =>
            sqlx::query_scalar("SELECT COUNT(*) FROM organiser_tokens")
                .fetch_one(p)
                .await)
        .map_err(db("counting organisers' tokens"))?;
        Ok(n > 0)
    }

    /// Stops taking appends, lets the writer commit what is queued, and
    /// closes the connections. SQLite: everything committed is copied from
    /// the write-ahead log into the database file first and the log emptied
    /// (`wal_checkpoint(TRUNCATE)`), so that a closed store is its one file —
    /// SQLite's own checkpoint when the last connection closes is skipped
    /// when two connections close at once, each seeing the other.
    pub async fn close(self) {
        let Store {
            pool,
            writer,
            task,
            checkpoints,
            listener,
            ..
        } = self;
        drop(writer);
        task.wait().await;
        drop(checkpoints);
        drop(listener);
        if let Pool::Sqlite(p) = &pool {
            match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(TRUNCATE)")
                .fetch_one(p)
                .await
            {
                Ok((0, _, _)) => {}
                Ok(_) => tracing::warn!(
                    "the write-ahead log could not be copied into the database at close \
                     (busy): it is replayed at the next start"
                ),
                Err(e) => tracing::warn!(
                    error = %e,
                    "the write-ahead log could not be copied into the database at close: \
                     it is replayed at the next start"
                ),
            }
        }
        on_pool!(&pool, p => p.close().await);
    }
}
