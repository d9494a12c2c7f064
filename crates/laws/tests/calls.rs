//! A move refused while the clocks are stopped says why: for a player's
//! call not answered yet, the call; once the arbiter has answered it (the
//! clocks stay stopped until he restarts them) or when he stopped them
//! himself, the arbiter.

use arbitre_laws::{Action, Actor, EditionId, Event, Game, Instant, Note, Setup};
use shakmaty::Color;

fn at(t: i64, by: Actor, action: Action) -> Event {
    Event {
        t: Instant(t),
        by,
        action,
    }
}

fn mv(t: i64, side: Color, text: &str) -> Event {
    let action = Action::Move {
        text: text.into(),
        press: true,
        lag: None,
    };
    at(t, Actor::Player(side), action)
}

/// The note of the refusal of a move made at `t`.
fn refusal(game: &mut Game, t: i64) -> Note {
    let applied = game.apply(&mv(t, Color::White, "Nf3"));
    assert!(!applied.accepted(), "{applied:?}");
    applied.decisions.last().expect("a decision").note.clone()
}

#[test]
fn a_move_refused_during_a_call_names_the_call() {
    let mut setup = Setup::new(EditionId::Fide2023);
    setup.time_control = "5400".parse().unwrap();
    // (a game of a scenario file: started, White's clock running)
    let mut game = Game::new(setup).unwrap();
    assert!(game.apply(&mv(10_000, Color::White, "e4")).accepted());
    assert!(game.apply(&mv(20_000, Color::Black, "e5")).accepted());
    // Black calls: both clocks stop (2023 6.11.2)
    let call = at(30_000, Actor::Player(Color::Black), Action::CallArbiter);
    assert!(game.apply(&call).accepted());
    assert_eq!(
        refusal(&mut game, 40_000),
        Note::ClocksStoppedForCall(Color::Black)
    );
    // answered, the clocks still stopped: the arbiter restarts them
    let answer = Action::AnswerCall(Some(Color::Black));
    assert!(game.apply(&at(50_000, Actor::Arbiter, answer)).accepted());
    assert_eq!(refusal(&mut game, 60_000), Note::ClocksStoppedByArbiter);
    assert!(game
        .apply(&at(70_000, Actor::Arbiter, Action::RestartClocks))
        .accepted());
    assert!(game.apply(&mv(80_000, Color::White, "Nf3")).accepted());
    // stopped by the arbiter himself
    assert!(game
        .apply(&at(90_000, Actor::Arbiter, Action::StopClocks))
        .accepted());
    let applied = game.apply(&mv(100_000, Color::Black, "Nc6"));
    assert_eq!(
        applied.decisions.last().map(|d| d.note.clone()),
        Some(Note::ClocksStoppedByArbiter)
    );
}
