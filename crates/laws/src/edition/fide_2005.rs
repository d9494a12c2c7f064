//! FIDE Laws of Chess in force from 1 July 2005 (seeds `001_…`, Annexes A–D,
//! and `004_…`, art. 5.2, 9.1–9.6, 10.2, 10.3).

use super::*;

/// The 2005 table.
pub static LAWS: Edition = Edition {
    id: EditionId::Fide2005,
    code: "fide-2005",
    source: "FIDE Laws of Chess, 1 July 2005: seeds 001 (Annexes A-D) and 004 (5.2, 9, 10.2, 10.3); other articles from the 2005 English text",
    alternation: "1.1",
    legal_move: "3.10a",
    notation: "8.1",
    checkmate: "5.1a",
    resignation: "5.1b",
    resignation_draw_if_cannot_mate: None,
    stalemate: "5.2a",
    dead_position: "5.2b",
    dead_position_also: Some("9.6"),
    agreement: "5.2c",
    agreement_needs_a_move_each: false,
    draw_offer: "9.1",
    draw_offer_breach: "12.5",
    claim_is_offer: Some("9.1c"),
    threefold_intended: "9.2a",
    threefold_appeared: "9.2b",
    fifty_intended: "9.3b",
    fifty_completed: "9.3a",
    fifty_moves: 50,
    claim_right_lost: "9.4",
    claim_stops_clocks: "9.5",
    claim_penalty: ClaimPenalty {
        claimant: ClaimantDeduction::Graduated {
            above_ms: 120_000,
            cap_ms: 180_000,
            floor_ms: 60_000,
        },
        opponent_bonus_ms: ByGameType { standard: 180_000, rapid: 180_000, blitz: 180_000 },
        article: ByGameType { standard: "9.5b", rapid: "9.5b", blitz: "9.5b" },
    },
    fivefold: None,
    seventy_five: None,
    flag_fall: "6.10",
    clock_correction: "6.13",
    flag_policy: ByGameType {
        standard: FlagPolicy::ArbiterSees { article: "6.10" },
        rapid: FlagPolicy::ClaimOnly { claim_only: "B7", claim: "B8", both_flags: "B9" },
        blitz: FlagPolicy::ClaimOnly { claim_only: "B7", claim: "B8", both_flags: "B9" },
    },
    game_types: GameTypes {
        blitz: Bound::Below(15 * 60_000),
        rapid: Bound::AtMost(60 * 60_000),
        blitz_article: "C1",
        rapid_article: "B1",
    },
    odds: None,
};
