//! A stored game: its setup and every entry of its log — each event, and
//! each moment at which time alone decided something — with the decisions
//! taken and the mate verdicts they rested on, stamped with the engine that
//! wrote it. The state is a fold of the entries: [`StoredGame::replay`]
//! rebuilds the game, reusing the recorded verdicts (no search runs again),
//! and reports every way the replay differs from what was recorded instead
//! of hiding it.
//!
//! ```json
//! {"v": 1, "engine": "arbitre-laws 0.1.0", "setup": {…}, "arbiter_starts": true,
//!  "entries": [
//!    {"seq": 0, "t": 0, "by": "arbiter", "start": true, "decisions": [{…}]},
//!    {"seq": 1, "t": 5400.001, "by": "arbiter", "time": true,
//!     "verdicts": [{"side": "black", "answer": "can", "nodes": 812}], "decisions": […]}],
//!  "outcome": {"result": "0-1", "termination": "time-forfeit", "article": "6.9"}}
//! ```

use arbitre_laws::{
    dead::{MateAnswer, MateVerdict},
    seal::{Commitment, Salt},
    Actor, Applied, Arg, Decision, Game, Instant, Outcome, Ruling, State,
};
use serde_json::{json, Map, Value};

use crate::{
    action::{ActionRecord, SealRecord},
    error::{err, parse_json, RecordError},
    event::{actor, take_f64, take_str, take_version, EventRecord},
    scenario::Scenario,
    setup::{setup_error, side, side_code, SetupRecord},
    time::{instant, instant_value, seconds_value},
    VERSION,
};

/// What one entry of the log is.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// An event.
    Event(EventRecord),
    /// Time reached `t` with no event (`{"t": …, "by": "arbiter", "time":
    /// true}`): what the game decided by itself then (a flag seen falling,
    /// a lateness limit passing).
    Time(Instant),
}

/// One entry of a stored game's log, with what it led to.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEntry {
    /// Its place in the log, from 0.
    pub seq: u64,
    /// The event, or time passing.
    pub entry: Entry,
    /// The mate verdicts the entry's rulings rested on.
    pub verdicts: Vec<MateVerdict>,
    /// The decisions taken, as recorded.
    pub decisions: Vec<DecisionRecord>,
    /// Why the server made this entry by itself, when it did (`"server"`).
    pub server: Option<ServerCause>,
}

/// Why a server made an entry by itself, in the arbiter's name (ARCHITECTURE.md,
/// "Outages"): stored as `"server": "shutdown" | "outage" | "restart"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerCause {
    /// The server stopped the clocks as it shut down.
    Shutdown,
    /// The server was down: the clocks are stopped from its last durable
    /// instant (the entry stopping them) to its restart (the entry
    /// restarting them).
    Outage,
    /// The server restarted the clocks it had stopped as it shut down.
    Restart,
    /// In an online game, the last connection of White's seat closed; the
    /// clock runs on and the arbiter decides (a time entry, nothing else).
    WhiteDisconnected,
    /// Black's.
    BlackDisconnected,
    /// White's seat is connected again after a disconnection.
    WhiteReconnected,
    /// Black's.
    BlackReconnected,
}

impl ServerCause {
    /// `shutdown`, `outage` or `restart`.
    pub fn code(self) -> &'static str {
        match self {
            ServerCause::Shutdown => "shutdown",
            ServerCause::Outage => "outage",
            ServerCause::Restart => "restart",
            ServerCause::WhiteDisconnected => "white-disconnected",
            ServerCause::BlackDisconnected => "black-disconnected",
            ServerCause::WhiteReconnected => "white-reconnected",
            ServerCause::BlackReconnected => "black-reconnected",
        }
    }

    /// The id of its message in the catalogue (`crates/messages/ftl`).
    pub fn message_id(self) -> &'static str {
        match self {
            ServerCause::Shutdown => "server-shutdown",
            ServerCause::Outage => "server-outage",
            ServerCause::Restart => "server-restart",
            ServerCause::WhiteDisconnected => "server-white-disconnected",
            ServerCause::BlackDisconnected => "server-black-disconnected",
            ServerCause::WhiteReconnected => "server-white-reconnected",
            ServerCause::BlackReconnected => "server-black-reconnected",
        }
    }

    /// The cause of a code.
    pub fn from_code(code: &str) -> Option<ServerCause> {
        [
            ServerCause::Shutdown,
            ServerCause::Outage,
            ServerCause::Restart,
            ServerCause::WhiteDisconnected,
            ServerCause::BlackDisconnected,
            ServerCause::WhiteReconnected,
            ServerCause::BlackReconnected,
        ]
        .into_iter()
        .find(|c| c.code() == code)
    }
}

/// A decision as stored and transmitted: its kind, its article, and its
/// message as a code with arguments (the words come from the message
/// catalogue, in the reader's language).
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionRecord {
    /// Arbiter's clock time of the decision.
    pub t: Instant,
    /// The kind (`DecisionKind::code`: `refused`, `penalty`, …).
    pub kind: String,
    /// The article, as the edition numbers it.
    pub article: Option<String>,
    /// The message's code (`Note::code`).
    pub message: String,
    /// The message's arguments (`Note::args`), as JSON values: sides as
    /// `white`/`black`, times in seconds, claims, results and terminations
    /// by their codes.
    pub args: Map<String, Value>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct OutcomeRecord {
    /// `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-`, `annulled`.
    pub result: String,
    /// The termination's code.
    pub termination: String,
    /// The deciding article.
    pub article: String,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The engine that wrote it (`arbitre-laws 0.1.0`).
    pub engine: String,
    /// The setup.
    pub setup: SetupRecord,
    /// No clock runs until the arbiter's `start`.
    pub arbiter_starts: bool,
    /// Every entry of the log.
    pub entries: Vec<StoredEntry>,
    /// The `seq` of `entries[0]`: the entries before it are held elsewhere
    /// (a live server's store keeps them; its game holds only what it has
    /// not yet stored). 0 for a whole log, which alone replays and writes.
    pub first_held: u64,
    /// How the game ended, as recorded.
    pub outcome: Option<OutcomeRecord>,
}

/// A way in which a replay differs from what was recorded.
#[derive(Clone, Debug, PartialEq)]
pub enum Divergence {
    /// The decisions of an entry differ.
    Decisions {
        /// The entry.
        seq: u64,
        /// As recorded.
        recorded: Vec<DecisionRecord>,
        /// As replayed.
        replayed: Vec<DecisionRecord>,
    },
    /// The outcome differs.
    Outcome {
        /// As recorded.
        recorded: Option<OutcomeRecord>,
        /// As replayed.
        replayed: Option<OutcomeRecord>,
    },
}

/// A stored game replayed.
#[derive(Debug)]
pub struct Replayed {
    /// The game as the entries rebuild it.
    pub game: Game,
    /// Every difference from the record; empty when the replay is faithful.
    pub divergences: Vec<Divergence>,
}

fn arg_value(arg: &Arg) -> Value {
    match arg {
        Arg::Side(c) => Value::from(side_code(*c)),
        Arg::Text(t) => Value::from(t.clone()),
        Arg::Code(c) => Value::from(*c),
        Arg::Count(n) => Value::from(*n),
        Arg::Bool(b) => Value::from(*b),
        Arg::Millis(ms) | Arg::Delta(ms) => seconds_value(*ms),
        Arg::Instant(t) => instant_value(*t),
        Arg::Claim(k) => Value::from(k.code()),
        Arg::Result(r) => Value::from(r.code()),
        Arg::Termination(t) => Value::from(t.code()),
        Arg::Square(s) => Value::from(s.to_string()),
        Arg::Article(a) => Value::from(*a),
    }
}

impl DecisionRecord {
    /// The record of an engine decision.
    pub fn from_decision(d: &Decision) -> DecisionRecord {
        DecisionRecord {
            t: d.t,
            kind: d.note.decision().code().to_owned(),
            article: d.article.map(str::to_owned),
            message: d.note.code().to_owned(),
            args: d
                .note
                .args()
                .iter()
                .map(|(name, arg)| ((*name).to_owned(), arg_value(arg)))
                .collect(),
        }
    }

    /// As JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "t": instant_value(self.t),
            "kind": self.kind,
            "article": self.article,
            "message": self.message,
            "args": self.args,
        })
    }

    fn from_json(value: Value) -> Result<DecisionRecord, RecordError> {
        let Value::Object(mut map) = value else {
            return Err(err("", "expected a decision object"));
        };
        let t = instant(
            take_f64(&mut map, "t")?.ok_or_else(|| err("t", "missing `t`"))?,
            "t",
        )?;
        let kind = take_str(&mut map, "kind")?.ok_or_else(|| err("kind", "missing `kind`"))?;
        let article = match map.remove("article") {
            None | Some(Value::Null) => None,
            Some(Value::String(a)) => Some(a),
            Some(other) => {
                return Err(err(
                    "article",
                    format!("expected a string or null, found {other}"),
                ))
            }
        };
        let message =
            take_str(&mut map, "message")?.ok_or_else(|| err("message", "missing `message`"))?;
        let args = match map.remove("args") {
            None => Map::new(),
            Some(Value::Object(args)) => args,
            Some(other) => return Err(err("args", format!("expected an object, found {other}"))),
        };
        no_more(&map)?;
        Ok(DecisionRecord {
            t,
            kind,
            article,
            message,
            args,
        })
    }
}

fn no_more(map: &Map<String, Value>) -> Result<(), RecordError> {
    match map.keys().next() {
        Some(key) => Err(err(key.as_str(), format!("unknown field `{key}`"))),
        None => Ok(()),
    }
}

impl OutcomeRecord {
    /// The record of an engine outcome.
    pub fn from_outcome(o: &Outcome) -> OutcomeRecord {
        OutcomeRecord {
            result: o.result.code().to_owned(),
            termination: o.termination.code().to_owned(),
            article: o.article.to_owned(),
        }
    }

    fn to_json(&self) -> Value {
        json!({"result": self.result, "termination": self.termination, "article": self.article})
    }

    fn from_json(value: Value) -> Result<OutcomeRecord, RecordError> {
        let Value::Object(mut map) = value else {
            return Err(err("", "expected an outcome object"));
        };
        let mut field = |key: &str| {
            take_str(&mut map, key)?.ok_or_else(|| err(key, format!("missing `{key}`")))
        };
        let out = OutcomeRecord {
            result: field("result")?,
            termination: field("termination")?,
            article: field("article")?,
        };
        no_more(&map)?;
        Ok(out)
    }
}

fn verdict_json(v: &MateVerdict) -> Value {
    json!({"side": side_code(v.side), "answer": v.answer.code(), "nodes": v.nodes})
}

fn verdict_from_json(value: Value) -> Result<MateVerdict, RecordError> {
    let Value::Object(mut map) = value else {
        return Err(err("", "expected a verdict object"));
    };
    let s = take_str(&mut map, "side")?.ok_or_else(|| err("side", "missing `side`"))?;
    let a = take_str(&mut map, "answer")?.ok_or_else(|| err("answer", "missing `answer`"))?;
    let answer = MateAnswer::from_code(&a).ok_or_else(|| {
        err(
            "answer",
            format!("expected can, cannot or undecided, found {a:?}"),
        )
    })?;
    let nodes = match map.remove("nodes") {
        Some(n) => n
            .as_u64()
            .ok_or_else(|| err("nodes", format!("expected a count, found {n}")))?,
        None => 0,
    };
    no_more(&map)?;
    Ok(MateVerdict {
        side: side(&s, "side")?,
        answer,
        nodes,
    })
}

fn list<T>(
    map: &mut Map<String, Value>,
    key: &str,
    read: impl Fn(Value) -> Result<T, RecordError>,
) -> Result<Vec<T>, RecordError> {
    match map.remove(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| read(v).map_err(|e| e.within(&format!("{key}[{i}]"))))
            .collect(),
        Some(other) => Err(err(key, format!("expected an array, found {other}"))),
    }
}

impl StoredEntry {
    /// The entry of an applied event or of time passing.
    pub fn new(seq: u64, entry: Entry, applied: &Applied) -> StoredEntry {
        StoredEntry {
            seq,
            entry,
            verdicts: applied.verdicts.clone(),
            decisions: applied
                .decisions
                .iter()
                .map(DecisionRecord::from_decision)
                .collect(),
            server: None,
        }
    }

    /// As JSON: the event's keys (or `t`, `by` and `"time": true`), then
    /// `seq`, `verdicts` and `decisions`.
    pub fn to_json(&self) -> Value {
        let mut map = match &self.entry {
            Entry::Event(e) => match e.to_json() {
                Value::Object(map) => map,
                _ => Map::new(),
            },
            Entry::Time(t) => {
                let mut map = Map::new();
                map.insert("t".into(), instant_value(*t));
                map.insert("by".into(), Value::from("arbiter"));
                map.insert("time".into(), Value::Bool(true));
                map
            }
        };
        map.insert("seq".into(), Value::from(self.seq));
        if let Some(cause) = self.server {
            map.insert("server".into(), Value::from(cause.code()));
        }
        if !self.verdicts.is_empty() {
            map.insert(
                "verdicts".into(),
                self.verdicts.iter().map(verdict_json).collect(),
            );
        }
        map.insert(
            "decisions".into(),
            self.decisions.iter().map(DecisionRecord::to_json).collect(),
        );
        Value::Object(map)
    }

    /// Reads an entry; errors name the path inside it.
    pub fn from_json(value: Value) -> Result<StoredEntry, RecordError> {
        let Value::Object(mut map) = value else {
            return Err(err("", "expected an entry object"));
        };
        let seq = match map.remove("seq") {
            Some(v) => v
                .as_u64()
                .ok_or_else(|| err("seq", format!("expected a sequence number, found {v}")))?,
            None => return Err(err("seq", "missing `seq`")),
        };
        let server = match map.remove("server") {
            None => None,
            Some(Value::String(code)) => Some(ServerCause::from_code(&code).ok_or_else(|| {
                err(
                    "server",
                    format!("expected shutdown, outage or restart, found {code:?}"),
                )
            })?),
            Some(other) => return Err(err("server", format!("expected a string, found {other}"))),
        };
        let verdicts = list(&mut map, "verdicts", verdict_from_json)?;
        let decisions = list(&mut map, "decisions", DecisionRecord::from_json)?;
        let entry = match map.remove("time") {
            Some(Value::Bool(true)) => {
                take_version(&mut map)?;
                let t = instant(
                    take_f64(&mut map, "t")?.ok_or_else(|| err("t", "missing `t`"))?,
                    "t",
                )?;
                let by = take_str(&mut map, "by")?.unwrap_or_else(|| "arbiter".into());
                if actor(&by, "by")? != arbitre_laws::Actor::Arbiter {
                    return Err(err("by", "time passing is the arbiter's entry"));
                }
                no_more(&map)?;
                Entry::Time(t)
            }
            Some(other) => {
                return Err(err(
                    "time",
                    format!("expected true (leave the key out otherwise), found {other}"),
                ))
            }
            None => Entry::Event(EventRecord::from_json(Value::Object(map))?),
        };
        Ok(StoredEntry {
            seq,
            entry,
            verdicts,
            decisions,
            server,
        })
    }
}

impl StoredGame {
    /// A new stored game and the game it starts.
    pub fn start(
        setup: SetupRecord,
        arbiter_starts: bool,
    ) -> Result<(StoredGame, Game), RecordError> {
        let game = Game::new(setup.to_setup(arbiter_starts)?).map_err(setup_error)?;
        Ok((
            StoredGame {
                engine: crate::engine_version(),
                setup,
                arbiter_starts,
                entries: Vec::new(),
                first_held: 0,
                // a start position or a history may end the game already
                outcome: game.outcome().map(OutcomeRecord::from_outcome),
            },
            game,
        ))
    }

    /// Applies `event` to `game` (the game this record is of) and records
    /// it with what it led to.
    pub fn record_event(
        &mut self,
        game: &mut Game,
        event: EventRecord,
    ) -> Result<Applied, RecordError> {
        let engine = event.to_event(game.laws())?;
        let applied = game.apply(&engine);
        self.push(game, Entry::Event(event), &applied);
        Ok(applied)
    }

    /// Lets time run to `t` in `game` and records it when time passed or
    /// something was decided.
    pub fn record_time(&mut self, game: &mut Game, t: Instant) -> Applied {
        let before = game.now();
        let applied = game.advance(t);
        if !applied.decisions.is_empty() || game.now() > before {
            self.push(game, Entry::Time(t), &applied);
        }
        applied
    }

    /// Lets time run to `t` in `game` and records it only if something was
    /// decided (a flag, a lateness limit): what a server's timer does.
    pub fn record_decided_time(&mut self, game: &mut Game, t: Instant) -> Applied {
        let applied = game.advance(t);
        if !applied.decisions.is_empty() {
            self.push(game, Entry::Time(t), &applied);
        }
        applied
    }

    /// [`StoredGame::record_event`] for an event the server makes by itself
    /// in the arbiter's name, marked with its cause.
    pub fn record_server_event(
        &mut self,
        game: &mut Game,
        event: EventRecord,
        cause: ServerCause,
    ) -> Result<Applied, RecordError> {
        let applied = self.record_event(game, event)?;
        if let Some(last) = self.entries.last_mut() {
            last.server = Some(cause);
        }
        Ok(applied)
    }

    /// Records what the server saw at `t` (a seat disconnected), as a time
    /// entry marked with its cause: time runs to `t` as it would have, and
    /// nothing else happens to the game.
    pub fn record_server_time(
        &mut self,
        game: &mut Game,
        t: Instant,
        cause: ServerCause,
    ) -> Applied {
        let applied = game.advance(t);
        self.push(game, Entry::Time(t), &applied);
        if let Some(last) = self.entries.last_mut() {
            last.server = Some(cause);
        }
        applied
    }

    /// Lets go of the entries held (they are stored elsewhere): the next
    /// entry keeps its place in the log.
    pub fn release_entries(&mut self) {
        self.first_held += self.entries.len() as u64;
        self.entries = Vec::new();
    }

    /// The next entry's `seq`.
    pub fn next_seq(&self) -> u64 {
        self.first_held + self.entries.len() as u64
    }

    fn push(&mut self, game: &Game, entry: Entry, applied: &Applied) {
        let seq = self.next_seq();
        self.entries.push(StoredEntry::new(seq, entry, applied));
        self.outcome = game.outcome().map(OutcomeRecord::from_outcome);
    }

    /// Rebuilds the game from the entries, reusing the recorded verdicts,
    /// and compares every entry's decisions and the outcome with the record.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        if self.first_held != 0 {
            return Err(err(
                "entries",
                format!("the log's first {} entries are not held", self.first_held),
            ));
        }
        let setup = self
            .setup
            .to_setup(self.arbiter_starts)
            .map_err(|e| e.within("setup"))?;
        let mut game = Game::new(setup).map_err(|e| setup_error(e).within("setup"))?;
        let mut divergences = Vec::new();
        for (i, stored) in self.entries.iter().enumerate() {
            let at = format!("entries[{i}]");
            if stored.seq != i as u64 {
                return Err(err(
                    format!("{at}.seq"),
                    format!("expected {i}, found {}", stored.seq),
                ));
            }
            let applied = match &stored.entry {
                Entry::Event(e) => {
                    let event = e.to_event(game.laws()).map_err(|e| e.within(&at))?;
                    game.apply_recorded(&event, &stored.verdicts)
                }
                Entry::Time(t) => game.advance_recorded(*t, &stored.verdicts),
            };
            let replayed: Vec<DecisionRecord> = applied
                .decisions
                .iter()
                .map(DecisionRecord::from_decision)
                .collect();
            if replayed != stored.decisions {
                divergences.push(Divergence::Decisions {
                    seq: stored.seq,
                    recorded: stored.decisions.clone(),
                    replayed,
                });
            }
        }
        let replayed = game.outcome().map(OutcomeRecord::from_outcome);
        if replayed != self.outcome {
            divergences.push(Divergence::Outcome {
                recorded: self.outcome.clone(),
                replayed,
            });
        }
        Ok(Replayed { game, divergences })
    }

    /// As JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "v": VERSION,
            "engine": self.engine,
            "setup": serde_json::to_value(&self.setup).unwrap_or(Value::Null),
            "arbiter_starts": self.arbiter_starts,
            "entries": self.entries.iter().map(StoredEntry::to_json).collect::<Vec<_>>(),
            "outcome": self.outcome.as_ref().map(OutcomeRecord::to_json),
        })
    }

    /// Reads a stored game's JSON text; errors name the JSON path.
    pub fn parse(text: &str) -> Result<StoredGame, RecordError> {
        let Value::Object(mut map) = parse_json(text)? else {
            return Err(err("", "expected a stored game object"));
        };
        match map.remove("v") {
            Some(v) if v.as_u64() == Some(u64::from(VERSION)) => {}
            Some(v) => {
                return Err(err(
                    "v",
                    format!(
                    "this version of arbitre reads stored games of version {VERSION}, found {v}"
                ),
                ))
            }
            None => return Err(err("v", "missing `v`: not a stored game")),
        }
        let engine =
            take_str(&mut map, "engine")?.ok_or_else(|| err("engine", "missing `engine`"))?;
        let setup: SetupRecord = match map.remove("setup") {
            Some(v) => crate::error::from_value(v).map_err(|e| e.within("setup"))?,
            None => return Err(err("setup", "missing `setup`")),
        };
        let arbiter_starts = match map.remove("arbiter_starts") {
            Some(Value::Bool(b)) => b,
            None => false,
            Some(other) => {
                return Err(err(
                    "arbiter_starts",
                    format!("expected true or false, found {other}"),
                ))
            }
        };
        let entries = list(&mut map, "entries", StoredEntry::from_json)?;
        let outcome = match map.remove("outcome") {
            None | Some(Value::Null) => None,
            Some(v) => Some(OutcomeRecord::from_json(v).map_err(|e| e.within("outcome"))?),
        };
        no_more(&map)?;
        Ok(StoredGame {
            engine,
            setup,
            arbiter_starts,
            entries,
            first_held: 0,
            outcome,
        })
    }
}

/// A fresh secret salt from the operating system's random source.
pub fn random_salt() -> Result<Salt, RecordError> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| err("", format!("no randomness for a sealed move's salt: {e}")))?;
    Ok(Salt(bytes))
}

impl StoredGame {
    /// A scenario as a stored game: its events recorded one by one, as a
    /// server would have recorded them. A sealed move written in clear
    /// becomes a commitment (with a salt from `salt`), and the envelope is
    /// opened by an `open` event of the arbiter at the moment the Laws say,
    /// so that the stored log never holds a sealed move before it is opened.
    /// Time then runs to the scenario's end (`until`, or its last event).
    pub fn from_scenario(
        scenario: &Scenario,
        salt: &mut dyn FnMut() -> Result<Salt, RecordError>,
    ) -> Result<(StoredGame, Game), RecordError> {
        let (mut stored, mut game) =
            StoredGame::start(scenario.record.clone(), scenario.setup.arbiter_starts)?;
        // the last move each side sealed, to open its envelope
        let mut secrets: [Option<(String, Salt)>; 2] = [None, None];
        for (i, record) in scenario.records.iter().enumerate() {
            let mut secret = None;
            let record = match (&record.action, record.by) {
                (ActionRecord::Seal(SealRecord::Text(text)), Actor::Player(c)) => {
                    let s = salt()?;
                    let commitment = Commitment::of(&s, &text.0);
                    secret = Some((c, text.0.clone(), s));
                    EventRecord {
                        action: ActionRecord::Seal(SealRecord::Committed {
                            commitment,
                            envelope: None,
                        }),
                        ..record.clone()
                    }
                }
                _ => record.clone(),
            };
            let t = record.t;
            let applied = stored
                .record_event(&mut game, record)
                .map_err(|e| e.within(&format!("events[{i}]")))?;
            // a seal the Laws refused replaces no envelope
            if let (Some((c, text, s)), true) = (secret, applied.accepted()) {
                secrets[c as usize] = Some((text, s));
            }
            while let State::AwaitingRuling {
                what: Ruling::OpenEnvelope { sealer },
            } = game.state()
            {
                let Some((text, salt)) = secrets[sealer as usize].take() else {
                    break;
                };
                let open = EventRecord {
                    t,
                    by: Actor::Arbiter,
                    action: ActionRecord::Open { text, salt },
                };
                stored.record_event(&mut game, open)?;
            }
        }
        let end = scenario
            .until
            .or_else(|| scenario.records.last().map(|e| e.t))
            .unwrap_or(Instant::ZERO);
        stored.record_time(&mut game, end);
        Ok((stored, game))
    }
}
