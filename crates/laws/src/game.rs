//! A game run as the Laws say: events in, cited decisions out.
//!
//! [`Game::apply`] takes one [`Event`]; [`Game::advance`] lets time pass (a
//! flag can fall with no event). Every decision goes into the log with its
//! article. A refused event leaves the game as it was, apart from the log
//! line saying so and the time that passed.
//!
//! This module holds the state of a game (the fields of [`Game`]), the log,
//! and the dispatch of each event to the family of the Laws that handles it.
//! Each family has its own module; articles as the 2023 Laws number them,
//! with the older editions' where they differ (the numbers a decision cites
//! come from the edition tables, never from this code):
//!
//! | module | what it holds |
//! |---|---|
//! | `setup` | [`Setup`], [`Regulations`], [`Odds`], [`DeadCheck`], [`Game::new`]: the start position, the history, the clocks and the game type (A.1, B.1) |
//! | `moves` | making a move (3, 1.2 alternation, 8.1 written moves) and the end of the game by a move: checkmate, stalemate, dead position (5.1.1, 5.2.1, 5.2.2), the repetition record, fivefold and 75 moves (9.6) |
//! | `offers` | draw offers, acceptance and decline (9.1, 5.2.3) |
//! | `claims` | draw claims (9.2, 9.3), the intended move, the right lost (9.4), penalties and the move owed (9.5); the dispatch of every other claim to its family |
//! | `end` | the end of a game not made on the board: resignation (5.1.2), the loss that is a draw when the opponent cannot checkmate (6.9, 7.5.5, A8), the arbiter's ruling when the search cannot tell |
//! | `time` | art. 6: clocks, presses, flags (6.8, 6.9; 2005 B7–B9), the start and lateness at the start (6.6, 6.7), the arbiter's stop, restart, adjustment and setting of the clocks (6.10, 6.11) and his declared results |
//! | `illegal` | illegal moves (7.5, 2005 7.4, B6, C3), pressing without a move (7.5.3), an unpromoted pawn (7.5.4) |
//! | `touch` | touch-move (4.3–4.8, 2005 B5) |
//! | `setting` | claims about the initial position, the board and the clock setting (7.1, 7.2, 2005 B4) |
//! | `quickplay` | quickplay finishes (2005 10.2, Annex D; 2023 Guidelines III) and the arbiter's rulings on them |
//! | `odds` | odds games (1930 art. 22) |
//! | `adjourn` | adjourned games (2005 Annex A, 1930 art. 21, 2023 Guidelines I) |
//! | `snapshot` | `Game::snapshot` and `Game::reinstate`, the one way back to an earlier moment |
//! | `read` | the read model: pure queries, nothing advances |
//! | `call` | a player's call of the arbiter (2005 6.13b, 2023 6.11.2: the clocks stopped only to seek his assistance), pending until he answers |

use std::collections::VecDeque;

use shakmaty::{ByColor, Chess, Color, Move, Position};

mod adjourn;
mod call;
mod claims;
mod end;
mod illegal;
mod moves;
mod odds;
mod offers;
mod quickplay;
mod read;

pub use read::{DrawClaim, SheetCache};
mod setting;
mod setup;
mod snapshot;
mod time;
mod touch;

pub use crate::dead::{MateAnswer, MateVerdict};
pub use adjourn::{AdjournmentPhase, EnvelopeView};
pub use call::PendingCall;
pub use moves::same_position;
pub use setup::{DeadCheck, Odds, Regulations, Setup, SetupError};

use crate::{
    clock::{Clock, Instant, MAX_MILLIS},
    edition::{Article, Edition, GameType},
    event::{Action, Actor, Event, Judgment},
    explain::DecisionKind,
    explain::{Note, TimeField},
    notation::Language,
    outcome::{Outcome, Termination},
    replay::Shortcuts,
};

/// One decision of the arbiter, with its article.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Arbiter's clock time of the decision.
    pub t: Instant,
    /// Index of the event that led to it (none when time alone did).
    pub event: Option<usize>,
    /// The article that makes it, as the edition numbers it; `None` for a
    /// decision no article makes (an event out of order, an action that
    /// belongs to nobody at that moment).
    pub article: Option<Article>,
    /// What was decided, with its explanation.
    pub note: Note,
}

/// What became of one event ([`Game::apply`]) or of time passing
/// ([`Game::advance`]): everything a caller needs to answer, store and show
/// it, with no string to compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The event's sequence number in this game (0 for the first event
    /// applied; every decision it led to carries it); `None` when time alone passed.
    pub seq: Option<usize>,
    /// Whether the Laws accepted the event, or refused it and by which decision.
    pub acceptance: Acceptance,
    /// Every decision taken, in order: what time passing brought (a flag
    /// that fell before the event), then the event's own.
    pub decisions: Vec<Decision>,
    /// The verdicts of the "can this side checkmate" search the rulings
    /// rested on, in order: to be stored with the event and supplied again
    /// on replay ([`Game::apply_recorded`]).
    pub verdicts: Vec<MateVerdict>,
}

/// Whether an event was accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// The event was taken (which may itself have led to a penalty, a
    /// breach or the end of the game: see the decisions).
    Accepted,
    /// The Laws refuse it at this moment; the game is as it was, but for
    /// the time that passed. The decision that refuses it, with its article.
    Refused(Decision),
}

impl Applied {
    /// Whether the event was accepted.
    pub fn accepted(&self) -> bool {
        self.acceptance == Acceptance::Accepted
    }
}

/// What the engine waits for from the arbiter before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Awaiting {
    /// The full search could not decide whether `winner` can checkmate: the
    /// arbiter must rule whether `loser` loses (`lose`) or draws (`draw`).
    MateRuling {
        loser: Color,
        lose: (Termination, Article),
        draw: (Termination, Article),
    },
    /// A quickplay claim (10.2, III.5) waits for the arbiter's decision.
    Quickplay { claimant: Color },
    /// A flag fell after a postponed quickplay claim: the arbiter declares the result.
    QuickplayAtFlag { fallen: Color, claimant: Color },
    /// No arbiter present: the claim ended the game; an arbiter decides (D1, III.6).
    NoArbiter { claimant: Color },
}

/// The state of the turn in progress: what a player has done on the board
/// and not completed, or still owes. One value, so that it is saved and
/// restored as a unit with the rest of the game (a snapshot, a
/// reinstatement) and compared whole by [`Game::same_state`] (the derived
/// comparison takes every field).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Turn {
    /// A player who made a move and has not pressed the clock yet.
    unpressed: Option<Color>,
    /// Moves counted for the time control by the pending press.
    press_count: u32,
    /// Pieces touched by the player with the move, in order (4.3, 4.4).
    touch: Option<touch::Touch>,
    /// A move declared in an incorrect claim, which must now be played (9.5).
    obligation: Option<Move>,
    /// An illegal move made on the board, the clock not yet pressed.
    uncompleted: Option<illegal::Physical>,
    /// The lag the client reports for the move being made (only while it
    /// is handled).
    lag: Option<crate::clock::Millis>,
}

impl Turn {
    /// A turn with nothing pending.
    fn new() -> Turn {
        Turn {
            unpressed: None,
            press_count: 1,
            touch: None,
            obligation: None,
            uncompleted: None,
            lag: None,
        }
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    laws: &'static Edition,
    game_type: GameType,
    notation: Language,
    players: ByColor<Option<String>>,
    dead_check: DeadCheck,
    /// What a fast replay of a recorded game skips ([`crate::replay`]);
    /// nothing for a game set up with [`Game::new`].
    pub(crate) shortcuts: Shortcuts,
    start: Chess,
    position: Chess,
    moves: Vec<Move>,
    /// Hash (low 32 bits) of the position before each move, then of the
    /// current one: a filter only, identity is confirmed on the positions.
    hashes: Vec<u32>,
    /// Full hash of the current position, updated incrementally.
    current_hash: u64,
    /// Position after the last capture or pawn move, and its index.
    window: Chess,
    window_at: usize,
    clock: Clock,
    offer: Option<offers::Offer>,
    /// Half-moves (0-based) after which a draw offer was made.
    offers: Vec<u32>,
    /// The turn in progress: a press, touches, a move owed, an illegal move
    /// not yet completed.
    turn: Turn,
    awaiting: Option<Awaiting>,
    regulations: Regulations,
    /// Completed illegal moves per player.
    illegal: ByColor<u32>,
    /// A completed illegal move standing on the board, open to a claim (B6, C3).
    standing: Option<Box<illegal::Standing>>,
    /// A move that broke touch-move, open to the opponent's request (B5).
    touch_breach: Option<Box<touch::Breach>>,
    /// A quickplay claim the arbiter postponed (10.2b, III.5.2).
    postponed: Option<Color>,
    /// Half-moves after which the position is not what the move gives: an
    /// illegal move left standing, or an odds player moving again.
    overrides: Vec<(u32, Chess)>,
    /// Moves of the receiver's series still to play (1930 22.2), and the odds.
    odds: Option<odds::OddsRun>,
    /// The adjournment, if the game was adjourned.
    adjourned: Option<Box<adjourn::Adjourned>>,
    /// Which players are at the board (both while the game is played).
    present: ByColor<bool>,
    /// The end of the playing session (A13).
    session_end: Option<Instant>,
    /// Each player's lag compensation, in an online game that has it.
    lag: Option<Box<ByColor<crate::lag::LagTracker>>>,
    /// Whether the game has started (the arbiter's `start`, or at once).
    started: bool,
    /// When a player absent at the start loses (2005 6.6, 2023 6.7.1).
    start_deadline: Option<Instant>,
    /// The arbiter stopped the clocks; the clock that ran then, to restart.
    interrupted: Option<Option<Color>>,
    /// Each player's call of the arbiter not answered yet.
    calls: ByColor<Option<PendingCall>>,
    outcome: Option<Outcome>,
    log: Vec<Decision>,
    /// Events applied so far: the sequence number of the next one.
    events: usize,
    /// Every verdict of the full mate search a ruling rested on, in order.
    verdicts: Vec<MateVerdict>,
    /// Verdicts recorded for the event being replayed, used instead of
    /// searching again ([`Game::apply_recorded`]); empty otherwise.
    supplied: VecDeque<MateVerdict>,
    now: Instant,
}

impl PartialEq for Game {
    /// The complete state, log and verdicts included (see [`Game::same_state`]).
    fn eq(&self, other: &Game) -> bool {
        self.same_state(other)
            && self.log == other.log
            && self.events == other.events
            && self.verdicts == other.verdicts
    }
}

impl Game {
    /// Whether two games are in the same complete state, their logs apart:
    /// every field, positions compared with their move counters.
    pub fn same_state(&self, other: &Game) -> bool {
        // destructured so that a new field cannot be forgotten here
        let Game {
            laws,
            game_type,
            notation,
            players,
            dead_check,
            shortcuts,
            start,
            position,
            moves,
            hashes,
            current_hash,
            window,
            window_at,
            clock,
            offer,
            offers,
            turn,
            awaiting,
            regulations,
            illegal,
            standing,
            touch_breach,
            postponed,
            overrides,
            odds,
            adjourned,
            present,
            session_end,
            lag,
            started,
            start_deadline,
            interrupted,
            calls,
            outcome,
            log: _,
            events: _,
            verdicts: _,
            supplied: _,
            now,
        } = self;
        let counters = |a: &Chess, b: &Chess| {
            a == b && a.halfmoves() == b.halfmoves() && a.fullmoves() == b.fullmoves()
        };
        laws.id == other.laws.id
            && *game_type == other.game_type
            && *notation == other.notation
            && *players == other.players
            && *dead_check == other.dead_check
            && *shortcuts == other.shortcuts
            && counters(start, &other.start)
            && counters(position, &other.position)
            && *moves == other.moves
            && *hashes == other.hashes
            && *current_hash == other.current_hash
            && counters(window, &other.window)
            && *window_at == other.window_at
            && *clock == other.clock
            && *offer == other.offer
            && *offers == other.offers
            && *turn == other.turn
            && *awaiting == other.awaiting
            && *regulations == other.regulations
            && *illegal == other.illegal
            && *standing == other.standing
            && *touch_breach == other.touch_breach
            && *postponed == other.postponed
            && *overrides == other.overrides
            && *odds == other.odds
            && *adjourned == other.adjourned
            && *present == other.present
            && *session_end == other.session_end
            && *lag == other.lag
            && *started == other.started
            && *start_deadline == other.start_deadline
            && *interrupted == other.interrupted
            && *calls == other.calls
            && *outcome == other.outcome
            && *now == other.now
    }
}

impl Game {
    /// Logs a decision.
    fn decide(
        &mut self,
        t: Instant,
        event: Option<usize>,
        article: impl Into<Option<Article>>,
        note: Note,
    ) {
        self.log.push(Decision {
            t,
            event,
            article: article.into(),
            note,
        });
    }

    /// Applies one event: the game gives it the next sequence number, lets
    /// time run to its moment and judges it.
    pub fn apply(&mut self, event: &Event) -> Applied {
        let seq = self.events;
        self.events += 1;
        let (log, verdicts) = (self.log.len(), self.verdicts.len());
        let before = self.now;
        self.apply_event(seq, event);
        // a flag the event itself brought down (a clock set to zero while it
        // runs) falls at the event's moment
        if self.now >= before && self.clock.next_fall().is_some_and(|f| f <= self.now) {
            self.advance_clocks(self.now);
        }
        self.applied(Some(seq), log, verdicts)
    }

    /// [`Game::apply`] for an event of a stored game: the verdicts recorded
    /// with it are used instead of searching again. A verdict that does not
    /// fit the ruling (another side) is not used, and the search runs.
    pub fn apply_recorded(&mut self, event: &Event, verdicts: &[MateVerdict]) -> Applied {
        self.supplied = verdicts.iter().copied().collect();
        self.apply(event)
    }

    /// Lets time run to `t` (arbiter's clock): a flag that falls on the way
    /// is seen, or only recorded, as the flag policy says; a lateness limit
    /// or the end of an early adjournment passes.
    pub fn advance(&mut self, t: Instant) -> Applied {
        let (log, verdicts) = (self.log.len(), self.verdicts.len());
        self.pass_time(t);
        self.applied(None, log, verdicts)
    }

    /// [`Game::advance`] with the verdicts recorded when time passed in the
    /// stored game.
    pub fn advance_recorded(&mut self, t: Instant, verdicts: &[MateVerdict]) -> Applied {
        self.supplied = verdicts.iter().copied().collect();
        self.advance(t)
    }

    /// What the last step did, from the log and verdicts it added.
    fn applied(&mut self, seq: Option<usize>, log: usize, verdicts: usize) -> Applied {
        self.supplied.clear();
        let decisions = self.log[log..].to_vec();
        let refusal = seq.and_then(|seq| {
            decisions
                .iter()
                .find(|d| d.event == Some(seq) && d.note.decision() == DecisionKind::Refused)
        });
        Applied {
            seq,
            acceptance: refusal.map_or(Acceptance::Accepted, |d| Acceptance::Refused(d.clone())),
            decisions,
            verdicts: self.verdicts[verdicts..].to_vec(),
        }
    }

    /// Every verdict of the full mate search a ruling of this game rested on.
    pub fn verdicts(&self) -> &[MateVerdict] {
        &self.verdicts
    }

    /// Events applied so far.
    pub fn events_applied(&self) -> usize {
        self.events
    }

    fn apply_event(&mut self, index: usize, event: &Event) {
        let t = event.t;
        if let Some(what) = out_of_range(event) {
            self.decide(self.now, Some(index), None, Note::TimeOutOfRange(what));
            return;
        }
        if t < self.now {
            self.decide(self.now, Some(index), None, Note::OutOfOrder);
            return;
        }
        self.pass_time(t);
        let ev = Some(index);
        if let Some(outcome) = &self.outcome {
            let article = outcome.article;
            if !matches!(event.action, Action::Arrive) {
                self.decide(t, ev, article, Note::GameAlreadyOver);
            }
            return;
        }
        if let (Actor::Arbiter, Action::DeclareResult { result, article }) =
            (event.by, &event.action)
        {
            // in every phase: a forfeit, a device (11.3), a penalty (12.9)
            self.declare_result(t, ev, *result, article);
            return;
        }
        if !self.started {
            self.before_start(t, index, event);
            return;
        }
        if self.interrupted.is_some()
            && matches!(
                event.action,
                Action::Move { .. }
                    | Action::Press
                    | Action::Touch(_)
                    | Action::Claim { .. }
                    | Action::Seal(_)
            )
        {
            // stopped for a player's call not answered yet: said so
            let note = self
                .pending_calls()
                .into_iter()
                .find(|call| call.clocks_stopped)
                .map_or(Note::ClocksStoppedByArbiter, |call| {
                    Note::ClocksStoppedForCall(call.side)
                });
            self.decide(t, ev, self.laws.live.interrupt, note);
            return;
        }
        // a call and its answer, in every phase of a game not over
        if self.on_call_event(t, index, event.by, &event.action) {
            return;
        }
        if self.awaiting.is_none() && self.on_adjournment_event(t, index, event.by, &event.action) {
            return;
        }
        if let Some(awaiting) = self.awaiting {
            let offered_by = self.offer.map(|o| o.by);
            match (&event.by, &event.action) {
                (Actor::Arbiter, Action::Ruling(j)) => self.on_ruling(t, index, awaiting, *j),
                (_, Action::Arrive) => {}
                // a claim that counts as a draw offer (9.1c) may be accepted
                // or declined while the arbiter's ruling is pending
                (Actor::Player(c), Action::AcceptDraw | Action::DeclineDraw)
                    if matches!(awaiting, Awaiting::Quickplay { claimant } if claimant != *c)
                        && offered_by.is_some_and(|by| by != *c) =>
                {
                    if matches!(event.action, Action::AcceptDraw) {
                        self.awaiting = None;
                        self.on_accept(t, index, *c);
                    } else {
                        self.on_decline(t, index, *c);
                    }
                }
                _ => {
                    let article = match awaiting {
                        Awaiting::MateRuling { draw, .. } => draw.1,
                        Awaiting::Quickplay { .. } => self.laws.quickplay.claim,
                        Awaiting::QuickplayAtFlag { .. } => self.laws.quickplay.postpone,
                        Awaiting::NoArbiter { .. } => self.laws.quickplay.no_arbiter,
                    };
                    self.decide(t, ev, article, Note::AwaitingRuling);
                }
            }
            return;
        }
        match (event.by, &event.action) {
            (Actor::Player(c), Action::Move { text, press, lag }) => {
                // online 4.2: the move stops the mover's clock by itself
                let press = *press || self.laws.move_stops_clock.is_some();
                self.turn.lag = *lag;
                self.on_move(t, index, c, text, press);
                self.turn.lag = None;
            }
            (Actor::Player(c), Action::Press) => self.on_press(t, index, c),
            (Actor::Player(c), Action::Touch(square)) => self.on_touch(t, index, c, *square),
            (Actor::Player(c), Action::OfferDraw) => self.on_offer(t, index, c),
            (Actor::Player(c), Action::AcceptDraw) => self.on_accept(t, index, c),
            (Actor::Player(c), Action::DeclineDraw) => self.on_decline(t, index, c),
            (Actor::Player(c), Action::Claim { kind, intended }) => {
                self.on_claim(t, index, c, *kind, intended.as_deref())
            }
            (Actor::Player(c), Action::Resign) => self.on_resign(t, index, c),
            (Actor::Player(c), Action::Arrive) => *self.present.get_mut(c) = true,
            (Actor::Arbiter, Action::SetClocks { white, black }) => {
                self.set_clocks(t, ev, *white, *black)
            }
            (Actor::Arbiter, Action::Ruling(_)) => {
                self.decide(t, ev, self.laws.quickplay.claim, Note::NothingToRule)
            }
            (Actor::Arbiter, Action::StopClocks) if self.interrupted.is_none() => {
                self.stop_clocks(t, ev)
            }
            (Actor::Arbiter, Action::RestartClocks) if self.interrupted.is_some() => {
                self.restart_clocks(t, ev)
            }
            (
                Actor::Arbiter,
                Action::AdjustTime {
                    white,
                    black,
                    article,
                },
            ) => self.on_adjust_time(t, ev, *white, *black, article),
            (_, action) => self.decide(t, ev, None, Note::NotHandled(action.kind())),
        }
    }

    /// The arbiter's ruling on what the game waits for.
    fn on_ruling(&mut self, t: Instant, index: usize, awaiting: Awaiting, judgment: Judgment) {
        let ev = Some(index);
        self.awaiting = None;
        match awaiting {
            Awaiting::MateRuling { loser, lose, draw } => {
                self.rule_on_mate(t, ev, loser, lose, draw, judgment)
            }
            Awaiting::Quickplay { claimant } => self.rule_on_quickplay(t, ev, claimant, judgment),
            Awaiting::QuickplayAtFlag { fallen, .. } => {
                self.rule_after_flag(t, ev, fallen, judgment)
            }
            Awaiting::NoArbiter { claimant } => {
                self.rule_without_arbiter(t, ev, claimant, judgment)
            }
        }
    }
}

/// The time of an event outside the range the engine accepts (0 to one
/// year), if any: what it is.
fn out_of_range(event: &Event) -> Option<TimeField> {
    let range = 0..=MAX_MILLIS;
    if !range.contains(&event.t.millis()) {
        return Some(TimeField::Event);
    }
    match event.action {
        Action::SetClocks { white, black }
            if !range.contains(&white) || !range.contains(&black) =>
        {
            Some(TimeField::SetClocks)
        }
        Action::AdjustTime { white, black, .. }
            if !(-MAX_MILLIS..=MAX_MILLIS).contains(&white)
                || !(-MAX_MILLIS..=MAX_MILLIS).contains(&black) =>
        {
            Some(TimeField::AdjustTime)
        }
        _ => None,
    }
}
