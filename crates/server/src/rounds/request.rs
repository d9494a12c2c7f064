//! `POST /api/rounds`'s body (../shared/spec/ROUNDS.md, "Creating a round"):
//! the round's tags, its broadcast delay, the setup every board shares,
//! and the pairings in one of their forms, read into the boards to create.
//! Everything is checked before anything is created: a body that cannot
//! be read is a `400` naming where, and no game exists because of it.

use arbitre_record::request::GameRequest;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::error::ApiError;

/// A player as the pairing program knows him (ROUNDS.md's PLAYER).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// His name as the pairing program writes it.
    pub name: String,
    /// His FIDE ID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// His title (`GM`, `IM`, `WFM`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// His rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// His federation (`FRA`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// His start rank in the tournament file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_rank: Option<u32>,
}

/// One board of a round, before its game exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// The board's number.
    pub board: u32,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
}

/// A player of the tournament given no opponent this round by the pairing
/// engine (the pairing-allocated bye).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// His start rank.
    pub start_rank: u32,
    /// His name.
    pub name: String,
}

/// What the pairing program gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairings {
    /// The boards, in board order.
    pub boards: Vec<Pairing>,
    /// The pairing-allocated byes.
    pub byes: Vec<Bye>,
    /// The tournament file to give back with this round's results.
    pub trf: Option<String>,
    /// The round's number, where the pairing files say it.
    pub round: Option<u32>,
}

/// A round to create.
#[derive(Clone, Debug)]
pub struct RoundRequest {
    /// PGN's `Event`.
    pub event: Option<String>,
    /// PGN's `Site`.
    pub site: Option<String>,
    /// PGN's `Date`.
    pub date: Option<String>,
    /// The round's number.
    pub round: u32,
    /// Seconds by which public reads lag behind the boards.
    pub broadcast_delay: u64,
    /// The setup keys every board's game has (and `arbiter_key`).
    pub setup: Map<String, Value>,
    /// The boards and byes.
    pub pairings: Pairings,
    /// Each board's game request, in board order (checked).
    pub games: Vec<GameRequest>,
}

/// The most boards a round holds.
pub const MAX_BOARDS: usize = 2000;

/// The longest broadcast delay (s): a day.
pub const MAX_DELAY: u64 = 86_400;

fn bad(path: impl Into<String>, message: impl Into<String>) -> ApiError {
    ApiError {
        path: Some(path.into()),
        ..ApiError::malformed(message)
    }
}

fn text(map: &mut Map<String, Value>, key: &str) -> Result<Option<String>, ApiError> {
    match map.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(bad(key, format!("expected a string, found {other}"))),
    }
}

fn number(map: &mut Map<String, Value>, key: &str, max: u64) -> Result<Option<u64>, ApiError> {
    match map.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) if v <= max => Ok(Some(v)),
            _ => Err(bad(
                key,
                format!("expected a whole number from 0 to {max}, found {n}"),
            )),
        },
        Some(other) => Err(bad(key, format!("expected a number, found {other}"))),
    }
}

/// `YYYY.MM.DD`, as PGN's `Date` (`??` where unknown).
fn pgn_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('.').collect();
    parts.len() == 3
        && [4, 2, 2].iter().zip(&parts).all(|(n, p)| {
            p.len() == *n && (p.bytes().all(|b| b.is_ascii_digit()) || p.bytes().all(|b| b == b'?'))
        })
}

impl RoundRequest {
    /// Reads the body of `POST /api/rounds`.
    pub fn parse(text_body: &str) -> Result<RoundRequest, ApiError> {
        let value: Value = serde_json::from_str(text_body).map_err(|e| {
            ApiError::malformed(format!(
                "the body is not JSON: {e} (line {}, column {})",
                e.line(),
                e.column()
            ))
        })?;
        let Value::Object(mut map) = value else {
            return Err(ApiError::malformed(
                "expected an object with the round's tags, its pairings and the setup keys",
            ));
        };
        let event = text(&mut map, "event")?;
        let site = text(&mut map, "site")?;
        let date = text(&mut map, "date")?;
        if let Some(d) = &date {
            if !pgn_date(d) {
                return Err(bad("date", format!("expected YYYY.MM.DD, found `{d}`")));
            }
        }
        let round = number(&mut map, "round", 999)?.map(|r| r as u32);
        let broadcast_delay = number(&mut map, "broadcast_delay", MAX_DELAY)?.unwrap_or(0);
        let pairings = match map.remove("pairings") {
            Some(Value::Object(p)) => read_pairings(p)?,
            Some(other) => {
                return Err(bad(
                    "pairings",
                    format!("expected an object ({{\"boards\"}}, {{\"pgn\"}} or {{\"trf\", \"pairs\"}}), found {other}"),
                ))
            }
            None => return Err(bad("pairings", "the round's pairings are missing")),
        };
        for key in ["players", "board"] {
            if map.contains_key(key) {
                return Err(bad(
                    key,
                    format!("`{key}` is each board's, from the pairings"),
                ));
            }
        }
        let round = match (round, pairings.round) {
            (Some(r), _) | (None, Some(r)) => r,
            (None, None) => return Err(bad("round", "the round's number is missing")),
        };
        if round == 0 {
            return Err(bad("round", "rounds are numbered from 1"));
        }
        // the TRF given back carries this round's column: the one after
        // the TRF's last
        if let (Some(next), true) = (pairings.round, pairings.trf.is_some()) {
            if round != next {
                return Err(bad(
                    "round",
                    format!("the TRF holds the rounds before round {next}, not round {round}"),
                ));
            }
        }
        let mut games = Vec::with_capacity(pairings.boards.len());
        for (i, pairing) in pairings.boards.iter().enumerate() {
            let mut body = map.clone();
            body.insert(
                "players".into(),
                json!({"white": pairing.white.name, "black": pairing.black.name}),
            );
            if let Some(e) = &event {
                body.insert("event".into(), json!(e));
            }
            if let Some(s) = &site {
                body.insert("site".into(), json!(s));
            }
            body.insert("round".into(), json!(format!("{round}.{}", pairing.board)));
            body.insert("board".into(), json!(pairing.board));
            let request = GameRequest::parse(&Value::Object(body).to_string()).map_err(|e| {
                let mut error = ApiError::record(e);
                // the setup is the round's: a path into it is the body's
                if error
                    .path
                    .as_deref()
                    .is_some_and(|p| p.starts_with("players"))
                {
                    error.path = Some(format!("pairings.boards[{i}]"));
                }
                error
            })?;
            games.push(request);
        }
        Ok(RoundRequest {
            event,
            site,
            date,
            round,
            broadcast_delay,
            setup: map,
            pairings,
            games,
        })
    }
}

fn read_pairings(mut p: Map<String, Value>) -> Result<Pairings, ApiError> {
    let forms: Vec<&str> = ["boards", "pgn", "trf"]
        .into_iter()
        .filter(|k| p.contains_key(*k))
        .collect();
    if forms.len() != 1 {
        return Err(bad(
            "pairings",
            "expected exactly one of `boards`, `pgn`, or `trf` with `pairs`",
        ));
    }
    let pairings = match forms[0] {
        "boards" => {
            if let Some(key) = p.keys().find(|k| *k != "boards") {
                return Err(bad(format!("pairings.{key}"), "unexpected beside `boards`"));
            }
            boards(p.remove("boards").unwrap_or(Value::Null))?
        }
        "pgn" => {
            if let Some(key) = p.keys().find(|k| *k != "pgn") {
                return Err(bad(format!("pairings.{key}"), "unexpected beside `pgn`"));
            }
            match p.remove("pgn") {
                Some(Value::String(text)) => super::files::from_pgn(&text)?,
                _ => return Err(bad("pairings.pgn", "expected the PGN as a string")),
            }
        }
        _ => {
            if let Some(key) = p.keys().find(|k| *k != "trf" && *k != "pairs") {
                return Err(bad(
                    format!("pairings.{key}"),
                    "unexpected beside `trf` and `pairs`",
                ));
            }
            let (Some(Value::String(trf)), Some(Value::String(pairs))) =
                (p.remove("trf"), p.remove("pairs"))
            else {
                return Err(bad(
                    "pairings",
                    "expected `trf` (the tournament file) and `pairs` (the pairing engine's pairs), as strings",
                ));
            };
            super::files::from_trf(&trf, &pairs)?
        }
    };
    if pairings.boards.is_empty() {
        return Err(bad("pairings", "the round has no board"));
    }
    if pairings.boards.len() > MAX_BOARDS {
        return Err(bad(
            "pairings",
            format!(
                "{} boards: a round holds at most {MAX_BOARDS}",
                pairings.boards.len()
            ),
        ));
    }
    Ok(pairings)
}

/// The JSON form: `[{"board", "white", "black"}, …]`.
fn boards(value: Value) -> Result<Pairings, ApiError> {
    let Value::Array(items) = value else {
        return Err(bad("pairings.boards", "expected a list of boards"));
    };
    let mut boards: Vec<Pairing> = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let at = format!("pairings.boards[{i}]");
        let pairing: Pairing = serde_json::from_value(item).map_err(|e| {
            bad(
                &at,
                format!("expected {{\"board\", \"white\": PLAYER, \"black\": PLAYER}}: {e}"),
            )
        })?;
        for (side, player) in [("white", &pairing.white), ("black", &pairing.black)] {
            if player.name.trim().is_empty() {
                return Err(bad(
                    format!("{at}.{side}.name"),
                    "a player's name is needed",
                ));
            }
        }
        if pairing.board == 0 {
            return Err(bad(format!("{at}.board"), "boards are numbered from 1"));
        }
        if boards.iter().any(|b| b.board == pairing.board) {
            return Err(bad(
                format!("{at}.board"),
                format!("board {} appears twice", pairing.board),
            ));
        }
        boards.push(pairing);
    }
    boards.sort_by_key(|b| b.board);
    Ok(Pairings {
        boards,
        byes: Vec::new(),
        trf: None,
        round: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(body: Value) -> Result<RoundRequest, ApiError> {
        RoundRequest::parse(&body.to_string())
    }

    fn board(n: u32, white: &str, black: &str) -> Value {
        json!({"board": n, "white": {"name": white}, "black": {"name": black}})
    }

    #[test]
    fn boards_in_json_each_a_game_request_with_the_round_s_tags() {
        let r = parse(json!({
            "edition": "fide-2023", "time_control": "5400+30", "event": "Open", "round": 3,
            "pairings": {"boards": [board(2, "C", "D"), board(1, "A", "B")]}
        }))
        .unwrap();
        assert_eq!(r.round, 3);
        assert_eq!(r.pairings.boards[0].board, 1, "sorted by board");
        assert_eq!(r.games.len(), 2);
        assert_eq!(r.games[1].tags["round"], "3.2");
        assert_eq!(
            r.games[0].setup.players.as_ref().unwrap().white.as_deref(),
            Some("A")
        );
    }

    #[test]
    fn what_is_wrong_is_named_by_its_path() {
        let base = || json!({"edition": "fide-2023", "time_control": "60", "round": 1});
        let with = |k: &str, v: Value| {
            let mut b = base();
            b[k] = v;
            b
        };
        let path = |body: Value| parse(body).unwrap_err().path.unwrap_or_default();
        assert_eq!(path(base()), "pairings");
        assert_eq!(
            path(with(
                "pairings",
                json!({"boards": [board(1, "A", "B"), board(1, "C", "D")]})
            )),
            "pairings.boards[1].board"
        );
        assert_eq!(
            path(with("pairings", json!({"boards": [board(1, "A", " ")]}))),
            "pairings.boards[0].black.name"
        );
        assert_eq!(
            path(with(
                "pairings",
                json!({"boards": [{"board": 1, "white": {"name": "A", "elo": 3}, "black": {"name": "B"}}]})
            )),
            "pairings.boards[0]"
        );
        let mut dated = with("pairings", json!({"boards": [board(1, "A", "B")]}));
        dated["date"] = json!("2026-11-27");
        assert_eq!(path(dated), "date");
        let mut no_round = with("pairings", json!({"boards": [board(1, "A", "B")]}));
        no_round.as_object_mut().unwrap().remove("round");
        assert_eq!(path(no_round), "round");
        let mut bad_setup = with("pairings", json!({"boards": [board(1, "A", "B")]}));
        bad_setup["time_control"] = json!("soon");
        assert_eq!(path(bad_setup), "time_control");
    }
}
