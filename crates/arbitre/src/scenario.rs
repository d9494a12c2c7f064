//! Scenario files (`docs/SCENARIOS.md`): parsed strictly, then validated into
//! the laws crate's types. Every error names the JSON path of the offending
//! value and what was expected.

use std::collections::BTreeMap;

use arbitre_laws::{
    clock::{Delay, Millis, MAX_MILLIS},
    edition::GameType,
    event::{Judgment, Unrestorable},
    Action, Actor, ClaimKind, Edition, EditionId, Event, GameResult, Language, Setup, TimeControl,
};
use serde::Deserialize;
use shakmaty::{fen::Fen, ByColor, CastlingMode, Chess, Color};

/// A scenario file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawScenario {
    pub name: String,
    pub edition: String,
    pub time_control: String,
    #[serde(default)]
    pub game_type: Option<String>,
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub history: Option<String>,
    #[serde(default)]
    pub clocks: Option<Sides<f64>>,
    #[serde(default)]
    pub notation: Option<String>,
    #[serde(default)]
    pub players: Option<Sides<String>>,
    #[serde(default)]
    pub odds: Option<RawOdds>,
    #[serde(default)]
    pub regulations: Option<RawRegulations>,
    pub events: Vec<RawEvent>,
    #[serde(default)]
    pub session_end: Option<f64>,
    #[serde(default)]
    pub until: Option<f64>,
    /// Validated for its shape; compared by the test runner.
    #[allow(dead_code)]
    #[serde(default)]
    pub expect: Option<Expect>,
}

/// A value per side.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    pub white: T,
    pub black: T,
}

/// 1930 art. 22 odds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOdds {
    pub receiver: String,
    pub moves: u32,
    #[serde(default)]
    pub cede_first_move: bool,
}

/// What the event's regulations fix (extension of the contract, docs/SCENARIOS.md).
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawRegulations {
    #[serde(default)]
    pub arbiter_present: Option<bool>,
    #[serde(default)]
    pub quickplay_guidelines: Option<bool>,
    #[serde(default)]
    pub late_limit: Option<f64>,
    /// The node budget of the "can this side checkmate" search.
    #[serde(default)]
    pub mate_search_nodes: Option<u64>,
}

/// What the arbiter must conclude: validated for its shape here, compared by
/// the test runner (`crates/arbitre/tests/scenarios.rs`).
#[allow(dead_code)]
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub result: Option<String>,
    pub termination: Option<String>,
    pub article: Option<String>,
    pub state: Option<String>,
    pub game_type: Option<String>,
    pub clocks: Option<BTreeMap<String, f64>>,
    pub fen: Option<String>,
    pub log_articles: Option<Vec<String>>,
    /// The whole log, in order: `[decision, article]` pairs (extension).
    pub decisions: Option<Vec<ExpectedDecision>>,
}

/// One entry of `expect.decisions`: `["refused", "4.3"]`, or
/// `["clocks-set", null]` for a decision with no article.
#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedDecision {
    pub decision: String,
    pub article: Option<String>,
}

impl<'de> Deserialize<'de> for ExpectedDecision {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Pair;
        const EXPECTED: &str = "a pair [decision, article] (article a string, or null)";
        impl<'de> serde::de::Visitor<'de> for Pair {
            type Value = ExpectedDecision;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(EXPECTED)
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<ExpectedDecision, A::Error> {
                use serde::de::Error;
                let decision: String = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &EXPECTED))?;
                let article: Option<String> = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &EXPECTED))?;
                if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::invalid_length(3, &EXPECTED));
                }
                Ok(ExpectedDecision { decision, article })
            }
        }
        d.deserialize_seq(Pair)
    }
}

/// `adjourn` details.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAdjourn {
    pub resume_at: String,
    pub place: String,
}

/// `start`: `true`, or the players absent at the start.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawStart {
    /// `"start": true`.
    Flag(bool),
    /// `"start": {"absent": ["black"]}`.
    Absent(RawAbsent),
}

/// The players absent at the start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAbsent {
    pub absent: Vec<String>,
}

/// `adjust_time`: seconds added (or, negative, removed), with the article.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAdjust {
    pub white: Option<f64>,
    pub black: Option<f64>,
    pub article: String,
}

/// `declare_result`: the result and the article.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDeclare {
    pub result: String,
    pub article: String,
}

/// An event as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub t: f64,
    pub by: String,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub press: Option<bool>,
    pub touch: Option<String>,
    pub offer_draw: Option<bool>,
    pub accept_draw: Option<bool>,
    pub decline_draw: Option<bool>,
    pub claim: Option<String>,
    pub intended: Option<String>,
    pub resign: Option<bool>,
    pub seal: Option<String>,
    pub arrive: Option<bool>,
    pub adjourn: Option<RawAdjourn>,
    pub resume: Option<bool>,
    pub ruling: Option<String>,
    pub envelope_lost: Option<bool>,
    pub unrestorable: Option<String>,
    pub set_clocks: Option<Sides<f64>>,
    pub misrestored: Option<bool>,
    pub start: Option<RawStart>,
    pub stop_clocks: Option<bool>,
    pub restart_clocks: Option<bool>,
    pub adjust_time: Option<RawAdjust>,
    pub declare_result: Option<RawDeclare>,
}

/// A malformed scenario: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// JSON path of the offending value (`events[7].claim`), or empty for the whole file.
    pub path: String,
    /// What was expected.
    pub message: String,
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() || self.path == "." {
            write!(f, "{}", self.message)
        } else {
            write!(f, "at {}: {}", self.path, self.message)
        }
    }
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        path: path.into(),
        message: message.into(),
    }
}

/// A validated scenario.
#[derive(Debug)]
pub struct Scenario {
    pub name: String,
    pub setup: Setup,
    pub events: Vec<Event>,
    pub until: Option<Millis>,
}

/// The largest number of seconds a file may give anywhere: `MAX_MILLIS` (one year).
const MAX_SECONDS: f64 = MAX_MILLIS as f64 / 1000.0;

/// Seconds from a file, as milliseconds: finite, not negative, and at most
/// [`MAX_MILLIS`] once rounded to the millisecond. The checks come before
/// the conversion, which therefore neither overflows nor yields NaN.
fn millis(seconds: f64, path: &str) -> Result<Millis, ScenarioError> {
    let out_of_range = || {
        err(
            path,
            format!(
                "expected a number of seconds from 0 to {MAX_SECONDS} (one year), found {seconds}"
            ),
        )
    };
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(out_of_range());
    }
    // finite and not negative: the product is finite or +inf, never NaN,
    // and it is compared before any conversion to an integer
    let ms = (seconds * 1000.0).round();
    if ms > MAX_MILLIS as f64 {
        return Err(out_of_range());
    }
    Ok(ms as Millis)
}

/// Every time in a time control (period, increment, delay) at most [`MAX_MILLIS`].
fn check_time_control(tc: &TimeControl) -> Result<(), ScenarioError> {
    for (i, p) in tc.periods().iter().enumerate() {
        let delay = match p.delay {
            Delay::None => 0,
            Delay::Simple(d) | Delay::Bronstein(d) => d,
        };
        for (what, ms) in [
            ("period time", p.base),
            ("increment", p.increment),
            ("delay", delay),
        ] {
            if !(0..=MAX_MILLIS).contains(&ms) {
                return Err(err(
                    "time_control",
                    format!(
                        "period {}: {what} of {} s is above {MAX_SECONDS} s (one year)",
                        i + 1,
                        ms / 1000
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn side(text: &str, path: &str) -> Result<Color, ScenarioError> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(err(
            path,
            format!("expected \"white\" or \"black\", found {text:?}"),
        )),
    }
}

fn flag(value: bool, path: &str) -> Result<(), ScenarioError> {
    if value {
        Ok(())
    } else {
        Err(err(path, "expected true (leave the key out otherwise)"))
    }
}

/// Parses and validates a scenario file's text.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let raw: RawScenario = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let message = if inner.is_syntax() || inner.is_eof() {
            format!(
                "malformed JSON at line {}, column {}: {inner}",
                inner.line(),
                inner.column()
            )
        } else {
            inner.to_string()
        };
        err(path, message)
    })?;
    validate(raw)
}

fn validate(raw: RawScenario) -> Result<Scenario, ScenarioError> {
    let edition: EditionId = raw
        .edition
        .parse()
        .map_err(|e: arbitre_laws::edition::UnknownEdition| err("edition", e.to_string()))?;
    let time_control: TimeControl = raw
        .time_control
        .parse()
        .map_err(|e: arbitre_laws::clock::TimeControlError| err("time_control", e.to_string()))?;
    check_time_control(&time_control)?;
    let game_type = match &raw.game_type {
        Some(g) => Some(GameType::from_code(g).ok_or_else(|| {
            err(
                "game_type",
                format!("expected \"standard\", \"rapid\" or \"blitz\", found {g:?}"),
            )
        })?),
        None => None,
    };
    let start = match &raw.start {
        Some(fen) => {
            let parsed: Fen = fen
                .parse()
                .map_err(|e| err("start", format!("malformed FEN: {e}")))?;
            parsed
                .into_position::<Chess>(CastlingMode::Standard)
                .map_err(|e| err("start", format!("illegal position: {e}")))?
        }
        None => Chess::default(),
    };
    let notation = match &raw.notation {
        Some(code) => Language::from_code(code).ok_or_else(|| {
            err(
                "notation",
                format!("expected one of en, fr, de, es, it, nl, found {code:?}"),
            )
        })?,
        None => Language::En,
    };
    let clocks = match &raw.clocks {
        Some(c) => Some(ByColor {
            white: millis(c.white, "clocks.white")?,
            black: millis(c.black, "clocks.black")?,
        }),
        None => None,
    };
    let odds = match &raw.odds {
        Some(o) => Some(arbitre_laws::game::Odds {
            receiver: side(&o.receiver, "odds.receiver")?,
            moves: o.moves,
            cede_first_move: o.cede_first_move,
        }),
        None => None,
    };
    let mut regulations = arbitre_laws::game::Regulations::default();
    if let Some(r) = &raw.regulations {
        if let Some(v) = r.arbiter_present {
            regulations.arbiter_present = v;
        }
        if let Some(v) = r.quickplay_guidelines {
            regulations.quickplay_guidelines = v;
        }
        if let Some(v) = r.late_limit {
            regulations.late_limit_ms = Some(millis(v, "regulations.late_limit")?);
        }
        if let Some(n) = r.mate_search_nodes {
            if n == 0 {
                return Err(err(
                    "regulations.mate_search_nodes",
                    "expected a number of nodes of at least 1",
                ));
            }
            regulations.mate_search_nodes = Some(n);
        }
    }
    let session_end = match raw.session_end {
        Some(s) => Some(millis(s, "session_end")?),
        None => None,
    };
    let players = raw.players.clone().map_or_else(
        || ByColor::new_with(|_| None),
        |p| ByColor {
            white: Some(p.white),
            black: Some(p.black),
        },
    );
    let mut events = Vec::with_capacity(raw.events.len());
    let mut last = 0;
    for (i, e) in raw.events.iter().enumerate() {
        let event = event(e, i, edition.laws())?;
        if event.t < last {
            return Err(err(
                format!("events[{i}].t"),
                "expected times in non-decreasing order",
            ));
        }
        last = event.t;
        events.push(event);
    }
    let until = match raw.until {
        Some(u) => Some(millis(u, "until")?),
        None => None,
    };
    let mut setup = Setup::new(edition);
    setup.time_control = time_control;
    setup.game_type = game_type;
    setup.start = start;
    setup.history = raw.history.clone();
    setup.clocks = clocks;
    setup.notation = notation;
    setup.players = players;
    setup.odds = odds;
    setup.session_end = session_end;
    setup.regulations = regulations;
    // in a file with a `start` event no clock runs before it
    setup.arbiter_starts = raw.events.iter().any(|e| e.start.is_some());
    Ok(Scenario {
        name: raw.name,
        setup,
        events,
        until,
    })
}

/// Signed seconds (a time adjustment) as milliseconds, within one year either way.
fn signed_millis(seconds: f64, path: &str) -> Result<Millis, ScenarioError> {
    let ms = millis(seconds.abs(), path)?;
    Ok(if seconds < 0.0 { -ms } else { ms })
}

/// An article the arbiter cites: one of the edition's that he may cite.
fn cited(laws: &Edition, text: &str, path: &str) -> Result<arbitre_laws::Article, ScenarioError> {
    laws.cited_article(text).ok_or_else(|| {
        err(
            path,
            format!(
                "{text:?} is not an article of {} an arbiter cites for a time adjustment or a declared result",
                laws.code
            ),
        )
    })
}

fn event(e: &RawEvent, i: usize, laws: &Edition) -> Result<Event, ScenarioError> {
    let p = |key: &str| format!("events[{i}].{key}");
    let t = millis(e.t, &p("t"))?;
    let by = match e.by.as_str() {
        "white" => Actor::Player(Color::White),
        "black" => Actor::Player(Color::Black),
        "arbiter" => Actor::Arbiter,
        other => {
            return Err(err(
                p("by"),
                format!("expected \"white\", \"black\" or \"arbiter\", found {other:?}"),
            ))
        }
    };
    let mut actions: Vec<(&str, Action)> = Vec::new();
    if let Some(text) = &e.mv {
        actions.push((
            "move",
            Action::Move {
                text: text.clone(),
                press: e.press.unwrap_or(true),
            },
        ));
    } else if let Some(press) = e.press {
        flag(press, &p("press"))?;
        actions.push(("press", Action::Press));
    }
    if let Some(sq) = &e.touch {
        let square: shakmaty::Square = sq.parse().map_err(|_| {
            err(
                p("touch"),
                format!("expected a square such as \"g1\", found {sq:?}"),
            )
        })?;
        actions.push(("touch", Action::Touch(square)));
    }
    if let Some(v) = e.offer_draw {
        flag(v, &p("offer_draw"))?;
        actions.push(("offer_draw", Action::OfferDraw));
    }
    if let Some(v) = e.accept_draw {
        flag(v, &p("accept_draw"))?;
        actions.push(("accept_draw", Action::AcceptDraw));
    }
    if let Some(v) = e.decline_draw {
        flag(v, &p("decline_draw"))?;
        actions.push(("decline_draw", Action::DeclineDraw));
    }
    if let Some(kind) = &e.claim {
        let kind = ClaimKind::from_code(kind).ok_or_else(|| {
            err(p("claim"), format!("expected one of threefold, fifty-moves, flag, illegal-move, quickplay, touch-move, initial-position, board-orientation, clock-setting, found {kind:?}"))
        })?;
        if e.intended.is_some() && !matches!(kind, ClaimKind::Threefold | ClaimKind::FiftyMoves) {
            return Err(err(
                p("intended"),
                "an intended move goes only with a threefold or fifty-moves claim",
            ));
        }
        actions.push((
            "claim",
            Action::Claim {
                kind,
                intended: e.intended.clone(),
            },
        ));
    } else if e.intended.is_some() {
        return Err(err(
            p("intended"),
            "an intended move goes only with a claim",
        ));
    }
    if let Some(v) = e.resign {
        flag(v, &p("resign"))?;
        actions.push(("resign", Action::Resign));
    }
    if let Some(text) = &e.seal {
        actions.push(("seal", Action::Seal(text.clone())));
    }
    if let Some(v) = e.arrive {
        flag(v, &p("arrive"))?;
        actions.push(("arrive", Action::Arrive));
    }
    if let Some(a) = &e.adjourn {
        actions.push((
            "adjourn",
            Action::Adjourn {
                resume_at: a.resume_at.clone(),
                place: a.place.clone(),
            },
        ));
    }
    if let Some(v) = e.resume {
        flag(v, &p("resume"))?;
        actions.push(("resume", Action::Resume));
    }
    if let Some(r) = &e.ruling {
        let j = match r.as_str() {
            "draw" => Judgment::Draw,
            "postpone" => Judgment::Postpone,
            "reject" => Judgment::Reject,
            other => {
                return Err(err(
                    p("ruling"),
                    format!("expected \"draw\", \"postpone\" or \"reject\", found {other:?}"),
                ))
            }
        };
        actions.push(("ruling", Action::Ruling(j)));
    }
    if let Some(v) = e.envelope_lost {
        flag(v, &p("envelope_lost"))?;
        actions.push(("envelope_lost", Action::EnvelopeLost));
    }
    if let Some(u) = &e.unrestorable {
        let what = match u.as_str() {
            "position" => Unrestorable::Position,
            "times" => Unrestorable::Times,
            other => {
                return Err(err(
                    p("unrestorable"),
                    format!("expected \"position\" or \"times\", found {other:?}"),
                ))
            }
        };
        actions.push(("unrestorable", Action::Unrestorable(what)));
    }
    if let Some(c) = &e.set_clocks {
        actions.push((
            "set_clocks",
            Action::SetClocks {
                white: millis(c.white, &p("set_clocks.white"))?,
                black: millis(c.black, &p("set_clocks.black"))?,
            },
        ));
    }
    if let Some(v) = e.misrestored {
        flag(v, &p("misrestored"))?;
        actions.push(("misrestored", Action::Misrestored));
    }
    if let Some(s) = &e.start {
        let absent = match s {
            RawStart::Flag(v) => {
                flag(*v, &p("start"))?;
                Vec::new()
            }
            RawStart::Absent(a) => a
                .absent
                .iter()
                .enumerate()
                .map(|(k, c)| side(c, &p(&format!("start.absent[{k}]"))))
                .collect::<Result<Vec<_>, _>>()?,
        };
        actions.push(("start", Action::Start { absent }));
    }
    if let Some(v) = e.stop_clocks {
        flag(v, &p("stop_clocks"))?;
        actions.push(("stop_clocks", Action::StopClocks));
    }
    if let Some(v) = e.restart_clocks {
        flag(v, &p("restart_clocks"))?;
        actions.push(("restart_clocks", Action::RestartClocks));
    }
    if let Some(a) = &e.adjust_time {
        if a.white.is_none() && a.black.is_none() {
            return Err(err(
                p("adjust_time"),
                "expected `white` or `black` seconds (or both)",
            ));
        }
        actions.push((
            "adjust_time",
            Action::AdjustTime {
                white: signed_millis(a.white.unwrap_or(0.0), &p("adjust_time.white"))?,
                black: signed_millis(a.black.unwrap_or(0.0), &p("adjust_time.black"))?,
                article: cited(laws, &a.article, &p("adjust_time.article"))?,
            },
        ));
    }
    if let Some(d) = &e.declare_result {
        let result = GameResult::from_code(&d.result).ok_or_else(|| {
            err(
                p("declare_result.result"),
                format!(
                    "expected one of 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, annulled, found {:?}",
                    d.result
                ),
            )
        })?;
        actions.push((
            "declare_result",
            Action::DeclareResult {
                result,
                article: cited(laws, &d.article, &p("declare_result.article"))?,
            },
        ));
    }
    if actions.len() != 1 {
        let found: Vec<&str> = actions.iter().map(|(k, _)| *k).collect();
        return Err(err(
            format!("events[{i}]"),
            format!("expected exactly one action (move, press, touch, misrestored, offer_draw, accept_draw, decline_draw, claim, resign, seal, arrive, adjourn, resume, ruling, envelope_lost, unrestorable, set_clocks, start, stop_clocks, restart_clocks, adjust_time, declare_result), found {}", if found.is_empty() { "none".into() } else { found.join(", ") }),
        ));
    }
    let (name, action) = actions.remove(0);
    let player_action = !matches!(
        name,
        "adjourn"
            | "resume"
            | "ruling"
            | "envelope_lost"
            | "unrestorable"
            | "set_clocks"
            | "misrestored"
            | "start"
            | "stop_clocks"
            | "restart_clocks"
            | "adjust_time"
            | "declare_result"
    );
    match (by, player_action) {
        (Actor::Arbiter, true) => {
            return Err(err(
                p("by"),
                format!("`{name}` is a player's action, not the arbiter's"),
            ))
        }
        (Actor::Player(_), false) => {
            return Err(err(p("by"), format!("`{name}` is the arbiter's action")))
        }
        _ => {}
    }
    Ok(Event { t, by, action })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of(text: &str) -> String {
        parse(text).unwrap_err().path
    }

    #[test]
    fn errors_name_the_json_path() {
        let base = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"white","claim":"nonsense"}]}"#;
        assert_eq!(path_of(base), "events[0].claim");
        let unknown =
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[],"colour":1}"#;
        assert!(parse(unknown).unwrap_err().message.contains("colour"));
        let two = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"white","move":"e4","resign":true}]}"#;
        assert_eq!(path_of(two), "events[0]");
        let fen = r#"{"name":"x","edition":"fide-2005","time_control":"5400","start":"8/8/8","events":[]}"#;
        assert_eq!(path_of(fen), "start");
        let order = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":5,"by":"white","move":"e4"},{"t":4,"by":"black","move":"e5"}]}"#;
        assert_eq!(path_of(order), "events[1].t");
        let tc = r#"{"name":"x","edition":"fide-2005","time_control":"40/","events":[]}"#;
        assert_eq!(path_of(tc), "time_control");
        assert!(parse("{").unwrap_err().message.contains("malformed JSON"));
    }

    fn with(extra: &str, events: &str) -> String {
        format!(
            r#"{{"name":"x","edition":"fide-2005","time_control":"5400"{extra},"events":[{events}]}}"#
        )
    }

    #[test]
    fn times_are_bounded_by_one_year() {
        let year = MAX_MILLIS / 1000;
        let ok = with(
            &format!(r#","clocks":{{"white":{year},"black":0}},"until":{year}"#),
            &format!(
                r#"{{"t":{year},"by":"arbiter","set_clocks":{{"white":{year},"black":0.0004}}}}"#
            ),
        );
        let s = parse(&ok).expect("one year is allowed");
        assert_eq!(s.until, Some(MAX_MILLIS));
        assert_eq!(s.events[0].t, MAX_MILLIS);
        assert_eq!(
            s.events[0].action,
            Action::SetClocks {
                white: MAX_MILLIS,
                black: 0
            }
        );
        let e = |t: &str| format!(r#"{{"t":{t},"by":"white","move":"e4"}}"#);
        let over = format!("{}.001", year);
        for (text, path) in [
            (with("", &e("-1")), "events[0].t"),
            (with("", &e("-0.0001")), "events[0].t"),
            (with("", &e(&over)), "events[0].t"),
            (with("", &e("1e300")), "events[0].t"),
            (with("", &e("1.7e308")), "events[0].t"),
            (
                with(r#","clocks":{"white":1,"black":-5}"#, ""),
                "clocks.black",
            ),
            (with(r#","session_end":1e12"#, ""), "session_end"),
            (with(r#","until":-3"#, ""), "until"),
            (
                with(r#","regulations":{"late_limit":4e7}"#, ""),
                "regulations.late_limit",
            ),
            (
                with(
                    "",
                    r#"{"t":1,"by":"arbiter","set_clocks":{"white":1e10,"black":1}}"#,
                ),
                "events[0].set_clocks.white",
            ),
        ] {
            let error = parse(&text).unwrap_err();
            assert_eq!(error.path, path, "{text}: {error}");
            assert!(error.message.contains("one year"), "{error}");
        }
        let tc = r#"{"name":"x","edition":"fide-2005","time_control":"40/999999999","events":[]}"#;
        assert_eq!(path_of(tc), "time_control");
        let tc = r#"{"name":"x","edition":"fide-2005","time_control":"60+99999999","events":[]}"#;
        assert_eq!(path_of(tc), "time_control");
        let tc = r#"{"name":"x","edition":"fide-2005","time_control":"60d999999999","events":[]}"#;
        assert_eq!(path_of(tc), "time_control");
    }

    #[test]
    fn expected_decisions_are_pairs() {
        let ok = with(
            r#","expect":{"decisions":[["move","4.7"],["clocks-set",null]]}"#,
            "",
        );
        let raw: RawScenario = serde_json::from_str(&ok).expect("pairs");
        let want = raw.expect.and_then(|e| e.decisions).expect("decisions");
        assert_eq!(want[1].article, None);
        assert_eq!(want[0].decision, "move");
        for (bad, path) in [
            (r#"[["move","4.7"],["move"]]"#, "expect.decisions[1]"),
            (r#"[["move","4.7","x"]]"#, "expect.decisions[0]"),
            (r#"[["move","4.7"],"move"]"#, "expect.decisions[1]"),
            (r#"[["move",7]]"#, "expect.decisions[0]"),
            (r#"[[null,"4.7"]]"#, "expect.decisions[0]"),
            (r#"{"move":"4.7"}"#, "expect.decisions"),
        ] {
            let text = with(&format!(r#","expect":{{"decisions":{bad}}}"#), "");
            let error = parse(&text).unwrap_err();
            assert!(error.path.starts_with(path), "{bad}: {error}");
        }
    }
}
