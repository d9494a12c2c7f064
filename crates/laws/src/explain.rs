//! What each decision says, in English and in French.

use shakmaty::{Color, Square};

use crate::{
    clock::Millis,
    edition::Article,
    event::ClaimKind,
    outcome::{GameResult, Outcome, Termination},
};

/// Language of explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

/// A decision and what it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The game ended.
    GameOver(Outcome),
    /// The dead-position rule (restated).
    DeadPosition,
    /// A flag fell and the arbiter saw it.
    FlagFell(Color),
    /// A flag fell; it counts only when claimed.
    FlagFellUnclaimed(Color),
    /// The full search could not tell whether this side can checkmate.
    ArbiterMustRuleOnMate(Color),
    /// An event earlier than the one before it.
    OutOfOrder,
    /// A time outside the range the engine accepts (0 to one year): which.
    TimeOutOfRange(&'static str),
    /// A move of the history written after the game had ended.
    HistoryMoveAfterEnd(String),
    /// The player with the move pressed the clock without making one (2023 7.5.3).
    PressWithoutMove(Color),
    /// The player rejected the pending offer by touching a piece (2023 9.1.2.1).
    OfferDeclinedByTouch(Color),
    /// A touch-move claim by a player who has since touched a piece himself (4.7, 4.8).
    TouchClaimRightLost(Color),
    /// A draw claim after touching a piece on this move (2023 9.4).
    RightLostByTouch(Color),
    /// Times that cannot be restored in a game played without a clock: nothing to annul.
    NoClockToRestore,
    /// A move on the board while a sealed move waits in its envelope.
    SealedMoveNotPlayed(Color),
    /// The arbiter starts the game: the clock of the player with the move runs.
    GameStarted(Color),
    /// A player is not at the board when the game starts.
    AbsentAtStart(Color),
    /// An action before the arbiter started the game.
    NotStarted,
    /// The arbiter stops both clocks (an interruption).
    ClocksStopped,
    /// The arbiter restarts the clock that ran.
    ClocksRestarted,
    /// An action at the board while the arbiter has stopped the clocks.
    ClocksStoppedByArbiter,
    /// The arbiter adds (positive) or removes time.
    TimeAdjusted {
        /// White's change.
        white: Millis,
        /// Black's change.
        black: Millis,
    },
    /// The game is already over.
    GameAlreadyOver,
    /// A ruling is awaited first.
    AwaitingRuling,
    /// The arbiter set the clocks.
    ClocksSet {
        /// White's time.
        white: Millis,
        /// Black's time.
        black: Millis,
    },
    /// An action that does not belong to its actor, or to this moment
    /// (a player's action by the arbiter, 21.8 where the edition has none).
    NotHandled(&'static str),
    /// A written move fits several legal moves.
    AmbiguousMove {
        /// The text.
        text: String,
        /// How many moves it fits.
        candidates: usize,
    },
    /// A written move designates no legal move.
    IllegalMoveRefused(String),
    /// A written move cannot be read.
    UnreadableMove(String),
    /// The move declared in an incorrect claim must be played.
    DeclaredMoveDue(String),
    /// The player moved without pressing the clock; his clock ran until the opponent moved.
    ClockNotPressed(Color),
    /// The opponent declined the offer by making a move.
    OfferDeclinedByMove(Color),
    /// A move out of turn.
    NotYourMove(Color),
    /// A press with no move to complete.
    NothingToPress(Color),
    /// A second offer while one is pending.
    OfferAlreadyPending(Color),
    /// A draw offer.
    OfferMade(Color),
    /// An offer at a moment other than between move and press: valid, but a breach.
    OfferAtWrongMoment(Color),
    /// The pending offer lapsed because the game ended.
    OfferLapsedGameOver,
    /// Agreement before each player made a move.
    AgreementTooEarly,
    /// Accept or decline with no offer pending.
    NoOfferToAnswer(Color),
    /// An offer declined.
    OfferDeclined(Color),
    /// A flag claim whose opponent's flag is up.
    FlagNotFallen(Color),
    /// A valid flag claim.
    FlagClaimValid(Color),
    /// A flag claim by a player whose own flag is down.
    FlagClaimOwnFallen(Color),
    /// A claim by the player without the move.
    ClaimWithoutTheMove(Color),
    /// A claim: both clocks stopped.
    ClaimExamined {
        /// Claimant.
        side: Color,
        /// What is claimed.
        kind: ClaimKind,
    },
    /// The declared move designates no single legal move.
    DeclaredMoveInvalid(String),
    /// The right to claim was lost by moving.
    RightLost(Color),
    /// A move that is not physically possible (no piece of the mover, own piece on the target).
    NotPhysicallyPossible(String),
    /// The uncompleted illegal move is taken back and replaced.
    IllegalMoveWithdrawn(Color),
    /// An illegal move made on the board.
    IllegalMoveMade {
        /// Who made it.
        side: Color,
        /// As written.
        text: String,
    },
    /// A pawn left unpromoted on the last rank becomes a queen.
    PawnBecomesQueen(Color),
    /// The arbiter intervenes without a claim (B6).
    ArbiterIntervenes(Color),
    /// The piece moved illegally must make the replacing move (4.3).
    ReplacingMoveTouched(Color),
    /// The position before the illegal move is reinstated.
    PositionReinstated(Color),
    /// Extra time to the opponent of an illegal move.
    IllegalMovePenalty {
        /// The player who moved illegally.
        offender: Color,
        /// Time added to the opponent.
        bonus: Millis,
        /// Completed illegal moves by that player.
        count: u32,
    },
    /// A completed illegal move stands unless the opponent claims before moving.
    IllegalMoveCompleted {
        /// Who made it.
        offender: Color,
        /// The position cannot be played on.
        unplayable: bool,
    },
    /// The opponent moved: the illegal move stands for good.
    IllegalMoveStands(Color),
    /// An illegal-move claim where the arbiter acts by himself.
    ArbiterActsOnIllegalMoves,
    /// No illegal move of the opponent is open to a claim.
    NoIllegalMoveToClaim(Color),
    /// A valid illegal-move claim.
    IllegalClaimValid(Color),
    /// Touching pieces counts only for the player having the move.
    TouchWithoutTheMove(Color),
    /// Nothing to touch on that square.
    TouchEmptySquare(shakmaty::Square),
    /// A piece touched.
    Touched {
        /// Who touched it.
        side: Color,
        /// Where.
        square: shakmaty::Square,
    },
    /// A move that breaks touch-move, refused.
    TouchedPieceMustMove(Color),
    /// Touch-move broken where art. 4 applies only on request (B5).
    TouchMoveNotEnforced(Color),
    /// A touch-move request with no breach to answer.
    NoTouchBreach(Color),
    /// Touch-move applied on request: the move is taken back.
    TouchMoveApplied(Color),
    /// A claim about the setting after each player's third move.
    TooLateAfterThreeMoves(Color),
    /// The initial position was correct.
    InitialPositionCorrect(Color),
    /// King and queen swapped: that king may not castle.
    KingQueenSwapped,
    /// The position goes to a correctly placed board.
    BoardTransferred,
    /// The arbiter examines the clock setting.
    ClockSettingExamined,
    /// No quickplay claim in blitz, with an increment or delay, or unannounced.
    QuickplayExcluded,
    /// Not in a quickplay finish (the last period, all moves in a fixed time).
    NotQuickplayFinish,
    /// The claimant's flag has already fallen.
    QuickplayFlagFallen(Color),
    /// Two minutes or more left.
    QuickplayTooMuchTime(Color),
    /// A quickplay claim, waiting for the arbiter.
    QuickplayClaim(Color),
    /// A quickplay claim with no arbiter present: the game ends, decided later.
    QuickplayNoArbiter(Color),
    /// A postponed claim: the arbiter declares the result after the flag fall.
    RulingAfterFlag,
    /// A ruling with nothing to rule on.
    NothingToRule,
    /// The arbiter postpones his decision.
    QuickplayPostponed {
        /// Claimant.
        claimant: Color,
        /// Time added to the opponent.
        bonus: Millis,
    },
    /// The arbiter rejects the claim.
    QuickplayRejected {
        /// Claimant.
        claimant: Color,
        /// Time added to the opponent.
        bonus: Millis,
    },
    /// Both flags down outside the last period: the game goes on.
    BothFlagsGameGoesOn,
    /// An odds move that would leave the receiver moving again with the giver in check.
    OddsMoveGivesCheck,
    /// Not adjourned: nothing to seal, resume or restore.
    NotAdjourned,
    /// An adjournment event out of its order.
    AdjournmentOutOfTurn,
    /// Only the player with the move seals, once.
    NotYourSeal(Color),
    /// The arbiter adjourns: the player with the move must seal.
    MustSeal(Color),
    /// An adjournment before the session's end counts from its end.
    EarlyAdjournment {
        /// Who adjourned.
        side: Color,
        /// The session's end.
        until: Millis,
    },
    /// A move made on the board after being told to seal is the sealed move.
    BoardMoveIsSealed(Color),
    /// The move is sealed: the game is adjourned.
    MoveSealed(Color),
    /// The game is adjourned: no play until resumption.
    GameAdjourned(Color),
    /// The envelope is lost.
    EnvelopeLost,
    /// Play resumes: position and clocks restored.
    Resumed,
    /// The envelope being lost, the sealer makes the move he says he sealed.
    SealerReplays(Color),
    /// The envelope is opened.
    EnvelopeOpened,
    /// The replier is absent: his clock is started.
    ReplierAbsentClockStarted(Color),
    /// The fresh envelope with the reply is opened.
    ReplyOpened,
    /// The sealed move is played.
    SealedMovePlayed {
        /// The sealer.
        side: Color,
        /// As written.
        text: String,
    },
    /// The sealed move is ambiguous, false or illegal.
    SealedMoveInvalid {
        /// The sealer.
        side: Color,
        /// As written.
        text: String,
        /// `ambiguous`, `unreadable` or `illegal`.
        kind: &'static str,
    },
    /// The replier seals his reply in a fresh envelope.
    ReplySealed(Color),
    /// The times cannot be restored: the arbiter sets the clocks.
    ArbiterSetsClocks,
    /// The moves after an incorrect restoration are annulled.
    MovesAfterErrorAnnulled,
    /// A clock error noticed before the first move, corrected.
    ClockErrorCorrected,
    /// A clock error noticed late, corrected as the consequences were too severe.
    ClockErrorTooSevere,
    /// An incorrect claim still counts as a draw offer.
    ClaimStandsAsOffer(Color),
    /// An incorrect claim and its penalty.
    ClaimIncorrect {
        /// Claimant.
        side: Color,
        /// Time taken from the claimant.
        taken: Millis,
        /// Time added to the opponent.
        bonus: Millis,
    },
}

/// The kind of a decision: what the log's `decision` field says, and what
/// scenario files compare in `expect.decisions`.
///
/// The codes ([`DecisionKind::code`]) are stable: stored logs and scenario
/// files keep them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// The game ended (`result`).
    Result,
    /// The dead-position rule (`dead-position`).
    DeadPosition,
    /// A flag fell (`flag`).
    Flag,
    /// Only the arbiter can settle this (`ruling-needed`).
    RulingNeeded,
    /// The arbiter set the clocks (`clocks-set`).
    ClocksSet,
    /// A draw offer, or what counts as one (`offer`).
    Offer,
    /// The session ends, a move is sealed (`adjournment`).
    Adjournment,
    /// The resumption of an adjourned game (`resumption`).
    Resumption,
    /// The sealed move is ambiguous, false or illegal (`sealed-move-invalid`).
    SealedMoveInvalid,
    /// The action is refused (`refused`).
    Refused,
    /// An illegal move (`illegal-move`).
    IllegalMove,
    /// The position before an irregularity comes back (`reinstated`).
    Reinstated,
    /// A claim, or the arbiter acting without one, upheld (`claim-valid`).
    ClaimValid,
    /// Touch-move (`touch-move`).
    TouchMove,
    /// A time penalty (`penalty`).
    Penalty,
    /// A completed illegal move stands (`illegal-move-stands`).
    IllegalMoveStands,
    /// The arbiter rules on the setting or the clocks (`ruling`).
    Ruling,
    /// A claim is examined (`claim`).
    Claim,
    /// A breach of the Laws that does not undo the action (`breach`).
    Breach,
    /// A draw offer is declined or lapses (`offer-lapsed`).
    OfferLapsed,
    /// The start of the game (`start`).
    Start,
    /// The arbiter stops or restarts the clocks (`clocks`).
    Clocks,
    /// The arbiter adjusts the times (`time-adjusted`).
    TimeAdjusted,
    /// A right to claim is lost (`right-lost`).
    RightLost,
    /// The clock was not pressed (`clock`).
    Clock,
    /// A claim is incorrect (`claim-incorrect`).
    ClaimIncorrect,
}

impl DecisionKind {
    /// Every kind, in declaration order.
    pub const ALL: [DecisionKind; 26] = [
        DecisionKind::Result,
        DecisionKind::DeadPosition,
        DecisionKind::Flag,
        DecisionKind::RulingNeeded,
        DecisionKind::ClocksSet,
        DecisionKind::Offer,
        DecisionKind::Adjournment,
        DecisionKind::Resumption,
        DecisionKind::SealedMoveInvalid,
        DecisionKind::Refused,
        DecisionKind::IllegalMove,
        DecisionKind::Reinstated,
        DecisionKind::ClaimValid,
        DecisionKind::TouchMove,
        DecisionKind::Penalty,
        DecisionKind::IllegalMoveStands,
        DecisionKind::Ruling,
        DecisionKind::Claim,
        DecisionKind::Breach,
        DecisionKind::OfferLapsed,
        DecisionKind::Start,
        DecisionKind::Clocks,
        DecisionKind::TimeAdjusted,
        DecisionKind::RightLost,
        DecisionKind::Clock,
        DecisionKind::ClaimIncorrect,
    ];

    /// The stable code of the kind (`refused`, `offer`, `penalty`, …): the
    /// log's `decision` field.
    pub fn code(self) -> &'static str {
        match self {
            DecisionKind::Result => "result",
            DecisionKind::DeadPosition => "dead-position",
            DecisionKind::Flag => "flag",
            DecisionKind::RulingNeeded => "ruling-needed",
            DecisionKind::ClocksSet => "clocks-set",
            DecisionKind::Offer => "offer",
            DecisionKind::Adjournment => "adjournment",
            DecisionKind::Resumption => "resumption",
            DecisionKind::SealedMoveInvalid => "sealed-move-invalid",
            DecisionKind::Refused => "refused",
            DecisionKind::IllegalMove => "illegal-move",
            DecisionKind::Reinstated => "reinstated",
            DecisionKind::ClaimValid => "claim-valid",
            DecisionKind::TouchMove => "touch-move",
            DecisionKind::Penalty => "penalty",
            DecisionKind::IllegalMoveStands => "illegal-move-stands",
            DecisionKind::Ruling => "ruling",
            DecisionKind::Claim => "claim",
            DecisionKind::Breach => "breach",
            DecisionKind::OfferLapsed => "offer-lapsed",
            DecisionKind::Start => "start",
            DecisionKind::Clocks => "clocks",
            DecisionKind::TimeAdjusted => "time-adjusted",
            DecisionKind::RightLost => "right-lost",
            DecisionKind::Clock => "clock",
            DecisionKind::ClaimIncorrect => "claim-incorrect",
        }
    }

    /// The kind with this code, if any.
    pub fn from_code(code: &str) -> Option<DecisionKind> {
        DecisionKind::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// One piece of a note's data, typed, for whoever puts the note into words
/// (the `arbitre-messages` catalogue); see [`Note::args`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A side (a player, White or Black).
    Side(Color),
    /// Text as a player or a file wrote it (a move, a file key), shown as is.
    Text(String),
    /// A fixed code to choose words by (`ambiguous`, `set_clocks`, …): one
    /// of the values the variant's documentation lists.
    Code(&'static str),
    /// A number of things.
    Count(i64),
    /// A yes or no.
    Bool(bool),
    /// A duration (time added, taken, set).
    Millis(Millis),
    /// A signed change of time (positive: added).
    Delta(Millis),
    /// A moment on the arbiter's clock.
    Instant(Millis),
    /// A kind of claim.
    Claim(ClaimKind),
    /// A result.
    Result(GameResult),
    /// How a game ended.
    Termination(Termination),
    /// A square of the board.
    Square(Square),
    /// An article, as the edition numbers it.
    Article(Article),
}

impl Note {
    /// The stable code of the note (kebab-case, unique per variant): the id of
    /// its message in the `arbitre-messages` catalogue. Stored logs keep it:
    /// never change or reuse one.
    pub fn code(&self) -> &'static str {
        use Note::*;
        match self {
            GameOver(_) => "game-over",
            DeadPosition => "dead-position",
            FlagFell(_) => "flag-fell",
            FlagFellUnclaimed(_) => "flag-fell-unclaimed",
            ArbiterMustRuleOnMate(_) => "arbiter-must-rule-on-mate",
            OutOfOrder => "out-of-order",
            TimeOutOfRange(_) => "time-out-of-range",
            HistoryMoveAfterEnd(_) => "history-move-after-end",
            PressWithoutMove(_) => "press-without-move",
            OfferDeclinedByTouch(_) => "offer-declined-by-touch",
            TouchClaimRightLost(_) => "touch-claim-right-lost",
            RightLostByTouch(_) => "right-lost-by-touch",
            NoClockToRestore => "no-clock-to-restore",
            SealedMoveNotPlayed(_) => "sealed-move-not-played",
            GameStarted(_) => "game-started",
            AbsentAtStart(_) => "absent-at-start",
            NotStarted => "not-started",
            ClocksStopped => "clocks-stopped",
            ClocksRestarted => "clocks-restarted",
            ClocksStoppedByArbiter => "clocks-stopped-by-arbiter",
            TimeAdjusted { .. } => "time-adjusted",
            GameAlreadyOver => "game-already-over",
            AwaitingRuling => "awaiting-ruling",
            ClocksSet { .. } => "clocks-set",
            NotHandled(_) => "not-handled",
            AmbiguousMove { .. } => "ambiguous-move",
            IllegalMoveRefused(_) => "illegal-move-refused",
            UnreadableMove(_) => "unreadable-move",
            DeclaredMoveDue(_) => "declared-move-due",
            ClockNotPressed(_) => "clock-not-pressed",
            OfferDeclinedByMove(_) => "offer-declined-by-move",
            NotYourMove(_) => "not-your-move",
            NothingToPress(_) => "nothing-to-press",
            OfferAlreadyPending(_) => "offer-already-pending",
            OfferMade(_) => "offer-made",
            OfferAtWrongMoment(_) => "offer-at-wrong-moment",
            OfferLapsedGameOver => "offer-lapsed-game-over",
            AgreementTooEarly => "agreement-too-early",
            NoOfferToAnswer(_) => "no-offer-to-answer",
            OfferDeclined(_) => "offer-declined",
            FlagNotFallen(_) => "flag-not-fallen",
            FlagClaimValid(_) => "flag-claim-valid",
            FlagClaimOwnFallen(_) => "flag-claim-own-fallen",
            ClaimWithoutTheMove(_) => "claim-without-the-move",
            ClaimExamined { .. } => "claim-examined",
            DeclaredMoveInvalid(_) => "declared-move-invalid",
            RightLost(_) => "right-lost",
            NotPhysicallyPossible(_) => "not-physically-possible",
            IllegalMoveWithdrawn(_) => "illegal-move-withdrawn",
            IllegalMoveMade { .. } => "illegal-move-made",
            PawnBecomesQueen(_) => "pawn-becomes-queen",
            ArbiterIntervenes(_) => "arbiter-intervenes",
            ReplacingMoveTouched(_) => "replacing-move-touched",
            PositionReinstated(_) => "position-reinstated",
            IllegalMovePenalty { .. } => "illegal-move-penalty",
            IllegalMoveCompleted { .. } => "illegal-move-completed",
            IllegalMoveStands(_) => "illegal-move-stands",
            ArbiterActsOnIllegalMoves => "arbiter-acts-on-illegal-moves",
            NoIllegalMoveToClaim(_) => "no-illegal-move-to-claim",
            IllegalClaimValid(_) => "illegal-claim-valid",
            TouchWithoutTheMove(_) => "touch-without-the-move",
            TouchEmptySquare(_) => "touch-empty-square",
            Touched { .. } => "touched",
            TouchedPieceMustMove(_) => "touched-piece-must-move",
            TouchMoveNotEnforced(_) => "touch-move-not-enforced",
            NoTouchBreach(_) => "no-touch-breach",
            TouchMoveApplied(_) => "touch-move-applied",
            TooLateAfterThreeMoves(_) => "too-late-after-three-moves",
            InitialPositionCorrect(_) => "initial-position-correct",
            KingQueenSwapped => "king-queen-swapped",
            BoardTransferred => "board-transferred",
            ClockSettingExamined => "clock-setting-examined",
            QuickplayExcluded => "quickplay-excluded",
            NotQuickplayFinish => "not-quickplay-finish",
            QuickplayFlagFallen(_) => "quickplay-flag-fallen",
            QuickplayTooMuchTime(_) => "quickplay-too-much-time",
            QuickplayClaim(_) => "quickplay-claim",
            QuickplayNoArbiter(_) => "quickplay-no-arbiter",
            RulingAfterFlag => "ruling-after-flag",
            NothingToRule => "nothing-to-rule",
            QuickplayPostponed { .. } => "quickplay-postponed",
            QuickplayRejected { .. } => "quickplay-rejected",
            BothFlagsGameGoesOn => "both-flags-game-goes-on",
            OddsMoveGivesCheck => "odds-move-gives-check",
            NotAdjourned => "not-adjourned",
            AdjournmentOutOfTurn => "adjournment-out-of-turn",
            NotYourSeal(_) => "not-your-seal",
            MustSeal(_) => "must-seal",
            EarlyAdjournment { .. } => "early-adjournment",
            BoardMoveIsSealed(_) => "board-move-is-sealed",
            MoveSealed(_) => "move-sealed",
            GameAdjourned(_) => "game-adjourned",
            EnvelopeLost => "envelope-lost",
            Resumed => "resumed",
            SealerReplays(_) => "sealer-replays",
            EnvelopeOpened => "envelope-opened",
            ReplierAbsentClockStarted(_) => "replier-absent-clock-started",
            ReplyOpened => "reply-opened",
            SealedMovePlayed { .. } => "sealed-move-played",
            SealedMoveInvalid { .. } => "sealed-move-invalid",
            ReplySealed(_) => "reply-sealed",
            ArbiterSetsClocks => "arbiter-sets-clocks",
            MovesAfterErrorAnnulled => "moves-after-error-annulled",
            ClockErrorCorrected => "clock-error-corrected",
            ClockErrorTooSevere => "clock-error-too-severe",
            ClaimStandsAsOffer(_) => "claim-stands-as-offer",
            ClaimIncorrect { .. } => "claim-incorrect",
        }
    }

    /// Every datum of the note, named and typed: the arguments of its
    /// message. Names: `side` (the player the note is about, or who acts),
    /// `text` (as written), `move` (a move in SAN), `what` and `action`
    /// (codes, see [`Arg::Code`]), and the field names of struct variants
    /// (`claim` for a claim's kind); `GameOver` gives `result`,
    /// `termination` and `article`.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        use Note::*;
        match self {
            GameOver(o) => vec![
                ("result", Arg::Result(o.result)),
                ("termination", Arg::Termination(o.termination)),
                ("article", Arg::Article(o.article)),
            ],
            DeadPosition
            | OutOfOrder
            | NoClockToRestore
            | NotStarted
            | ClocksStopped
            | ClocksRestarted
            | ClocksStoppedByArbiter
            | GameAlreadyOver
            | AwaitingRuling
            | OfferLapsedGameOver
            | AgreementTooEarly
            | ArbiterActsOnIllegalMoves
            | KingQueenSwapped
            | BoardTransferred
            | ClockSettingExamined
            | QuickplayExcluded
            | NotQuickplayFinish
            | RulingAfterFlag
            | NothingToRule
            | BothFlagsGameGoesOn
            | OddsMoveGivesCheck
            | NotAdjourned
            | AdjournmentOutOfTurn
            | EnvelopeLost
            | Resumed
            | EnvelopeOpened
            | ReplyOpened
            | ArbiterSetsClocks
            | MovesAfterErrorAnnulled
            | ClockErrorCorrected
            | ClockErrorTooSevere => vec![],
            FlagFell(c)
            | FlagFellUnclaimed(c)
            | ArbiterMustRuleOnMate(c)
            | PressWithoutMove(c)
            | OfferDeclinedByTouch(c)
            | TouchClaimRightLost(c)
            | RightLostByTouch(c)
            | SealedMoveNotPlayed(c)
            | GameStarted(c)
            | AbsentAtStart(c)
            | ClockNotPressed(c)
            | OfferDeclinedByMove(c)
            | NotYourMove(c)
            | NothingToPress(c)
            | OfferAlreadyPending(c)
            | OfferMade(c)
            | OfferAtWrongMoment(c)
            | NoOfferToAnswer(c)
            | OfferDeclined(c)
            | FlagNotFallen(c)
            | FlagClaimValid(c)
            | FlagClaimOwnFallen(c)
            | ClaimWithoutTheMove(c)
            | RightLost(c)
            | IllegalMoveWithdrawn(c)
            | PawnBecomesQueen(c)
            | ArbiterIntervenes(c)
            | ReplacingMoveTouched(c)
            | PositionReinstated(c)
            | IllegalMoveStands(c)
            | NoIllegalMoveToClaim(c)
            | IllegalClaimValid(c)
            | TouchWithoutTheMove(c)
            | TouchedPieceMustMove(c)
            | TouchMoveNotEnforced(c)
            | NoTouchBreach(c)
            | TouchMoveApplied(c)
            | TooLateAfterThreeMoves(c)
            | InitialPositionCorrect(c)
            | QuickplayFlagFallen(c)
            | QuickplayTooMuchTime(c)
            | QuickplayClaim(c)
            | QuickplayNoArbiter(c)
            | NotYourSeal(c)
            | MustSeal(c)
            | BoardMoveIsSealed(c)
            | MoveSealed(c)
            | GameAdjourned(c)
            | SealerReplays(c)
            | ReplierAbsentClockStarted(c)
            | ReplySealed(c)
            | ClaimStandsAsOffer(c) => vec![("side", Arg::Side(*c))],
            TimeOutOfRange(what) => vec![("what", Arg::Code(what))],
            NotHandled(action) => vec![("action", Arg::Code(action))],
            IllegalMoveRefused(text)
            | UnreadableMove(text)
            | DeclaredMoveInvalid(text)
            | NotPhysicallyPossible(text) => vec![("text", Arg::Text(text.clone()))],
            HistoryMoveAfterEnd(san) | DeclaredMoveDue(san) => {
                vec![("move", Arg::Text(san.clone()))]
            }
            TimeAdjusted { white, black } => {
                vec![("white", Arg::Delta(*white)), ("black", Arg::Delta(*black))]
            }
            ClocksSet { white, black } => vec![
                ("white", Arg::Millis(*white)),
                ("black", Arg::Millis(*black)),
            ],
            AmbiguousMove { text, candidates } => vec![
                ("text", Arg::Text(text.clone())),
                (
                    "candidates",
                    Arg::Count(i64::try_from(*candidates).unwrap_or(i64::MAX)),
                ),
            ],
            ClaimExamined { side, kind } => {
                vec![("side", Arg::Side(*side)), ("claim", Arg::Claim(*kind))]
            }
            IllegalMoveMade { side, text } | SealedMovePlayed { side, text } => {
                vec![
                    ("side", Arg::Side(*side)),
                    ("text", Arg::Text(text.clone())),
                ]
            }
            IllegalMovePenalty {
                offender,
                bonus,
                count,
            } => vec![
                ("offender", Arg::Side(*offender)),
                ("bonus", Arg::Millis(*bonus)),
                ("count", Arg::Count(i64::from(*count))),
            ],
            IllegalMoveCompleted {
                offender,
                unplayable,
            } => vec![
                ("offender", Arg::Side(*offender)),
                ("unplayable", Arg::Bool(*unplayable)),
            ],
            TouchEmptySquare(square) => vec![("square", Arg::Square(*square))],
            Touched { side, square } => {
                vec![("side", Arg::Side(*side)), ("square", Arg::Square(*square))]
            }
            QuickplayPostponed { claimant, bonus } | QuickplayRejected { claimant, bonus } => {
                vec![
                    ("claimant", Arg::Side(*claimant)),
                    ("bonus", Arg::Millis(*bonus)),
                ]
            }
            EarlyAdjournment { side, until } => {
                vec![("side", Arg::Side(*side)), ("until", Arg::Instant(*until))]
            }
            SealedMoveInvalid { side, text, kind } => vec![
                ("side", Arg::Side(*side)),
                ("text", Arg::Text(text.clone())),
                ("kind", Arg::Code(kind)),
            ],
            ClaimIncorrect { side, taken, bonus } => vec![
                ("side", Arg::Side(*side)),
                ("taken", Arg::Millis(*taken)),
                ("bonus", Arg::Millis(*bonus)),
            ],
        }
    }

    /// One note of every variant, with made-up data, in declaration order:
    /// for the tests of whatever renders notes (every variant must have its
    /// words, in every language).
    pub fn examples() -> Vec<Note> {
        use shakmaty::Color::{Black, White};
        use Note::*;
        let text = || "Nf3".to_owned();
        let all = vec![
            GameOver(Outcome::new(
                GameResult::WhiteWins,
                Termination::Checkmate,
                "5.1a",
            )),
            DeadPosition,
            FlagFell(White),
            FlagFellUnclaimed(Black),
            ArbiterMustRuleOnMate(White),
            OutOfOrder,
            TimeOutOfRange("set_clocks"),
            HistoryMoveAfterEnd(text()),
            PressWithoutMove(Black),
            OfferDeclinedByTouch(White),
            TouchClaimRightLost(Black),
            RightLostByTouch(White),
            NoClockToRestore,
            SealedMoveNotPlayed(Black),
            GameStarted(White),
            AbsentAtStart(Black),
            NotStarted,
            ClocksStopped,
            ClocksRestarted,
            ClocksStoppedByArbiter,
            TimeAdjusted {
                white: 120_000,
                black: -1_500,
            },
            GameAlreadyOver,
            AwaitingRuling,
            ClocksSet {
                white: 5_400_000,
                black: 90_500,
            },
            NotHandled("offer_draw"),
            AmbiguousMove {
                text: "Nd2".into(),
                candidates: 2,
            },
            IllegalMoveRefused("Ke4".into()),
            UnreadableMove("Zz9".into()),
            DeclaredMoveDue(text()),
            ClockNotPressed(White),
            OfferDeclinedByMove(Black),
            NotYourMove(White),
            NothingToPress(Black),
            OfferAlreadyPending(White),
            OfferMade(Black),
            OfferAtWrongMoment(White),
            OfferLapsedGameOver,
            AgreementTooEarly,
            NoOfferToAnswer(Black),
            OfferDeclined(White),
            FlagNotFallen(Black),
            FlagClaimValid(White),
            FlagClaimOwnFallen(Black),
            ClaimWithoutTheMove(White),
            ClaimExamined {
                side: Black,
                kind: ClaimKind::Threefold,
            },
            DeclaredMoveInvalid("Ng9".into()),
            RightLost(White),
            NotPhysicallyPossible("e1e8".into()),
            IllegalMoveWithdrawn(Black),
            IllegalMoveMade {
                side: White,
                text: "e1d1".into(),
            },
            PawnBecomesQueen(Black),
            ArbiterIntervenes(White),
            ReplacingMoveTouched(Black),
            PositionReinstated(White),
            IllegalMovePenalty {
                offender: Black,
                bonus: 120_000,
                count: 1,
            },
            IllegalMoveCompleted {
                offender: White,
                unplayable: true,
            },
            IllegalMoveStands(Black),
            ArbiterActsOnIllegalMoves,
            NoIllegalMoveToClaim(White),
            IllegalClaimValid(Black),
            TouchWithoutTheMove(White),
            TouchEmptySquare(Square::E4),
            Touched {
                side: Black,
                square: Square::G8,
            },
            TouchedPieceMustMove(White),
            TouchMoveNotEnforced(Black),
            NoTouchBreach(White),
            TouchMoveApplied(Black),
            TooLateAfterThreeMoves(White),
            InitialPositionCorrect(Black),
            KingQueenSwapped,
            BoardTransferred,
            ClockSettingExamined,
            QuickplayExcluded,
            NotQuickplayFinish,
            QuickplayFlagFallen(White),
            QuickplayTooMuchTime(Black),
            QuickplayClaim(White),
            QuickplayNoArbiter(Black),
            RulingAfterFlag,
            NothingToRule,
            QuickplayPostponed {
                claimant: White,
                bonus: 120_000,
            },
            QuickplayRejected {
                claimant: Black,
                bonus: 120_000,
            },
            BothFlagsGameGoesOn,
            OddsMoveGivesCheck,
            NotAdjourned,
            AdjournmentOutOfTurn,
            NotYourSeal(White),
            MustSeal(Black),
            EarlyAdjournment {
                side: White,
                until: 14_400_000,
            },
            BoardMoveIsSealed(Black),
            MoveSealed(White),
            GameAdjourned(Black),
            EnvelopeLost,
            Resumed,
            SealerReplays(White),
            EnvelopeOpened,
            ReplierAbsentClockStarted(Black),
            ReplyOpened,
            SealedMovePlayed {
                side: White,
                text: text(),
            },
            SealedMoveInvalid {
                side: Black,
                text: "Qh9".into(),
                kind: "unreadable",
            },
            ReplySealed(White),
            ArbiterSetsClocks,
            MovesAfterErrorAnnulled,
            ClockErrorCorrected,
            ClockErrorTooSevere,
            ClaimStandsAsOffer(Black),
            ClaimIncorrect {
                side: White,
                taken: 150_000,
                bonus: 180_000,
            },
        ];
        // A new variant does not compile here until it has an arm: give it
        // an example above too (the tests check that the examples' codes are
        // distinct, and the catalogue that each message has its example).
        for note in &all {
            match note {
                GameOver(_)
                | DeadPosition
                | FlagFell(_)
                | FlagFellUnclaimed(_)
                | ArbiterMustRuleOnMate(_)
                | OutOfOrder
                | TimeOutOfRange(_)
                | HistoryMoveAfterEnd(_)
                | PressWithoutMove(_)
                | OfferDeclinedByTouch(_)
                | TouchClaimRightLost(_)
                | RightLostByTouch(_)
                | NoClockToRestore
                | SealedMoveNotPlayed(_)
                | GameStarted(_)
                | AbsentAtStart(_)
                | NotStarted
                | ClocksStopped
                | ClocksRestarted
                | ClocksStoppedByArbiter
                | TimeAdjusted { .. }
                | GameAlreadyOver
                | AwaitingRuling
                | ClocksSet { .. }
                | NotHandled(_)
                | AmbiguousMove { .. }
                | IllegalMoveRefused(_)
                | UnreadableMove(_)
                | DeclaredMoveDue(_)
                | ClockNotPressed(_)
                | OfferDeclinedByMove(_)
                | NotYourMove(_)
                | NothingToPress(_)
                | OfferAlreadyPending(_)
                | OfferMade(_)
                | OfferAtWrongMoment(_)
                | OfferLapsedGameOver
                | AgreementTooEarly
                | NoOfferToAnswer(_)
                | OfferDeclined(_)
                | FlagNotFallen(_)
                | FlagClaimValid(_)
                | FlagClaimOwnFallen(_)
                | ClaimWithoutTheMove(_)
                | ClaimExamined { .. }
                | DeclaredMoveInvalid(_)
                | RightLost(_)
                | NotPhysicallyPossible(_)
                | IllegalMoveWithdrawn(_)
                | IllegalMoveMade { .. }
                | PawnBecomesQueen(_)
                | ArbiterIntervenes(_)
                | ReplacingMoveTouched(_)
                | PositionReinstated(_)
                | IllegalMovePenalty { .. }
                | IllegalMoveCompleted { .. }
                | IllegalMoveStands(_)
                | ArbiterActsOnIllegalMoves
                | NoIllegalMoveToClaim(_)
                | IllegalClaimValid(_)
                | TouchWithoutTheMove(_)
                | TouchEmptySquare(_)
                | Touched { .. }
                | TouchedPieceMustMove(_)
                | TouchMoveNotEnforced(_)
                | NoTouchBreach(_)
                | TouchMoveApplied(_)
                | TooLateAfterThreeMoves(_)
                | InitialPositionCorrect(_)
                | KingQueenSwapped
                | BoardTransferred
                | ClockSettingExamined
                | QuickplayExcluded
                | NotQuickplayFinish
                | QuickplayFlagFallen(_)
                | QuickplayTooMuchTime(_)
                | QuickplayClaim(_)
                | QuickplayNoArbiter(_)
                | RulingAfterFlag
                | NothingToRule
                | QuickplayPostponed { .. }
                | QuickplayRejected { .. }
                | BothFlagsGameGoesOn
                | OddsMoveGivesCheck
                | NotAdjourned
                | AdjournmentOutOfTurn
                | NotYourSeal(_)
                | MustSeal(_)
                | EarlyAdjournment { .. }
                | BoardMoveIsSealed(_)
                | MoveSealed(_)
                | GameAdjourned(_)
                | EnvelopeLost
                | Resumed
                | SealerReplays(_)
                | EnvelopeOpened
                | ReplierAbsentClockStarted(_)
                | ReplyOpened
                | SealedMovePlayed { .. }
                | SealedMoveInvalid { .. }
                | ReplySealed(_)
                | ArbiterSetsClocks
                | MovesAfterErrorAnnulled
                | ClockErrorCorrected
                | ClockErrorTooSevere
                | ClaimStandsAsOffer(_)
                | ClaimIncorrect { .. } => {}
            }
        }
        all
    }

    /// The kind of decision (refused, offer, breach, …).
    pub fn decision(&self) -> DecisionKind {
        use Note::*;
        match self {
            GameOver(_) => DecisionKind::Result,
            DeadPosition => DecisionKind::DeadPosition,
            FlagFell(_) | FlagFellUnclaimed(_) => DecisionKind::Flag,
            ArbiterMustRuleOnMate(_) => DecisionKind::RulingNeeded,
            ClocksSet { .. } => DecisionKind::ClocksSet,
            OfferMade(_) | ClaimStandsAsOffer(_) => DecisionKind::Offer,
            MustSeal(_)
            | EarlyAdjournment { .. }
            | BoardMoveIsSealed(_)
            | MoveSealed(_)
            | ReplySealed(_) => DecisionKind::Adjournment,
            EnvelopeLost
            | Resumed
            | SealerReplays(_)
            | EnvelopeOpened
            | ReplierAbsentClockStarted(_)
            | ReplyOpened
            | SealedMovePlayed { .. }
            | ArbiterSetsClocks
            | MovesAfterErrorAnnulled
            | ClockErrorCorrected
            | ClockErrorTooSevere => DecisionKind::Resumption,
            SealedMoveInvalid { .. } => DecisionKind::SealedMoveInvalid,
            NotAdjourned | AdjournmentOutOfTurn | NotYourSeal(_) | GameAdjourned(_) => {
                DecisionKind::Refused
            }
            IllegalMoveMade { .. } => DecisionKind::IllegalMove,
            IllegalMoveWithdrawn(_) | PositionReinstated(_) | PawnBecomesQueen(_) => {
                DecisionKind::Reinstated
            }
            ArbiterIntervenes(_) | IllegalClaimValid(_) => DecisionKind::ClaimValid,
            ReplacingMoveTouched(_)
            | Touched { .. }
            | TouchMoveNotEnforced(_)
            | TouchMoveApplied(_) => DecisionKind::TouchMove,
            IllegalMovePenalty { .. } | QuickplayPostponed { .. } | QuickplayRejected { .. } => {
                DecisionKind::Penalty
            }
            IllegalMoveCompleted { .. } | IllegalMoveStands(_) => DecisionKind::IllegalMoveStands,
            KingQueenSwapped | BoardTransferred | ClockSettingExamined | BothFlagsGameGoesOn => {
                DecisionKind::Ruling
            }
            QuickplayClaim(_) | QuickplayNoArbiter(_) | RulingAfterFlag => DecisionKind::Claim,
            NotPhysicallyPossible(_)
            | ArbiterActsOnIllegalMoves
            | NoIllegalMoveToClaim(_)
            | TouchWithoutTheMove(_)
            | TouchEmptySquare(_)
            | TouchedPieceMustMove(_)
            | NoTouchBreach(_)
            | TooLateAfterThreeMoves(_)
            | InitialPositionCorrect(_)
            | QuickplayExcluded
            | NotQuickplayFinish
            | QuickplayFlagFallen(_)
            | QuickplayTooMuchTime(_)
            | NothingToRule
            | OddsMoveGivesCheck => DecisionKind::Refused,
            OfferAtWrongMoment(_) => DecisionKind::Breach,
            OfferDeclined(_)
            | OfferDeclinedByMove(_)
            | OfferDeclinedByTouch(_)
            | OfferLapsedGameOver => DecisionKind::OfferLapsed,
            PressWithoutMove(_) => DecisionKind::IllegalMove,
            NoClockToRestore => DecisionKind::Resumption,
            GameStarted(_) | AbsentAtStart(_) => DecisionKind::Start,
            ClocksStopped | ClocksRestarted => DecisionKind::Clocks,
            TimeAdjusted { .. } => DecisionKind::TimeAdjusted,
            NotStarted | ClocksStoppedByArbiter => DecisionKind::Refused,
            RightLostByTouch(_) | TouchClaimRightLost(_) => DecisionKind::RightLost,
            ClockNotPressed(_) => DecisionKind::Clock,
            ClaimExamined { .. } => DecisionKind::Claim,
            FlagClaimValid(_) => DecisionKind::ClaimValid,
            ClaimIncorrect { .. } => DecisionKind::Penalty,
            RightLost(_) => DecisionKind::RightLost,
            DeclaredMoveInvalid(_) => DecisionKind::ClaimIncorrect,
            OutOfOrder
            | TimeOutOfRange(_)
            | SealedMoveNotPlayed(_)
            | HistoryMoveAfterEnd(_)
            | GameAlreadyOver
            | AwaitingRuling
            | NotHandled(_)
            | AmbiguousMove { .. }
            | IllegalMoveRefused(_)
            | UnreadableMove(_)
            | DeclaredMoveDue(_)
            | NotYourMove(_)
            | NothingToPress(_)
            | OfferAlreadyPending(_)
            | AgreementTooEarly
            | NoOfferToAnswer(_)
            | FlagNotFallen(_)
            | FlagClaimOwnFallen(_)
            | ClaimWithoutTheMove(_) => DecisionKind::Refused,
        }
    }
}

fn side(c: Color, lang: Lang) -> &'static str {
    match (c, lang) {
        (Color::White, Lang::En) => "White",
        (Color::Black, Lang::En) => "Black",
        (Color::White, Lang::Fr) => "les Blancs",
        (Color::Black, Lang::Fr) => "les Noirs",
    }
}

fn pick(lang: Lang, en: String, fr: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Fr => fr,
    }
}

fn fr_of(c: Color) -> &'static str {
    match c {
        Color::White => "Blancs",
        Color::Black => "Noirs",
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn secs(ms: Millis) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.3} s", ms as f64 / 1000.0)
    }
}

fn claim(kind: ClaimKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (ClaimKind::Threefold, Lang::En) => "a draw by threefold repetition",
        (ClaimKind::FiftyMoves, Lang::En) => "a draw by the fifty-move rule",
        (ClaimKind::Flag, Lang::En) => "a win on time",
        (ClaimKind::IllegalMove, Lang::En) => "an illegal move",
        (ClaimKind::Quickplay, Lang::En) => "a draw in the quickplay finish",
        (ClaimKind::Threefold, Lang::Fr) => "la nullité par triple répétition",
        (ClaimKind::FiftyMoves, Lang::Fr) => "la nullité par la règle des 50 coups",
        (ClaimKind::Flag, Lang::Fr) => "le gain au temps",
        (ClaimKind::IllegalMove, Lang::Fr) => "un coup illégal",
        (ClaimKind::Quickplay, Lang::Fr) => "la nullité en fin de partie au K.O.",
        (ClaimKind::TouchMove, Lang::En) => "the application of touch-move",
        (ClaimKind::TouchMove, Lang::Fr) => "l'application de la règle de la pièce touchée",
        (ClaimKind::InitialPosition, Lang::En) => "an incorrect initial position",
        (ClaimKind::InitialPosition, Lang::Fr) => "une position initiale incorrecte",
        (ClaimKind::BoardOrientation, Lang::En) => "a wrongly placed board",
        (ClaimKind::BoardOrientation, Lang::Fr) => "un échiquier mal orienté",
        (ClaimKind::ClockSetting, Lang::En) => "a wrong clock setting",
        (ClaimKind::ClockSetting, Lang::Fr) => "un mauvais réglage des pendules",
    }
}

fn termination(t: Termination, lang: Lang) -> &'static str {
    use Termination::*;
    match lang {
        Lang::En => match t {
            Checkmate => "checkmate",
            Resignation => "resignation",
            Stalemate => "stalemate",
            DeadPosition => "dead position: no series of legal moves can lead to checkmate",
            Agreement => "agreement",
            ThreefoldRepetition => "threefold repetition, correctly claimed",
            FiftyMoves => "fifty moves without pawn move or capture, correctly claimed",
            FivefoldRepetition => "the same position for the fifth time",
            SeventyFiveMoves => "seventy-five moves by each player without pawn move or capture",
            TimeForfeit => "the flag fell",
            TimeForfeitDraw => {
                "the flag fell, but the opponent cannot checkmate by any series of legal moves"
            }
            BothFlags => "both flags fell",
            IllegalMove => "illegal move",
            IllegalMoveDraw => "illegal move, but the claimant cannot checkmate",
            SealedMoveInvalid => "the sealed move is ambiguous, false or illegal",
            LateForResumption => "late for the resumption",
            QuickplayFinish => "the arbiter's decision in the quickplay finish",
            Annulled => "the game is annulled",
            LateArrival => "a player arrived after the default time",
            ArbiterDecision => "the arbiter's decision",
        },
        Lang::Fr => match t {
            Checkmate => "échec et mat",
            Resignation => "abandon",
            Stalemate => "pat",
            DeadPosition => "position morte : aucune suite de coups légaux ne peut mener au mat",
            Agreement => "accord mutuel",
            ThreefoldRepetition => "triple répétition, réclamée à bon droit",
            FiftyMoves => "50 coups sans mouvement de pion ni prise, réclamés à bon droit",
            FivefoldRepetition => "la même position pour la cinquième fois",
            SeventyFiveMoves => "75 coups de chaque joueur sans mouvement de pion ni prise",
            TimeForfeit => "chute du drapeau",
            TimeForfeitDraw => {
                "chute du drapeau, mais l'adversaire ne peut mater par aucune suite de coups légaux"
            }
            BothFlags => "les deux drapeaux sont tombés",
            IllegalMove => "coup illégal",
            IllegalMoveDraw => "coup illégal, mais le demandeur ne peut pas mater",
            SealedMoveInvalid => "le coup sous enveloppe est ambigu, faux ou illégal",
            LateForResumption => "retard à la reprise",
            QuickplayFinish => "décision de l'arbitre en fin de partie au K.O.",
            Annulled => "la partie est annulée",
            LateArrival => "un joueur est arrivé après le délai de forfait",
            ArbiterDecision => "décision de l'arbitre",
        },
    }
}

fn result(r: GameResult, lang: Lang) -> String {
    match (r, lang) {
        (GameResult::WhiteWins, Lang::En) => "White wins".into(),
        (GameResult::BlackWins, Lang::En) => "Black wins".into(),
        (GameResult::Draw, Lang::En) => "Drawn".into(),
        (GameResult::Annulled, Lang::En) => "Annulled".into(),
        (GameResult::WhiteByForfeit, Lang::En) => "White wins by forfeit".into(),
        (GameResult::BlackByForfeit, Lang::En) => "Black wins by forfeit".into(),
        (GameResult::BothLose, Lang::En) => "Both players lose".into(),
        (GameResult::WhiteByForfeit, Lang::Fr) => "Les Blancs gagnent par forfait".into(),
        (GameResult::BlackByForfeit, Lang::Fr) => "Les Noirs gagnent par forfait".into(),
        (GameResult::BothLose, Lang::Fr) => "Les deux joueurs perdent".into(),
        (GameResult::WhiteWins, Lang::Fr) => "Les Blancs gagnent".into(),
        (GameResult::BlackWins, Lang::Fr) => "Les Noirs gagnent".into(),
        (GameResult::Draw, Lang::Fr) => "Partie nulle".into(),
        (GameResult::Annulled, Lang::Fr) => "Partie annulée".into(),
    }
}

impl Note {
    /// One line saying what was decided and why.
    pub fn text(&self, lang: Lang) -> String {
        use Note::*;
        let fr = lang == Lang::Fr;
        match self {
            GameOver(o) => format!(
                "{}: {}",
                result(o.result, lang),
                termination(o.termination, lang)
            ),
            DeadPosition => {
                if fr {
                    "La partie est nulle : un mat ne peut se produire par aucune suite de coups légaux".into()
                } else {
                    "The game is drawn: checkmate cannot occur by any series of legal moves".into()
                }
            }
            FlagFell(c) => {
                if fr {
                    format!(
                        "Le drapeau des {} est tombé",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s flag has fallen", side(*c, lang))
                }
            }
            FlagFellUnclaimed(c) => {
                if fr {
                    format!(
                        "Le drapeau des {} est tombé ; il ne compte que sur réclamation fondée",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!(
                        "{}'s flag has fallen; it counts only on a valid claim",
                        side(*c, lang)
                    )
                }
            }
            ArbiterMustRuleOnMate(c) => {
                if fr {
                    format!("La recherche n'a pas pu établir si {} peuvent mater : l'arbitre doit trancher", side(*c, lang))
                } else {
                    format!("The search could not establish whether {} can checkmate: the arbiter must rule", side(*c, lang))
                }
            }
            OutOfOrder => {
                if fr {
                    "Événement antérieur au précédent : ignoré".into()
                } else {
                    "Event earlier than the previous one: ignored".into()
                }
            }
            GameAlreadyOver => {
                if fr {
                    "Refusé : la partie est terminée".into()
                } else {
                    "Refused: the game is over".into()
                }
            }
            AwaitingRuling => {
                if fr {
                    "Refusé : une décision de l'arbitre est attendue".into()
                } else {
                    "Refused: an arbiter's ruling is awaited".into()
                }
            }
            ClocksSet { white, black } => {
                if fr {
                    format!(
                        "L'arbitre règle les pendules : Blancs {}, Noirs {}",
                        secs(*white),
                        secs(*black)
                    )
                } else {
                    format!(
                        "The arbiter sets the clocks: White {}, Black {}",
                        secs(*white),
                        secs(*black)
                    )
                }
            }
            NotHandled(what) => {
                if fr {
                    format!("Refusé : « {what} » n'est pas une action de celui qui l'a faite, ou pas à ce moment")
                } else {
                    format!("Refused: `{what}` is not an action of whoever made it, or not at this moment")
                }
            }
            AmbiguousMove { text, candidates } => {
                if fr {
                    format!("Refusé : « {text} » désigne {candidates} coups légaux")
                } else {
                    format!("Refused: `{text}` designates {candidates} legal moves")
                }
            }
            IllegalMoveRefused(text) => {
                if fr {
                    format!("Refusé : « {text} » ne désigne aucun coup légal")
                } else {
                    format!("Refused: `{text}` designates no legal move")
                }
            }
            UnreadableMove(text) => {
                if fr {
                    format!("Refusé : « {text} » ne peut être lu comme un coup")
                } else {
                    format!("Refused: `{text}` cannot be read as a move")
                }
            }
            DeclaredMoveDue(san) => {
                if fr {
                    format!(
                        "Refusé : le coup déclaré lors de la réclamation, {san}, doit être joué"
                    )
                } else {
                    format!("Refused: the move declared in the claim, {san}, must be played")
                }
            }
            ClockNotPressed(c) => {
                if fr {
                    format!("{} n'avaient pas appuyé sur la pendule ; elle a tourné jusqu'au coup adverse", cap(side(*c, lang)))
                } else {
                    format!(
                        "{} had not pressed the clock; it ran until the opponent moved",
                        side(*c, lang)
                    )
                }
            }
            OfferDeclinedByMove(c) => {
                if fr {
                    format!(
                        "{} déclinent l'offre de nullité en jouant un coup",
                        cap(side(*c, lang))
                    )
                } else {
                    format!(
                        "{} declines the draw offer by making a move",
                        side(*c, lang)
                    )
                }
            }
            NotYourMove(c) => {
                if fr {
                    format!(
                        "Refusé : ce n'est pas aux {} de jouer",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: it is not {}'s move", side(*c, lang))
                }
            }
            NothingToPress(c) => {
                if fr {
                    format!("Refusé : {} n'ont pas de coup à compléter", side(*c, lang))
                } else {
                    format!("Refused: {} has no move to complete", side(*c, lang))
                }
            }
            OfferAlreadyPending(c) => {
                if fr {
                    format!(
                        "L'offre des {} est déjà en cours",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s offer is already pending", side(*c, lang))
                }
            }
            OfferMade(c) => {
                if fr {
                    format!("{} proposent la nullité (=)", cap(side(*c, lang)))
                } else {
                    format!("{} offers a draw (=)", side(*c, lang))
                }
            }
            OfferAtWrongMoment(c) => {
                if fr {
                    format!("L'offre des {} est valable mais n'a pas été faite entre le coup et l'appui sur la pendule", if *c == Color::White { "Blancs" } else { "Noirs" })
                } else {
                    format!("{}'s offer is valid but was not made between making a move and pressing the clock", side(*c, lang))
                }
            }
            OfferLapsedGameOver => {
                if fr {
                    "L'offre de nullité tombe : la partie est terminée".into()
                } else {
                    "The draw offer lapses: the game is over".into()
                }
            }
            AgreementTooEarly => {
                if fr {
                    "Refusé : chaque joueur doit avoir joué au moins un coup".into()
                } else {
                    "Refused: each player must have made at least one move".into()
                }
            }
            NoOfferToAnswer(_) => {
                if fr {
                    "Refusé : aucune offre de nullité de l'adversaire n'est en cours".into()
                } else {
                    "Refused: no draw offer by the opponent is pending".into()
                }
            }
            OfferDeclined(c) => {
                if fr {
                    format!("{} déclinent l'offre de nullité", cap(side(*c, lang)))
                } else {
                    format!("{} declines the draw offer", side(*c, lang))
                }
            }
            FlagNotFallen(c) => {
                if fr {
                    format!(
                        "Refusé : le drapeau des {} n'est pas tombé",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: {}'s flag has not fallen", side(*c, lang))
                }
            }
            FlagClaimValid(c) => {
                if fr {
                    format!("Réclamation fondée des {} : leur drapeau est debout, celui de l'adversaire est tombé", if *c == Color::White { "Blancs" } else { "Noirs" })
                } else {
                    format!(
                        "{}'s claim is valid: own flag up, the opponent's down",
                        side(*c, lang)
                    )
                }
            }
            FlagClaimOwnFallen(c) => {
                if fr {
                    format!(
                        "Refusé : le drapeau des {} est tombé lui aussi",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: {}'s own flag has fallen", side(*c, lang))
                }
            }
            ClaimWithoutTheMove(c) => {
                if fr {
                    format!(
                        "Refusé : seul le joueur ayant le trait peut réclamer ; {} ne l'ont pas",
                        side(*c, lang)
                    )
                } else {
                    format!(
                        "Refused: only the player having the move may claim; {} does not have it",
                        side(*c, lang)
                    )
                }
            }
            ClaimExamined { side: c, kind } => {
                if fr {
                    format!(
                        "{} réclament {} ; les deux pendules sont arrêtées",
                        cap(side(*c, lang)),
                        claim(*kind, lang)
                    )
                } else {
                    format!(
                        "{} claims {}; both clocks are stopped",
                        side(*c, lang),
                        claim(*kind, lang)
                    )
                }
            }
            DeclaredMoveInvalid(text) => {
                if fr {
                    format!("Le coup déclaré « {text} » ne désigne pas un unique coup légal")
                } else {
                    format!("The declared move `{text}` designates no single legal move")
                }
            }
            RightLost(c) => {
                if fr {
                    format!(
                        "{} ont joué au lieu de réclamer : ce droit est perdu",
                        cap(side(*c, lang))
                    )
                } else {
                    format!(
                        "{} moved instead of claiming: that right was lost",
                        side(*c, lang)
                    )
                }
            }
            NotPhysicallyPossible(text) => pick(lang, format!("Refused: `{text}` is not a move that can be made on the board"), format!("Refusé : « {text} » ne peut pas être joué sur l'échiquier")),
            IllegalMoveWithdrawn(c) => pick(lang, format!("{} replaces the uncompleted illegal move", side(*c, lang)), format!("{} remplacent le coup illégal non complété", cap(side(*c, lang)))),
            IllegalMoveMade { side: c, text } => pick(lang, format!("{} makes the illegal move {text}", side(*c, lang)), format!("{} jouent le coup illégal {text}", cap(side(*c, lang)))),
            PawnBecomesQueen(c) => pick(lang, format!("{}'s pawn on the last rank was not replaced: it becomes a queen", side(*c, lang)), format!("Le pion des {} sur la dernière rangée n'a pas été remplacé : il devient une dame", fr_of(*c))),
            ArbiterIntervenes(c) => pick(lang, format!("The arbiter intervenes without a claim on {}'s illegal move", side(*c, lang)), format!("L'arbitre intervient sans réclamation sur le coup illégal des {}", fr_of(*c))),
            ReplacingMoveTouched(c) => pick(lang, format!("{} must replace it with a move of the piece touched, if it has one", side(*c, lang)), format!("{} doivent le remplacer par un coup de la pièce touchée, si elle en a un", cap(side(*c, lang)))),
            PositionReinstated(c) => pick(lang, format!("The position before {}'s illegal move is reinstated", side(*c, lang)), format!("La position d'avant le coup illégal des {} est rétablie", fr_of(*c))),
            IllegalMovePenalty { offender, bonus, count } => pick(lang, format!("Illegal move number {count} by {}: {} added to the opponent", side(*offender, lang), secs(*bonus)), format!("Coup illégal n° {count} des {} : {} ajoutées à l'adversaire", fr_of(*offender), secs(*bonus))),
            IllegalMoveCompleted { offender, unplayable } => {
                let extra = if *unplayable { pick(lang, "; the position cannot be played on".into(), " ; la position ne peut pas être jouée".into()) } else { String::new() };
                pick(lang, format!("{}'s illegal move is completed: it stands unless the opponent claims before moving{extra}", side(*offender, lang)), format!("Le coup illégal des {} est complété : il reste acquis sauf réclamation de l'adversaire avant son coup{extra}", fr_of(*offender)))
            }
            IllegalMoveStands(c) => pick(lang, format!("The opponent moved: {}'s illegal move can no longer be corrected", side(*c, lang)), format!("L'adversaire a joué : le coup illégal des {} ne peut plus être corrigé", fr_of(*c))),
            ArbiterActsOnIllegalMoves => pick(lang, "Refused: the arbiter acts on illegal moves himself".into(), "Refusé : l'arbitre agit lui-même sur les coups illégaux".into()),
            NoIllegalMoveToClaim(_) => pick(lang, "Refused: no illegal move of the opponent is open to a claim".into(), "Refusé : aucun coup illégal de l'adversaire ne peut être réclamé".into()),
            IllegalClaimValid(c) => pick(lang, format!("{}'s claim of an illegal move is valid", side(*c, lang)), format!("La réclamation des {} pour coup illégal est fondée", fr_of(*c))),
            TouchWithoutTheMove(c) => pick(lang, format!("Refused: {} does not have the move", side(*c, lang)), format!("Refusé : les {} n'ont pas le trait", fr_of(*c))),
            TouchEmptySquare(sq) => pick(lang, format!("Refused: no piece on {sq}"), format!("Refusé : aucune pièce en {sq}")),
            Touched { side: c, square } => pick(lang, format!("{} touches the piece on {square}", side(*c, lang)), format!("{} touchent la pièce en {square}", cap(side(*c, lang)))),
            TouchedPieceMustMove(c) => pick(lang, format!("Refused: {} must move or capture the piece touched", side(*c, lang)), format!("Refusé : les {} doivent jouer ou prendre la pièce touchée", fr_of(*c))),
            TouchMoveNotEnforced(c) => pick(lang, format!("{}'s move breaks touch-move; art. 4 applies only if the opponent asks", side(*c, lang)), format!("Le coup des {} enfreint la règle de la pièce touchée ; l'article 4 ne s'applique qu'à la demande de l'adversaire", fr_of(*c))),
            TimeOutOfRange(what) => pick(lang, format!("Refused: the time `{what}` is outside 0 to one year"), format!("Refusé : le temps `{what}` est hors de l'intervalle de 0 à un an")),
            HistoryMoveAfterEnd(san) => pick(lang, format!("Refused: {san} was written after the game had ended"), format!("Refusé : {san} a été noté après la fin de la partie")),
            PressWithoutMove(c) => pick(lang, format!("{} pressed the clock without making a move: penalised as an illegal move", cap(side(*c, lang))), format!("Les {} ont appuyé sur la pendule sans jouer : sanctionné comme un coup illégal", side(*c, lang))),
            OfferDeclinedByTouch(c) => pick(lang, format!("{} touched a piece: the draw offer is declined", cap(side(*c, lang))), format!("Les {} ont touché une pièce : l'offre de nullité est rejetée", side(*c, lang))),
            TouchClaimRightLost(c) => pick(lang, format!("Refused: {} touched a piece and lost the right to claim touch-move", side(*c, lang)), format!("Refusé : les {} ont touché une pièce et perdu le droit de réclamer", side(*c, lang))),
            RightLostByTouch(c) => pick(lang, format!("{} touched a piece and lost the right to claim a draw on this move", cap(side(*c, lang))), format!("Les {} ont touché une pièce et perdu le droit de réclamer la nullité pour ce coup", side(*c, lang))),
            GameStarted(c) => pick(lang, format!("The arbiter starts the game: {}'s clock runs", side(*c, lang)), format!("L'arbitre lance la partie : la pendule des {} tourne", side(*c, lang))),
            AbsentAtStart(c) => pick(lang, format!("{} is not at the board at the start", cap(side(*c, lang))), format!("Les {} ne sont pas à l'échiquier au début de la partie", side(*c, lang))),
            NotStarted => pick(lang, "Refused: the arbiter has not started the game".into(), "Refusé : l'arbitre n'a pas lancé la partie".into()),
            ClocksStopped => pick(lang, "The arbiter stops both clocks".into(), "L'arbitre arrête les deux pendules".into()),
            ClocksRestarted => pick(lang, "The arbiter restarts the clock".into(), "L'arbitre remet la pendule en marche".into()),
            ClocksStoppedByArbiter => pick(lang, "Refused: the arbiter has stopped the clocks".into(), "Refusé : l'arbitre a arrêté les pendules".into()),
            TimeAdjusted { white, black } => pick(lang, format!("The arbiter adjusts the times: White {:+.3} s, Black {:+.3} s", *white as f64 / 1000.0, *black as f64 / 1000.0), format!("L'arbitre corrige les temps : Blancs {:+.3} s, Noirs {:+.3} s", *white as f64 / 1000.0, *black as f64 / 1000.0)),
            SealedMoveNotPlayed(c) => pick(lang, format!("Refused: {} cannot play on the board while a sealed move waits in its envelope", side(*c, lang)), format!("Refusé : les {} ne peuvent pas jouer tant qu'un coup sous enveloppe n'est pas ouvert", side(*c, lang))),
            NoClockToRestore => pick(lang, "The game is played without a clock: no times to restore, the game goes on".into(), "La partie se joue sans pendule : aucun temps à rétablir, la partie continue".into()),
            NoTouchBreach(_) => pick(lang, "Refused: no move breaking touch-move to correct".into(), "Refusé : aucun coup enfreignant la règle de la pièce touchée".into()),
            TouchMoveApplied(c) => pick(lang, format!("Touch-move applied on request: {}'s move is taken back and the piece touched must be moved", side(*c, lang)), format!("Pièce touchée appliquée sur demande : le coup des {} est repris, la pièce touchée doit être jouée", fr_of(*c))),
            TooLateAfterThreeMoves(_) => pick(lang, "Refused: no such claim once each player has completed three moves".into(), "Refusé : plus de réclamation de ce genre après trois coups de chaque joueur".into()),
            InitialPositionCorrect(_) => pick(lang, "Refused: the initial position was correct".into(), "Refusé : la position initiale était correcte".into()),
            KingQueenSwapped => pick(lang, "King and queen were swapped in the initial position: the game goes on, that king may not castle".into(), "Roi et dame inversés dans la position initiale : la partie continue, ce roi ne peut pas roquer".into()),
            BoardTransferred => pick(lang, "The game goes on: the position is transferred to a correctly placed board".into(), "La partie continue : la position est reportée sur un échiquier correctement placé".into()),
            ClockSettingExamined => pick(lang, "The arbiter examines the clock setting and sets the clocks if needed".into(), "L'arbitre vérifie le réglage des pendules et les règle au besoin".into()),
            QuickplayExcluded => pick(lang, "Refused: no such claim in blitz, with an increment or a delay, or where the guidelines were not announced".into(), "Refusé : pas de telle réclamation en blitz, avec incrément ou délai, ou si les directives n'ont pas été annoncées".into()),
            NotQuickplayFinish => pick(lang, "Refused: the game is not in its quickplay finish (the last period)".into(), "Refusé : la partie n'est pas dans sa phase finale au K.O. (dernière période)".into()),
            QuickplayFlagFallen(c) => pick(lang, format!("Refused: {}'s flag has already fallen", side(*c, lang)), format!("Refusé : le drapeau des {} est déjà tombé", fr_of(*c))),
            QuickplayTooMuchTime(c) => pick(lang, format!("Refused: {} has two minutes or more", side(*c, lang)), format!("Refusé : les {} ont deux minutes ou plus", fr_of(*c))),
            QuickplayClaim(c) => pick(lang, format!("{} claims a draw with less than two minutes; the clocks are stopped and the arbiter must decide", side(*c, lang)), format!("{} réclament la nullité avec moins de deux minutes ; les pendules sont arrêtées, l'arbitre doit décider", cap(side(*c, lang)))),
            QuickplayNoArbiter(c) => pick(lang, format!("{} claims a draw with no arbiter present: the game ends; the claim, the final position and the scoresheet go to an arbiter, whose decision is final", side(*c, lang)), format!("{} réclament la nullité sans arbitre : la partie s'arrête ; la réclamation, la position finale et la feuille vont à un arbitre, qui décide sans appel", cap(side(*c, lang)))),
            RulingAfterFlag => pick(lang, "The claim was postponed: the arbiter now declares the result".into(), "La décision avait été différée : l'arbitre déclare maintenant le résultat".into()),
            NothingToRule => pick(lang, "Refused: no claim awaits a ruling".into(), "Refusé : aucune réclamation n'attend de décision".into()),
            QuickplayPostponed { claimant: _, bonus } => pick(lang, format!("The arbiter postpones his decision: {} added to the opponent; the game goes on", secs(*bonus)), format!("L'arbitre diffère sa décision : {} ajoutées à l'adversaire ; la partie continue", secs(*bonus))),
            QuickplayRejected { claimant: _, bonus } => pick(lang, format!("The arbiter rejects the claim: {} added to the opponent; the game goes on", secs(*bonus)), format!("L'arbitre rejette la réclamation : {} ajoutées à l'adversaire ; la partie continue", secs(*bonus))),
            BothFlagsGameGoesOn => pick(lang, "Both flags have fallen before the last period: the game goes on".into(), "Les deux drapeaux sont tombés avant la dernière période : la partie continue".into()),
            OddsMoveGivesCheck => pick(lang, "Refused: the receiver of odds cannot move again with the giver in check".into(), "Refusé : celui qui reçoit l'avantage ne peut rejouer si l'adversaire est en échec".into()),
            NotAdjourned => pick(lang, "Refused: the game is not adjourned".into(), "Refusé : la partie n'est pas ajournée".into()),
            AdjournmentOutOfTurn => pick(lang, "Refused: not at this stage of the adjournment".into(), "Refusé : pas à ce stade de l'ajournement".into()),
            NotYourSeal(c) => pick(lang, format!("Refused: {} has no move to seal", side(*c, lang)), format!("Refusé : les {} n'ont pas de coup à mettre sous enveloppe", fr_of(*c))),
            MustSeal(c) => pick(lang, format!("The session ends: {}, having the move, must seal it", side(*c, lang)), format!("Fin de séance : les {}, qui ont le trait, doivent mettre leur coup sous enveloppe", fr_of(*c))),
            EarlyAdjournment { side: c, until } => pick(lang, format!("{} adjourns before the session's end: deemed adjourned at {}, his clock runs until then", side(*c, lang), secs(*until)), format!("Les {} ajournent avant la fin de la séance : ajournement réputé à {}, leur pendule tourne jusque-là", fr_of(*c), secs(*until))),
            BoardMoveIsSealed(c) => pick(lang, format!("{} moved on the board after being told to seal: that move is the sealed move", side(*c, lang)), format!("Les {} ont joué sur l'échiquier après l'ordre de mettre sous enveloppe : ce coup est le coup sous enveloppe", fr_of(*c))),
            MoveSealed(c) => pick(lang, format!("{} seals the move; the clock is stopped and the game adjourned", side(*c, lang)), format!("Les {} mettent leur coup sous enveloppe ; la pendule est arrêtée, la partie ajournée", fr_of(*c))),
            GameAdjourned(_) => pick(lang, "Refused: the game is adjourned".into(), "Refusé : la partie est ajournée".into()),
            EnvelopeLost => pick(lang, "The envelope is lost: the game will go on from the adjourned position and times".into(), "L'enveloppe est perdue : la partie continuera à partir de la position et des temps de l'ajournement".into()),
            Resumed => pick(lang, "Play resumes: the adjourned position and the times are restored".into(), "Reprise : la position et les temps de l'ajournement sont rétablis".into()),
            SealerReplays(c) => pick(lang, format!("{} makes on the board the move he says he sealed", side(*c, lang)), format!("Les {} jouent sur l'échiquier le coup qu'ils disent avoir mis sous enveloppe", fr_of(*c))),
            EnvelopeOpened => pick(lang, "The player who must reply is present: the envelope is opened".into(), "Le joueur qui doit répondre est présent : l'enveloppe est ouverte".into()),
            ReplierAbsentClockStarted(c) => pick(lang, format!("{}, who must reply, is absent: his clock is started", side(*c, lang)), format!("Les {}, qui doivent répondre, sont absents : leur pendule est mise en marche", fr_of(*c))),
            ReplyOpened => pick(lang, "The sealer has arrived: the fresh envelope with the reply is opened".into(), "Le joueur arrive : la nouvelle enveloppe avec la réponse est ouverte".into()),
            SealedMovePlayed { side: c, text } => pick(lang, format!("{}'s sealed move {text} is played", side(*c, lang)), format!("Le coup sous enveloppe des {}, {text}, est joué", fr_of(*c))),
            SealedMoveInvalid { side: c, text, kind } => {
                let fr_kind = match *kind { "ambiguous" => "ambigu", "unreadable" => "impossible à lire", _ => "illégal" };
                pick(lang, format!("{}'s sealed move `{text}` is {kind}", side(*c, lang)), format!("Le coup sous enveloppe des {}, « {text} », est {fr_kind}", fr_of(*c)))
            }
            ReplySealed(c) => pick(lang, format!("{} seals his reply in a fresh envelope; the absent opponent's clock is started", side(*c, lang)), format!("Les {} mettent leur réponse sous une nouvelle enveloppe ; la pendule de l'absent est mise en marche", fr_of(*c))),
            ArbiterSetsClocks => pick(lang, "The times cannot be restored: the arbiter sets the clocks".into(), "Les temps ne peuvent être rétablis : l'arbitre règle les pendules".into()),
            MovesAfterErrorAnnulled => pick(lang, "The game was restored incorrectly: the moves since are annulled and the right position restored".into(), "La partie a été mal reconstituée : les coups suivants sont annulés et la position juste rétablie".into()),
            ClockErrorCorrected => pick(lang, "A clock error pointed out before the first move is corrected".into(), "Une erreur de pendule signalée avant le premier coup est corrigée".into()),
            ClockErrorTooSevere => pick(lang, "The arbiter corrects the clocks: the consequences of the error would be too severe".into(), "L'arbitre corrige les pendules : les conséquences de l'erreur seraient trop graves".into()),
            ClaimStandsAsOffer(c) => {
                if fr {
                    format!(
                        "La réclamation des {} vaut offre de nullité",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s claim counts as a draw offer", side(*c, lang))
                }
            }
            ClaimIncorrect {
                side: c,
                taken,
                bonus,
            } => {
                if fr {
                    format!("Réclamation injustifiée des {} : {} retirées au demandeur, {} ajoutées à l'adversaire ; la partie continue", if *c == Color::White { "Blancs" } else { "Noirs" }, secs(*taken), secs(*bonus))
                } else {
                    format!("{}'s claim is incorrect: {} taken from the claimant, {} added to the opponent; the game continues", side(*c, lang), secs(*taken), secs(*bonus))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_variant_has_an_example_with_its_own_code() {
        let examples = Note::examples();
        let codes: HashSet<&str> = examples.iter().map(Note::code).collect();
        assert_eq!(codes.len(), examples.len(), "two notes share a code");
        for code in codes {
            assert!(
                !code.is_empty()
                    && code
                        .split('-')
                        .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase())),
                "{code} is not kebab-case"
            );
        }
    }

    #[test]
    fn every_decision_kind_is_reachable_and_its_code_reads_back() {
        let reached: HashSet<DecisionKind> = Note::examples().iter().map(Note::decision).collect();
        for kind in DecisionKind::ALL {
            assert!(reached.contains(&kind), "no note decides {kind:?}");
            assert_eq!(DecisionKind::from_code(kind.code()), Some(kind));
        }
        let codes: HashSet<&str> = DecisionKind::ALL.iter().map(|k| k.code()).collect();
        assert_eq!(codes.len(), DecisionKind::ALL.len());
        assert_eq!(DecisionKind::from_code("refusal"), None);
    }

    #[test]
    fn args_carry_every_datum_once() {
        for note in Note::examples() {
            let args = note.args();
            let names: HashSet<&str> = args.iter().map(|(name, _)| *name).collect();
            assert_eq!(names.len(), args.len(), "{note:?}: a name twice");
        }
        assert_eq!(
            Note::IllegalMovePenalty {
                offender: Color::Black,
                bonus: 120_000,
                count: 2
            }
            .args(),
            vec![
                ("offender", Arg::Side(Color::Black)),
                ("bonus", Arg::Millis(120_000)),
                ("count", Arg::Count(2)),
            ]
        );
        assert_eq!(
            Note::TimeAdjusted {
                white: -1,
                black: 2
            }
            .args(),
            vec![("white", Arg::Delta(-1)), ("black", Arg::Delta(2))]
        );
    }
}
