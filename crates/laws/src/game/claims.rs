//! Claims: the dispatch of a player's claim to the family that judges it,
//! and the draw claims themselves: threefold repetition (9.2) and fifty
//! moves (9.3), with a written intended move or on the board, the clocks
//! stopped meanwhile (9.5.1), the right lost by moving or touching (9.4), the
//! penalty for an incorrect claim (9.5; 2001 and 2005 9.5b) and the move
//! declared in it, which must then be played.

use shakmaty::{Chess, Color, Move, Position};

use super::{
    moves::{hash, same_position, short},
    Game,
};
use crate::{
    clock::{Instant, LedgerKind, Millis},
    edition::{Article, ClaimantDeduction, IllegalProcedure},
    event::ClaimKind,
    explain::Note,
    notation::{read_move, write_san, Reading},
    outcome::{GameResult, Outcome, Termination},
};

impl Game {
    pub(super) fn on_claim(
        &mut self,
        t: Instant,
        index: usize,
        c: Color,
        kind: ClaimKind,
        intended: Option<&str>,
    ) {
        if let Some(article) = self.laws.no_claims {
            // online: nothing is claimed; each refusal cites what makes the
            // claim pointless (5.4.1, 5.4.4, 4.4, 3.3, 3.2) or 5.4
            let laws = self.laws;
            let article = match kind {
                ClaimKind::Threefold => laws.threefold_automatic.unwrap_or(article),
                ClaimKind::FiftyMoves => laws.fifty_automatic.unwrap_or(article),
                ClaimKind::Flag => laws.flag_fall,
                ClaimKind::IllegalMove => match self.illegal_procedure() {
                    IllegalProcedure::Refused { article } => article,
                    _ => article,
                },
                ClaimKind::TouchMove => laws.moves_by_device.unwrap_or(article),
                _ => article,
            };
            self.decide(t, Some(index), article, Note::NothingToClaim(c));
            return;
        }
        match kind {
            ClaimKind::Threefold | ClaimKind::FiftyMoves => {
                self.claim_draw(t, index, c, kind, intended)
            }
            ClaimKind::Flag => self.claim_flag(t, index, c),
            ClaimKind::IllegalMove => self.claim_illegal(t, index, c),
            ClaimKind::Quickplay => self.claim_quickplay(t, index, c),
            ClaimKind::TouchMove => self.claim_touch_move(t, index, c),
            ClaimKind::InitialPosition | ClaimKind::BoardOrientation | ClaimKind::ClockSetting => {
                self.claim_setup(t, index, c, kind)
            }
        }
    }

    fn claim_draw(
        &mut self,
        t: Instant,
        index: usize,
        c: Color,
        kind: ClaimKind,
        intended: Option<&str>,
    ) {
        let ev = Some(index);
        let laws = self.laws;
        let (art_claim, art_intended, art_now) = match kind {
            ClaimKind::Threefold => (
                laws.threefold,
                laws.threefold_intended,
                laws.threefold_appeared,
            ),
            _ => (laws.fifty, laws.fifty_intended, laws.fifty_completed),
        };
        if c != self.position.turn() {
            self.decide(t, ev, art_claim, Note::ClaimWithoutTheMove(c));
            return;
        }
        // 2023 9.4: a piece touched as in 4.3 loses the claim on this move;
        // the claim is then examined and found incorrect
        let lost_by_touch = laws
            .touch_loses_claim_right
            .filter(|_| self.turn.touch.as_ref().is_some_and(|x| x.by == c));
        let running = self.clock.running();
        self.clock.stop(t);
        self.decide(
            t,
            ev,
            laws.claim_stops_clocks,
            Note::ClaimExamined { side: c, kind },
        );
        let declared = intended.map(|text| read_move(&self.position, text, self.notation));
        let declared_move = match &declared {
            Some(Reading::Move(m)) => Some(*m),
            _ => None,
        };
        let termination = match kind {
            ClaimKind::Threefold => Termination::ThreefoldRepetition,
            _ => Termination::FiftyMoves,
        };
        // the intended form (9.2a / 9.3b), then the position on the board (9.2b / 9.3a)
        if let Some(m) = declared_move.filter(|_| lost_by_touch.is_none()) {
            if self.claim_holds_after(kind, m) {
                self.finish(
                    t,
                    ev,
                    Outcome::new(GameResult::Draw, termination, art_intended),
                );
                return;
            }
        }
        if lost_by_touch.is_none() && self.claim_holds_now(kind) {
            self.finish(t, ev, Outcome::new(GameResult::Draw, termination, art_now));
            return;
        }
        if let Some(article) = lost_by_touch {
            self.decide(t, ev, article, Note::RightLostByTouch(c));
        }
        // incorrect claim
        if let Some(Reading::Ambiguous(_) | Reading::Illegal { .. } | Reading::Unreadable) =
            &declared
        {
            self.decide(
                t,
                ev,
                laws.notation,
                Note::DeclaredMoveInvalid(intended.unwrap_or("").to_owned()),
            );
        }
        if kind == ClaimKind::Threefold && self.right_lost_earlier(c) {
            self.decide(t, ev, laws.claim_right_lost, Note::RightLost(c));
        }
        self.penalise(t, ev, c);
        self.turn.obligation = declared_move;
        if let Some(article) = laws.claim_is_offer {
            self.claim_stands_as_offer(t, ev, c, article);
        }
        if let Some(side) = running {
            self.clock.resume(side, t);
        }
    }

    pub(super) fn claim_holds_now(&self, kind: ClaimKind) -> bool {
        match kind {
            ClaimKind::Threefold => self.current_occurrences(3) >= 3,
            _ => self.position.halfmoves() >= 2 * self.laws.fifty_moves,
        }
    }

    pub(super) fn claim_holds_after(&self, kind: ClaimKind, m: Move) -> bool {
        let mut after = self.position.clone();
        after.play_unchecked(m);
        match kind {
            ClaimKind::Threefold => {
                if m.is_zeroing() {
                    return false;
                }
                let h = short(hash(&after));
                self.occurrences(&after, h, self.window_at, self.moves.len() + 1, 3) >= 3
            }
            _ => after.halfmoves() >= 2 * self.laws.fifty_moves,
        }
    }

    /// Whether some earlier position with `c` to move had appeared three
    /// times: `c` could have claimed then, and moved instead (9.4).
    fn right_lost_earlier(&self, c: Color) -> bool {
        let mut replay = self.window.clone();
        let mut seen: Vec<Chess> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        for i in self.window_at..self.moves.len() {
            if replay.turn() == c {
                match seen.iter().position(|p| same_position(p, &replay)) {
                    Some(k) => {
                        counts[k] += 1;
                        if counts[k] >= 3 {
                            return true;
                        }
                    }
                    None => {
                        seen.push(replay.clone());
                        counts.push(1);
                    }
                }
            }
            replay.play_unchecked(self.moves[i]);
        }
        false
    }

    /// What an incorrect draw claim by `c` would cost now (9.5): the time
    /// taken from the claimant, the time added to the opponent, and the
    /// article — for a page to say before the claim is made.
    pub fn claim_penalty(&self, c: Color) -> (Millis, Millis, Article) {
        let penalty = self.laws.claim_penalty;
        let article = penalty.article.get(self.game_type);
        let left = self.clock.remaining(c);
        let taken = match penalty.claimant {
            ClaimantDeduction::None => 0,
            ClaimantDeduction::HalfUpTo { cap_ms } => (left / 2).min(cap_ms),
            ClaimantDeduction::Graduated {
                above_ms,
                cap_ms,
                floor_ms,
            } => {
                if left > above_ms {
                    (left / 2).min(cap_ms)
                } else if left > floor_ms {
                    left - floor_ms
                } else {
                    0
                }
            }
        };
        (
            taken,
            penalty.opponent_bonus_ms.get(self.game_type),
            article,
        )
    }

    fn penalise(&mut self, t: Instant, ev: Option<usize>, c: Color) {
        let (taken, bonus, article) = self.claim_penalty(c);
        if !self.clock.is_untimed() {
            self.clock.adjust(c, LedgerKind::Penalty, -taken);
            self.clock.adjust(!c, LedgerKind::Bonus, bonus);
        }
        self.decide(
            t,
            ev,
            article,
            Note::ClaimIncorrect {
                side: c,
                taken,
                bonus,
            },
        );
    }

    /// A move other than the one declared in an incorrect claim, which must
    /// now be played (9.5), is refused and logged.
    pub(super) fn owed_move_refused(&mut self, t: Instant, ev: Option<usize>, m: Move) -> bool {
        match self.turn.obligation {
            Some(due) if due != m => {
                let article = self.laws.claim_penalty.article.get(self.game_type);
                let san = write_san(&self.position, &due, self.notation);
                self.decide(t, ev, article, Note::DeclaredMoveDue(san));
                true
            }
            _ => false,
        }
    }
}
