//! One live game as its owner holds it: the API's rules around the Laws,
//! the sealed move that never appears in clear, time deciding by itself,
//! and a restore from the stored log.

use arbitre_envelope::{generate_signing_key, Envelope, SecretKey};
use arbitre_laws::{Actor, Instant, Language};
use arbitre_record::{request::EventRequest, SetupRecord};
use arbitre_server::live::{LiveGame, Rejection, Sealer};
use shakmaty::Color;

fn setup(tc: &str) -> SetupRecord {
    serde_json::from_value(serde_json::json!({
        "edition": "fide-2005", "time_control": tc,
        "players": {"white": "Anand", "black": "Kramnik"}
    }))
    .unwrap()
}

fn req(body: &str) -> EventRequest {
    EventRequest::parse(body).unwrap()
}

/// A game started, 1. e4 at 1 s, adjourned by the arbiter at 2 s: Black seals.
fn adjourned_after_e4() -> LiveGame {
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    g.submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    g.submit(WHITE, req(r#"{"move": "e4"}"#), Instant(1_000), None)
        .unwrap();
    g.submit(
        Actor::Arbiter,
        req(r#"{"adjourn": {"resume_at": "tomorrow 10:00", "place": "hall"}}"#),
        Instant(2_000),
        None,
    )
    .unwrap();
    g
}

const WHITE: Actor = Actor::Player(Color::White);
const BLACK: Actor = Actor::Player(Color::Black);

#[test]
fn events_are_numbered_answered_and_judged() {
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    let (a, e) = g
        .submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    assert_eq!((a.seq, a.accepted), (0, true));
    assert!(e.is_some());
    let (a, _) = g
        .submit(WHITE, req(r#"{"move": "e4"}"#), Instant(5_000), None)
        .unwrap();
    assert_eq!((a.seq, a.accepted), (1, true));
    // out of turn: refused under the Laws, still an answer with its decision
    let (a, e) = g
        .submit(WHITE, req(r#"{"move": "d4"}"#), Instant(6_000), None)
        .unwrap();
    assert_eq!((a.seq, a.accepted), (2, false));
    assert_eq!(a.decisions[0]["decision"], "refused");
    assert!(e.is_some(), "a refusal is recorded too");
    let state = g.state(Instant(16_000));
    assert_eq!(state["to_move"], "black");
    assert_eq!(state["running"], "black");
    assert_eq!(
        state["clocks"]["black"], 5389.0,
        "running since White's move at 5 s"
    );
    assert_eq!(state["seq"], 3);
    assert_eq!(state["players"]["white"], "Anand");
}

#[test]
fn seats_act_only_for_themselves_after_is_checked_client_ids_answer_once() {
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    assert_eq!(
        g.submit(WHITE, req(r#"{"start": true}"#), Instant(0), None)
            .unwrap_err(),
        Rejection::NotYours { action: "start" }
    );
    assert_eq!(
        g.submit(Actor::Arbiter, req(r#"{"resign": true}"#), Instant(0), None)
            .unwrap_err(),
        Rejection::NotYours { action: "resign" }
    );
    g.submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    let first = g
        .submit(
            WHITE,
            req(r#"{"move": "e4", "client_id": "m1"}"#),
            Instant(1_000),
            None,
        )
        .unwrap();
    let again = g
        .submit(
            WHITE,
            req(r#"{"move": "e4", "client_id": "m1"}"#),
            Instant(9_000),
            None,
        )
        .unwrap();
    assert_eq!(again.0, first.0, "the first answer again");
    assert!(again.1.is_none(), "nothing new to store");
    assert_eq!(g.last_seq(), Some(1));
    assert_eq!(
        g.submit(
            BLACK,
            req(r#"{"move": "e5", "after": 0}"#),
            Instant(2_000),
            None
        )
        .unwrap_err(),
        Rejection::Stale { last: Some(1) }
    );
    let (a, _) = g
        .submit(
            BLACK,
            req(r#"{"move": "e5", "after": 1}"#),
            Instant(2_000),
            None,
        )
        .unwrap();
    assert!(a.accepted);
}

#[test]
fn a_flag_falls_with_no_event_when_its_time_comes() {
    // a standard game: the arbiter sees the fall (2005 6.10)
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    g.submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    let due = g.next_deadline().expect("White's flag");
    assert_eq!(due, Instant(5_400_000));
    assert!(
        g.tick(Instant(30_000)).is_none(),
        "nothing decided before the deadline"
    );
    let entry = g.tick(due).expect("the flag is decided at its deadline");
    assert!(
        entry.decisions.iter().any(|d| d.kind == "result"),
        "{:?}",
        entry.decisions
    );
    assert_eq!(g.game().outcome().unwrap().result.code(), "0-1");
}

#[test]
fn the_sealed_move_is_never_in_clear_and_the_arbiter_opens_it() {
    let arbiter = SecretKey::generate().unwrap();
    let server = generate_signing_key().unwrap();
    let sealer = Sealer {
        arbiter: arbiter.public_key().clone(),
        signer: server.clone(),
    };
    let mut g = adjourned_after_e4();
    let (a, entry) = g
        .submit(
            BLACK,
            req(r#"{"seal": "Nc6"}"#),
            Instant(3_000),
            Some(&sealer),
        )
        .unwrap();
    assert!(a.accepted);
    let entry = entry.unwrap();
    let stored = entry.to_json().to_string();
    assert!(!stored.contains("Nc6"), "{stored}");
    assert!(!serde_json::to_string(&a.decisions).unwrap().contains("Nc6"));
    assert!(!g.state(Instant(3_000)).to_string().contains("Nc6"));
    assert!(!g.stored().to_json().to_string().contains("Nc6"));
    // resumption: the game waits for the arbiter, who alone can open it
    for side in [WHITE, BLACK] {
        g.submit(side, req(r#"{"arrive": true}"#), Instant(9_000), None)
            .unwrap();
    }
    g.submit(
        Actor::Arbiter,
        req(r#"{"resume": true}"#),
        Instant(10_000),
        None,
    )
    .unwrap();
    assert_eq!(
        g.state(Instant(10_000))["awaiting"]["what"],
        "open-envelope"
    );
    let envelope =
        Envelope::from_json(entry.to_json()["seal"]["envelope"].to_string().as_bytes()).unwrap();
    let verified = arbitre_envelope::verify(&envelope, &server.verifying_key()).unwrap();
    let opened = arbitre_envelope::open(&verified, &arbiter).unwrap();
    let body = serde_json::json!({"open": {"move": opened.text(), "salt": opened.salt().to_hex()}});
    let (a, _) = g
        .submit(
            Actor::Arbiter,
            EventRequest::parse(&body.to_string()).unwrap(),
            Instant(11_000),
            None,
        )
        .unwrap();
    assert!(a.accepted);
    assert_eq!(g.state(Instant(11_000))["to_move"], "white");
    assert_eq!(g.game().moves().len(), 2);
}

#[test]
fn a_restored_game_is_the_live_one() {
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    g.submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    for (i, (by, m)) in [(WHITE, "f3"), (BLACK, "e5"), (WHITE, "g4"), (BLACK, "Qh4")]
        .into_iter()
        .enumerate()
    {
        g.submit(
            by,
            req(&format!(r#"{{"move": "{m}"}}"#)),
            Instant(1_000 * (i as i64 + 1)),
            None,
        )
        .unwrap();
    }
    let text = g.stored().to_json().to_string();
    let stored = arbitre_record::StoredGame::parse(&text).unwrap();
    let (mut back, divergences) = LiveGame::restore(stored, Vec::new(), Language::En).unwrap();
    assert!(divergences.is_empty());
    assert_eq!(back.state(Instant(9_000)), g.state(Instant(9_000)));
    assert_eq!(
        back.game().outcome().unwrap().termination.code(),
        "checkmate"
    );
}

#[test]
fn input_errors_are_refused_before_the_laws_and_leave_no_entry() {
    let mut g = LiveGame::create(setup("5400"), Language::En).unwrap();
    // before the arbiter's start: a player's move is a 409, not a log line
    assert_eq!(
        g.submit(WHITE, req(r#"{"move": "e4"}"#), Instant(0), None)
            .unwrap_err(),
        Rejection::NotStarted { action: "move" }
    );
    assert!(matches!(
        g.submit(BLACK, req(r#"{"offer_draw": true}"#), Instant(0), None),
        Err(Rejection::NotStarted { .. })
    ));
    // his own arrival he may report
    let (a, e) = g
        .submit(BLACK, req(r#"{"arrive": true}"#), Instant(0), None)
        .unwrap();
    assert!(a.accepted && e.is_some());
    g.submit(Actor::Arbiter, req(r#"{"start": true}"#), Instant(0), None)
        .unwrap();
    let before = g.last_seq();
    // text that is no move at all: malformed, at `move`; nothing recorded
    for text in ["hello", "Zz9", "e9", "", "Nf3+++x"] {
        let body = serde_json::json!({ "move": text }).to_string();
        match g.submit(WHITE, req(&body), Instant(1_000), None) {
            Err(Rejection::Malformed(e)) => assert_eq!(e.path, "move", "{text}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert_eq!(g.last_seq(), before, "no entry for an input error");
    assert!(
        g.game().log().len() == 1,
        "only the start: {:?}",
        g.game().log()
    );
    // a well-formed move that is illegal is a move made: recorded
    let (a, e) = g
        .submit(WHITE, req(r#"{"move": "Ke2"}"#), Instant(2_000), None)
        .unwrap();
    assert!(!a.accepted && e.is_some());
    // French letters in a game noted in English are not its notation
    assert!(matches!(
        g.submit(WHITE, req(r#"{"move": "Cf3"}"#), Instant(2_000), None),
        Err(Rejection::Malformed(_))
    ));
}

#[test]
fn the_arbiter_records_presence_and_a_game_without_a_key_cannot_be_sealed() {
    let mut g = adjourned_after_e4();
    // no arbiter's key: the seal is a conflict, nothing recorded
    let before = g.last_seq();
    assert_eq!(
        g.submit(BLACK, req(r#"{"seal": "Nc6"}"#), Instant(3_000), None)
            .unwrap_err(),
        Rejection::CannotSeal
    );
    assert_eq!(g.last_seq(), before);
    // sealed (to a key): nobody is at the board until he says so
    let sealer = Sealer {
        arbiter: SecretKey::generate().unwrap().public_key().clone(),
        signer: generate_signing_key().unwrap(),
    };
    g.submit(
        BLACK,
        req(r#"{"seal": "Nc6"}"#),
        Instant(3_000),
        Some(&sealer),
    )
    .unwrap();
    // the arbiter is the judge of presence: his `arrive` for a side is
    // that side's arrival; a player reports only his own
    assert_eq!(g.state(Instant(3_000))["present"]["white"], false);
    g.submit(
        Actor::Arbiter,
        req(r#"{"arrive": "white"}"#),
        Instant(3_000),
        None,
    )
    .unwrap();
    assert_eq!(g.state(Instant(3_000))["present"]["white"], true);
    assert_eq!(
        g.submit(WHITE, req(r#"{"arrive": "black"}"#), Instant(3_000), None)
            .unwrap_err(),
        Rejection::NotYours { action: "arrive" }
    );
    assert!(g
        .submit(BLACK, req(r#"{"arrive": "black"}"#), Instant(3_000), None)
        .is_ok());
    assert_eq!(g.state(Instant(3_000))["present"]["black"], true);
}
