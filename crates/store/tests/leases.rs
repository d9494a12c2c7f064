//! Several nodes on one database: each game's lease and each node's epoch
//! fence the appends of a node that lost its lease, in the same
//! transaction, on SQLite and on PostgreSQL.

mod common;

use std::{sync::Arc, time::Duration};

use arbitre_record::StoredEntry;
use arbitre_store::{Append, Options, Store, StoreError};
use common::{new_game, on_both, raw, seqs};
use serde_json::json;

async fn node(url: &str, name: &str, lease: Duration) -> Store {
    match Store::open(
        url,
        Options {
            node: name.into(),
            lease,
            ..common::options()
        },
    )
    .await
    {
        Ok(store) => store,
        Err(e) => panic!("opening {url} as {name}: {e}"),
    }
}

/// Entry `seq` of game `game`, written by `by` under lease `lease`.
fn append(game: &str, seq: u64, by: &str, lease: u64) -> Append {
    let entry = StoredEntry::from_json(json!({"seq": seq, "t": seq as f64, "by": "white",
                                              "move": "e4", "decisions": []}))
    .expect("an entry");
    Append {
        client_id: Some(format!("{by}-{seq}")),
        lease,
        ..Append::entry(game, &entry, 1_700_000_000_000 + seq as i64)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_lost_its_lease_writes_nothing_more() {
    on_both("lost_lease", |url| async move {
        let a = node(&url, "a", Duration::from_millis(300)).await;
        let b = node(&url, "b", Duration::from_secs(30)).await;
        a.create_game(&new_game("g")).await.expect("created");
        for seq in 0..3 {
            a.append(append("g", seq, "a", 1)).await.expect("appended");
        }
        // a's lease is fresh: its games stay its own
        assert_eq!(b.take_over("a").await.expect("read"), None);
        assert!(b.expired_nodes().await.expect("read").is_empty());
        let lease = b.lease("g").await.expect("read").expect("a lease");
        assert_eq!(
            (lease.node.as_str(), lease.epoch, lease.alive),
            ("a", 1, true)
        );

        // a pauses past its lease: b takes its games over
        tokio::time::sleep(Duration::from_millis(450)).await;
        assert_eq!(
            b.expired_nodes().await.expect("read"),
            vec!["a".to_string()]
        );
        let lease = b.lease("g").await.expect("read").expect("a lease");
        assert!(!lease.alive, "a's lease has expired");
        let taken = b.take_over("a").await.expect("taken").expect("some games");
        assert_eq!(taken.from, "a");
        assert_eq!(taken.games, vec![("g".to_string(), 2, true)]);
        assert!(taken.last_ms.is_some(), "a's last durable instant");
        // a second taker finds nothing left
        assert_eq!(b.take_over("a").await.expect("read"), None);

        // a wakes up and writes: refused, nothing stored
        assert_eq!(
            a.append(append("g", 3, "a", 1)).await,
            Err(StoreError::Fenced { node: "a".into() })
        );
        assert_eq!(
            a.record_instant(1_800_000_000_000).await,
            Err(StoreError::Fenced { node: "a".into() })
        );
        // registered again, a writes again, but not in the game it lost
        let epoch = a.register_again().await.expect("registered");
        assert!(epoch > 1);
        assert_eq!(
            a.append(append("g", 3, "a", 1)).await,
            Err(StoreError::LeaseLost {
                game: "g".into(),
                holder: "b".into(),
                epoch: 2
            })
        );
        // b writes under the game's new epoch, never under its old one
        b.append(append("g", 3, "b", 2)).await.expect("appended");
        assert!(matches!(
            b.append(append("g", 4, "b", 1)).await,
            Err(StoreError::LeaseLost { .. })
        ));
        let log = b.entries_after("g", None).await.expect("read");
        let written: Vec<(u64, Option<String>)> =
            log.iter().map(|r| (r.seq, r.client_id.clone())).collect();
        assert_eq!(
            written,
            vec![
                (0, Some("a-0".into())),
                (1, Some("a-1".into())),
                (2, Some("a-2".into())),
                (3, Some("b-3".into())),
            ]
        );
        assert_eq!(b.game("g").await.expect("read").expect("a game").owner, "b");
        assert_eq!(b.live_games().await.expect("read").len(), 1);
        assert!(a.live_games().await.expect("read").is_empty());
        a.close().await;
        b.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_lease_is_taken_at_once_and_a_second_start_fences_the_first() {
    on_both("released_lease", |url| async move {
        let a = node(&url, "a", Duration::from_secs(30)).await;
        let b = node(&url, "b", Duration::from_secs(30)).await;
        a.create_game(&new_game("g")).await.expect("created");
        a.append(append("g", 0, "a", 1)).await.expect("appended");
        // a second process under a's name: the first is fenced
        let a2 = node(&url, "a", Duration::from_secs(30)).await;
        assert_eq!(
            a.append(append("g", 1, "a", 1)).await,
            Err(StoreError::Fenced { node: "a".into() })
        );
        a2.append(append("g", 1, "a2", 1)).await.expect("appended");
        // a graceful stop gives the lease up: b need not wait 30 s
        assert_eq!(b.take_over("a").await.expect("read"), None);
        a2.release().await.expect("released");
        let taken = b.take_over("a").await.expect("taken").expect("games");
        assert_eq!(taken.games, vec![("g".to_string(), 2, true)]);
        b.append(append("g", 2, "b", 2)).await.expect("appended");
        assert_eq!(b.entries_after("g", None).await.expect("read").len(), 3);
        a.close().await;
        a2.close().await;
        b.close().await;
    })
    .await;
}

/// A node appending as fast as it can while another takes its games over
/// (its lease made to look expired between two of its commits): every
/// append acknowledged to either is in the log, at its place, once; the
/// first node's acknowledged entries all come before the second's; the
/// log has no gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_racing_a_take_over_never_fork_and_never_lose_an_acknowledged_entry() {
    on_both("racing_take_over", |url| async move {
        let a = Arc::new(node(&url, "a", Duration::from_secs(30)).await);
        let b = node(&url, "b", Duration::from_secs(30)).await;
        a.create_game(&new_game("g")).await.expect("created");
        let writer = {
            let a = a.clone();
            tokio::spawn(async move {
                let mut acked = Vec::new();
                for seq in 0.. {
                    match a.append(append("g", seq, "a", 1)).await {
                        Ok(()) => acked.push(seq),
                        Err(e) => return (acked, e),
                    }
                }
                unreachable!()
            })
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        // what a pause does to a's lease, between two of its commits
        let expire = "UPDATE instants SET expires_ms = 0 WHERE node = 'a'";
        let raw_sqlite;
        let raw_pg;
        if url.starts_with("sqlite:") {
            raw_sqlite = Some(sqlx::SqlitePool::connect(&url).await.expect("opened"));
            raw_pg = None;
        } else {
            raw_pg = Some(sqlx::PgPool::connect(&url).await.expect("opened"));
            raw_sqlite = None;
        }
        let taken = loop {
            if let Some(p) = &raw_sqlite {
                sqlx::query(expire).execute(p).await.expect("expired");
            }
            if let Some(p) = &raw_pg {
                sqlx::query(expire).execute(p).await.expect("expired");
            }
            if let Some(taken) = b.take_over("a").await.expect("read") {
                break taken;
            }
        };
        let (acked_a, error) = writer.await.expect("the writer");
        assert!(
            matches!(
                error,
                StoreError::Fenced { .. } | StoreError::LeaseLost { .. }
            ),
            "{error}"
        );
        assert_eq!(taken.games.len(), 1);
        let epoch = taken.games[0].1;
        let next = b.entries_after("g", None).await.expect("read").len() as u64;
        let mut acked_b = Vec::new();
        for seq in next..next + 5 {
            b.append(append("g", seq, "b", epoch))
                .await
                .expect("appended");
            acked_b.push(seq);
        }
        let log = b.entries_after("g", None).await.expect("read");
        let seqs: Vec<u64> = log.iter().map(|r| r.seq).collect();
        assert_eq!(seqs, (0..log.len() as u64).collect::<Vec<_>>(), "no gap");
        for seq in &acked_a {
            assert_eq!(
                log[*seq as usize].client_id.as_deref(),
                Some(format!("a-{seq}").as_str()),
                "a's acknowledged entry {seq}"
            );
        }
        for seq in &acked_b {
            assert_eq!(
                log[*seq as usize].client_id.as_deref(),
                Some(format!("b-{seq}").as_str())
            );
        }
        // nothing of a's after what it was told was stored
        let last_a = acked_a.last().copied();
        assert!(log
            .iter()
            .filter(|r| r.client_id.as_deref().is_some_and(|c| c.starts_with("a-")))
            .all(|r| Some(r.seq) <= last_a));
        assert!(!acked_a.is_empty(), "a wrote before it was fenced");
        if let Some(p) = raw_sqlite {
            p.close().await;
        }
        if let Some(p) = raw_pg {
            p.close().await;
        }
        match Arc::try_unwrap(a) {
            Ok(a) => a.close().await,
            Err(_) => panic!("a still shared"),
        }
        b.close().await;
    })
    .await;
}

/// The lease is read for every entry, even one that follows the entry the
/// writer itself committed last under the same epoch (which is not checked
/// against its game's last `seq`): a game whose lease was moved behind the
/// writer's back — to another node, at a higher epoch — takes no more of
/// this node's entries, though this node still holds its own epoch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_moved_behind_the_writer_refuses_the_next_entry() {
    on_both("lease_moved_behind", |url| async move {
        let a = node(&url, "a", Duration::from_secs(30)).await;
        a.create_game(&new_game("g")).await.expect("created");
        for seq in 0..3 {
            a.append(append("g", seq, "a", 1)).await.expect("appended");
        }
        raw(
            &url,
            "UPDATE leases SET node = 'b', epoch = 2 WHERE game_id = 'g'",
        )
        .await;
        assert_eq!(
            a.append(append("g", 3, "a", 1)).await,
            Err(StoreError::LeaseLost {
                game: "g".into(),
                holder: "b".into(),
                epoch: 2
            })
        );
        assert_eq!(seqs(&a, "g").await, [0, 1, 2]);
        a.close().await;
    })
    .await;
}
