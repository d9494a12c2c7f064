//! Someone who can write the database (SECURITY.md, "Someone with the
//! database"): every row he changes, adds, moves or removes is found when
//! it is read, on SQLite and on PostgreSQL — the game is reported
//! (`StoreError::Tampered`), never loaded into another game.
//!
//! Each test writes a real game through the store, stops it, changes the
//! database with plain SQL as such a person would, opens the store again
//! (a restart) and reads.

mod common;

use arbitre_record::StoredEntry;
use arbitre_store::{Append, MacKey, Options, Store, StoreError, Summary, TokenHash};
use common::{new_game, on_both, raw};
use serde_json::json;

async fn open(url: &str) -> Store {
    open_with(url, common::options()).await
}

async fn open_with(url: &str, options: Options) -> Store {
    match Store::open(url, options).await {
        Ok(store) => store,
        Err(e) => panic!("opening {url}: {e}"),
    }
}

/// A byte string as a literal of the database's SQL.
fn blob(url: &str, bytes: &[u8]) -> String {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    if url.starts_with("sqlite:") {
        format!("X'{hex}'")
    } else {
        format!("'\\x{hex}'::bytea")
    }
}

/// White and Black play `moves`, each with its `client_id` and answer;
/// the last one finishes the game 1-0 when `finish`.
async fn play(store: &Store, game: &str, moves: &[&str], finish: bool) {
    for (seq, mv) in moves.iter().enumerate() {
        let by = if seq % 2 == 0 { "white" } else { "black" };
        let entry = StoredEntry::from_json(
            json!({"seq": seq, "t": seq as f64, "by": by, "move": mv, "decisions": []}),
        )
        .expect("an entry");
        let mut append = Append::entry(game, &entry, 1_700_000_000_000 + seq as i64);
        append.client_id = Some(format!("{game}-c{seq}"));
        append.answer = Some(json!({"seq": seq, "accepted": true}).to_string());
        let last = seq + 1 == moves.len();
        append.summary = Some(Summary {
            state: if last && finish {
                "finished"
            } else {
                "playing"
            }
            .into(),
            result: (last && finish).then(|| "1-0".into()),
            moves: seq as u64 + 1,
            changes_listing: true,
        });
        store.append(append).await.expect("appended");
    }
}

/// Two games written and the store stopped: `g` (1. e4 e5 2. Nf3 Nc6,
/// finished 1-0) and `h` (1. d4 d5).
async fn two_games(url: &str) {
    let store = open(url).await;
    store.create_game(&new_game("g")).await.expect("created");
    store.create_game(&new_game("h")).await.expect("created");
    play(&store, "g", &["e4", "e5", "Nf3", "Nc6"], true).await;
    play(&store, "h", &["d4", "d5"], false).await;
    store.close().await;
}

fn tampered(result: Result<impl std::fmt::Debug, StoreError>, game: &str, what: &str) {
    match result {
        Err(StoreError::Tampered { game: g, what: w }) => {
            assert_eq!(g, game);
            assert!(w.contains(what), "`{w}` does not say `{what}`");
        }
        other => panic!("game `{game}` was not reported ({what}): {other:?}"),
    }
}

/// The other game is not touched by one game's rows.
async fn untouched(store: &Store, game: &str) {
    let loaded = store.load_game(game).await.expect("read").expect("there");
    assert!(!loaded.entries.is_empty());
    assert_eq!(loaded.game.tampered, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_changed_into_another_legal_move_is_found() {
    on_both(
        "a_move_changed_into_another_legal_move_is_found",
        |url| async move {
            two_games(&url).await;
            // 2. Nf3 becomes 2. Nc3: as legal, and the game would replay
            raw(
                &url,
                "UPDATE events SET entry = replace(entry, '\"Nf3\"', '\"Nc3\"') \
             WHERE game_id = 'g' AND seq = 2",
            )
            .await;
            let store = open(&url).await;
            tampered(store.load_game("g").await, "g", "entry 2");
            tampered(store.entries_after("g", Some(0)).await, "g", "entry 2");
            // the first answer of a retried event is given only if genuine
            raw(
                &url,
                "UPDATE events SET answer = '{\"seq\": 9}' WHERE game_id = 'g' AND seq = 1",
            )
            .await;
            tampered(store.find_client_id("g", "g-c1").await, "g", "entry 1");
            untouched(&store, "h").await;
            store.close().await;
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_removed_from_the_middle_is_found() {
    on_both(
        "an_entry_removed_from_the_middle_is_found",
        |url| async move {
            two_games(&url).await;
            raw(&url, "DELETE FROM events WHERE game_id = 'g' AND seq = 1").await;
            let store = open(&url).await;
            tampered(store.load_game("g").await, "g", "no entry 1");
            tampered(store.entries_after("g", None).await, "g", "no entry 1");
            untouched(&store, "h").await;
            store.close().await;
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_taken_back_is_found() {
    on_both("a_result_taken_back_is_found", |url| async move {
        two_games(&url).await;
        // the finishing entry removed: the log would end in a game going on
        raw(&url, "DELETE FROM events WHERE game_id = 'g' AND seq = 3").await;
        let store = open(&url).await;
        tampered(store.load_game("g").await, "g", "set by entry 3");
        store.close().await;
        // and the listed result changed
        raw(&url, "UPDATE games SET result = '0-1' WHERE id = 'h'").await;
        let store = open(&url).await;
        tampered(store.game("h").await, "h", "state or result");
        tampered(store.load_game("h").await, "h", "state or result");
        let listed = store.list_games(&Default::default()).await.expect("listed");
        let h = listed.iter().find(|g| g.id == "h").expect("h listed");
        assert!(h.tampered.is_some(), "the listing flags it");
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_copied_from_another_game_or_place_is_found() {
    on_both(
        "an_entry_copied_from_another_game_or_place_is_found",
        |url| async move {
            two_games(&url).await;
            // h's entry 1 (with its code) added to h's end as entry 2
            raw(
            &url,
            "INSERT INTO events (game_id, seq, entry, received_ms, client_id, answer, moves, mac) \
             SELECT game_id, 2, entry, received_ms, NULL, answer, moves, mac FROM events \
             WHERE game_id = 'h' AND seq = 1",
        )
        .await;
            // g's entry 0 given to h with its code
            raw(
            &url,
            "UPDATE events SET mac = (SELECT mac FROM events WHERE game_id = 'g' AND seq = 0), \
             entry = (SELECT entry FROM events WHERE game_id = 'g' AND seq = 0) \
             WHERE game_id = 'h' AND seq = 0",
        )
        .await;
            let store = open(&url).await;
            tampered(store.load_game("h").await, "h", "entry 0");
            tampered(store.entries_after("h", Some(1)).await, "h", "entry 2");
            untouched(&store, "g").await;
            store.close().await;
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_setup_is_found_and_listed() {
    on_both("a_changed_setup_is_found_and_listed", |url| async move {
        two_games(&url).await;
        raw(
            &url,
            "UPDATE games SET time_control = '60+0' WHERE id = 'g'",
        )
        .await;
        let store = open(&url).await;
        let listed = store.list_games(&Default::default()).await.expect("listed");
        let flags: Vec<(String, bool)> = listed
            .iter()
            .map(|g| (g.id.clone(), g.tampered.is_some()))
            .collect();
        assert_eq!(flags, [("g".to_string(), true), ("h".to_string(), false)]);
        tampered(store.game("g").await, "g", "setup");
        tampered(store.load_game("g").await, "g", "setup");
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_written_into_the_database_acts_for_no_one() {
    on_both(
        "a_token_written_into_the_database_acts_for_no_one",
        |url| async move {
            two_games(&url).await;
            let mine = TokenHash::of("the intruder's token");
            let store = open(&url).await;
            store
                .add_organiser_token(&TokenHash::of("the organiser"), 5)
                .await
                .expect("added");
            store.close().await;
            raw(
                &url,
                &format!(
                    "UPDATE seat_tokens SET hash = {} WHERE game_id = 'g' AND seat = 'white'; \
                 INSERT INTO organiser_tokens (hash, created_ms, mac) \
                 SELECT {}, created_ms, mac FROM organiser_tokens",
                    blob(&url, &mine.0),
                    blob(&url, &mine.0),
                ),
            )
            .await;
            let store = open(&url).await;
            tampered(store.find_seat(&mine).await, "g", "seat `white`");
            tampered(store.seat_tokens("g").await, "g", "seat `white`");
            assert_eq!(store.is_organiser(&mine).await, Ok(false));
            assert_eq!(
                store.is_organiser(&TokenHash::of("the organiser")).await,
                Ok(true)
            );
            // h's seats are still h's
            assert!(matches!(
                store.find_seat(&TokenHash::of("hb")).await,
                Ok(Some((g, arbitre_store::Seat::Black))) if g == "h"
            ));
            store.close().await;
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_row_without_its_code_or_under_another_key_is_not_genuine() {
    on_both(
        "a_row_without_its_code_or_under_another_key_is_not_genuine",
        |url| async move {
            two_games(&url).await;
            raw(
                &url,
                "UPDATE events SET mac = NULL WHERE game_id = 'h' AND seq = 0",
            )
            .await;
            let store = open(&url).await;
            tampered(store.load_game("h").await, "h", "entry 0");
            untouched(&store, "g").await;
            store.close().await;
            // a server started with another key (another signing key file) is
            // refused at start, with the reason
            let other = Options {
                key: Some(MacKey::from_bytes([1; 32])),
                ..common::options()
            };
            match Store::open(&url, other.clone()).await {
                Err(e @ StoreError::WrongKey { .. }) => {
                    assert!(e.to_string().contains("--signing-key"), "{e}")
                }
                Err(other) => panic!("refused for another reason: {other}"),
                Ok(_) => panic!("opened under another key"),
            }
            // and were its check rewritten for that key, every row still fails
            raw(&url, "DELETE FROM store_key").await;
            let store = open_with(&url, other).await;
            tampered(store.load_game("g").await, "g", "setup");
            let listed = store.list_games(&Default::default()).await.expect("listed");
            assert!(listed.iter().all(|g| g.tampered.is_some()));
            assert_eq!(store.is_organiser(&TokenHash::of("x")).await, Ok(false));
            store.close().await;
            // no key, no store
            match Store::open(&url, Options::default()).await {
                Err(StoreError::NoKey) => {}
                Err(other) => panic!("refused for another reason: {other}"),
                Ok(_) => panic!("opened without a key"),
            }
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_takes_the_rows_written_before_once() {
    on_both(
        "the_upgrade_takes_the_rows_written_before_once",
        |url| async move {
            two_games(&url).await;
            let store = open(&url).await;
            store
                .add_organiser_token(&TokenHash::of("the organiser"), 5)
                .await
                .expect("added");
            store.close().await;
            // the store as version 3 left it: no codes, no version 4
            raw(
                &url,
                "ALTER TABLE games DROP COLUMN mac; ALTER TABLE games DROP COLUMN summary_seq; \
             ALTER TABLE games DROP COLUMN summary_mac; ALTER TABLE events DROP COLUMN mac; \
             ALTER TABLE seat_tokens DROP COLUMN mac; \
             ALTER TABLE organiser_tokens DROP COLUMN mac; DROP TABLE store_key; \
             ALTER TABLE instants DROP COLUMN commits; \
             DELETE FROM _sqlx_migrations WHERE version = 4",
            )
            .await;
            // (a store of version 3 had no commit mark beside its file)
            if let Some(path) = url.strip_prefix("sqlite://") {
                let _ = std::fs::remove_file(format!("{path}-mark"));
            }
            // the start that upgrades it takes its rows as they are
            let store = open(&url).await;
            for game in ["g", "h"] {
                untouched(&store, game).await;
            }
            let g = store.load_game("g").await.expect("read").expect("there");
            assert_eq!(
                (g.game.state.as_str(), g.game.result.as_deref()),
                ("finished", Some("1-0"))
            );
            assert_eq!(
                store
                    .find_seat(&TokenHash::of("gw"))
                    .await
                    .expect("found")
                    .map(|s| s.0),
                Some("g".into())
            );
            assert_eq!(
                store.is_organiser(&TokenHash::of("the organiser")).await,
                Ok(true)
            );
            // and the games go on, authenticated
            let entry = StoredEntry::from_json(
                json!({"seq": 2, "t": 2.0, "by": "white", "move": "c4", "decisions": []}),
            )
            .expect("an entry");
            store
                .append(Append::entry("h", &entry, 1))
                .await
                .expect("appended");
            store.close().await;
            // a later start takes nothing as it is: a code removed is found
            raw(
                &url,
                "UPDATE events SET mac = NULL WHERE game_id = 'h' AND seq = 1",
            )
            .await;
            let store = open(&url).await;
            tampered(store.load_game("h").await, "h", "entry 1");
            untouched(&store, "g").await;
            store.close().await;
        },
    )
    .await;
}
