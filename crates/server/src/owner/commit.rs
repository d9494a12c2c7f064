//! An event's way through its owner: judged by the engine, appended to the
//! store, and only once the store has committed it, broadcast to the
//! game's streams and answered. A refused or failed append is undone: the
//! game is read back from the store (what was not committed never happened).

use super::*;

impl Owner {
    pub(super) async fn submit(
        &mut self,
        by: Actor,
        request: EventRequest,
        received_ms: i64,
        with_state: bool,
        lang: Option<Language>,
    ) -> Result<Value, ApiError> {
        let lang = lang.filter(|l| *l != self.live.lang());
        let state = |owner: &mut Owner| {
            if with_state {
                owner.state_in(lang)
            } else {
                Value::Null
            }
        };
        let now = game_time(received_ms, self.meta.origin_ms);
        let client_id = request.client_id.clone();
        let (live, sealer) = (&mut self.live, self.sealer.as_ref());
        // a move is judged in microseconds; what may end a game (a flag, a
        // resignation, a claim, a ruling) may search whether a side can
        // still checkmate, up to seconds: off the runtime's worker
        // (`searching` hands the runtime's worker to another thread: done
        // for every start, it had the worker migrate across hundreds of
        // threads under load, each leaving its allocator's pages behind).
        // Time alone may decide something before the event applies (a flag
        // fallen, a lateness limit passed) only once a deadline is past.
        use arbitre_record::ActionRecord as A;
        let deadline_past = live.next_deadline().is_some_and(|d| d <= now);
        let may_search = deadline_past
            || !matches!(
                request.action,
                A::Move { .. }
                    | A::Press
                    | A::Touch(_)
                    | A::Start { .. }
                    | A::OfferDraw
                    | A::DeclineDraw
                    | A::StopClocks
                    | A::RestartClocks
            );
        let clock_before = live.game().clock().running();
        // an adjournment of a game that cannot be sealed: said to the
        // arbiter who adjourns, before any player is asked to seal
        let unsealable_adjourn = sealer.is_none()
            && matches!(request.action, arbitre_record::ActionRecord::Adjourn { .. });
        let submit = || live.submit(by, request, now, sealer);
        let (answer, entry) = if may_search {
            searching(submit)
        } else {
            submit()
        }
        .map_err(rejection)?;
        if let Some(entry) = entry {
            match self
                .commit(entry, answer.accepted, received_ms, client_id)
                .await
            {
                Ok(()) => {}
                // a retry this owner had forgotten: the first answer again
                Err(Failed::Answered(first)) => return Ok(first.to_json(state(self))),
                Err(Failed::Store(e)) => return Err(e),
            }
            // a clock this event started ran while its player could not
            // see it (the store slow to acknowledge): stopped for the wait
            let late = self.shared.clock.now_ms() - received_ms > SLOW_ACKNOWLEDGEMENT_MS;
            if late && self.running() && self.live.game().clock().running() != clock_before {
                if let Err(e) = self.resume(received_ms).await {
                    tracing::error!(game = %self.id, error = %e, "a late acknowledgement's wait could not be recorded");
                }
            }
        }
        let mut json = answer.to_json(state(self));
        if let Some(lang) = lang {
            json["decisions"] = Value::Array(self.decisions_in(&answer.decisions, lang));
        }
        if unsealable_adjourn && answer.accepted {
            json["warnings"] = json!([{
                "code": "no-arbiter-key",
                "message": "this game cannot be sealed: it has no arbiter's key (`arbiter_key` at creation, or the server's `--arbiter-key`). \
                            The player's seal will be refused; have the move written on paper in a sealed envelope and declare the result \
                            or set the position at the resumption, or finish the game in this session",
            }]);
        }
        Ok(json)
    }

    /// Appends `entry` to the store and, once committed, broadcasts it.
    /// When the store refuses or fails, the game is rebuilt from the store
    /// (what was not committed never happened) and the client told.
    pub(super) async fn commit(
        &mut self,
        entry: StoredEntry,
        accepted: bool,
        received_ms: i64,
        client_id: Option<String>,
    ) -> Result<(), Failed> {
        let after = clocks_now(self.live.game());
        let charged = ByColor {
            white: self.shown.white - after.white,
            black: self.shown.black - after.black,
        };
        let compensated = self.live.game().lag_compensated();
        let entry_json = entry.to_json();
        let message = message(
            self.live.game(),
            &entry,
            &entry_json,
            accepted,
            received_ms,
            self.live.lang(),
            self.meta.origin_ms,
            Charged {
                clocks: charged,
                lag: compensated - self.compensated,
            },
        );
        let line: Line = Arc::from(message.as_str());
        let game = self.live.game();
        let listing = (game.state().code(), game.outcome().map(|o| o.result.code()));
        let changes_listing = self.listed != Some(listing);
        let append = Append {
            game_id: self.id.clone(),
            seq: entry.seq,
            // (serde_json's writer: a Value's `to_string` goes through
            // `fmt`, four times the instructions for the same text)
            entry: serde_json::to_string(&entry_json).unwrap_or_else(|_| entry_json.to_string()),
            received_ms,
            client_id,
            answer: Some(message),
            summary: Some(Summary {
                state: listing.0.into(),
                result: listing.1.map(Into::into),
                moves: game.moves().len() as u64,
                changes_listing,
            }),
            lease: self.lease,
        };
        let started = std::time::Instant::now();
        match self.shared.store.append(append).await {
            Ok(()) => {
                self.shared.metrics.committed(started.elapsed());
                self.live.release();
                self.shown = after;
                self.compensated = compensated;
                self.listed = Some(listing);
                let _ = self.events.send(line);
                Ok(())
            }
            Err(e @ (StoreError::Fenced { .. } | StoreError::LeaseLost { .. })) => {
                // this node no longer owns the game: nothing was stored
                tracing::warn!(game = %self.id, error = %e, "the game's lease is lost");
                self.shared.metrics.lease_lost.inc();
                self.lost = true;
                Err(Failed::Store(ApiError::unavailable(format!(
                    "this node no longer owns game `{}` ({e}): nothing was recorded; retry",
                    self.id
                ))))
            }
            Err(e) => {
                let answer = match &e {
                    StoreError::DuplicateClientId { answer, .. } => answer
                        .as_deref()
                        .and_then(|a| serde_json::from_str::<Value>(a).ok())
                        .map(|m| answer_of(&m)),
                    _ => None,
                };
                let refused = matches!(e, StoreError::Database { .. });
                self.reload().await;
                if refused && !self.lost && self.running() {
                    // the store refuses to write but can be read (a disk
                    // full): the clocks count as stopped from this event
                    self.outage = Some(self.outage.map_or(received_ms, |o| o.min(received_ms)));
                }
                Err(match answer {
                    Some(first) => Failed::Answered(first),
                    None => Failed::Store(store_unavailable(e)),
                })
            }
        }
    }

    /// The game as the store has it (after a failed append). If it cannot
    /// be read back, this owner ends: it holds the refused entry (and its
    /// `client_id`'s answer), and must not answer a retry from it as if it
    /// were stored (bench/crash.py --pg-restart found an acknowledged move
    /// lost so).
    pub(super) async fn reload(&mut self) {
        let failed = match self.shared.store.load_game(&self.id).await {
            Ok(Some(loaded)) => match Owner::load(self.shared.clone(), loaded, self.lease) {
                Ok(owner) => {
                    self.shown = clocks_now(owner.live.game());
                    self.compensated = owner.live.game().lag_compensated();
                    self.listed = owner.listed;
                    self.live = owner.live;
                    return;
                }
                Err(e) => e.to_string(),
            },
            Ok(None) => "the game is gone from the store".to_string(),
            Err(e) => e.to_string(),
        };
        tracing::error!(game = %self.id, error = %failed, "reload failed: the game is let go, to be loaded again from the store");
        // the store is out of reach: the player could not be heard from
        // now on, so his clock stops here — the owner loaded next records
        // the outage from this instant (docs/SERVER.md, outages)
        if self.live.game().outcome().is_none() {
            self.shared
                .resumes_lock()
                .entry(self.id.clone())
                .or_insert(self.shared.clock.now_ms());
        }
        self.lost = true;
    }
}

/// Why an entry was not committed.
pub(super) enum Failed {
    /// Its `client_id` was answered before (by an entry this owner had
    /// forgotten): that first answer.
    Answered(Answer),
    /// The store refused or failed.
    Store(ApiError),
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failed::Answered(a) => write!(f, "answered before as entry {}", a.seq),
            Failed::Store(e) => e.fmt(f),
        }
    }
}
