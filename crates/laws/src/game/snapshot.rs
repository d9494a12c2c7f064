//! The one way back to an earlier moment: [`Game::snapshot`] keeps the
//! complete state, [`Game::reinstate`] brings it back, keeping what happened
//! meanwhile and stays true. Used where the Laws reinstate a position: an
//! illegal move ruled (7.5), a touch-move claim upheld (2005 B5), a game
//! restored incorrectly (1930 21.8).

use super::Game;
use crate::clock::Instant;

/// The complete state of a game at one moment, to go back to: board,
/// repetition record, offers, touches, obligations and the clock (its log
/// left out).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Snapshot(Box<Game>);

impl Snapshot {
    /// The board at that moment.
    pub(super) fn position(&self) -> &shakmaty::Chess {
        &self.0.position
    }
}

impl Game {
    /// The complete state now, its log left out.
    pub(super) fn snapshot(&mut self) -> Snapshot {
        let log = core::mem::take(&mut self.log);
        let verdicts = core::mem::take(&mut self.verdicts);
        let snap = Snapshot(Box::new(self.clone()));
        self.log = log;
        self.verdicts = verdicts;
        snap
    }

    /// Reinstates the game as it was at `snap`, at arbiter time `t`: board,
    /// repetition record, offers, the turn in progress as a whole (touches,
    /// the move owed, whether the move was pressed and the moves the press
    /// counts for the time control), the increments and periods the void
    /// presses credited, and which clock runs. What
    /// happened meanwhile and stays true is kept: the log, the time each
    /// player used, the arbiter's adjustments, the illegal moves counted,
    /// who is present and the adjournment. The clocks are left stopped;
    /// the caller starts the one that must run and posts its correction.
    pub(super) fn reinstate(&mut self, snap: &Snapshot, t: Instant) {
        let mut back = (*snap.0).clone();
        back.log = core::mem::take(&mut self.log);
        back.events = self.events;
        back.verdicts = core::mem::take(&mut self.verdicts);
        back.supplied = core::mem::take(&mut self.supplied);
        back.now = self.now;
        back.illegal = self.illegal;
        back.present = self.present;
        back.adjourned = self.adjourned.take();
        back.postponed = self.postponed;
        // the clocks the arbiter has stopped are stopped now, whatever they were then
        back.interrupted = self.interrupted;
        // a call stays pending: only the arbiter answers it
        back.calls = self.calls;
        back.lag = self.lag.take();
        let mut clock = self.clock.clone();
        clock.reinstate(&back.clock, t);
        back.clock = clock;
        *self = back;
    }
}
