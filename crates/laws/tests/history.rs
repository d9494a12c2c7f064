//! The `history` of a setup is judged as the same moves made in events:
//! random legal games, given once as the setup's movetext and once as moves
//! at t = 0, 1, 2…, end the same way (result, termination, article), in the
//! same position, with the same scoresheet and the same moves counted by the
//! clock; from the initial position, endgames, mating positions, and 2023
//! starts close to the 75-move rule, with repetitions made on purpose so
//! that fivefold repetitions happen.

use arbitre_laws::{Action, Actor, EditionId, Event, Game, Instant, Setup, TimeControl};
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Color, EnPassantMode, Move, Position};

/// A part of a random line: one random move, or a shuffle of one piece of
/// each side back and forth, repeated (a repetition made on purpose).
#[derive(Clone, Debug)]
enum Part {
    Random(usize),
    Shuffle {
        first: usize,
        second: usize,
        times: u8,
    },
}

fn part() -> impl Strategy<Value = Part> {
    prop_oneof![
        6 => any::<usize>().prop_map(Part::Random),
        1 => (any::<usize>(), any::<usize>(), 1u8..6)
            .prop_map(|(first, second, times)| Part::Shuffle { first, second, times }),
    ]
}

/// A start position, shown as its FEN in a failing case.
#[derive(Clone)]
struct Start(Chess);

impl std::fmt::Debug for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "\"{}\"",
            Fen::from_position(&self.0, EnPassantMode::Legal)
        )
    }
}

fn one_of(fens: &'static [&'static str]) -> impl Strategy<Value = Start> {
    prop::sample::select(fens).prop_map(|fen| {
        Start(
            fen.parse::<Fen>()
                .expect("fen")
                .into_position(CastlingMode::Standard)
                .expect("legal"),
        )
    })
}

fn endgame_start() -> impl Strategy<Value = Start> {
    one_of(&[
        "8/2k5/8/3p4/3P4/8/2K1B3/8 w - - 0 1",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/1K6 w - - 0 1",
        "2k5/8/1p1p1p1p/1P1P1P1P/8/8/8/2K1B3 w - - 0 1",
        "r3k3/pp3ppp/8/8/8/8/PP3PPP/4K2R w - - 0 1",
        "4k3/3p1p2/3P1P2/8/8/8/8/4K2N w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1",
        "4k3/8/8/8/8/8/4p3/4K2N w - - 0 1",
    ])
}

fn mating_start() -> impl Strategy<Value = Start> {
    one_of(&[
        "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "7k/8/6K1/8/8/8/8/1B5B w - - 0 1",
    ])
}

/// Positions a few moves from the 75-move rule (2023 9.6.2).
fn seventy_five_start() -> impl Strategy<Value = Start> {
    one_of(&[
        "8/8/4k3/8/8/4K3/R7/8 w - - 140 120",
        "8/8/4k3/8/8/4K3/R7/8 w - - 149 120",
        "4k3/8/8/8/8/8/8/R3K3 b - - 148 80",
        "8/5k2/8/8/8/2K5/1Q6/8 w - - 147 100",
        "r3k3/8/8/8/8/8/8/4K2R b - - 145 90",
        "4k3/4p3/8/8/8/8/4P3/4K3 w - - 146 70",
    ])
}

fn start() -> impl Strategy<Value = Start> {
    prop_oneof![
        3 => Just(Start(Chess::default())),
        2 => endgame_start(),
        1 => mating_start(),
        2 => seventy_five_start(),
    ]
}

fn edition() -> impl Strategy<Value = EditionId> {
    prop_oneof![
        1 => Just(EditionId::Fide1930),
        1 => Just(EditionId::Fide2001),
        1 => Just(EditionId::Fide2005),
        3 => Just(EditionId::Fide2023),
    ]
}

/// A move that can be taken back by the reverse move: a piece (not a pawn,
/// not castling) going to an empty square.
fn reversible(pos: &Chess, m: &Move) -> bool {
    matches!(m, Move::Normal { role, capture: None, promotion: None, .. } if *role != shakmaty::Role::Pawn)
        && !pos.is_check()
}

/// The move back of a reversible move, if legal in `pos`.
fn back(pos: &Chess, m: &Move) -> Option<Move> {
    let from = m.from()?;
    pos.legal_moves()
        .into_iter()
        .find(|b| b.from() == Some(m.to()) && b.to() == from && b.promotion().is_none())
}

/// A legal line from `start`: random moves, and shuffles that repeat a
/// position. Stops where the side to move has no move.
fn line(start: &Chess, parts: &[Part]) -> Vec<Move> {
    let mut p = start.clone();
    let mut out = Vec::new();
    let play = |p: &mut Chess, out: &mut Vec<Move>, m: Move| {
        p.play_unchecked(m);
        out.push(m);
    };
    for part in parts {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        match part {
            Part::Random(c) => play(&mut p, &mut out, legal[c % legal.len()]),
            Part::Shuffle {
                first,
                second,
                times,
            } => {
                // one reversible move each whose reverses are legal in turn
                let mut found = None;
                let ours: Vec<Move> = legal
                    .iter()
                    .filter(|m| reversible(&p, m))
                    .copied()
                    .collect();
                'search: for k in 0..ours.len() {
                    let a = ours[(first + k) % ours.len()];
                    let mut q = p.clone();
                    q.play_unchecked(a);
                    let theirs: Vec<Move> = q
                        .legal_moves()
                        .into_iter()
                        .filter(|m| reversible(&q, m))
                        .collect();
                    for j in 0..theirs.len() {
                        let b = theirs[(second + j) % theirs.len()];
                        let mut r = q.clone();
                        r.play_unchecked(b);
                        let Some(a_back) = back(&r, &a) else { continue };
                        let mut s = r.clone();
                        s.play_unchecked(a_back);
                        let Some(b_back) = back(&s, &b) else { continue };
                        found = Some([a, b, a_back, b_back]);
                        break 'search;
                    }
                }
                match found {
                    Some(cycle) => {
                        for _ in 0..*times {
                            for m in cycle {
                                if !p.is_legal(m) {
                                    break;
                                }
                                play(&mut p, &mut out, m);
                            }
                        }
                    }
                    None => play(&mut p, &mut out, legal[first % legal.len()]),
                }
            }
        }
    }
    out
}

/// The line as PGN movetext, with move numbers.
fn movetext(start: &Chess, moves: &[Move]) -> String {
    let mut p = start.clone();
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        let n = p.fullmoves().get();
        if p.turn() == Color::White {
            text += &format!("{n}. ");
        } else if i == 0 {
            text += &format!("{n}... ");
        }
        text += &San::from_move(&p, *m).to_string();
        text.push(' ');
        p.play_unchecked(*m);
    }
    text
}

fn setup(ed: EditionId, start: &Chess) -> Setup {
    let mut s = Setup::new(ed);
    s.time_control = "-".parse::<TimeControl>().expect("time control");
    s.start = start.clone();
    s
}

/// The same line played once as the setup's history, once as events.
fn both(ed: EditionId, start: &Chess, moves: &[Move]) -> (Game, Game) {
    let mut with_history = setup(ed, start);
    with_history.history = Some(movetext(start, moves));
    let history = Game::new(with_history).expect("history");
    let mut events = Game::new(setup(ed, start)).expect("setup");
    let mut p = start.clone();
    for (i, m) in moves.iter().enumerate() {
        let event = Event {
            t: Instant(i as i64),
            by: Actor::Player(p.turn()),
            action: Action::Move {
                text: San::from_move(&p, *m).to_string(),
                press: true,
                lag: None,
            },
        };
        events.apply(&event);
        p.play_unchecked(*m);
    }
    (history, events)
}

fn fen(game: &Game) -> String {
    Fen::from_position(game.position(), EnPassantMode::Legal).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// 7. The same legal moves as history or as events: same outcome
    /// (result, termination, article), same final position, same scoresheet.
    #[test]
    fn history_is_judged_as_events(
        ed in edition(),
        Start(start) in start(),
        parts in prop::collection::vec(part(), 0..250),
    ) {
        let moves = line(&start, &parts);
        let (history, events) = both(ed, &start, &moves);
        prop_assert_eq!(history.outcome(), events.outcome(), "{}", movetext(&start, &moves));
        prop_assert_eq!(fen(&history), fen(&events));
        prop_assert_eq!(history.scoresheet(), events.scoresheet());
    }

    /// The clock counts the same moves for each player whether they were
    /// given as history or made in events, including a move that ends the
    /// game: it is completed without a press (2005 6.2a, 2023 6.2.1.1).
    #[test]
    fn every_move_played_is_counted_history_or_events(
        ed in edition(),
        Start(start) in start(),
        parts in prop::collection::vec(part(), 0..250),
    ) {
        let moves = line(&start, &parts);
        let (history, events) = both(ed, &start, &moves);
        prop_assert_eq!(history.moves(), events.moves());
        for side in Color::ALL {
            // the moves played (those after the end are refused), by side
            let first = if start.turn() == side { 0 } else { 1 };
            let played = (events.moves().len() + 1 - first) / 2;
            for (how, game) in [("history", &history), ("events", &events)] {
                prop_assert_eq!(
                    game.clock().moves(side) as usize,
                    played,
                    "moves counted for {:?} in the {} ({:?}): {}",
                    side,
                    how,
                    events.outcome().map(|o| o.termination),
                    movetext(&start, &moves)
                );
            }
        }
    }
}

/// The shuffles do reach a fivefold repetition (2023 9.6.1), and history
/// and events agree on it.
#[test]
fn a_shuffle_reaches_fivefold_repetition() {
    let start = Chess::default();
    let parts = [Part::Shuffle {
        first: 0,
        second: 0,
        times: 5,
    }];
    let moves = line(&start, &parts);
    assert_eq!(moves.len(), 20);
    let (history, events) = both(EditionId::Fide2023, &start, &moves);
    let outcome = events.outcome().expect("fivefold");
    assert_eq!(
        outcome.termination,
        arbitre_laws::Termination::FivefoldRepetition
    );
    assert_eq!(history.outcome(), Some(outcome));
    assert_eq!(history.scoresheet(), events.scoresheet());
}
