//! Where a game's owner runs, and how it comes to run here: loaded from
//! the store when the game's lease names this node (its log replayed,
//! `LiveGame::restore`), taken over from a node whose lease expired (its
//! outage noted first, recorded by the owner loaded), or found on another
//! node (the request goes there).

use super::*;

/// Where a game's owner runs.
pub enum Place {
    /// In this process.
    Here(GameHandle),
    /// On another node, alive: requests go there.
    There {
        /// That node's name.
        node: String,
        /// Where it is reached, if it said.
        address: Option<String>,
    },
}

impl Shared {
    /// The owner of game `id` in this process, loading the game from the
    /// store if its lease names this node, or taking it over (with every
    /// game of that node) if the node its lease names has let its own
    /// lease expire: `421` when a live node owns it (the caller forwards
    /// the request there), `404` when there is no such game.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<GameHandle, ApiError> {
        match self.place(id).await? {
            Place::Here(handle) => Ok(handle),
            Place::There { node, .. } => Err(ApiError::elsewhere(id, &node)),
        }
    }

    /// Where game `id`'s owner runs (see [`Shared::game`]).
    pub async fn place(self: &Arc<Self>, id: &str) -> Result<Place, ApiError> {
        // a game a read found altered in the store is served no more, even
        // loaded: its owner is let go
        if let Some(e) = self.store.altered(id) {
            self.games.forget(id);
            return Err(store_unavailable(e));
        }
        for _ in 0..3 {
            if let Some(handle) = self.games.get(id) {
                return Ok(Place::Here(handle));
            }
            let lease = {
                let _settled = self.takeovers.read().await;
                self.lease(id).await?
            };
            if lease.node == self.store.node() {
                return self.load_here(id, lease.epoch, None).await.map(Place::Here);
            }
            if lease.alive {
                return Ok(Place::There {
                    node: lease.node,
                    address: lease.address,
                });
            }
            // its node's lease has expired: its games are taken over here
            // (or by another node first), then looked up again
            self.take_over(&lease.node).await;
        }
        Err(ApiError::unavailable(format!(
            "game `{id}`'s owner could not be settled: retry"
        )))
    }

    /// Game `id`'s lease (`404` when there is no such game).
    async fn lease(&self, id: &str) -> Result<arbitre_store::Lease, ApiError> {
        self.store
            .lease(id)
            .await
            .map_err(store_unavailable)?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))
    }

    /// The owner of game `id` under lease `epoch`, loaded from the store
    /// if this process has not. With `resume`, the owner's first command
    /// records the outage since that instant (a game taken over, or rebuilt
    /// at start): queued before any request can reach it.
    async fn load_here(
        self: &Arc<Self>,
        id: &str,
        epoch: u64,
        resume: Option<i64>,
    ) -> Result<GameHandle, ApiError> {
        if let Some(handle) = self.games.get(id) {
            return Ok(handle);
        }
        if let Some(last_durable_ms) = resume {
            self.resumes_lock()
                .entry(id.to_owned())
                .or_insert(last_durable_ms);
        }
        let loaded = self.load(id).await?;
        let owner = Owner::load(self.clone(), loaded, epoch)?;
        let (handle, done) = {
            let mut games = self.games.lock();
            // loaded meanwhile by another request: that owner is the one
            if let Some(other) = games.get(id) {
                return Ok(other.clone());
            }
            // the owner registered is the one that records the outage, as
            // its first command: whichever path loaded it (a takeover, a
            // rebuild, a request that came first)
            let resume = self.resumes_lock().remove(id);
            let (first, done) = match resume {
                Some(last_durable_ms) => {
                    let (reply, done) = oneshot::channel();
                    let command = Command::Resume(Box::new(Resumption {
                        last_durable_ms,
                        reply,
                    }));
                    (Some(command), Some(done))
                }
                None => (None, None),
            };
            let handle = owner.spawn(first);
            games.insert(id.to_owned(), handle.clone());
            (handle, done)
        };
        if let Some(done) = done {
            let _ = done.await;
        }
        Ok(handle)
    }

    /// Loads game `id`, whose lease names this node, after an outage that
    /// began at `last_durable_ms` (a restart, or this node registering
    /// again after losing its lease): the outage recorded before anything
    /// else reaches the game. Nothing if another node owns it.
    pub async fn rebuild(self: &Arc<Self>, id: &str, last_durable_ms: i64) -> Result<(), ApiError> {
        let lease = self.lease(id).await?;
        if lease.node == self.store.node() {
            self.load_here(id, lease.epoch, Some(last_durable_ms))
                .await?;
        }
        Ok(())
    }

    /// Takes over the games of node `from` if its lease has expired: each
    /// live one is loaded here under its new epoch and its running clock
    /// stopped from `from`'s last durable instant to now (an outage, as
    /// after a restart: charged to no one, decided by no one); nothing if
    /// `from` is alive or another node took them first.
    pub async fn take_over(self: &Arc<Self>, from: &str) {
        // the leases moved and the outages noted before any request reads
        // one of these games' lease (see `place`)
        let settled = self.takeovers.write().await;
        let taken = match self.store.take_over(from).await {
            Ok(Some(taken)) => taken,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(node = %from, error = %e, "taking games over");
                return;
            }
        };
        let now = self.clock.now_ms();
        let last = taken.last_ms.unwrap_or(now).min(now);
        {
            let mut resumes = self.resumes_lock();
            for (id, _, live) in &taken.games {
                if *live {
                    resumes.entry(id.clone()).or_insert(last);
                }
            }
        }
        drop(settled);
        let live = taken.games.iter().filter(|(_, _, live)| *live).count();
        tracing::warn!(node = %from, games = taken.games.len(), live, last_durable_ms = ?taken.last_ms,
            "a node's lease expired: its games are taken over");
        self.metrics.taken_over.inc_by(taken.games.len() as u64);
        // loaded and resumed 32 at a time: each waits for its outage's commit
        let live: Vec<(String, u64)> = taken
            .games
            .into_iter()
            .filter_map(|(id, epoch, live)| live.then_some((id, epoch)))
            .collect();
        for chunk in live.chunks(32) {
            let loads = chunk.iter().map(|(id, epoch)| async move {
                // its outage was noted above: the first owner loaded records it
                if let Err(e) = self.load_here(id, *epoch, None).await {
                    tracing::error!(game = %id, error = %e, "cannot take the game over");
                }
            });
            futures_util::future::join_all(loads).await;
        }
    }

    /// The outages still to record (see `resumes`).
    pub fn resumes_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.resumes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts the owner of a game just stored (its lease at epoch 1).
    pub fn adopt(self: &Arc<Self>, id: &str, meta: GameMeta, live: LiveGame) -> GameHandle {
        let owner = Owner::new(self.clone(), id.to_owned(), meta, live, 1);
        let handle = owner.spawn(None);
        self.games.lock().insert(id.to_owned(), handle.clone());
        handle
    }

    /// Sends a command that wants no answer to game `id`'s owner (the
    /// game loaded if it is not); nothing if the game cannot be found.
    pub async fn tell(self: &Arc<Self>, id: &str, command: Command) {
        if let Ok(handle) = self.game(id).await {
            let _ = handle.send(command).await;
        }
    }

    /// Sends `make(reply)` to game `id`'s owner and waits for its answer.
    pub async fn ask<T>(
        self: &Arc<Self>,
        id: &str,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, ApiError> {
        let (reply, answer) = oneshot::channel();
        let mut command = make(reply);
        // an owner that has just gone (a finished game, idle) gives the
        // command back: the game is loaded again
        for _ in 0..3 {
            let handle = self.game(id).await?;
            match handle.send(command).await {
                Ok(()) => {
                    return answer
                        .await
                        .map_err(|_| ApiError::unavailable("the game's owner stopped"))
                }
                Err(back) => command = back,
            }
        }
        Err(ApiError::unavailable("the game could not be loaded"))
    }
}

pub(super) fn corrupt(id: &str, e: String) -> ApiError {
    tracing::error!(game = %id, error = %e, "stored game unreadable");
    ApiError::unavailable(format!("game `{id}` cannot be read: {e}"))
}

/// A stored game's metadata, its whole log, and the answers given to its
/// `client_id`s in the log's order.
/// A stored game as it stood at `until` (epoch ms): the entries stored
/// after that instant left out (before the game's creation, all of them).
fn cut(stored: &mut StoredGame, meta: &GameMeta, until: i64) {
    let stood = |t: Instant| server_ms(t, meta.origin_ms) <= until;
    stored.entries.retain(|e| match &e.entry {
        arbitre_record::stored::Entry::Event(event) => stood(event.t),
        arbitre_record::stored::Entry::Time(t) => stood(*t),
    });
    stored.outcome = None;
}

pub(super) type Read = (GameMeta, StoredGame, Vec<(String, Answer)>);

pub(super) fn read_stored(loaded: &LoadedGame) -> Result<Read, ApiError> {
    let id = &loaded.game.id;
    let meta: GameMeta =
        serde_json::from_str(&loaded.game.setup).map_err(|e| corrupt(id, e.to_string()))?;
    let mut entries = Vec::with_capacity(loaded.entries.len());
    let mut answers = Vec::new();
    for row in &loaded.entries {
        entries.push(row.stored_entry().map_err(|e| corrupt(id, e.to_string()))?);
        if let (Some(client_id), Some(answer)) = (&row.client_id, &row.answer) {
            if let Ok(message) = serde_json::from_str::<Value>(answer) {
                answers.push((client_id.clone(), answer_of(&message)));
            }
        }
    }
    let (started, _) = StoredGame::start(meta.setup.clone(), meta.arbiter_starts)
        .map_err(|e| corrupt(id, e.to_string()))?;
    let stored = StoredGame { entries, ..started };
    Ok((meta, stored, answers))
}

impl Shared {
    /// A game and its whole log from the store (`404` when there is none).
    async fn load(&self, id: &str) -> Result<LoadedGame, ApiError> {
        self.store
            .load_game(id)
            .await
            .map_err(store_unavailable)?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))
    }

    /// The instant the public sees game `id` at, if it is broadcast with a
    /// delay (its owner loaded: `ask` it first).
    pub(crate) fn public_until(&self, id: &str) -> Option<i64> {
        let delay = *self
            .delays
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)?;
        Some(self.clock.now_ms() - i64::try_from(delay).unwrap_or(i64::MAX / 2_000) * 1000)
    }

    /// The state of game `id` as it stood at `until` (a broadcast delay),
    /// replayed from the entries stored by then.
    pub(crate) async fn state_at(
        &self,
        id: &str,
        until: i64,
        lang: Option<Language>,
    ) -> Result<Value, ApiError> {
        let loaded = self.load(id).await?;
        let (meta, mut stored, _) = read_stored(&loaded)?;
        cut(&mut stored, &meta, until);
        let lang = lang.unwrap_or_else(|| language(&meta, self.lang));
        let (mut live, _) =
            LiveGame::restore(stored, Vec::new(), lang).map_err(|e| corrupt(id, e.to_string()))?;
        let at = game_time(until, meta.origin_ms).max(live.game().now());
        Ok(live.state(at))
    }

    /// A game as PGN with the caller's tags (a round's feed), as it stood at
    /// `until_ms` (a broadcast delay; the present when `None`): the entries
    /// stored after that instant left out, so that its moves, clocks and
    /// result are those of then.
    pub(crate) async fn pgn_tagged(
        &self,
        id: &str,
        tags: &pgn::Tags,
        until_ms: Option<i64>,
    ) -> Result<String, ApiError> {
        let loaded = self.load(id).await?;
        let (meta, mut stored, _) = read_stored(&loaded)?;
        if let Some(until) = until_ms {
            cut(&mut stored, &meta, until);
        }
        pgn::export(&stored, tags, language(&meta, self.lang)).map_err(ApiError::record)
    }

    /// A game as PGN, from its stored log (what is committed); for the
    /// `public` (no token of the game), a board broadcast with a delay as
    /// it stood that long ago.
    pub async fn pgn(&self, id: &str, public: bool) -> Result<String, ApiError> {
        let loaded = self.load(id).await?;
        let (meta, mut stored, _) = read_stored(&loaded)?;
        if let Some(delay) = meta.broadcast_delay.filter(|d| *d > 0 && public) {
            let until =
                self.clock.now_ms() - i64::try_from(delay).unwrap_or(i64::MAX / 2_000) * 1000;
            cut(&mut stored, &meta, until);
        }
        let mut tags: pgn::Tags = Vec::new();
        for (key, tag) in [
            ("event", "Event"),
            ("site", "Site"),
            ("round", "Round"),
            ("board", "Board"),
        ] {
            if let Some(v) = meta.tags.get(key) {
                let text = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                tags.push((tag.into(), text));
            }
        }
        tags.push(("Date".into(), crate::keys::pgn_date(meta.origin_ms)));
        pgn::export(&stored, &tags, language(&meta, self.lang)).map_err(ApiError::record)
    }
}
