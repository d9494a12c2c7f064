//! Positions as people write them (FEN): why one cannot be set up, in
//! chess terms rather than shakmaty's names for its checks.

use shakmaty::PositionErrorKinds;

/// Why a position cannot be set up, in chess terms.
pub fn illegal_position(kinds: PositionErrorKinds) -> String {
    let words = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "a side has no king"),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            "a side has more than one king",
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or the last rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "the castling rights do not match the kings and rooks on their squares",
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            "the en passant square is not one a pawn has just passed",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            "the check cannot have come from a legal move",
        ),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            "there are more pieces than a game can have",
        ),
        (
            PositionErrorKinds::VARIANT,
            "not a position of standard chess",
        ),
    ];
    let said: Vec<&str> = words
        .iter()
        .filter(|(kind, _)| kinds.contains(*kind))
        .map(|(_, words)| *words)
        .collect();
    if said.is_empty() {
        "not a legal position".into()
    } else {
        format!("not a legal position: {}", said.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{fen::Fen, CastlingMode, Chess};

    use super::*;

    fn why(fen: &str) -> String {
        let parsed: Fen = fen.parse().expect("a FEN");
        match parsed.into_position::<Chess>(CastlingMode::Standard) {
            Ok(_) => "legal".into(),
            Err(e) => illegal_position(e.kinds()),
        }
    }

    #[test]
    fn each_kind_in_words_once() {
        assert_eq!(
            why("8/8/8/8/8/8/8/8 w - - 0 1"),
            "not a legal position: the board is empty; a side has no king"
        );
        assert_eq!(
            why("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
            "not a legal position: the side not to move is in check"
        );
        assert_eq!(why("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "legal");
    }
}
