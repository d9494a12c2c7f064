//! Touching pieces (2005 art. 4.3–4.7, 2023 art. 4.3–4.8, 2005 B5): every
//! piece the player with the move touches, in order, with its time; the
//! rules read that record.
//!
//! The order of two touches is known when their times differ; at the same
//! instant it is unknown, and then the player's own piece counts as touched
//! first (4.3, last sentence).

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::{snapshot::Snapshot, Game};
use crate::{
    clock::Instant,
    edition::{Article, Touching},
    explain::Note,
};

/// One piece touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Touched {
    pub square: Square,
    pub role: Role,
    /// One of the toucher's own pieces.
    pub own: bool,
    /// Arbiter's clock time of the touch.
    pub at: Instant,
}

/// The pieces touched by the player with the move, in the order of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Touch {
    pub by: Color,
    pub pieces: Vec<Touched>,
    /// Whether the arbiter enforces it himself (otherwise only on request, B5).
    pub enforced: bool,
}

/// A move that broke touch-move where art. 4 applies only on request (B5).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Breach {
    pub by: Color,
    pub before: Snapshot,
    pub touch: Touch,
    /// The opponent has since deliberately touched a piece himself (4.7, 4.8).
    pub claim_lost: bool,
}

/// The square of the piece a capture takes (en passant: beside the target).
fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ if m.is_capture() => Some(m.to()),
        _ => None,
    }
}

impl Touch {
    /// The pieces a move touches, enforced: the mover's piece, then the
    /// piece it takes (an illegal move's replacement, 7.4a / 7.5.1).
    pub fn of_move(pos: &Chess, by: Color, m: &Move, at: Instant) -> Touch {
        let board = pos.board();
        let mut pieces = Vec::with_capacity(2);
        if let Some(from) = m.from() {
            pieces.push(Touched {
                square: from,
                role: m.role(),
                own: true,
                at,
            });
        }
        let target = captured_square(m).unwrap_or(m.to());
        if let Some(piece) = board.piece_at(target).filter(|p| p.color != by) {
            pieces.push(Touched {
                square: target,
                role: piece.role,
                own: false,
                at,
            });
        }
        Touch {
            by,
            pieces,
            enforced: true,
        }
    }

    /// The record in the order the rules read it: by time, and at the same
    /// instant own pieces first (the order is unknown then).
    fn ordered(&self) -> Vec<Touched> {
        let mut v = self.pieces.clone();
        // stable: the record's order stands between touches of one instant and one colour
        v.sort_by_key(|p| (p.at, !p.own));
        v
    }

    /// Whether `m` complies with the touches; the lettered paragraph that
    /// forbids it when it does not. `None`: no touched piece binds the
    /// player (none can be moved or captured: 4.5), or the move complies.
    pub fn refusal(&self, pos: &Chess, m: &Move, rules: &Touching) -> Option<&'static str> {
        let legal = pos.legal_moves();
        let moves_of = |sq: Square| legal.iter().filter(move |l| l.from() == Some(sq));
        let captures_of = |sq: Square| legal.iter().filter(move |l| captured_square(l) == Some(sq));
        let seq = self.ordered();
        let first_own = seq.iter().find(|p| p.own);
        let first_theirs = seq.iter().find(|p| !p.own);
        // the first piece of the sequence that can be moved (own) or captured (theirs)
        let first_bound = |pieces: &[Touched]| -> Option<Touched> {
            pieces
                .iter()
                .find(|p| {
                    if p.own {
                        moves_of(p.square).next().is_some()
                    } else {
                        captures_of(p.square).next().is_some()
                    }
                })
                .copied()
        };
        let complies = |p: &Touched| -> bool {
            if p.own {
                m.from() == Some(p.square)
            } else {
                captured_square(m) == Some(p.square)
            }
        };
        match (first_own, first_theirs) {
            (Some(own), Some(theirs)) => {
                // 4.3c: capture the opponent's piece with that piece, if legal
                let with = captures_of(theirs.square)
                    .filter(|l| l.from() == Some(own.square))
                    .count();
                if with > 0 {
                    let ok =
                        m.from() == Some(own.square) && captured_square(m) == Some(theirs.square);
                    return (!ok).then_some(rules.both);
                }
                // else the first piece touched that can be moved or captured
                let bound = first_bound(&seq)?;
                (!complies(&bound)).then_some(rules.both)
            }
            (Some(_), None) => self.own_refusal(&seq, pos, m, rules),
            (None, Some(_)) => {
                // 4.3b: the first opponent's piece that can be captured
                let bound = first_bound(&seq)?;
                (!complies(&bound)).then_some(rules.theirs)
            }
            (None, None) => None,
        }
    }

    /// Own pieces only: 4.3a, and the king-and-rook rules of 4.4.
    fn own_refusal(
        &self,
        seq: &[Touched],
        pos: &Chess,
        m: &Move,
        rules: &Touching,
    ) -> Option<&'static str> {
        let legal = pos.legal_moves();
        let king = seq.iter().find(|p| p.role == Role::King);
        let rook = seq.iter().find(|p| p.role == Role::Rook);
        let castles_with =
            |l: &Move, rook: Square| matches!(l, Move::Castle { rook: r, .. } if *r == rook);
        if let (Some(king), Some(rook)) = (king, rook) {
            if king.at <= rook.at {
                // king then rook, or both at once (4.4a, 4.4c): castle on that side
                if legal.iter().any(|l| castles_with(l, rook.square)) {
                    return (!castles_with(m, rook.square)).then_some(rules.castle);
                }
                // castling there is illegal: another move of the king, if it has one
                if legal.iter().any(|l| l.from() == Some(king.square)) {
                    return (m.from() != Some(king.square)).then_some(rules.castling_illegal);
                }
                return None;
            }
            // rook then king (4.4b): no castling on that side; 4.3a governs
            if castles_with(m, rook.square) {
                return Some(rules.rook_then_king);
            }
            let bound = seq.iter().find(|p| {
                legal
                    .iter()
                    .any(|l| l.from() == Some(p.square) && !castles_with(l, rook.square))
            })?;
            return (m.from() != Some(bound.square)).then_some(rules.own);
        }
        // 4.3a: the first own piece touched that can be moved
        let bound = seq
            .iter()
            .find(|p| legal.iter().any(|l| l.from() == Some(p.square)))?;
        (m.from() != Some(bound.square)).then_some(rules.own)
    }

    /// The paragraph that governs the pieces touched so far: 4.3a (own
    /// pieces), 4.3b (opponent's), 4.3c (both colours), 4.4a (king, then or
    /// with a rook), 4.4c (the same, castling there illegal), 4.4b (a rook,
    /// then the king).
    pub fn governing(&self, pos: &Chess, rules: &Touching) -> &'static str {
        let seq = self.ordered();
        let own = seq.iter().any(|p| p.own);
        let theirs = seq.iter().any(|p| !p.own);
        let king = seq.iter().find(|p| p.own && p.role == Role::King);
        let rook = seq.iter().find(|p| p.own && p.role == Role::Rook);
        match (own, theirs, king, rook) {
            (true, true, _, _) => rules.both,
            (false, true, _, _) => rules.theirs,
            (_, _, Some(k), Some(r)) if k.at <= r.at => {
                let castles = pos
                    .legal_moves()
                    .iter()
                    .any(|l| matches!(l, Move::Castle { rook, .. } if *rook == r.square));
                if castles {
                    rules.castle
                } else {
                    rules.castling_illegal
                }
            }
            (_, _, Some(_), Some(_)) => rules.rook_then_king,
            _ => rules.own,
        }
    }

    /// The legal moves the touches allow (all of them when none binds).
    pub fn allowed(&self, pos: &Chess, rules: &Touching) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| self.refusal(pos, m, rules).is_none())
            .collect()
    }
}

impl Game {
    /// Whether `m` breaks the touches of `c`, the player with the move: the
    /// article that forbids it, whether the arbiter enforces it himself, and
    /// the record.
    pub(super) fn touch_refusal(&self, c: Color, m: &Move) -> Option<(Article, bool, Touch)> {
        self.turn
            .touch
            .as_ref()
            .filter(|x| x.by == c)
            .and_then(|x| {
                x.refusal(&self.position, m, &self.laws.touching)
                    .map(|article| (article, x.enforced, x.clone()))
            })
    }

    /// A breach of touch-move by `c`, as the game stands before his move:
    /// the moment a claim (B5) would take the game back to.
    pub(super) fn breach(&mut self, c: Color, touch: Touch) -> Breach {
        Breach {
            by: c,
            before: self.snapshot(),
            touch,
            claim_lost: false,
        }
    }

    /// `c` has moved: his breach of touch-move, if any, is open to his
    /// opponent's request (B5); an earlier one lapses.
    pub(super) fn record_breach(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        c: Color,
        breach: Option<Breach>,
    ) {
        if let Some(b) = breach {
            let rules = self.laws.touching;
            let article = rules
                .on_request
                .get(self.game_type)
                .unwrap_or(rules.touch_move);
            self.decide(t, ev, article, Note::TouchMoveNotEnforced(c));
            self.touch_breach = Some(Box::new(b));
        } else {
            self.touch_breach = None;
        }
    }

    /// Adds the pieces of `more` to the record of its player's touches on
    /// this move; the record is then enforced.
    pub(super) fn add_touches(&mut self, more: Touch) {
        match self.turn.touch.as_mut().filter(|x| x.by == more.by) {
            Some(x) => {
                for p in more.pieces {
                    if !x.pieces.iter().any(|q| q.square == p.square) {
                        x.pieces.push(p);
                    }
                }
                x.enforced |= more.enforced;
            }
            None => self.turn.touch = Some(more),
        }
    }

    pub(super) fn on_touch(&mut self, t: Instant, index: usize, c: Color, square: Square) {
        let ev = Some(index);
        let laws = self.laws;
        let rules = laws.touching;
        if let Some(article) = laws.moves_by_device {
            // online 3.2: moves are made with a device; no touch-move
            self.decide(t, ev, article, Note::NoTouchMove(c));
            return;
        }
        if c != self.position.turn() {
            self.decide(t, ev, rules.touch_move, Note::TouchWithoutTheMove(c));
            return;
        }
        let Some(piece) = self.position.board().piece_at(square) else {
            self.decide(t, ev, rules.touch_move, Note::TouchEmptySquare(square));
            return;
        };
        let on_request = rules.on_request.get(self.game_type);
        let mut touch = self
            .turn
            .touch
            .take()
            .filter(|x| x.by == c)
            .unwrap_or(Touch {
                by: c,
                pieces: Vec::new(),
                enforced: on_request.is_none(),
            });
        touch.pieces.push(Touched {
            square,
            role: piece.role,
            own: piece.color == c,
            at: t,
        });
        let article = touch.governing(&self.position, &rules);
        self.turn.touch = Some(touch);
        self.decide(t, ev, article, Note::Touched { side: c, square });
        // 4.7 / 4.8: touching deliberately gives up a claim against the opponent's breach
        if let Some(b) = self.touch_breach.as_mut().filter(|b| b.by != c) {
            b.claim_lost = true;
        }
        // 2023 9.1.2.1: touching a piece to move or capture it rejects the offer
        if let Some(article) = laws.offer_rejected_by_touch {
            if self.offer.is_some_and(|o| o.by != c) {
                self.offer = None;
                self.decide(t, ev, article, Note::OfferDeclinedByTouch(c));
            }
        }
    }

    pub(super) fn claim_touch_move(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let rules = self.laws.touching;
        let article = rules
            .on_request
            .get(self.game_type)
            .unwrap_or(rules.touch_move);
        let Some(breach) = self
            .touch_breach
            .clone()
            .filter(|b| b.by != c && self.position.turn() == c)
        else {
            self.decide(t, ev, article, Note::NoTouchBreach(c));
            return;
        };
        if breach.claim_lost {
            self.decide(t, ev, rules.claim_right_lost, Note::TouchClaimRightLost(c));
            return;
        }
        self.clock.stop(t);
        self.reinstate(&breach.before, t);
        self.turn.touch = Some(Touch {
            enforced: true,
            ..breach.touch
        });
        self.decide(t, ev, article, Note::TouchMoveApplied(breach.by));
        self.clock.start(breach.by, t);
    }
}
