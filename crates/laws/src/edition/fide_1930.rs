//! FIDE rules of 1930 (seed `002_…`: art. 21, adjournment, and art. 22, odds).
//! Everything the 1930 page does not cover follows the 2001 Laws (the
//! nearest edition with a seed), as the scenario contract says.

use super::*;

/// The 1930 table.
pub static LAWS: Edition = Edition {
    id: EditionId::Fide1930,
    code: "fide-1930",
    source: "FIDE rules of 1930: seed 002 (art. 21, 22); all else as the 2001 table",
    alternation: "1.1",
    legal_move: "3.10",
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
    claim_is_offer: Some("9.1"),
    threefold_intended: "9.2a",
    threefold_appeared: "9.2b",
    fifty_intended: "9.3b",
    fifty_completed: "9.3a",
    fifty_moves: 50,
    claim_right_lost: "9.4",
    claim_stops_clocks: "9.5",
    claim_penalty: ClaimPenalty {
        claimant: ClaimantDeduction::HalfUpTo { cap_ms: 180_000 },
        opponent_bonus_ms: ByGameType {
            standard: 180_000,
            rapid: 180_000,
            blitz: 180_000,
        },
        article: ByGameType {
            standard: "9.5b",
            rapid: "9.5b",
            blitz: "9.5b",
        },
    },
    fivefold: None,
    seventy_five: None,
    flag_fall: "6.9",
    clock_correction: "6.12",
    flag_policy: ByGameType {
        standard: FlagPolicy::ArbiterSees { article: "6.9" },
        rapid: FlagPolicy::ClaimOnly {
            claim_only: "B6",
            claim: "B7",
            both_flags: "B8",
        },
        blitz: FlagPolicy::ClaimOnly {
            claim_only: "B6",
            claim: "B7",
            both_flags: "B8",
        },
    },
    game_types: GameTypes {
        blitz: Bound::Below(15 * 60_000),
        rapid: Bound::AtMost(60 * 60_000),
        blitz_article: "C1",
        rapid_article: "B1",
    },
    odds: Some("22"),
    illegal_moves: IllegalMoves {
        procedure: ByGameType {
            standard: IllegalProcedure::ArbiterActs,
            rapid: IllegalProcedure::ArbiterActs,
            blitz: IllegalProcedure::ClaimWins { claim: "C3" },
        },
        reinstate: "7.4a",
        replacing_move: "7.4a",
        bonus_ms: ByGameType {
            standard: 120_000,
            rapid: 120_000,
            blitz: 120_000,
        },
        penalty: ByGameType {
            standard: "7.4b",
            rapid: "7.4b",
            blitz: "7.4b",
        },
        losing_count: 3,
        loss: "7.4b",
        loss_draw_if_cannot_mate: false,
        unpromoted_pawn_becomes_queen: None,
    },
    quickplay: Quickplay {
        definition: "10.1",
        claim: "10.2",
        under_ms: 120_000,
        draw: "10.2a",
        postpone: "10.2b",
        reject: "10.2c",
        bonus_ms: 120_000,
        no_arbiter: "D1",
        excluded: "C2",
        both_flags: "10.3",
        both_flags_only_last_period: false,
    },
    touching: Touching {
        touch_move: "4.3",
        on_request: ByGameType {
            standard: None,
            rapid: Some("B5"),
            blitz: Some("B5"),
        },
        initial_claims_limit: ByGameType {
            standard: None,
            rapid: Some("B4"),
            blitz: Some("B4"),
        },
        initial_position: "7.1a",
        board_orientation: "7.1b",
    },
};
