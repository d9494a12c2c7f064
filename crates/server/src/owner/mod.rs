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
//!
//! Here: what a game keeps, the commands, the registry and the owner's
//! fields. Beside: `task.rs` (the owner's loop and timer), `commit.rs` (an
//! event judged, appended, then broadcast and answered), `outage.rs` (the
//! clocks while the store is out of reach), `place.rs` (where a game's owner
//! runs: loaded, restored, taken over, or on another node), `answer.rs`
//! (the state, the stream's lines, refusals).

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

mod answer;
mod commit;
mod outage;
mod place;
mod task;

pub use answer::{actor_of, clocks_now, message, server_message, Charged};
pub use outage::SLOW_ACKNOWLEDGEMENT_MS;
pub use place::Place;

use answer::{answer_of, rejection};
use commit::Failed;
use outage::OUTAGE_RETRY;
use place::{corrupt, read_stored};
use task::searching;

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
    /// A board of a round broadcast with a delay (s): the public sees the
    /// game as it stood that long ago (ROUNDS.md, "The broadcast feed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broadcast_delay: Option<u64>,
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
    /// The games broadcast with a delay (s), as their owners were loaded
    /// or created: their public reads show them as they stood then.
    pub delays: Mutex<HashMap<String, u64>>,
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

/// A store failure as the client sees it: nothing was acknowledged.
pub fn store_unavailable(e: StoreError) -> ApiError {
    tracing::error!(error = %e, "store");
    match e {
        StoreError::Tampered { .. } => ApiError::tampered(e.to_string()),
        e => ApiError::unavailable(format!("the store did not answer: {e}")),
    }
}

/// The state a game's streams and readers see.
pub(super) fn language(meta: &GameMeta, default: Language) -> Language {
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
    /// The state and result of the game's row as stored (its listing), if
    /// known: an append writes the row only when they change.
    listed: Option<(&'static str, Option<&'static str>)>,
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
