//! A sealed move the game holds only as a commitment (what a stored game
//! keeps): nobody reads it before the arbiter opens the envelope, the
//! opening must match the commitment, and then the Laws go on as if the
//! envelope had been opened at the board.

use arbitre_laws::{
    event::Sealed,
    game::{Acceptance, AdjournmentPhase},
    seal::{Commitment, Salt},
    Action, Actor, DecisionKind, EditionId, Event, Game, Instant, Note, Ruling, Setup, State,
};
use shakmaty::Color;

fn ev(t: i64, by: Actor, action: Action) -> Event {
    Event {
        t: Instant(t),
        by,
        action,
    }
}

fn adjourned(sealed: Sealed) -> Game {
    let mut s = Setup::new(EditionId::Fide2005);
    s.time_control = "5400".parse().unwrap();
    let mut game = Game::new(s).unwrap();
    for e in [
        ev(
            10_000,
            Actor::Player(Color::White),
            Action::Move {
                text: "e4".into(),
                press: true,
                lag: None,
            },
        ),
        ev(
            20_000,
            Actor::Arbiter,
            Action::Adjourn {
                resume_at: "tomorrow".into(),
                place: "here".into(),
            },
        ),
        ev(30_000, Actor::Player(Color::Black), Action::Seal(sealed)),
    ] {
        assert!(game.apply(&e).accepted(), "{e:?}");
    }
    game
}

#[test]
fn a_committed_seal_waits_for_the_arbiters_opening() {
    let salt = Salt([42; 32]);
    let mut game = adjourned(Sealed::Committed(Commitment::of(&salt, "c5")));
    assert_eq!(game.sealed_move(), None, "the game holds no move to show");
    assert_eq!(
        game.adjournment(),
        Some(AdjournmentPhase::Sealed {
            sealer: Color::Black
        })
    );
    for side in [Color::White, Color::Black] {
        game.apply(&ev(100_000, Actor::Player(side), Action::Arrive));
    }
    game.apply(&ev(100_000, Actor::Arbiter, Action::Resume));
    assert_eq!(
        game.state(),
        State::AwaitingRuling {
            what: Ruling::OpenEnvelope {
                sealer: Color::Black
            }
        }
    );
    assert_eq!(
        game.clock().running(),
        None,
        "no clock runs before the move is on the board"
    );
    // nothing is played before the envelope is opened
    let early = game.apply(&ev(
        101_000,
        Actor::Player(Color::White),
        Action::Move {
            text: "Nf3".into(),
            press: true,
            lag: None,
        },
    ));
    assert!(!early.accepted());
    // an opening that is not the sealed move is refused and changes nothing
    // (apart from the time that passes)
    let mut before = game.clone();
    before.advance(Instant(102_000));
    for (text, salt) in [
        ("c6", salt.clone()),
        ("c5", Salt([43; 32])),
        ("c5 ", salt.clone()),
    ] {
        let wrong = game.apply(&ev(
            102_000,
            Actor::Arbiter,
            Action::Open {
                text: text.into(),
                salt,
            },
        ));
        match &wrong.acceptance {
            Acceptance::Refused(d) => assert_eq!(d.note, Note::OpeningMismatch),
            Acceptance::Accepted => panic!("{text:?} opened a commitment to c5"),
        }
        assert!(game.same_state(&before));
    }
    // the right one: the move is judged, played, and White's clock starts now
    let opened = game.apply(&ev(
        103_000,
        Actor::Arbiter,
        Action::Open {
            text: "c5".into(),
            salt,
        },
    ));
    assert!(opened.accepted());
    assert!(opened.decisions.iter().any(
        |d| matches!(&d.note, Note::SealedMovePlayed { side: Color::Black, text } if text == "c5")
    ));
    assert_eq!(game.state(), State::Playing);
    assert_eq!(
        game.adjournment(),
        Some(AdjournmentPhase::Resumed {
            sealer: Color::Black,
            opened: true
        })
    );
    assert_eq!(game.clock().running(), Some(Color::White));
    assert_eq!(game.moves().len(), 2);
    // and nothing is left to open
    let again = game.apply(&ev(
        104_000,
        Actor::Arbiter,
        Action::Open {
            text: "c5".into(),
            salt: Salt([42; 32]),
        },
    ));
    assert!(
        matches!(&again.acceptance, Acceptance::Refused(d) if d.note == Note::NothingToOpen && d.note.decision() == DecisionKind::Refused)
    );
}

#[test]
fn a_committed_seal_is_judged_like_a_written_one() {
    // an illegal sealed move loses (A8), opened from a commitment or not
    let salt = Salt([7; 32]);
    let mut by_text = adjourned("Ke2".into());
    let mut by_commitment = adjourned(Sealed::Committed(Commitment::of(&salt, "Ke2")));
    for game in [&mut by_text, &mut by_commitment] {
        for side in [Color::White, Color::Black] {
            game.apply(&ev(100_000, Actor::Player(side), Action::Arrive));
        }
        game.apply(&ev(100_000, Actor::Arbiter, Action::Resume));
    }
    by_commitment.apply(&ev(
        100_000,
        Actor::Arbiter,
        Action::Open {
            text: "Ke2".into(),
            salt,
        },
    ));
    assert!(by_text.outcome().is_some());
    assert_eq!(by_text.outcome(), by_commitment.outcome());
}

#[test]
fn debug_never_shows_a_sealed_move() {
    let game = adjourned("Qxf7".into());
    assert_eq!(
        game.sealed_move(),
        Some("Qxf7"),
        "the arbiter may read it to seal an envelope"
    );
    let shown = format!("{game:?}");
    assert!(!shown.contains("Qxf7"), "{shown}");
    let event = ev(1, Actor::Player(Color::Black), Action::Seal("Qxf7".into()));
    assert!(!format!("{event:?}").contains("Qxf7"));
}
