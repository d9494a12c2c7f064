//! `arbitre_laws::san::san_to_move` answers as shakmaty's `San::to_move`:
//! the same move, or the same error (illegal or ambiguous), for every SAN of
//! a piece's move to every square — each disambiguation by file, by rank,
//! by both, the capture sign right and wrong, a promotion written where
//! none can be — in the positions of random games (checks, pins, kings
//! side by side and two pieces of a kind able to reach one square come up
//! in them), and in positions built for those cases. A resolver that
//! forgot a pin, the piece it takes, an x-ray through the king's old
//! square, or the capture sign, fails here.

use arbitre_laws::san::san_to_move;
use proptest::prelude::*;
use shakmaty::{
    fen::Fen,
    san::{San, SanPlus},
    CastlingMode, Chess, EnPassantMode, File, Position, Rank, Role, Square,
};

/// Every SAN this test asks in `pos`: each role (pawns too, which go to
/// shakmaty), each target square, with and without the capture sign, with
/// no disambiguation, by each file, by each rank, by each square holding a
/// piece of the side's; and a promotion written on a piece's move.
fn every_san(pos: &Chess) -> Vec<San> {
    let mut out = Vec::new();
    let ours: Vec<Square> = pos.us().into_iter().collect();
    for role in Role::ALL {
        for to in Square::ALL {
            for capture in [false, true] {
                let mut with = |file: Option<File>, rank: Option<Rank>, promotion| {
                    out.push(San::Normal {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    });
                };
                with(None, None, None);
                with(None, None, Some(Role::Queen));
                for f in File::ALL {
                    with(Some(f), None, None);
                }
                for r in Rank::ALL {
                    with(None, Some(r), None);
                }
                for &sq in &ours {
                    with(Some(sq.file()), Some(sq.rank()), None);
                }
            }
        }
    }
    out
}

fn agree(pos: &Chess) -> Result<usize, TestCaseError> {
    let mut moves = 0;
    for san in every_san(pos) {
        let ours = san_to_move(pos, &san);
        let theirs = san.to_move(pos);
        moves += usize::from(theirs.is_ok());
        prop_assert_eq!(
            ours,
            theirs,
            "{} in {}",
            san,
            Fen::from_position(pos, EnPassantMode::Legal)
        );
    }
    // every legal move was found by some SAN (the test asks enough)
    for m in pos.legal_moves() {
        let san = San::from_move(pos, m);
        prop_assert_eq!(san_to_move(pos, &san), Ok(m));
    }
    Ok(moves)
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn built_positions_agree() {
    for fen in [
        // a knight and a rook pinned, a bishop that may take the pinner
        "4k3/8/8/8/1b6/8/3N4/r2RK2r w - - 0 1",
        // double check: only the king moves
        "4k3/8/8/8/8/5n2/8/r3K2R w - - 0 1",
        // the king's escape along the checking line (x-ray through its square)
        "8/8/8/8/8/8/8/r3K2k w - - 0 1",
        // kings side by side after the capture: a guarded piece
        "8/8/8/3k4/3p4/3K4/8/8 w - - 0 1",
        // three queens able to reach one square: file, rank and both needed
        "8/8/1k6/8/Q6Q/8/8/K6Q w - - 0 1",
        // two knights and two rooks to the same squares, one rook pinned
        "3k4/8/8/8/4N3/3r4/r2R1N2/3K4 w - - 0 1",
        // in check by a knight: take it or step away, nothing blocks
        "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1",
        // black to move, en passant possible, pinned along the rank
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "7k/8/8/8/1pP5/8/8/K6B b - c3 0 1",
    ] {
        let pos = position(fen);
        agree(&pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

/// A position after the moves `choices` pick among the legal ones; checks
/// are preferred half the time so that positions in check are common.
fn random_position(choices: &[(usize, bool)]) -> Chess {
    let mut pos = Chess::default();
    for &(c, prefer_check) in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let checking: Vec<_> = legal
            .iter()
            .copied()
            .filter(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                after.is_check()
            })
            .collect();
        let m = if prefer_check && !checking.is_empty() {
            checking[c % checking.len()]
        } else {
            legal[c % legal.len()]
        };
        pos.play_unchecked(m);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn san_move_is_shakmaty_s(choices in prop::collection::vec((any::<usize>(), any::<bool>()), 0..120)) {
        let pos = random_position(&choices);
        agree(&pos)?;
    }
}

#[test]
fn written_moves_of_a_game_resolve() {
    // SAN as a PGN gives it (with check signs), through SanPlus
    let mut pos = Chess::default();
    for text in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Qd6", "Re1", "Bg4", "h3",
        "Bxf3", "Qxf3", "O-O-O", "d3", "Qg6", "Kh1", "Qxg2+", "Kxg2",
    ] {
        let san: SanPlus = text.parse().expect("SAN");
        let m = san_to_move(&pos, &san.san).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Ok(m), san.san.to_move(&pos));
        pos.play_unchecked(m);
    }
}
