//! Claims about the setting of the game (2023 7.2; 2005 7.1, B4): an
//! incorrect initial position (the game annulled, or under 2005 B4 a king
//! and queen swapped put right), a board wrongly placed, the clock setting,
//! and the limit of three moves each for these claims in rapid and blitz.

use shakmaty::{Bitboard, CastlingMode, Chess, Color, EnPassantMode, Position, Rank, Role, Square};

use super::Game;
use crate::{
    clock::Instant,
    event::ClaimKind,
    explain::Note,
    outcome::{Circumstance, GameResult, Outcome, Termination},
};

fn standard_board() -> shakmaty::Board {
    shakmaty::Board::new()
}

/// Sides whose king and queen are swapped in an otherwise correct initial position.
fn king_queen_swapped(board: &shakmaty::Board) -> Option<Vec<Color>> {
    let mut fixed = board.clone();
    let mut swapped = Vec::new();
    for (side, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
        let d = Square::from_coords(shakmaty::File::D, rank);
        let e = Square::from_coords(shakmaty::File::E, rank);
        let (pd, pe) = (fixed.piece_at(d), fixed.piece_at(e));
        if pd == Some(Role::King.of(side)) && pe == Some(Role::Queen.of(side)) {
            fixed.set_piece_at(d, Role::Queen.of(side));
            fixed.set_piece_at(e, Role::King.of(side));
            swapped.push(side);
        }
    }
    (fixed == standard_board() && !swapped.is_empty()).then_some(swapped)
}

impl Game {
    pub(super) fn claim_setup(&mut self, t: Instant, index: usize, c: Color, kind: ClaimKind) {
        let ev = Some(index);
        let laws = self.laws;
        let touching = laws.touching;
        let limit = touching.initial_claims_limit.get(self.game_type);
        if let Some(article) = limit {
            if self.moves.len() >= 6 {
                self.decide(t, ev, article, Note::TooLateAfterThreeMoves(c));
                return;
            }
        }
        match kind {
            ClaimKind::InitialPosition => {
                let board = self.start.board().clone();
                if board == standard_board() {
                    self.decide(
                        t,
                        ev,
                        touching.initial_position,
                        Note::InitialPositionCorrect(c),
                    );
                } else if let (Some(article), Some(sides)) = (limit, king_queen_swapped(&board)) {
                    let mut setup = self.position.to_setup(EnPassantMode::Legal);
                    for side in sides {
                        let rank = match side {
                            Color::White => Rank::First,
                            Color::Black => Rank::Eighth,
                        };
                        setup.castling_rights &= !Bitboard::from_rank(rank);
                    }
                    if let Ok(pos) = setup.position::<Chess>(CastlingMode::Standard) {
                        self.set_position(pos);
                    }
                    self.decide(t, ev, article, Note::KingQueenSwapped);
                } else {
                    self.finish(
                        t,
                        ev,
                        Outcome::new(
                            GameResult::Annulled,
                            Termination::Annulled,
                            touching.initial_position,
                        )
                        .because(Circumstance::InitialPositionIncorrect),
                    );
                }
            }
            ClaimKind::BoardOrientation => {
                self.decide(t, ev, touching.board_orientation, Note::BoardTransferred);
            }
            _ => self.decide(t, ev, laws.clock_correction, Note::ClockSettingExamined),
        }
    }
}
