//! The owner's task: its queue of commands, handled one at a time, and its
//! timer, which lets time run at the engine's next deadline (a flag, a
//! lateness limit) so that the server decides it at the moment it falls.

use super::*;

/// How long a finished game's owner stays after its last request.
pub(super) const FINISHED_IDLE: Duration = Duration::from_secs(60);

/// The arbiter's key of a game: its own, or the server's default.
pub(super) fn sealer(shared: &Shared, meta: &GameMeta) -> Result<Option<Sealer>, ApiError> {
    let key = match &meta.arbiter_key {
        Some(b64) => Some(crate::keys::public_key(b64).map_err(|e| ApiError {
            path: Some("arbiter_key".into()),
            ..ApiError::malformed(e)
        })?),
        None => shared.default_arbiter_key.clone(),
    };
    Ok(key.map(|arbiter| Sealer {
        arbiter,
        signer: shared.signer.clone(),
    }))
}

impl Owner {
    pub(super) fn new(
        shared: Arc<Shared>,
        id: String,
        meta: GameMeta,
        live: LiveGame,
        lease: u64,
    ) -> Owner {
        let sealer = sealer(&shared, &meta).ok().flatten();
        if let Some(delay) = meta.broadcast_delay.filter(|d| *d > 0) {
            shared
                .delays
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(id.clone(), delay);
        }
        // a subscriber more than 8 entries behind re-reads them from the
        // store (stream.rs): the ring need not be longer
        let (events, _) = broadcast::channel(8);
        let shown = clocks_now(live.game());
        let compensated = live.game().lag_compensated();
        Owner {
            shared,
            id,
            meta,
            live,
            sealer,
            events,
            spent: None,
            shown,
            compensated,
            connections: ByColor::new_with(|_| (0, false)),
            lease,
            listed: None,
            lost: false,
            outage: None,
        }
    }

    /// A game rebuilt from the store: its log replayed with the recorded
    /// verdicts, the answers to its `client_id`s known again.
    pub(super) fn load(
        shared: Arc<Shared>,
        loaded: LoadedGame,
        lease: u64,
    ) -> Result<Owner, ApiError> {
        let (meta, stored, answers) = read_stored(&loaded)?;
        let lang = language(&meta, shared.lang);
        let (mut live, divergences) = LiveGame::restore(stored, answers, lang)
            .map_err(|e| corrupt(&loaded.game.id, e.to_string()))?;
        // the outcome is not stored apart from the log: only the entries' decisions compare
        for d in divergences
            .iter()
            .filter(|d| matches!(d, arbitre_record::Divergence::Decisions { .. }))
        {
            tracing::warn!(game = %loaded.game.id, divergence = ?d, "replay differs from the record");
        }
        live.settle_outcome();
        live.release();
        let mut owner = Owner::new(shared, loaded.game.id.clone(), meta, live, lease);
        // the row as stored: its codes as the engine names them, if it
        // names them so (else unknown: written at the next append)
        let game = owner.live.game();
        let (state, result) = (game.state().code(), game.outcome().map(|o| o.result.code()));
        if loaded.game.state == state && loaded.game.result.as_deref() == result {
            owner.listed = Some((state, result));
        }
        Ok(owner)
    }

    /// Starts the owner's task. `first`, if any, is handled before the
    /// loop begins: a rebuilt game's outage (`Command::Resume`) must be
    /// recorded before its timer can let a flag fall over the outage,
    /// which a command merely queued first does not ensure (the loop's
    /// `select!` picks among ready branches at random).
    pub(super) fn spawn(self, first: Option<Command>) -> GameHandle {
        let (tx, rx) = mpsc::channel(64);
        let handle = GameHandle { tx: tx.clone() };
        self.shared.metrics.games_loaded.inc();
        let shared = self.shared.clone();
        // the owner keeps only a weak sender to its own queue: once every
        // handle is gone (the registry cleared at shutdown) the queue
        // closes and the owner ends
        let task = tokio::spawn(Box::new(self).run(first, rx, tx.downgrade()));
        let mut tasks = shared.games.tasks.lock().unwrap_or_else(|e| e.into_inner());
        if tasks.len() >= 64 && tasks.len().is_power_of_two() {
            tasks.retain(|t| !t.is_finished());
        }
        tasks.push(task.abort_handle());
        handle
    }

    pub(super) fn now(&self) -> Instant {
        game_time(self.shared.clock.now_ms(), self.meta.origin_ms)
    }

    /// The owner's loop. The owner is boxed (an `async fn` keeps its
    /// arguments twice) and what it awaits per command is boxed too, so
    /// that a live game keeps between commands its owner (2.4 KB) and a
    /// small task, not twice the owner and the largest state of every store
    /// call (8.9 KB: BENCHMARKS.md, "The server under load").
    pub(super) async fn run(
        mut self: Box<Self>,
        first: Option<Command>,
        mut rx: mpsc::Receiver<Command>,
        tx: mpsc::WeakSender<Command>,
    ) {
        if let Some(command) = first {
            Box::pin(self.handle(command)).await;
        }
        loop {
            let deadline = self
                .live
                .next_deadline()
                .filter(|d| self.spent.is_none_or(|s| *d > s));
            let finished = self.live.game().outcome().is_some();
            let wake = match deadline {
                Some(d) => Some(
                    self.shared
                        .clock
                        .deadline(server_ms(d, self.meta.origin_ms)),
                ),
                None if finished => Some(tokio::time::Instant::now() + FINISHED_IDLE),
                None => None,
            };
            // an outage still to record: tried again every second, so that
            // the clocks restart when the store writes again
            let wake = match self.outage {
                Some(_) => {
                    let retry = tokio::time::Instant::now() + OUTAGE_RETRY;
                    Some(wake.map_or(retry, |w| w.min(retry)))
                }
                None => wake,
            };
            if self.lost {
                // another node owns the game now: what is queued goes
                // unanswered (its callers retry, and reach that node)
                if let Some(tx) = tx.upgrade() {
                    self.shared.games.remove(&self.id, &tx);
                }
                break;
            }
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => Box::pin(self.handle(command)).await,
                    None => break,
                },
                () = sleep_until(wake) => {
                    if self.outage.is_some() {
                        let _ = Box::pin(self.close_outage()).await;
                    } else if deadline.is_some() {
                        Box::pin(self.time_passes()).await;
                    } else {
                        // a finished game nobody asked for: let it go
                        if let Some(tx) = tx.upgrade() {
                            self.shared.games.remove(&self.id, &tx);
                        }
                        rx.close();
                        while let Some(command) = rx.recv().await {
                            Box::pin(self.handle(command)).await;
                        }
                        break;
                    }
                }
            }
        }
        self.shared.metrics.games_loaded.dec();
    }

    /// The timer fired: the engine decides what time alone decides.
    pub(super) async fn time_passes(&mut self) {
        let deadline = self.live.next_deadline();
        let now = self.now();
        let received_ms = self.shared.clock.now_ms();
        let live = &mut self.live;
        match searching(|| live.tick(now)) {
            Some(entry) => {
                self.spent = None;
                if let Err(e) = self.commit(entry, true, received_ms, None).await {
                    tracing::error!(game = %self.id, error = %e, "a decision of time could not be stored");
                }
            }
            None => self.spent = deadline.filter(|d| *d <= now),
        }
    }

    pub(super) async fn handle(&mut self, command: Command) {
        match command {
            Command::Submit(submission) => {
                let Submission {
                    by,
                    request,
                    received_ms,
                    with_state,
                    lang,
                    reply,
                } = *submission;
                // the outage the store's refusals opened is recorded
                // first: while it cannot be, nothing else is
                let answer = match self.close_outage().await {
                    Ok(()) => {
                        self.submit(by, request, received_ms, with_state, lang)
                            .await
                    }
                    Err(e) => Err(e),
                };
                let _ = reply.send(answer);
            }
            Command::State(lang, reply) => {
                let _ = reply.send(self.state_in(lang));
            }
            Command::Board(reply) => {
                let now = self.now();
                let _ = reply.send(crate::board::BoardView::of(self.live.game(), now));
            }
            Command::Presence { side, up } => {
                let _ = self.close_outage().await;
                self.presence(side, up).await;
            }
            Command::Subscribe(reply) => {
                let _ = reply.send(Subscription {
                    state: self.state(),
                    last: self.live.last_seq(),
                    events: Some(self.events.subscribe()),
                });
            }
            Command::Resume(resumption) => {
                let Resumption {
                    last_durable_ms,
                    reply,
                } = *resumption;
                if let Err(e) = self.resume(last_durable_ms).await {
                    tracing::error!(game = %self.id, error = %e, "the outage could not be recorded");
                }
                let _ = reply.send(());
            }
            Command::Stop(reply) => {
                if self.running() {
                    // a pending outage: the clocks stopped when the store
                    // first refused
                    let now = match self.outage {
                        Some(from_ms) => {
                            game_time(from_ms, self.meta.origin_ms).max(self.live.game().now())
                        }
                        None => self.now(),
                    };
                    let received_ms = self.shared.clock.now_ms();
                    if let Some(entry) =
                        self.live
                            .server_event(ActionRecord::StopClocks, now, ServerCause::Shutdown)
                    {
                        let _ = self.commit(entry, true, received_ms, None).await;
                    }
                }
                let _ = reply.send(());
            }
        }
    }

    /// A seat's connection opened or closed. In an online game being
    /// played, the seat's last connection closing is recorded, with the
    /// time, as an alert for the arbiter ("White disconnected, clock
    /// running"), and so is its return; nothing is decided by it: the
    /// arbiter stops the clocks, adds time or declares a result.
    pub(super) async fn presence(&mut self, side: Color, up: bool) {
        let (open, recorded) = *self.connections.get(side);
        let open = if up {
            open.saturating_add(1)
        } else {
            open.saturating_sub(1)
        };
        let game = self.live.game();
        let playing =
            game.laws().move_stops_clock.is_some() && game.started() && game.outcome().is_none();
        let cause = match (up, open, recorded, side) {
            (false, 0, false, Color::White) if playing => Some(ServerCause::WhiteDisconnected),
            (false, 0, false, Color::Black) if playing => Some(ServerCause::BlackDisconnected),
            (true, 1, true, Color::White) => Some(ServerCause::WhiteReconnected),
            (true, 1, true, Color::Black) => Some(ServerCause::BlackReconnected),
            _ => None,
        };
        *self.connections.get_mut(side) = (open, recorded);
        let Some(cause) = cause else {
            return;
        };
        let now = self.now();
        let received_ms = self.shared.clock.now_ms();
        let entry = self.live.server_time(now, cause);
        if self.commit(entry, true, received_ms, None).await.is_ok() {
            *self.connections.get_mut(side) = (open, !up);
        }
    }
}

/// Runs `work`, which may search for seconds, without holding up the other
/// tasks of the runtime's worker (on a multi-threaded runtime).
pub(super) fn searching<T>(work: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

pub(super) async fn sleep_until(wake: Option<tokio::time::Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
