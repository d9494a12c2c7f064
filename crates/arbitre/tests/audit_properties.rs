//! Property: the audit finds dead positions without testing every move (the
//! material test per move, the fast test where the game stopped, a replay
//! from the first ply proven dead) and reports exactly what it reports when
//! it tests after every capture, pawn move and check as live play does
//! (`--thorough`). Likewise it lets each next move of the record stand for
//! the checkmate and stalemate test, which `--thorough` makes after every
//! move. Random games from positions where dead positions, checkmates and
//! stalemates come often (bare endings, locked pawn chains, a queen or a rook
//! against a king), with random results and a move written after the end.

use arbitre::audit::{audit_reader, GameReport, Options};
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Position};

const STARTS: [&str; 8] = [
    // the initial position
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // pawn chains one push from locking (dead once they are)
    "8/8/4k3/1p1p1p1p/1P1P1P2/4K2P/8/8 w - - 0 1",
    "8/2b5/4k3/1p1p1p1p/1P1P1P2/4K2P/2B5/8 w - - 0 1",
    // minor pieces and a few pawns: captures lead to bare kings
    "4k3/3n4/8/2p5/8/5P2/3B4/4K3 w - - 0 1",
    "8/5k2/3r4/8/8/3N4/5K2/6B1 w - - 0 1",
    "2b1k3/8/1p6/8/8/6P1/8/2B1K1N1 b - - 0 1",
    // a queen or a rook against a bare king: checkmates and stalemates
    "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
];

/// Moves written after a random game: legal or not where it stopped,
/// illegal after a checkmate or stalemate.
const TAILS: [&str; 6] = ["", "Kb8", "Qg7+", "Ka1", "e4", "Rh8#"];

fn game_pgn(start: usize, choices: &[u16], result: &str, termination: &str) -> String {
    game_pgn_with(start, choices, "", result, termination)
}

fn game_pgn_with(
    start: usize,
    choices: &[u16],
    tail: &str,
    result: &str,
    termination: &str,
) -> String {
    let fen: Fen = STARTS[start].parse().expect("fen");
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).expect("position");
    let mut movetext = String::new();
    for (i, &c) in choices.iter().enumerate() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // captures are preferred one time in three, to reach bare endings
        let captures: Vec<_> = legal.iter().filter(|m| m.is_capture()).collect();
        let m = if c % 3 == 0 && !captures.is_empty() {
            *captures[usize::from(c) / 3 % captures.len()]
        } else {
            legal[usize::from(c) % legal.len()]
        };
        if pos.turn().is_white() {
            movetext.push_str(&format!("{}. ", pos.fullmoves()));
        } else if i == 0 {
            movetext.push_str(&format!("{}... ", pos.fullmoves()));
        }
        movetext.push_str(&San::from_move(&pos, m).to_string());
        movetext.push(' ');
        pos.play_unchecked(m);
    }
    if !tail.is_empty() {
        movetext.push_str(tail);
        movetext.push(' ');
    }
    format!(
        "[Event \"random\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n[FEN \"{}\"]\n[SetUp \"1\"]\n\n{movetext}{result}\n\n",
        STARTS[start]
    )
}

fn audit(pgn: String, thorough: bool) -> Vec<GameReport> {
    let (reports, read) = audit_bytes(pgn.into_bytes(), thorough);
    read.expect("read");
    reports
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn dead_positions_found_as_by_testing_every_irreversible_move(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..160),
        result in prop::sample::select(vec!["1-0", "0-1", "1/2-1/2", "*"]),
        termination in prop::sample::select(vec!["Normal", "Time forfeit"]),
        tail in prop::sample::select(TAILS.to_vec()),
    ) {
        let pgn = game_pgn_with(start, &choices, tail, result, termination);
        let quick = audit(pgn.clone(), false);
        let thorough = audit(pgn, true);
        prop_assert_eq!(quick.len(), 1);
        prop_assert_eq!(quick[0].plies, thorough[0].plies);
        prop_assert_eq!(&quick[0].findings, &thorough[0].findings);
    }
}

/// The generator does reach dead positions, by material and by locked pawns.
#[test]
fn random_games_reach_dead_positions() {
    let choices: Vec<u16> = (0..120u32).map(|i| (i * 7919 % 65521) as u16).collect();
    let dead_at = |start| {
        let r = audit(game_pgn(start, &choices, "1-0", "Normal"), false);
        r[0].findings
            .iter()
            .find(|f| {
                matches!(f.kind.code(), "result-vs-board" | "automatic-end-ignored")
                    && f.message.contains("dead position")
            })
            .map(|f| f.ply)
    };
    // 1. h4 locks the chains
    assert_eq!(dead_at(1), Some(1));
    // a knight against a bare king after the last capture
    assert_eq!(dead_at(3), Some(31));
}

// The inputs of the `audit_pgn` fuzz target (fuzz/), in the test suite: any
// bytes, and real games with one byte changed, are audited without a panic,
// each game reported once, in order.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn any_bytes_are_audited_without_panic(data in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let (reports, _) = audit_bytes(data, false);
        prop_assert!(reports.windows(2).all(|w| w[0].game < w[1].game));
    }

    #[test]
    fn damaged_games_are_audited_without_panic(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..80),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let mut pgn = game_pgn(start, &choices, "1-0", "Time forfeit").into_bytes();
        let i = at.index(pgn.len());
        pgn[i] = byte;
        let (reports, _) = audit_bytes(pgn, false);
        prop_assert!(reports.windows(2).all(|w| w[0].game < w[1].game));
    }
}

/// Every report of an input, and whether it was read to its end.
fn audit_bytes(data: Vec<u8>, thorough: bool) -> (Vec<GameReport>, Result<(), String>) {
    let opts = Options {
        claimable: true,
        thorough,
        ..Options::default()
    };
    let mut out = Vec::new();
    let read = audit_reader(std::io::Cursor::new(data), &opts, |r| out.push(r));
    (out, read)
}
