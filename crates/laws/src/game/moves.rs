//! Making moves: a move as written (8.1) or given by a reader, alternation
//! (1.2), legality (3; an illegal move goes to `illegal`), the clock press
//! that completes it (6.2), and the end of the game by a move: checkmate
//! (5.1.1), stalemate (5.2.1), dead position (5.2.2; 2005 5.2b, 9.6), and,
//! under 2023, fivefold repetition and the 75-move rule (9.6). Also the
//! repetition record that 9.2 and 9.6.1 read: a hash per position as a
//! filter, identity confirmed on positions replayed since the last
//! irreversible move.

use shakmaty::{zobrist::Zobrist64, Chess, Color, EnPassantMode, Move, Position, Role};

use super::{illegal, DeadCheck, Game};
use crate::{
    clock::Instant,
    dead,
    edition::IllegalProcedure,
    explain::Note,
    mobility::mobility,
    notation::{read_move, Reading},
    outcome::{GameResult, Outcome, Termination},
};

/// The Zobrist hash of a position (legal en passant mode).
pub(super) fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The part of a hash kept per position.
pub(super) fn short(h: u64) -> u32 {
    h as u32
}

/// Positions identical in the sense of 9.2: same player to move, same pieces
/// on the same squares, same castling rights, same legal en passant capture.
pub fn same_position(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn()
        && a.board() == b.board()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.legal_ep_square() == b.legal_ep_square()
}

impl Game {
    /// Makes a move already resolved to a [`Move`] (as a PGN reader gives it),
    /// as if the player to move made it at `t` and pressed the clock. A move
    /// that is not legal in the position is refused and logged.
    pub fn play_move(&mut self, index: usize, t: Instant, m: Move) {
        if !self.open_for_moves(index, t) {
            return;
        }
        if !self.position.is_legal(m) || m.capture() == Some(Role::King) {
            let text = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            self.decide(
                t,
                Some(index),
                self.laws.legal_move,
                Note::IllegalMoveRefused(text),
            );
            return;
        }
        let c = self.position.turn();
        self.make_move(t, index, c, m, true);
    }

    /// Makes a move given in SAN (as a PGN reader gives it), as if the player
    /// to move made it at `t` and pressed the clock: decoding the SAN in the
    /// position is the legality check. A SAN that designates no single legal
    /// move is refused and logged.
    pub fn play_san(&mut self, index: usize, t: Instant, san: &shakmaty::san::San) {
        if !self.open_for_moves(index, t) {
            return;
        }
        match crate::san::san_to_move(&self.position, san) {
            Ok(m) if m.capture() != Some(Role::King) => {
                let c = self.position.turn();
                self.make_move(t, index, c, m, true);
            }
            _ => self.decide(
                t,
                Some(index),
                self.laws.legal_move,
                Note::IllegalMoveRefused(san.to_string()),
            ),
        }
    }

    /// Lets time run to `t` and says whether a move may be played now; logs
    /// the refusal when the game is over or waits for a ruling.
    fn open_for_moves(&mut self, index: usize, t: Instant) -> bool {
        self.pass_time(t);
        let open = self.outcome.is_none() && self.awaiting.is_none();
        if !open {
            self.decide(t, Some(index), self.laws.alternation, Note::GameAlreadyOver);
        }
        open
    }

    pub(super) fn on_move(&mut self, t: Instant, index: usize, c: Color, text: &str, press: bool) {
        let ev = Some(index);
        let laws = self.laws;
        if c != self.position.turn() {
            self.decide(t, ev, laws.alternation, Note::NotYourMove(c));
            return;
        }
        if let Some(uci) = illegal::unpromoted_pawn(&self.position, text) {
            self.on_illegal(t, index, c, &uci, press);
            return;
        }
        match read_move(&self.position, text, self.notation) {
            Reading::Move(m) => self.make_move(t, index, c, m, press),
            Reading::Ambiguous(candidates) => self.decide(
                t,
                ev,
                laws.notation,
                Note::AmbiguousMove {
                    text: text.to_owned(),
                    candidates: candidates.len(),
                },
            ),
            Reading::Illegal { uci: Some(uci) } => self.on_illegal(t, index, c, &uci, press),
            Reading::Illegal { uci: None } => {
                let article = match self.illegal_procedure() {
                    IllegalProcedure::Refused { article } => article,
                    _ => laws.legal_move,
                };
                self.decide(t, ev, article, Note::IllegalMoveRefused(text.to_owned()))
            }
            Reading::Unreadable => {
                self.decide(t, ev, laws.notation, Note::UnreadableMove(text.to_owned()))
            }
        }
    }

    pub(super) fn make_move(&mut self, t: Instant, index: usize, c: Color, m: Move, press: bool) {
        let ev = Some(index);
        let laws = self.laws;
        if self.owed_move_refused(t, ev, m) {
            return;
        }
        let mut breach_touch = None;
        if let Some((article, enforced, touch)) = self.touch_refusal(c, &m) {
            if enforced {
                self.decide(t, ev, article, Note::TouchedPieceMustMove(c));
                return;
            }
            breach_touch = Some(touch);
        }
        // the odds receiver moving again must leave a position in which he can
        let Ok(again) = self.series_position(t, ev, c, m) else {
            return;
        };
        // a player who moves is at the board (after a resumption too)
        *self.present.get_mut(c) = true;
        // the opponent who had not pressed: his clock ran until now; the
        // mover's clock starts, and may show its flag down at once
        if self.turn.unpressed.is_some() {
            self.complete_pending_press(t, ev);
            if self.outcome.is_some() || self.awaiting.is_some() {
                self.decide(t, ev, laws.alternation, Note::GameAlreadyOver);
                return;
            }
        }
        // the moment a touch-move claim (B5) would take the game back to
        let breach = breach_touch.map(|touch| self.breach(c, touch));
        self.turn.obligation = None;
        self.turn.touch = None;
        self.withdraw_uncompleted(t, ev);
        self.record_breach(t, ev, c, breach);
        self.let_illegal_move_stand(t, ev, c);
        self.offer_declined_by_move(t, ev, c);
        self.play(m);
        self.mark_offer(c);
        if let Some(after) = again {
            // 1930 22.2: the receiver plays his moves in a row
            self.continue_series(t, ev, c, after);
            return;
        }
        let count = self.moves_counted(c);
        if let Some(outcome) = self.ending_after_move() {
            // a move that ends the game is complete without the press (6.2a, 6.2.1)
            self.clock.stop(t);
            self.clock.count_moves(c, count);
            self.end_by_move(t, ev, outcome);
            return;
        }
        if press {
            self.press_move(t, ev, c, count);
        } else {
            self.turn.unpressed = Some(c);
            self.turn.press_count = count;
        }
    }

    /// Plays a legal move on the board and updates the repetition record.
    pub(super) fn play(&mut self, m: Move) {
        let incremental = self.position.update_zobrist_hash::<Zobrist64>(
            Zobrist64(self.current_hash),
            m,
            EnPassantMode::Legal,
        );
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.current_hash = match incremental {
            Some(h) => h.0,
            None => hash(&self.position),
        };
        self.hashes.push(short(self.current_hash));
        if m.is_zeroing() {
            self.window = self.position.clone();
            self.window_at = self.moves.len();
        }
    }

    /// Replaces the current position (after the last move) by another one:
    /// the record notes it, and repetitions start afresh from it.
    pub(super) fn set_position(&mut self, after: Chess) {
        self.current_hash = hash(&after);
        if let Some(last) = self.hashes.last_mut() {
            *last = short(self.current_hash);
        }
        let ply = self.moves.len().saturating_sub(1) as u32;
        self.overrides.retain(|(p, _)| *p != ply);
        if !self.moves.is_empty() {
            self.overrides.push((ply, after.clone()));
        }
        self.window = after.clone();
        self.window_at = self.moves.len();
        self.position = after;
    }

    /// Whether the game ends by itself with the move just made.
    pub(super) fn ending_after_move(&self) -> Option<Outcome> {
        let pos = &self.position;
        if self.shortcuts.next_move_known {
            // a legal move follows: neither checkmate nor stalemate, unless
            // another ending is found, which those would come before
            let other = self.ending_with_moves(None);
            return match other {
                Some(_) if mobility(pos) == 0 => self.ending_with_moves(Some(0)),
                other => other,
            };
        }
        self.ending_with_moves(Some(mobility(pos)))
    }

    /// [`Game::ending_after_move`] given the side to move's number of legal
    /// moves (capped at 2) when it is known.
    fn ending_with_moves(&self, moves: Option<u8>) -> Option<Outcome> {
        let laws = self.laws;
        let pos = &self.position;
        if moves == Some(0) {
            return Some(if pos.is_check() {
                Outcome::new(
                    GameResult::win(!pos.turn()),
                    Termination::Checkmate,
                    laws.checkmate,
                )
            } else {
                Outcome::new(GameResult::Draw, Termination::Stalemate, laws.stalemate)
            });
        }
        let policy = match self.shortcuts.material_only_before {
            Some(ply) if (self.moves.len() as u64) < u64::from(ply) => DeadCheck::MaterialOnly,
            _ => self.dead_check,
        };
        let dead = match policy {
            DeadCheck::MaterialOnly => dead::dead_by_material(pos),
            DeadCheck::EveryMove => dead::is_dead_fast(pos),
            DeadCheck::AfterIrreversible => {
                if pos.is_check()
                    || self.moves.last().is_none_or(|m| m.is_zeroing())
                    || moves.unwrap_or_else(|| mobility(pos)) == 1
                {
                    dead::is_dead_fast(pos)
                } else {
                    dead::dead_by_material(pos)
                }
            }
        };
        if dead {
            return Some(Outcome::new(
                GameResult::Draw,
                Termination::DeadPosition,
                laws.dead_position,
            ));
        }
        if let Some(article) = laws.fifty_automatic {
            if pos.halfmoves() >= 2 * laws.fifty_moves {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::FiftyMoves,
                    article,
                ));
            }
        }
        if let Some(article) = laws.threefold_automatic {
            if self.current_occurrences(3) >= 3 {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::ThreefoldRepetition,
                    article,
                ));
            }
        }
        if let Some((article, n)) = laws.seventy_five {
            if pos.halfmoves() >= 2 * n {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::SeventyFiveMoves,
                    article,
                ));
            }
        }
        if let Some(article) = laws.fivefold {
            if self.current_occurrences(5) >= 5 {
                return Some(Outcome::new(
                    GameResult::Draw,
                    Termination::FivefoldRepetition,
                    article,
                ));
            }
        }
        None
    }

    /// The game ends by itself on the board (checkmate, stalemate, dead
    /// position, 2023 9.6), with the restatement of the dead-position rule
    /// where the edition has one (2001/2005 9.6).
    pub(super) fn end_by_move(&mut self, t: Instant, event: Option<usize>, outcome: Outcome) {
        if outcome.termination == Termination::DeadPosition {
            if let Some(also) = self.laws.dead_position_also {
                self.decide(t, event, also, Note::DeadPosition);
            }
        }
        self.finish(t, event, outcome);
    }

    /// How many times the position after `moves.len()` half-moves, `pos`
    /// with hash `h`, has appeared (itself included), counting only positions
    /// confirmed identical on the board, never on a hash alone. Stops
    /// confirming once `enough` is reached.
    pub(super) fn occurrences(
        &self,
        pos: &Chess,
        h: u32,
        window_at: usize,
        upto: usize,
        enough: usize,
    ) -> usize {
        // a position comes back at the earliest four half-moves later
        if upto.saturating_sub(window_at) < 4 * enough.saturating_sub(1) {
            return 1;
        }
        // candidates: same side to move (same parity), same hash, inside the window
        let mut candidates: Vec<usize> = Vec::new();
        let mut i = upto;
        while i >= window_at + 2 {
            i -= 2;
            if self.hashes[i] == h {
                candidates.push(i);
            }
        }
        if candidates.len() + 1 < enough {
            return candidates.len() + 1;
        }
        let mut count = 1;
        let mut replay = self.window.clone();
        let mut at = self.window_at;
        // the window may have moved past `window_at` only for an intended
        // move, which is a non-zeroing move here, so it starts at window_at
        for &c in candidates.iter().rev() {
            while at < c {
                replay.play_unchecked(self.moves[at]);
                at += 1;
            }
            if same_position(&replay, pos) {
                count += 1;
                if count >= enough {
                    break;
                }
            }
        }
        count
    }

    pub(super) fn current_occurrences(&self, enough: usize) -> usize {
        let h = self.hashes.last().copied().unwrap_or_default();
        self.occurrences(&self.position, h, self.window_at, self.moves.len(), enough)
    }
}
