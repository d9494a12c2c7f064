//! Arbitrary event sequences: every action of `arbitre_laws::event::Action`
//! by every actor (players and arbiter, in turn or not), at arbitrary times
//! (zero steps, large steps up to a year, steps back), in every edition, under
//! several time controls, game types, regulations and start positions.
//!
//! Invariants checked after every event:
//! - the engine never panics;
//! - clock conservation per player (`used + remaining = allotted +
//!   increments + adjustments`) and no remaining time below zero;
//! - a refused event (the log grows by exactly one decision, whose
//!   `note.decision()` is `DecisionKind::Refused`) leaves the game as a clone of it
//!   advanced to the same time, but for that log line;
//! - replaying the same events into a fresh game gives an equal game.
#![no_main]

use arbitre_laws::{
    clock::{Instant, Millis, MAX_MILLIS},
    event::{Judgment, Unrestorable},
    game::{DeadCheck, Odds, SetupError},
    notation,
    replay::FastReplay,
    Action, Actor, ClaimKind, DecisionKind, EditionId, Event, Game, GameResult, GameType, Language, Setup,
};
use libfuzzer_sys::{
    arbitrary::{Result, Unstructured},
    fuzz_target,
};
use shakmaty::{
    fen::Fen, ByColor, CastlingMode, Chess, Color, EnPassantMode, Position, Role, Square,
};

/// Time controls: none, sudden death, Fischer, multi-period, both delays,
/// a one-second game and a one-year one.
const CONTROLS: [&str; 12] = [
    "-",
    "60",
    "180+2",
    "900+10",
    "5400",
    "40/5400+30:1800+30",
    "2/60:30",
    "120d5",
    "120b5",
    "40/7200b30:3600b30",
    "1",
    "31622400",
];

/// Start positions: the initial one, bare kings and minor pieces (dead or
/// nearly), locked pawns, a halfmove clock near fifty and seventy-five,
/// promotions and a mate in one, castling both ways, en passant.
const STARTS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
    "8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/R7/4K3 w - - 97 80",
    "4k3/8/8/8/8/8/R7/4K3 b - - 147 110",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
];

/// Movetext played before the events (in English), when the start is the
/// initial position: a repetition and a little play.
const HISTORIES: [&str; 3] = [
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
    "1. e4",
];

/// Written moves that are not moves of the position, or not moves at all.
const GARBAGE: [&str; 12] = [
    "", "O-O", "0-0-0", "e8=Q", "Nf3", "Kxe2", "e4", "xx", "a1a1", "e7e8k", "Dd1", "é",
];

const EDITIONS: [EditionId; EditionId::ALL.len()] = EditionId::ALL;
const CLAIMS: [ClaimKind; 9] = ClaimKind::ALL;
const LANGUAGES: [Language; 6] = [
    Language::En,
    Language::Fr,
    Language::De,
    Language::Es,
    Language::It,
    Language::Nl,
];

/// Most events a case plays: the invariants compare whole games after each.
const MAX_EVENTS: usize = 160;

/// A number of milliseconds from 0 to `MAX_MILLIS`, often an extreme.
fn millis(u: &mut Unstructured) -> Result<Millis> {
    Ok(match u.int_in_range(0u8..=5)? {
        0 => 0,
        1 => 1,
        2 => MAX_MILLIS,
        3 => u.int_in_range(0..=120_000)?,
        4 => u.int_in_range(0..=10_800_000)?,
        _ => u.int_in_range(0..=MAX_MILLIS)?,
    })
}

/// A setup, and where a fast replay's dead-position shortcut starts
/// (`FastReplay::new`), if the game is set up as one.
fn setup(u: &mut Unstructured) -> Result<(Setup, Option<u32>)> {
    let mut setup = Setup::new(*u.choose(&EDITIONS)?);
    setup.time_control = u.choose(&CONTROLS)?.parse().expect("time control");
    setup.game_type = *u.choose(&[
        None,
        Some(GameType::Standard),
        Some(GameType::Rapid),
        Some(GameType::Blitz),
    ])?;
    let start = u.choose_index(STARTS.len())?;
    let fen: Fen = STARTS[start].parse().expect("FEN");
    setup.start = fen
        .into_position::<Chess>(CastlingMode::Standard)
        .expect("legal start");
    if start == 0 && u.ratio(1, 3)? {
        setup.history = Some((*u.choose(&HISTORIES)?).to_owned());
    }
    setup.notation = *u.choose(&LANGUAGES)?;
    if u.ratio(1, 4)? {
        setup.clocks = Some(ByColor {
            white: millis(u)?,
            black: millis(u)?,
        });
    }
    let mut dead_from = None;
    setup.dead_check = match u.int_in_range(0u8..=3)? {
        0 => DeadCheck::AfterIrreversible,
        1 => DeadCheck::EveryMove,
        2 => DeadCheck::MaterialOnly,
        _ => {
            dead_from = Some(u.int_in_range(0..=40)?);
            DeadCheck::AfterIrreversible
        }
    };
    // field by field: a field added to `Regulations` keeps its default
    setup.regulations.arbiter_present = !u.ratio(1, 4)?;
    setup.regulations.quickplay_guidelines = !u.ratio(1, 4)?;
    if u.ratio(1, 3)? {
        setup.regulations.late_limit_ms = Some(millis(u)?);
    }
    // a small budget mostly, so that a case stays fast; sometimes
    // chasolver's own limits
    if !u.ratio(1, 8)? {
        setup.regulations.mate_search_nodes = Some(u.int_in_range(0..=20_000)?);
    }
    if u.ratio(1, 8)? {
        // 1930 art. 22; refused by the setup under other editions
        setup.odds = Some(Odds {
            receiver: *u.choose(&Color::ALL)?,
            moves: u.int_in_range(0..=4)?,
            cede_first_move: u.arbitrary()?,
        });
    }
    if u.ratio(1, 4)? {
        setup.session_end = Some(Instant(millis(u)?));
    }
    if u.arbitrary::<bool>()? {
        setup.arbiter_starts = true;
    }
    Ok((setup, dead_from))
}

/// The game of a setup: a fast replay's when `dead_from` is given.
fn start(setup: Setup, dead_from: Option<u32>) -> Result<Game, SetupError> {
    match dead_from {
        Some(_) => FastReplay::new(setup, dead_from).map(FastReplay::into_game),
        None => Game::new(setup),
    }
}

/// A legal move of the position, written as a player may write it (SAN in
/// the game's language, long algebraic or UCI), if there is one.
fn legal_text(u: &mut Unstructured, game: &Game, lang: Language) -> Result<Option<String>> {
    let pos = game.position();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return Ok(None);
    }
    let m = u.choose(&legal[..])?;
    Ok(Some(match u.int_in_range(0u8..=2)? {
        0 => notation::write_san(pos, m, lang),
        1 => notation::write_lan(pos, m, lang),
        _ => m.to_uci(CastlingMode::Standard).to_string(),
    }))
}

/// Any written move: mostly legal, else physical (any square to any square,
/// with or without a promotion letter: mostly illegal), else garbage.
fn any_text(u: &mut Unstructured, game: &Game, lang: Language) -> Result<String> {
    match u.int_in_range(0u8..=9)? {
        0..=5 => {
            if let Some(text) = legal_text(u, game, lang)? {
                return Ok(text);
            }
            physical(u)
        }
        6..=8 => physical(u),
        _ => Ok((*u.choose(&GARBAGE)?).to_owned()),
    }
}

fn square(u: &mut Unstructured) -> Result<Square> {
    Ok(Square::new(u32::from(u.int_in_range(0u8..=63)?)))
}

fn physical(u: &mut Unstructured) -> Result<String> {
    let (from, to) = (square(u)?, square(u)?);
    let promotion = match u.int_in_range(0u8..=7)? {
        0 => Some(Role::Queen),
        1 => Some(Role::Knight),
        2 => Some(Role::King),
        _ => None,
    };
    Ok(match promotion {
        Some(r) => format!("{from}{to}{}", r.char()),
        None => format!("{from}{to}"),
    })
}

fn short_text(u: &mut Unstructured) -> Result<String> {
    let len = u.int_in_range(0..=12)?;
    let bytes = u.bytes(len)?;
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

fn action(u: &mut Unstructured, game: &Game, lang: Language) -> Result<Action> {
    Ok(match u.int_in_range(0u8..=29)? {
        // moves are the most frequent events at a board
        0..=5 => Action::Move {
            text: match legal_text(u, game, lang)? {
                Some(text) => text,
                None => physical(u)?,
            },
            press: !u.ratio(1, 6)?,
            lag: None,
        },
        6 => Action::Move {
            text: any_text(u, game, lang)?,
            press: u.arbitrary()?,
            lag: None,
        },
        7 | 8 => Action::Press,
        9 => Action::Touch(square(u)?),
        10 => Action::OfferDraw,
        11 => Action::AcceptDraw,
        12 => Action::DeclineDraw,
        13 | 14 => Action::Claim {
            kind: *u.choose(&CLAIMS)?,
            intended: if u.arbitrary()? {
                Some(any_text(u, game, lang)?)
            } else {
                None
            },
        },
        15 => Action::Resign,
        16 => Action::Seal(any_text(u, game, lang)?.as_str().into()),
        17 => Action::Arrive,
        18 => Action::Adjourn {
            resume_at: short_text(u)?,
            place: short_text(u)?,
        },
        19 => Action::Resume,
        20 => Action::Ruling(*u.choose(&[Judgment::Draw, Judgment::Postpone, Judgment::Reject])?),
        21 => Action::EnvelopeLost,
        22 => Action::Unrestorable(*u.choose(&[Unrestorable::Position, Unrestorable::Times])?),
        23 => Action::Misrestored,
        24 => Action::Start {
            absent: Color::ALL
                .into_iter()
                .filter(|_| u.arbitrary::<bool>().unwrap_or(false))
                .collect(),
        },
        25 => Action::StopClocks,
        26 => Action::RestartClocks,
        27 => {
            let laws = game.laws();
            // an article the edition lets the arbiter cite, for time or not:
            // the engine never sees one the record refused
            let provisions: Vec<_> = laws.provisions().collect();
            let article = if provisions.is_empty() || u.arbitrary::<bool>()? {
                laws.clock_correction
            } else {
                u.choose(&provisions)?.article
            };
            let sign = |neg: bool, ms: i64| if neg { -ms } else { ms };
            Action::AdjustTime {
                white: sign(u.arbitrary()?, millis(u)?),
                black: sign(u.arbitrary()?, millis(u)?),
                article,
            }
        }
        28 => Action::DeclareResult {
            result: *u.choose(&GameResult::ALL)?,
            article: game.laws().live.late,
        },
        _ => Action::SetClocks {
            white: millis(u)?,
            black: millis(u)?,
        },
    })
}

/// Who acts: mostly the one the action belongs to (the player with the
/// move, the arbiter), sometimes anyone.
fn actor(u: &mut Unstructured, game: &Game, action: &Action) -> Result<Actor> {
    let arbiters = matches!(
        action,
        Action::Adjourn { .. }
            | Action::Resume
            | Action::Ruling(_)
            | Action::EnvelopeLost
            | Action::Unrestorable(_)
            | Action::Misrestored
            | Action::SetClocks { .. }
            | Action::Start { .. }
            | Action::StopClocks
            | Action::RestartClocks
            | Action::AdjustTime { .. }
            | Action::DeclareResult { .. }
    );
    Ok(match u.int_in_range(0u8..=7)? {
        0 => Actor::Player(Color::White),
        1 => Actor::Player(Color::Black),
        2 => Actor::Arbiter,
        3 => Actor::Player(!game.position().turn()),
        _ if arbiters => Actor::Arbiter,
        _ => Actor::Player(game.position().turn()),
    })
}

/// The next event's time: the same moment, a little later, much later (up
/// to a year), exactly when a clock falls, or earlier (out of order).
fn time(u: &mut Unstructured, game: &Game) -> Result<Instant> {
    let now = game.now();
    let step = match u.int_in_range(0u8..=15)? {
        0..=2 => 0,
        3..=9 => u.int_in_range(1..=5_000)?,
        10 | 11 => u.int_in_range(0..=600_000)?,
        12 => u.int_in_range(0..=MAX_MILLIS)?,
        13 => {
            let fall = game.clock().next_fall().unwrap_or(now);
            fall.millis().saturating_sub(now.millis()) + u.int_in_range(-1..=1)?
        }
        14 => -u.int_in_range(1..=60_000)?,
        _ => MAX_MILLIS,
    };
    Ok(now.after(step))
}

fn conserved(game: &Game, case: &str) {
    for side in Color::ALL {
        let t = game.clock().totals(side);
        let remaining = game.clock().remaining(side);
        assert!(
            remaining >= 0,
            "{case}: {side:?}'s remaining time {remaining} < 0"
        );
        assert_eq!(
            i128::from(t.used) + i128::from(remaining),
            i128::from(t.allotted) + i128::from(t.increments) + i128::from(t.adjustments),
            "{case}: clock conservation for {side:?}: {t:?}, remaining {remaining}"
        );
    }
}

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let (setup, dead_from) = setup(&mut u)?;
    let lang = setup.notation;
    // `ARBITRE_FUZZ_VERBOSE=1 …/events CRASH-FILE` prints the case
    let verbose = std::env::var_os("ARBITRE_FUZZ_VERBOSE").is_some();
    if verbose {
        eprintln!("setup: {setup:?}; fast replay from ply {dead_from:?}");
    }
    let Ok(mut game) = start(setup.clone(), dead_from) else {
        return Ok(());
    };
    if verbose {
        let fen = Fen::from_position(game.position(), EnPassantMode::Legal);
        eprintln!("position after the setup: {fen}");
    }
    conserved(&game, "setup");
    let mut events = Vec::new();
    while !u.is_empty() && events.len() < MAX_EVENTS {
        let action = action(&mut u, &game, lang)?;
        let by = actor(&mut u, &game, &action)?;
        let t = time(&mut u, &game)?;
        let event = Event { t, by, action };
        let i = events.len();
        if verbose {
            eprintln!("{i}: {event:?}");
        }
        let mut before = game.clone();
        before.advance(t);
        let logged = game.log().len();
        game.apply(&event);
        let case = format!("event {i} {event:?}");
        let new = &game.log()[logged..];
        if new.len() == 1 && new[0].note.decision() == DecisionKind::Refused {
            assert!(
                before.same_state(&game),
                "{case}: a refused event changed the game\nexpected {before:?}\nfound {game:?}"
            );
            assert_eq!(
                before.log(),
                &game.log()[..logged],
                "{case}: a refused event changed the log before it"
            );
        }
        conserved(&game, &case);
        let _ = game.scoresheet();
        events.push(event);
    }
    // the state is a fold of the events
    let mut again = start(setup, dead_from).expect("the same setup");
    for event in events.iter() {
        again.apply(event);
    }
    assert!(
        again == game,
        "replaying the events gives another game\nlive {game:?}\nreplayed {again:?}"
    );
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
