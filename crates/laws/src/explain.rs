//! What each decision rests on: a [`Note`], with its kind
//! ([`DecisionKind`]), a stable code and typed data ([`Arg`]). The laws
//! crate keeps no sentence: the `arbitre-messages` catalogue says each note
//! in words, keyed by [`Note::code`] with the arguments of [`Note::args`].

use shakmaty::{Color, Square};

use crate::{
    clock::{Instant, Millis},
    edition::Article,
    event::{ActionKind, ClaimKind},
    outcome::{GameResult, Outcome, Termination},
};

/// A time of an event that can be out of the range the engine accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeField {
    /// The event's moment, `t`.
    Event,
    /// A time the arbiter sets a clock to.
    SetClocks,
    /// A time the arbiter adds or removes.
    AdjustTime,
}

impl TimeField {
    /// The key that holds it in a record (`t`, `set_clocks`, `adjust_time`).
    pub fn code(self) -> &'static str {
        match self {
            TimeField::Event => "t",
            TimeField::SetClocks => "set_clocks",
            TimeField::AdjustTime => "adjust_time",
        }
    }
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
    TimeOutOfRange(TimeField),
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
    /// Neither player is at the board at the start: the clock of `0`
    /// (White, in a game from the initial position) runs until he arrives
    /// (2005 6.6, 2023 6.7.2).
    NeitherPresent(Color),
    /// An action before the arbiter started the game.
    NotStarted,
    /// The arbiter stops both clocks (an interruption).
    ClocksStopped,
    /// The arbiter restarts the clock that ran.
    ClocksRestarted,
    /// An action at the board while the arbiter has stopped the clocks.
    ClocksStoppedByArbiter,
    /// An action at the board while the clocks are stopped for this
    /// player's call of the arbiter, not answered yet (2005 6.13b, 2023
    /// 6.11.2).
    ClocksStoppedForCall(Color),
    /// A player calls the arbiter and stops both clocks, as the edition
    /// lets him (2005 6.13b, 2023 6.11.2); they stay stopped until the
    /// arbiter restarts them.
    ArbiterCalled(Color),
    /// A player calls the arbiter; the edition gives him no clock to stop
    /// (online play): the clocks keep running.
    ArbiterCalledClocksRun(Color),
    /// The arbiter answers this player's call.
    CallAnswered(Color),
    /// A second call while the player's first is pending.
    CallAlreadyPending(Color),
    /// The arbiter answers a call no one made.
    NoCallToAnswer,
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
    NotHandled(ActionKind),
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
    /// A claim where nothing is claimed (online: the flag and the draws come
    /// by themselves).
    NothingToClaim(Color),
    /// A touch where moves are made with a device (online 3.2).
    NoTouchMove(Color),
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
    /// No quickplay claim in blitz, or with an increment or delay.
    QuickplayExcluded,
    /// The quickplay guidelines were not announced before the event (2023 III.2.1).
    QuickplayNotAnnounced,
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
        until: Instant,
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
    /// The game holds only the commitment to `Color`'s sealed move: the
    /// arbiter must open the envelope and give the move.
    EnvelopeToOpen(Color),
    /// The move and salt the arbiter gave do not open the commitment: not
    /// the move that was sealed.
    OpeningMismatch,
    /// An opening with no envelope waiting to be opened.
    NothingToOpen,
    /// An opening while the replier is absent: the envelope is opened when
    /// this player (the replier) arrives (A9b, 2023 Guidelines I).
    EnvelopeAwaitsArrival(Color),
    /// An opening before the resumption: the envelope is opened when the
    /// game is resumed.
    EnvelopeAwaitsResumption,
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
    /// The position set up wrongly is set up again as the envelope records it; no move was made since (1930 21.4, 21.8).
    PositionFromEnvelope,
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
    /// A player calls the arbiter, or the arbiter answers (`call`).
    Call,
}

impl DecisionKind {
    /// Every kind, in declaration order.
    pub const ALL: [DecisionKind; 27] = [
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
        DecisionKind::Call,
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
            DecisionKind::Call => "call",
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
    Instant(Instant),
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
            GameOver(o) if o.circumstance.is_some() => "game-over-because",
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
            NeitherPresent(_) => "neither-present",
            NotStarted => "not-started",
            ClocksStopped => "clocks-stopped",
            ClocksRestarted => "clocks-restarted",
            ClocksStoppedByArbiter => "clocks-stopped-by-arbiter",
            ClocksStoppedForCall(_) => "clocks-stopped-for-call",
            ArbiterCalled(_) => "arbiter-called",
            ArbiterCalledClocksRun(_) => "arbiter-called-clocks-run",
            CallAnswered(_) => "call-answered",
            CallAlreadyPending(_) => "call-already-pending",
            NoCallToAnswer => "no-call-to-answer",
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
            NothingToClaim(_) => "nothing-to-claim",
            NoTouchMove(_) => "no-touch-move",
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
            QuickplayNotAnnounced => "quickplay-not-announced",
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
            EnvelopeToOpen(_) => "envelope-to-open",
            OpeningMismatch => "opening-mismatch",
            NothingToOpen => "nothing-to-open",
            EnvelopeAwaitsArrival(_) => "envelope-awaits-arrival",
            EnvelopeAwaitsResumption => "envelope-awaits-resumption",
            SealedMovePlayed { .. } => "sealed-move-played",
            SealedMoveInvalid { .. } => "sealed-move-invalid",
            ReplySealed(_) => "reply-sealed",
            ArbiterSetsClocks => "arbiter-sets-clocks",
            MovesAfterErrorAnnulled => "moves-after-error-annulled",
            PositionFromEnvelope => "position-from-envelope",
            ClockErrorCorrected => "clock-error-corrected",
            ClockErrorTooSevere => "clock-error-too-severe",
            ClaimStandsAsOffer(_) => "claim-stands-as-offer",
            // nothing taken from the claimant (2023 9.5.3 adds time only;
            // 2005 9.5b takes none under three minutes): not said
            ClaimIncorrect { taken: 0, .. } => "claim-incorrect-time-added",
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
            GameOver(o) => {
                let mut args = vec![
                    ("result", Arg::Result(o.result)),
                    ("termination", Arg::Termination(o.termination)),
                    ("article", Arg::Article(o.article)),
                ];
                if let Some(c) = o.circumstance {
                    args.push(("circumstance", Arg::Code(c.code())));
                }
                args
            }
            DeadPosition
            | OutOfOrder
            | NoClockToRestore
            | NotStarted
            | ClocksStopped
            | ClocksRestarted
            | ClocksStoppedByArbiter
            | NoCallToAnswer
            | GameAlreadyOver
            | AwaitingRuling
            | OfferLapsedGameOver
            | AgreementTooEarly
            | ArbiterActsOnIllegalMoves
            | KingQueenSwapped
            | BoardTransferred
            | ClockSettingExamined
            | QuickplayExcluded
            | QuickplayNotAnnounced
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
            | OpeningMismatch
            | NothingToOpen
            | EnvelopeAwaitsResumption
            | ArbiterSetsClocks
            | MovesAfterErrorAnnulled
            | PositionFromEnvelope
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
            | NeitherPresent(c)
            | ClockNotPressed(c)
            | OfferDeclinedByMove(c)
            | NotYourMove(c)
            | NothingToPress(c)
            | NothingToClaim(c)
            | NoTouchMove(c)
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
            | EnvelopeToOpen(c)
            | ReplierAbsentClockStarted(c)
            | ReplySealed(c)
            | EnvelopeAwaitsArrival(c)
            | ClaimStandsAsOffer(c)
            | ArbiterCalled(c)
            | ArbiterCalledClocksRun(c)
            | CallAnswered(c)
            | ClocksStoppedForCall(c)
            | CallAlreadyPending(c) => vec![("side", Arg::Side(*c))],
            TimeOutOfRange(what) => vec![("what", Arg::Code(what.code()))],
            NotHandled(action) => vec![("action", Arg::Code(action.code()))],
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
            GameOver(
                Outcome::new(GameResult::Annulled, Termination::Annulled, "A11b")
                    .because(crate::outcome::Circumstance::PositionUnrestorable),
            ),
            DeadPosition,
            FlagFell(White),
            FlagFellUnclaimed(Black),
            ArbiterMustRuleOnMate(White),
            OutOfOrder,
            TimeOutOfRange(TimeField::SetClocks),
            HistoryMoveAfterEnd(text()),
            PressWithoutMove(Black),
            OfferDeclinedByTouch(White),
            TouchClaimRightLost(Black),
            RightLostByTouch(White),
            NoClockToRestore,
            SealedMoveNotPlayed(Black),
            GameStarted(White),
            AbsentAtStart(Black),
            NeitherPresent(White),
            NotStarted,
            ClocksStopped,
            ClocksRestarted,
            ClocksStoppedByArbiter,
            ClocksStoppedForCall(Black),
            ArbiterCalled(White),
            ArbiterCalledClocksRun(Black),
            CallAnswered(White),
            CallAlreadyPending(Black),
            NoCallToAnswer,
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
            NotHandled(ActionKind::OfferDraw),
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
            NothingToClaim(White),
            NoTouchMove(Black),
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
            QuickplayNotAnnounced,
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
                until: Instant(14_400_000),
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
            EnvelopeToOpen(White),
            OpeningMismatch,
            NothingToOpen,
            EnvelopeAwaitsArrival(Black),
            EnvelopeAwaitsResumption,
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
            PositionFromEnvelope,
            ClockErrorCorrected,
            ClockErrorTooSevere,
            ClaimStandsAsOffer(Black),
            ClaimIncorrect {
                side: White,
                taken: 150_000,
                bonus: 180_000,
            },
            ClaimIncorrect {
                side: Black,
                taken: 0,
                bonus: 120_000,
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
                | NeitherPresent(_)
                | NotStarted
                | ClocksStopped
                | ClocksRestarted
                | ClocksStoppedByArbiter
                | ClocksStoppedForCall(_)
                | ArbiterCalled(_)
                | ArbiterCalledClocksRun(_)
                | CallAnswered(_)
                | CallAlreadyPending(_)
                | NoCallToAnswer
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
                | NothingToClaim(_)
                | NoTouchMove(_)
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
                | QuickplayNotAnnounced
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
                | EnvelopeToOpen(_)
                | OpeningMismatch
                | NothingToOpen
                | EnvelopeAwaitsArrival(_)
                | EnvelopeAwaitsResumption
                | SealedMovePlayed { .. }
                | SealedMoveInvalid { .. }
                | ReplySealed(_)
                | ArbiterSetsClocks
                | MovesAfterErrorAnnulled
                | PositionFromEnvelope
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
            | EnvelopeToOpen(_)
            | SealedMovePlayed { .. }
            | ArbiterSetsClocks
            | MovesAfterErrorAnnulled
            | PositionFromEnvelope
            | ClockErrorCorrected
            | ClockErrorTooSevere => DecisionKind::Resumption,
            SealedMoveInvalid { .. } => DecisionKind::SealedMoveInvalid,
            NotAdjourned
            | AdjournmentOutOfTurn
            | NotYourSeal(_)
            | GameAdjourned(_)
            | OpeningMismatch
            | NothingToOpen
            | EnvelopeAwaitsArrival(_)
            | EnvelopeAwaitsResumption => DecisionKind::Refused,
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
            | QuickplayNotAnnounced
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
            GameStarted(_) | AbsentAtStart(_) | NeitherPresent(_) => DecisionKind::Start,
            ClocksStopped | ClocksRestarted => DecisionKind::Clocks,
            ArbiterCalled(_) | ArbiterCalledClocksRun(_) | CallAnswered(_) => DecisionKind::Call,
            CallAlreadyPending(_) | NoCallToAnswer => DecisionKind::Refused,
            TimeAdjusted { .. } => DecisionKind::TimeAdjusted,
            NotStarted | ClocksStoppedByArbiter | ClocksStoppedForCall(_) => DecisionKind::Refused,
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
            | NothingToClaim(_)
            | NoTouchMove(_)
            | OfferAlreadyPending(_)
            | AgreementTooEarly
            | NoOfferToAnswer(_)
            | FlagNotFallen(_)
            | FlagClaimOwnFallen(_)
            | ClaimWithoutTheMove(_) => DecisionKind::Refused,
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
