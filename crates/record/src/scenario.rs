//! Scenario files (`docs/SCENARIOS.md`): a setup record, timed event
//! records and what the arbiter must conclude, read strictly on the same
//! types as a stored game and an API request, then validated into the laws
//! crate's types. Every error names the JSON path of the offending value and
//! what was expected.

use std::collections::BTreeMap;

use arbitre_laws::{Event, Instant, Setup};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::{
    error::{err, from_value, parse_json, RecordError},
    event::{take_f64, take_version, EventRecord},
    setup::{setup_error, SetupRecord},
    time::instant,
};

/// A malformed scenario: where and what.
pub type ScenarioError = RecordError;

/// What the arbiter must conclude: validated for its shape here, compared by
/// the test runner (`crates/arbitre/tests/scenarios.rs`).
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The result code.
    pub result: Option<String>,
    /// The termination code.
    pub termination: Option<String>,
    /// The deciding article.
    pub article: Option<String>,
    /// The state code.
    pub state: Option<String>,
    /// The game type.
    pub game_type: Option<String>,
    /// The remaining seconds (±0.05 s).
    pub clocks: Option<BTreeMap<String, f64>>,
    /// The final FEN.
    pub fen: Option<String>,
    /// Articles that must appear in the log.
    pub log_articles: Option<Vec<String>>,
    /// The whole log, in order: `[decision, article]` pairs (extension).
    pub decisions: Option<Vec<ExpectedDecision>>,
}

/// One entry of `expect.decisions`: `["refused", "4.3"]`, or
/// `["clocks-set", null]` for a decision with no article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedDecision {
    /// The decision kind.
    pub decision: String,
    /// Its article.
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

/// A validated scenario.
#[derive(Debug)]
pub struct Scenario {
    /// What the scenario shows.
    pub name: String,
    /// The setup as written.
    pub record: SetupRecord,
    /// The engine's setup.
    pub setup: Setup,
    /// The events as written.
    pub records: Vec<EventRecord>,
    /// The engine's events.
    pub events: Vec<Event>,
    /// When the scenario stops.
    pub until: Option<Instant>,
    /// What the arbiter must conclude.
    pub expect: Option<Expect>,
}

/// An `expect` whose result or game type no game can have is refused (a
/// test that could never pass), saying which values are.
fn check_expect(expect: &Expect) -> Result<(), ScenarioError> {
    if let Some(result) = &expect.result {
        // `*`: the game is not over
        if result != "*" && arbitre_laws::GameResult::from_code(result).is_none() {
            let known: Vec<&str> = ["*"]
                .into_iter()
                .chain(arbitre_laws::GameResult::ALL.iter().map(|r| r.code()))
                .collect();
            return Err(err(
                "expect.result",
                format!("`{result}` is not a result: one of {}", known.join(", ")),
            ));
        }
    }
    if let Some(game_type) = &expect.game_type {
        if arbitre_laws::GameType::from_code(game_type).is_none() {
            return Err(err(
                "expect.game_type",
                format!("`{game_type}` is not a game type: standard, rapid or blitz"),
            ));
        }
    }
    if let Some(termination) = &expect.termination {
        if arbitre_laws::Termination::from_code(termination).is_none() {
            let known: Vec<&str> = arbitre_laws::Termination::ALL
                .iter()
                .map(|t| t.code())
                .collect();
            return Err(err(
                "expect.termination",
                format!(
                    "`{termination}` is not a termination: one of {}",
                    known.join(", ")
                ),
            ));
        }
    }
    if let Some(state) = &expect.state {
        if !arbitre_laws::State::CODES.contains(&state.as_str()) {
            return Err(err(
                "expect.state",
                format!(
                    "`{state}` is not a state: one of {}",
                    arbitre_laws::State::CODES.join(", ")
                ),
            ));
        }
    }
    if let Some(clocks) = &expect.clocks {
        if let Some(side) = clocks
            .keys()
            .find(|k| !matches!(k.as_str(), "white" | "black"))
        {
            return Err(err(
                format!("expect.clocks.{side}"),
                "not a side: `white` or `black`",
            ));
        }
    }
    if let Some(fen) = &expect.fen {
        if let Err(e) = fen.parse::<shakmaty::fen::Fen>() {
            return Err(err(
                "expect.fen",
                arbitre_messages::malformed_fen(&e, arbitre_laws::Language::En),
            ));
        }
    }
    for (i, d) in expect.decisions.iter().flatten().enumerate() {
        if arbitre_laws::DecisionKind::from_code(&d.decision).is_none() {
            let known: Vec<&str> = arbitre_laws::DecisionKind::ALL
                .iter()
                .map(|k| k.code())
                .collect();
            return Err(err(
                format!("expect.decisions[{i}][0]"),
                format!(
                    "`{}` is not a kind of decision: one of {}",
                    d.decision,
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Parses and validates a scenario file's text.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    let Value::Object(mut map) = parse_json(text)? else {
        return Err(err("", "expected a JSON object"));
    };
    from_map(&mut map)
}

/// Validates a scenario object; the setup keys are those of a stored game.
fn from_map(map: &mut Map<String, Value>) -> Result<Scenario, ScenarioError> {
    take_version(map)?;
    let events = match map.remove("events") {
        Some(Value::Array(events)) => events,
        Some(other) => return Err(err("events", format!("expected an array, found {other}"))),
        None => return Err(err("", "missing field `events`")),
    };
    let until = take_f64(map, "until")?;
    let expect: Option<Expect> = match map.remove("expect") {
        Some(v) => Some(from_value(v).map_err(|e| e.within("expect"))?),
        None => None,
    };
    if let Some(expect) = &expect {
        check_expect(expect)?;
    }
    if !map.contains_key("name") {
        return Err(err("", "missing field `name`"));
    }
    // what is left is the setup: unknown keys are refused there
    let record: SetupRecord = from_value(Value::Object(std::mem::take(map)))?;
    let edition = record.edition_id()?;
    let mut records = Vec::with_capacity(events.len());
    let mut engine = Vec::with_capacity(events.len());
    let mut last = Instant::ZERO;
    for (i, e) in events.into_iter().enumerate() {
        let at = format!("events[{i}]");
        let r = EventRecord::from_json(e).map_err(|e| e.within(&at))?;
        let event = r.to_event(edition.laws()).map_err(|e| e.within(&at))?;
        if event.t < last {
            return Err(err(
                format!("{at}.t"),
                "expected times in non-decreasing order",
            ));
        }
        last = event.t;
        records.push(r);
        engine.push(event);
    }
    let until = match until {
        Some(u) => Some(instant(u, "until")?),
        None => None,
    };
    // in a file with a `start` event no clock runs before it
    let arbiter_starts = records
        .iter()
        .any(|r| r.action.kind() == arbitre_laws::ActionKind::Start);
    let setup = record.to_setup(arbiter_starts)?;
    Ok(Scenario {
        name: record.name.clone().unwrap_or_default(),
        record,
        setup,
        records,
        events: engine,
        until,
        expect,
    })
}

/// Starts the scenario's game: the setup the engine may still refuse
/// (history, odds), as a record error.
pub fn start(scenario: &Scenario) -> Result<arbitre_laws::Game, ScenarioError> {
    arbitre_laws::Game::new(scenario.setup.clone()).map_err(setup_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre_laws::{clock::MAX_MILLIS, Action};

    fn path_of(text: &str) -> String {
        parse(text).unwrap_err().path
    }

    /// Each error says its problem once, in a reader's words: the field
    /// not repeated after its path, "a number" not "f64", a history move
    /// by its side and number, an illegal start in chess terms, a JSON
    /// position said once; and an `expect` no game can meet is refused.
    #[test]
    fn errors_say_the_problem_once_in_chess_terms() {
        let with = |extra: &str, events: &str| {
            let text = format!(
                r#"{{"name":"x","edition":"fide-2005","time_control":"5400"{extra},"events":[{events}]}}"#
            );
            parse(&text).unwrap_err().to_string()
        };
        let move1 = r#"{"t":1,"by":"white","move":"e4"}"#;
        for (extra, events, said) in [
            (
                r#","start":"8/8/8/8/8/8/8/8 w - - 0 1""#,
                "",
                "at start: not a legal position: the board is empty; a side has no king",
            ),
            (
                r#","start":"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1""#,
                "",
                "at start: not a legal position: the side not to move is in check",
            ),
            (
                "",
                r#"{"t":"abc","by":"white","move":"e4"}"#,
                "at events[0].t: expected a number, found \"abc\"",
            ),
            (
                "",
                r#"{"t":1,"by":"white","move":5}"#,
                "at events[0].move: expected a string, found integer `5`",
            ),
            (
                r#","expect":{"termination":"foo"}"#,
                move1,
                "at expect.termination: `foo` is not a termination",
            ),
            (
                r#","expect":{"state":"bar"}"#,
                move1,
                "at expect.state: `bar` is not a state",
            ),
            (
                r#","expect":{"decisions":[["nonsense","9.1"]]}"#,
                move1,
                "at expect.decisions[0][0]: `nonsense` is not a kind of decision",
            ),
        ] {
            let got = with(extra, events);
            assert!(got.starts_with(said), "{got}\nwanted: {said}");
        }
        let unknown = with("", r#"{"t":1,"by":"white","move":"e4","extra":1}"#);
        assert!(
            unknown.starts_with("at events[0].extra: unknown field; expected one of"),
            "{unknown}"
        );
        // a history is played when the game is set up
        let history = parse(
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","history":"1. e4 e5 2. Ke3","events":[]}"#,
        )
        .expect("a scenario");
        let refused = arbitre_laws::Game::new(history.setup).expect_err("an illegal history");
        assert_eq!(
            crate::setup::setup_error(refused).to_string(),
            "at history: White's 2nd move `Ke3`: illegal"
        );
        let cut = parse(r#"{"name":"x","#).unwrap_err().to_string();
        assert_eq!(
            cut,
            "malformed JSON at line 1, column 12: the text ends inside a value"
        );
    }

    #[test]
    fn errors_name_the_json_path() {
        let base = r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[{"t":1,"by":"white","claim":"nonsense"}]}"#;
        assert_eq!(path_of(base), "events[0].claim");
        let unknown =
            r#"{"name":"x","edition":"fide-2005","time_control":"5400","events":[],"colour":1}"#;
        let e = parse(unknown).unwrap_err();
        // the key ends the path, and is not said again
        assert_eq!(e.path, "colour");
        assert!(e.message.starts_with("unknown field"), "{}", e.message);
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
        assert_eq!(s.until, Some(Instant(MAX_MILLIS)));
        assert_eq!(s.events[0].t, Instant(MAX_MILLIS));
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
    fn expected_results_and_game_types_are_ones_a_game_can_have() {
        for (bad, path) in [
            (r#","expect":{"result":"2-0"}"#, "expect.result"),
            (r#","expect":{"game_type":"bullet"}"#, "expect.game_type"),
        ] {
            let text = with(bad, "");
            let e = parse(&text).expect_err(bad);
            assert_eq!(e.path, path, "{bad}");
        }
        assert!(parse(&with(
            r#","expect":{"result":"1/2-1/2","game_type":"rapid"}"#,
            ""
        ))
        .is_ok());
    }

    #[test]
    fn expected_decisions_are_pairs() {
        let ok = with(
            r#","expect":{"decisions":[["touch-move","4.7"],["clocks-set",null]]}"#,
            "",
        );
        let s = parse(&ok).expect("pairs");
        let want = s.expect.and_then(|e| e.decisions).expect("decisions");
        assert_eq!(want[1].article, None);
        assert_eq!(want[0].decision, "touch-move");
        for (bad, path) in [
            (
                r#"[["touch-move","4.7"],["touch-move"]]"#,
                "expect.decisions[1]",
            ),
            (r#"[["touch-move","4.7","x"]]"#, "expect.decisions[0]"),
            (
                r#"[["touch-move","4.7"],"touch-move"]"#,
                "expect.decisions[1]",
            ),
            (r#"[["touch-move",7]]"#, "expect.decisions[0]"),
            (r#"[[null,"4.7"]]"#, "expect.decisions[0]"),
            (r#"{"touch-move":"4.7"}"#, "expect.decisions"),
        ] {
            let text = with(&format!(r#","expect":{{"decisions":{bad}}}"#), "");
            let error = parse(&text).unwrap_err();
            assert!(error.path.starts_with(path), "{bad}: {error}");
        }
    }
}
