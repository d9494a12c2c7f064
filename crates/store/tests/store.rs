//! The store on SQLite and on PostgreSQL: round trips, durability across
//! reopening, group commit under concurrency, conflicts failing alone, the
//! settings check, migrations.

mod common;

use std::time::Duration;

use arbitre_record::StoredEntry;
use arbitre_store::{
    new_token, Append, Backend, Batching, GameFilter, NewGame, Options, Seat, Store, StoreError,
    Summary, TokenHash,
};
use common::{on_both, raw};
use serde_json::json;

fn options(batching: Batching) -> Options {
    Options {
        batching,
        ..common::options()
    }
}

/// The store as node `name` (the games it creates are its own).
async fn open_as(url: &str, name: &str) -> Store {
    Store::open(
        url,
        Options {
            node: name.into(),
            ..common::options()
        },
    )
    .await
    .expect("opened")
}

async fn open(url: &str, batching: Batching) -> Store {
    match Store::open(url, options(batching)).await {
        Ok(store) => store,
        Err(e) => panic!("opening {url}: {e}"),
    }
}

fn new_game(id: &str, white: &str, black: &str) -> (NewGame, [String; 3]) {
    let mut tokens = Vec::new();
    let mut hashes = Vec::new();
    for seat in [Seat::White, Seat::Black, Seat::Arbiter] {
        let (token, hash) = new_token().expect("randomness");
        tokens.push(token);
        hashes.push((seat, hash));
    }
    let setup = json!({"edition": "fide-2023", "time_control": "5400+30",
                       "players": {"white": white, "black": black}, "round": "1"});
    let game = NewGame {
        id: id.into(),
        created_ms: 1_700_000_000_000,
        setup: setup.to_string(),
        white: Some(white.into()),
        black: Some(black.into()),
        edition: "fide-2023".into(),
        time_control: "5400+30".into(),
        state: "playing".into(),
        tokens: [hashes[0], hashes[1], hashes[2]],
    };
    let [w, b, a]: [String; 3] = tokens.try_into().expect("three tokens");
    (game, [w, b, a])
}

/// A stored entry: a move at `seq` seconds.
fn entry(seq: u64) -> StoredEntry {
    let by = if seq.is_multiple_of(2) {
        "white"
    } else {
        "black"
    };
    StoredEntry::from_json(json!({"seq": seq, "t": seq as f64, "by": by,
                                  "move": "e4", "decisions": []}))
    .expect("an entry")
}

fn append(game: &str, seq: u64) -> Append {
    Append::entry(game, &entry(seq), 1_700_000_000_000 + seq as i64)
}

/// Games created at once are committed together (PostgreSQL: one call
/// for the writer's whole batch of new games): each is created with its
/// lease and its seats' tokens, and an id taken, by a stored game or by
/// another game of the same batch, is refused alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_created_at_once_fail_alone() {
    on_both("games_created_at_once_fail_alone", |url| async move {
        let store = open(&url, Batching::Window(Duration::from_millis(20))).await;
        let (stored, _) = new_game("taken", "Euwe", "Flohr");
        store.create_game(&stored).await.expect("created");
        let mut games: Vec<(NewGame, [String; 3])> = (0..12)
            .map(|i| new_game(&format!("n{i}"), "Lasker", "Tarrasch"))
            .collect();
        games.push(new_game("taken", "Reti", "Bogoljubov"));
        games.push(new_game("n3", "Reti", "Bogoljubov"));
        let outcomes =
            futures_util::future::join_all(games.iter().map(|(game, _)| store.create_game(game)))
                .await;
        let mut created = std::collections::HashMap::new();
        for ((game, tokens), outcome) in games.iter().zip(&outcomes) {
            match outcome {
                Ok(()) => {
                    assert!(
                        created.insert(game.id.clone(), tokens.clone()).is_none(),
                        "{} created twice",
                        game.id
                    );
                }
                Err(StoreError::GameExists(id)) => assert_eq!(id, &game.id),
                Err(e) => panic!("{}: {e}", game.id),
            }
        }
        let mut ids: Vec<&String> = created.keys().collect();
        ids.sort();
        let mut expected: Vec<String> = (0..12).map(|i| format!("n{i}")).collect();
        expected.sort();
        assert_eq!(ids, expected.iter().collect::<Vec<_>>());
        assert_eq!(
            outcomes.iter().filter(|o| o.is_err()).count(),
            2,
            "{outcomes:?}"
        );
        // every game created has its lease and the tokens of its winner
        for (id, tokens) in &created {
            let lease = store.lease(id).await.expect("read").expect("a lease");
            assert_eq!(lease.epoch, 1, "{id}");
            let hash = TokenHash::of(&tokens[1]);
            assert_eq!(
                store.find_seat(&hash).await.expect("read"),
                Some((id.clone(), Seat::Black))
            );
            store.append(append(id, 0)).await.expect("appended");
        }
        // the stored game keeps its own row and tokens
        let row = store.game("taken").await.expect("read").expect("a game");
        assert_eq!(row.white.as_deref(), Some("Euwe"));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_trip() {
    on_both("round_trip", |url| async move {
        let store = open(&url, Batching::Window(Duration::from_millis(2))).await;
        let (game, tokens) = new_game("g1", "Alekhine", "Capablanca");
        store.create_game(&game).await.expect("created");
        assert_eq!(
            store.create_game(&game).await,
            Err(StoreError::GameExists("g1".into()))
        );
        let (other, _) = new_game("g2", "Lasker", "Alekhine");
        store.create_game(&other).await.expect("created");

        for seq in 0..3 {
            let mut a = append("g1", seq);
            a.client_id = Some(format!("c{seq}"));
            a.answer = Some(json!({"seq": seq, "accepted": true}).to_string());
            a.summary = Some(Summary {
                state: "playing".into(),
                result: None,
                moves: seq + 1,
                changes_listing: true,
            });
            store.append(a).await.expect("appended");
        }
        let mut last = append("g1", 3);
        last.summary = Some(Summary {
            state: "finished".into(),
            result: Some("1-0".into()),
            moves: 4,
            changes_listing: true,
        });
        store.append(last).await.expect("appended");

        let loaded = store.load_game("g1").await.expect("read").expect("a game");
        assert_eq!(loaded.game.setup, game.setup);
        assert_eq!(loaded.game.owner, "local");
        assert_eq!(loaded.game.state, "finished");
        assert_eq!(loaded.game.result.as_deref(), Some("1-0"));
        assert_eq!(loaded.game.moves, 4);
        assert_eq!(loaded.entries.len(), 4);
        for (i, row) in loaded.entries.iter().enumerate() {
            assert_eq!(row.seq, i as u64);
            assert_eq!(row.stored_entry().expect("readable"), entry(i as u64));
            assert_eq!(row.received_ms, 1_700_000_000_000 + i as i64);
        }
        assert_eq!(loaded.entries[1].client_id.as_deref(), Some("c1"));
        let after: Vec<u64> = store
            .entries_after("g1", Some(1))
            .await
            .expect("read")
            .iter()
            .map(|e| e.seq)
            .collect();
        assert_eq!(after, [2, 3]);
        assert_eq!(
            store.entries_after("g1", None).await.expect("read").len(),
            4
        );
        assert!(store.load_game("nope").await.expect("read").is_none());
        assert!(store.game("nope").await.expect("read").is_none());

        let first = store
            .find_client_id("g1", "c2")
            .await
            .expect("read")
            .expect("found");
        assert_eq!(first.seq, 2);
        assert_eq!(
            first.answer,
            Some(json!({"seq": 2, "accepted": true}).to_string())
        );
        assert!(store
            .find_client_id("g2", "c2")
            .await
            .expect("read")
            .is_none());

        let ids = |games: Vec<arbitre_store::GameRow>| -> Vec<String> {
            games.into_iter().map(|g| g.id).collect()
        };
        let all = store
            .list_games(&GameFilter::default())
            .await
            .expect("list");
        assert_eq!(ids(all), ["g1", "g2"]);
        let filter = |state: Option<&str>, player: Option<&str>| GameFilter {
            state: state.map(String::from),
            player: player.map(String::from),
        };
        let f = |s, p| filter(s, p);
        assert_eq!(
            ids(store
                .list_games(&f(Some("finished"), None))
                .await
                .expect("list")),
            ["g1"]
        );
        assert_eq!(
            ids(store
                .list_games(&f(Some("playing"), None))
                .await
                .expect("list")),
            ["g2"]
        );
        assert_eq!(
            ids(store
                .list_games(&f(None, Some("Alekhine")))
                .await
                .expect("list")),
            ["g1", "g2"]
        );
        assert_eq!(
            ids(store
                .list_games(&f(None, Some("Lasker")))
                .await
                .expect("list")),
            ["g2"]
        );
        assert!(store
            .list_games(&f(Some("finished"), Some("Lasker")))
            .await
            .expect("list")
            .is_empty());
        assert_eq!(ids(store.live_games().await.expect("list")), ["g2"]);

        assert_eq!(
            store
                .find_seat(&TokenHash::of(&tokens[1]))
                .await
                .expect("read"),
            Some(("g1".to_string(), Seat::Black))
        );
        assert_eq!(
            store
                .find_seat(&TokenHash::of(&tokens[2]))
                .await
                .expect("read"),
            Some(("g1".to_string(), Seat::Arbiter))
        );
        assert_eq!(
            store
                .find_seat(&TokenHash::of("guess"))
                .await
                .expect("read"),
            None
        );
        assert_eq!(store.seat_tokens("g1").await.expect("read").len(), 3);

        assert!(!store.has_organiser().await.expect("read"));
        let (organiser, hash) = new_token().expect("randomness");
        store.add_organiser_token(&hash, 5).await.expect("added");
        store
            .add_organiser_token(&hash, 5)
            .await
            .expect("added twice");
        assert!(store.has_organiser().await.expect("read"));
        assert!(store
            .is_organiser(&TokenHash::of(&organiser))
            .await
            .expect("read"));
        assert!(!store
            .is_organiser(&TokenHash::of(&tokens[0]))
            .await
            .expect("read"));

        assert_eq!(
            store.last_instant().await.expect("read"),
            Some(1_700_000_000_003)
        );
        store
            .record_instant(1_800_000_000_000)
            .await
            .expect("recorded");
        assert_eq!(
            store.last_instant().await.expect("read"),
            Some(1_800_000_000_000)
        );
        // an older instant never moves it back
        store.record_instant(5).await.expect("recorded");
        assert_eq!(
            store.last_instant().await.expect("read"),
            Some(1_800_000_000_000)
        );
        store.health().await.expect("healthy");
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_is_durable_once_it_resolves() {
    on_both("an_append_is_durable_once_it_resolves", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        store.append(append("g", 0)).await.expect("appended");
        // another pool (another node: a second one under the same name
        // would fence the first) sees it at once, while the first is open
        let other = open_as(&url, "other").await;
        let seen = other.entries_after("g", None).await.expect("read");
        assert_eq!(seen.len(), 1);
        store.append(append("g", 1)).await.expect("appended");
        assert_eq!(
            other.entries_after("g", Some(0)).await.expect("read").len(),
            1
        );
        other.close().await;
        // the writer is not closed politely: the store is dropped
        drop(store);
        let reopened = open(&url, Batching::AsSoonAsFree).await;
        let loaded = reopened
            .load_game("g")
            .await
            .expect("read")
            .expect("a game");
        assert_eq!(loaded.entries.len(), 2);
        assert_eq!(
            loaded.entries[1].stored_entry().expect("readable"),
            entry(1)
        );
        reopened.close().await;
    })
    .await;
}

async fn concurrent(url: String, batching: Batching) {
    const GAMES: u64 = 40;
    const ENTRIES: u64 = 15;
    let store = std::sync::Arc::new(open(&url, batching).await);
    for g in 0..GAMES {
        let (game, _) = new_game(&format!("g{g}"), "A", "B");
        store.create_game(&game).await.expect("created");
    }
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            for seq in 0..ENTRIES {
                store
                    .append(append(&format!("g{g}"), seq))
                    .await
                    .expect("appended");
            }
        }));
    }
    for task in tasks {
        task.await.expect("a writer task");
    }
    let stats = store.stats();
    assert_eq!(stats.appends, GAMES * ENTRIES);
    assert_eq!(stats.refused, 0);
    // 40 tasks waiting at once: transactions carry many appends each
    assert!(
        stats.transactions * 4 <= stats.appends,
        "{batching:?}: {} transactions for {} appends",
        stats.transactions,
        stats.appends
    );
    assert!(stats.largest_batch >= 10, "{stats:?}");
    for g in 0..GAMES {
        let entries = store
            .entries_after(&format!("g{g}"), None)
            .await
            .expect("read");
        let seqs: Vec<u64> = entries.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (0..ENTRIES).collect::<Vec<_>>());
        for e in &entries {
            assert_eq!(e.stored_entry().expect("readable"), entry(e.seq));
        }
    }
    if let Ok(store) = std::sync::Arc::try_unwrap(store) {
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_appends_land_in_order_in_few_transactions_with_a_window() {
    on_both("concurrent_window", |url| {
        concurrent(url, Batching::Window(Duration::from_millis(2)))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_appends_land_in_order_in_few_transactions_as_soon_as_free() {
    on_both("concurrent_as_soon_as_free", |url| {
        concurrent(url, Batching::AsSoonAsFree)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_commit_per_append_when_asked() {
    on_both("one_commit_per_append", |url| async move {
        let store = open(&url, Batching::PerAppend).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        let before = store.stats().transactions;
        for seq in 0..5 {
            store.append(append("g", seq)).await.expect("appended");
        }
        assert_eq!(store.stats().transactions - before, 5);
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conflict_fails_only_its_own_append() {
    on_both("a_conflict_fails_only_its_own_append", |url| async move {
        // a long window: the five appends below go into one transaction
        let store = open(&url, Batching::Window(Duration::from_millis(300))).await;
        for id in ["a", "b", "c"] {
            let (game, _) = new_game(id, "A", "B");
            store.create_game(&game).await.expect("created");
        }
        let mut first = append("c", 0);
        first.client_id = Some("retry-me".into());
        first.answer = Some(r#"{"seq":0,"accepted":true}"#.into());
        store.append(first).await.expect("appended");
        store.append(append("b", 0)).await.expect("appended");
        let before = store.stats();

        let mut retried = append("c", 1);
        retried.client_id = Some("retry-me".into());
        let (good, taken, gap, duplicate, unknown, also_good) = tokio::join!(
            store.append(append("a", 0)),
            store.append(append("b", 0)),
            store.append(append("b", 5)),
            store.append(retried),
            store.append(append("nope", 0)),
            store.append(append("b", 1)),
        );
        good.expect("a good append commits");
        also_good.expect("a good append commits");
        assert_eq!(
            taken,
            Err(StoreError::SeqTaken {
                game: "b".into(),
                seq: 0,
                next: 1
            })
        );
        assert!(
            matches!(gap, Err(StoreError::SeqTaken { seq: 5, .. })),
            "{gap:?}"
        );
        assert_eq!(
            duplicate,
            Err(StoreError::DuplicateClientId {
                game: "c".into(),
                client_id: "retry-me".into(),
                seq: 0,
                answer: Some(r#"{"seq":0,"accepted":true}"#.into()),
            })
        );
        assert_eq!(unknown, Err(StoreError::NoSuchGame("nope".into())));
        let after = store.stats();
        assert_eq!(after.transactions - before.transactions, 1, "{after:?}");
        assert_eq!(after.appends - before.appends, 2);
        assert_eq!(after.refused - before.refused, 4);
        assert_eq!(store.entries_after("a", None).await.expect("read").len(), 1);
        assert_eq!(store.entries_after("b", None).await.expect("read").len(), 2);
        assert_eq!(store.entries_after("c", None).await.expect("read").len(), 1);
        store.close().await;
    })
    .await;
}

/// What the writer remembers of each game's last entry (PostgreSQL: the
/// entry that follows needs no reading of the table) is what it committed,
/// nothing else: an append refused teaches it nothing (the next append
/// after a gap is refused too, not written after an entry that is not
/// there), and the append that follows it is taken as it comes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_append_teaches_the_writer_nothing() {
    on_both("a_refused_append_teaches_nothing", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        store.append(append("g", 0)).await.expect("the first entry");
        for (seq, next) in [(2, 1), (3, 1), (0, 1)] {
            assert_eq!(
                store.append(append("g", seq)).await,
                Err(StoreError::SeqTaken {
                    game: "g".into(),
                    seq,
                    next
                }),
                "seq {seq}"
            );
        }
        for seq in 1..4 {
            store
                .append(append("g", seq))
                .await
                .expect("the next entry");
        }
        assert_eq!(common::seqs(&store, "g").await, [0, 1, 2, 3]);
        store.close().await;
    })
    .await;
}

/// An entry written behind the writer's back (another program on the
/// database) takes its `seq`: the writer, which committed the entry
/// before and would take the next as its game's next, is refused it and
/// says why (PostgreSQL: by the primary key, the batch written again one
/// by one), then goes on after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_written_behind_the_writer_takes_its_seq() {
    on_both("an_entry_written_behind_the_writer", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        store.append(append("g", 0)).await.expect("the first entry");
        raw(
            &url,
            "INSERT INTO events (game_id, seq, entry, received_ms) VALUES ('g', 1, '{}', 0)",
        )
        .await;
        assert_eq!(
            store.append(append("g", 1)).await,
            Err(StoreError::SeqTaken {
                game: "g".into(),
                seq: 1,
                next: 2
            })
        );
        store
            .append(append("g", 2))
            .await
            .expect("the entry after it");
        let seqs: Vec<u64> = store
            .entries_after("g", Some(1))
            .await
            .expect("read")
            .iter()
            .map(|e| e.seq)
            .collect();
        assert_eq!(seqs, [2]);
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_holding_several_entries_of_a_game_is_written_at_once() {
    on_both("several_entries_of_a_game", |url| async move {
        // a long window: the appends below go into one transaction
        let store = open(&url, Batching::Window(Duration::from_millis(300))).await;
        for id in ["a", "b"] {
            let (game, _) = new_game(id, "A", "B");
            store.create_game(&game).await.expect("created");
        }
        store.append(append("a", 0)).await.expect("appended");
        let before = store.stats();
        // each append says the game has `seq * 10` moves after it
        let listed = |game: &str, seq: u64| {
            let mut a = append(game, seq);
            a.summary = Some(Summary {
                state: "playing".into(),
                result: None,
                moves: seq * 10,
                changes_listing: true,
            });
            a
        };
        let (a1, a2, b0, a3, b1) = tokio::join!(
            store.append(listed("a", 1)),
            store.append(listed("a", 2)),
            store.append(listed("b", 0)),
            store.append(listed("a", 3)),
            store.append(listed("b", 1)),
        );
        for outcome in [a1, a2, b0, a3, b1] {
            outcome.expect("a good append commits");
        }
        let after = store.stats();
        assert_eq!(after.transactions - before.transactions, 1, "{after:?}");
        assert_eq!(after.appends - before.appends, 5);
        // each entry was its game's next, counting the batch's earlier ones:
        // nothing was refused, so nothing was written twice
        assert_eq!(after.rewritten, before.rewritten, "{after:?}");
        let seqs = |id: &'static str| {
            let store = &store;
            async move {
                store
                    .entries_after(id, None)
                    .await
                    .expect("read")
                    .iter()
                    .map(|e| e.seq)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(seqs("a").await, vec![0, 1, 2, 3]);
        assert_eq!(seqs("b").await, vec![0, 1]);
        // the listing is the one after each game's last entry
        let listed = store.list_games(&Default::default()).await.expect("listed");
        let moves: Vec<(String, u64)> = listed.iter().map(|g| (g.id.clone(), g.moves)).collect();
        assert!(moves.contains(&("a".to_string(), 30)), "{moves:?}");
        assert!(moves.contains(&("b".to_string(), 10)), "{moves:?}");
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_id_twice_in_one_batch_is_refused_the_second_time() {
    on_both("a_client_id_twice_in_one_batch", |url| async move {
        // a long window: both appends go into one transaction, where one
        // statement would not see the first when checking the second
        let store = open(&url, Batching::Window(Duration::from_millis(300))).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        let with_id = |seq: u64| {
            let mut a = append("g", seq);
            a.client_id = Some("twice".into());
            a.answer = Some(format!(r#"{{"seq":{seq}}}"#));
            a
        };
        let (first, second) = tokio::join!(store.append(with_id(0)), async {
            // queued after the first
            tokio::time::sleep(Duration::from_millis(20)).await;
            store.append(with_id(1)).await
        });
        first.expect("the first commits");
        assert_eq!(
            second,
            Err(StoreError::DuplicateClientId {
                game: "g".into(),
                client_id: "twice".into(),
                seq: 0,
                answer: Some(r#"{"seq":0}"#.into()),
            })
        );
        let entries = store.entries_after("g", None).await.expect("read");
        assert_eq!(entries.len(), 1, "{entries:?}");
        // and once committed, a retry in a later batch is refused too
        assert!(matches!(
            store.append(with_id(1)).await,
            Err(StoreError::DuplicateClientId { seq: 0, .. })
        ));
        store.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listing_follows_state_result_and_moves() {
    on_both("the_listing_follows", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        let listed = |seq: u64, state: &str, result: Option<&str>, moves: u64| {
            let mut a = append("g", seq);
            a.summary = Some(Summary {
                state: state.into(),
                result: result.map(Into::into),
                moves,
                changes_listing: true,
            });
            a
        };
        async fn row(store: &Store) -> (String, Option<String>, u64) {
            let g = store.game("g").await.expect("read").expect("kept");
            (g.state, g.result, g.moves)
        }
        assert_eq!(row(&store).await, ("playing".into(), None, 0));
        store
            .append(listed(0, "playing", None, 1))
            .await
            .expect("appended");
        store
            .append(listed(1, "playing", None, 2))
            .await
            .expect("appended");
        assert_eq!(row(&store).await, ("playing".into(), None, 2));
        // an entry with no summary leaves the listing as it was
        store.append(append("g", 2)).await.expect("appended");
        assert_eq!(row(&store).await, ("playing".into(), None, 2));
        store
            .append(listed(3, "adjourned", None, 2))
            .await
            .expect("appended");
        assert_eq!(row(&store).await, ("adjourned".into(), None, 2));
        store
            .append(listed(4, "finished", Some("1-0"), 3))
            .await
            .expect("appended");
        assert_eq!(
            row(&store).await,
            ("finished".into(), Some("1-0".into()), 3)
        );
        let filter = GameFilter {
            state: Some("finished".into()),
            ..Default::default()
        };
        let finished = store.list_games(&filter).await.expect("listed");
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].moves, 3);
        store.close().await;
    })
    .await;
}

/// The schema of version 1 with a game in it, then the store opened: the
/// log, the answers and the listing kept through the migrations.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_migrated_with_everything_in_it() {
    on_both("a_version_1_database_is_migrated", |url| async move {
        let v1 = "INSERT INTO games (id, created_ms, owner, setup, white, black, edition, \
                  time_control, state, result, moves) VALUES \
                  ('g', 1, 'node', '{}', 'A', 'B', 'fide-2023', '5400+30', 'playing', NULL, 7), \
                  ('h', 2, 'node', '{}', 'C', 'D', 'fide-2023', '5400+30', 'playing', NULL, 0)";
        let entries = |game: &str, n: u64| -> Vec<String> {
            (0..n)
                .map(|seq| {
                    format!(
                        "INSERT INTO events (game_id, seq, entry, received_ms, client_id, answer) \
                         VALUES ('{game}', {seq}, '{}', {seq}, 'c{seq}', '{{\"seq\":{seq}}}')",
                        entry(seq).to_json()
                    )
                })
                .collect()
        };
        let statements: Vec<String> = std::iter::once(v1.to_string())
            .chain(entries("g", 3))
            .collect();
        if url.starts_with("sqlite:") {
            let pool = sqlite_at_version(&url, 1).await;
            for sql in &statements {
                sqlx::query(sql)
                    .execute(&pool)
                    .await
                    .expect("a version 1 row");
            }
            pool.close().await;
        } else {
            let pool = sqlx::PgPool::connect(&url).await.expect("opened");
            let mut first = sqlx::migrate!("./migrations/postgres");
            first.migrations = first.migrations[..1].to_vec().into();
            first.run(&pool).await.expect("version 1");
            for sql in &statements {
                sqlx::query(sql)
                    .execute(&pool)
                    .await
                    .expect("a version 1 row");
            }
            pool.close().await;
        }
        // the games of version 1 are their creator's: its name opens them
        let store = open_as(&url, "node").await;
        let g = store.game("g").await.expect("read").expect("kept");
        assert_eq!(g.moves, 7, "the number of moves kept on the last entry");
        assert_eq!(g.owner, "node", "the game's lease names its creator");
        let lease = store.lease("g").await.expect("read").expect("a lease");
        assert_eq!(
            (lease.node.as_str(), lease.epoch, lease.alive),
            ("node", 1, true)
        );
        assert_eq!(store.game("h").await.expect("read").expect("kept").moves, 0);
        let loaded = store.load_game("g").await.expect("read").expect("kept");
        let seqs: Vec<u64> = loaded.entries.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, vec![0, 1, 2]);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&loaded.entries[1].entry).expect("json"),
            serde_json::from_str::<serde_json::Value>(&entry(1).to_json().to_string())
                .expect("json")
        );
        // the answers and the order of the log still hold
        let mut retried = append("g", 3);
        retried.client_id = Some("c1".into());
        assert!(matches!(
            store.append(retried).await,
            Err(StoreError::DuplicateClientId { seq: 1, .. })
        ));
        assert!(matches!(
            store.append(append("g", 2)).await,
            Err(StoreError::SeqTaken { next: 3, .. })
        ));
        store.append(append("g", 3)).await.expect("appended");
        store.close().await;
    })
    .await;
}

/// A new SQLite file at `url` with the schema's first `versions` migrations
/// only (a store written by an earlier release).
async fn sqlite_at_version(url: &str, versions: usize) -> sqlx::SqlitePool {
    use std::str::FromStr;
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)
        .expect("a url")
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options)
        .await
        .expect("opened");
    let mut early = sqlx::migrate!("./migrations/sqlite");
    early.migrations = early.migrations[..versions].to_vec().into();
    early.run(&pool).await.expect("the early versions");
    pool
}

/// A SQLite file of version 5 whose log repeats a `seq` within a game (an
/// entry written outside the server: nothing in version 5 refused it) is
/// not opened: version 6 makes (game, `seq`) unique, and the error says
/// which migration and which key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_log_repeating_a_seq_is_not_opened() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("arbitre.db").display());
    assert_eq!(
        sqlx::migrate!("./migrations/sqlite").migrations[5].version,
        6,
        "version 6 is the unique keys"
    );
    let pool = sqlite_at_version(&url, 5).await;
    for sql in [
        "INSERT INTO games (id, created_ms, owner, setup, edition, time_control, state) \
         VALUES ('g', 1, 'node', '{}', 'fide-2023', '5400+30', 'playing')",
        "INSERT INTO events (game_id, seq, entry, received_ms) VALUES ('g', 0, '{}', 0)",
        "INSERT INTO events (game_id, seq, entry, received_ms) VALUES ('g', 0, '{}', 1)",
    ] {
        sqlx::query(sql)
            .execute(&pool)
            .await
            .expect("a version 5 row");
    }
    pool.close().await;
    let refused = match Store::open(&url, common::options()).await {
        Ok(_) => panic!("a log repeating a seq was opened"),
        Err(e) => e.to_string(),
    };
    assert!(
        refused.contains("migration 6") && refused.contains("events.game_id, events.seq"),
        "{refused}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_run_twice_are_a_no_op() {
    on_both("migrations_run_twice_are_a_no_op", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let (game, _) = new_game("g", "A", "B");
        store.create_game(&game).await.expect("created");
        store.append(append("g", 0)).await.expect("appended");
        store.close().await;
        let again = open(&url, Batching::AsSoonAsFree).await;
        let loaded = again.load_game("g").await.expect("read").expect("kept");
        assert_eq!(loaded.entries.len(), 1);
        again.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_durability_settings_are_read_back() {
    on_both("the_durability_settings_are_read_back", |url| async move {
        let store = open(&url, Batching::AsSoonAsFree).await;
        let settings = store.settings().await.expect("read");
        let expected: Vec<(&str, String)> = match store.backend() {
            Backend::Sqlite => vec![
                ("journal_mode", "wal".into()),
                ("synchronous", "full".into()),
            ],
            Backend::Postgres => vec![("fsync", "on".into()), ("synchronous_commit", "on".into())],
        };
        assert_eq!(settings, expected);
        store.close().await;
    })
    .await;
}

#[tokio::test]
async fn a_database_that_cannot_be_in_wal_mode_is_refused() {
    // an in-memory SQLite database has no write-ahead log
    match Store::open("sqlite::memory:", common::options()).await {
        Err(StoreError::Setting { setting, found, .. }) => {
            assert_eq!(setting, "journal_mode");
            assert_eq!(found, "memory");
        }
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("an in-memory database was accepted"),
    }
}

#[tokio::test]
async fn a_database_that_cannot_be_opened_says_which_and_why() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}/no/such/dir/a.db", dir.path().display());
    match Store::open(&url, common::options()).await {
        Err(StoreError::Open { target, reason }) => {
            assert_eq!(target, url);
            assert!(!reason.is_empty());
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("opened {url}"),
    }
    match Store::open("mysql://x@localhost/db", common::options()).await {
        Err(e @ StoreError::Open { .. }) => assert!(e.to_string().contains("mysql://")),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("opened mysql"),
    }
    // the password is not repeated
    match Store::open("postgres://user:secret@127.0.0.1:1/db", common::options()).await {
        Err(e @ StoreError::Open { .. }) => {
            let text = e.to_string();
            assert!(text.contains("127.0.0.1:1"), "{text}");
            assert!(!text.contains("secret"), "{text}");
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("opened port 1"),
    }
}
