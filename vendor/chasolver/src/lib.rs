//! A chess helpmate solver and unwinnability detector.
//!
//! Given a position and an intended winner, determines whether a helpmate is
//! achievable (a sequence of legal moves ending in checkmate by the intended
//! winner) or proves that none exists.
//!
//! Note that in a helpmate both players cooperate toward that goal: the
//! intended winner delivers checkmate, but not necessarily by force.
//!
//! See the [README](https://github.com/miguel-ambrona/chasolver#readme) for
//! the background motivating this crate, and for usage examples.

// Not part of the public API; keeps the README's usage example under test
// without rendering the whole README as a docs.rs page.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod deduction;
mod search;
mod utils;
mod winnability;

use chess::{Board, ChessMove, Color};
use winnability::{fast, full};

/// Result of a [`winnability`] analysis for the intended winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winnability {
    /// Helpmate is achievable for the intended winner; `helpmate` is a
    /// possible sequence of moves leading to checkmate.
    Winnable { helpmate: Vec<ChessMove> },

    /// Helpmate is provably impossible for the intended winner.
    Unwinnable,
}

/// Full helpmate search for `intended_winner`.
///
/// Returns `Some` result if the analysis is successful:
/// - [`Winnability::Winnable`] if the position is winnable for the intended
///   winner, together with a supporting helpmate sequence.
///
/// - [`Winnability::Unwinnable`] if no helpmate exists.
///
/// Returns `None` if winnability could not be decided on this position.
pub fn winnability(board: &Board, intended_winner: Color) -> Option<Winnability> {
    match intended_winner {
        Color::White => full::analysis(board),
        Color::Black => {
            let flipped_board = utils::mirror_board(board);
            let result = full::analysis(&flipped_board);
            result.map(utils::mirror_moves)
        }
    }
}

/// [`winnability`] within a budget of nodes (arbitre patch). A node is one
/// candidate move considered by the helpmate searches of every phase, as this
/// crate counts them for its own budgets; `max_nodes: None` leaves only
/// those budgets, and the answer is then exactly [`winnability`]'s. Returns
/// the answer (`None`: undecided, for instance at the budget) and the nodes
/// explored.
pub fn winnability_within(
    board: &Board,
    intended_winner: Color,
    max_nodes: Option<u64>,
) -> (Option<Winnability>, u64) {
    let mut search = search::Search::new();
    search.node_budget = max_nodes.unwrap_or(u64::MAX);
    let result = match intended_winner {
        Color::White => full::analysis_within(board, &mut search),
        Color::Black => {
            let flipped_board = utils::mirror_board(board);
            full::analysis_within(&flipped_board, &mut search).map(utils::mirror_moves)
        }
    };
    (result, search.total_nodes)
}

/// A helpmate for `intended_winner` found by the first, cheap phases of
/// [`winnability`] (forced moves, then a depth-1 search with selective
/// extensions, at most 1,000 nodes), or `None`, which proves nothing (arbitre
/// patch). A position where it finds one is winnable: the caller may skip
/// [`is_unwinnable_fast`], which could only say `false` there.
pub fn quick_helpmate(board: &Board, intended_winner: Color) -> Option<Vec<ChessMove>> {
    match intended_winner {
        Color::White => full::quick_helpmate(board),
        Color::Black => {
            let line = full::quick_helpmate(&utils::mirror_board(board))?;
            match utils::mirror_moves(Winnability::Winnable { helpmate: line }) {
                Winnability::Winnable { helpmate } => Some(helpmate),
                Winnability::Unwinnable => None,
            }
        }
    }
}

/// Fast but incomplete check for unwinnability; cheaper than [`winnability`]
/// when a mating line isn't needed.
///
/// Returns `true` if the position is provably unwinnable for `intended_winner`,
/// `false` if the analysis is inconclusive (the position may still be
/// unwinnable).
pub fn is_unwinnable_fast(board: &Board, intended_winner: Color) -> bool {
    match intended_winner {
        Color::White => fast::is_unwinnable(board),
        Color::Black => fast::is_unwinnable(&utils::mirror_board(board)),
    }
}
