//! A move written in SAN, found in a position: what [`San::to_move`] does,
//! without building the list of candidate moves for a piece's move.
//!
//! For a knight, bishop, rook, queen or king, the squares a piece of that
//! kind could come from are the squares it attacks from the target; each is
//! legal if the mover's king is not attacked once it has moved (the piece
//! taken, if any, no longer attacking). That is the whole of legality for
//! those moves in standard chess, check or no check. Pawn moves (pushes,
//! captures, promotions, en passant), castling and the rest are left to
//! shakmaty. The answer is [`San::to_move`]'s in every case, the error
//! included (`san_move_is_shakmaty_s`, `crates/laws/tests/properties.rs`,
//! compares them on every SAN of every square in positions of random games).
//!
//! Why: `San::to_move` generates the side's candidate moves into a list of
//! 256 and returns it by value; in a replay of recorded games that copy and
//! the filtering are about a quarter of all the work.

use shakmaty::{
    attacks,
    san::{San, SanError},
    Bitboard, Chess, Move, Position, Role, Square,
};

/// The legal move `san` designates in `pos`, or why there is none: as
/// [`San::to_move`] answers, faster for pieces' moves.
#[inline]
pub fn san_to_move(pos: &Chess, san: &San) -> Result<Move, SanError> {
    match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        } if role != Role::Pawn => {
            let board = pos.board();
            let us = pos.us();
            if us.contains(to) {
                return Err(SanError::IllegalSan);
            }
            let taken = board.role_at(to);
            if capture != taken.is_some() {
                return Err(SanError::IllegalSan);
            }
            let occupied = board.occupied();
            let mut from = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                Role::Queen => attacks::queen_attacks(to, occupied),
                Role::King => attacks::king_attacks(to),
                Role::Pawn => Bitboard::EMPTY,
            } & pos.our(role);
            if let Some(f) = file {
                from &= Bitboard::from_file(f);
            }
            if let Some(r) = rank {
                from &= Bitboard::from_rank(r);
            }
            let Some(king) = board.king_of(pos.turn()) else {
                // not a position of standard chess: shakmaty decides
                return san.to_move(pos);
            };
            let them = !pos.turn();
            let mut found = None;
            for sq in from {
                if safe(pos, king, role, sq, to, them) {
                    if found.is_some() {
                        return Err(SanError::AmbiguousSan);
                    }
                    found = Some(Move::Normal {
                        role,
                        from: sq,
                        capture: taken,
                        to,
                        promotion: None,
                    });
                }
            }
            found.ok_or(SanError::IllegalSan)
        }
        _ => san.to_move(pos),
    }
}

/// Whether moving the side's `role` from `from` to `to` leaves its king
/// (on `king` before the move) unattacked by `them`.
#[inline]
fn safe(
    pos: &Chess,
    king: Square,
    role: Role,
    from: Square,
    to: Square,
    them: shakmaty::Color,
) -> bool {
    let board = pos.board();
    let occupied = (board.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
    let target = if role == Role::King { to } else { king };
    // the piece taken on `to` attacks nothing any more
    (board.attacks_to(target, them, occupied) & !Bitboard::from_square(to)).is_empty()
}
