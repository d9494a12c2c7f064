//! Times at the edges of the range the engine accepts, and the "can this side
//! checkmate" question left undecided: no panic, no wrapping arithmetic, no
//! guess.

use arbitre_laws::{
    clock::MAX_MILLIS,
    event::Judgment,
    game::{Acceptance, MateAnswer, MateVerdict, Regulations, SetupError},
    Action, Actor, ClaimKind, DecisionKind, EditionId, Event, Game, GameResult, Instant, Ruling,
    Setup, State, Termination,
};
use shakmaty::{fen::Fen, ByColor, CastlingMode, Chess, Color};

fn setup(edition: EditionId, tc: &str) -> Setup {
    let mut s = Setup::new(edition);
    s.time_control = tc.parse().expect("time control");
    s
}

fn ev(t: i64, by: Actor, action: Action) -> Event {
    Event {
        t: Instant(t),
        by,
        action,
    }
}

fn white() -> Actor {
    Actor::Player(Color::White)
}

#[test]
fn setup_times_beyond_a_year_are_errors() {
    let mut s = setup(EditionId::Fide2023, "5400");
    s.clocks = Some(ByColor {
        white: MAX_MILLIS + 1,
        black: 0,
    });
    assert!(matches!(
        Game::new(s),
        Err(SetupError::Time {
            what: "clocks.white",
            ..
        })
    ));
    let mut s = setup(EditionId::Fide2005, "5400");
    s.session_end = Some(Instant(-1));
    assert!(matches!(
        Game::new(s),
        Err(SetupError::Time {
            what: "session_end",
            ..
        })
    ));
    let mut s = setup(EditionId::Fide2005, "5400");
    s.regulations.late_limit_ms = Some(i64::MAX);
    assert!(Game::new(s).is_err());
}

#[test]
fn events_beyond_a_year_are_refused_and_change_nothing() {
    for event in [
        ev(MAX_MILLIS + 1, white(), Action::Resign),
        ev(i64::MAX, white(), Action::Resign),
        ev(-5, white(), Action::Resign),
        ev(
            1_000,
            Actor::Arbiter,
            Action::SetClocks {
                white: i64::MAX,
                black: 0,
            },
        ),
        ev(
            1_000,
            Actor::Arbiter,
            Action::SetClocks {
                white: 0,
                black: i64::MIN,
            },
        ),
    ]
    .iter()
    {
        let mut game = Game::new(setup(EditionId::Fide2023, "180+2")).expect("setup");
        let before = game.clone();
        game.apply(event);
        assert!(game.same_state(&before), "{event:?}");
        assert_eq!(game.log().len(), 1);
        assert_eq!(game.log()[0].article, None);
        assert_eq!(game.log()[0].note.decision(), DecisionKind::Refused);
    }
}

#[test]
fn extreme_clocks_then_a_penalty_neither_panic_nor_wrap() {
    for edition in EditionId::ALL {
        let mut game = Game::new(setup(edition, "40/5400+30:1800+30")).expect("setup");
        game.apply(&ev(
            1,
            Actor::Arbiter,
            Action::SetClocks {
                white: MAX_MILLIS,
                black: MAX_MILLIS,
            },
        ));
        // an incorrect claim: the opponent's bonus would pass the bound
        game.apply(&ev(
            2,
            white(),
            Action::Claim {
                kind: ClaimKind::Threefold,
                intended: None,
            },
        ));
        for side in Color::ALL {
            let left = game.clock().remaining(side);
            assert!((0..=MAX_MILLIS).contains(&left), "{edition}: {left}");
        }
        // the flag falls a year later, exactly when the time runs out
        game.advance(Instant(MAX_MILLIS));
        game.advance(Instant(MAX_MILLIS));
        let fallen = game.clock().fallen(Color::White);
        assert!(
            fallen.is_none() || fallen <= Some(Instant(MAX_MILLIS)),
            "{fallen:?}"
        );
    }
}

#[test]
fn a_flag_near_the_bound_falls_at_the_right_moment() {
    let mut s = setup(EditionId::Fide2023, "5400");
    s.clocks = Some(ByColor {
        white: MAX_MILLIS,
        black: MAX_MILLIS,
    });
    let mut game = Game::new(s).expect("setup");
    game.advance(Instant(MAX_MILLIS));
    assert_eq!(game.clock().fallen(Color::White), Some(Instant(MAX_MILLIS)));
    assert_eq!(game.state(), State::Finished);
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::TimeForfeit)
    );
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("fen")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

/// A position where whether White can still mate takes a real search: a
/// budget of one node leaves it undecided.
const OPEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 5 4";

fn undecided() -> Regulations {
    Regulations {
        mate_search_nodes: Some(1),
        ..Regulations::default()
    }
}

#[test]
fn an_undecided_resignation_waits_for_the_arbiter() {
    let mut s = setup(EditionId::Fide2023, "5400");
    s.start = position(OPEN);
    s.regulations = undecided();
    let mut game = Game::new(s.clone()).expect("setup");
    let resigned = game.apply(&ev(10, Actor::Player(Color::Black), Action::Resign));
    let white = Ruling::Mate { side: Color::White };
    assert_eq!(game.state(), State::AwaitingRuling { what: white });
    assert_eq!(game.outcome(), None);
    assert_eq!(game.clock().running(), None);
    // the verdict the ruling rests on is a fact of the event
    assert!(resigned.accepted());
    assert_eq!(resigned.seq, Some(0));
    assert_eq!(resigned.verdicts.len(), 1);
    assert_eq!(resigned.verdicts[0].side, Color::White);
    assert_eq!(resigned.verdicts[0].answer, MateAnswer::Undecided);
    assert!(resigned.verdicts[0].nodes <= 2);
    // a move meanwhile is refused
    let refused = game.apply(&ev(
        20,
        Actor::Player(Color::Black),
        Action::Move {
            text: "Nxe4".into(),
            press: true,
            lag: None,
        },
    ));
    assert_eq!(refused.seq, Some(1));
    match &refused.acceptance {
        Acceptance::Refused(d) => {
            assert_eq!(d.event, Some(1));
            assert_eq!(d.note.decision(), DecisionKind::Refused);
        }
        Acceptance::Accepted => panic!("a move while a ruling is awaited is refused"),
    }
    assert_eq!(game.state(), State::AwaitingRuling { what: white });
    game.apply(&ev(30, Actor::Arbiter, Action::Ruling(Judgment::Reject)));
    let o = game.outcome().expect("ruled");
    assert_eq!(o.result, GameResult::WhiteWins);
    assert_eq!(o.termination, Termination::Resignation);
    // with chasolver's own budget the answer is known: a loss
    s.regulations = Regulations::default();
    let mut game = Game::new(s).expect("setup");
    game.apply(&ev(10, Actor::Player(Color::Black), Action::Resign));
    assert_eq!(
        game.outcome().map(|o| o.result),
        Some(GameResult::WhiteWins)
    );
}

/// A stored game's verdict is used on replay instead of searching again:
/// supplied an answer the search would not give, the replay follows the
/// record (which is how a changed solver cannot change a finished game).
#[test]
fn a_recorded_verdict_is_reused_not_searched_again() {
    let mut s = setup(EditionId::Fide2023, "5400");
    s.start = position(OPEN);
    let resign = ev(10, Actor::Player(Color::Black), Action::Resign);
    let mut live = Game::new(s.clone()).expect("setup");
    let searched = live.apply(&resign);
    assert_eq!(searched.verdicts[0].answer, MateAnswer::Can);
    assert!(searched.verdicts[0].nodes > 0);
    assert_eq!(
        live.outcome().map(|o| o.result),
        Some(GameResult::WhiteWins)
    );
    // the record says "cannot": the replay draws, as the record says
    let recorded = MateVerdict {
        side: Color::White,
        answer: MateAnswer::Cannot,
        nodes: 17,
    };
    let mut replay = Game::new(s.clone()).expect("setup");
    let reused = replay.apply_recorded(&resign, &[recorded]);
    assert_eq!(reused.verdicts, vec![recorded]);
    assert_eq!(replay.outcome().map(|o| o.result), Some(GameResult::Draw));
    // a record about the other side does not fit this ruling: searched
    let other = MateVerdict {
        side: Color::Black,
        ..recorded
    };
    let mut replay = Game::new(s).expect("setup");
    let searched_again = replay.apply_recorded(&resign, &[other]);
    assert_eq!(searched_again.verdicts, searched.verdicts);
    assert_eq!(
        replay.outcome().map(|o| o.result),
        Some(GameResult::WhiteWins)
    );
}

#[test]
fn an_undecided_flag_waits_for_the_arbiter() {
    let mut s = setup(EditionId::Fide2005, "5400");
    s.start = position(OPEN);
    s.regulations = undecided();
    let mut game = Game::new(s).expect("setup");
    let fell = game.advance(Instant(5_401_000));
    assert_eq!(fell.seq, None);
    assert_eq!(fell.verdicts.len(), 1);
    assert_eq!(
        game.state(),
        State::AwaitingRuling {
            what: Ruling::Mate { side: Color::White }
        }
    );
    game.apply(&ev(
        5_402_000,
        Actor::Arbiter,
        Action::Ruling(Judgment::Draw),
    ));
    let o = game.outcome().expect("ruled");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.termination, Termination::TimeForfeitDraw);
    assert_eq!(o.article, "6.10");
}

/// Found by the `events` fuzz target (crash-a4b9fee…): a 1930 odds game that
/// cedes the first move was given a history, which was read for the side
/// the odds no longer let move first and corrupted the board (a black knight
/// on g1, then a panic in the move generator). The receiver's series cannot
/// be written as alternating movetext: such a setup is an error.
#[test]
fn odds_with_a_history_is_a_setup_error() {
    let mut s = setup(EditionId::Fide1930, "-");
    s.history = Some("1. Nf3".into());
    s.odds = Some(arbitre_laws::game::Odds {
        receiver: Color::Black,
        moves: 1,
        cede_first_move: true,
    });
    assert!(matches!(Game::new(s), Err(SetupError::Odds(_))));
}

/// The read model answers without changing the game.
#[test]
fn the_read_model_is_pure() {
    let mut game = Game::new(setup(EditionId::Fide2023, "5400")).expect("setup");
    game.apply(&ev(
        10_000,
        white(),
        Action::Move {
            text: "e4".into(),
            press: true,
            lag: None,
        },
    ));
    let before = game.clone();
    // Black's clock runs from 10 s: at 70 s he has a minute less
    let at = game.remaining_at(Instant(70_000));
    assert_eq!(at.black, 5_400_000 - 60_000);
    assert_eq!(at.white, 5_400_000 - 10_000);
    // his flag is the next thing that happens by itself
    assert_eq!(game.next_deadline(), Some(Instant(10_000 + 5_400_000)));
    assert_eq!(game.pending_offer(), None);
    assert_eq!(game.unpressed(), None);
    assert_eq!(game.allowed_moves().len(), 20);
    assert!(game.same_state(&before) && game.log() == before.log());
    // a touch binds: only the touched knight's moves are allowed
    game.apply(&ev(
        20_000,
        Actor::Player(Color::Black),
        Action::Touch(shakmaty::Square::G8),
    ));
    assert_eq!(game.allowed_moves().len(), 2);
}

/// A player absent at a resumption is late just after the limit: that is
/// the next deadline, and the game decides it when time gets there.
#[test]
fn the_next_deadline_is_the_lateness_limit() {
    let mut s = setup(EditionId::Fide2005, "7200");
    s.regulations.late_limit_ms = Some(600_000);
    let mut game = Game::new(s).expect("setup");
    let events = [
        ev(
            1_000,
            white(),
            Action::Move {
                text: "e4".into(),
                press: true,
                lag: None,
            },
        ),
        ev(
            2_000,
            Actor::Arbiter,
            Action::Adjourn {
                resume_at: "tomorrow".into(),
                place: "here".into(),
            },
        ),
        ev(
            3_000,
            Actor::Player(Color::Black),
            Action::Seal("c5".into()),
        ),
        ev(100_000, Actor::Player(Color::Black), Action::Arrive),
        ev(200_000, Actor::Arbiter, Action::Resume),
    ];
    for e in events.iter() {
        game.apply(e);
    }
    // White (who must reply) is absent: his clock runs; he is late after 600 s
    let deadline = game.next_deadline().expect("a deadline");
    assert_eq!(deadline, Instant(200_000 + 600_000 + 1));
    game.advance(deadline);
    assert_eq!(
        game.outcome().map(|o| o.result),
        Some(GameResult::BlackWins)
    );
}
