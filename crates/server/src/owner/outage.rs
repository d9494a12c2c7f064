//! The outage policy (docs/SERVER.md, "Outages"; ARCHITECTURE.md): while
//! the server is down, or its store refuses writes, or acknowledges a
//! clock's start late, no player is charged the time and no flag falls;
//! the clocks are recorded stopped from the outage's start, and restarted
//! when the store writes again, before anything else reaches the game.

use super::*;

/// An event acknowledged this long after it was received (ms) started a
/// clock its player could not see running: the wait is an outage, the
/// clocks stopped for it (docs/SERVER.md, "Outages").
pub const SLOW_ACKNOWLEDGEMENT_MS: i64 = 1000;

/// How often an owner whose store refused an append tries to record the
/// outage again (ms).
pub(super) const OUTAGE_RETRY: Duration = Duration::from_secs(1);

impl Owner {
    /// Whether a clock runs (the game started, not over, not interrupted).
    pub(super) fn running(&self) -> bool {
        let game = self.live.game();
        game.outcome().is_none()
            && game.started()
            && !game.interrupted()
            && game.clock().running().is_some()
    }

    /// After a restart: the clocks were stopped from the last durable
    /// instant to now (an outage), or by the shutdown (restarted now).
    /// Also after the store refused appends (`outage`) or acknowledged a
    /// clock's start late: the clocks stopped from then to now. A stop
    /// recorded without its restart (the store failed between the two)
    /// is restarted now.
    pub(super) async fn resume(&mut self, last_durable_ms: i64) -> Result<(), ApiError> {
        let now = self.now();
        let now_ms = self.shared.clock.now_ms();
        let last_alert = |cause| {
            let live = &self.live;
            live.alerts()
                .last()
                .is_some_and(|a| a.cause == cause && Some(a.seq) == live.last_seq())
                && live.game().interrupted()
        };
        let steps: Vec<(ActionRecord, Instant, ServerCause)> = if self.running() {
            // the server went down with this clock running: stop it at the
            // last instant known durably, restart it now
            let from = game_time(last_durable_ms, self.meta.origin_ms).max(self.live.game().now());
            vec![
                (ActionRecord::StopClocks, from, ServerCause::Outage),
                (ActionRecord::RestartClocks, now, ServerCause::Outage),
            ]
        } else if last_alert(ServerCause::Shutdown) {
            vec![(ActionRecord::RestartClocks, now, ServerCause::Restart)]
        } else if last_alert(ServerCause::Outage) && self.live.game().outcome().is_none() {
            vec![(ActionRecord::RestartClocks, now, ServerCause::Outage)]
        } else {
            Vec::new()
        };
        for (action, at, cause) in steps {
            let received_ms = server_ms(at, self.meta.origin_ms).min(now_ms);
            if let Some(entry) = self.live.server_event(action, at, cause) {
                self.commit(entry, true, received_ms, None)
                    .await
                    .map_err(|f| match f {
                        Failed::Store(e) => e,
                        Failed::Answered(a) => ApiError::unavailable(format!(
                            "the outage could not be recorded: {}",
                            Failed::Answered(a)
                        )),
                    })?;
            }
        }
        Ok(())
    }

    /// The store writes again after refusing (see `outage`): the clocks
    /// are recorded stopped from the first refusal to now before anything
    /// else is. While that cannot be stored, the outage stays open.
    pub(super) async fn close_outage(&mut self) -> Result<(), ApiError> {
        let Some(from_ms) = self.outage.take() else {
            return Ok(());
        };
        let recorded = self.resume(from_ms).await;
        if recorded.is_err() && !self.lost {
            self.outage = Some(self.outage.map_or(from_ms, |o| o.min(from_ms)));
        }
        recorded
    }
}
