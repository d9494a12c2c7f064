//! A player's call of the arbiter (an extension of the vocabulary): the
//! right to stop both clocks only to seek the arbiter's assistance (2005
//! 6.13b, 2023 6.11.2; the edition's `CallPolicy`), the call pending until
//! the arbiter answers it (`answer_call`, or `restart_clocks` for a call
//! that stopped the clocks), one call a player at a time.

use shakmaty::Color;

use super::Game;
use crate::{
    clock::Instant,
    edition::CallPolicy,
    event::{Action, Actor},
    explain::Note,
};

/// A player's call the arbiter has not answered yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingCall {
    /// Who called.
    pub side: Color,
    /// When, on the arbiter's clock.
    pub at: Instant,
    /// Whether the clocks are stopped for it (the edition lets the player
    /// stop them): they stay stopped until the arbiter restarts them.
    pub clocks_stopped: bool,
}

impl Game {
    /// A call or an answer: `true` when the event was one.
    pub(super) fn on_call_event(
        &mut self,
        t: Instant,
        index: usize,
        by: Actor,
        action: &Action,
    ) -> bool {
        match (by, action) {
            (Actor::Player(c), Action::CallArbiter) => self.call_arbiter(t, index, c),
            (Actor::Arbiter, Action::AnswerCall(side)) => self.answer_call(t, index, *side),
            _ => return false,
        }
        true
    }

    fn call_arbiter(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let policy = self.laws.live.call;
        if self.calls.get(c).is_some() {
            self.decide(t, ev, policy.article(), Note::CallAlreadyPending(c));
            return;
        }
        let clocks_stopped = match policy {
            CallPolicy::StopsClocks { article } => {
                // clocks already stopped (by the arbiter, an adjournment)
                // stay as they are; a running clock stops as with the
                // arbiter's `stop_clocks`, to restart when he says
                if self.interrupted.is_none() && self.clock.running().is_some() {
                    self.interrupted = Some(self.clock.running());
                    self.clock.stop(t);
                }
                self.decide(t, ev, article, Note::ArbiterCalled(c));
                true
            }
            CallPolicy::ClocksRun { article } => {
                self.decide(t, ev, article, Note::ArbiterCalledClocksRun(c));
                false
            }
        };
        *self.calls.get_mut(c) = Some(PendingCall {
            side: c,
            at: t,
            clocks_stopped,
        });
    }

    /// The arbiter answers `side`'s call, or every pending call.
    fn answer_call(&mut self, t: Instant, index: usize, side: Option<Color>) {
        let ev = Some(index);
        let article = self.laws.live.call.article();
        let answered = self.take_calls(|call| side.is_none_or(|s| s == call.side));
        if answered.is_empty() {
            self.decide(t, ev, None, Note::NoCallToAnswer);
        }
        for call in answered {
            self.decide(t, ev, article, Note::CallAnswered(call.side));
        }
    }

    /// The arbiter restarts the clocks: the calls that stopped them are answered.
    pub(super) fn answer_calls_at_restart(&mut self, t: Instant, ev: Option<usize>) {
        let restart = self.laws.live.restart;
        for call in self.take_calls(|call| call.clocks_stopped) {
            self.decide(t, ev, restart, Note::CallAnswered(call.side));
        }
    }

    /// Removes the pending calls `which` selects, oldest first.
    fn take_calls(&mut self, which: impl Fn(&PendingCall) -> bool) -> Vec<PendingCall> {
        let mut taken: Vec<PendingCall> = Color::ALL
            .into_iter()
            .filter_map(|c| self.calls.get_mut(c).take_if(|call| which(call)))
            .collect();
        taken.sort_by_key(|call| call.at);
        taken
    }

    /// The pending calls, oldest first (none once the game is over).
    pub fn pending_calls(&self) -> Vec<PendingCall> {
        let mut calls: Vec<PendingCall> = Color::ALL
            .into_iter()
            .filter_map(|c| *self.calls.get(c))
            .filter(|_| self.outcome.is_none())
            .collect();
        calls.sort_by_key(|call| call.at);
        calls
    }
}
