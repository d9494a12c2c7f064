//! The read model answers without advancing the game.

use arbitre_laws::{Action, Actor, ClaimKind, EditionId, Event, Game, Instant, Setup};
use shakmaty::Color;

fn mv(t: i64, side: Color, text: &str) -> Event {
    Event {
        t: Instant(t),
        by: Actor::Player(side),
        action: Action::Move {
            text: text.into(),
            press: true,
            lag: None,
        },
    }
}

#[test]
fn repetitions_and_the_threefold_claim() {
    let mut s = Setup::new(EditionId::Fide2023);
    s.time_control = "5400".parse().unwrap();
    let mut game = Game::new(s).unwrap();
    assert_eq!(game.repetitions(), 1);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut t = 0;
    let mut seen = Vec::new();
    for round in 0..2 {
        for (i, m) in shuffle.iter().enumerate() {
            t += 1000;
            let side = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            // the second time round, Black may claim with Ng8 written
            // (9.2.1.1) before playing it: the initial position would stand
            // for the third time; nobody could claim a move earlier
            if round == 1 && i == 3 {
                assert!(game.can_claim(Color::Black, ClaimKind::Threefold));
                assert!(!game.can_claim(Color::White, ClaimKind::Threefold));
            }
            if round == 1 && i == 2 {
                assert!(!game.can_claim(Color::White, ClaimKind::Threefold));
            }
            assert!(game.apply(&mv(t, side, m)).accepted());
            seen.push(game.repetitions());
        }
    }
    // the initial position stands again after each round: 2, then 3 times
    assert_eq!(seen, vec![1, 1, 1, 2, 2, 2, 2, 3]);
    // White is to move after Ng8, and may claim now (9.2.1.2)
    assert!(game.can_claim(Color::White, ClaimKind::Threefold));
    assert!(!game.can_claim(Color::White, ClaimKind::FiftyMoves));
    assert_eq!(game.claims(Color::White), vec![ClaimKind::Threefold]);
    assert!(game.claims(Color::Black).is_empty());
    // a pure query: the game did not move
    assert_eq!(game.now(), Instant(t));
    assert!(game.outcome().is_none());
}
