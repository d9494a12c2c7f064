//! Time (art. 6): time running to each event, the flags (6.8, 6.9; 2005
//! 6.9, 6.10, B7–B9, and with no arbiter present 2005 Annex D, 2023
//! III.3.1), the clock press (6.2), the start of the game and lateness at
//! the start (6.6, 6.7), and the arbiter's live actions: stopping and
//! restarting the clocks (6.11), adjusting or setting the times (6.10.2,
//! 6.13) and declaring a result.

use shakmaty::{Color, Position};

use super::{Awaiting, Game};
use crate::{
    clock::{Instant, LedgerKind, Millis},
    edition::{Article, FlagPolicy, GameType, IllegalProcedure, Unsupervised},
    event::{Action, Actor, Event},
    explain::Note,
    outcome::{GameResult, Outcome, Termination},
};

impl Game {
    /// Lets time run to `t` (arbiter's clock). A flag that falls on the way
    /// is seen, or only recorded, as the flag policy says.
    pub(super) fn pass_time(&mut self, t: Instant) {
        if t < self.now {
            return;
        }
        if t == self.now {
            // no time passes: only a flag due at this instant (a clock that
            // runs with no time left) is left to see
            if self.clock.next_fall().is_some_and(|f| f <= t) {
                self.advance_clocks(t);
            }
            return;
        }
        // moments of an adjournment on the way: an early adjourner's clock
        // stops at the session's end (A1b); an absent player loses at the
        // deadline (A10)
        for at in self.adjournment_moments(t).into_iter().flatten() {
            self.advance_clocks(at);
            self.adjournment_time(at);
        }
        // a player absent at the start loses once the default time has passed
        if let Some(at) = self.start_deadline.filter(|&d| d < t) {
            self.advance_clocks(at);
            self.start_deadline_passed(at);
        }
        self.advance_clocks(t);
    }

    /// The grace the running side's flag has (online games with lag
    /// compensation: his quota of compensation, at most 2 s; otherwise none).
    pub(super) fn grace(&self) -> Millis {
        match (&self.lag, self.clock.running()) {
            (Some(lag), Some(side)) => lag.get(side).grace().saturating_mul(10),
            _ => 0,
        }
    }

    /// `c`'s move is completed at `t` with the press (`count` moves for the
    /// time control): with lag compensation, the lag his client reports is
    /// compensated within his quota, and a move that took all his time even
    /// so loses on time (`crate::lag`).
    pub(super) fn press_move(&mut self, t: Instant, ev: Option<usize>, c: Color, count: u32) {
        let Some(lag) = self.lag.as_mut() else {
            self.clock.press(c, t, count);
            return;
        };
        let reported = self.turn.lag.unwrap_or(0).max(0);
        // centiseconds, scalachess's unit
        let compensation = lag.get_mut(c).on_move(reported / 10).saturating_mul(10);
        if !self.clock.press_compensated(c, t, count, compensation) {
            // the move came after the time the player had, lag compensated
            match self.flag_policy() {
                FlagPolicy::ArbiterSees { article } => {
                    self.decide(t, ev, article, Note::FlagFell(c));
                    self.flag_decision(t, ev, c);
                }
                FlagPolicy::ClaimOnly { claim_only, .. } => {
                    self.decide(t, ev, claim_only, Note::FlagFellUnclaimed(c));
                }
            }
        }
    }

    pub(super) fn advance_clocks(&mut self, t: Instant) {
        // at `now` itself too: a clock set to zero while it runs shows its
        // flag down at once
        if t < self.now {
            return;
        }
        if self.outcome.is_some() || self.awaiting.is_some() {
            self.now = t;
            return;
        }
        // with lag compensation the fall is seen only once the player's
        // grace has passed with no move (scalachess's `outOfTime` with grace)
        let grace = self.grace();
        while let Some(fall) = self.clock.next_fall().filter(|&f| f.plus(grace) <= t) {
            let Some(side) = self.clock.running() else {
                break;
            };
            if self.clock.advance(fall).is_none() {
                break;
            }
            let fall = fall.plus(grace).max(self.now);
            self.now = fall;
            match self.flag_policy() {
                FlagPolicy::ArbiterSees { article } => {
                    self.decide(fall, None, article, Note::FlagFell(side));
                    if let Some(claimant) = self.postponed {
                        // 10.2b / III.5.2: the arbiter declares the result now
                        self.clock.stop(fall);
                        self.awaiting = Some(Awaiting::QuickplayAtFlag {
                            fallen: side,
                            claimant,
                        });
                        self.decide(
                            fall,
                            None,
                            self.laws.quickplay.postpone,
                            Note::RulingAfterFlag,
                        );
                    } else {
                        self.flag_decision(fall, None, side);
                    }
                    return;
                }
                FlagPolicy::ClaimOnly { claim_only, .. } => {
                    self.decide(fall, None, claim_only, Note::FlagFellUnclaimed(side));
                }
            }
        }
        if grace > 0 {
            self.clock.advance_held(t);
        } else {
            self.clock.advance(t);
        }
        self.now = t;
    }

    /// The flag policy in force: the edition's for the game type, except that
    /// with no arbiter present a fall counts only when claimed, and both flags
    /// down is decided by 10.3 / III.3.1.
    pub(super) fn flag_policy(&self) -> FlagPolicy {
        let policy = match self.unsupervised() {
            Some(u) => u.flag,
            None => self.laws.flag_policy.get(self.game_type),
        };
        match policy {
            // the flag "is considered to have fallen when the arbiter
            // observes the fact or when either player has made a valid
            // claim" (2005 6.9, 2023 6.8): with no arbiter, the claim
            FlagPolicy::ArbiterSees { article } if !self.regulations.arbiter_present => {
                FlagPolicy::ClaimOnly {
                    claim_only: article,
                    claim: article,
                    both_flags: self.laws.quickplay.both_flags,
                }
            }
            _ => policy,
        }
    }

    /// The edition's rules for a rapid or blitz game without adequate
    /// supervision, when the regulations say it has none (2023 A.5, B.3).
    pub(super) fn unsupervised(&self) -> Option<Unsupervised> {
        self.laws
            .unsupervised
            .filter(|_| !self.regulations.adequate_supervision)
            .filter(|_| self.game_type != GameType::Standard)
    }

    /// Who acts on a completed illegal move: the edition's procedure for
    /// the game type, or the unsupervised one.
    pub(super) fn illegal_procedure(&self) -> IllegalProcedure {
        match self.unsupervised() {
            Some(u) => u.illegal,
            None => self.laws.illegal_moves.procedure.get(self.game_type),
        }
    }

    /// `fallen`'s flag is down and counts: loss, or a draw when the opponent
    /// cannot checkmate by any series of legal moves.
    pub(super) fn flag_decision(&mut self, t: Instant, event: Option<usize>, fallen: Color) {
        let article = self.laws.flag_fall;
        self.lose_unless_no_mate(
            t,
            event,
            fallen,
            Termination::TimeForfeit,
            Termination::TimeForfeitDraw,
            article,
        );
    }

    pub(super) fn claim_flag(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let laws = self.laws;
        match self.flag_policy() {
            FlagPolicy::ArbiterSees { .. } => {
                // a fallen flag would already have ended the game
                self.decide(t, ev, laws.flag_fall, Note::FlagNotFallen(!c));
            }
            FlagPolicy::ClaimOnly {
                claim, both_flags, ..
            } => {
                // time has run to `t`: the flags show what they show; a
                // claim that fails leaves the clocks untouched
                let own = self.clock.fallen(c).is_some();
                let theirs = self.clock.fallen(!c).is_some();
                match (own, theirs) {
                    (false, true) => {
                        self.clock.stop(t);
                        self.decide(t, ev, claim, Note::FlagClaimValid(c));
                        self.flag_decision(t, ev, !c);
                    }
                    (true, true) => {
                        let qp = laws.quickplay;
                        let goes_on = qp
                            .both_flags_continue
                            .filter(|_| both_flags == qp.both_flags && !self.in_last_period(c));
                        if let Some(article) = goes_on {
                            self.decide(t, ev, article, Note::BothFlagsGameGoesOn);
                        } else {
                            self.finish(
                                t,
                                ev,
                                Outcome::new(GameResult::Draw, Termination::BothFlags, both_flags),
                            );
                        }
                    }
                    (true, false) => {
                        self.decide(t, ev, claim, Note::FlagClaimOwnFallen(c));
                    }
                    (false, false) => {
                        self.decide(t, ev, claim, Note::FlagNotFallen(!c));
                    }
                }
            }
        }
    }

    pub(super) fn on_press(&mut self, t: Instant, index: usize, c: Color) {
        if let Some(article) = self.laws.move_stops_clock {
            // online 4.2: the move stopped the clock; there is no press
            self.decide(t, Some(index), article, Note::NothingToPress(c));
            return;
        }
        if self.turn.unpressed == Some(c) {
            self.turn.unpressed = None;
            let count = self.turn.press_count;
            self.clock.press(c, t, count);
        } else if self.turn.uncompleted.is_some_and(|u| u.by == c) {
            if let Some(u) = self.turn.uncompleted.take() {
                self.complete_illegal(t, Some(index), u);
            }
        } else if c == self.position.turn() && self.turn.unpressed.is_none() {
            self.press_without_move(t, index, c);
        } else {
            self.decide(
                t,
                Some(index),
                self.laws.clock_press,
                Note::NothingToPress(c),
            );
        }
    }

    /// A player who made his move and did not press: his clock ran until now,
    /// and the press is completed (the opponent moves, the arbiter adjourns).
    pub(super) fn complete_pending_press(&mut self, t: Instant, ev: Option<usize>) {
        if let Some(opp) = self.turn.unpressed.take() {
            let count = self.turn.press_count;
            self.clock.press(opp, t, count);
            self.decide(t, ev, self.laws.clock_press, Note::ClockNotPressed(opp));
            self.advance_clocks(t);
        }
    }

    /// An event before the arbiter started the game: the start itself, a
    /// player's arrival, the arbiter's settings of the clocks; nothing else.
    pub(super) fn before_start(&mut self, t: Instant, index: usize, event: &Event) {
        let ev = Some(index);
        let live = self.laws.live;
        match (event.by, &event.action) {
            (Actor::Arbiter, Action::Start { absent }) => {
                self.started = true;
                for c in Color::ALL {
                    *self.present.get_mut(c) = !absent.contains(&c);
                }
                let side = self.position.turn();
                self.clock.start(side, t);
                self.decide(t, ev, live.start, Note::GameStarted(side));
                for c in Color::ALL.into_iter().filter(|c| absent.contains(c)) {
                    self.decide(t, ev, live.late, Note::AbsentAtStart(c));
                }
                if !absent.is_empty() {
                    let limit = match (
                        self.regulations.late_limit_ms,
                        live.late_limit_by_regulations,
                    ) {
                        (Some(limit), true) => limit,
                        _ => live.late_limit_ms.unwrap_or(0),
                    };
                    self.start_deadline = Some(t.plus(limit));
                    // with a default time, the clock that runs is charged to
                    // its absent player (2005 6.6, 2023 6.7.2)
                    let neither = Color::ALL.iter().all(|c| absent.contains(c));
                    if let Some(article) = live.neither_present.filter(|_| neither && limit > 0) {
                        self.decide(t, ev, article, Note::NeitherPresent(side));
                    }
                }
            }
            (Actor::Player(c), Action::Arrive) => *self.present.get_mut(c) = true,
            (Actor::Arbiter, Action::SetClocks { white, black }) => {
                self.set_clocks(t, ev, *white, *black)
            }
            _ => self.decide(t, ev, live.start, Note::NotStarted),
        }
    }

    /// The default time after the start has passed: a player still absent
    /// loses by forfeit (both absent: both lose).
    fn start_deadline_passed(&mut self, at: Instant) {
        self.start_deadline = None;
        if self.outcome.is_some() {
            return;
        }
        let late: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| !*self.present.get(*c))
            .collect();
        let result = match late.as_slice() {
            [] => return,
            [one] => GameResult::forfeit_win(!*one),
            _ => GameResult::BothLose,
        };
        self.awaiting = None;
        self.now = self.now.max(at);
        self.finish(
            at,
            None,
            Outcome::new(result, Termination::LateArrival, self.laws.live.late),
        );
    }

    /// The arbiter sets the remaining times (6.13, 6.10.2).
    pub(super) fn set_clocks(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        white: Millis,
        black: Millis,
    ) {
        self.clock.set(Color::White, white);
        self.clock.set(Color::Black, black);
        self.decide(
            t,
            ev,
            self.laws.clock_correction,
            Note::ClocksSet { white, black },
        );
    }

    /// The arbiter adds (positive) or removes (negative) time.
    fn adjust_time(&mut self, white: Millis, black: Millis) {
        for (side, ms) in [(Color::White, white), (Color::Black, black)] {
            let kind = if ms >= 0 {
                LedgerKind::Bonus
            } else {
                LedgerKind::Penalty
            };
            self.clock.adjust(side, kind, ms);
        }
    }

    /// The arbiter declares a result, in every phase: a forfeit, a device
    /// (2023 11.3), a penalty (2023 12.9); `article` is one the edition lets
    /// him cite.
    pub(super) fn declare_result(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        result: GameResult,
        article: Article,
    ) {
        self.awaiting = None;
        self.finish(
            t,
            ev,
            Outcome::new(result, Termination::ArbiterDecision, article),
        );
    }

    /// The arbiter stops the clocks (an interruption): nothing is played
    /// until he restarts them.
    pub(super) fn stop_clocks(&mut self, t: Instant, ev: Option<usize>) {
        let running = self.clock.running();
        self.clock.stop(t);
        self.interrupted = Some(running);
        self.decide(t, ev, self.laws.live.interrupt, Note::ClocksStopped);
    }

    /// The arbiter restarts the clock that ran when he stopped them.
    pub(super) fn restart_clocks(&mut self, t: Instant, ev: Option<usize>) {
        if let Some(side) = self.interrupted.take().flatten() {
            // the pause is not thinking time (6.11.1)
            self.clock.resume(side, t);
        }
        self.decide(t, ev, self.laws.live.restart, Note::ClocksRestarted);
        self.answer_calls_at_restart(t, ev);
    }

    /// The arbiter adds (positive) or removes (negative) time, citing `article`.
    pub(super) fn on_adjust_time(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        white: Millis,
        black: Millis,
        article: Article,
    ) {
        self.adjust_time(white, black);
        self.decide(t, ev, article, Note::TimeAdjusted { white, black });
    }
}
