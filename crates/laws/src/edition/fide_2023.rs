//! FIDE Laws of Chess in force from 1 January 2023 (not in the seeds; see
//! `docs/laws/fide-2023.md` for the text encoded).

use super::*;

/// The 2023 table.
pub static LAWS: Edition = Edition {
    id: EditionId::Fide2023,
    code: "fide-2023",
    source: "FIDE Laws of Chess, 1 January 2023 (FIDE Handbook E.01)",
    alternation: "1.2",
    legal_move: "3.10.1",
    notation: "8.1.2",
    checkmate: "5.1.1",
    resignation: "5.1.2",
    resignation_draw_if_cannot_mate: Some("5.1.2"),
    stalemate: "5.2.1",
    dead_position: "5.2.2",
    dead_position_also: None,
    agreement: "5.2.3",
    agreement_needs_a_move_each: true,
    draw_offer: "9.1.2.1",
    draw_offer_breach: "11.5",
    claim_is_offer: Some("9.1.2.3"),
    threefold_intended: "9.2.1.1",
    threefold_appeared: "9.2.1.2",
    fifty_intended: "9.3.1",
    fifty_completed: "9.3.2",
    fifty_moves: 50,
    claim_right_lost: "9.4",
    claim_stops_clocks: "9.5.1",
    claim_penalty: ClaimPenalty {
        claimant: ClaimantDeduction::None,
        opponent_bonus_ms: ByGameType {
            standard: 120_000,
            rapid: 60_000,
            blitz: 60_000,
        },
        article: ByGameType {
            standard: "9.5.3",
            rapid: "A.3",
            blitz: "B.3",
        },
    },
    fivefold: Some("9.6.1"),
    seventy_five: Some(("9.6.2", 75)),
    flag_fall: "6.9",
    clock_correction: "6.10.2",
    flag_policy: ByGameType {
        standard: FlagPolicy::ArbiterSees { article: "6.8" },
        rapid: FlagPolicy::ArbiterSees { article: "A.5.5" },
        blitz: FlagPolicy::ArbiterSees { article: "A.5.5" },
    },
    game_types: GameTypes {
        blitz: Bound::AtMost(10 * 60_000),
        rapid: Bound::Below(60 * 60_000),
        blitz_article: "B.1",
        rapid_article: "A.1",
    },
    odds: None,
};
