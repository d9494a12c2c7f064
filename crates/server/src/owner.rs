//! One task per loaded game, its owner: the only code that changes the
//! game. Requests reach it through a channel and are handled one at a time;
//! an entry is appended to the store, and only once the store has committed
//! it is it broadcast to the game's streams and answered. The owner also
//! holds the game's timer: it sleeps until the engine's next deadline
//! (`Game::next_deadline`: a flag, a lateness limit, the end of an early
//! adjournment) and lets time run then, so the server decides a flag at the
//! moment it falls, with no client present and no database sweep.
//!
//! One owner per game in a process ([`Registry`]); the store's `(game, seq)`
//! key refuses a second writer's entry, so a game is never forked.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use arbitre_envelope::{PublicKey, SigningKey};
use arbitre_laws::{event::side_code, Actor, Game, Instant, Language, Millis};
use arbitre_record::{
    action::ActionRecord,
    pgn,
    request::EventRequest,
    stored::{Entry, ServerCause, StoredEntry, StoredGame},
    view, SetupRecord,
};
use arbitre_store::{Append, LoadedGame, Store, StoreError, Summary};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use shakmaty::{ByColor, Color, Position};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::{
    clock::{game_time, server_ms, ServerClock},
    error::ApiError,
    live::{Answer, LiveGame, Rejection, Sealer},
    metrics::Metrics,
};

/// What a game keeps besides its log (the `setup` column of `games`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameMeta {
    /// The setup keys of the scenario vocabulary.
    pub setup: SetupRecord,
    /// PGN tags given at creation (`event`, `site`, `round`, `board`).
    #[serde(default)]
    pub tags: Map<String, Value>,
    /// The arbiter's public key sealed moves go to (base64), if not the
    /// server's default.
    #[serde(default)]
    pub arbiter_key: Option<String>,
    /// Whether no clock runs before the arbiter's `start`.
    pub arbiter_starts: bool,
    /// The server's time (epoch ms) at the game's instant 0.
    pub origin_ms: i64,
    /// The language of the game's messages.
    #[serde(default)]
    pub lang: Option<String>,
}

/// What every owner shares: the store, the clock, the keys, the metrics.
pub struct Shared {
    /// The durable store.
    pub store: Store,
    /// The server's clock.
    pub clock: ServerClock,
    /// The language of messages where a game names none.
    pub lang: Language,
    /// The arbiter's public key of games created without one.
    pub default_arbiter_key: Option<PublicKey>,
    /// The server's key, which signs the envelopes it seals.
    pub signer: SigningKey,
    /// The counters of `/metrics`.
    pub metrics: Metrics,
    /// The games loaded in this process, each with its owner.
    pub games: Registry,
    /// Set when the server shuts down: the reason streams are closed with.
    pub closing: tokio::sync::watch::Sender<Option<String>>,
    /// Held (written) while this node takes games over in the store and
    /// notes their outages in `resumes`: a request reads a game's lease
    /// before or after that, never between.
    pub takeovers: tokio::sync::RwLock<()>,
    /// The games whose outage is still to be recorded (taken over, or
    /// rebuilt after a restart), with its start: recorded by whichever
    /// owner of the game is loaded first, before anything else reaches it.
    pub resumes: Mutex<HashMap<String, i64>>,
}

/// A message of a game's streams, as sent (one JSON line).
pub type Line = Arc<str>;

/// A subscription to a game's stream: its state now, the last entry that
/// state includes, and the entries committed from then on.
pub struct Subscription {
    /// The state (`{"type": "game", …}` is made of it).
    pub state: Value,
    /// The last entry's `seq` included in `state`.
    pub last: Option<u64>,
    /// Every entry committed after `last`, from the owner in this process;
    /// `None` when the game's owner runs on another node (the stream reads
    /// the store, woken by that node's commits).
    pub events: Option<broadcast::Receiver<Line>>,
}

/// A request to a game's owner. Each game's queue allocates its slots by
/// blocks of 32: a command is kept to two words (its payloads boxed).
pub enum Command {
    /// An event from a seat or the arbiter.
    Submit(Box<Submission>),
    /// The state now; its decisions and alerts in the language given
    /// (default: the game's; the scoresheet stays in the event's notation).
    State(Option<Language>, oneshot::Sender<Value>),
    /// A stream's start.
    Subscribe(oneshot::Sender<Subscription>),
    /// What lichess's Board API shows (`board.rs`).
    Board(oneshot::Sender<crate::board::BoardView>),
    /// A connection of a player's seat opened (`up`) or closed: a WebSocket
    /// authenticated with the seat's token, a Board API stream.
    Presence {
        /// Whose seat.
        side: Color,
        /// Opened, or closed.
        up: bool,
    },
    /// The server restarted: the outage since its last durable instant.
    Resume(Box<Resumption>),
    /// The server shuts down: stop the clocks that run, with the exact time.
    Stop(oneshot::Sender<()>),
}

/// An event from a seat or the arbiter, received at `received_ms`.
pub struct Submission {
    /// Who sends it.
    pub by: Actor,
    /// The event.
    pub request: EventRequest,
    /// When the server received it (epoch ms).
    pub received_ms: i64,
    /// Whether the answer carries the game's state (an HTTP answer does; a
    /// WebSocket's ack does not, and it costs a scoresheet).
    pub with_state: bool,
    /// The language of the answer's words (`?lang=`), when not the game's.
    pub lang: Option<Language>,
    /// The answer: `{"seq", "accepted", "decisions", "game"}`.
    pub reply: oneshot::Sender<Result<Value, ApiError>>,
}

/// The outage since the server's last durable instant.
pub struct Resumption {
    /// The last instant the server had recorded durably (epoch ms).
    pub last_durable_ms: i64,
    /// Done.
    pub reply: oneshot::Sender<()>,
}

// two words: a bug that puts a payload back inline fails to build
const _: () = assert!(std::mem::size_of::<Command>() <= 16);

/// A handle on a game's owner.
#[derive(Clone)]
pub struct GameHandle {
    tx: mpsc::Sender<Command>,
}

impl GameHandle {
    /// Sends a command; `Err` when the owner has gone (the caller loads the
    /// game again).
    pub async fn send(&self, command: Command) -> Result<(), Command> {
        self.tx.send(command).await.map_err(|e| e.0)
    }
}

/// The games loaded in this process.
#[derive(Default)]
pub struct Registry {
    games: Mutex<HashMap<String, GameHandle>>,
    tasks: Mutex<Vec<tokio::task::AbortHandle>>,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, GameHandle>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of games loaded.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no game is loaded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The handles of every loaded game.
    pub fn handles(&self) -> Vec<GameHandle> {
        self.lock().values().cloned().collect()
    }

    /// Stops every owner where it is, as a crash would (its timer never
    /// fires, its queue is dropped): what the tests of a restart need.
    pub fn abort_all(&self) {
        for task in self
            .tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            task.abort();
        }
        self.lock().clear();
    }

    /// Lets every owner go (at shutdown): each ends once its queue is done.
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// The handle of game `id` if it is loaded here.
    pub fn get(&self, id: &str) -> Option<GameHandle> {
        self.lock().get(id).cloned()
    }

    /// Lets game `id`'s owner go, whichever it is (it ends with its last
    /// sender).
    fn forget(&self, id: &str) {
        self.lock().remove(id);
    }

    fn remove(&self, id: &str, tx: &mpsc::Sender<Command>) {
        let mut games = self.lock();
        if games.get(id).is_some_and(|h| h.tx.same_channel(tx)) {
            games.remove(id);
        }
    }
}

/// How long a finished game's owner stays after its last request.
const FINISHED_IDLE: Duration = Duration::from_secs(60);

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
            let handle = owner.spawn();
            let done = resume.and_then(|last_durable_ms| {
                let (reply, done) = oneshot::channel();
                let command = Command::Resume(Box::new(Resumption {
                    last_durable_ms,
                    reply,
                }));
                // a new queue has room: nothing can come before it
                handle.tx.try_send(command).ok().map(|()| done)
            });
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
        let handle = owner.spawn();
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

fn corrupt(id: &str, e: String) -> ApiError {
    tracing::error!(game = %id, error = %e, "stored game unreadable");
    ApiError::unavailable(format!("game `{id}` cannot be read: {e}"))
}

/// A stored game's metadata, its whole log, and the answers given to its
/// `client_id`s in the log's order.
type Read = (GameMeta, StoredGame, Vec<(String, Answer)>);

fn read_stored(loaded: &LoadedGame) -> Result<Read, ApiError> {
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

    /// A game as PGN, from its stored log (what is committed).
    pub async fn pgn(&self, id: &str) -> Result<String, ApiError> {
        let loaded = self.load(id).await?;
        let (meta, stored, _) = read_stored(&loaded)?;
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

/// A store failure as the client sees it: nothing was acknowledged.
pub fn store_unavailable(e: StoreError) -> ApiError {
    tracing::error!(error = %e, "store");
    match e {
        StoreError::Tampered { .. } => ApiError::tampered(e.to_string()),
        e => ApiError::unavailable(format!("the store did not answer: {e}")),
    }
}

/// The state a game's streams and readers see.
fn language(meta: &GameMeta, default: Language) -> Language {
    meta.lang
        .as_deref()
        .and_then(Language::from_code)
        .unwrap_or(default)
}

struct Owner {
    shared: Arc<Shared>,
    id: String,
    meta: GameMeta,
    live: LiveGame,
    sealer: Option<Sealer>,
    events: broadcast::Sender<Line>,
    /// A deadline the engine gave that decided nothing when reached: not
    /// waited for again (no busy loop on a deadline in the past).
    spent: Option<Instant>,
    /// The clocks after the last entry stored: what the next one charges
    /// is measured from them.
    shown: ByColor<Millis>,
    /// The lag compensated up to the last entry stored (ms).
    compensated: Millis,
    /// Each seat's open connections, and whether its disconnection was
    /// recorded (online games).
    connections: ByColor<(u32, bool)>,
    /// The game's lease epoch this owner writes under.
    lease: u64,
    /// The store refused an append for a lost lease (another node owns the
    /// game now), or the game could not be read back after a failed append
    /// (what this owner holds is not what is stored): this owner ends, and
    /// the game is loaded again from the store by the next request.
    lost: bool,
    /// Since when (server ms) the store has refused this game's appends
    /// while it could still be read (a disk full, a database refusing
    /// writes): the clocks count as stopped from then, and the outage is
    /// recorded before anything else once the store writes again.
    outage: Option<i64>,
}

/// An event acknowledged this long after it was received (ms) started a
/// clock its player could not see running: the wait is an outage, the
/// clocks stopped for it (docs/SERVER.md, "Outages").
pub const SLOW_ACKNOWLEDGEMENT_MS: i64 = 1000;

/// How often an owner whose store refused an append tries to record the
/// outage again (ms).
const OUTAGE_RETRY: Duration = Duration::from_secs(1);

/// The arbiter's key of a game: its own, or the server's default.
fn sealer(shared: &Shared, meta: &GameMeta) -> Result<Option<Sealer>, ApiError> {
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
    fn new(shared: Arc<Shared>, id: String, meta: GameMeta, live: LiveGame, lease: u64) -> Owner {
        let sealer = sealer(&shared, &meta).ok().flatten();
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
            lost: false,
            outage: None,
        }
    }

    /// A game rebuilt from the store: its log replayed with the recorded
    /// verdicts, the answers to its `client_id`s known again.
    fn load(shared: Arc<Shared>, loaded: LoadedGame, lease: u64) -> Result<Owner, ApiError> {
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
        Ok(Owner::new(
            shared,
            loaded.game.id.clone(),
            meta,
            live,
            lease,
        ))
    }

    fn spawn(self) -> GameHandle {
        let (tx, rx) = mpsc::channel(64);
        let handle = GameHandle { tx: tx.clone() };
        self.shared.metrics.games_loaded.inc();
        let shared = self.shared.clone();
        // the owner keeps only a weak sender to its own queue: once every
        // handle is gone (the registry cleared at shutdown) the queue
        // closes and the owner ends
        let task = tokio::spawn(Box::new(self).run(rx, tx.downgrade()));
        let mut tasks = shared.games.tasks.lock().unwrap_or_else(|e| e.into_inner());
        if tasks.len() >= 64 && tasks.len().is_power_of_two() {
            tasks.retain(|t| !t.is_finished());
        }
        tasks.push(task.abort_handle());
        handle
    }

    fn now(&self) -> Instant {
        game_time(self.shared.clock.now_ms(), self.meta.origin_ms)
    }

    /// The owner's loop. The owner is boxed (an `async fn` keeps its
    /// arguments twice) and what it awaits per command is boxed too, so
    /// that a live game keeps between commands its owner (2.4 KB) and a
    /// small task, not twice the owner and the largest state of every store
    /// call (8.9 KB: BENCHMARKS.md, "The server under load").
    async fn run(
        mut self: Box<Self>,
        mut rx: mpsc::Receiver<Command>,
        tx: mpsc::WeakSender<Command>,
    ) {
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
    async fn time_passes(&mut self) {
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

    async fn handle(&mut self, command: Command) {
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
    async fn presence(&mut self, side: Color, up: bool) {
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

    /// Whether a clock runs (the game started, not over, not interrupted).
    fn running(&self) -> bool {
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
    async fn resume(&mut self, last_durable_ms: i64) -> Result<(), ApiError> {
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
    async fn close_outage(&mut self) -> Result<(), ApiError> {
        let Some(from_ms) = self.outage.take() else {
            return Ok(());
        };
        let recorded = self.resume(from_ms).await;
        if recorded.is_err() && !self.lost {
            self.outage = Some(self.outage.map_or(from_ms, |o| o.min(from_ms)));
        }
        recorded
    }

    async fn submit(
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
        let may_search = !matches!(
            request.action,
            arbitre_record::ActionRecord::Move { .. } | arbitre_record::ActionRecord::Press
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
    async fn commit(
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
        let append = Append {
            game_id: self.id.clone(),
            seq: entry.seq,
            entry: entry_json.to_string(),
            received_ms,
            client_id,
            answer: Some(message),
            summary: Some(Summary {
                state: game.state().code().into(),
                result: game.outcome().map(|o| o.result.code().into()),
                moves: game.moves().len() as u64,
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
    async fn reload(&mut self) {
        let failed = match self.shared.store.load_game(&self.id).await {
            Ok(Some(loaded)) => match Owner::load(self.shared.clone(), loaded, self.lease) {
                Ok(owner) => {
                    self.shown = clocks_now(owner.live.game());
                    self.compensated = owner.live.game().lag_compensated();
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

    fn state(&mut self) -> Value {
        self.state_in(None)
    }

    /// An answer's decisions (as the game's language says them) in `lang`:
    /// each the same decision of the log, said again.
    fn decisions_in(&self, decisions: &[Value], lang: Language) -> Vec<Value> {
        let game = self.live.game();
        let written = game.notation();
        let mut used = 0;
        decisions
            .iter()
            .map(|d| {
                let event = d["event"].as_u64();
                let found = game.log()[used..]
                    .iter()
                    .position(|l| l.event.map(|e| e as u64) == event && event.is_some());
                match found {
                    Some(i) => {
                        used += i + 1;
                        view::decision(&game.log()[used - 1], lang, written)
                    }
                    None => d.clone(),
                }
            })
            .collect()
    }

    /// The state, its words in `lang` where one is asked: the log's
    /// decisions and the alerts (a spectator reading another language than
    /// the event's); the scoresheet keeps the event's notation.
    fn state_in(&mut self, lang: Option<Language>) -> Value {
        let mut state = self.live.state(self.now());
        let lang = lang.unwrap_or(self.live.lang());
        if let Value::Object(map) = &mut state {
            map.insert("id".into(), json!(self.id));
            map.insert("alerts".into(), Value::Array(self.alerts(lang)));
            map.insert("sealable".into(), Value::Bool(self.sealer.is_some()));
            if lang != self.live.lang() {
                let log = self.live.game().log();
                let written = self.live.game().notation();
                let log = log
                    .iter()
                    .map(|d| view::decision(d, lang, written))
                    .collect();
                map.insert("log".into(), Value::Array(log));
            }
            // the clocks the server stopped and restarted by itself are its
            // doing, not the arbiter's: said so, with `"by": "server"`
            if let Some(Value::Array(log)) = map.get_mut("log") {
                for a in self.live.alerts() {
                    let Some(event) = a.event else { continue };
                    let message = match a.stops {
                        Some(true) => server_message(a.cause, lang),
                        Some(false) => server_message(ServerCause::Restart, lang),
                        None => continue,
                    };
                    for d in log.iter_mut().filter(|d| {
                        d["event"].as_u64() == Some(event as u64) && d["decision"] == "clocks"
                    }) {
                        d["message"] = json!(message);
                        d["by"] = json!("server");
                    }
                }
            }
        }
        state
    }

    /// What the server did by itself, for the arbiter, in time order and
    /// once each: an interruption (a shutdown, an outage) as one alert from
    /// the clocks' stop to their restart, with its duration (`null` while
    /// it lasts); a seat's disconnection as it was recorded.
    fn alerts(&self, lang: Language) -> Vec<Value> {
        let alert = |a: &crate::live::Alert, duration: Option<Millis>| {
            let message = match duration {
                Some(ms) => arbitre_messages::message(
                    lang,
                    match a.cause {
                        ServerCause::Shutdown => "server-shutdown-over",
                        _ => "server-outage-over",
                    },
                    &[("duration", arbitre_laws::Arg::Millis(ms))],
                )
                .unwrap_or_else(|e| e.text),
                None => server_message(a.cause, lang),
            };
            json!({
                "seq": a.seq,
                "t": a.t.millis() as f64 / 1000.0,
                "at_ms": server_ms(a.t, self.meta.origin_ms),
                "cause": a.cause.code(),
                "message": message,
                "duration": duration.map(|ms| ms as f64 / 1000.0),
            })
        };
        let all = self.live.alerts();
        let mut out = Vec::with_capacity(all.len());
        let mut i = 0;
        while i < all.len() {
            let a = &all[i];
            if a.stops == Some(true) {
                // the restart that ends this interruption, if it came
                if let Some(end) = all.get(i + 1).filter(|b| b.stops == Some(false)) {
                    out.push(alert(a, Some(end.t.millis() - a.t.millis())));
                    i += 2;
                    continue;
                }
                out.push(alert(a, None));
            } else if a.stops != Some(false) {
                out.push(alert(a, None));
            }
            i += 1;
        }
        out
    }
}

/// Runs `work`, which may search for seconds, without holding up the other
/// tasks of the runtime's worker (on a multi-threaded runtime).
fn searching<T>(work: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

async fn sleep_until(wake: Option<tokio::time::Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// The server's message for what it recorded by itself.
pub fn server_message(cause: ServerCause, lang: Language) -> String {
    arbitre_messages::message(lang, cause.message_id(), &[]).unwrap_or_else(|e| e.text)
}

/// The clocks of `game` at its own instant.
pub fn clocks_now(game: &Game) -> ByColor<Millis> {
    game.remaining_at(game.now())
}

/// What an entry charged each clock (ms; negative when time was added) and
/// the lag compensation it gave back (ms).
pub struct Charged {
    /// Per clock.
    pub clocks: ByColor<Millis>,
    /// The lag compensated.
    pub lag: Millis,
}

/// The stream's message of `entry`, `game` being the game just after it:
/// `{"type": "event", "seq", "t", "by", "action", "accepted", "decisions",
/// "clocks", "state", "result"}`, and what the server measured: the receive
/// instant, the time each clock was charged by the entry (ms; negative when
/// time was added), the lag compensation applied (none over the board), and
/// where the server made the entry itself, `"server"` with its message.
pub fn message(
    game: &Game,
    entry: &StoredEntry,
    entry_json: &Value,
    accepted: bool,
    received_ms: i64,
    lang: Language,
    origin_ms: i64,
    charged: Charged,
) -> String {
    let Charged {
        clocks: charged,
        lag: lag_ms,
    } = charged;
    let empty = Map::new();
    let fields = entry_json.as_object().unwrap_or(&empty);
    let log = game.log();
    let n = entry.decisions.len().min(log.len());
    let decisions: Vec<Value> = log[log.len() - n..]
        .iter()
        .map(|d| view::decision(d, lang, game.notation()))
        .collect();
    let clocks = game.remaining_at(game.now());
    let message = Message {
        accepted,
        action: Action(fields),
        alert: entry.server.map(|cause| server_message(cause, lang)),
        at_ms: match &entry.entry {
            Entry::Event(e) => server_ms(e.t, origin_ms),
            Entry::Time(t) => server_ms(*t, origin_ms),
        },
        by: fields.get("by").unwrap_or(&Value::Null),
        charged_ms: Sides {
            black: charged.black,
            white: charged.white,
        },
        clocks: Sides {
            black: clocks.black as f64 / 1000.0,
            white: clocks.white as f64 / 1000.0,
        },
        decisions,
        lag_ms,
        received_ms,
        result: game.outcome().map_or("*", |o| o.result.code()),
        running: game
            .clock()
            .running()
            .filter(|_| game.outcome().is_none())
            .map(side_code),
        seq: entry.seq,
        server: entry.server.map(|cause| cause.code()),
        state: game.state().code(),
        t: fields.get("t").unwrap_or(&Value::Null),
        to_move: side_code(game.position().turn()),
        kind: "event",
    };
    // a Value's map is ordered by key: so are these fields, and the line
    // is the same as the one the game's state was always answered with
    serde_json::to_string(&message).unwrap_or_default()
}

/// The stream's message of an entry, its fields in the order of their
/// names (as a `serde_json::Value` would write them).
#[derive(Serialize)]
struct Message<'a> {
    accepted: bool,
    action: Action<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alert: Option<String>,
    at_ms: i64,
    by: &'a Value,
    charged_ms: Sides<Millis>,
    clocks: Sides<f64>,
    decisions: Vec<Value>,
    lag_ms: Millis,
    received_ms: i64,
    result: &'static str,
    running: Option<&'static str>,
    seq: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    server: Option<&'static str>,
    state: &'static str,
    t: &'a Value,
    to_move: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// Black's and White's, in that order (of their names).
#[derive(Serialize)]
struct Sides<T> {
    black: T,
    white: T,
}

/// An entry's fields as the stream shows its action: without what the
/// message says apart, and a seal without its envelope (encrypted to the
/// arbiter: a spectator needs only the commitment).
struct Action<'a>(&'a Map<String, Value>);

impl Serialize for Action<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        const APART: [&str; 7] = ["t", "by", "seq", "verdicts", "decisions", "server", "v"];
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in self.0 {
            if APART.contains(&key.as_str()) {
                continue;
            }
            match (key.as_str(), value) {
                ("seal", Value::Object(seal)) => {
                    let kept: Map<String, Value> = seal
                        .iter()
                        .filter(|(k, _)| k.as_str() != "envelope")
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect();
                    map.serialize_entry(key, &kept)?;
                }
                _ => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// Why an entry was not committed.
enum Failed {
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

/// The first answer of a stored message.
fn answer_of(message: &Value) -> Answer {
    Answer {
        seq: message["seq"].as_u64().unwrap_or(0),
        accepted: message["accepted"].as_bool().unwrap_or(true),
        decisions: message["decisions"].as_array().cloned().unwrap_or_default(),
    }
}

fn rejection(r: Rejection) -> ApiError {
    match r {
        Rejection::Malformed(e) => ApiError::record(e),
        Rejection::NotYours { action } => ApiError::forbidden(format!(
            "`{action}` is not this token's to send (a seat plays its side; the arbiter rules)"
        )),
        Rejection::Stale { last } => ApiError::stale(match last {
            Some(seq) => format!("`after` is stale: the game's last event is {seq}"),
            None => "`after` is stale: the game has no event yet".into(),
        }),
        Rejection::Envelope(message) => ApiError {
            path: Some("seal".into()),
            ..ApiError::malformed(message)
        },
        Rejection::CannotSeal => ApiError {
            path: Some("seal".into()),
            ..ApiError::conflict(
                "cannot-seal",
                "this game cannot be sealed: it was created without the arbiter's key and the server has none \
                 (`--arbiter-key`); nothing was recorded. The arbiter decides how the adjournment proceeds: \
                 the move written on paper in a sealed envelope, or the game finished in this session",
            )
        },
        Rejection::NotStarted { action } => ApiError::conflict(
            "not-started",
            format!("`{action}` before the arbiter has started the game: nothing was recorded (a player may only report his arrival)"),
        ),
    }
}

/// The seat a side's token acts for.
pub fn actor_of(side: Color) -> Actor {
    Actor::Player(side)
}
