//! Illegal moves (2023 7.5; 2005 7.4, B6, C3): a move that is not legal
//! made on the board, completed by the press or withdrawn; the procedure of
//! the edition and game type (the arbiter acts at once, or the move stands
//! until the opponent claims or moves); the position reinstated, the
//! opponent's extra time, the loss at the edition's count (a draw where the
//! opponent cannot checkmate, 2023 7.5.5); pressing without a move (2023
//! 7.5.3) and a pawn left unpromoted (2023 7.5.4).

use shakmaty::{
    uci::UciMove, Bitboard, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Rank, Role,
};

use super::{snapshot::Snapshot, touch::Touch, Game};
use crate::{
    clock::{Instant, LedgerKind},
    edition::IllegalProcedure,
    explain::Note,
    notation::Language,
    outcome::{GameResult, Outcome, Termination},
};

/// An illegal move made on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Physical {
    pub by: Color,
    /// The move as made: one of the mover's pieces from a square to another.
    pub m: Move,
    /// A pawn reached the last rank and was not replaced.
    pub unpromoted: bool,
}

/// A completed illegal move standing on the board.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Standing {
    pub by: Color,
    pub before: Snapshot,
    pub physical: Physical,
    /// The position after it cannot be played on (a king left in check).
    pub unplayable: bool,
}

/// The rank where `c`'s pawns promote.
fn last_rank(c: Color) -> Rank {
    match c {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    }
}

/// A UCI text moving a pawn to the last rank without naming a piece: the
/// physical move, when one of the mover's pawns stands on the from-square.
pub(super) fn unpromoted_pawn(pos: &Chess, text: &str) -> Option<String> {
    let text = text.trim();
    let Ok(UciMove::Normal {
        from,
        to,
        promotion: None,
    }) = text.parse::<UciMove>()
    else {
        return None;
    };
    let last = last_rank(pos.turn());
    let pawn = pos
        .board()
        .piece_at(from)
        .is_some_and(|p| p.role == Role::Pawn && p.color == pos.turn());
    (pawn && to.rank() == last).then(|| text.to_owned())
}

/// The position after a physical move that is not legal, if the Laws' board
/// can still hold it (no king of the side not to move in check).
pub(super) fn physical_after(pos: &Chess, m: &Move) -> Option<Chess> {
    let (Some(from), to) = (m.from(), m.to()) else {
        return None;
    };
    let mover = pos.turn();
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    let piece = setup.board.remove_piece_at(from)?;
    let role = m.promotion().unwrap_or(piece.role);
    setup.board.set_piece_at(to, role.of(mover));
    setup.turn = !mover;
    setup.ep_square = None;
    let mut rights = setup.castling_rights;
    rights.discard(from);
    rights.discard(to);
    if piece.role == Role::King {
        rights &= !Bitboard::from_rank(match mover {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        });
    }
    setup.castling_rights = rights;
    setup.halfmoves = if piece.role == Role::Pawn || m.is_capture() {
        0
    } else {
        setup.halfmoves + 1
    };
    if mover == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    match setup.position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Some(pos),
        Err(e) => e.ignore_invalid_castling_rights().ok(),
    }
}

/// The position after a physical move that leaves the mover's own king in
/// check: the board as it stands, the opponent to move. The Laws' board
/// cannot hold it, but rapid and blitz play go on from it until the
/// opponent claims (2005 B6, C3): his moves are generated for his own king
/// alone. Never for a move that leaves a pawn on the last rank or takes a
/// king.
pub(super) fn standing_after(pos: &Chess, m: &Move) -> Option<Chess> {
    if m.capture() == Some(Role::King) || m.promotion() == Some(Role::King) {
        return None;
    }
    let mover = pos.turn();
    if m.role() == Role::Pawn && m.promotion().is_none() {
        let last = last_rank(mover);
        if m.to().rank() == last {
            return None;
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(*m);
    Some(after)
}

/// Whether, after the physical move, both kings stand in check (2005 B6:
/// the arbiter intervenes without a claim).
pub(super) fn both_kings_in_check(pos: &Chess, m: &Move) -> bool {
    let Some(after) = standing_after(pos, m) else {
        return false;
    };
    let board = after.board();
    let occupied = board.occupied();
    Color::ALL.into_iter().all(|c| {
        board
            .king_of(c)
            .is_some_and(|k| board.attacks_to(k, !c, occupied).any())
    })
}

/// Whether the king of the side not to move is out of check: a position
/// of chess, not one an illegal move left standing (B6, C3).
pub(super) fn whole(pos: &Chess) -> bool {
    let board = pos.board();
    let waiting = !pos.turn();
    board
        .king_of(waiting)
        .is_none_or(|k| board.attacks_to(k, pos.turn(), board.occupied()).is_empty())
}

/// A physical move as written on the scoresheet (long algebraic).
pub(super) fn written_physical(pos: &Chess, m: &Move, lang: Language) -> String {
    let letter = |r: Role| {
        if r == Role::Pawn {
            String::new()
        } else {
            lang.piece_letter(r).to_string()
        }
    };
    match (m.from(), m.promotion()) {
        (Some(from), promotion) => format!(
            "{}{}{}{}{}",
            letter(m.role()),
            from,
            if m.is_capture() || pos.board().piece_at(m.to()).is_some() {
                "x"
            } else {
                "-"
            },
            m.to(),
            promotion
                .map(|r| format!("={}", letter(r)))
                .unwrap_or_default()
        ),
        (None, _) => m.to_uci(CastlingMode::Standard).to_string(),
    }
}

impl Game {
    pub(super) fn on_illegal(
        &mut self,
        t: Instant,
        index: usize,
        c: Color,
        uci: &str,
        press: bool,
    ) {
        let ev = Some(index);
        if let IllegalProcedure::Refused { article } = self.illegal_procedure() {
            // online 3.3: the playing zone accepts only legal moves; the
            // attempt is not a move, and costs nothing but the time
            self.decide(t, ev, article, Note::IllegalMoveRefused(uci.to_owned()));
            return;
        }
        let laws = self.laws;
        let parsed = uci.trim().parse::<UciMove>();
        let Ok(UciMove::Normal {
            from,
            to,
            promotion,
        }) = parsed
        else {
            self.decide(
                t,
                ev,
                laws.legal_move,
                Note::IllegalMoveRefused(uci.to_owned()),
            );
            return;
        };
        if self.position.board().role_at(to) == Some(Role::King) {
            self.king_taken(t, index, c, uci);
            return;
        }
        let board = self.position.board();
        let physical = from != to
            && board.color_at(from) == Some(c)
            && board.color_at(to) != Some(c)
            && promotion.is_none_or(|r| r != Role::King && r != Role::Pawn);
        let Some(piece) = board.piece_at(from).filter(|_| physical) else {
            self.decide(
                t,
                ev,
                laws.legal_move,
                Note::NotPhysicallyPossible(uci.to_owned()),
            );
            return;
        };
        let last = last_rank(c);
        let unpromoted = piece.role == Role::Pawn && to.rank() == last && promotion.is_none();
        let m = Move::Normal {
            role: piece.role,
            from,
            capture: board.role_at(to),
            to,
            promotion,
        };
        self.withdraw_uncompleted(t, ev);
        // the opponent who had not pressed: his clock ran until now
        self.complete_pending_press(t, ev);
        if self.outcome.is_some() || self.awaiting.is_some() {
            self.decide(t, ev, laws.alternation, Note::GameAlreadyOver);
            return;
        }
        self.add_touches(Touch::of_move(&self.position, c, &m, t));
        let text = written_physical(&self.position, &m, self.notation);
        self.decide(
            t,
            ev,
            laws.illegal_moves.made,
            Note::IllegalMoveMade { side: c, text },
        );
        let physical = Physical {
            by: c,
            m,
            unpromoted,
        };
        if press {
            self.complete_illegal(t, ev, physical);
        } else {
            self.turn.uncompleted = Some(physical);
        }
    }

    /// The illegal move is completed (the clock pressed): the procedure of
    /// the edition and game type.
    pub(super) fn complete_illegal(&mut self, t: Instant, ev: Option<usize>, p: Physical) {
        let laws = self.laws;
        let il = laws.illegal_moves;
        if p.unpromoted {
            if let Some(article) = il.unpromoted_pawn_becomes_queen {
                let queen = match p.m {
                    Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        ..
                    } => Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        promotion: Some(Role::Queen),
                    },
                    other => other,
                };
                if self.position.is_legal(queen) {
                    self.turn.touch = None;
                    self.decide(t, ev, article, Note::PawnBecomesQueen(p.by));
                    let index = ev.unwrap_or_default();
                    self.make_move(t, index, p.by, queen, true);
                    if self.outcome.is_none() {
                        self.penalise_illegal(t, ev, p.by, false);
                    }
                    return;
                }
            }
        }
        // inside an odds receiver's series (1930 22.2) no move of the opponent
        // comes next to let the illegal move stand: the arbiter acts at once
        let in_series = self.odds.is_some_and(|o| o.receiver == p.by && o.left > 1);
        let procedure = if in_series {
            IllegalProcedure::ArbiterActs
        } else {
            self.illegal_procedure()
        };
        match procedure {
            // never reached: on_illegal refuses the move first
            IllegalProcedure::ArbiterActs | IllegalProcedure::Refused { .. } => {
                self.rule_illegal(t, ev, p)
            }
            IllegalProcedure::OnClaim { claim } => {
                if p.unpromoted || both_kings_in_check(&self.position, &p.m) {
                    // B6: the arbiter intervenes alone only on a promotion
                    // not completed, or both kings in check
                    self.decide(t, ev, claim, Note::ArbiterIntervenes(p.by));
                    self.rule_illegal(t, ev, p);
                } else {
                    // any other illegal move, a king left in check too,
                    // stands until the opponent claims or moves
                    let after = physical_after(&self.position, &p.m)
                        .or_else(|| standing_after(&self.position, &p.m));
                    self.stand(t, ev, p, after);
                }
            }
            IllegalProcedure::ClaimWins { .. } => {
                // C2 removes B6: no intervention, whatever the move
                let after = physical_after(&self.position, &p.m)
                    .or_else(|| standing_after(&self.position, &p.m));
                self.stand(t, ev, p, after);
            }
        }
    }

    /// The arbiter's ruling on an illegal move (7.4, 7.5): the position before
    /// it is reinstated and the opponent gets extra time, or the offender loses.
    fn rule_illegal(&mut self, t: Instant, ev: Option<usize>, p: Physical) {
        if self.penalise_illegal(t, ev, p.by, true) {
            let il = self.laws.illegal_moves;
            self.add_touches(Touch::of_move(&self.position, p.by, &p.m, t));
            self.decide(t, ev, il.replacing_move, Note::ReplacingMoveTouched(p.by));
        }
    }

    /// Counts an illegal move: the offender loses at the edition's count;
    /// otherwise his opponent gets the extra time. Returns whether the game goes on.
    pub(super) fn penalise_illegal(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        offender: Color,
        reinstated: bool,
    ) -> bool {
        let il = self.laws.illegal_moves;
        let count = {
            let n = self.illegal.get_mut(offender);
            *n += 1;
            *n
        };
        if count >= il.losing_count {
            self.turn.touch = None;
            if il.loss_draw_if_cannot_mate {
                self.lose_unless_no_mate(
                    t,
                    ev,
                    offender,
                    Termination::IllegalMove,
                    Termination::IllegalMoveDraw,
                    il.loss,
                );
            } else {
                self.finish(
                    t,
                    ev,
                    Outcome::new(
                        GameResult::win(!offender),
                        Termination::IllegalMove,
                        il.loss,
                    ),
                );
            }
            return false;
        }
        if reinstated {
            self.decide(t, ev, il.reinstate, Note::PositionReinstated(offender));
        }
        let bonus = il.bonus_ms.get(self.game_type);
        if !self.clock.is_untimed() {
            self.clock.adjust(!offender, LedgerKind::Bonus, bonus);
        }
        self.decide(
            t,
            ev,
            il.penalty.get(self.game_type),
            Note::IllegalMovePenalty {
                offender,
                bonus,
                count,
            },
        );
        true
    }

    /// The completed illegal move stays on the board until the opponent
    /// claims or moves (B6, C3).
    fn stand(&mut self, t: Instant, ev: Option<usize>, p: Physical, after: Option<Chess>) {
        let before = self.snapshot();
        self.turn.touch = None;
        let unplayable = after.is_none();
        if let Some(after) = after {
            self.play_physical(p.m, after);
        }
        let article = match self.illegal_procedure() {
            IllegalProcedure::OnClaim { claim } | IllegalProcedure::ClaimWins { claim } => claim,
            IllegalProcedure::ArbiterActs | IllegalProcedure::Refused { .. } => {
                self.laws.illegal_moves.reinstate
            }
        };
        self.decide(
            t,
            ev,
            article,
            Note::IllegalMoveCompleted {
                offender: p.by,
                unplayable,
            },
        );
        self.standing = Some(Box::new(Standing {
            by: p.by,
            before,
            physical: p,
            unplayable,
        }));
        if unplayable {
            // the position cannot be played on: only the opponent's claim remains
            self.clock.start(!p.by, t);
        } else {
            let count = self.moves_counted(p.by);
            self.clock.press(p.by, t, count);
        }
    }

    fn play_physical(&mut self, m: Move, after: Chess) {
        self.moves.push(m);
        self.hashes.push(0);
        self.set_position(after);
    }

    pub(super) fn claim_illegal(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let laws = self.laws;
        let procedure = self.illegal_procedure();
        let standing = self.standing.clone().filter(|st| st.by != c);
        let (claim, st) = match (procedure, standing) {
            (IllegalProcedure::Refused { article }, _) => {
                // the playing zone never accepted an illegal move (online 3.3)
                self.decide(t, ev, article, Note::NoIllegalMoveToClaim(c));
                return;
            }
            (IllegalProcedure::ArbiterActs, _) => {
                self.decide(
                    t,
                    ev,
                    laws.illegal_moves.reinstate,
                    Note::ArbiterActsOnIllegalMoves,
                );
                return;
            }
            (IllegalProcedure::OnClaim { claim } | IllegalProcedure::ClaimWins { claim }, None) => {
                self.decide(t, ev, claim, Note::NoIllegalMoveToClaim(c));
                return;
            }
            (
                IllegalProcedure::OnClaim { claim } | IllegalProcedure::ClaimWins { claim },
                Some(st),
            ) => (claim, st),
        };
        self.clock.stop(t);
        self.standing = None;
        self.decide(t, ev, claim, Note::IllegalClaimValid(c));
        match procedure {
            IllegalProcedure::ClaimWins { claim } => {
                // judged on the legal position, before the illegal move
                if !st.unplayable {
                    self.reinstate(&st.before, t);
                }
                self.lose_unless_no_mate(
                    t,
                    ev,
                    st.by,
                    Termination::IllegalMove,
                    Termination::IllegalMoveDraw,
                    claim,
                );
            }
            _ => {
                self.reinstate(&st.before, t);
                self.rule_illegal(t, ev, st.physical);
                if self.outcome.is_none() && self.awaiting.is_none() {
                    self.clock.start(st.by, t);
                }
            }
        }
    }

    /// The position a ruling reads ("can this side checkmate", a dead
    /// position): the board, unless an illegal move left standing has put
    /// the mover's own king in check — no position of chess — and then the
    /// position before it.
    pub(super) fn judged_position(&self) -> &Chess {
        match &self.standing {
            Some(st) if !whole(&self.position) => st.before.position(),
            _ => &self.position,
        }
    }

    /// `c` takes the opponent's king, which stands in check after the
    /// opponent's illegal move: no move of chess, but the plainest claim
    /// that the move was illegal (B6, C3). Without such a move standing,
    /// no king can be taken.
    pub(super) fn king_taken(&mut self, t: Instant, index: usize, c: Color, text: &str) {
        if self.standing.as_ref().is_some_and(|st| st.by != c) {
            self.claim_illegal(t, index, c);
        } else {
            self.decide(
                t,
                Some(index),
                self.laws.legal_move,
                Note::NotPhysicallyPossible(text.to_owned()),
            );
        }
    }

    /// An illegal move made and not completed is taken back (another move,
    /// or a seal, replaces it).
    pub(super) fn withdraw_uncompleted(&mut self, t: Instant, ev: Option<usize>) {
        if let Some(u) = self.turn.uncompleted.take() {
            self.decide(
                t,
                ev,
                self.laws.illegal_moves.replacing_move,
                Note::IllegalMoveWithdrawn(u.by),
            );
        }
    }

    /// `c` moves: a completed illegal move of his opponent's standing on the
    /// board stands for good (B6, C3).
    pub(super) fn let_illegal_move_stand(&mut self, t: Instant, ev: Option<usize>, c: Color) {
        if self.standing.as_ref().is_some_and(|st| st.by != c) {
            // by moving, the opponent lets the illegal move stand for good
            self.standing = None;
            let il = self.laws.illegal_moves;
            let article = match self.illegal_procedure() {
                IllegalProcedure::OnClaim { claim } => claim,
                IllegalProcedure::ClaimWins { claim } => claim,
                IllegalProcedure::ArbiterActs | IllegalProcedure::Refused { .. } => il.reinstate,
            };
            self.decide(t, ev, article, Note::IllegalMoveStands(!c));
        }
    }

    /// The player with the move presses the clock without having moved:
    /// penalised as an illegal move where the edition says so (2023 7.5.3;
    /// the press is undone, his clock runs on), otherwise refused.
    pub(super) fn press_without_move(&mut self, t: Instant, index: usize, c: Color) {
        match self.laws.illegal_moves.press_without_move {
            Some(article) => {
                self.decide(t, Some(index), article, Note::PressWithoutMove(c));
                self.penalise_illegal(t, Some(index), c, false);
            }
            None => self.decide(
                t,
                Some(index),
                self.laws.clock_press,
                Note::NothingToPress(c),
            ),
        }
    }
}
