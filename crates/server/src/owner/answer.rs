//! What an owner answers and streams: the game's state, an entry's line on
//! the streams (also stored as the answer to its `client_id`), the
//! decisions and alerts in the reader's language, and a refusal as the
//! client sees it.

use super::*;

impl Owner {
    pub(super) fn state(&mut self) -> Value {
        self.state_in(None)
    }

    /// An answer's decisions (as the game's language says them) in `lang`:
    /// each the same decision of the log, said again.
    pub(super) fn decisions_in(&self, decisions: &[Value], lang: Language) -> Vec<Value> {
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
    pub(super) fn state_in(&mut self, lang: Option<Language>) -> Value {
        let mut state = self.live.state(self.now());
        let lang = lang.unwrap_or(self.live.lang());
        if let Value::Object(map) = &mut state {
            map.insert("id".into(), json!(self.id));
            map.insert("alerts".into(), Value::Array(self.alerts(lang)));
            map.insert("sealable".into(), Value::Bool(self.sealer.is_some()));
            // each player's illegal moves so far (extension: a round's view
            // counts them per player)
            let illegal = self.live.game().illegal_moves();
            map.insert(
                "illegal_moves".into(),
                json!({"white": illegal.white, "black": illegal.black}),
            );
            // each pending call also on the server's clock (Unix ms), so that
            // a console lists the calls of all its games in the order made
            if let Some(Value::Array(calls)) = map.get_mut("calls") {
                for c in calls.iter_mut() {
                    let ms = c["t"].as_f64().map_or(0, |s| (s * 1000.0).round() as i64);
                    c["at_ms"] = json!(server_ms(Instant(ms), self.meta.origin_ms));
                }
            }
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
    pub(super) fn alerts(&self, lang: Language) -> Vec<Value> {
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
/// `entry_json` is the entry as stored (`StoredEntry::to_json`), made once
/// for the store and the line.
#[allow(clippy::too_many_arguments)]
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

/// The first answer of a stored message.
pub(super) fn answer_of(message: &Value) -> Answer {
    Answer {
        seq: message["seq"].as_u64().unwrap_or(0),
        accepted: message["accepted"].as_bool().unwrap_or(true),
        decisions: message["decisions"].as_array().cloned().unwrap_or_default(),
    }
}

pub(super) fn rejection(r: Rejection) -> ApiError {
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
