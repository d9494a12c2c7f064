//! The pairs a pairing engine computed, in JaVaFo's output form (what
//! `javafo FILE -p OUT` and `bbpPairings --dutch FILE -p OUT` write): a
//! first line with the number of pairs P, then P lines `WHITE BLACK` of
//! start ranks in board order; `N 0` gives player N the pairing-allocated
//! bye (that line is one of the P).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::{error::PairsError, lines, trf::Tournament};

/// The pairs of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairs {
    /// One pair a board, in board order: (White, Black) start ranks.
    pub boards: Vec<(u32, u32)>,
    /// The player given the pairing-allocated bye, if any.
    pub bye: Option<u32>,
}

/// Reads a pairs file against the TRF it pairs: the count must match the
/// lines, every start rank must be a player of the TRF, and no player may
/// appear twice. Blank lines at the end, blanks around numbers and any line
/// ending are allowed.
pub fn parse_pairs(text: &str, tournament: &Tournament) -> Result<Pairs, PairsError> {
    let err = |line: usize, message: String| PairsError { line, message };
    let split = lines::split(text);
    let mut lines = split
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.text.trim()));
    let (_, first) = lines.next().unwrap_or((1, ""));
    let count: usize = match first.parse() {
        Ok(n) if first.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return Err(err(
                1,
                format!("expected the number of pairs (a whole number), found \"{first}\""),
            ))
        }
    };
    let mut boards = Vec::new();
    let mut bye = None;
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let mut read = 0;
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        if read == count {
            return Err(err(
                number,
                format!("more pairs than the {count} announced on line 1"),
            ));
        }
        read += 1;
        let mut words = line.split_whitespace();
        let (Some(white), Some(black), None) = (words.next(), words.next(), words.next()) else {
            return Err(err(
                number,
                format!("expected two start ranks \"WHITE BLACK\", found \"{line}\""),
            ));
        };
        let rank = |word: &str, what: &str| -> Result<u32, PairsError> {
            match word.parse::<u32>() {
                Ok(n) if word.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                _ => Err(err(
                    number,
                    format!("expected {what} (a start rank), found \"{word}\""),
                )),
            }
        };
        let white = rank(white, "White")?;
        let black = rank(black, "Black, or 0 for the bye")?;
        for player in [white, black].into_iter().filter(|&p| p != 0) {
            if tournament.player(player).is_none() {
                return Err(err(
                    number,
                    format!("no player of the TRF has start rank {player}"),
                ));
            }
            if let Some(first) = seen.insert(player, number) {
                return Err(err(
                    number,
                    format!("player {player} is already paired on line {first}"),
                ));
            }
        }
        match (white, black) {
            (0, _) => return Err(err(number, "expected White's start rank, found 0".into())),
            (w, 0) => {
                if let Some(other) = bye {
                    return Err(err(
                        number,
                        format!("a second pairing-allocated bye (player {other} has it)"),
                    ));
                }
                bye = Some(w);
            }
            (w, b) => boards.push((w, b)),
        }
    }
    if read < count {
        return Err(err(
            1,
            format!("{count} pairs announced, but the file has {read}"),
        ));
    }
    Ok(Pairs { boards, bye })
}
