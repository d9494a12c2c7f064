//! A round as pairing programs export it for e-boards: one PGN game a
//! board, with no moves and the result `*`, and the tags `White`, `Black`,
//! `Round` (`"5"`, or `"5.3"` for round 5, board 3), `Board` (where `Round`
//! does not hold it), and where known `WhiteFideId`, `BlackFideId`,
//! `WhiteTitle`, `BlackTitle`, `WhiteElo`, `BlackElo`.
//!
//! Tags are read by `pgn-reader`. So that every error names its line, the
//! text is first cut into games where a tag line follows a line that is
//! not one (a game's first tag), and each game is read on its own.

use std::{collections::HashMap, ops::ControlFlow};

use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use serde::{Deserialize, Serialize};

use crate::{
    board::{Board, Player},
    error::PgnError,
    lines,
};

/// The boards of a pairing PGN, in board order, and the round its `Round`
/// tags name (all the same), if they name one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PgnRound {
    /// The round, from the `Round` tags.
    pub round: Option<u32>,
    /// The boards, by board number.
    pub boards: Vec<Board>,
}

/// Reads a pairing PGN. A board's number is the `.B` of its `Round` tag,
/// else its `Board` tag, else its place in the file; two games may not
/// have the same board.
pub fn parse_pgn(text: &str) -> Result<PgnRound, PgnError> {
    let split = lines::split(text);
    let lines: Vec<&str> = split.iter().map(|l| l.text.as_str()).collect();
    let mut round = None;
    let mut boards: Vec<(Board, usize)> = Vec::new();
    let mut by_number: HashMap<u32, usize> = HashMap::new();
    for (index, (start, end)) in games(&lines)?.into_iter().enumerate() {
        let game = Game::read(&lines[start..end], start + 1)?;
        let (game_round, board) = game.numbers(index)?;
        if let Some(r) = game_round {
            match round {
                None => round = Some((r, game.first_line)),
                Some((first, line)) if first != r => {
                    return Err(game.error(
                        "Round",
                        format!("round {r}, but the game on line {line} is of round {first}"),
                    ))
                }
                Some(_) => {}
            }
        }
        if let Some(line) = by_number.insert(board, game.first_line) {
            return Err(game.error(
                "Round",
                format!("board {board} is already the game on line {line}"),
            ));
        }
        boards.push((
            Board {
                board,
                white: game.player("White")?,
                black: game.player("Black")?,
            },
            game.first_line,
        ));
    }
    if boards.is_empty() {
        return Err(PgnError {
            line: 1,
            message: "expected at least one game ([White \"…\"] [Black \"…\"] …)".into(),
        });
    }
    boards.sort_by_key(|(b, _)| b.board);
    Ok(PgnRound {
        round: round.map(|(r, _)| r),
        boards: boards.into_iter().map(|(b, _)| b).collect(),
    })
}

/// The games' line ranges (0-based, end excluded): each begins at a tag
/// line that follows a line that is not a tag. Text before the first tag
/// line must be blank.
fn games(lines: &[&str]) -> Result<Vec<(usize, usize)>, PgnError> {
    let is_tag = |l: &str| l.trim_start().starts_with('[');
    let mut starts = Vec::new();
    let mut previous_tag = false;
    for (i, line) in lines.iter().enumerate() {
        let tag = is_tag(line);
        if tag && !previous_tag {
            starts.push(i);
        }
        if !line.trim().is_empty() {
            if starts.is_empty() && !tag {
                return Err(PgnError {
                    line: i + 1,
                    message: format!(
                        "expected a game's tags ([White \"…\"]), found \"{}\"",
                        line.trim()
                    ),
                });
            }
            previous_tag = tag;
        }
    }
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    Ok(starts.iter().copied().zip(ends).collect())
}

/// One game's tags, moves and result, with where it is in the file.
struct Game<'a> {
    lines: &'a [&'a str],
    first_line: usize,
    tags: Vec<(String, String)>,
    moves: usize,
    outcome: Option<Outcome>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = (Vec<(String, String)>, usize, Option<Outcome>);
    type Output = (Vec<(String, String)>, usize, Option<Outcome>);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().trim().to_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags, 0, None))
    }

    fn san(&mut self, movetext: &mut Self::Movetext, _: SanPlus) -> ControlFlow<Self::Output> {
        movetext.1 += 1;
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        movetext: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        movetext.2 = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

impl<'a> Game<'a> {
    fn read(lines: &'a [&'a str], first_line: usize) -> Result<Game<'a>, PgnError> {
        let text = lines.join("\n");
        let mut reader = Reader::new(text.as_bytes());
        let read = reader.read_game(&mut Collect).map_err(|e| PgnError {
            line: first_line,
            message: format!("the game starting here cannot be read: {e}"),
        })?;
        let Some((tags, moves, outcome)) = read else {
            return Err(PgnError {
                line: first_line,
                message: "expected a game".into(),
            });
        };
        let game = Game {
            lines,
            first_line,
            tags,
            moves,
            outcome,
        };
        if game.moves > 0 {
            return Err(PgnError {
                line: first_line,
                message: format!(
                    "a game of a pairing has no moves; this one has {}",
                    game.moves
                ),
            });
        }
        if matches!(game.outcome, Some(Outcome::Known(_))) {
            return Err(PgnError {
                line: first_line,
                message:
                    "expected the result * (a game of a pairing is not played yet), found a result"
                        .into(),
            });
        }
        match game.tag("Result") {
            None | Some("*") => Ok(game),
            Some(other) => Err(game.error(
                "Result",
                format!("expected Result \"*\", found \"{other}\""),
            )),
        }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A tag's value, with "", "?" and "-" as none.
    fn known(&self, name: &str) -> Option<&str> {
        self.tag(name)
            .filter(|v| !v.is_empty() && *v != "?" && *v != "-")
    }

    /// An error on the line of a tag (the game's first line if it has none).
    fn error(&self, tag: &str, message: String) -> PgnError {
        let prefix = format!("[{tag} ");
        let offset = self
            .lines
            .iter()
            .position(|l| l.trim_start().starts_with(&prefix))
            .unwrap_or(0);
        PgnError {
            line: self.first_line + offset,
            message,
        }
    }

    fn number(&self, tag: &str, what: &str) -> Result<Option<u64>, PgnError> {
        match self.known(tag) {
            None => Ok(None),
            Some(v) if v.bytes().all(|b| b.is_ascii_digit()) && v.len() <= 18 => {
                Ok(v.parse().ok().filter(|&n| n != 0))
            }
            Some(v) => Err(self.error(tag, format!("expected {what} (digits), found \"{v}\""))),
        }
    }

    /// The round and the board of the game `index` (from 0) of the file.
    fn numbers(&self, index: usize) -> Result<(Option<u32>, u32), PgnError> {
        let whole =
            |s: &str| s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() && s.len() <= 9;
        let (round, board_in_round) = match self.known("Round") {
            None => (None, None),
            Some(v) => match v.split_once('.') {
                None if whole(v) => (v.parse().ok(), None),
                Some((r, b)) if whole(r) && whole(b) => (r.parse().ok(), b.parse::<u32>().ok()),
                _ => {
                    return Err(self.error(
                        "Round",
                        format!("expected Round as \"5\" or \"5.3\" (round.board), found \"{v}\""),
                    ))
                }
            },
        };
        let board_tag = match self.known("Board") {
            None => None,
            Some(v) if whole(v) => v.parse::<u32>().ok(),
            Some(v) => {
                return Err(self.error("Board", format!("expected a board number, found \"{v}\"")))
            }
        };
        let board = match (board_in_round, board_tag) {
            (Some(a), Some(b)) if a != b => {
                return Err(self.error(
                    "Board",
                    format!("Board \"{b}\" and Round's board {a} disagree"),
                ))
            }
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => u32::try_from(index + 1).unwrap_or(u32::MAX),
        };
        if board == 0 {
            return Err(self.error("Round", "boards are numbered from 1".into()));
        }
        Ok((round, board))
    }

    /// The player of a side (`"White"` or `"Black"`).
    fn player(&self, side: &str) -> Result<Player, PgnError> {
        let name = self.known(side).ok_or_else(|| PgnError {
            line: self.first_line,
            message: format!(
                "expected a {side} tag with the player's name in the game starting here"
            ),
        })?;
        let rating = self
            .number(&format!("{side}Elo"), "a rating")?
            .map(|r| u32::try_from(r).unwrap_or(u32::MAX));
        Ok(Player {
            name: name.to_owned(),
            fide_id: self.number(&format!("{side}FideId"), "a FIDE id")?,
            title: self.known(&format!("{side}Title")).map(str::to_owned),
            rating,
            federation: None,
            start_rank: None,
        })
    }
}
