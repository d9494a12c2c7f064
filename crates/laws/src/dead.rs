//! "Can this side still checkmate?": the boundary with `chasolver`.
//!
//! The Laws ask it in three places: a dead position ends the game (2005 5.2b /
//! 9.6, 2023 5.2.2); a player whose flag falls, or who resigns under some
//! editions, does not lose if the opponent cannot checkmate by any series of
//! legal moves (2001 6.9, 2005 6.10, 2023 6.9). We never search for helpmates
//! ourselves: positions cross to `chasolver`'s board type through FEN.
//!
//! Policy (see ARCHITECTURE.md): after every move, a material test
//! ([`Position::has_insufficient_material`], constant time); after every
//! irreversible move (capture, pawn move), `chasolver`'s fast test, which is
//! sound (it says "unwinnable" only when proven) but incomplete; the full
//! search only when a rule needs the answer (a flag fall). The full search may
//! end undecided: [`Mate::Unknown`] then asks the arbiter to rule.

use shakmaty::{uci::UciMove, CastlingSide, Chess, Color, Position, Role, Square};

mod plain;

use plain::{not_proven, Pawns};

/// Whether a side can still checkmate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// A series of legal moves ends in checkmate by that side; the line in UCI.
    Possible(Vec<String>),
    /// No series of legal moves lets that side checkmate.
    Impossible,
    /// The search reached its limit undecided: the arbiter must rule.
    Unknown,
}

/// The answer of the full search, as the log records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateAnswer {
    /// The side can checkmate.
    Can,
    /// The side cannot checkmate by any series of legal moves.
    Cannot,
    /// The search reached its budget undecided: the arbiter rules.
    Undecided,
}

impl MateAnswer {
    /// Every answer.
    pub const ALL: [MateAnswer; 3] = [MateAnswer::Can, MateAnswer::Cannot, MateAnswer::Undecided];

    /// The stable code a stored game writes.
    pub fn code(self) -> &'static str {
        match self {
            MateAnswer::Can => "can",
            MateAnswer::Cannot => "cannot",
            MateAnswer::Undecided => "undecided",
        }
    }

    /// Reads a code.
    pub fn from_code(code: &str) -> Option<MateAnswer> {
        MateAnswer::ALL.into_iter().find(|a| a.code() == code)
    }
}

/// A verdict of the "can this side checkmate" search on which a ruling
/// rested: a fact of the game, recorded with the event that led to it, so
/// that replaying a stored game reuses it instead of searching again (an
/// engine or solver upgrade cannot change a finished game silently).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MateVerdict {
    /// The side asked about.
    pub side: Color,
    /// The answer.
    pub answer: MateAnswer,
    /// Search nodes spent (0 when the material alone decided, or when the
    /// verdict was reused from a record).
    pub nodes: u64,
}

/// The full search as a verdict, within `max_nodes`.
pub fn verdict(pos: &Chess, side: Color, max_nodes: Option<u64>) -> MateVerdict {
    let (mate, nodes) = can_checkmate_within(pos, side, max_nodes);
    let answer = match mate {
        Mate::Possible(_) => MateAnswer::Can,
        Mate::Impossible => MateAnswer::Cannot,
        Mate::Unknown => MateAnswer::Undecided,
    };
    MateVerdict {
        side,
        answer,
        nodes,
    }
}

fn piece(role: Role) -> chess::Piece {
    match role {
        Role::Pawn => chess::Piece::Pawn,
        Role::Knight => chess::Piece::Knight,
        Role::Bishop => chess::Piece::Bishop,
        Role::Rook => chess::Piece::Rook,
        Role::Queen => chess::Piece::Queen,
        Role::King => chess::Piece::King,
    }
}

fn color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// The position as `chasolver`'s board type, built square by square.
fn board(pos: &Chess) -> Option<chess::Board> {
    let mut builder = chess::BoardBuilder::new();
    for (sq, p) in pos.board().iter() {
        let square = chess::ALL_SQUARES[usize::from(sq)];
        builder.piece(square, piece(p.role), color(p.color));
    }
    builder.side_to_move(color(pos.turn()));
    for side in Color::ALL {
        let rights = pos.castles();
        let rights = match (
            rights.has(side, CastlingSide::KingSide),
            rights.has(side, CastlingSide::QueenSide),
        ) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        };
        builder.castle_rights(color(side), rights);
    }
    if let Some(sq) = pos.legal_ep_square() {
        builder.en_passant(Some(chess::ALL_FILES[usize::from(sq.file())]));
    }
    chess::Board::try_from(&builder).ok()
}

/// Full search: can `side` checkmate from `pos` by any series of legal moves?
pub fn can_checkmate(pos: &Chess, side: Color) -> Mate {
    can_checkmate_within(pos, side, None).0
}

/// [`can_checkmate`] within a budget of search nodes (candidate moves
/// considered by `chasolver`'s helpmate searches, all phases; `None`: only
/// its own budgets), with the nodes explored. At the budget the answer is
/// [`Mate::Unknown`] unless a static phase decided it.
pub fn can_checkmate_within(pos: &Chess, side: Color, max_nodes: Option<u64>) -> (Mate, u64) {
    if pos.has_insufficient_material(side) {
        return (Mate::Impossible, 0);
    }
    let Some(b) = board(pos) else {
        return (Mate::Unknown, 0);
    };
    let (answer, nodes) = chasolver::winnability_within(&b, color(side), max_nodes);
    let mate = match answer {
        Some(chasolver::Winnability::Winnable { helpmate }) => {
            Mate::Possible(helpmate.iter().map(|m| m.to_string()).collect())
        }
        Some(chasolver::Winnability::Unwinnable) => Mate::Impossible,
        None => Mate::Unknown,
    };
    (mate, nodes)
}

/// Whether `chasolver`'s fast test for `side` may reach its costly static
/// analysis (about 1.6 M instructions a position, a hundred times its usual
/// cost), read from the features that gate it there: pawn pairs blocked
/// head-on (a pawn of `side` with an enemy pawn or king in front of it) at
/// least half the pawns less two, every pawn facing an enemy pawn on its file.
/// It also needs that the first line of its depth-limited search moved no
/// queen, rook or knight, which only the search knows: this says "may".
fn static_analysis_likely(pos: &Chess, side: Color) -> bool {
    Pawns::of(pos.board(), side).static_analysis_likely()
}

/// `side` can checkmate, shown by a line of legal moves ending in its
/// checkmate: the helpmate `chasolver`'s first, cheap phases find (a small
/// search, at most 1,000 nodes), replayed here move by move. Tried only
/// where the fast test may be costly ([`static_analysis_likely`]) and `side`
/// has a queen, rook or knight (with pawns and bishops alone that search
/// seldom finds a mate). `false` proves nothing.
fn mate_shown(pos: &Chess, b: &chess::Board, side: Color) -> bool {
    let board = pos.board();
    let pieces = board.queens() | board.rooks() | board.knights();
    if (pieces & board.by_color(side)).is_empty() || !static_analysis_likely(pos, side) {
        return false;
    }
    let Some(line) = chasolver::quick_helpmate(b, color(side)) else {
        return false;
    };
    let square = |sq: chess::Square| Square::new(u32::from(sq.to_int()));
    let mut pos = pos.clone();
    for m in line {
        let uci = UciMove::Normal {
            from: square(m.get_source()),
            to: square(m.get_dest()),
            promotion: m.get_promotion().map(role),
        };
        let Ok(m) = uci.to_move(&pos) else {
            return false;
        };
        pos.play_unchecked(m);
    }
    pos.is_checkmate() && pos.turn() == !side
}

fn role(piece: chess::Piece) -> Role {
    match piece {
        chess::Piece::Pawn => Role::Pawn,
        chess::Piece::Knight => Role::Knight,
        chess::Piece::Bishop => Role::Bishop,
        chess::Piece::Rook => Role::Rook,
        chess::Piece::Queen => Role::Queen,
        chess::Piece::King => Role::King,
    }
}

/// Sound fast test of one side: `chasolver`'s fast test, unless a mate is
/// shown first ([`mate_shown`]), where the fast test, being sound, could
/// only have answered `false`, at a hundred times the cost.
fn unwinnable_fast(pos: &Chess, b: &chess::Board, side: Color) -> bool {
    !mate_shown(pos, b, side) && chasolver::is_unwinnable_fast(b, color(side))
}

/// Sound fast test: `true` only if `side` provably cannot checkmate.
/// `chasolver` is not asked where its answer is plain ([`plain`]).
pub fn cannot_checkmate_fast(pos: &Chess, side: Color) -> bool {
    if pos.has_insufficient_material(side) {
        return true;
    }
    if not_proven(pos, side, &mut None) {
        return false;
    }
    board(pos).is_some_and(|b| unwinnable_fast(pos, &b, side))
}

/// Material test only: `true` when neither side has mating material.
pub fn dead_by_material(pos: &Chess) -> bool {
    pos.is_insufficient_material()
}

/// Sound fast test of a dead position: neither side can checkmate.
pub fn is_dead_fast(pos: &Chess) -> bool {
    if dead_by_material(pos) {
        return true;
    }
    let white_material = pos.has_insufficient_material(Color::White);
    let black_material = pos.has_insufficient_material(Color::Black);
    // a side whose fast test plainly fails ([`plain`]) makes the answer
    let mut shuffle = None;
    if !white_material && not_proven(pos, Color::White, &mut shuffle)
        || !black_material && not_proven(pos, Color::Black, &mut shuffle)
    {
        return false;
    }
    let Some(b) = board(pos) else {
        return false;
    };
    (white_material || unwinnable_fast(pos, &b, Color::White))
        && (black_material || unwinnable_fast(pos, &b, Color::Black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn lone_king_cannot_mate() {
        let p = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        assert_eq!(can_checkmate(&p, Color::Black), Mate::Impossible);
        assert!(is_dead_fast(&p));
    }

    #[test]
    fn locked_pawns_are_dead() {
        // the chasolver README position: black cannot mate, white can
        let p = pos("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
        assert_eq!(can_checkmate(&p, Color::Black), Mate::Impossible);
        assert!(matches!(can_checkmate(&p, Color::White), Mate::Possible(_)));
    }

    #[test]
    fn node_budget_is_honoured_and_counted() {
        // White can mate, but not within a handful of nodes
        let p = pos("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
        let (unbounded, used) = can_checkmate_within(&p, Color::White, None);
        assert!(matches!(unbounded, Mate::Possible(_)));
        assert!(used > 10, "{used} nodes");
        let (bounded, within) = can_checkmate_within(&p, Color::White, Some(5));
        assert_eq!(bounded, Mate::Unknown);
        assert!(within <= 6, "{within} nodes for a budget of 5");
        // the budget changes nothing when it is not reached
        assert_eq!(
            can_checkmate_within(&p, Color::White, Some(used)),
            (unbounded, used)
        );
    }

    #[test]
    fn a_mate_shown_spares_the_static_analysis() {
        // a position of a master game where the fast test reached its
        // static analysis: the quick helpmate shows White's mate instead
        let p = pos("3Q4/5k2/1R5p/p1r2qp1/P7/7P/6P1/6K1 w - - 0 1");
        assert!(static_analysis_likely(&p, Color::White));
        let b = board(&p).unwrap();
        assert!(mate_shown(&p, &b, Color::White));
        assert!(!cannot_checkmate_fast(&p, Color::White));
        assert!(!is_dead_fast(&p));
        // a blocked structure with pawns and bishops only is left to the
        // fast test, which proves it dead for Black
        let p = pos("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
        let b = board(&p).unwrap();
        assert!(!mate_shown(&p, &b, Color::Black));
        assert!(cannot_checkmate_fast(&p, Color::Black));
    }

    #[test]
    fn knight_against_pawn_can_mate() {
        let p = pos("7k/7p/8/8/8/8/8/K5N1 w - - 0 1");
        assert!(matches!(can_checkmate(&p, Color::White), Mate::Possible(_)));
        assert!(!is_dead_fast(&p));
    }
}
