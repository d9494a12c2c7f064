//! Invariants of the engine, over random games and random event sequences:
//! clock conservation, replay = live, a refused event changes nothing, no
//! panic, and the dead-position skip agrees with testing every move.

use arbitre_laws::{
    clock::LedgerKind, edition::GameType, event::Judgment, game::DeadCheck, Action, Actor,
    ClaimKind, EditionId, Event, Game, Setup, TimeControl,
};
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Color, EnPassantMode, Position, Square};

/// One step of a random game: which action, a choice among legal moves, time passing.
#[derive(Clone, Debug)]
enum Step {
    Move {
        choice: usize,
        press: bool,
        san: bool,
    },
    Press,
    Offer,
    Accept,
    Decline,
    Claim(ClaimKind, Option<usize>),
    Resign,
    SetClocks(i64, i64),
    Garbage(String),
    /// A physically possible move chosen among all from-to pairs (mostly illegal).
    Physical(u8, u8, bool),
    Touch(u8),
    Ruling(u8),
    Adjourn,
    Seal(usize),
    Resume,
    Arrive,
    EnvelopeLost,
}

fn step() -> impl Strategy<Value = (Step, bool, i64)> {
    let action = prop_oneof![
        12 => (any::<usize>(), prop::bool::weighted(0.85), any::<bool>())
            .prop_map(|(choice, press, san)| Step::Move { choice, press, san }),
        2 => Just(Step::Press),
        1 => Just(Step::Offer),
        1 => Just(Step::Accept),
        1 => Just(Step::Decline),
        1 => (prop_oneof![
                Just(ClaimKind::Threefold),
                Just(ClaimKind::FiftyMoves),
                Just(ClaimKind::Flag),
                Just(ClaimKind::Quickplay),
                Just(ClaimKind::IllegalMove),
                Just(ClaimKind::TouchMove),
                Just(ClaimKind::InitialPosition),
                Just(ClaimKind::BoardOrientation),
                Just(ClaimKind::ClockSetting),
            ], prop::option::of(any::<usize>()))
            .prop_map(|(k, i)| Step::Claim(k, i)),
        1 => Just(Step::Resign).prop_filter("rare", |_| true),
        1 => (0i64..400_000, 0i64..400_000).prop_map(|(w, b)| Step::SetClocks(w, b)),
        1 => "[a-zA-Z0-9=+#x-]{0,8}".prop_map(Step::Garbage),
        2 => (any::<u8>(), any::<u8>(), any::<bool>()).prop_map(|(a, b, p)| Step::Physical(a, b, p)),
        1 => any::<u8>().prop_map(Step::Touch),
        1 => any::<u8>().prop_map(Step::Ruling),
        1 => Just(Step::Adjourn),
        1 => any::<usize>().prop_map(Step::Seal),
        1 => Just(Step::Resume),
        2 => Just(Step::Arrive),
        1 => Just(Step::EnvelopeLost),
    ];
    // whether the actor is the side to move; milliseconds that pass
    (action, prop::bool::weighted(0.9), 0i64..30_000)
}

fn edition() -> impl Strategy<Value = EditionId> {
    prop_oneof![
        Just(EditionId::Fide1930),
        Just(EditionId::Fide2001),
        Just(EditionId::Fide2005),
        Just(EditionId::Fide2023),
    ]
}

fn time_control() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("60"),
        Just("180+2"),
        Just("900+10"),
        Just("2/60:30"),
        Just("40/5400+30:1800+30"),
        Just("120d5"),
        Just("120b5"),
        Just("-"),
    ]
}

/// Turns random steps into concrete events, following the game as it goes.
fn events(setup: &Setup, steps: &[(Step, bool, i64)]) -> Vec<Event> {
    let mut game = Game::new(setup.clone()).expect("setup");
    let mut t = 0;
    let mut out = Vec::new();
    for (i, (step, to_move, dt)) in steps.iter().enumerate() {
        t += dt;
        let turn = game.position().turn();
        let side = if *to_move { turn } else { !turn };
        let legal = game.position().legal_moves();
        let action = match step {
            Step::Move { choice, press, san } => {
                if legal.is_empty() {
                    Action::Resign
                } else {
                    let m = legal[choice % legal.len()];
                    let text = if *san {
                        shakmaty::san::San::from_move(game.position(), m).to_string()
                    } else {
                        m.to_uci(CastlingMode::Standard).to_string()
                    };
                    Action::Move {
                        text,
                        press: *press,
                    }
                }
            }
            Step::Press => Action::Press,
            Step::Offer => Action::OfferDraw,
            Step::Accept => Action::AcceptDraw,
            Step::Decline => Action::DeclineDraw,
            Step::Claim(kind, intended) => Action::Claim {
                kind: *kind,
                intended: intended.filter(|_| !legal.is_empty()).map(|k| {
                    shakmaty::san::San::from_move(game.position(), legal[k % legal.len()])
                        .to_string()
                }),
            },
            Step::Resign => Action::Resign,
            Step::SetClocks(w, b) => Action::SetClocks {
                white: *w,
                black: *b,
            },
            Step::Garbage(s) => Action::Move {
                text: s.clone(),
                press: true,
            },
            Step::Physical(a, b, press) => {
                let own: Vec<Square> = game.position().board().by_color(side).into_iter().collect();
                let from = own[*a as usize % own.len()];
                let to = Square::new(u32::from(*b) % 64);
                Action::Move {
                    text: format!("{from}{to}"),
                    press: *press,
                }
            }
            Step::Touch(sq) => Action::Touch(Square::new(u32::from(*sq) % 64)),
            Step::Ruling(r) => Action::Ruling(match r % 3 {
                0 => Judgment::Draw,
                1 => Judgment::Postpone,
                _ => Judgment::Reject,
            }),
            Step::Adjourn => Action::Adjourn {
                resume_at: "tomorrow".into(),
                place: "here".into(),
            },
            Step::Seal(k) => Action::Seal(if legal.is_empty() {
                "Zz9".into()
            } else {
                legal[k % legal.len()]
                    .to_uci(CastlingMode::Standard)
                    .to_string()
            }),
            Step::Resume => Action::Resume,
            Step::Arrive => Action::Arrive,
            Step::EnvelopeLost => Action::EnvelopeLost,
        };
        let by = if matches!(
            action,
            Action::SetClocks { .. }
                | Action::Ruling(_)
                | Action::Adjourn { .. }
                | Action::Resume
                | Action::EnvelopeLost
        ) {
            Actor::Arbiter
        } else {
            Actor::Player(side)
        };
        let event = Event { t, by, action };
        game.apply(i, &event);
        out.push(event);
    }
    out
}

fn setup(edition: EditionId, tc: &str, start: Chess) -> Setup {
    let mut s = Setup::new(edition);
    s.time_control = tc.parse::<TimeControl>().expect("time control");
    s.start = start;
    s
}

fn start() -> impl Strategy<Value = Chess> {
    prop_oneof![
        4 => Just(String::new()),
        1 => Just("8/2k5/8/3p4/3P4/8/2K1B3/8 w - - 0 1".to_string()),
        1 => Just("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1".to_string()),
        1 => Just("8/8/4k3/8/8/4K3/R7/8 w - - 140 120".to_string()),
        1 => Just("4k3/8/8/8/8/8/4p3/4K2N w - - 0 1".to_string()),
    ]
    .prop_map(|fen| {
        if fen.is_empty() {
            Chess::default()
        } else {
            fen.parse::<Fen>()
                .expect("fen")
                .into_position(CastlingMode::Standard)
                .expect("legal")
        }
    })
}

fn fingerprint(game: &Game) -> String {
    format!(
        "{} | {:?} | {} {} | {:?} | {}",
        Fen::from_position(game.position(), EnPassantMode::Legal),
        game.outcome(),
        game.clock().remaining(Color::White),
        game.clock().remaining(Color::Black),
        game.clock().running(),
        game.moves().len(),
    )
}

fn conserved(game: &Game) -> Result<(), TestCaseError> {
    for side in Color::ALL {
        let t = game.clock().totals(side);
        let remaining = game.clock().remaining(side);
        prop_assert_eq!(
            t.used + remaining,
            t.allotted + t.increments + t.adjustments,
            "clock conservation for {:?}: {:?}, remaining {}",
            side,
            t,
            remaining
        );
        prop_assert!(remaining >= 0, "remaining time below zero");
    }
    // the ledger is the whole story: its sums are the totals
    let mut sums = [0i64; 2];
    for e in game.clock().ledger() {
        let i = if e.side == Color::White { 0 } else { 1 };
        sums[i] += if e.kind == LedgerKind::Used {
            -(e.ms as i64)
        } else {
            e.ms as i64
        };
    }
    for (i, side) in Color::ALL.into_iter().enumerate() {
        let running_unposted = game.clock().totals(side).used - ledger_used(game, side);
        prop_assert_eq!(sums[i] - running_unposted, game.clock().remaining(side));
    }
    Ok(())
}

fn ledger_used(game: &Game, side: Color) -> i64 {
    game.clock()
        .ledger()
        .filter(|e| e.side == side && e.kind == LedgerKind::Used)
        .map(|e| e.ms as i64)
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// used + remaining = allotted + increments + adjustments, at every step.
    #[test]
    fn clock_conservation(ed in edition(), tc in time_control(), pos in start(), steps in prop::collection::vec(step(), 0..120)) {
        let s = setup(ed, tc, pos);
        let evs = events(&s, &steps);
        let mut game = Game::new(s).expect("setup");
        conserved(&game)?;
        for (i, e) in evs.iter().enumerate() {
            game.apply(i, e);
            conserved(&game)?;
            game.advance(e.t + 500);
            conserved(&game)?;
        }
    }

    /// A live game, whose time is advanced between events (as a server's
    /// ticks would), ends in the same state as a replay of its event log.
    #[test]
    fn replay_reproduces_live(ed in edition(), tc in time_control(), pos in start(), steps in prop::collection::vec(step(), 0..120), ticks in prop::collection::vec(0i64..20_000, 0..8)) {
        let s = setup(ed, tc, pos);
        let evs = events(&s, &steps);
        let mut live = Game::new(s.clone()).expect("setup");
        let mut replay = Game::new(s).expect("setup");
        for (i, e) in evs.iter().enumerate() {
            for &tick in &ticks {
                let at = live.now() + tick / 8;
                if at <= e.t {
                    live.advance(at);
                }
            }
            live.apply(i, e);
            replay.apply(i, e);
        }
        let end = evs.last().map_or(0, |e| e.t) + 60_000;
        live.advance(end);
        replay.advance(end);
        prop_assert_eq!(fingerprint(&live), fingerprint(&replay));
        prop_assert_eq!(live.scoresheet(), replay.scoresheet());
        let a: Vec<_> = live.log().iter().map(|d| (d.t, d.event, d.article, d.note.clone())).collect();
        let b: Vec<_> = replay.log().iter().map(|d| (d.t, d.event, d.article, d.note.clone())).collect();
        prop_assert_eq!(a, b);
    }

    /// A refused event changes nothing but the time and the log.
    #[test]
    fn refusal_changes_nothing(ed in edition(), tc in time_control(), pos in start(), steps in prop::collection::vec(step(), 0..100)) {
        let s = setup(ed, tc, pos);
        let evs = events(&s, &steps);
        let mut game = Game::new(s).expect("setup");
        for (i, e) in evs.iter().enumerate() {
            let mut before = game.clone();
            before.advance(e.t);
            let log_len = game.log().len();
            game.apply(i, e);
            let new: Vec<_> = game.log()[log_len..].iter().collect();
            let refused = new.len() == 1 && new[0].note.decision() == "refused";
            if refused {
                prop_assert_eq!(fingerprint(&before), fingerprint(&game));
                prop_assert_eq!(before.scoresheet(), game.scoresheet());
            }
        }
    }

    /// Random legal games never panic and always end in a coherent state.
    #[test]
    fn random_legal_games_never_panic(ed in edition(), pos in start(), choices in prop::collection::vec(any::<usize>(), 0..300)) {
        let mut s = setup(ed, "-", pos);
        s.game_type = Some(GameType::Standard);
        let mut game = Game::new(s).expect("setup");
        for (i, c) in choices.iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.position().legal_moves();
            prop_assert!(!legal.is_empty(), "a position without moves must have ended the game");
            game.play_move(i, i as i64 * 1000, legal[c % legal.len()]);
        }
        if let Some(o) = game.outcome() {
            prop_assert!(!o.article.is_empty());
        }
    }

    /// Testing for a dead position only after irreversible moves (the
    /// default) decides every game exactly as testing after every move, from
    /// the initial position and from endgames with locked pawns.
    #[test]
    fn dead_position_skip_agrees_with_every_move(pos in prop_oneof![start(), endgame_start()], choices in prop::collection::vec(any::<usize>(), 0..200)) {
        let mut a = setup(EditionId::Fide2023, "-", pos.clone());
        a.dead_check = DeadCheck::AfterIrreversible;
        let mut b = setup(EditionId::Fide2023, "-", pos);
        b.dead_check = DeadCheck::EveryMove;
        let mut ga = Game::new(a).expect("setup");
        let mut gb = Game::new(b).expect("setup");
        for (i, c) in choices.iter().enumerate() {
            if gb.outcome().is_some() {
                break;
            }
            let legal = gb.position().legal_moves();
            let m = legal[c % legal.len()];
            ga.play_move(i, 0, m);
            gb.play_move(i, 0, m);
            prop_assert_eq!(ga.outcome(), gb.outcome(), "after {} moves: {}", i + 1, Fen::from_position(gb.position(), EnPassantMode::Legal));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A replay that holds each next move lets it stand for the checkmate
    /// and stalemate test (`play_san_continued`): it decides every game as
    /// testing after every move does, the last move being tested.
    #[test]
    fn continued_replay_decides_as_testing_every_move(
        pos in prop_oneof![start(), endgame_start(), mating_start()],
        choices in prop::collection::vec(any::<usize>(), 0..200),
        ed in edition(),
    ) {
        let mut record = Vec::new();
        let mut p = pos.clone();
        for c in choices {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[c % legal.len()];
            record.push(San::from_move(&p, m));
            p.play_unchecked(m);
        }
        let mut ga = Game::new(setup(ed, "-", pos.clone())).expect("setup");
        let mut gb = Game::new(setup(ed, "-", pos)).expect("setup");
        for (i, san) in record.iter().enumerate() {
            ga.play_san(i, 0, san);
            if i + 1 < record.len() {
                gb.play_san_continued(i, 0, san);
            } else {
                gb.play_san(i, 0, san);
            }
            prop_assert_eq!(ga.outcome(), gb.outcome(), "after {} moves", i + 1);
            prop_assert_eq!(ga.log(), gb.log());
        }
    }
}

fn mating_start() -> impl Strategy<Value = Chess> {
    one_of(&[
        "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "7k/8/6K1/8/8/8/8/1B5B w - - 0 1",
    ])
}

/// One of the positions given as FENs.
fn one_of(fens: &'static [&'static str]) -> impl Strategy<Value = Chess> {
    prop::sample::select(fens).prop_map(|fen| {
        fen.parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal")
    })
}

fn endgame_start() -> impl Strategy<Value = Chess> {
    one_of(&[
        "8/2k5/8/3p4/3P4/8/2K1B3/8 w - - 0 1",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K6 w - - 0 1",
        "2k5/8/1p1p1p1p/1P1P1P1P/8/8/8/2K1B3 w - - 0 1",
        "r3k3/pp3ppp/8/8/8/8/PP3PPP/4K2R w - - 0 1",
        "4k3/3p1p2/3P1P2/8/8/8/8/4K2N w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1",
    ])
}
