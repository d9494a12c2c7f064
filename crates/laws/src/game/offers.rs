//! Draw offers (9.1; 2005 9.1): an offer at the right moment or at the
//! wrong one (2023 11.5), its acceptance (5.2.3; with a move made by each
//! player under 2023), its decline, and the marks on the scoresheet.

use shakmaty::{ByColor, Color, Position};

use super::Game;
use crate::{
    clock::Instant,
    edition::Article,
    explain::Note,
    outcome::{GameResult, Outcome, Termination},
};

/// A pending draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Offer {
    pub by: Color,
    /// The offerer has the move and has not moved yet: mark his next move.
    pub mark_next: bool,
}

impl Game {
    pub(super) fn on_offer(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let laws = self.laws;
        if let Some(offer) = self.offer {
            if offer.by != c {
                // two offers meet: the second accepts the first
                self.on_accept(t, index, c);
                return;
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferAlreadyPending(c));
            return;
        }
        // online 5.3: an offer by any method, at any moment
        let correct = self.turn.unpressed == Some(c) || laws.offer_any_moment.is_some();
        let has_move = self.position.turn() == c && self.turn.unpressed.is_none();
        if correct {
            if let Some(last) = self.moves.len().checked_sub(1) {
                self.offers.push(last as u32);
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferMade(c));
        } else {
            if !has_move {
                if let Some(last) = self.last_move_of(c) {
                    self.offers.push(last as u32);
                }
            }
            self.decide(t, ev, laws.draw_offer, Note::OfferMade(c));
            self.decide(t, ev, laws.draw_offer_breach, Note::OfferAtWrongMoment(c));
        }
        self.offer = Some(Offer {
            by: c,
            mark_next: has_move,
        });
    }

    fn last_move_of(&self, c: Color) -> Option<usize> {
        let n = self.moves.len();
        if n == 0 {
            return None;
        }
        // the last half-move was made by the side not to move now
        let last_by = !self.position.turn();
        let i = if last_by == c {
            n - 1
        } else {
            n.checked_sub(2)?
        };
        Some(i)
    }

    pub(super) fn on_accept(&mut self, t: Instant, index: usize, c: Color) {
        self.accept(t, index, c, self.laws.agreement);
    }

    /// `c` accepts the pending offer: the game is drawn by agreement under
    /// `article` (5.2c during play, A6 before a resumption), provided each
    /// player has made a move where the edition requires it (2023 5.2.3).
    pub(super) fn accept(&mut self, t: Instant, index: usize, c: Color, article: Article) {
        let laws = self.laws;
        match self.offer {
            Some(offer) if offer.by != c => {
                if laws.agreement_needs_a_move_each && !self.both_have_moved() {
                    // refused: the offer stays pending (9.1)
                    self.decide(t, Some(index), laws.agreement, Note::AgreementTooEarly);
                    return;
                }
                self.offer = None;
                self.finish(
                    t,
                    Some(index),
                    Outcome::new(GameResult::Draw, Termination::Agreement, article),
                );
            }
            _ => self.decide(t, Some(index), laws.draw_offer, Note::NoOfferToAnswer(c)),
        }
    }

    /// Whether each player has made at least one move: the moves the start
    /// position's full-move number says were played count, as do those of
    /// the history and the events.
    fn both_have_moved(&self) -> bool {
        let start = &self.start;
        let before = u64::from(start.fullmoves().get()) - 1;
        let mut made = ByColor {
            white: before + u64::from(start.turn() == Color::Black),
            black: before,
        };
        let mut turn = start.turn();
        for (i, _) in self.moves.iter().enumerate() {
            *made.get_mut(turn) += 1;
            // an odds receiver's series, or an illegal move left standing,
            // may leave the same side to move: the record says who moves next
            turn = match self.overrides.iter().find(|(ply, _)| *ply as usize == i) {
                Some((_, after)) => after.turn(),
                None => !turn,
            };
        }
        // a sealed move not yet played is the sealer's move (A1a, I.1.1)
        if let Some(sealer) = self.sealer_of_pending_move() {
            *made.get_mut(sealer) += 1;
        }
        made.white >= 1 && made.black >= 1
    }

    pub(super) fn on_decline(&mut self, t: Instant, index: usize, c: Color) {
        match self.offer {
            Some(offer) if offer.by != c => {
                self.offer = None;
                self.decide(t, Some(index), self.laws.draw_offer, Note::OfferDeclined(c));
            }
            _ => self.decide(
                t,
                Some(index),
                self.laws.draw_offer,
                Note::NoOfferToAnswer(c),
            ),
        }
    }

    /// A move by the opponent of the player who offered declines the offer (9.1).
    pub(super) fn offer_declined_by_move(&mut self, t: Instant, ev: Option<usize>, c: Color) {
        if let Some(offer) = self.offer {
            if offer.by != c {
                self.offer = None;
                self.decide(t, ev, self.laws.draw_offer, Note::OfferDeclinedByMove(c));
            }
        }
    }

    /// `c` has just moved: an offer he made before that move is marked on it
    /// in the scoresheet.
    pub(super) fn mark_offer(&mut self, c: Color) {
        let ply = (self.moves.len() - 1) as u32;
        if let Some(offer) = self.offer.as_mut() {
            if offer.by == c && offer.mark_next {
                offer.mark_next = false;
                self.offers.push(ply);
            }
        }
    }

    /// `c`'s claim counts as a draw offer, where the edition says so (2005
    /// 9.1c, 2023 9.1.2.3): the opponent may accept it; a pending offer
    /// stays as it is.
    pub(super) fn claim_stands_as_offer(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        c: Color,
        article: Article,
    ) {
        if self.offer.is_none() {
            self.offer = Some(Offer {
                by: c,
                mark_next: false,
            });
            self.decide(t, ev, article, Note::ClaimStandsAsOffer(c));
        }
    }
}
