//! The bodies of the server's requests (`../shared/spec/API.md`), read on
//! the same types as scenario files and stored games: `POST /api/games`
//! (the setup keys of a scenario file, plus the PGN tags and the arbiter's
//! public key) and `POST /api/games/{id}/events` (one action of the
//! vocabulary without `t` and `by`, plus `client_id` and `after`). Every
//! error names the JSON path of the offending value.

use serde_json::{Map, Value};

use crate::{
    action::ActionRecord,
    error::{err, from_value, parse_json, RecordError},
    event::{take_str, take_version},
    setup::{SetupRecord, SETUP_KEYS},
};

/// Longest `client_id`, in characters.
pub const MAX_CLIENT_ID: usize = 64;
/// Deepest nesting of arrays and objects a request may have.
pub const MAX_DEPTH: usize = 16;

/// `POST /api/games/{id}/events`.
#[derive(Clone, Debug, PartialEq)]
pub struct EventRequest {
    /// The action.
    pub action: ActionRecord,
    /// Chosen by the client: the same id again in the same game is applied
    /// once and answered with the first answer.
    pub client_id: Option<String>,
    /// Applied only if this is still the game's last sequence number.
    pub after: Option<u64>,
}

/// `POST /api/games`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRequest {
    /// The setup.
    pub setup: SetupRecord,
    /// PGN tags: `event`, `site`, `round`, `board`.
    pub tags: Map<String, Value>,
    /// The arbiter's public key sealed moves are encrypted to (base64), if
    /// not the server's default.
    pub arbiter_key: Option<String>,
}

/// The depth of nesting of `value` (a scalar is 0).
fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

fn object(text: &str, what: &str) -> Result<Map<String, Value>, RecordError> {
    let value = parse_json(text)?;
    if depth(&value) > MAX_DEPTH {
        return Err(err("", format!("nested more than {MAX_DEPTH} levels deep")));
    }
    match value {
        Value::Object(map) => Ok(map),
        other => Err(err("", format!("expected {what}, found {other}"))),
    }
}

impl EventRequest {
    /// Reads a request body.
    pub fn parse(text: &str) -> Result<EventRequest, RecordError> {
        let mut map = object(text, "an object with one action")?;
        take_version(&mut map)?;
        for key in ["t", "by"] {
            if map.contains_key(key) {
                return Err(err(
                    key,
                    format!("`{key}` is the server's to set (its clock, the token's seat)"),
                ));
            }
        }
        let client_id = take_str(&mut map, "client_id")?;
        if let Some(id) = &client_id {
            if id.is_empty() || id.chars().count() > MAX_CLIENT_ID {
                return Err(err(
                    "client_id",
                    format!("expected 1 to {MAX_CLIENT_ID} characters"),
                ));
            }
        }
        let after =
            match map.remove("after") {
                None => None,
                Some(v) => Some(v.as_u64().ok_or_else(|| {
                    err("after", format!("expected a sequence number, found {v}"))
                })?),
            };
        let action = ActionRecord::from_map(map)?;
        Ok(EventRequest {
            action,
            client_id,
            after,
        })
    }
}

/// The PGN tags a game request may carry.
pub const TAG_KEYS: [&str; 4] = ["event", "site", "round", "board"];

impl GameRequest {
    /// Reads a request body; the setup is validated as a stored game's is
    /// (`SetupRecord::to_setup`), so a game that could not start is refused
    /// here.
    pub fn parse(text: &str) -> Result<GameRequest, RecordError> {
        let mut map = object(text, "an object with the setup keys")?;
        take_version(&mut map)?;
        let mut tags = Map::new();
        for key in TAG_KEYS {
            if let Some(v) = map.remove(key) {
                match v {
                    Value::String(_) | Value::Number(_) => {
                        tags.insert(key.to_owned(), v);
                    }
                    other => return Err(err(key, format!("expected a string, found {other}"))),
                }
            }
        }
        let arbiter_key = take_str(&mut map, "arbiter_key")?;
        if let Some(key) = map.keys().find(|k| !SETUP_KEYS.contains(&k.as_str())) {
            return Err(err(
                key.as_str(),
                format!(
                    "unknown field `{key}`, expected one of {}, {}, arbiter_key",
                    SETUP_KEYS.join(", "),
                    TAG_KEYS.join(", ")
                ),
            ));
        }
        let setup: SetupRecord = from_value(Value::Object(map))?;
        let engine = setup.to_setup(true)?;
        arbitre_laws::Game::new(engine).map_err(crate::setup::setup_error)?;
        Ok(GameRequest {
            setup,
            tags,
            arbiter_key,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_is_refused_at_any_depth() {
        let e = EventRequest::parse(r#"{"move": "e4", "move": "d4"}"#).unwrap_err();
        assert!(e.to_string().contains("`move` appears twice"), "{e}");
        let e = EventRequest::parse(
            r#"{"adjust_time": {"white": 10, "white": -10, "article": "6.10"}}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("`white` appears twice"), "{e}");
        assert!(e.to_string().contains("adjust_time"), "the path: {e}");
        let e = GameRequest::parse(
            r#"{"edition": "fide-2023", "time_control": "60", "players": {"white": "A", "white": "B"}}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("twice"), "{e}");
        // the same keys in two objects are no repetition
        assert!(EventRequest::parse(
            r#"{"adjust_time": {"white": 10, "article": "6.10"}, "client_id": "white"}"#
        )
        .is_ok());
    }

    #[test]
    fn an_event_request_is_one_action_and_the_keys_around_it() {
        let r =
            EventRequest::parse(r#"{"move": "e4", "press": false, "client_id": "a1", "after": 3}"#)
                .unwrap();
        assert_eq!(r.client_id.as_deref(), Some("a1"));
        assert_eq!(r.after, Some(3));
        assert_eq!(
            r.action,
            ActionRecord::Move {
                text: "e4".into(),
                press: false,
                lag: None,
            }
        );
        for (body, path) in [
            (r#"{"move": "e4", "t": 3}"#, "t"),
            (r#"{"move": "e4", "by": "white"}"#, "by"),
            (r#"{"move": "e4", "resign": true}"#, ""),
            (r#"{"claim": "perpetual"}"#, "claim"),
            (r#"{"move": "e4", "client_id": ""}"#, "client_id"),
            (r#"{"move": "e4", "after": -1}"#, "after"),
            (r#"{"move": "e4", "colour": 1}"#, "colour"),
            (r#"[1]"#, ""),
            (r#"{"move": "#, "move"),
            (r#"{"seal": {"commitment": "00"}}"#, "seal.commitment"),
        ] {
            let e = EventRequest::parse(body).unwrap_err();
            assert_eq!(e.path, path, "{body}: {e}");
        }
        let long = format!(r#"{{"move": "e4", "client_id": "{}"}}"#, "x".repeat(65));
        assert_eq!(EventRequest::parse(&long).unwrap_err().path, "client_id");
        let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
        assert!(EventRequest::parse(&deep)
            .unwrap_err()
            .message
            .contains("nested"));
    }

    #[test]
    fn a_game_request_is_a_setup_and_tags() {
        let r = GameRequest::parse(
            r#"{"edition": "fide-2023", "time_control": "5400+30", "players": {"white": "A", "black": "B"}, "round": "3", "board": 12, "arbiter_key": "abc"}"#,
        )
        .unwrap();
        assert_eq!(r.setup.edition, "fide-2023");
        assert_eq!(r.tags["round"], "3");
        assert_eq!(r.arbiter_key.as_deref(), Some("abc"));
        for (body, path) in [
            (
                r#"{"edition": "fide-1999", "time_control": "5400"}"#,
                "edition",
            ),
            (
                r#"{"edition": "fide-2023", "time_control": "40/"}"#,
                "time_control",
            ),
            (
                r#"{"edition": "fide-2023", "time_control": "5400", "start": "8/8/8"}"#,
                "start",
            ),
            (
                r#"{"edition": "fide-2023", "time_control": "5400", "history": "1. e4 e4"}"#,
                "history",
            ),
            (
                r#"{"edition": "fide-2023", "time_control": "5400", "colour": 1}"#,
                "colour",
            ),
            (
                r#"{"edition": "fide-2023", "time_control": "5400", "round": []}"#,
                "round",
            ),
            (r#"{"time_control": "5400"}"#, ""),
        ] {
            let e = GameRequest::parse(body).unwrap_err();
            assert_eq!(e.path, path, "{body}: {e}");
        }
    }
}
