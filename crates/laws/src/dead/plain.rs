//! Where `chasolver`'s fast test surely answers "not proven unwinnable",
//! found without it: most positions, at a few attack tests each, instead of
//! the board's conversion and the test's search (about 20 k instructions).
//!
//! For the intended winner, the fast test (`is_unwinnable_fast`, for White
//! once the board is mirrored) plays out forced moves, then proves the side
//! cannot win only if every line of 4 plies (7 with only pawns and bishops
//! on the board) reaches a position with no legal move or too little
//! material (`insufficient_white_material`); after that, only its
//! phases for locked pawn structures remain, which need enough pawn pairs
//! blocked head-on ([`Pawns::may_be_locked`]), and no pawn without an enemy
//! pawn on its file unless only pawns and bishops are left. So where the
//! side to move has two legal moves (no forced move), the structure is not
//! locked, the winner has a queen, rook or pawn (enough material for that
//! test whatever else is on the board) and a line of 4 plies or more keeps
//! a legal move at every step with nothing captured, the answer is "not
//! proven". The line: each king steps to a free square and back
//! ([`king_shuffle`]), which repeats to any length.

use shakmaty::{attacks, Bitboard, Board, Chess, Color, Position, Rank, Square};

/// The pawn features that gate the fast test's phases for locked
/// structures, seen from the intended winner (`chasolver`'s
/// `nb_blocked_pawns` and `has_lonely_pawns` on its mirrored board).
pub(super) struct Pawns {
    /// Pawns of the winner with an enemy pawn or the enemy king in front.
    blocked: u32,
    /// Half the pawns less two, at least one.
    needed: u32,
    /// The files of the two sides' pawns (but those about to promote)
    /// differ: a pawn has no enemy pawn on its file.
    lonely: bool,
}

impl Pawns {
    pub(super) fn of(board: &Board, side: Color) -> Pawns {
        let pawns = board.pawns();
        let own = pawns & board.by_color(side);
        let enemy = board.by_color(!side) & (pawns | board.kings());
        let ahead = match side {
            Color::White => own.shift(8),
            Color::Black => own.shift(-8),
        };
        // the files of each side's pawns that are not about to promote
        let files = |pawns: Bitboard, promoting: Rank| {
            (pawns & !Bitboard::from_rank(promoting))
                .into_iter()
                .fold(0u8, |files, sq| files | 1 << u8::from(sq.file()))
        };
        Pawns {
            blocked: (ahead & enemy).count() as u32,
            needed: ((pawns.count() as i8) / 2 - 2).max(1) as u32,
            lonely: files(pawns & board.white(), Rank::Seventh)
                != files(pawns & board.black(), Rank::Second),
        }
    }

    /// Enough pawn pairs are blocked for the phases for locked structures.
    pub(super) fn may_be_locked(&self) -> bool {
        self.blocked >= self.needed
    }

    /// Those phases may run: enough pairs blocked, and every pawn facing
    /// an enemy pawn on its file.
    pub(super) fn static_analysis_likely(&self) -> bool {
        self.may_be_locked() && !self.lonely
    }
}

/// `true` when the fast test of `side` surely answers "not proven
/// unwinnable" (see the module's text); `false` proves nothing.
pub(super) fn not_proven(pos: &Chess, side: Color, shuffle: &mut Option<bool>) -> bool {
    let board = pos.board();
    let material = board.queens() | board.rooks() | board.pawns();
    if (material & board.by_color(side)).is_empty() {
        return false;
    }
    let only_pawns_and_bishops = (board.knights() | board.rooks() | board.queens()).is_empty();
    let pawns = Pawns::of(board, side);
    let unlocked = !pawns.may_be_locked() || pawns.lonely && !only_pawns_and_bishops;
    unlocked && *shuffle.get_or_insert_with(|| king_shuffle(pos))
}

/// Whether `sq` is attacked by `by`, whose king stands on `king`, with
/// `occupied` the squares taken (the kings may have moved, nothing else).
fn attacked(board: &Board, sq: Square, by: Color, king: Square, occupied: Bitboard) -> bool {
    (board.attacks_to(sq, by, occupied) & !board.kings()).any()
        || attacks::king_attacks(sq).contains(king)
}

/// Whether the side to move has two legal moves and the four plies "king
/// of the side to move to a free square, the other king likewise, both
/// back" are legal: a line that never captures and can be repeated to any
/// length, with a legal move in every position along it.
pub(super) fn king_shuffle(pos: &Chess) -> bool {
    let board = pos.board();
    let (us, them) = (pos.turn(), !pos.turn());
    let (Some(ours), Some(theirs)) = (board.king_of(us), board.king_of(them)) else {
        return false;
    };
    let occupied = board.occupied();
    let mut steps = Bitboard::EMPTY;
    for to in attacks::king_attacks(ours) & !occupied {
        if !attacked(board, to, them, theirs, occupied.without(ours)) {
            steps.add(to);
        }
    }
    // no forced move: a second legal move
    if steps.is_empty() || steps.count() < 2 && pos.legal_moves().len() < 2 {
        return false;
    }
    for to in steps {
        let first = occupied.without(ours).with(to);
        for step in attacks::king_attacks(theirs) & !first {
            if step == ours || attacked(board, step, us, to, first.without(theirs)) {
                continue;
            }
            let second = first.without(theirs).with(step);
            // our king back, then theirs
            if attacked(board, ours, them, step, second.without(to)) {
                continue;
            }
            let third = second.without(to).with(ours);
            if !attacked(board, theirs, us, ours, third.without(step)) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use shakmaty::{fen::Fen, CastlingMode, Chess, Color, Position};

    use super::{king_shuffle, not_proven};
    use crate::dead::{board, color};

    /// The claim checked: where [`not_proven`] says so, `chasolver`'s fast
    /// test does not prove the side unable to checkmate.
    fn agrees(pos: &Chess) {
        for side in Color::ALL {
            if not_proven(pos, side, &mut None) {
                let b = board(pos).expect("a legal position converts");
                assert!(
                    !chasolver::is_unwinnable_fast(&b, color(side)),
                    "{side:?} in {}",
                    Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                );
            }
        }
    }

    #[test]
    fn the_dev_set_positions_agree() {
        // chasolver's test vectors, locked structures most of them (read in
        // place; the test says so on stderr when they are absent)
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus/unwinnability/dev_set.tsv"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("NOT RUN: cannot read {path}");
            return;
        };
        let mut plain = 0;
        for line in text.lines().skip(1) {
            let fen = line.split('\t').next().unwrap_or_default();
            let Ok(pos) = fen.parse::<Fen>().map_err(drop).and_then(|f| {
                f.into_position::<Chess>(CastlingMode::Standard)
                    .map_err(drop)
            }) else {
                continue;
            };
            agrees(&pos);
            plain += usize::from(king_shuffle(&pos));
        }
        assert!(plain > 100, "{plain} positions with the kings' line");
    }

    /// Positions of random games (captures first half the time, to reach
    /// endings), 400 games of up to 200 plies: every one agrees, and most
    /// are answered here.
    #[test]
    fn random_games_agree() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut positions, mut plain) = (0, 0);
        for _ in 0..400 {
            let mut pos = Chess::default();
            for _ in 0..200 {
                agrees(&pos);
                positions += 1;
                plain += usize::from(not_proven(&pos, pos.turn(), &mut None));
                let moves = pos.legal_moves();
                let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let r = next() as usize;
                let m = match (
                    r.is_multiple_of(2) && !captures.is_empty(),
                    moves.is_empty(),
                ) {
                    (true, _) => *captures[r / 2 % captures.len()],
                    (false, false) => moves[r / 2 % moves.len()],
                    (false, true) => break,
                };
                pos.play_unchecked(m);
            }
        }
        assert!(
            plain * 2 > positions,
            "{plain} of {positions} answered here"
        );
    }
}
