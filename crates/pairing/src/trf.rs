//! FIDE's Tournament Report File (TRF-16, TRF(x), TRF-26), read into
//! players and their rounds, every line kept as it was so that the file can
//! be given back byte for byte with only a round's column and the points
//! changed ([`Tournament::with_round`], in `trf/write.rs`).
//!
//! A `001` line, by 1-based columns (the same in TRF-16 and TRF-26):
//!
//! | columns | field |
//! | --- | --- |
//! | 1–3 | `001` |
//! | 5–8 | start rank |
//! | 10 | sex |
//! | 11–13 | title |
//! | 15–47 | name |
//! | 49–52 | FIDE rating |
//! | 54–56 | federation |
//! | 58–68 | FIDE id |
//! | 70–79 | birth date |
//! | 81–84 | points (`11.5`) |
//! | 86–89 | rank |
//! | 92+10(r−1) … | round r: opponent (4), blank, colour, blank, result |
//!
//! Columns count characters, not bytes. Columns past the end of a line read
//! as blanks (trailing blanks are often cut), but a player line must reach
//! its points (column 84).

mod cell;
mod scoring;
mod version;
mod write;

use std::{collections::HashMap, fmt};

use crate::lines::{self, Columns, Line};
pub use cell::{Colour, ResultCode, RoundResult};
pub use scoring::{Points, Scoring};
pub use version::Version;
pub use write::RoundEntry;

use crate::error::TrfError;

/// A tournament as its TRF holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    bom: bool,
    lines: Vec<Line>,
    version: Version,
    extended: bool,
    players: Vec<PlayerRecord>,
    records: Vec<Record>,
    scoring: Scoring,
    rounds_played: usize,
    total_rounds: Option<u32>,
}

/// A player's `001` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Its line in the file, from 1.
    pub line: usize,
    /// Columns 5–8: the start rank (pairing number), 1 to 9999.
    pub start_rank: u32,
    /// Column 10 (`m`, `w`), as written.
    pub sex: Option<char>,
    /// Columns 11–13 (`GM`, `WIM`, …), as written.
    pub title: Option<String>,
    /// Columns 15–47, `Lastname, Firstname`.
    pub name: String,
    /// Columns 49–52: the FIDE rating (`0` is kept as `Some(0)`).
    pub rating: Option<u32>,
    /// Columns 54–56.
    pub federation: Option<String>,
    /// Columns 58–68.
    pub fide_id: Option<u64>,
    /// Columns 70–79 (`YYYY/MM/DD`, or as written).
    pub birth: Option<String>,
    /// Columns 81–84.
    pub points: Points,
    /// Columns 86–89.
    pub rank: Option<u32>,
    /// One result a round, for every round of the tournament
    /// ([`Tournament::rounds_played`]); a round left blank is
    /// [`RoundResult::UNPAIRED`].
    pub results: Vec<RoundResult>,
}

/// Any other line: a tournament record (`012` name, `042` start date, …), an
/// extension (`XXR`, `XXC`, …), a TRF-26 record, or one this reader does not
/// know. Comments (`###`) and lines of fewer than three characters are not
/// records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Its line in the file, from 1.
    pub line: usize,
    /// Columns 1–3.
    pub code: String,
    /// From column 5 on, as written (trailing blanks cut).
    pub text: String,
}

impl Tournament {
    /// Reads a TRF, taking its version from the records it holds
    /// ([`Version::detect`]).
    pub fn parse(text: &str) -> Result<Tournament, TrfError> {
        Tournament::read(text, None)
    }

    /// Reads a TRF of a version the caller knows.
    pub fn parse_as(text: &str, version: Version) -> Result<Tournament, TrfError> {
        Tournament::read(text, Some(version))
    }

    /// The version, detected or given.
    pub fn version(&self) -> Version {
        self.version
    }

    /// Whether the file holds TRF(x) extension records (`XX…`).
    pub fn is_extended(&self) -> bool {
        self.extended
    }

    /// The players, in the order of their lines.
    pub fn players(&self) -> &[PlayerRecord] {
        &self.players
    }

    /// The player of a start rank.
    pub fn player(&self, start_rank: u32) -> Option<&PlayerRecord> {
        self.players.iter().find(|p| p.start_rank == start_rank)
    }

    /// The rounds the file holds: the last round any player's line fills.
    pub fn rounds_played(&self) -> usize {
        self.rounds_played
    }

    /// The rounds of the whole tournament, where the file says (`XXR`, or
    /// TRF-26's `142`).
    pub fn total_rounds(&self) -> Option<u32> {
        self.total_rounds
    }

    /// Every line that is not a player, a comment or blank.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The text of the first record with this code (`"012"` the name,
    /// `"042"` the start date, …).
    pub fn header(&self, code: &str) -> Option<&str> {
        self.records
            .iter()
            .find(|r| r.code == code)
            .map(|r| r.text.as_str())
    }

    /// The tournament's name (`012`).
    pub fn name(&self) -> Option<&str> {
        self.header("012")
    }

    /// The scoring system (`XXS`, `162`, or the default).
    pub fn scoring(&self) -> &Scoring {
        &self.scoring
    }

    fn read(text: &str, version: Option<Version>) -> Result<Tournament, TrfError> {
        let (bom, body) = match text.strip_prefix('\u{feff}') {
            Some(body) => (true, body),
            None => (false, text),
        };
        let lines = lines::split(body);
        let mut players = Vec::new();
        let mut records = Vec::new();
        let mut scoring = Scoring::default();
        let mut total_rounds = None;
        for (index, line) in lines.iter().enumerate() {
            let number = index + 1;
            let code: String = line.text.chars().take(3).collect();
            if code.chars().count() < 3 || code == "###" {
                continue;
            }
            if code == "001" {
                players.push(player(number, &line.text)?);
                continue;
            }
            let text: String = line
                .text
                .chars()
                .skip(4)
                .collect::<String>()
                .trim_end()
                .to_owned();
            match code.as_str() {
                "XXS" => scoring
                    .apply_xxs(&line.text)
                    .map_err(|(column, message)| TrfError::at(number, column, message))?,
                "162" => scoring
                    .apply_162(&line.text)
                    .map_err(|(column, message)| TrfError::at(number, column, message))?,
                "XXR" | "142" => {
                    let rounds = text.trim();
                    match rounds.parse::<u32>() {
                        Ok(n) if n > 0 && rounds.bytes().all(|b| b.is_ascii_digit()) => total_rounds = Some(n),
                        _ => {
                            return Err(TrfError::at(
                                number,
                                5,
                                format!("expected the number of rounds (a whole number from 1), found \"{rounds}\""),
                            ))
                        }
                    }
                }
                _ => {}
            }
            records.push(Record {
                line: number,
                code,
                text,
            });
        }
        if players.is_empty() {
            return Err(TrfError::line(
                1,
                "expected at least one player line (001); the file has none",
            ));
        }
        let rounds_played = players.iter().map(|(_, filled)| *filled).max().unwrap_or(0);
        let mut players: Vec<PlayerRecord> = players
            .into_iter()
            .map(|(mut p, _)| {
                p.results.resize(rounds_played, RoundResult::UNPAIRED);
                p
            })
            .collect();
        players.shrink_to_fit();
        check_pairings(&players)?;
        let version =
            version.unwrap_or_else(|| Version::detect(records.iter().map(|r| r.code.as_str())));
        let extended = records.iter().any(|r| r.code.starts_with("XX"));
        Ok(Tournament {
            bom,
            lines,
            version,
            extended,
            players,
            records,
            scoring,
            rounds_played,
            total_rounds,
        })
    }
}

/// The file as it was read (or as written by [`Tournament::with_round`]):
/// the same bytes, line endings and byte-order mark included.
impl fmt::Display for Tournament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::join(f, self.bom, &self.lines)
    }
}

/// The first column of round `round` (from 1): 92, 102, 112, …
pub(crate) fn round_column(round: usize) -> usize {
    92 + 10 * (round - 1)
}

/// The blank columns between fields of a `001` line, with what they part.
const SEPARATORS: [(usize, &str); 11] = [
    (4, "the record code and the start rank"),
    (9, "the start rank and the sex"),
    (14, "the title and the name"),
    (48, "the name and the rating"),
    (53, "the rating and the federation"),
    (57, "the federation and the FIDE id"),
    (69, "the FIDE id and the birth date"),
    (80, "the birth date and the points"),
    (85, "the points and the rank"),
    (90, "the rank and round 1"),
    (91, "the rank and round 1"),
];

/// Reads a `001` line: the player, and how many rounds its line fills.
fn player(number: usize, text: &str) -> Result<(PlayerRecord, usize), TrfError> {
    let c = Columns::new(text);
    if c.len() < 84 {
        return Err(TrfError::at(
            number,
            c.len() + 1,
            format!(
                "a player line reaches at least column 84 (its points); this one ends at column {}",
                c.len()
            ),
        ));
    }
    for (column, parts) in SEPARATORS {
        blank(&c, number, column, parts)?;
    }
    let start_rank = match digits(&c, number, 5, 8, "a start rank (1 to 9999)")? {
        Some(n) if n > 0 => n as u32,
        _ => return Err(found(&c, number, 5, 8, "a start rank (1 to 9999)")),
    };
    let sex = match c.at(10) {
        ' ' => None,
        s if s.is_ascii_alphabetic() => Some(s),
        _ => return Err(found(&c, number, 10, 10, "a sex (m, w or a blank)")),
    };
    let rating = digits(&c, number, 49, 52, "a rating (digits)")?.map(|n| n as u32);
    let fide_id = digits(&c, number, 58, 68, "a FIDE id (digits)")?;
    let points = Points::parse(&c.field(81, 84))
        .ok_or_else(|| found(&c, number, 81, 84, "points (e.g. 3.5)"))?;
    let rank = digits(&c, number, 86, 89, "a rank (digits)")?.map(|n| n as u32);
    let mut results = Vec::new();
    let mut filled = 0;
    let mut round = 1;
    while round_column(round) <= c.len() {
        let s = round_column(round);
        let opponent = match c.field(s, s + 3).trim_matches(' ') {
            t if t.bytes().all(|b| b == b'0') => None,
            _ => digits(
                &c,
                number,
                s,
                s + 3,
                "the opponent's start rank (digits, or 0000)",
            )?
            .map(|n| n as u32),
        };
        blank(&c, number, s + 4, "the opponent and the colour")?;
        let colour = match c.at(s + 5) {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            '-' | ' ' => None,
            _ => {
                return Err(found(
                    &c,
                    number,
                    s + 5,
                    s + 5,
                    "a colour (w, b, - or a blank)",
                ))
            }
        };
        blank(&c, number, s + 6, "the colour and the result")?;
        let code = ResultCode::from_char(c.at(s + 7)).ok_or_else(|| {
            found(
                &c,
                number,
                s + 7,
                s + 7,
                "a result (1 = 0 + - W D L H F U Z or a blank)",
            )
        })?;
        blank(&c, number, s + 8, "two rounds")?;
        blank(&c, number, s + 9, "two rounds")?;
        let result = RoundResult {
            opponent,
            colour,
            code,
        };
        if let Some((field, message)) = result.fault(start_rank) {
            return Err(TrfError::at(
                number,
                s + [0, 5, 7][field],
                format!("round {round}: {message}"),
            ));
        }
        if !c.field(s, s + 7).trim_matches(' ').is_empty() {
            filled = round;
        }
        results.push(result);
        round += 1;
    }
    results.truncate(filled);
    let text_field = |from, to| {
        let t = c.field(from, to).trim().to_owned();
        (!t.is_empty()).then_some(t)
    };
    Ok((
        PlayerRecord {
            line: number,
            start_rank,
            sex,
            title: text_field(11, 13),
            name: c.field(15, 47).trim().to_owned(),
            rating,
            federation: text_field(54, 56),
            fide_id,
            birth: text_field(70, 79),
            points,
            rank,
            results,
        },
        filled,
    ))
}

/// Every start rank once; every opponent a player; every game played named
/// by both players, with opposite colours.
fn check_pairings(players: &[PlayerRecord]) -> Result<(), TrfError> {
    let mut by_rank: HashMap<u32, &PlayerRecord> = HashMap::new();
    for p in players {
        if let Some(first) = by_rank.insert(p.start_rank, p) {
            return Err(TrfError::at(
                p.line,
                5,
                format!(
                    "start rank {} is already the player of line {}",
                    p.start_rank, first.line
                ),
            ));
        }
    }
    for p in players {
        for (index, result) in p.results.iter().enumerate() {
            let round = index + 1;
            let Some(opponent) = result.opponent else {
                continue;
            };
            let column = round_column(round);
            let Some(other) = by_rank.get(&opponent) else {
                return Err(TrfError::at(
                    p.line,
                    column,
                    format!("round {round}: no player has start rank {opponent}"),
                ));
            };
            if !result.is_game() {
                continue;
            }
            let back = other.results[index];
            if back.opponent != Some(p.start_rank)
                || back.colour != result.colour.map(Colour::other)
                || !back.is_game()
            {
                return Err(TrfError::at(
                    p.line,
                    column,
                    format!(
                        "round {round}: player {} meets {opponent}, but line {} of player {opponent} does not name {} with the other colour",
                        p.start_rank, other.line, p.start_rank
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// An error naming what was expected and what columns `from..=to` hold.
fn found(c: &Columns, line: usize, from: usize, to: usize, expected: &str) -> TrfError {
    TrfError::at(
        line,
        from,
        format!("expected {expected}, found \"{}\"", c.field(from, to)),
    )
}

/// Columns `from..=to` as a whole number: `None` if blank; blanks around
/// the digits allowed, nothing else.
fn digits(
    c: &Columns,
    line: usize,
    from: usize,
    to: usize,
    expected: &str,
) -> Result<Option<u64>, TrfError> {
    let field = c.field(from, to);
    let t = field.trim_matches(' ');
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 18 {
        return Err(found(c, line, from, to, expected));
    }
    Ok(t.parse().ok())
}

fn blank(c: &Columns, line: usize, column: usize, parts: &str) -> Result<(), TrfError> {
    match c.at(column) {
        ' ' => Ok(()),
        other => Err(TrfError::at(
            line,
            column,
            format!("expected a blank between {parts}, found '{other}' (are the columns shifted?)"),
        )),
    }
}
