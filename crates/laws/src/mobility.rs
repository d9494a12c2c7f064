//! How many legal moves the side to move has, counted only as far as the
//! engine needs it (none, one, or two and more), without generating every
//! move where bitboard arithmetic answers: the cheap part of the test for
//! checkmate and stalemate after each move, and the "single legal move"
//! trigger of the dead-position policy (see ARCHITECTURE.md).
//!
//! Bitboards over shakmaty's types only: no rule of the Laws is decided here.

use shakmaty::{attacks, Bitboard, Chess, Color, Position, Rank, Role, Square};

/// The squares on a line (file, rank, diagonal) with `sq`, but `sq`: the
/// queen's attacks on an empty board, by arithmetic rather than a table
/// lookup that may miss the cache on every move.
fn lines_through(sq: Square) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const DIAGONAL: u64 = 0x8040_2010_0804_0201; // a1-h8
    const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080; // a8-h1
    let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
    let file = FILE_A << f;
    let rank = 0xffu64 << (8 * r);
    let diagonal = if r >= f {
        DIAGONAL << (8 * (r - f))
    } else {
        DIAGONAL >> (8 * (f - r))
    };
    let anti = if f + r >= 7 {
        ANTI_DIAGONAL << (8 * (f + r - 7))
    } else {
        ANTI_DIAGONAL >> (8 * (7 - f - r))
    };
    Bitboard((file | rank | diagonal | anti) & !(1u64 << u32::from(sq)))
}

/// How many legal moves the side to move has: 0, 1, or 2 for "two or more".
/// Without generating every move where it can: when not in check, the moves
/// of unpinned knights, bishops, rooks and queens (all legal: moving a piece
/// that is not pinned cannot expose a king that is not in check; a piece off
/// the king's lines cannot be pinned; pawn steps first, which need no attack
/// table), then king steps to safe squares. Only
/// the rest falls back to full generation.
pub(crate) fn mobility(pos: &Chess) -> u8 {
    let board = pos.board();
    let turn = pos.turn();
    let us = board.by_color(turn);
    let Some(king) = board.king_of(turn) else {
        return pos.legal_moves().len().min(2) as u8;
    };
    let occupied = board.occupied();
    let mut found = 0u32;
    if !pos.is_check() {
        let their_sliders =
            (board.bishops() | board.rooks() | board.queens()) & board.by_color(!turn);
        let lines = lines_through(king);
        // single steps of pawns off the king's lines, to a square that is
        // not the last rank (a promotion is one move per piece): no table
        let pawns = board.pawns() & us & !lines;
        let steps = match turn {
            Color::White => pawns.shift(8) & !Bitboard::from(Rank::Eighth),
            Color::Black => pawns.shift(-8) & !Bitboard::from(Rank::First),
        } & !occupied;
        found += steps.count() as u32;
        if found >= 2 {
            return 2;
        }
        for sq in (board.knights() | board.bishops() | board.rooks() | board.queens()) & us {
            if lines.contains(sq) {
                // a pin needs an enemy slider of the line's kind on the line
                let straight = sq.file() == king.file() || sq.rank() == king.rank();
                let kind = if straight {
                    board.rooks() | board.queens()
                } else {
                    board.bishops() | board.queens()
                };
                if (kind & their_sliders & attacks::ray(king, sq)).any() {
                    let without = occupied ^ Bitboard::from_square(sq);
                    if !(board.attacks_to(king, !turn, without) & their_sliders).is_empty() {
                        continue; // pinned: its moves need the full generator
                    }
                }
            }
            let targets = match board.role_at(sq) {
                Some(Role::Knight) => attacks::knight_attacks(sq),
                Some(Role::Bishop) => attacks::bishop_attacks(sq, occupied),
                Some(Role::Rook) => attacks::rook_attacks(sq, occupied),
                Some(Role::Queen) => attacks::queen_attacks(sq, occupied),
                _ => Bitboard::EMPTY,
            };
            found += (targets & !us).count() as u32;
            if found >= 2 {
                return 2;
            }
        }
    }
    let without_king = occupied ^ Bitboard::from_square(king);
    for to in attacks::king_attacks(king) & !us {
        if board.attacks_to(to, !turn, without_king).is_empty() {
            found += 1;
            if found >= 2 {
                return 2;
            }
        }
    }
    pos.legal_moves().len().min(2) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The lines through a square are a queen's moves on an empty board.
        #[test]
        fn lines_are_the_queen_on_an_empty_board(sq in 0u32..64) {
            let sq = Square::new(sq);
            proptest::prop_assert_eq!(
                lines_through(sq),
                attacks::queen_attacks(sq, Bitboard::EMPTY)
            );
        }

        /// The shortcut count of legal moves agrees with full generation.
        #[test]
        fn mobility_agrees_with_full_generation(choices in proptest::collection::vec(0usize..1000, 0..200)) {
            let mut pos = Chess::default();
            for c in choices {
                let legal = pos.legal_moves();
                proptest::prop_assert_eq!(mobility(&pos), legal.len().min(2) as u8);
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[c % legal.len()]);
            }
        }
    }
}
