//! Invariants of the engine, over random games and random event sequences.
//!
//! Each property states something a wrong engine would break, checked
//! against values the test derives itself (from the events, the log and the
//! record), never against an identity the engine keeps by construction:
//!
//! 1. the clock's move counts are the moves completed on the record
//!    (history, presses, sealed moves, odds);
//! 2. the increments credited are those of the presses that earned one;
//! 3. the time each player used is the time his clock ran;
//! 4. an accepted press starts the opponent's clock, and in a game being
//!    played the clock of the side to move runs;
//! 5. a reinstated move takes back what its press credited;
//! 6. a refused event changes nothing in the complete state;
//!
//! and a replay of the log is the live game, no panic, the dead-position
//! skip agrees with testing every move. The random events cover every
//! edition, time controls with periods, increments and delays, histories,
//! odds (1930 art. 22), touches (at one instant or in order), illegal moves
//! and their claims, adjournments and their irregularities, arbiter
//! corrections to zero, and events at equal times. A failure shows the
//! events and the log.

use arbitre_laws::{
    clock::{Delay, LedgerKind},
    edition::GameType,
    event::{Judgment, Unrestorable},
    explain::{DecisionKind, Note},
    game::{DeadCheck, Odds},
    replay::FastReplay,
    Action, Actor, ClaimKind, EditionId, Event, Game, GameResult, Instant, Millis, Power, Setup,
    State, Termination, TimeControl,
};
use arbitre_laws::{
    event::Sealed,
    seal::{Commitment, Salt},
    Ruling,
};
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Color, EnPassantMode, Position, Square};

/// One step of a random game: which action(s), a choice among legal moves, time passing.
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
    /// The side to move touches pieces (own or not; at one instant or one
    /// after the other), then moves: the piece the touches bind, or another
    /// (a breach, enforced or left to the opponent's request), and the
    /// opponent may then claim touch-move.
    TouchThenMove {
        touches: Vec<(u8, bool)>,
        same_instant: bool,
        comply: bool,
        choice: usize,
        press: bool,
        claim: bool,
    },
    /// An illegal move made and pressed, then the opponent claims it.
    IllegalClaimed(u8, u8),
    Ruling(u8),
    Adjourn,
    Seal(usize),
    Resume,
    Arrive,
    EnvelopeLost,
    /// A whole adjournment: adjourn, seal a legal move, arrivals, resumption.
    /// The seal is only a commitment half of the time; the arbiter then
    /// opens the envelope (after a wrong opening, now and then).
    Adjournment {
        committed: bool,
        choice: usize,
        white_arrives: bool,
        black_arrives: bool,
    },
    Misrestored,
    Unrestorable(bool),
    /// The arbiter starts the game (absent: bit 0 White, bit 1 Black).
    Start(u8),
    StopClocks,
    RestartClocks,
    /// The arbiter adds or removes time (seconds, either side).
    AdjustTime(i64, i64),
    /// The arbiter declares a result (an index into the results).
    Declare(u8),
}

fn step() -> impl Strategy<Value = (Step, bool, i64)> {
    let action = prop_oneof![
        120 => (any::<usize>(), prop::bool::weighted(0.85), any::<bool>())
            .prop_map(|(choice, press, san)| Step::Move { choice, press, san }),
        20 => Just(Step::Press),
        10 => Just(Step::Offer),
        4 => Just(Step::Accept),
        10 => Just(Step::Decline),
        10 => (prop_oneof![
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
        1 => Just(Step::Resign),
        10 => (clock_time(), clock_time()).prop_map(|(w, b)| Step::SetClocks(w, b)),
        8 => "[a-zA-Z0-9=+#x-]{0,8}".prop_map(Step::Garbage),
        6 => (any::<u8>(), any::<u8>(), any::<bool>()).prop_map(|(a, b, p)| Step::Physical(a, b, p)),
        10 => any::<u8>().prop_map(Step::Touch),
        30 => (
                prop::collection::vec((any::<u8>(), prop::bool::weighted(0.8)), 1..4),
                any::<bool>(),
                prop::bool::weighted(0.4),
                any::<usize>(),
                prop::bool::weighted(0.85),
                prop::bool::weighted(0.6),
            )
            .prop_map(|(touches, same_instant, comply, choice, press, claim)| Step::TouchThenMove {
                touches,
                same_instant,
                comply,
                choice,
                press,
                claim,
            }),
        5 => (any::<u8>(), any::<u8>()).prop_map(|(a, b)| Step::IllegalClaimed(a, b)),
        8 => any::<u8>().prop_map(Step::Ruling),
        4 => Just(Step::Adjourn),
        4 => any::<usize>().prop_map(Step::Seal),
        4 => Just(Step::Resume),
        10 => Just(Step::Arrive),
        2 => Just(Step::EnvelopeLost),
        10 => (any::<bool>(), any::<usize>(), prop::bool::weighted(0.8), prop::bool::weighted(0.8))
            .prop_map(|(committed, choice, white_arrives, black_arrives)| Step::Adjournment {
                committed,
                choice,
                white_arrives,
                black_arrives,
            }),
        4 => Just(Step::Misrestored),
        1 => any::<bool>().prop_map(Step::Unrestorable),
        6 => any::<u8>().prop_map(Step::Start),
        3 => Just(Step::StopClocks),
        3 => Just(Step::RestartClocks),
        3 => (-300i64..300, -300i64..300).prop_map(|(w, b)| Step::AdjustTime(w, b)),
        1 => any::<u8>().prop_map(Step::Declare),
    ];
    // whether the actor is the side to move; milliseconds that pass (often none)
    (
        action,
        prop::bool::weighted(0.9),
        prop_oneof![2 => Just(0i64), 5 => 0i64..4_000, 1 => 0i64..30_000],
    )
}

/// A time the arbiter sets: often none left, or very little.
fn clock_time() -> impl Strategy<Value = Millis> {
    prop_oneof![1 => Just(0), 1 => 1i64..2_000, 3 => 0i64..400_000]
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
        Just("3/100+5:2/50+3"),
        Just("120d5"),
        Just("120b5"),
        Just("-"),
    ]
}

/// Turns random steps into concrete events, following the game as it goes.
fn events(setup: &Setup, steps: &[(Step, bool, i64)]) -> Vec<Event> {
    let mut game = Game::new(setup.clone()).expect("setup");
    let mut t = 0;
    let mut out: Vec<Event> = Vec::new();
    let push = |game: &mut Game, out: &mut Vec<Event>, t: Millis, by: Actor, action: Action| {
        let event = Event {
            t: Instant(t),
            by,
            action,
        };
        game.apply(&event);
        out.push(event);
    };
    let uci = |m: &shakmaty::Move| m.to_uci(CastlingMode::Standard).to_string();
    // the move and salt of a committed seal, for the arbiter who opens it
    let mut secret: Option<(String, Salt, bool)> = None;
    for (step, to_move, dt) in steps {
        t += dt;
        let turn = game.position().turn();
        let side = if *to_move { turn } else { !turn };
        let me = Actor::Player(side);
        let legal = game.position().legal_moves();
        let player = |action| (me, action);
        let arbiter = |action| (Actor::Arbiter, action);
        let (by, action) = match step {
            Step::Move { choice, press, san } => {
                if legal.is_empty() {
                    player(Action::Resign)
                } else {
                    let m = legal[choice % legal.len()];
                    let text = if *san {
                        San::from_move(game.position(), m).to_string()
                    } else {
                        uci(&m)
                    };
                    player(Action::Move {
                        text,
                        press: *press,
                        lag: None,
                    })
                }
            }
            Step::Press => player(Action::Press),
            Step::Offer => player(Action::OfferDraw),
            Step::Accept => player(Action::AcceptDraw),
            Step::Decline => player(Action::DeclineDraw),
            Step::Claim(kind, intended) => player(Action::Claim {
                kind: *kind,
                // the vocabulary writes an intended move only with a draw claim
                intended: intended
                    .filter(|_| !legal.is_empty())
                    .filter(|_| matches!(kind, ClaimKind::Threefold | ClaimKind::FiftyMoves))
                    .map(|k| San::from_move(game.position(), legal[k % legal.len()]).to_string()),
            }),
            Step::Resign => player(Action::Resign),
            Step::SetClocks(w, b) => arbiter(Action::SetClocks {
                white: *w,
                black: *b,
            }),
            Step::Garbage(s) => player(Action::Move {
                text: s.clone(),
                press: true,
                lag: None,
            }),
            Step::Physical(a, b, press) => player(physical(&game, side, *a, *b, *press)),
            Step::Touch(sq) => player(Action::Touch(Square::new(u32::from(*sq) % 64))),
            Step::TouchThenMove {
                touches,
                same_instant,
                comply,
                choice,
                press,
                claim,
            } => {
                let board = game.position().board().clone();
                let mut first_own = None;
                for (k, (sq, own)) in touches.iter().enumerate() {
                    let pieces: Vec<Square> = board
                        .by_color(if *own { turn } else { !turn })
                        .into_iter()
                        .collect();
                    let Some(&square) = pieces.get(*sq as usize % pieces.len().max(1)) else {
                        continue;
                    };
                    if *own && first_own.is_none() {
                        first_own = Some(square);
                    }
                    let at = if *same_instant { t } else { t + k as i64 * 700 };
                    push(
                        &mut game,
                        &mut out,
                        at,
                        Actor::Player(turn),
                        Action::Touch(square),
                    );
                }
                if !*same_instant {
                    t += touches.len() as i64 * 700;
                }
                let candidates: Vec<shakmaty::Move> = if *comply {
                    game.allowed_moves()
                } else {
                    let other: Vec<_> = legal
                        .iter()
                        .copied()
                        .filter(|m| m.from() != first_own)
                        .collect();
                    if other.is_empty() {
                        legal.iter().copied().collect()
                    } else {
                        other
                    }
                };
                if candidates.is_empty() {
                    continue;
                }
                let m = candidates[choice % candidates.len()];
                push(
                    &mut game,
                    &mut out,
                    t,
                    Actor::Player(turn),
                    Action::Move {
                        text: uci(&m),
                        press: *press,
                        lag: None,
                    },
                );
                if !*claim {
                    continue;
                }
                t += 1_000;
                (
                    Actor::Player(!turn),
                    Action::Claim {
                        kind: ClaimKind::TouchMove,
                        intended: None,
                    },
                )
            }
            Step::IllegalClaimed(a, b) => {
                let action = physical(&game, turn, *a, *b, true);
                push(&mut game, &mut out, t, Actor::Player(turn), action);
                t += 500;
                (
                    Actor::Player(!turn),
                    Action::Claim {
                        kind: ClaimKind::IllegalMove,
                        intended: None,
                    },
                )
            }
            Step::Ruling(r) => arbiter(Action::Ruling(match r % 3 {
                0 => Judgment::Draw,
                1 => Judgment::Postpone,
                _ => Judgment::Reject,
            })),
            Step::Adjourn => arbiter(Action::Adjourn {
                resume_at: "tomorrow".into(),
                place: "here".into(),
            }),
            Step::Seal(k) => player(Action::Seal(
                if legal.is_empty() {
                    "Zz9".to_owned()
                } else {
                    uci(&legal[k % legal.len()])
                }
                .as_str()
                .into(),
            )),
            Step::Resume => arbiter(Action::Resume),
            Step::Arrive => player(Action::Arrive),
            Step::EnvelopeLost => arbiter(Action::EnvelopeLost),
            Step::Adjournment {
                committed,
                choice,
                white_arrives,
                black_arrives,
            } => {
                push(
                    &mut game,
                    &mut out,
                    t,
                    Actor::Arbiter,
                    Action::Adjourn {
                        resume_at: "tomorrow".into(),
                        place: "here".into(),
                    },
                );
                let sealed = if legal.is_empty() {
                    "Zz9".into()
                } else {
                    uci(&legal[choice % legal.len()])
                };
                let seal = if *committed {
                    let salt = Salt([*choice as u8; 32]);
                    let commitment = Commitment::of(&salt, &sealed);
                    secret = Some((sealed, salt, choice % 3 == 0));
                    Sealed::Committed(commitment)
                } else {
                    sealed.as_str().into()
                };
                push(
                    &mut game,
                    &mut out,
                    t,
                    Actor::Player(turn),
                    Action::Seal(seal),
                );
                t += 60_000;
                for (side, arrives) in
                    [(Color::White, white_arrives), (Color::Black, black_arrives)]
                {
                    if *arrives {
                        push(&mut game, &mut out, t, Actor::Player(side), Action::Arrive);
                    }
                }
                arbiter(Action::Resume)
            }
            Step::Misrestored => arbiter(Action::Misrestored),
            Step::Start(mask) => arbiter(Action::Start {
                absent: Color::ALL
                    .into_iter()
                    .filter(|c| mask & (1 << (*c as u8)) != 0 && mask & 4 != 0)
                    .collect(),
            }),
            Step::StopClocks => arbiter(Action::StopClocks),
            Step::RestartClocks => arbiter(Action::RestartClocks),
            Step::AdjustTime(w, b) => arbiter(Action::AdjustTime {
                white: w * 1000,
                black: b * 1000,
                article: game.laws().clock_correction,
            }),
            Step::Declare(k) => {
                let results = GameResult::ALL;
                arbiter(Action::DeclareResult {
                    result: results[*k as usize % results.len()],
                    article: result_article(&game),
                })
            }
            Step::Unrestorable(position) => arbiter(Action::Unrestorable(if *position {
                Unrestorable::Position
            } else {
                Unrestorable::Times
            })),
        };
        push(&mut game, &mut out, t, by, action);
        // an envelope the game holds only as a commitment: the arbiter
        // opens it (with a wrong move first, now and then: refused)
        if let State::AwaitingRuling {
            what: Ruling::OpenEnvelope { .. },
        } = game.state()
        {
            if let Some((text, salt, wrong_first)) = secret.take() {
                if wrong_first {
                    let wrong = Action::Open {
                        text: format!("{text}x"),
                        salt: salt.clone(),
                    };
                    push(&mut game, &mut out, t, Actor::Arbiter, wrong);
                }
                push(
                    &mut game,
                    &mut out,
                    t,
                    Actor::Arbiter,
                    Action::Open { text, salt },
                );
            }
        }
    }
    out
}

/// Whether `side`'s claim of `kind`, made at `t` on a copy of `game`, is
/// found right.
fn claim_found_right(game: &Game, t: Instant, side: Color, kind: ClaimKind) -> bool {
    let right = |intended: Option<String>| {
        let mut g = game.clone();
        let applied = g.apply(&Event {
            t,
            by: Actor::Player(side),
            action: Action::Claim { kind, intended },
        });
        applied.decisions.iter().any(|d| match &d.note {
            Note::GameOver(o) => matches!(
                (kind, o.termination),
                (ClaimKind::Threefold, Termination::ThreefoldRepetition)
                    | (ClaimKind::FiftyMoves, Termination::FiftyMoves)
            ),
            Note::FlagClaimValid(_) => kind == ClaimKind::Flag,
            Note::IllegalClaimValid(_) => kind == ClaimKind::IllegalMove,
            Note::TouchMoveApplied(_) => kind == ClaimKind::TouchMove,
            Note::QuickplayClaim(_) | Note::QuickplayNoArbiter(_) => kind == ClaimKind::Quickplay,
            _ => false,
        })
    };
    match kind {
        ClaimKind::Threefold | ClaimKind::FiftyMoves => {
            right(None)
                || (game.position().turn() == side
                    && game
                        .allowed_moves()
                        .into_iter()
                        .any(|m| right(Some(m.to_uci(CastlingMode::Standard).to_string()))))
        }
        ClaimKind::InitialPosition | ClaimKind::BoardOrientation | ClaimKind::ClockSetting => false,
        _ => right(None),
    }
}

/// A move of one of `side`'s pieces to any square, in UCI (mostly illegal).
fn physical(game: &Game, side: Color, a: u8, b: u8, press: bool) -> Action {
    let own: Vec<Square> = game.position().board().by_color(side).into_iter().collect();
    let from = own[a as usize % own.len()];
    let to = Square::new(u32::from(b) % 64);
    Action::Move {
        text: format!("{from}{to}"),
        press,
        lag: None,
    }
}

/// An article under which the arbiter of `game`'s edition may declare a result.
fn result_article(game: &Game) -> &'static str {
    game.laws()
        .provisions()
        .find(|p| p.power.allows(Power::Result))
        .map(|p| p.article)
        .expect("every edition lets the arbiter declare a result")
}

fn setup(edition: EditionId, tc: &str, start: Chess) -> Setup {
    let mut s = Setup::new(edition);
    s.time_control = tc.parse::<TimeControl>().expect("time control");
    s.start = start;
    s
}

fn start() -> impl Strategy<Value = Chess> {
    prop_oneof![
        4 => Just(Chess::default()),
        1 => one_of(&[
            "8/2k5/8/3p4/3P4/8/2K1B3/8 w - - 0 1",
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "8/8/4k3/8/8/4K3/R7/8 w - - 140 120",
            "4k3/8/8/8/8/8/4p3/4K2N w - - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 40",
        ]),
    ]
}

/// A setup, shown in a failing case as what matters.
#[derive(Clone)]
struct Case(Setup);

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.0;
        write!(
            f,
            "{:?} {} \"{}\" history {:?} odds {:?}",
            s.edition,
            s.time_control,
            Fen::from_position(&s.start, EnPassantMode::Legal),
            s.history,
            s.odds
        )
    }
}

/// A setup over every edition and the time controls, with a history
/// (played before the clocks start) or, in 1930, odds (art. 22).
fn game_setup() -> impl Strategy<Value = Case> {
    (
        edition(),
        time_control(),
        start(),
        prop_oneof![2 => Just(0usize), 1 => 1usize..12],
        prop::collection::vec(any::<usize>(), 12),
        prop::option::weighted(0.5, (any::<bool>(), 1u32..=4, any::<bool>())),
    )
        .prop_map(|(ed, tc, pos, plies, choices, odds)| {
            let mut s = setup(ed, tc, pos);
            // a quarter of the games wait for the arbiter to start them
            s.arbiter_starts = choices[0] % 4 == 0;
            // some are played with no arbiter present (a claim waits for
            // the one it is referred to), some without the quickplay
            // guidelines announced
            s.regulations.arbiter_present = choices[1] % 5 != 0;
            s.regulations.quickplay_guidelines = choices[2] % 4 != 0;
            match odds.filter(|_| ed == EditionId::Fide1930) {
                Some((white, moves, cede_first_move)) => {
                    s.odds = Some(Odds {
                        receiver: if white { Color::White } else { Color::Black },
                        moves,
                        cede_first_move,
                    });
                    if Game::new(s.clone()).is_err() {
                        s.odds = None;
                    }
                }
                None => {
                    let record = random_line(&s.start, &choices[..plies]);
                    if !record.is_empty() {
                        s.history = Some(record.join(" "));
                    }
                }
            }
            Case(s)
        })
}

/// SAN of random legal moves from `start`, one per choice while moves exist.
fn random_line(start: &Chess, choices: &[usize]) -> Vec<String> {
    let mut p = start.clone();
    let mut line = Vec::new();
    for c in choices {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c % legal.len()];
        line.push(San::from_move(&p, m).to_string());
        p.play_unchecked(m);
    }
    line
}

/// The lines that differ between the complete states of two games, as
/// their debug forms show them (logs apart).
fn difference(a: &Game, b: &Game) -> String {
    let show = |g: &Game| {
        let text = format!("{g:#?}");
        // the log is compared on its own
        match text.find("    log: [") {
            Some(at) => text[..at].to_owned(),
            None => text,
        }
    };
    let (a, b) = (show(a), show(b));
    let lines: Vec<&str> = a.lines().collect();
    let mut out = String::new();
    let mut shown = 0;
    for (n, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            // the field names above the line say where it is
            let mut path = Vec::new();
            let mut indent = x.len() - x.trim_start().len();
            for l in lines[..n].iter().rev() {
                let i = l.len() - l.trim_start().len();
                if i < indent {
                    path.push(l.trim());
                    indent = i;
                }
            }
            path.reverse();
            out += &format!("{}\n  - {}\n  + {}\n", path.join(" "), x.trim(), y.trim());
            shown += 1;
        }
        if shown == 3 {
            // what follows may only be shifted
            break;
        }
    }
    out
}

fn idx(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Periods and increments credited to a player (the time the clock gave him).
fn credited(game: &Game, side: Color) -> Millis {
    let t = game.clock().totals(side);
    t.allotted + t.increments
}

/// The `Increment` entries of a player's ledger, net of reversals.
fn increment_entries(game: &Game, side: Color) -> Millis {
    game.clock()
        .ledger()
        .filter(|e| e.side == side && e.kind == LedgerKind::Increment)
        .map(|e| i64::from(e.ms))
        .sum()
}

/// Endings of the game by the move just made (2005 6.2a, 2023 6.2.1.1: such
/// a move is completed without a press).
fn ends_on_the_board(t: Termination) -> bool {
    matches!(
        t,
        Termination::Checkmate
            | Termination::Stalemate
            | Termination::DeadPosition
            | Termination::FivefoldRepetition
            | Termination::SeventyFiveMoves
    )
}

/// One half-move of the record, as the test follows it.
#[derive(Clone, Debug)]
struct Ply {
    by: Color,
    /// Completed: pressed, sealed, played in the history, ending the game
    /// (6.2.1.1), or followed by the opponent's move (the engine's reading:
    /// his clock ran until then, 6.2).
    done: bool,
    /// A move of the odds receiver's series before its last (1930 22.2):
    /// no press completes it alone.
    series: bool,
}

/// What the test expects of the clock, derived from the events and the
/// record alone.
#[derive(Clone, Debug)]
struct Model {
    plies: Vec<Ply>,
    odds: Option<Odds>,
    /// Increments earned by presses, per player.
    increments: [Millis; 2],
    /// A move made in an event ended the game: it is completed without a
    /// press (6.2.1.1), which the count check leaves to its own property.
    ended_by_move: bool,
}

impl Model {
    /// Moves completed by `side`, as counted for the time control: the odds
    /// count N for the receiver's series and for the giver's first move (22.3).
    fn count(&self, side: Color) -> u32 {
        let done = self.plies.iter().filter(|p| p.by == side && p.done).count() as u32;
        match self.odds {
            Some(o) if o.receiver != side && done > 0 => done + o.moves - 1,
            _ => done,
        }
    }

    fn pending(&self, side: Color) -> bool {
        self.plies.iter().any(|p| p.by == side && !p.done)
    }

    /// Whether a new move by `by` is one of the odds receiver's series
    /// before its last.
    fn in_series(&self, by: Color) -> bool {
        self.odds.is_some_and(|o| {
            o.receiver == by
                && (self.plies.iter().filter(|p| p.by == by).count() as u32) + 1 < o.moves
        })
    }

    /// `side` presses: his moves waiting for it are completed, and the press
    /// earns the increment of the period of his next move unless his flag is down.
    fn press(&mut self, side: Color, tc: &TimeControl, flag_down: bool) -> bool {
        if !self.pending(side) {
            return false;
        }
        let n = self.count(side) + 1;
        for p in self.plies.iter_mut().filter(|p| p.by == side) {
            p.done = true;
        }
        if !tc.is_untimed() && !flag_down {
            self.increments[idx(side)] += tc.periods()[tc.period_of_move(n)].increment;
        }
        true
    }
}

/// Which properties a run asserts.
#[derive(Clone, Copy, Debug, Default)]
struct Checks {
    move_counts: bool,
    increments: bool,
    time_used: bool,
    press_starts_opponent: bool,
    turn_clock: bool,
    reinstatement: bool,
}

/// Plays `events` on a game set up by `setup`, following the record in a
/// [`Model`] and asserting the chosen properties after every event; a
/// failure shows the events and the log.
fn run(setup: &Setup, events: &[Event], checks: Checks) -> Result<(), TestCaseError> {
    explained(setup, events, follow(setup, events, checks))
}

/// A failure, with the events and the log that led to it.
fn explained(
    setup: &Setup,
    events: &[Event],
    result: Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    result.map_err(|e| match e {
        TestCaseError::Fail(why) => TestCaseError::fail(format!("{why}\n{}", story(setup, events))),
        other => other,
    })
}

/// 6: every refused event leaves the complete state as it was before it,
/// advanced to its time; the log gains its line only.
fn refusals(setup: &Setup, events: &[Event]) -> Result<(), TestCaseError> {
    let mut game = Game::new(setup.clone()).expect("setup");
    for (i, e) in events.iter().enumerate() {
        let mut before = game.clone();
        before.advance(e.t);
        let n = before.log().len();
        game.apply(e);
        prop_assert_eq!(&game.log()[..n], before.log());
        let new = &game.log()[n..];
        if new.len() == 1 && new[0].note.decision() == DecisionKind::Refused {
            prop_assert!(
                game.same_state(&before),
                "event {} ({:?}) refused ({:?}) yet changed the state:\n{}",
                i,
                e,
                new[0].note,
                difference(&before, &game)
            );
        }
    }
    Ok(())
}

/// A live game advanced by ticks between its events, and a replay of the
/// events alone, end equal, log included.
fn replay(setup: &Setup, events: &[Event], ticks: &[Millis]) -> Result<(), TestCaseError> {
    let mut live = Game::new(setup.clone()).expect("setup");
    let mut replay = Game::new(setup.clone()).expect("setup");
    let mut advanced_to = Vec::new();
    for e in events.iter() {
        for &tick in ticks {
            let at = live.now().after(tick / 8);
            if at <= e.t {
                live.advance(at);
                advanced_to.push(at);
            }
        }
        live.apply(e);
        // the replay reads each event back from its stored form (JSON):
        // the same game, or the stored vocabulary lost something
        let text = arbitre_record::EventRecord::from_event(e)
            .to_json()
            .to_string();
        let value = serde_json::from_str(&text).expect("JSON");
        let back = arbitre_record::EventRecord::from_json(value)
            .and_then(|r| r.to_event(setup.edition.laws()))
            .map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert_eq!(&back, e, "{}", text);
        replay.apply(&back);
    }
    let end = events.last().map_or(Instant::ZERO, |e| e.t).after(60_000);
    live.advance(end);
    replay.advance(end);
    if let Some(k) = (0..live.log().len().max(replay.log().len()))
        .find(|&k| live.log().get(k) != replay.log().get(k))
    {
        prop_assert!(
            false,
            "decision {} differs (live advanced to {:?}):\n  live   {:?}\n  replay {:?}",
            k,
            advanced_to,
            live.log().get(k),
            replay.log().get(k)
        );
    }
    prop_assert!(
        live.same_state(&replay),
        "live (advanced to {:?}) and replay differ:\n{}",
        advanced_to,
        difference(&live, &replay)
    );
    prop_assert!(live == replay);
    Ok(())
}

/// The events and the log of a game, one line each.
fn story(setup: &Setup, events: &[Event]) -> String {
    let mut game = Game::new(setup.clone()).expect("setup");
    for e in events.iter() {
        game.apply(e);
    }
    let mut out = String::from("events:\n");
    for (i, e) in events.iter().enumerate() {
        out += &format!("  {i}: t={} {:?} {:?}\n", e.t.millis(), e.by, e.action);
    }
    out += "log:\n";
    for d in game.log() {
        out += &format!(
            "  t={} ev={:?} art={:?} {:?}\n",
            d.t.millis(),
            d.event,
            d.article,
            d.note
        );
    }
    out
}

fn follow(setup: &Setup, events: &[Event], checks: Checks) -> Result<(), TestCaseError> {
    let tc = setup.time_control.clone();
    let mut game = Game::new(setup.clone()).expect("setup");
    let first = game.start().turn();
    let mut model = Model {
        plies: (0..game.moves().len())
            .map(|i| Ply {
                by: if i % 2 == 0 { first } else { !first },
                done: true,
                series: false,
            })
            .collect(),
        odds: setup.odds,
        increments: [0; 2],
        ended_by_move: false,
    };
    // the model and the game just before the event that made each ply
    let mut made: Vec<Option<(Model, Game)>> = vec![None; game.moves().len()];
    // how long each clock ran, and whether its time used must equal it
    let mut ran = [0 as Millis; 2];
    let simple_delay = tc
        .periods()
        .iter()
        .any(|p| matches!(p.delay, Delay::Simple(_)));
    let mut exact = [!simple_delay && !tc.is_untimed(); 2];
    let mut running = game.clock().running();
    let mut last_t = Instant::ZERO;
    // the game as resumed after an adjournment (1930 21.8 goes back to it)
    let mut resumed: Option<(Model, Game)> = None;
    // a sealed move waits in its envelope (the replier absent at
    // resumption, or his reply sealed): the clock of the side not shown to
    // move runs (A9b, A9c)
    // no clock runs before the arbiter starts the game
    let mut closed = setup.arbiter_starts;
    let mut stopped = false;
    // a completed illegal move that cannot be played on stands: only the
    // opponent's claim remains, and his clock runs
    let mut unplayable = false;

    check_counts(&game, &model, checks, "after the setup")?;
    for (i, e) in events.iter().enumerate() {
        let mut before = game.clone();
        before.advance(e.t);
        let log0 = before.log().len();
        let len0 = game.moves().len();
        let snapshot = (model.clone(), game.clone());
        game.apply(e);
        let new = &game.log()[log0..];
        let len1 = game.moves().len();
        let at = format!("after event {i} ({:?} at {})", e.action, e.t.millis());

        // time: the interval since the last event ran on the clock that ran
        if e.t > last_t {
            if let Some(side) = running {
                ran[idx(side)] += e.t.since(last_t);
            }
        }
        inexact(&game.log()[snapshot.1.log().len()..], &mut exact);
        last_t = last_t.max(e.t);
        running = game.clock().running();

        // the record: a ply taken back, or a ply added
        let actor = match e.by {
            Actor::Player(c) => Some(c),
            Actor::Arbiter => None,
        };
        let mut pressed_by = None;
        // a press the engine completes for a player who had not pressed
        // (the opponent moved, legally or not, or the arbiter adjourned): 6.2
        let mut fell = [false; 2];
        for d in new {
            match d.note {
                Note::FlagFell(side) | Note::FlagFellUnclaimed(side) => fell[idx(side)] = true,
                Note::ClockNotPressed(side) => {
                    let down = before.clock().fallen(side).is_some() || fell[idx(side)];
                    model.press(side, &tc, down);
                }
                _ => {}
            }
        }
        let misrestored = new
            .iter()
            .any(|d| matches!(d.note, Note::MovesAfterErrorAnnulled));
        if len1 < len0 || misrestored {
            // back to the game as it was before the first move taken back,
            // or as resumed (1930 21.8)
            let back = if misrestored {
                resumed.clone()
            } else {
                made.get(len1).cloned().flatten()
            };
            let Some((m, g)) = back else {
                return Err(TestCaseError::fail(format!(
                    "{at}: the record went back to {len1} half-moves, to no moment of the game"
                )));
            };
            if checks.reinstatement {
                reinstated(&game, &g, &at)?;
            }
            let taken_back_in_full = model.increments;
            model = m;
            made.truncate(len1);
            for side in Color::ALL {
                // a take-back cut at zero time left leaves part of the increments
                let ledger = increment_entries(&game, side);
                let i = idx(side);
                if game.clock().remaining(side) == 0 && ledger != model.increments[i] {
                    prop_assert!(
                        !checks.increments
                            || (ledger > model.increments[i] && ledger <= taken_back_in_full[i]),
                        "{}: {:?}'s increments after a take-back cut at zero: {} (before the move {}, before the take-back {})",
                        at, side, ledger, model.increments[i], taken_back_in_full[i]
                    );
                    model.increments[i] = ledger;
                }
            }
        } else if len1 == len0 + 1 {
            let sealed = new.iter().find_map(|d| match d.note {
                Note::SealedMovePlayed { side, .. } => Some(side),
                _ => None,
            });
            let Some(by) = sealed.or(actor) else {
                return Err(TestCaseError::fail(format!(
                    "{at}: a half-move made by no player"
                )));
            };
            let ended = before.outcome().is_none()
                && game
                    .outcome()
                    .is_some_and(|o| ends_on_the_board(o.termination));
            // the opponent's move waiting for its press is completed by this one
            model.press(!by, &tc, before.clock().fallen(!by).is_some());
            // a sealed move may be one of the odds receiver's series too
            let series = model.in_series(by);
            let pressed = match &e.action {
                Action::Move { press, .. } => *press,
                Action::Press => true,
                _ => false,
            };
            if sealed.is_some() && !series {
                // the sealed move completes the turn it ends, a whole series included
                for p in model.plies.iter_mut().filter(|p| p.by == by) {
                    p.done = true;
                }
            }
            model.plies.push(Ply {
                by,
                done: (sealed.is_some() && !series) || ended,
                series,
            });
            if ended && sealed.is_none() {
                model.ended_by_move = true;
            } else if sealed.is_none() && pressed && !series {
                // a flag that fell in this event, before the press (a clock
                // started with no time left), earns no increment
                let fell_now = new.iter().any(
                    |d| matches!(d.note, Note::FlagFell(s) | Note::FlagFellUnclaimed(s) if s == by),
                );
                model.press(by, &tc, before.clock().fallen(by).is_some() || fell_now);
                pressed_by = Some(by);
            }
            made.resize(len1, None);
            // "just before the move": a press the move completed for the
            // opponent (6.2) is not part of what a reinstatement takes back
            let mut reference = (snapshot.0.clone(), before.clone());
            for d in new {
                if let Note::ClockNotPressed(side) = d.note {
                    let fallen = reference.1.clock().fallen(side).is_some();
                    reference.1.apply(&Event {
                        t: e.t,
                        by: Actor::Player(side),
                        action: Action::Press,
                    });
                    reference.0.press(side, &tc, fallen);
                }
            }
            made[len0] = Some(reference);
        } else if len1 != len0 {
            return Err(TestCaseError::fail(format!(
                "{at}: the record went from {len0} to {len1} half-moves in one event"
            )));
        } else if let (Some(c), Action::Press) = (actor, &e.action) {
            let last_in_series = model
                .plies
                .iter()
                .rev()
                .find(|p| p.by == c && !p.done)
                .is_some_and(|p| p.series);
            if before.state() == State::Playing
                && !new
                    .iter()
                    .any(|d| d.note.decision() == DecisionKind::Refused)
                && !last_in_series
                && model.press(c, &tc, before.clock().fallen(c).is_some())
            {
                pressed_by = Some(c);
            }
        }
        let reinstatement = new.iter().any(|d| {
            matches!(
                d.note,
                Note::PositionReinstated(_)
                    | Note::IllegalClaimValid(_)
                    | Note::TouchMoveApplied(_)
                    | Note::MovesAfterErrorAnnulled
            )
        });
        if checks.reinstatement && reinstatement && len1 == len0 && !misrestored {
            // a press the event completed for the opponent (6.2) stays
            let mut pressed = before.clone();
            for d in new {
                if let Note::ClockNotPressed(side) = d.note {
                    pressed.apply(&Event {
                        t: e.t,
                        by: Actor::Player(side),
                        action: Action::Press,
                    });
                }
            }
            reinstated(&game, &pressed, &at)?;
        }
        // the game as resumed: once the sealed move is on the board, when
        // the envelope is opened (by the engine, or by the arbiter's `open`
        // when the game held only the commitment)
        let opened = new.iter().any(|d| matches!(d.note, Note::EnvelopeOpened))
            && !new
                .iter()
                .any(|d| matches!(d.note, Note::EnvelopeToOpen(_)));
        let opened_by_arbiter = matches!(e.action, Action::Open { .. })
            && !new
                .iter()
                .any(|d| d.note.decision() == DecisionKind::Refused);
        if opened || opened_by_arbiter {
            resumed = game
                .outcome()
                .is_none()
                .then(|| (model.clone(), game.clone()));
        }

        // 4: an accepted press starts the opponent's clock
        if checks.press_starts_opponent {
            if let Some(c) = pressed_by.filter(|_| game.state() == State::Playing) {
                prop_assert_eq!(
                    game.clock().running(),
                    Some(!c),
                    "{}: {:?} pressed, the game goes on, yet the clock running is not {:?}'s",
                    at,
                    c,
                    !c
                );
            }
        }
        if len1 != len0 {
            unplayable = false;
        }
        for d in new {
            match d.note {
                Note::ReplierAbsentClockStarted(_) | Note::ReplySealed(_) => closed = true,
                Note::EnvelopeOpened | Note::ReplyOpened | Note::GameOver(_) => closed = false,
                Note::IllegalMoveCompleted {
                    unplayable: true, ..
                } => unplayable = true,
                Note::IllegalClaimValid(_) => unplayable = false,
                // the arbiter stopped the clocks (until he restarts them or
                // adjourns the game), or has not started the game
                Note::ClocksStopped => stopped = true,
                Note::ClocksRestarted | Note::MustSeal(_) => stopped = false,
                Note::GameStarted(_) => closed = false,
                _ => {}
            }
        }
        // 4b: in a game being played, no move waiting for its press, the
        // clock of the side to move runs
        if checks.turn_clock
            && game.state() == State::Playing
            && !closed
            && !stopped
            && !unplayable
            && !model.pending(Color::White)
            && !model.pending(Color::Black)
        {
            prop_assert_eq!(
                game.clock().running(),
                Some(game.position().turn()),
                "{}: the clock of the side to move does not run",
                at
            );
        }
        check_counts(&game, &model, checks, &at)?;
        if checks.increments {
            for side in Color::ALL {
                prop_assert_eq!(
                    increment_entries(&game, side),
                    model.increments[idx(side)],
                    "{}: increments credited to {:?} (clock {:?}, expected count {})",
                    at,
                    side,
                    game.clock().moves(side),
                    model.count(side)
                );
            }
        }
        if checks.time_used {
            time_used(&game, &before, &ran, &exact, &at)?;
        }
    }
    let end = last_t.after(60_000);
    let before = game.clone();
    game.advance(end);
    if let Some(side) = running {
        ran[idx(side)] += end.since(last_t);
    }
    inexact(&game.log()[before.log().len()..], &mut exact);
    if checks.time_used {
        time_used(&game, &before, &ran, &exact, "at the end")?;
    }
    Ok(())
}

/// Decisions that time alone made: a player whose flag fell used less than
/// his clock ran; any other (a game ended at a deadline) leaves both so.
fn inexact(decisions: &[arbitre_laws::Decision], exact: &mut [bool; 2]) {
    let flag = |d: &arbitre_laws::Decision| match d.note {
        Note::FlagFell(side) | Note::FlagFellUnclaimed(side) => Some(side),
        _ => None,
    };
    let flagged = decisions.iter().any(|d| flag(d).is_some());
    for d in decisions {
        match flag(d) {
            Some(side) => exact[idx(side)] = false,
            None if d.event.is_none() && !flagged => *exact = [false; 2],
            None => {}
        }
    }
}

/// 1: the clock's move counts are the moves completed on the record.
fn check_counts(game: &Game, model: &Model, checks: Checks, at: &str) -> Result<(), TestCaseError> {
    if !checks.move_counts || model.ended_by_move {
        return Ok(());
    }
    for side in Color::ALL {
        prop_assert_eq!(
            game.clock().moves(side),
            model.count(side),
            "{}: moves counted for {:?}; record {:?}",
            at,
            side,
            model
                .plies
                .iter()
                .map(|p| (p.by, p.done))
                .collect::<Vec<_>>()
        );
    }
    Ok(())
}

/// 3: time used grows, never beyond the time the player's clock ran (equal
/// to it while no flag fell and no delay applies), and both together never
/// beyond the time elapsed.
fn time_used(
    game: &Game,
    before: &Game,
    ran: &[Millis; 2],
    exact: &[bool; 2],
    at: &str,
) -> Result<(), TestCaseError> {
    let mut total = 0;
    for side in Color::ALL {
        let used = game.clock().totals(side).used;
        total += used;
        prop_assert!(
            used >= before.clock().totals(side).used,
            "{}: {:?}'s time used went down",
            at,
            side
        );
        let i = idx(side);
        if game.clock().is_untimed() {
            prop_assert_eq!(used, 0, "{}: time used without a clock", at);
        } else if exact[i] {
            prop_assert_eq!(
                used,
                ran[i],
                "{}: {:?}'s time used is not the time his clock ran (no flag fell in the log)",
                at,
                side
            );
        } else {
            prop_assert!(
                used <= ran[i],
                "{}: {:?} used {} ms, his clock ran {} ms",
                at,
                side,
                used,
                ran[i]
            );
        }
    }
    prop_assert!(
        total <= game.now().millis(),
        "{}: {} ms used by both, {} ms elapsed",
        at,
        total,
        game.now().millis()
    );
    Ok(())
}

/// 5: after a reinstatement, the clock counts the moves and holds the
/// periods and increments it did before the move taken back; time used
/// stays used.
fn reinstated(game: &Game, then: &Game, at: &str) -> Result<(), TestCaseError> {
    for side in Color::ALL {
        prop_assert_eq!(
            game.clock().moves(side),
            then.clock().moves(side),
            "{}: {:?}'s moves counted after the reinstatement",
            at,
            side
        );
        // what was credited since is taken back, as far as the time left
        // allows: time never shows below zero (then the flag is down)
        let (now, before) = (credited(game, side), credited(then, side));
        if game.clock().remaining(side) == 0 {
            prop_assert!(
                now >= before,
                "{}: more time taken back from {:?} than credited",
                at,
                side
            );
        } else {
            prop_assert_eq!(
                now,
                before,
                "{}: time credited to {:?} after the reinstatement",
                at,
                side
            );
        }
        prop_assert!(
            game.clock().totals(side).used >= then.clock().totals(side).used,
            "{}: {:?}'s time used went down at the reinstatement",
            at,
            side
        );
    }
    Ok(())
}

fn steps(n: usize) -> impl Strategy<Value = Vec<(Step, bool, i64)>> {
    prop::collection::vec(step(), 0..n)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// 1. The clock counts for each player the moves he completed: the
    /// history's, those pressed (or followed by the opponent's move), the
    /// sealed ones; the odds receiver's series and the giver's first move
    /// count N (1930 22.3); a move made and not pressed does not count.
    #[test]
    fn clock_counts_the_completed_moves(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { move_counts: true, ..Checks::default() })?;
    }

    /// 2. The increments credited are the increment of the move's period for
    /// each press that earned one (a completed move, the flag up), net of
    /// those taken back.
    #[test]
    fn increments_are_the_presses_that_earned_them(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { increments: true, ..Checks::default() })?;
    }

    /// 3. The time used never goes down, never exceeds the time the
    /// player's clock ran (and equals it while no flag fell and no delay
    /// applies); both together never exceed the time elapsed.
    #[test]
    fn time_used_is_the_time_the_clock_ran(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { time_used: true, ..Checks::default() })?;
    }

    /// 4. After an accepted press, in a game still played, the opponent's
    /// clock runs.
    #[test]
    fn a_press_starts_the_opponents_clock(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { press_starts_opponent: true, ..Checks::default() })?;
    }

    /// 4a. The scoresheet a server keeps written between events (a
    /// `SheetCache` across the whole game: offers marked after the move,
    /// illegal moves left standing and reinstated, odds series), read after
    /// some events only (so that a move taken back and another played
    /// happen between two readings), is the scoresheet written from the
    /// start.
    #[test]
    fn the_cached_scoresheet_is_the_scoresheet(
        Case(s) in game_setup(),
        steps in steps(120),
        every in 1usize..6,
    ) {
        let evs = events(&s, &steps);
        let mut game = Game::new(s.clone()).expect("setup");
        let mut cache = arbitre_laws::game::SheetCache::default();
        for (i, e) in evs.iter().enumerate() {
            game.apply(e);
            if i % every == 0 || i + 1 == evs.len() {
                prop_assert_eq!(
                    game.scoresheet_cached(&mut cache),
                    game.scoresheet(),
                    "after event {}", i
                );
            }
        }
    }

    /// 4b. In a game being played, with no move waiting for its press, the
    /// clock of the side to move runs (but while a sealed move waits in its
    /// envelope, A9b/A9c, and while an illegal move that cannot be played on
    /// stands, B6/C3: then the opponent's runs).
    #[test]
    fn the_side_to_move_has_his_clock_running(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { turn_clock: true, ..Checks::default() })?;
    }

    /// 5. A reinstated move (illegal move ruled or claimed, touch-move
    /// applied on request, 1930 21.8) leaves the move counts and the time
    /// credited as they were before it; time used stays used.
    #[test]
    fn reinstatement_takes_back_what_the_move_gave(Case(s) in game_setup(), steps in steps(120)) {
        let evs = events(&s, &steps);
        run(&s, &evs, Checks { reinstatement: true, ..Checks::default() })?;
    }

    /// 6. A refused event changes nothing but the time and its log line:
    /// the complete state is the state before it, advanced to its time.
    #[test]
    fn refusal_changes_nothing(Case(s) in game_setup(), steps in steps(100)) {
        let evs = events(&s, &steps);
        explained(&s, &evs, refusals(&s, &evs))?;
    }

    /// A live game, whose time is advanced between events (as a server's
    /// ticks would), ends in the same complete state as a replay of its
    /// event log, log included.
    #[test]
    fn replay_reproduces_live(Case(s) in game_setup(), steps in steps(120), ticks in prop::collection::vec(0i64..20_000, 0..8)) {
        let evs = events(&s, &steps);
        explained(&s, &evs, replay(&s, &evs, &ticks))?;
    }

    /// A game is never finished without a result: wherever the decision
    /// belongs to an arbiter who has not given it (a claim referred to the
    /// arbiter with none present, a postponed quickplay claim at the flag,
    /// an undecided mate search), the game awaits his ruling, and says on
    /// what. Checked after every event.
    #[test]
    fn a_finished_game_has_a_result(
        Case(mut s) in game_setup(),
        quickplay in prop::option::of(prop_oneof![Just("1800"), Just("40/5400:1800"), Just("5400")]),
        steps in steps(120),
    ) {
        // half the games in a quickplay finish, both clocks short: claims
        // the arbiter must decide, present or not
        let mut evs = Vec::new();
        if let Some(tc) = quickplay {
            s.time_control = tc.parse::<TimeControl>().expect("time control");
            s.history = None;
            s.odds = None;
            evs.push(Event {
                t: Instant::ZERO,
                by: Actor::Arbiter,
                action: Action::SetClocks { white: 90_000, black: 100_000 },
            });
        }
        evs.extend(events(&s, &steps));
        let mut game = Game::new(s.clone()).expect("setup");
        for (i, e) in evs.iter().enumerate() {
            game.apply(e);
            match game.state() {
                State::Finished => prop_assert!(
                    game.outcome().is_some_and(|o| o.result.code() != "*"),
                    "finished with no result after event {}: {}", i, story(&s, &evs[..=i])
                ),
                State::AwaitingRuling { .. } | State::Playing | State::Adjourned => prop_assert!(
                    game.outcome().is_none(),
                    "a result, yet not finished, after event {}", i
                ),
            }
        }
    }

    /// `can_claim` says, without touching the game, what making the claim
    /// now would say: for each kind and each side, at every fourth event,
    /// the claim made on a copy of the game is found right exactly when
    /// `can_claim` says so (a draw claim, with the intended move when one
    /// is needed: some move the player may make).
    #[test]
    fn can_claim_is_the_claim_found_right(Case(s) in game_setup(), steps in steps(60)) {
        let evs = events(&s, &steps);
        let mut game = Game::new(s.clone()).expect("setup");
        for (i, e) in evs.iter().enumerate() {
            game.apply(e);
            if i % 4 != 3 {
                continue;
            }
            let t = game.now();
            for side in Color::ALL {
                for kind in ClaimKind::ALL {
                    let said = game.can_claim(side, kind);
                    let found = claim_found_right(&game, t, side, kind);
                    prop_assert_eq!(
                        said, found,
                        "after event {} ({:?}): can_claim({:?}, {:?}) = {}, the claim made: {}\nevents {:?}",
                        i, e, side, kind, said, found, evs
                    );
                }
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
            game.play_move(i, Instant(i as i64 * 1000), legal[c % legal.len()]);
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
            ga.play_move(i, Instant::ZERO, m);
            gb.play_move(i, Instant::ZERO, m);
            prop_assert_eq!(ga.outcome(), gb.outcome(), "after {} moves: {}", i + 1, Fen::from_position(gb.position(), EnPassantMode::Legal));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A replay that holds each next move lets it stand for the checkmate
    /// and stalemate test (`FastReplay::play_san_continued`): it decides every game as
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
        let mut gb = FastReplay::new(setup(ed, "-", pos), None).expect("setup");
        for (i, san) in record.iter().enumerate() {
            ga.play_san(i, Instant::ZERO, san);
            if i + 1 < record.len() {
                gb.play_san_continued(i, Instant::ZERO, san);
            } else {
                gb.play_san(i, Instant::ZERO, san);
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
