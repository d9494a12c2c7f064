//! Quickplay finishes (2005 10.2 and Annex D; 2023 Guidelines III): what a
//! quickplay finish is (the last period, with no increment or delay), the
//! claim of the player with less than the edition's time left, the
//! arbiter's draw, postponement or rejection, the flag that falls after a
//! postponement, and the claim with no arbiter present.

use shakmaty::{Color, Position};

use super::{Awaiting, Game};
use crate::{
    clock::{Delay, Instant, LedgerKind},
    edition::{Article, GameType},
    event::Judgment,
    explain::Note,
    outcome::{GameResult, Outcome, Termination},
};

impl Game {
    /// Whether `c` plays in the last period of the time control (a quickplay finish).
    pub(super) fn in_last_period(&self, c: Color) -> bool {
        let control = self.clock.control();
        let periods = control.periods();
        let n = self.clock.moves(c).saturating_add(1);
        let i = control.period_of_move(n);
        i + 1 == periods.len() && periods.get(i).is_some_and(|p| p.moves.is_none())
    }

    /// Why a quickplay claim by `c` would be refused now, if it would be.
    pub(super) fn quickplay_refusal(&self, c: Color) -> Option<(Article, Note)> {
        let qp = self.laws.quickplay;
        let control = self.clock.control();
        let period = control
            .periods()
            .get(control.period_of_move(self.clock.moves(c).saturating_add(1)))
            .copied();
        let not_announced = qp
            .announced
            .filter(|_| !self.regulations.quickplay_guidelines);
        if let Some(article) = not_announced {
            Some((article, Note::QuickplayNotAnnounced))
        } else if self.game_type == GameType::Blitz {
            Some((qp.excluded, Note::QuickplayExcluded))
        } else if c != self.position.turn() {
            Some((qp.claim, Note::ClaimWithoutTheMove(c)))
        } else if self.clock.is_untimed() || !self.in_last_period(c) {
            Some((qp.definition, Note::NotQuickplayFinish))
        } else if period.is_some_and(|p| p.increment > 0 || p.delay != Delay::None) {
            Some((qp.excluded, Note::QuickplayExcluded))
        } else if self.clock.fallen(c).is_some() {
            Some((qp.claim, Note::QuickplayFlagFallen(c)))
        } else if self.clock.remaining(c) >= qp.under_ms {
            Some((qp.claim, Note::QuickplayTooMuchTime(c)))
        } else {
            None
        }
    }

    pub(super) fn claim_quickplay(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let qp = self.laws.quickplay;
        let refusal = self.quickplay_refusal(c);
        if let Some((article, note)) = refusal {
            self.decide(t, ev, article, note);
            return;
        }
        self.clock.stop(t);
        if self.regulations.arbiter_present {
            self.awaiting = Some(Awaiting::Quickplay { claimant: c });
            self.decide(t, ev, qp.claim, Note::QuickplayClaim(c));
            if let Some(article) = qp.claim_is_offer {
                self.claim_stands_as_offer(t, ev, c, article);
            }
        } else {
            self.awaiting = Some(Awaiting::NoArbiter { claimant: c });
            self.decide(t, ev, qp.no_arbiter, Note::QuickplayNoArbiter(c));
        }
    }

    /// The arbiter rules on a quickplay claim (10.2, III.5): a draw, or the
    /// claim postponed or rejected, the opponent getting extra time.
    pub(super) fn rule_on_quickplay(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        claimant: Color,
        judgment: Judgment,
    ) {
        let qp = self.laws.quickplay;
        match judgment {
            Judgment::Draw => self.finish(
                t,
                ev,
                Outcome::new(GameResult::Draw, Termination::QuickplayFinish, qp.draw),
            ),
            Judgment::Postpone | Judgment::Reject => {
                // the opponent gets the extra time either way; the claimant's
                // clock runs on
                let bonus = qp.bonus_ms;
                self.clock.adjust(!claimant, LedgerKind::Bonus, bonus);
                let (article, note) = if judgment == Judgment::Postpone {
                    self.postponed = Some(claimant);
                    let note = Note::QuickplayPostponed { claimant, bonus };
                    (qp.postpone, note)
                } else {
                    (qp.reject, Note::QuickplayRejected { claimant, bonus })
                };
                self.decide(t, ev, article, note);
                self.clock.resume(claimant, t);
            }
        }
    }

    /// A flag fell after a postponed claim (10.2b, III.5.2): the arbiter
    /// declares a draw, or the flag decides.
    pub(super) fn rule_after_flag(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        fallen: Color,
        judgment: Judgment,
    ) {
        let qp = self.laws.quickplay;
        match judgment {
            Judgment::Draw => self.finish(
                t,
                ev,
                Outcome::new(GameResult::Draw, Termination::QuickplayFinish, qp.postpone),
            ),
            _ => self.flag_decision(t, ev, fallen),
        }
    }

    /// No arbiter was present (D1, III.6): the claim ended the game, and an
    /// arbiter decides it afterwards, a draw or a loss for the claimant.
    pub(super) fn rule_without_arbiter(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        claimant: Color,
        judgment: Judgment,
    ) {
        let qp = self.laws.quickplay;
        match judgment {
            Judgment::Draw => self.finish(
                t,
                ev,
                Outcome::new(
                    GameResult::Draw,
                    Termination::QuickplayFinish,
                    qp.no_arbiter,
                ),
            ),
            _ => self.finish(
                t,
                ev,
                Outcome::new(
                    GameResult::win(!claimant),
                    Termination::QuickplayFinish,
                    qp.no_arbiter,
                ),
            ),
        }
    }
}
