//! One round of one player: the ten columns `OOOO C R  ` of a `001` line
//! (opponent's start rank, colour, result), and the rules by which they go
//! together. Reading a TRF and writing a round apply the same rules, so a
//! round written is a round that reads back.

use serde::{Deserialize, Serialize};

/// A colour in a round: the one the player had (or was scheduled to have,
/// for a forfeit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// `w`.
    White,
    /// `b`.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result code of a round (TRF-16 and TRF-26 share them). Letters read
/// in either case, as the TRF-26 text allows; they are written in capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultCode {
    /// `1`: a game won.
    Win,
    /// `=`: a game drawn.
    Draw,
    /// `0`: a game lost.
    Loss,
    /// `+`: a forfeit win.
    ForfeitWin,
    /// `-`: a forfeit loss.
    ForfeitLoss,
    /// `W`: a win in a game that lasted less than one move (not rated).
    WinUnrated,
    /// `D`: a draw in a game that lasted less than one move (not rated).
    DrawUnrated,
    /// `L`: a loss in a game that lasted less than one move (not rated).
    LossUnrated,
    /// `H`: a half-point bye.
    HalfPointBye,
    /// `F`: a full-point bye.
    FullPointBye,
    /// `U`: the pairing-allocated bye (at most one a round).
    PairingAllocatedBye,
    /// `Z`: a zero-point bye (a known absence).
    ZeroPointBye,
    /// A blank: the same as `Z`, and what a player not paired gets.
    Blank,
}

impl ResultCode {
    /// Every code, in the order of the TRF's table.
    pub const ALL: [ResultCode; 13] = [
        ResultCode::Win,
        ResultCode::Draw,
        ResultCode::Loss,
        ResultCode::ForfeitWin,
        ResultCode::ForfeitLoss,
        ResultCode::WinUnrated,
        ResultCode::DrawUnrated,
        ResultCode::LossUnrated,
        ResultCode::HalfPointBye,
        ResultCode::FullPointBye,
        ResultCode::PairingAllocatedBye,
        ResultCode::ZeroPointBye,
        ResultCode::Blank,
    ];

    /// The code as written in column 99 (and every tenth column after).
    pub fn as_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::WinUnrated => 'W',
            ResultCode::DrawUnrated => 'D',
            ResultCode::LossUnrated => 'L',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// The code of a character, letters in either case.
    pub fn from_char(c: char) -> Option<ResultCode> {
        let upper = c.to_ascii_uppercase();
        ResultCode::ALL
            .into_iter()
            .find(|code| code.as_char() == upper)
    }

    /// A game at the board, finished or forfeited: the codes that need an
    /// opponent.
    pub fn needs_opponent(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::WinUnrated
                | ResultCode::DrawUnrated
                | ResultCode::LossUnrated
        )
    }

    /// A bye or an absence: the codes that allow no opponent.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            ResultCode::HalfPointBye
                | ResultCode::FullPointBye
                | ResultCode::PairingAllocatedBye
                | ResultCode::ZeroPointBye
                | ResultCode::Blank
        )
    }
}

/// One round of one player, as the TRF holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundResult {
    /// The opponent's start rank; `None` for `0000` or four blanks.
    pub opponent: Option<u32>,
    /// The colour; `None` for `-` or a blank.
    pub colour: Option<Colour>,
    /// The result.
    pub code: ResultCode,
}

impl RoundResult {
    /// An empty column: not paired, no points (`0000 -  `).
    pub const UNPAIRED: RoundResult = RoundResult {
        opponent: None,
        colour: None,
        code: ResultCode::Blank,
    };

    /// A game that was played over the board (rated or not), as opposed to
    /// a forfeit or a bye: both players' columns must then name each other
    /// with opposite colours.
    pub fn is_game(&self) -> bool {
        self.opponent.is_some() && self.colour.is_some() && self.code.needs_opponent()
    }

    /// The eight columns `OOOO C R` of this round.
    pub(crate) fn columns(&self) -> String {
        let opponent = match self.opponent {
            Some(rank) => format!("{rank:>4}"),
            None => "0000".to_owned(),
        };
        let colour = match self.colour {
            Some(Colour::White) => 'w',
            Some(Colour::Black) => 'b',
            None => '-',
        };
        format!("{opponent} {colour} {}", self.code.as_char())
    }

    /// Whether opponent, colour and result go together, else what does
    /// not, and at which of the three fields (0 opponent, 1 colour, 2
    /// result). The rules are those pairing engines read by (bbpPairings
    /// accepts no more): a colour needs an opponent; a game result needs an
    /// opponent and a colour; a bye has no opponent. A forfeit (`+`, `-`)
    /// may have an opponent or none (older files write a bye as `0000 - +`).
    pub(crate) fn fault(&self, own: u32) -> Option<(usize, String)> {
        if self.opponent == Some(own) {
            return Some((
                0,
                format!("a player cannot meet himself (start rank {own})"),
            ));
        }
        match (self.opponent, self.colour) {
            (None, Some(_)) => Some((1, "a colour needs an opponent: expected '-' or a blank for a round without one".into())),
            (None, None) if self.code.needs_opponent() => Some((
                2,
                format!(
                    "the result '{}' needs an opponent: expected H, F, U, Z, + , - or a blank for a round without one",
                    self.code.as_char()
                ),
            )),
            (Some(_), _) if self.code.is_bye() => Some((
                2,
                format!(
                    "a bye ('{}') has no opponent: expected 0000 or a game result (1 = 0 + - W D L)",
                    self.code.as_char()
                ),
            )),
            (Some(_), None) if self.code.needs_opponent() => {
                Some((1, "a game needs a colour: expected 'w' or 'b'".into()))
            }
            _ => None,
        }
    }
}
