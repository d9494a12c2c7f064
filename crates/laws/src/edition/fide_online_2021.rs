//! FIDE Online Chess Regulations, January 2021 (Council Annex 6.4, later
//! FIDE Handbook E.04), as an edition on top of the 2023 Laws: what the
//! regulations replace cites their numbering (3.2 moves with a device, 3.3
//! only legal moves, 4.2 the clock stopped by the move, 4.4 the flag, 5.1
//! checkmate, 5.2 resignation, 5.3 draw offers, 5.4.1–5.4.4 automatic
//! draws); the rest is the 2023 Laws' table, with its numbers (the online
//! text applies the Laws where it says nothing: Part I, 1.1–1.3). What was
//! read and what was not: `docs/laws/fide-online-2021.md`.

use super::*;

/// The online table (`diff fide_2023.rs fide_online_2021.rs` tells what the
/// regulations change).
pub static LAWS: Edition = Edition {
    id: EditionId::FideOnline2021,
    code: "fide-online-2021",
    source: "FIDE Online Chess Regulations, January 2021 (Council Annex 6.4, FIDE Handbook E.04), on the FIDE Laws of Chess of 1 January 2023",
    in_force_from: Date::new(2021, 1, 1),
    // online play is known by the event, not by the date
    judges_games_from: None,
    alternation: "1.2",
    legal_move: "3.10.1",
    notation: "8.1.2",
    checkmate: "5.1",
    resignation: "5.2",
    resignation_draw_if_cannot_mate: None,
    stalemate: "5.4.2",
    dead_position: "5.4.3",
    dead_position_also: None,
    agreement: "5.3",
    agreement_needs_a_move_each: false,
    clock_press: "4.2",
    move_stops_clock: Some("4.2"),
    moves_by_device: Some("3.2"),
    draw_offer: "5.3",
    offer_rejected_by_touch: None,
    draw_offer_breach: "11.5",
    offer_any_moment: Some("5.3"),
    claim_is_offer: None,
    threefold: "9.2.1",
    fifty: "9.3",
    threefold_intended: "9.2.1.1",
    threefold_appeared: "9.2.1.2",
    fifty_intended: "9.3.1",
    fifty_completed: "9.3.2",
    fifty_moves: 50,
    claim_right_lost: "9.4",
    touch_loses_claim_right: None,
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
    no_claims: Some("5.4"),
    threefold_automatic: Some("5.4.1"),
    fifty_automatic: Some("5.4.4"),
    fivefold: None,
    seventy_five: None,
    flag_fall: "4.4",
    clock_correction: "6.10.2",
    flag_policy: ByGameType {
        standard: FlagPolicy::ArbiterSees { article: "4.4" },
        rapid: FlagPolicy::ArbiterSees { article: "4.4" },
        blitz: FlagPolicy::ArbiterSees { article: "4.4" },
    },
    game_types: GameTypes {
        blitz: Bound::AtMost(10 * 60_000),
        rapid: Bound::Below(60 * 60_000),
        blitz_article: "B.1",
        rapid_article: "A.1",
    },
    odds: None,
    // 3.3: an illegal move is never made; the other fields are never used
    illegal_moves: IllegalMoves {
        procedure: ByGameType {
            standard: IllegalProcedure::Refused { article: "3.3" },
            rapid: IllegalProcedure::Refused { article: "3.3" },
            blitz: IllegalProcedure::Refused { article: "3.3" },
        },
        made: "3.3",
        reinstate: "3.3",
        replacing_move: "3.3",
        bonus_ms: ByGameType {
            standard: 0,
            rapid: 0,
            blitz: 0,
        },
        penalty: ByGameType {
            standard: "3.3",
            rapid: "3.3",
            blitz: "3.3",
        },
        losing_count: u32::MAX,
        loss: "3.3",
        loss_draw_if_cannot_mate: false,
        press_without_move: None,
        unpromoted_pawn_becomes_queen: None,
    },
    unsupervised: None,
    quickplay: Quickplay {
        definition: "III.1",
        claim: "III.5",
        under_ms: 120_000,
        draw: "III.5.1",
        postpone: "III.5.2",
        reject: "III.5.3",
        bonus_ms: 120_000,
        no_arbiter: "III.6.1",
        excluded: "III.2.2",
        announced: Some("III.2.1"),
        both_flags: "III.3.1.2",
        both_flags_continue: Some("III.3.1.1"),
        claim_is_offer: None,
    },
    touching: Touching {
        touch_move: "4.3",
        own: "4.3.1",
        theirs: "4.3.2",
        both: "4.3.3",
        castle: "4.4.1",
        rook_then_king: "4.4.2",
        castling_illegal: "4.4.3",
        claim_right_lost: "4.8",
        on_request: ByGameType {
            standard: None,
            rapid: None,
            blitz: None,
        },
        initial_claims_limit: ByGameType {
            standard: None,
            rapid: None,
            blitz: None,
        },
        initial_position: "7.2.1",
        board_orientation: "7.2.2",
    },
    adjournment: Adjournment {
        must_seal: "I.1.1",
        seal: "I.1.1",
        early: "I.1.2",
        envelope: "I.2",
        offer_after_seal: "I.4",
        restore: "I.5",
        before_resumption: "I.6",
        open_when_present: "I.7",
        ambiguous: "I.8.1",
        unreadable: "I.8.2",
        illegal: "I.8.3",
        replier_present: "I.9.1",
        replier_absent: "I.9.2",
        sealer_absent: "I.9.3",
        late: "I.10",
        late_limit_ms: None,
        late_limit_by_regulations: true,
        late_sealed_mate: "I.10",
        late_sealed_draw: "I.10",
        lost: "I.12.1",
        position_unrestorable: "I.12.2",
        times_unrestorable_annuls: None,
        clock_errors: "I.13",
        session: "I.14",
        misrestored: None,
    },
    live: Live {
        start: "6.6",
        late: "6.7.1",
        late_limit_ms: None,
        late_limit_by_regulations: true,
        interrupt: "6.11.1",
        restart: "6.11.3",
        neither_present: Some("6.7.2"),
    },
    provisions: PROVISIONS,
};

/// The articles under which the arbiter imposes a result, a penalty or
/// extra time, by this edition's numbering.
static PROVISIONS: &[Provision] = &[
    Provision {
        article: "5.2.2",
        power: Power::Result,
        gist: "a dead position: the game is drawn",
    },
    Provision {
        article: "6.7.1",
        power: Power::Result,
        gist: "arriving after the default time: the game is lost",
    },
    Provision {
        article: "6.9",
        power: Power::Result,
        gist: "the flag fell: lost, or drawn if the opponent cannot checkmate",
    },
    Provision {
        article: "6.10.2",
        power: Power::Time,
        gist: "a defective clock replaced: the times by the arbiter's judgement",
    },
    Provision {
        article: "6.11.4",
        power: Power::Both,
        gist: "the clock paused without a valid reason: a penalty under 12.9",
    },
    Provision {
        article: "7.2.1",
        power: Power::Result,
        gist: "an incorrect initial position: the game is cancelled",
    },
    Provision {
        article: "7.5.5",
        power: Power::Both,
        gist: "an illegal move: two minutes to the opponent; the second loses",
    },
    Provision {
        article: "8.7",
        power: Power::Result,
        gist: "the result signed stands unless the arbiter decides otherwise",
    },
    Provision {
        article: "9.5.3",
        power: Power::Time,
        gist: "an incorrect draw claim: two minutes to the opponent",
    },
    Provision {
        article: "9.6",
        power: Power::Result,
        gist: "fivefold repetition or 75 moves: the game is drawn",
    },
    Provision {
        article: "9.6.1",
        power: Power::Result,
        gist: "the fifth occurrence of a position: the game is drawn",
    },
    Provision {
        article: "9.6.2",
        power: Power::Result,
        gist: "75 moves each without capture or pawn move: drawn",
    },
    Provision {
        article: "11.3.2.2",
        power: Power::Result,
        gist: "an electronic device on the player: the game is lost",
    },
    Provision {
        article: "11.3.3",
        power: Power::Both,
        gist: "a player refuses an inspection: measures under 12.9",
    },
    Provision {
        article: "11.5",
        power: Power::Both,
        gist: "distracting or annoying the opponent: a penalty under 12.9",
    },
    Provision {
        article: "11.6",
        power: Power::Both,
        gist: "a breach of 11.1-11.5: a penalty under 12.9",
    },
    Provision {
        article: "11.7",
        power: Power::Result,
        gist: "persistent refusal to comply with the Laws: the game is lost",
    },
    Provision {
        article: "11.8",
        power: Power::Result,
        gist: "both players refuse: both lose",
    },
    Provision {
        article: "12.3",
        power: Power::Both,
        gist: "the arbiter imposes penalties where appropriate",
    },
    Provision {
        article: "12.5",
        power: Power::Time,
        gist: "extra time for an external disturbance of the game",
    },
    Provision {
        article: "12.9",
        power: Power::Both,
        gist: "the penalties the arbiter may apply",
    },
    Provision {
        article: "12.9.2",
        power: Power::Time,
        gist: "increasing the remaining time of the opponent",
    },
    Provision {
        article: "12.9.3",
        power: Power::Time,
        gist: "reducing the remaining time of the offending player",
    },
    Provision {
        article: "12.9.4",
        power: Power::Result,
        gist: "increasing the opponent's points to the maximum",
    },
    Provision {
        article: "12.9.5",
        power: Power::Result,
        gist: "reducing the points of the offending person",
    },
    Provision {
        article: "12.9.6",
        power: Power::Result,
        gist: "declaring the game lost by the offending player",
    },
    Provision {
        article: "A.3",
        power: Power::Time,
        gist: "rapid: one minute instead of two",
    },
    Provision {
        article: "B.3",
        power: Power::Time,
        gist: "blitz: one minute instead of two",
    },
    Provision {
        article: "I.8.1",
        power: Power::Result,
        gist: "an ambiguous sealed move: the game is lost",
    },
    Provision {
        article: "I.8.2",
        power: Power::Result,
        gist: "a sealed move that cannot be read: the game is lost",
    },
    Provision {
        article: "I.8.3",
        power: Power::Result,
        gist: "an illegal sealed move: the game is lost",
    },
    Provision {
        article: "I.10",
        power: Power::Result,
        gist: "late for the resumption: the game is lost",
    },
    Provision {
        article: "I.12.1",
        power: Power::Time,
        gist: "the envelope lost: the clocks set by the arbiter",
    },
    Provision {
        article: "I.12.2",
        power: Power::Result,
        gist: "the position cannot be restored: the game is annulled",
    },
    Provision {
        article: "I.13",
        power: Power::Time,
        gist: "clock errors at the resumption corrected",
    },
    Provision {
        article: "III.3.1.2",
        power: Power::Result,
        gist: "both flags down in the last period: drawn",
    },
    Provision {
        article: "III.4",
        power: Power::Time,
        gist: "a delay or increment introduced: two minutes to the opponent",
    },
    Provision {
        article: "III.5.1",
        power: Power::Result,
        gist: "quickplay finish: the arbiter declares the game drawn",
    },
    Provision {
        article: "III.5.2",
        power: Power::Both,
        gist: "quickplay claim postponed: two minutes; the result later",
    },
    Provision {
        article: "III.5.3",
        power: Power::Time,
        gist: "quickplay claim rejected: two minutes to the opponent",
    },
    Provision {
        article: "III.6.1",
        power: Power::Result,
        gist: "a claim with no arbiter present, referred to the arbiter",
    },
    Provision {
        article: "4.4",
        power: Power::Result,
        gist: "the flag fell: the game is lost",
    },
    Provision {
        article: "11.3",
        power: Power::Result,
        gist: "fair play breached: the game is lost",
    },
    Provision {
        article: "6.2.4",
        power: Power::Both,
        gist: "the clock handled improperly: a penalty under 12.9",
    },
    Provision {
        article: "6.2.6",
        power: Power::Time,
        gist: "the arbiter adjusts the clock for an assistant",
    },
    Provision {
        article: "6.10.1",
        power: Power::Time,
        gist: "a defective clock replaced: the times by the arbiter's judgement",
    },
    Provision {
        article: "7.1",
        power: Power::Time,
        gist: "an irregularity: the clocks by the arbiter's judgement",
    },
    Provision {
        article: "7.3",
        power: Power::Result,
        gist: "colours reversed within ten moves: a new game",
    },
    Provision {
        article: "7.4.3",
        power: Power::Both,
        gist: "displaced pieces: a penalty under 12.9",
    },
    Provision {
        article: "A.5.2",
        power: Power::Both,
        gist: "rapid without adequate supervision: an illegal move observed or claimed",
    },
    Provision {
        article: "A.5.3",
        power: Power::Result,
        gist: "rapid without adequate supervision: a claim of a win on time",
    },
    Provision {
        article: "A.5.4",
        power: Power::Result,
        gist: "both kings in check or a pawn on the last rank: drawn",
    },
    Provision {
        article: "A.5.5",
        power: Power::Result,
        gist: "the arbiter calls a flag he observes",
    },
    Provision {
        article: "III.6.2",
        power: Power::Result,
        gist: "the claim with no arbiter present decided by the arbiter",
    },
];
