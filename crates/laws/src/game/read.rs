//! The read model: pure queries a server or a page needs without advancing
//! the game (`&self` only): the position, the clocks at any instant, what is
//! pending (an offer, a press, the moves allowed), who is present, the next
//! instant at which something happens by itself, and the scoresheet. What the
//! envelope of an adjourned game shows is in `adjourn`
//! ([`Game::envelope`]).

use shakmaty::{san::SanPlus, ByColor, Chess, Color, Move, Position, Role};

use super::{adjourn, illegal, Awaiting, Decision, Game};
use crate::{
    clock::{Clock, Instant, Millis},
    edition::{Edition, FlagPolicy, GameType, IllegalProcedure},
    event::ClaimKind,
    notation::{write_san, write_san_plus, Language},
    outcome::{Outcome, Ruling, State},
};

/// The half-moves of a scoresheet already written, for
/// [`Game::scoresheet_cached`].
///
/// Compact, since a server keeps one per live game: the moves it was
/// written for (5 bytes each) and their SAN (7 bytes each; the rare move
/// written as it was made, illegal, apart).
#[derive(Clone, Debug, Default)]
pub struct SheetCache {
    moves: Vec<Move>,
    sans: Vec<Option<SanPlus>>,
    physical: Vec<(usize, Box<str>)>,
    overrides: Vec<(u32, Chess)>,
    notation: Option<crate::notation::Language>,
}

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
    /// finished — always with a result. A claim made with no arbiter
    /// present stopped the game (2005 D1, 2023 III.6.1), but its result is
    /// the arbiter's to give: the game awaits his ruling until then.
    pub fn state(&self) -> State {
        let what = match self.awaiting {
            _ if self.outcome.is_some() => return State::Finished,
            Some(Awaiting::NoArbiter { claimant }) => Some(Ruling::QuickplayReferred { claimant }),
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
    pub fn now(&self) -> Instant {
        self.now
    }

    /// The time given back to both players as network lag so far (ms;
    /// online games with lag compensation, `crate::lag`).
    pub fn lag_compensated(&self) -> Millis {
        self.lag.as_ref().map_or(0, |lag| {
            (lag.white.total_compensation + lag.black.total_compensation).saturating_mul(10)
        })
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
    pub fn remaining_at(&self, t: Instant) -> ByColor<Millis> {
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
    pub fn next_deadline(&self) -> Option<Instant> {
        if self.outcome.is_some() {
            return None;
        }
        let fall = if self.awaiting.is_none() {
            self.clock.next_fall().map(|f| f.plus(self.grace()))
        } else {
            None
        };
        let adjourned = self
            .adjourned
            .as_ref()
            .map(|a| [a.early_until, a.deadline.map(|d| d.plus(1))]);
        let start = self.start_deadline.map(|d| d.plus(1));
        [fall, start]
            .into_iter()
            .chain(adjourned.into_iter().flatten())
            .flatten()
            .min()
    }

    /// The scoresheet: each half-move in SAN with the notation's letters,
    /// `(=)` after a move where a draw was offered.
    pub fn scoresheet(&self) -> Vec<String> {
        self.scoresheet_cached(&mut SheetCache::default())
    }

    /// [`Game::scoresheet`] with `lang`'s piece letters (a report in
    /// another language than the game's notation).
    pub fn scoresheet_in(&self, lang: Language) -> Vec<String> {
        self.scoresheet()
            .iter()
            .map(|m| crate::notation::transliterate(m, self.notation, lang))
            .collect()
    }

    /// The language the game's moves are written in (its notation).
    pub fn notation(&self) -> Language {
        self.notation
    }

    /// [`Game::scoresheet`], writing only the half-moves `cache` does not
    /// hold yet: a server that shows the scoresheet after every move pays
    /// for the new move, not for the whole game again. The cache checks
    /// itself against the game (the moves it was written for, the positions
    /// set on the board since), so a cache from another game or from before
    /// a retraction is rewritten, never trusted.
    pub fn scoresheet_cached(&self, cache: &mut SheetCache) -> Vec<String> {
        // what the cache holds is valid up to the first move that differs
        // or the first half-move after which a position was set
        let mut valid = cache
            .moves
            .iter()
            .zip(&self.moves)
            .take_while(|(a, b)| a == b)
            .count();
        if cache.overrides != self.overrides {
            // a position set after a half-move (or no longer set): the
            // half-moves from the next one on are rewritten
            let differing = self
                .overrides
                .iter()
                .filter(|o| !cache.overrides.contains(o))
                .chain(
                    cache
                        .overrides
                        .iter()
                        .filter(|o| !self.overrides.contains(o)),
                )
                .map(|(ply, _)| *ply as usize)
                .min();
            if let Some(ply) = differing {
                valid = valid.min(ply + 1);
            }
        }
        if cache.notation != Some(self.notation) {
            valid = 0;
        }
        cache.moves.truncate(valid);
        cache.sans.truncate(valid);
        cache.physical.retain(|(ply, _)| *ply < valid);
        if cache.sans.len() < self.moves.len() {
            // the position before the first half-move to write
            let mut pos = self.start.clone();
            for (i, m) in self.moves.iter().enumerate() {
                if i >= cache.sans.len() {
                    if pos.is_legal(*m) {
                        cache.sans.push(Some(SanPlus::from_move(pos.clone(), *m)));
                    } else {
                        // an illegal move left standing: written as it was made
                        let text = illegal::written_physical(&pos, m, self.notation);
                        cache.sans.push(None);
                        cache.physical.push((i, text.into_boxed_str()));
                    }
                    cache.moves.push(*m);
                }
                match self.overrides.iter().find(|(ply, _)| *ply == i as u32) {
                    Some((_, after)) => pos = after.clone(),
                    None => pos.play_unchecked(*m),
                }
            }
        }
        cache.overrides.clone_from(&self.overrides);
        cache.notation = Some(self.notation);
        let sheet: Vec<String> = cache
            .sans
            .iter()
            .enumerate()
            .map(|(i, san)| {
                let mut san = match san {
                    Some(san) => write_san_plus(san, self.notation),
                    None => cache
                        .physical
                        .iter()
                        .find(|(ply, _)| *ply == i)
                        .map_or_else(String::new, |(_, text)| text.to_string()),
                };
                if self.offers.contains(&(i as u32)) {
                    san.push_str("(=)");
                }
                san
            })
            .collect();
        debug_assert_eq!(sheet, self.scoresheet_replayed(), "the scoresheet cache");
        sheet
    }

    /// The scoresheet written from the start, move by move.
    fn scoresheet_replayed(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut sheet = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let overridden = self.overrides.iter().find(|(ply, _)| *ply == i as u32);
            let mut san = if pos.is_legal(*m) {
                write_san(&pos, m, self.notation)
            } else {
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

    /// Whether `side` may make a claim of `kind` now and be found right: a
    /// draw by threefold repetition or fifty moves on the board or with an
    /// intended move he may play (9.2, 9.3; not once he has touched a piece
    /// where 9.4 takes the right away), the opponent's flag where a fall
    /// counts only on a claim (2005 B7, C), the opponent's illegal move still
    /// open to a claim (B6, C3, 2023 A.4.2), a touch-move breach on request
    /// (2005 B5), a quickplay finish (10.2, III). A pure query: nothing is
    /// examined, no clock stops. Claims about the setting (7.1, B4) are the
    /// arbiter's to establish and are never "available".
    pub fn can_claim(&self, side: Color, kind: ClaimKind) -> bool {
        let playing = self.outcome.is_none()
            && self.awaiting.is_none()
            && self.started
            && self.interrupted.is_none()
            && self.adjourned.as_ref().is_none_or(|a| match a.phase {
                // told to seal, the player with the move still plays on his time
                adjourn::Phase::AwaitingSeal => true,
                adjourn::Phase::Sealed => false,
                adjourn::Phase::Resumed { opened } => opened && a.reply.is_none(),
            });
        if !playing {
            return false;
        }
        if self.laws.no_claims.is_some() {
            // online: the flag and the draws come by themselves (4.4, 5.4)
            return false;
        }
        let to_move = self.position.turn() == side;
        match kind {
            ClaimKind::Threefold | ClaimKind::FiftyMoves => {
                let touched = self.laws.touch_loses_claim_right.is_some()
                    && self.turn.touch.as_ref().is_some_and(|t| t.by == side);
                to_move
                    && !touched
                    && (self.claim_holds_now(kind)
                        || self
                            .allowed_moves()
                            .into_iter()
                            .any(|m| self.claim_holds_after(kind, m)))
            }
            ClaimKind::Flag => {
                matches!(self.flag_policy(), FlagPolicy::ClaimOnly { .. })
                    && self.clock.fallen(!side).is_some()
                    && self.clock.fallen(side).is_none()
            }
            ClaimKind::IllegalMove => {
                !matches!(
                    self.illegal_procedure(),
                    IllegalProcedure::ArbiterActs | IllegalProcedure::Refused { .. }
                ) && self.standing.as_ref().is_some_and(|st| st.by != side)
            }
            ClaimKind::TouchMove => {
                to_move
                    && self
                        .touch_breach
                        .as_ref()
                        .is_some_and(|b| b.by != side && !b.claim_lost)
            }
            ClaimKind::Quickplay => self.quickplay_refusal(side).is_none(),
            ClaimKind::InitialPosition | ClaimKind::BoardOrientation | ClaimKind::ClockSetting => {
                false
            }
        }
    }

    /// How the player with the move could claim a draw of `kind`
    /// (threefold repetition, fifty moves) now and be found right: on the
    /// board (9.2b / 9.3a), or by writing a move he may make (9.2a / 9.3b)
    /// — `written` if it is one (the move he then made), else the first.
    /// `None` when he cannot ([`Game::can_claim`]), or for another claim.
    pub fn draw_claim(&self, kind: ClaimKind, written: Option<Move>) -> Option<DrawClaim> {
        if !matches!(kind, ClaimKind::Threefold | ClaimKind::FiftyMoves)
            || !self.can_claim(self.position.turn(), kind)
        {
            return None;
        }
        if self.claim_holds_now(kind) {
            return Some(DrawClaim::OnTheBoard);
        }
        let allowed = self.allowed_moves();
        written
            .filter(|m| allowed.contains(m) && self.claim_holds_after(kind, *m))
            .or_else(|| {
                allowed
                    .into_iter()
                    .find(|m| self.claim_holds_after(kind, *m))
            })
            .map(DrawClaim::ByWriting)
    }

    /// How many times the position on the board has stood since the last
    /// capture or pawn move, this time included (identity as 9.2 defines it:
    /// same player to move, pieces, castling rights, en passant capture).
    pub fn repetitions(&self) -> usize {
        // a position comes back four half-moves later at the earliest: the
        // most it can have stood in the window
        let most = self.moves.len().saturating_sub(self.window_at) / 4 + 1;
        self.current_occurrences(most)
    }

    /// The claims `side` may make now and be found right ([`Game::can_claim`]).
    pub fn claims(&self, side: Color) -> Vec<ClaimKind> {
        ClaimKind::ALL
            .into_iter()
            .filter(|&k| self.can_claim(side, k))
            .collect()
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
            _ => self
                .position
                .legal_moves()
                .into_iter()
                // never the capture of a king left in check by a standing
                // illegal move (B6, C3): that is a claim, not a move
                .filter(|m| m.capture() != Some(Role::King))
                .collect(),
        }
    }
}

/// How a draw claim would be found right ([`Game::draw_claim`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    /// The position on the board justifies it (2005 9.2b, 9.3a).
    OnTheBoard,
    /// Writing this move on the scoresheet and declaring it does (2005
    /// 9.2a, 9.3b).
    ByWriting(Move),
}
