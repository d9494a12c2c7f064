//! Positions as people write them (FEN): what is wrong with one that cannot
//! be set up, as codes the messages put in words (`arbitre-messages`,
//! `fen-…`), rather than shakmaty's names for its checks.

use shakmaty::{fen::ParseFenError, PositionErrorKinds};

/// Every problem a position can have, by its code, in the order said.
const PROBLEMS: [(PositionErrorKinds, &str); 10] = [
    (PositionErrorKinds::EMPTY_BOARD, "empty-board"),
    (PositionErrorKinds::MISSING_KING, "missing-king"),
    (PositionErrorKinds::TOO_MANY_KINGS, "too-many-kings"),
    (PositionErrorKinds::PAWNS_ON_BACKRANK, "pawns-on-backrank"),
    (
        PositionErrorKinds::INVALID_CASTLING_RIGHTS,
        "castling-rights",
    ),
    (PositionErrorKinds::INVALID_EP_SQUARE, "en-passant-square"),
    (PositionErrorKinds::OPPOSITE_CHECK, "opposite-check"),
    (PositionErrorKinds::IMPOSSIBLE_CHECK, "impossible-check"),
    (PositionErrorKinds::TOO_MUCH_MATERIAL, "too-much-material"),
    (PositionErrorKinds::VARIANT, "variant"),
];

/// The codes of what is wrong with a position (`opposite-check`: the side
/// not to move is in check), in a fixed order.
pub fn problems(kinds: PositionErrorKinds) -> Vec<&'static str> {
    PROBLEMS
        .iter()
        .filter(|(kind, _)| kinds.contains(*kind))
        .map(|(_, code)| *code)
        .collect()
}

/// Every problem code ([`problems`]).
pub fn problem_codes() -> impl Iterator<Item = &'static str> {
    PROBLEMS.iter().map(|(_, code)| *code)
}

/// The part of a FEN that could not be read, as a code (`board`, `turn`,
/// `castling`, …).
pub fn fen_part(e: &ParseFenError) -> &'static str {
    match e {
        ParseFenError::InvalidFen => "fen",
        ParseFenError::InvalidBoard => "board",
        ParseFenError::InvalidPocket => "pocket",
        ParseFenError::InvalidTurn => "turn",
        ParseFenError::InvalidCastling => "castling",
        ParseFenError::InvalidEpSquare => "en-passant",
        ParseFenError::InvalidRemainingChecks => "remaining-checks",
        ParseFenError::InvalidHalfmoveClock => "halfmove-clock",
        ParseFenError::InvalidFullmoves => "fullmoves",
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{fen::Fen, CastlingMode, Chess};

    use super::*;

    fn why(fen: &str) -> Vec<&'static str> {
        let parsed: Fen = fen.parse().expect("a FEN");
        match parsed.into_position::<Chess>(CastlingMode::Standard) {
            Ok(_) => Vec::new(),
            Err(e) => problems(e.kinds()),
        }
    }

    #[test]
    fn each_kind_once() {
        assert_eq!(
            why("8/8/8/8/8/8/8/8 w - - 0 1"),
            ["empty-board", "missing-king"]
        );
        assert_eq!(why("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), ["opposite-check"]);
        assert!(why("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_empty());
    }
}
