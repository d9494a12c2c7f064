//! The read model: pure queries a server or a page needs without advancing
//! the game (`&self` only): the position, the clocks at any instant, what is
//! pending (an offer, a press, the moves allowed), who is present, the next
//! instant at which something happens by itself, and the scoresheet. What the
//! envelope of an adjourned game shows is in `adjourn`
//! ([`Game::envelope`]).

use shakmaty::{ByColor, Chess, Color, Move, Position};

use super::{illegal, Awaiting, Decision, Game};
use crate::{
    clock::{Clock, Millis},
    edition::{Edition, GameType},
    notation::write_san,
    outcome::{Outcome, Ruling, State},
};

impl Game {
    /// The edition in force.
    pub fn laws(&self) -> &'static Edition {
        self.laws
    }

    /// Standard, rapid or blitz.
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The starting position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// Moves made (history included).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Players' names.
    pub fn players(&self) -> &ByColor<Option<String>> {
        &self.players
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Playing, adjourned, awaiting the arbiter's ruling (on what), or
    /// finished. A claim made with no arbiter present ended the game (2005
    /// D1, 2023 III.6): finished, though an arbiter decides its result.
    pub fn state(&self) -> State {
        let what = match self.awaiting {
            _ if self.outcome.is_some() => return State::Finished,
            Some(Awaiting::NoArbiter { .. }) => return State::Finished,
            Some(Awaiting::MateRuling { loser, .. }) => Some(Ruling::Mate { side: !loser }),
            Some(Awaiting::Quickplay { claimant }) => Some(Ruling::QuickplayClaim { claimant }),
            Some(Awaiting::QuickplayAtFlag { fallen, claimant }) => {
                Some(Ruling::QuickplayAtFlag { fallen, claimant })
            }
            None => self
                .pending_opening()
                .map(|sealer| Ruling::OpenEnvelope { sealer }),
        };
        if let Some(what) = what {
            State::AwaitingRuling { what }
        } else if self.is_adjourned() {
            State::Adjourned
        } else {
            State::Playing
        }
    }

    /// Every decision so far.
    pub fn log(&self) -> &[Decision] {
        &self.log
    }

    /// Arbiter's clock time up to which the game has been run.
    pub fn now(&self) -> Millis {
        self.now
    }

    /// The pending draw offer: who made it.
    pub fn pending_offer(&self) -> Option<Color> {
        self.offer.map(|o| o.by)
    }

    /// A player who made his move and has not pressed the clock yet.
    pub fn unpressed(&self) -> Option<Color> {
        self.turn.unpressed
    }

    /// Completed illegal moves counted per player (7.4, 7.5).
    pub fn illegal_moves(&self) -> ByColor<u32> {
        self.illegal
    }

    /// Which players are at the board.
    pub fn present(&self) -> ByColor<bool> {
        self.present
    }

    /// Whether the arbiter has stopped the clocks (an interruption).
    pub fn interrupted(&self) -> bool {
        self.interrupted.is_some()
    }

    /// Whether the game has started (the arbiter's `start`, or at once).
    pub fn started(&self) -> bool {
        self.started
    }

    /// The remaining times at arbiter time `t` (not before [`Game::now`]),
    /// without advancing the game: what a clock display shows then.
    pub fn remaining_at(&self, t: Millis) -> ByColor<Millis> {
        let mut clock = self.clock.clone();
        if self.outcome.is_none() && self.awaiting.is_none() {
            clock.advance(t.max(self.now));
        }
        ByColor::new_with(|c| clock.remaining(c))
    }

    /// The next arbiter time at which something happens by itself, if
    /// nothing else does: a flag falls, an early adjourner's session ends
    /// (A1b), a player absent at a resumption or at the start is late (the
    /// moment just after the limit). A server wakes the game then.
    pub fn next_deadline(&self) -> Option<Millis> {
        if self.outcome.is_some() {
            return None;
        }
        let fall = if self.awaiting.is_none() {
            self.clock.next_fall()
        } else {
            None
        };
        let adjourned = self
            .adjourned
            .as_ref()
            .map(|a| [a.early_until, a.deadline.map(|d| d.saturating_add(1))]);
        let start = self.start_deadline.map(|d| d.saturating_add(1));
        [fall, start]
            .into_iter()
            .chain(adjourned.into_iter().flatten())
            .flatten()
            .min()
    }

    /// The scoresheet: each half-move in SAN with the notation's letters,
    /// `(=)` after a move where a draw was offered.
    pub fn scoresheet(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut sheet = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let overridden = self.overrides.iter().find(|(ply, _)| *ply == i as u32);
            let mut san = if pos.is_legal(*m) {
                write_san(&pos, m, self.notation)
            } else {
                // an illegal move left standing: written as it was made
                illegal::written_physical(&pos, m, self.notation)
            };
            if self.offers.contains(&(i as u32)) {
                san.push_str("(=)");
            }
            sheet.push(san);
            match overridden {
                Some((_, after)) => pos = after.clone(),
                None => pos.play_unchecked(*m),
            }
        }
        sheet
    }

    /// The legal moves the player with the move may make now: the move owed
    /// after an incorrect claim, or touch-move applied where the arbiter
    /// enforces it.
    pub fn allowed_moves(&self) -> Vec<Move> {
        // the move declared in an incorrect claim must be played (9.5)
        if let Some(due) = self.turn.obligation {
            return vec![due];
        }
        match &self.turn.touch {
            Some(t) if t.enforced && t.by == self.position.turn() => {
                t.allowed(&self.position, &self.laws.touching)
            }
            _ => self.position.legal_moves().into_iter().collect(),
        }
    }
}
