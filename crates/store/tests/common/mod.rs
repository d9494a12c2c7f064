//! The databases the tests and the benchmark run on: a temporary SQLite
//! file, and a fresh PostgreSQL database at 127.0.0.1:5432 (dropped after),
//! skipped with a message when no PostgreSQL answers there — unless
//! `ARBITRE_REQUIRE_POSTGRES=1`, which makes its absence a failure.

#![allow(dead_code)]

use std::{
    future::Future,
    sync::atomic::{AtomicU32, Ordering},
    time::Duration,
};

use sqlx::{Connection, PgConnection};

/// The tests' store key: every row's authentication code is made with it.
pub fn key() -> arbitre_store::MacKey {
    arbitre_store::MacKey::from_bytes([0x5a; 32])
}

/// The store's default options, with the tests' key.
pub fn options() -> arbitre_store::Options {
    arbitre_store::Options {
        key: Some(key()),
        ..arbitre_store::Options::default()
    }
}

/// The server the PostgreSQL tests use (`ARBITRE_TEST_POSTGRES` overrides
/// it); each test creates its own database on it.
pub fn postgres_admin_url() -> String {
    std::env::var("ARBITRE_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

fn require_postgres() -> bool {
    std::env::var("ARBITRE_REQUIRE_POSTGRES").as_deref() == Ok("1")
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh PostgreSQL database: its name and address, or `None` (with a
/// message) when no server answers.
pub async fn create_postgres(test: &str) -> Option<(String, String)> {
    let admin = postgres_admin_url();
    let conn = tokio::time::timeout(Duration::from_secs(5), PgConnection::connect(&admin)).await;
    let mut conn = match conn {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => return absent(test, &admin, &e.to_string()),
        Err(_) => return absent(test, &admin, "no answer within 5 s"),
    };
    let name = format!(
        "arbitre_store_test_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut conn)
        .await
        .expect("dropping a stale test database");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("creating a test database");
    let _ = conn.close().await;
    let base = admin
        .rsplit_once('/')
        .map_or(admin.as_str(), |(base, _)| base);
    Some((name.clone(), format!("{base}/{name}")))
}

fn absent(test: &str, admin: &str, why: &str) -> Option<(String, String)> {
    if require_postgres() {
        panic!("{test}: no PostgreSQL at {admin} ({why}), and ARBITRE_REQUIRE_POSTGRES=1");
    }
    eprintln!(
        "SKIPPED on PostgreSQL: {test}: no PostgreSQL at {admin} ({why}); \
         set ARBITRE_REQUIRE_POSTGRES=1 to make this a failure"
    );
    None
}

pub async fn drop_postgres(name: &str) {
    let mut conn = PgConnection::connect(&postgres_admin_url())
        .await
        .expect("connecting to drop a test database");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut conn)
        .await
        .expect("dropping a test database");
    let _ = conn.close().await;
}

/// Runs `test` on a fresh SQLite file, then on a fresh PostgreSQL database
/// (if one answers); a panic of either fails the test after cleaning up.
pub async fn on_both<F, Fut>(name: &str, test: F)
where
    F: Fn(String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("arbitre.db").display());
    let sqlite = tokio::spawn(test(url)).await;
    drop(dir);
    if let Err(e) = sqlite {
        eprintln!("{name}: failed on SQLite");
        std::panic::resume_unwind(e.into_panic());
    }
    if let Some((db, url)) = create_postgres(name).await {
        let postgres = tokio::spawn(test(url)).await;
        drop_postgres(&db).await;
        if let Err(e) = postgres {
            eprintln!("{name}: failed on PostgreSQL");
            std::panic::resume_unwind(e.into_panic());
        }
    }
}

/// A new game `id` with three tokens derived from its id.
pub fn new_game(id: &str) -> arbitre_store::NewGame {
    use arbitre_store::{Seat, TokenHash};
    arbitre_store::NewGame {
        id: id.into(),
        created_ms: 1_700_000_000_000,
        setup: "{}".into(),
        white: None,
        black: None,
        edition: "fide-2023".into(),
        time_control: "5400+30".into(),
        state: "playing".into(),
        tokens: [
            (Seat::White, TokenHash::of(&format!("{id}w"))),
            (Seat::Black, TokenHash::of(&format!("{id}b"))),
            (Seat::Arbiter, TokenHash::of(&format!("{id}a"))),
        ],
    }
}

/// Runs SQL on the database as someone with the file or the server would.
pub async fn raw(url: &str, sql: &str) {
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await.expect("the file");
        sqlx::raw_sql(sql).execute(&pool).await.expect(sql);
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(url).await.expect("the database");
        sqlx::raw_sql(sql).execute(&pool).await.expect(sql);
        pool.close().await;
    }
}

/// The `seq`s of game `game`'s whole log, in order.
pub async fn seqs(store: &arbitre_store::Store, game: &str) -> Vec<u64> {
    store
        .entries_after(game, None)
        .await
        .expect("read")
        .iter()
        .map(|e| e.seq)
        .collect()
}
