//! The live state a server answers with: what a board or a console needs.

use arbitre_laws::{
    event::Sealed,
    seal::{Commitment, Salt},
    Action, Actor, EditionId, Event, Game, Instant, Language, Setup,
};
use arbitre_record::view::live_state;
use shakmaty::{fen::Fen, CastlingMode, Color};

fn at(ms: i64) -> Instant {
    Instant(ms)
}

fn game(fen: Option<&str>) -> Game {
    let mut s = Setup::new(EditionId::Fide2023);
    s.time_control = "5400".parse().unwrap();
    if let Some(f) = fen {
        s.start = f
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
    }
    Game::new(s).unwrap()
}

fn count(dests: &serde_json::Value) -> usize {
    dests
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_array().unwrap().len())
        .sum()
}

#[test]
fn the_start_shows_twenty_moves_and_whites_clock_running() {
    let g = game(None);
    let s = live_state(&g, at(10_000), Language::En);
    assert_eq!(s["dests"].as_object().unwrap().len(), 10);
    assert_eq!(count(&s["dests"]), 20);
    assert_eq!(s["to_move"], "white");
    assert_eq!(s["running"], "white");
    assert_eq!(s["offer"], serde_json::Value::Null);
    assert_eq!(s["awaiting"], serde_json::Value::Null);
    assert_eq!(s["claims"], serde_json::json!([]));
    // the clocks as they show at the moment of reading
    assert_eq!(s["clocks"]["white"], 5390.0);
    assert_eq!(s["clocks"]["black"], 5400.0);
}

#[test]
fn castling_is_offered_both_ways_chessground_reads_it() {
    let g = game(Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let s = live_state(&g, at(0), Language::En);
    let king: Vec<&str> = s["dests"]["e1"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for sq in ["g1", "h1", "c1", "a1", "d1", "f1"] {
        assert!(king.contains(&sq), "{sq} missing from {king:?}");
    }
}

#[test]
fn an_envelope_waiting_for_the_arbiter_is_shown_never_the_move() {
    let salt = Salt([9; 32]);
    let mut g = game(None);
    let seal_text = "Qh5";
    for e in [
        Event {
            t: at(1_000),
            by: Actor::Player(Color::White),
            action: Action::Move {
                text: "e4".into(),
                press: true,
                lag: None,
            },
        },
        Event {
            t: at(2_000),
            by: Actor::Arbiter,
            action: Action::Adjourn {
                resume_at: "tomorrow".into(),
                place: "here".into(),
            },
        },
        Event {
            t: at(3_000),
            by: Actor::Player(Color::Black),
            action: Action::Seal(Sealed::Committed(Commitment::of(&salt, seal_text))),
        },
        Event {
            t: at(9_000),
            by: Actor::Player(Color::White),
            action: Action::Arrive,
        },
        Event {
            t: at(9_000),
            by: Actor::Player(Color::Black),
            action: Action::Arrive,
        },
        Event {
            t: at(10_000),
            by: Actor::Arbiter,
            action: Action::Resume,
        },
    ] {
        g.apply(&e);
    }
    let s = live_state(&g, at(10_000), Language::En);
    assert_eq!(s["state"], "awaiting-ruling");
    assert_eq!(s["awaiting"]["what"], "open-envelope");
    assert_eq!(s["awaiting"]["sealer"], "black");
    assert_eq!(s["adjournment"]["phase"], "resumed");
    assert_eq!(s["running"], serde_json::Value::Null);
    assert_eq!(s["claims"], serde_json::json!([]));
    assert_eq!(
        s["dests"],
        serde_json::json!({}),
        "nothing is played before the opening"
    );
    assert!(!s.to_string().contains(seal_text));
}
