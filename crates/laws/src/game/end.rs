//! The end of a game other than by a move on the board: the outcome set and
//! the clocks stopped (every ending goes through [`Game::finish`]),
//! resignation (5.1.2; 2005 5.1b), and the loss that is a draw when the
//! opponent cannot checkmate by any series of legal moves (6.9, 7.5.5, 5.1.2,
//! A8): chasolver's full search, and the arbiter's ruling when it cannot
//! tell.

use shakmaty::Color;

use super::{Awaiting, Game};
use crate::{
    clock::Instant,
    dead::{self, MateAnswer, MateVerdict},
    edition::Article,
    event::Judgment,
    explain::Note,
    outcome::{Circumstance, GameResult, Outcome, Termination},
};

impl Game {
    pub(super) fn finish(&mut self, t: Instant, event: Option<usize>, outcome: Outcome) {
        self.clock.stop(t);
        self.turn.unpressed = None;
        // a finished game has no pending call
        self.calls = shakmaty::ByColor::new_with(|_| None);
        if self.offer.take().is_some() {
            self.decide(t, event, self.laws.draw_offer, Note::OfferLapsedGameOver);
        }
        self.decide(t, event, outcome.article, Note::GameOver(outcome.clone()));
        self.outcome = Some(outcome);
    }

    /// `loser` loses by `lose` under `article`, unless his opponent cannot
    /// checkmate by any series of legal moves (then `draw`); when the search
    /// cannot tell, the arbiter must rule.
    pub(super) fn lose_unless_no_mate(
        &mut self,
        t: Instant,
        event: Option<usize>,
        loser: Color,
        lose: Termination,
        draw: Termination,
        article: Article,
    ) {
        self.lose_or_draw(t, event, loser, (lose, article), (draw, article));
    }

    /// `loser` loses (`lose`: termination and article), or draws (`draw`)
    /// when his opponent cannot checkmate by any series of legal moves; when
    /// the search cannot tell, the clocks stop and the arbiter rules: the
    /// engine never guesses.
    fn lose_or_draw(
        &mut self,
        t: Instant,
        event: Option<usize>,
        loser: Color,
        lose: (Termination, Article),
        draw: (Termination, Article),
    ) {
        let verdict = self.mate_verdict(!loser);
        match verdict.answer {
            MateAnswer::Can => self.finish(
                t,
                event,
                Outcome::new(GameResult::win(!loser), lose.0, lose.1),
            ),
            MateAnswer::Cannot => self.finish(t, event, drawn(lose, draw)),
            MateAnswer::Undecided => {
                self.clock.stop(t);
                self.awaiting = Some(Awaiting::MateRuling { loser, lose, draw });
                self.decide(t, event, draw.1, Note::ArbiterMustRuleOnMate(!loser));
            }
        }
    }

    /// Whether `side` can checkmate: the verdict recorded for this ruling
    /// when a stored game is replayed (the next one supplied, if it is about
    /// the same side), otherwise the full search within the regulations'
    /// budget. Either way the verdict goes into the game's record.
    fn mate_verdict(&mut self, side: Color) -> MateVerdict {
        let verdict = match self.supplied.pop_front() {
            Some(v) if v.side == side => v,
            _ => {
                // nothing recorded for this ruling (a live game), or a
                // record that does not fit: search; a replay whose outcome
                // then differs from the stored one says so
                self.supplied.clear();
                dead::verdict(
                    self.judged_position(),
                    side,
                    self.regulations.mate_search_nodes,
                )
            }
        };
        self.verdicts.push(verdict);
        verdict
    }

    pub(super) fn on_resign(&mut self, t: Instant, index: usize, c: Color) {
        self.resign(t, index, c, self.laws.resignation);
    }

    /// `c` resigns: he loses under `article` (5.1b during play, A6 before a
    /// resumption), unless the edition makes it a draw when his opponent
    /// cannot checkmate by any series of legal moves (2023 5.1.2); when the
    /// search cannot tell, the arbiter rules.
    pub(super) fn resign(&mut self, t: Instant, index: usize, c: Color, article: Article) {
        let laws = self.laws;
        match laws.resignation_draw_if_cannot_mate {
            Some(draw_article) => self.lose_or_draw(
                t,
                Some(index),
                c,
                (Termination::Resignation, article),
                (Termination::Resignation, draw_article),
            ),
            None => self.finish(
                t,
                Some(index),
                Outcome::new(GameResult::win(!c), Termination::Resignation, article),
            ),
        }
    }

    /// The arbiter rules whether `loser` loses (`lose`) or draws (`draw`),
    /// the search having not decided whether his opponent can checkmate.
    pub(super) fn rule_on_mate(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        loser: Color,
        lose: (Termination, Article),
        draw: (Termination, Article),
        judgment: Judgment,
    ) {
        let outcome = match judgment {
            Judgment::Draw => drawn(lose, draw),
            _ => Outcome::new(GameResult::win(!loser), lose.0, lose.1),
        };
        self.finish(t, ev, outcome);
    }
}

/// The draw of a player who would lose but for his opponent's inability to
/// checkmate: said by the termination (a flag, an illegal move), or else
/// by the outcome's circumstance (a resignation).
fn drawn(lose: (Termination, Article), draw: (Termination, Article)) -> Outcome {
    let outcome = Outcome::new(GameResult::Draw, draw.0, draw.1);
    if draw.0 == lose.0 {
        outcome.because(Circumstance::OpponentCannotMate)
    } else {
        outcome
    }
}
