//! The public's stream of a game broadcast with a delay (`ROUNDS.md`, "The
//! broadcast feed"): whoever holds no token of the game sees it as it stood
//! `broadcast_delay` seconds earlier — first the game's state then, then
//! each committed entry once its instant is that far in the past. The
//! entries are read from the store (what is committed), each released when
//! due; a player or an arbiter, with their token, gets the live stream
//! (`stream.rs`).

use std::{sync::Arc, time::Duration};

use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::{
    owner::{Line, Shared},
    stream::{closing_line, PING},
};

/// How often a delayed stream with nothing due looks for new entries.
const POLL: Duration = Duration::from_secs(1);

/// How many stored entries a delayed stream reads at a time.
const PAGE: u32 = 64;

/// Sends to `tx` the game `id` as the public sees it `delay_ms` late:
/// `state` (the game as it stood then, made by the caller), then the
/// entries after `since` (or after the state's) as each falls due, until
/// the client goes or the server closes.
pub(crate) async fn feed(
    shared: Arc<Shared>,
    id: String,
    since: Option<u64>,
    delay_ms: i64,
    mut state: Value,
    tx: mpsc::Sender<Line>,
) {
    let send = |line: Line| {
        let tx = &tx;
        async move { tx.send(line).await.map_err(|_| ()) }
    };
    let mut closing = shared.closing.subscribe();
    // the state's `seq` is the next entry's
    let mut last = since.or_else(|| state["seq"].as_u64().and_then(|n| n.checked_sub(1)));
    if let Value::Object(map) = &mut state {
        map.insert("type".into(), json!("game"));
    }
    if send(Arc::from(state.to_string())).await.is_err() {
        return;
    }
    let mut quiet_since = tokio::time::Instant::now();
    loop {
        // every entry now due, in order; the instant the next one falls due
        let mut next_due = None;
        'pages: loop {
            let Ok(rows) = shared.store.entries_page(&id, last, PAGE).await else {
                break 'pages;
            };
            let full = rows.len() == PAGE as usize;
            for row in rows {
                if let Some(answer) = &row.answer {
                    let at = at_ms(answer).unwrap_or(row.received_ms);
                    let due = at.saturating_add(delay_ms);
                    if due > shared.clock.now_ms() {
                        next_due = Some(due);
                        break 'pages;
                    }
                    if send(Arc::from(answer.as_str())).await.is_err() {
                        return;
                    }
                    quiet_since = tokio::time::Instant::now();
                }
                last = Some(row.seq);
            }
            if !full {
                break;
            }
        }
        let wait = next_due.map_or(POLL, |due| {
            Duration::from_millis(u64::try_from(due - shared.clock.now_ms()).unwrap_or(0)).min(POLL)
        });
        let ping_at = quiet_since + PING;
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = tokio::time::sleep_until(ping_at) => {
                if send(Arc::from(r#"{"type":"ping"}"#)).await.is_err() {
                    return;
                }
                quiet_since = tokio::time::Instant::now();
            }
            changed = closing.changed() => {
                let reason = changed.ok().and_then(|()| closing.borrow().clone());
                let _ = send(closing_line(reason)).await;
                return;
            }
            () = tx.closed() => return,
        }
    }
}

/// An entry's instant (the server's epoch ms) from its stream line: the
/// instant `cut` (a delayed state) reads too.
fn at_ms(line: &str) -> Option<i64> {
    serde_json::from_str::<Value>(line).ok()?["at_ms"].as_i64()
}
