//! An event as stored and transmitted: the time on the arbiter's clock, the
//! actor, and one action (`{"t": 12.5, "by": "white", "move": "Nf3"}`).

use arbitre_laws::{Actor, Edition, Event, Instant};
use serde_json::{Map, Value};

use crate::{
    action::ActionRecord,
    error::{err, RecordError},
    setup::side_code,
    time::{instant, instant_value},
    VERSION,
};

/// One event in the record's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct EventRecord {
    /// The moment on the arbiter's clock.
    pub t: Instant,
    /// Who acts.
    pub by: Actor,
    /// What is done.
    pub action: ActionRecord,
}

/// The code of an actor: `white`, `black` or `arbiter`.
pub fn actor_code(by: Actor) -> &'static str {
    match by {
        Actor::Player(c) => side_code(c),
        Actor::Arbiter => "arbiter",
    }
}

/// Reads an actor's code.
pub fn actor(text: &str, path: &str) -> Result<Actor, RecordError> {
    match (text, arbitre_laws::event::side_from_code(text)) {
        (_, Some(c)) => Ok(Actor::Player(c)),
        ("arbiter", None) => Ok(Actor::Arbiter),
        (other, None) => Err(err(
            path,
            format!("expected \"white\", \"black\" or \"arbiter\", found {other:?}"),
        )),
    }
}

/// Takes `key` out of `map` as a string.
pub(crate) fn take_str(
    map: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<String>, RecordError> {
    match map.remove(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(err(key, format!("expected a string, found {other}"))),
    }
}

/// Takes `key` out of `map` as a number.
pub(crate) fn take_f64(
    map: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<f64>, RecordError> {
    match map.remove(key) {
        None => Ok(None),
        Some(v) => v
            .as_f64()
            .map(Some)
            .ok_or_else(|| err(key, format!("expected a number, found {v}"))),
    }
}

/// Takes the optional `"v"` out of `map`: the record's version, which must
/// be one this version reads.
pub(crate) fn take_version(map: &mut Map<String, Value>) -> Result<(), RecordError> {
    match map.remove("v") {
        None => Ok(()),
        Some(v) if v.as_u64() == Some(u64::from(VERSION)) => Ok(()),
        Some(v) => Err(err(
            "v",
            format!("this version of arbitre reads records of version {VERSION}, found {v}"),
        )),
    }
}

impl EventRecord {
    /// Reads an event object: `t`, `by` and one action (and an optional
    /// `"v": 1`). Errors name the path inside the object.
    pub fn from_json(value: Value) -> Result<EventRecord, RecordError> {
        let Value::Object(mut map) = value else {
            return Err(err("", "expected an object with `t`, `by` and one action"));
        };
        take_version(&mut map)?;
        let t = take_f64(&mut map, "t")?.ok_or_else(|| err("t", "missing `t` (seconds)"))?;
        let t = instant(t, "t")?;
        let by = take_str(&mut map, "by")?
            .ok_or_else(|| err("by", "missing `by` (white, black or arbiter)"))?;
        let by = actor(&by, "by")?;
        let action = ActionRecord::from_map(map)?;
        // the arbiter records a player present: that player's arrival
        let (by, action) = crate::action::presence(by, action).map_err(|()| {
            err(
                "arrive",
                "a player reports only his own arrival (`\"arrive\": true`)",
            )
        })?;
        match (by, action.kind().by_arbiter()) {
            (Actor::Arbiter, false) => Err(err(
                "by",
                format!(
                    "`{}` is a player's action, not the arbiter's",
                    action.kind().code()
                ),
            )),
            (Actor::Player(_), true) => Err(err(
                "by",
                format!("`{}` is the arbiter's action", action.kind().code()),
            )),
            _ => Ok(EventRecord { t, by, action }),
        }
    }

    /// The event as a JSON object (`t`, `by`, then the action's keys).
    pub fn to_json(&self) -> Value {
        let mut map = Map::new();
        map.insert("t".into(), instant_value(self.t));
        map.insert("by".into(), Value::String(actor_code(self.by).into()));
        self.action.write(&mut map);
        Value::Object(map)
    }

    /// The engine's event under `laws`.
    pub fn to_event(&self, laws: &Edition) -> Result<Event, RecordError> {
        Ok(Event {
            t: self.t,
            by: self.by,
            action: self.action.to_action(laws)?,
        })
    }

    /// The record of an engine event.
    pub fn from_event(event: &Event) -> EventRecord {
        EventRecord {
            t: event.t,
            by: event.by,
            action: ActionRecord::from_action(&event.action),
        }
    }
}
