//! Replaying a recorded game fast: what `arbitre audit` uses to replay each
//! game of a PGN file. A recorded game is known as a whole before it is
//! replayed, which allows two shortcuts that live play cannot take; they are
//! here, apart from [`Game`], whose API has the Laws only:
//!
//! - the record's next move, once found legal, shows that the position
//!   before it was neither checkmate nor stalemate, so that test is skipped
//!   ([`FastReplay::play_san_continued`]);
//! - a position reachable from a dead position is dead, so once the first
//!   position that may be dead is known, the dead-position test before it
//!   can be the material test alone ([`FastReplay::new`] with `dead_from`).
//!
//! Both are held by tests: `continued_replay_decides_as_testing_every_move`
//! (`crates/laws/tests/properties.rs`) for the first, the audit's own
//! property test (`crates/arbitre/tests/audit_properties.rs`) for both.

use core::ops::Deref;

use shakmaty::san::San;

use crate::{
    clock::Instant,
    game::{Game, Setup, SetupError},
};

/// What a fast replay skips; a game set up with [`Game::new`] skips nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shortcuts {
    /// Set only while [`FastReplay::play_san_continued`] plays its move: the
    /// caller holds a legal move for the position after it.
    pub(crate) next_move_known: bool,
    /// The dead-position test is the material test alone before this
    /// half-move (counted from the start, 1 for the first), the setup's
    /// [`DeadCheck`](crate::game::DeadCheck) from it on.
    pub(crate) material_only_before: Option<u32>,
}

/// A recorded game replayed fast, as `arbitre audit` replays each game.
///
/// It reads like the [`Game`] it replays (it dereferences to it); moves are
/// played through it. Not for live play: its shortcuts hold only for a record
/// replayed as a whole (see the module documentation).
#[derive(Clone, Debug)]
pub struct FastReplay {
    game: Game,
}

impl FastReplay {
    /// Sets the replay up as [`Game::new`] does. With `dead_from`, dead
    /// positions are tested by material only before that half-move (counted
    /// from the start, 1 for the first) and as `setup.dead_check` says from
    /// it on: for a game replayed again once its first dead position is known
    /// not to come earlier (a position reachable from a dead one is dead).
    /// With `None`, as `setup.dead_check` says throughout.
    pub fn new(setup: Setup, dead_from: Option<u32>) -> Result<FastReplay, SetupError> {
        let shortcuts = Shortcuts {
            next_move_known: false,
            material_only_before: dead_from,
        };
        Ok(FastReplay {
            game: Game::with_shortcuts(setup, shortcuts)?,
        })
    }

    /// Plays a move given in SAN, as [`Game::play_san`] does.
    #[inline]
    pub fn play_san(&mut self, index: usize, t: Instant, san: &San) {
        self.game.play_san(index, t, san);
    }

    /// [`Game::play_san`] for a replay that holds the game's next move and
    /// will play it: while the next move proves the position after this one
    /// is neither checkmate nor stalemate, the engine does not test that (an
    /// ending found otherwise is still checked against them). If the next
    /// move is then refused, this one may have ended the game unnoticed: the
    /// caller must replay the game with [`FastReplay::play_san`].
    #[inline]
    pub fn play_san_continued(&mut self, index: usize, t: Instant, san: &San) {
        self.game.shortcuts.next_move_known = true;
        self.game.play_san(index, t, san);
        self.game.shortcuts.next_move_known = false;
    }

    /// The game replayed so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to go on with it; it keeps the replay's dead-position
    /// policy.
    pub fn into_game(self) -> Game {
        self.game
    }
}

impl Deref for FastReplay {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}
