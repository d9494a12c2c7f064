//! Writing a round back into the TRF it came from: that round's column of
//! every `001` line, and the points (columns 81–84); every other byte as it
//! was read, line endings included.

use std::{collections::HashMap, fmt};

use serde::{Deserialize, Serialize};

use super::{
    cell::{Colour, ResultCode, RoundResult},
    round_column, Points, Tournament,
};
use crate::{error::RoundError, lines::Line};

/// One player's round, to be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundEntry {
    /// The player.
    pub start_rank: u32,
    /// The opponent's start rank; `None` for a bye.
    pub opponent: Option<u32>,
    /// The player's colour; `None` (`-`) for a bye.
    pub colour: Option<Colour>,
    /// The result.
    pub code: ResultCode,
}

impl RoundEntry {
    fn result(&self) -> RoundResult {
        RoundResult {
            opponent: self.opponent,
            colour: self.colour,
            code: self.code,
        }
    }
}

impl Tournament {
    /// The TRF with round `round` (from 1; a round the file holds, or the
    /// next one) filled in from `entries`: opponent, colour and result in
    /// that round's columns of each player's line, and the points in columns
    /// 81–84 changed by what the round is worth under the tournament's
    /// [`Scoring`](super::Scoring) (less what the column held before, when a
    /// round is written again). Points are changed, not summed afresh, so
    /// points a file counts beyond its rounds (acceleration) stay counted.
    ///
    /// A player without an entry is written as not paired: `0000 - ` and a
    /// blank result (a zero-point bye). A line shorter than the round's
    /// columns is padded with blanks. Nothing else changes: the rank
    /// (86–89), the other rounds, every other line and every line ending
    /// stay as they were read.
    ///
    /// Entries are checked as a TRF is read (a game has an opponent and a
    /// colour, a bye neither), and every player's opponent must have an
    /// entry naming him back with the other colour; nothing is written
    /// otherwise.
    pub fn with_round(&self, round: usize, entries: &[RoundEntry]) -> Result<String, RoundError> {
        if round == 0 || round > self.rounds_played + 1 {
            return Err(RoundError::Round {
                round,
                played: self.rounds_played,
            });
        }
        let mut given: HashMap<u32, RoundResult> = HashMap::with_capacity(entries.len());
        for entry in entries {
            if self.player(entry.start_rank).is_none() {
                return Err(RoundError::UnknownPlayer(entry.start_rank));
            }
            if given.insert(entry.start_rank, entry.result()).is_some() {
                return Err(RoundError::Twice(entry.start_rank));
            }
        }
        for entry in entries {
            let player = entry.start_rank;
            if let Some((_, message)) = entry.result().fault(player) {
                return Err(RoundError::Entry { player, message });
            }
            let Some(opponent) = entry.opponent else {
                continue;
            };
            if self.player(opponent).is_none() {
                return Err(RoundError::Opponent { player, opponent });
            }
            let back = given.get(&opponent);
            if back.map(|b| (b.opponent, b.colour))
                != Some((Some(player), entry.colour.map(Colour::other)))
            {
                return Err(RoundError::Unmatched { player, opponent });
            }
        }
        let mut lines = self.lines.clone();
        for p in &self.players {
            let new = given
                .get(&p.start_rank)
                .copied()
                .unwrap_or(RoundResult::UNPAIRED);
            let old = if round <= self.rounds_played {
                self.scoring.points(&p.results[round - 1]).0
            } else {
                0
            };
            let points = (p.points.0 + self.scoring.points(&new).0)
                .checked_sub(old)
                .filter(|&t| t <= Points::MAX_COLUMNS.0)
                .ok_or(RoundError::Points(p.start_rank))?;
            let line = &mut lines[p.line - 1];
            line.text = fill(&line.text, Points(points), round, &new);
        }
        let mut out = String::new();
        // writing into a String cannot fail
        let _ = fmt::write(&mut out, format_args!("{}", Joined(self.bom, &lines)));
        Ok(out)
    }
}

/// A `001` line with new points and round `round`'s columns.
fn fill(text: &str, points: Points, round: usize, result: &RoundResult) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    chars.splice(80..84, points.columns().chars());
    let start = round_column(round) - 1;
    if chars.len() < start + 8 {
        chars.resize(start + 8, ' ');
    }
    chars.splice(start..start + 8, result.columns().chars());
    chars.into_iter().collect()
}

struct Joined<'a>(bool, &'a [Line]);

impl fmt::Display for Joined<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        join(f, self.0, self.1)
    }
}

/// Writes the lines back with their endings, after the byte-order mark if
/// the file had one.
pub(super) fn join(f: &mut fmt::Formatter<'_>, bom: bool, lines: &[Line]) -> fmt::Result {
    if bom {
        f.write_str("\u{feff}")?;
    }
    for line in lines {
        f.write_str(&line.text)?;
        f.write_str(line.ending)?;
    }
    Ok(())
}
