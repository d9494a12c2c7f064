//! Opening a store, and closing it: the settings durability rests on, read
//! back and required (SQLite `journal_mode=wal`, `synchronous=full`;
//! PostgreSQL `fsync`, `synchronous_commit`); SQLite's check of the file and
//! its mark; the schema migrated forward; the rows' key checked; this node
//! registered; the writer started; the write-ahead log checkpointed beside
//! it, and emptied at close.

use super::*;

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

/// The address without its password.
pub(crate) fn redact(url: &str) -> String {
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
pub(crate) struct WrongSetting {
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

pub(crate) const POSTGRES_REQUIRED: [(&str, &str); 2] =
    [("fsync", "on"), ("synchronous_commit", "on")];

/// Reads back SQLite's settings, in the order of [`SQLITE_REQUIRED`].
pub(crate) async fn sqlite_settings(
    conn: &mut sqlx::SqliteConnection,
) -> Result<[String; 2], sqlx::Error> {
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
pub(crate) async fn postgres_settings(
    conn: &mut sqlx::PgConnection,
) -> Result<[String; 2], sqlx::Error> {
    let fsync: String = sqlx::query_scalar("SHOW fsync")
        .fetch_one(&mut *conn)
        .await?;
    let commit: String = sqlx::query_scalar("SHOW synchronous_commit")
        .fetch_one(&mut *conn)
        .await?;
    Ok([fsync, commit])
}

pub(crate) fn require(
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
pub(crate) async fn quick_check(pool: &sqlx::SqlitePool, target: &str) -> Result<(), StoreError> {
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

pub(crate) async fn check_sqlite(conn: &mut sqlx::SqliteConnection) -> Result<(), sqlx::Error> {
    require(SQLITE_REQUIRED, sqlite_settings(conn).await?)
}

/// The same for PostgreSQL: commits wait for the WAL flush. A transaction
/// left open by a node that stopped in its middle (paused, cut off) is
/// ended by the server after 5 s: the row of its lease it holds locked no
/// longer keeps another node from taking its games over.
pub(crate) async fn check_postgres(conn: &mut sqlx::PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SET synchronous_commit = on")
        .execute(&mut *conn)
        .await?;
    sqlx::query("SET idle_in_transaction_session_timeout = 5000")
        .execute(&mut *conn)
        .await?;
    require(POSTGRES_REQUIRED, postgres_settings(conn).await?)
}

pub(crate) fn opening(target: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
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

/// The start that migrates a store to version 4 computes the codes of the
/// rows written before (`mac.rs`), in one transaction, and says how many:
/// a later start never does, and a row without a code fails its check.
pub(crate) async fn adopt(pool: &Pool, key: &MacKey) -> Result<(), StoreError> {
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

/// A game's row as [`adopt`] reads it (its last entry's place last).
pub(crate) type GameToAdopt = (
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

/// The store keeps its key's check (made by the first start): a start
/// with another key is refused, before it reads any game.
pub(crate) async fn check_key(pool: &Pool, key: &MacKey, target: &str) -> Result<(), StoreError> {
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

/// SQLite: the write-ahead log's size (pages) past which the writer
/// checkpoints it itself, after a commit; below it, [`checkpoints`] does.
pub(crate) const WAL_BACKSTOP_PAGES: u32 = 16_384;

/// The page cache of the SQLite writer's connection (KiB): the index
/// pages its appends touch stay cached instead of being read again from
/// the file (the saturated load, 1,000 games, runs the same at 8 and at
/// 32 MiB: BENCHMARKS.md). It is memory held whatever the number of
/// games, counted in each live game's share at 10,000 games.
pub(crate) const WRITER_CACHE_KIB: u32 = 16_384;

/// The page cache of each reading connection (KiB): loads and listings.
pub(crate) const READER_CACHE_KIB: u32 = 4_096;

/// SQLite: copies the write-ahead log into the database every second on a
/// connection of its own (`PASSIVE`: it waits for no one and no one waits
/// for it), so that a commit seldom pays for a checkpoint. What it could
/// not copy under load, the writer's own checkpoint at
/// [`WAL_BACKSTOP_PAGES`] copies, and the log then starts again from its
/// beginning.
pub(crate) async fn checkpoints(pool: SqlitePool) {
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

impl Store {
    /// Opens the database at `url` (`sqlite://FILE`, created if absent, or
    /// `postgres://USER@HOST/DB`), checks the settings durability rests
    /// on, migrates its schema forward and starts the writer.
    pub async fn open(url: &str, options: Options) -> Result<Store, StoreError> {
        let target = redact(url);
        let key = options.key.clone().ok_or(StoreError::NoKey)?;
        let mut file: Option<std::path::PathBuf> = None;
        let mut postgres: Option<PgConnectOptions> = None;
        let (pool, upgraded) = if url.starts_with("sqlite:") {
            let connect = SqliteConnectOptions::from_str(url).map_err(opening(&target))?;
            file = Some(connect.get_filename().to_owned());
            let connect = connect
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                // the pages the loads and listings touch stay in the
                // connection's cache (taken as used)
                .pragma("cache_size", format!("-{READER_CACHE_KIB}"))
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
            postgres = Some(connect.clone());
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
            (Pool::Sqlite(_), Some(file)) => writer::sqlite::start(
                file,
                &target,
                queue,
                options.batching,
                options.max_batch.max(1),
                this.clone(),
                counters.clone(),
            )?,
            (Pool::Postgres(_), _) => {
                writer::postgres::start(
                    postgres.ok_or_else(|| StoreError::Open {
                        target: target.clone(),
                        reason: "a PostgreSQL database without its address".into(),
                    })?,
                    &target,
                    queue,
                    options.batching,
                    options.max_batch.max(1),
                    this.clone(),
                    counters.clone(),
                )
                .await?
            }
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
        let _ = task.await;
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
