//! Odds games (1930 art. 22): the odds given at the setup (22.1), the
//! receiver's series of moves at his first turn (22.2) and the moves the
//! time control counts for them (22.3).

use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use super::{
    setup::{Odds, SetupError},
    Game,
};
use crate::{clock::Instant, explain::Note};

/// An odds game under way (1930 art. 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OddsRun {
    pub receiver: Color,
    /// Moves the receiver has still to play in his series at his first turn.
    pub left: u32,
    /// The odds: moves given.
    pub total: u32,
    /// Whether the giver has made his first move (which counts `total`).
    pub giver_moved: bool,
}

/// The position with the same side to move again (odds, 22.2), if legal.
pub(super) fn same_side_again(after: &Chess) -> Option<Chess> {
    let mut setup = after.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.position::<Chess>(CastlingMode::Standard).ok()
}

impl Game {
    /// Sets up an odds game (22.1): refused under editions without odds, with
    /// a history (the receiver's series cannot be written as movetext), or
    /// with odds other than 1 to 20 moves; where the giver cedes the first
    /// move, the receiver moves first.
    pub(super) fn give_odds(&mut self, odds: Odds, history: bool) -> Result<(), SetupError> {
        if history {
            // the receiver's series (22.2) cannot be written as movetext,
            // which alternates: an odds game starts from its position
            return Err(SetupError::Odds(
                "an odds game cannot be given a history: give the position reached as `start`"
                    .into(),
            ));
        }
        if self.laws.odds.is_none() {
            return Err(SetupError::Odds(format!(
                "odds games are a 1930 rule (art. 22); {} has none",
                self.laws.code
            )));
        }
        if odds.moves == 0 || odds.moves > 20 {
            return Err(SetupError::Odds(format!(
                "{} moves: expected 1 to 20",
                odds.moves
            )));
        }
        if odds.cede_first_move && self.position.turn() != odds.receiver {
            let swapped = same_side_again(&self.position).ok_or_else(|| {
                SetupError::Odds("the first move cannot be ceded in this position".into())
            })?;
            self.start = swapped.clone();
            self.window = swapped.clone();
            self.position = swapped;
        }
        self.odds = Some(OddsRun {
            receiver: odds.receiver,
            left: odds.moves,
            total: odds.moves,
            giver_moved: false,
        });
        Ok(())
    }

    /// In the receiver's series (22.2), the position after `m` with him to
    /// move again: `Ok(None)` outside a series; `Err` when `m` leaves no
    /// such position (it gives check), refused and logged.
    pub(super) fn series_position(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        c: Color,
        m: Move,
    ) -> Result<Option<Chess>, ()> {
        if !self.odds.is_some_and(|o| o.receiver == c && o.left > 1) {
            return Ok(None);
        }
        let mut after = self.position.clone();
        after.play_unchecked(m);
        match same_side_again(&after) {
            Some(p) => Ok(Some(p)),
            None => {
                self.decide(t, ev, self.laws.odds, Note::OddsMoveGivesCheck);
                Err(())
            }
        }
    }

    /// A move of the receiver's series made (22.2): he moves again from
    /// `after`; a move of the series may still end the game (a dead position).
    pub(super) fn continue_series(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        c: Color,
        after: Chess,
    ) {
        self.set_position(after);
        if let Some(o) = self.odds.as_mut() {
            o.left -= 1;
        }
        if let Some(outcome) = self.ending_after_move() {
            self.clock.stop(t);
            self.clock.count_moves(c, 1);
            self.end_by_move(t, ev, outcome);
        }
    }

    /// How many moves the press completing `c`'s turn counts for the time
    /// control: 1, or the odds (1930 22.3) for the receiver's series and the
    /// giver's first move.
    pub(super) fn moves_counted(&mut self, c: Color) -> u32 {
        let Some(o) = self.odds.as_mut() else {
            return 1;
        };
        if o.receiver == c && o.left == 1 {
            o.left = 0;
            o.total
        } else if o.receiver != c && !o.giver_moved {
            o.giver_moved = true;
            o.total
        } else {
            1
        }
    }
}
