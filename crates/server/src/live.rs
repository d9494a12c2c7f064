//! One live game as its owner holds it: the engine's `Game`, its stored log
//! (`StoredGame`), the answers already given to each `client_id`, and the
//! rules of the API around the Laws (who may send what, `after`, the sealed
//! move turned into a commitment and an envelope before anything is
//! recorded). No IO and no clock here: the caller gives the server's time
//! and stores the entries this returns before it answers.

use std::collections::{HashMap, VecDeque};

use arbitre_envelope::{EnvelopeInfo, PublicKey, SigningKey};
use arbitre_laws::{event::Sealed, Actor, Game, Instant, Language};
use arbitre_record::{
    action::{ActionRecord, SealRecord},
    request::EventRequest,
    stored::{Divergence, StoredEntry, StoredGame},
    view, EventRecord, RecordError, ServerCause, SetupRecord,
};
use serde_json::{json, Value};

/// Why a request is refused before the Laws see it (an HTTP error, not a
/// refusal under the Laws, which is an answer with `"accepted": false`).
#[derive(Debug, Clone, PartialEq)]
pub enum Rejection {
    /// The body is not a valid event (400), with where and what.
    Malformed(RecordError),
    /// The token's seat may not take this action (403).
    NotYours {
        /// The action's code.
        action: &'static str,
    },
    /// `after` is not the game's last sequence number (409).
    Stale {
        /// The game's last sequence number, if any event was recorded.
        last: Option<u64>,
    },
    /// The sealed move could not be put in its envelope (400).
    Envelope(String),
    /// The game cannot be sealed: it has no arbiter's key to seal to (409).
    CannotSeal,
    /// A player's action before the arbiter's start (409): nothing
    /// happened at the board, nothing is recorded.
    NotStarted {
        /// The action's code.
        action: &'static str,
    },
}

/// The keys a server seals with: the arbiter's public key (the server can
/// encrypt to it, never decrypt) and the server's own signing key.
pub struct Sealer {
    /// The arbiter's X25519 public key.
    pub arbiter: PublicKey,
    /// The server's Ed25519 key, which signs the envelopes it seals.
    pub signer: SigningKey,
}

/// The answer to an accepted request: `{"seq", "accepted", "decisions", "game"}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The entry's sequence number.
    pub seq: u64,
    /// Accepted under the Laws.
    pub accepted: bool,
    /// The decisions, as the log shows them.
    pub decisions: Vec<Value>,
}

impl Answer {
    /// As JSON, with the game's state at the moment of answering.
    pub fn to_json(&self, game: Value) -> Value {
        // `game` moved in, not through `json!`, which serializes each of its
        // values again: a deep copy of the whole state with every answer
        let mut answer =
            json!({"seq": self.seq, "accepted": self.accepted, "decisions": self.decisions});
        if let Value::Object(map) = &mut answer {
            map.insert("game".to_owned(), game);
        }
        answer
    }
}

/// How many `client_id`s a live game remembers the answers to; an older
/// one retried is found in the store, which refuses it a second time.
pub const ANSWERS_HELD: usize = 16;

/// What the server recorded by itself in a game: an entry's place, its
/// time and its cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alert {
    /// The entry.
    pub seq: u64,
    /// The game's time of the entry.
    pub t: Instant,
    /// Why the server made it.
    pub cause: ServerCause,
    /// What it did to the clocks: `Some(true)` stopped them, `Some(false)`
    /// restarted them, `None` neither (a time entry).
    pub stops: Option<bool>,
    /// The engine's number of the event (the `event` of its decisions in
    /// the log), `None` for a time entry.
    pub event: Option<usize>,
}

/// Whether an action stops (`Some(true)`) or restarts (`Some(false)`) the clocks.
fn stops(action: &ActionRecord) -> Option<bool> {
    match action {
        ActionRecord::StopClocks => Some(true),
        ActionRecord::RestartClocks => Some(false),
        _ => None,
    }
}

/// A live game and the part of its log not yet stored.
pub struct LiveGame {
    game: Game,
    stored: StoredGame,
    answers: HashMap<String, Answer>,
    /// The `client_id`s of `answers`, oldest first.
    answered: VecDeque<String>,
    alerts: Vec<Alert>,
    lang: Language,
    /// The scoresheet written so far (each state writes only new moves).
    sheet: view::StateCache,
}

impl LiveGame {
    /// A new game: the arbiter starts it (no clock runs before his `start`).
    pub fn create(setup: SetupRecord, lang: Language) -> Result<LiveGame, RecordError> {
        let (stored, game) = StoredGame::start(setup, true)?;
        Ok(LiveGame {
            game,
            stored,
            answers: HashMap::new(),
            answered: VecDeque::new(),
            alerts: Vec::new(),
            lang,
            sheet: Default::default(),
        })
    }

    /// A game rebuilt from its stored log, reusing its verdicts; the
    /// differences from what was recorded come back with it.
    /// `client_ids`: the answers given, in the log's order.
    pub fn restore(
        stored: StoredGame,
        client_ids: Vec<(String, Answer)>,
        lang: Language,
    ) -> Result<(LiveGame, Vec<Divergence>), RecordError> {
        let replayed = stored.replay()?;
        let mut events = 0;
        let alerts = stored
            .entries
            .iter()
            .filter_map(|e| {
                let (t, stops, event) = match &e.entry {
                    arbitre_record::Entry::Event(event) => {
                        events += 1;
                        (event.t, stops(&event.action), Some(events - 1))
                    }
                    arbitre_record::Entry::Time(t) => (*t, None, None),
                };
                e.server.map(|cause| Alert {
                    seq: e.seq,
                    t,
                    cause,
                    stops,
                    event,
                })
            })
            .collect();
        let mut live = LiveGame {
            game: replayed.game,
            stored,
            answers: HashMap::new(),
            answered: VecDeque::new(),
            alerts,
            lang,
            sheet: Default::default(),
        };
        for (id, answer) in client_ids {
            live.remember(id, answer);
        }
        Ok((live, replayed.divergences))
    }

    fn remember(&mut self, client_id: String, answer: Answer) {
        if self.answered.len() >= ANSWERS_HELD {
            if let Some(oldest) = self.answered.pop_front() {
                self.answers.remove(&oldest);
            }
        }
        self.answered.push_back(client_id.clone());
        self.answers.insert(client_id, answer);
    }

    /// Lets go of the log's entries once stored: a live game holds only
    /// the engine's state and what it has not stored yet.
    pub fn release(&mut self) {
        self.stored.release_entries();
    }

    /// What the server recorded by itself, in the log's order.
    pub fn alerts(&self) -> &[Alert] {
        &self.alerts
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The stored log.
    pub fn stored(&self) -> &StoredGame {
        &self.stored
    }

    /// The last entry's sequence number.
    pub fn last_seq(&self) -> Option<u64> {
        self.stored.next_seq().checked_sub(1)
    }

    /// The next moment at which something happens by itself.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.game.next_deadline()
    }

    /// The game's state at `now`, as `GET /api/games/{id}` shows it.
    pub fn state(&mut self, now: Instant) -> Value {
        let mut state = view::live_state_cached(&self.game, now, self.lang, &mut self.sheet);
        if let Value::Object(map) = &mut state {
            map.insert("seq".into(), json!(self.stored.next_seq()));
            map.insert("edition".into(), json!(self.stored.setup.edition));
            map.insert("time_control".into(), json!(self.stored.setup.time_control));
            map.insert(
                "players".into(),
                serde_json::to_value(&self.stored.setup.players).unwrap_or(Value::Null),
            );
        }
        state
    }

    /// A request from `by` (the token's seat, or the arbiter) at the
    /// server's time `now`: the answer, and the entry to store before
    /// answering (`None` when the `client_id` was answered before: the
    /// first answer again, nothing new to store).
    pub fn submit(
        &mut self,
        by: Actor,
        request: EventRequest,
        now: Instant,
        sealer: Option<&Sealer>,
    ) -> Result<(Answer, Option<StoredEntry>), Rejection> {
        if let Some(first) = request
            .client_id
            .as_ref()
            .and_then(|id| self.answers.get(id))
        {
            return Ok((first.clone(), None));
        }
        // the arbiter records a player present: that player's arrival
        let (by, action) = arbitre_record::action::presence(by, request.action)
            .map_err(|()| Rejection::NotYours { action: "arrive" })?;
        let kind = action.kind();
        if kind.by_arbiter() != (by == Actor::Arbiter) {
            return Err(Rejection::NotYours {
                action: kind.code(),
            });
        }
        if let Some(after) = request.after {
            if self.last_seq() != Some(after) {
                return Err(Rejection::Stale {
                    last: self.last_seq(),
                });
            }
        }
        self.input_error(by, &action)?;
        // time never runs backwards in the log
        let t = now.max(self.game.now());
        let action = match action {
            ActionRecord::Seal(SealRecord::Text(text)) => self.seal(by, t, &text.0, sealer)?,
            other => other,
        };
        let record = EventRecord { t, by, action };
        let applied = self
            .stored
            .record_event(&mut self.game, record)
            .map_err(Rejection::Malformed)?;
        let entry = self.stored.entries.last().cloned();
        let answer = Answer {
            seq: entry.as_ref().map_or(0, |e| e.seq),
            accepted: applied.accepted(),
            decisions: applied
                .decisions
                .iter()
                .map(|d| view::decision(d, self.lang, self.game.notation()))
                .collect(),
        };
        if let Some(id) = request.client_id {
            self.remember(id, answer.clone());
        }
        Ok((answer, entry))
    }

    /// What is refused as an input error before the Laws see it: nothing
    /// happened at the board, so nothing goes into the log (issue 27). A
    /// text that cannot be read as a move at all (a typing mistake: a
    /// well-formed move that is illegal or ambiguous is a move made, and
    /// recorded), and a player's action before the arbiter's start (his
    /// own arrival apart). A sealed move stays a record whatever it says:
    /// Annex A judges it.
    fn input_error(&self, by: Actor, action: &ActionRecord) -> Result<(), Rejection> {
        let Actor::Player(_) = by else {
            return Ok(());
        };
        if !self.game.started() && !matches!(action, ActionRecord::Arrive) {
            return Err(Rejection::NotStarted {
                action: action.kind().code(),
            });
        }
        if let ActionRecord::Move { text, .. } = action {
            if !arbitre_laws::notation::is_readable(text.trim(), self.game.notation()) {
                return Err(Rejection::Malformed(RecordError {
                    path: "move".into(),
                    message: format!(
                        "{text:?} cannot be read as a move (SAN such as \"Nf3\", \"exd5\", \"O-O\", \"e8=Q\", or UCI such as \"g1f3\"); nothing was recorded"
                    ),
                }));
            }
        }
        Ok(())
    }

    /// The sealed move as the log may hold it: a commitment and the
    /// envelope encrypted to the arbiter's public key. The clear part is the
    /// one the game shows once sealed (A2), taken from a copy of the game
    /// sealed with the move; the move itself goes only into the envelope.
    fn seal(
        &self,
        by: Actor,
        t: Instant,
        text: &str,
        sealer: Option<&Sealer>,
    ) -> Result<ActionRecord, Rejection> {
        let Some(sealer) = sealer else {
            return Err(Rejection::CannotSeal);
        };
        let mut trial = self.game.clone();
        trial.apply(&arbitre_laws::Event {
            t,
            by,
            action: arbitre_laws::Action::Seal(Sealed::from(text)),
        });
        let Some(info) = EnvelopeInfo::of_game(&trial) else {
            // the Laws refuse this seal: record it as a commitment anyway
            // (the refusal goes into the log), with no envelope to keep
            let salt = arbitre_record::stored::random_salt().map_err(Rejection::Malformed)?;
            return Ok(ActionRecord::Seal(SealRecord::Committed {
                commitment: arbitre_laws::seal::Commitment::of(&salt, text),
                envelope: None,
            }));
        };
        let envelope = arbitre_envelope::seal(info, text, &sealer.arbiter, &sealer.signer)
            .map_err(|e| Rejection::Envelope(e.to_string()))?;
        let value: Value = serde_json::from_str(&envelope.to_json())
            .map_err(|e| Rejection::Envelope(e.to_string()))?;
        Ok(ActionRecord::Seal(SealRecord::Committed {
            commitment: envelope.commitment(),
            envelope: Some(value),
        }))
    }

    /// An event the server makes by itself in the arbiter's name (the
    /// clocks stopped at a shutdown or for an outage, restarted after):
    /// the entry to store (a refusal is recorded too, as every event is).
    pub fn server_event(
        &mut self,
        action: ActionRecord,
        at: Instant,
        cause: ServerCause,
    ) -> Option<StoredEntry> {
        let t = at.max(self.game.now());
        let stops = stops(&action);
        let record = EventRecord {
            t,
            by: Actor::Arbiter,
            action,
        };
        let before = self.stored.next_seq();
        let applied = self
            .stored
            .record_server_event(&mut self.game, record, cause)
            .ok()?;
        let entry = (self.stored.next_seq() > before)
            .then(|| self.stored.entries.last().cloned())
            .flatten()?;
        self.alerts.push(Alert {
            seq: entry.seq,
            t,
            cause,
            stops,
            event: applied.seq,
        });
        Some(entry)
    }

    /// A time entry the server makes by itself at `at` (a seat's
    /// disconnection in an online game), with an alert for the arbiter.
    pub fn server_time(&mut self, at: Instant, cause: ServerCause) -> StoredEntry {
        let t = at.max(self.game.now());
        self.stored.record_server_time(&mut self.game, t, cause);
        let entry = self
            .stored
            .entries
            .last()
            .cloned()
            .expect("an entry just pushed");
        self.alerts.push(Alert {
            seq: entry.seq,
            t,
            cause,
            stops: None,
            event: None,
        });
        entry
    }

    /// Takes the replayed outcome as the record's (a restored log whose
    /// outcome was not stored apart).
    pub fn settle_outcome(&mut self) {
        self.stored.outcome = self
            .game
            .outcome()
            .map(arbitre_record::OutcomeRecord::from_outcome);
    }

    /// The language of the game's messages.
    pub fn lang(&self) -> Language {
        self.lang
    }

    /// Lets time run to `now`: the entry to store when something was decided.
    pub fn tick(&mut self, now: Instant) -> Option<StoredEntry> {
        let t = now.max(self.game.now());
        let applied = self.stored.record_decided_time(&mut self.game, t);
        (!applied.decisions.is_empty())
            .then(|| self.stored.entries.last().cloned())
            .flatten()
    }
}
