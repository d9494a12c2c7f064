//! Points: how many a result is worth, by the tournament's scoring system
//! (default 1, ½, 0; a pairing-allocated bye as a win), as set by a TRF-26
//! `162` record or by TRF(x)'s `XXS` records.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cell::{Colour, ResultCode, RoundResult};

/// Points, in tenths (the TRF writes one decimal: `11.5`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct Points(pub u32);

impl Points {
    /// The largest points columns 81–84 hold: `99.9`.
    pub const MAX_COLUMNS: Points = Points(999);

    /// Reads `3`, `3.5`, `.5`, `3.50`, with blanks around: one decimal at
    /// most that is not zero.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim_matches(' ');
        let (whole, fraction) = match text.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (text, None),
        };
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || whole.len() > 4 || (whole.is_empty() && fraction.is_none()) {
            return None;
        }
        let mut tenths = if whole.is_empty() {
            0
        } else {
            whole.parse::<u32>().ok()? * 10
        };
        if let Some(fraction) = fraction {
            let mut bytes = fraction.bytes();
            match bytes.next() {
                Some(d) if d.is_ascii_digit() => tenths += u32::from(d - b'0'),
                Some(_) => return None,
                None if whole.is_empty() => return None,
                None => {}
            }
            if !bytes.all(|b| b == b'0') {
                return None;
            }
        }
        Some(Points(tenths))
    }

    /// As columns 81–84 hold it: four columns, right-aligned, one decimal.
    pub(crate) fn columns(self) -> String {
        format!("{:>4}", self.to_string())
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The points of every result: JaVaFo's codes (`XXS`), which TRF-26's `162`
/// record sets in groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// `WW`: a win with White (`1`, `W`).
    pub white_win: Points,
    /// `BW`: a win with Black.
    pub black_win: Points,
    /// `WD`: a draw with White (`=`, `D`).
    pub white_draw: Points,
    /// `BD`: a draw with Black.
    pub black_draw: Points,
    /// `WL`: a loss with White (`0`, `L`).
    pub white_loss: Points,
    /// `BL`: a loss with Black.
    pub black_loss: Points,
    /// `FW`: a forfeit win (`+`).
    pub forfeit_win: Points,
    /// `FL`: a forfeit loss (`-`).
    pub forfeit_loss: Points,
    /// `ZPB`: a zero-point bye (`Z`, blank).
    pub zero_point_bye: Points,
    /// `HPB`: a half-point bye (`H`).
    pub half_point_bye: Points,
    /// `FPB`: a full-point bye (`F`).
    pub full_point_bye: Points,
    /// `PAB`: the pairing-allocated bye (`U`).
    pub pairing_allocated_bye: Points,
}

impl Default for Scoring {
    /// 1, ½, 0; every bye and forfeit as the result it stands for; the
    /// pairing-allocated bye as a win.
    fn default() -> Self {
        Scoring {
            white_win: Points(10),
            black_win: Points(10),
            white_draw: Points(5),
            black_draw: Points(5),
            white_loss: Points(0),
            black_loss: Points(0),
            forfeit_win: Points(10),
            forfeit_loss: Points(0),
            zero_point_bye: Points(0),
            half_point_bye: Points(5),
            full_point_bye: Points(10),
            pairing_allocated_bye: Points(10),
        }
    }
}

impl Scoring {
    /// What a round is worth. A game result without a colour (which only a
    /// forfeit or an old `0000 - =` can have) counts as with White.
    pub fn points(&self, result: &RoundResult) -> Points {
        let white = result.colour != Some(Colour::Black);
        let pick = |w: Points, b: Points| if white { w } else { b };
        match result.code {
            ResultCode::Win | ResultCode::WinUnrated => pick(self.white_win, self.black_win),
            ResultCode::Draw | ResultCode::DrawUnrated => pick(self.white_draw, self.black_draw),
            ResultCode::Loss | ResultCode::LossUnrated => pick(self.white_loss, self.black_loss),
            ResultCode::ForfeitWin => self.forfeit_win,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::HalfPointBye => self.half_point_bye,
            ResultCode::FullPointBye => self.full_point_bye,
            ResultCode::PairingAllocatedBye => self.pairing_allocated_bye,
            ResultCode::ZeroPointBye | ResultCode::Blank => self.zero_point_bye,
        }
    }

    /// Applies one `XXS` record (`XXS CODE=VALUE …`, JaVaFo's manual): the
    /// shortcut `W` sets WW, BW, FW and FPB; `D` sets WD, BD and HPB; later
    /// codes override earlier ones. Returns the 1-based column and message
    /// of the first code that cannot be read.
    pub(crate) fn apply_xxs(&mut self, text: &str) -> Result<(), (usize, String)> {
        let chars: Vec<char> = text.chars().collect();
        let mut column = 4;
        while column < chars.len() {
            if chars[column] == ' ' || chars[column] == '\t' {
                column += 1;
                continue;
            }
            let start = column;
            while column < chars.len() && chars[column] != ' ' && chars[column] != '\t' {
                column += 1;
            }
            let word: String = chars[start..column].iter().collect();
            let (code, value) = word.split_once('=').ok_or_else(|| {
                (
                    start + 1,
                    format!("expected CODE=VALUE (e.g. PAB=0.5), found \"{word}\""),
                )
            })?;
            let points = Points::parse(value).ok_or_else(|| {
                (
                    start + 1,
                    format!("expected points after '=' (e.g. 0.5), found \"{value}\""),
                )
            })?;
            let fields: &mut [&mut Points] = match code {
                "WW" => &mut [&mut self.white_win],
                "BW" => &mut [&mut self.black_win],
                "WD" => &mut [&mut self.white_draw],
                "BD" => &mut [&mut self.black_draw],
                "WL" => &mut [&mut self.white_loss],
                "BL" => &mut [&mut self.black_loss],
                "ZPB" => &mut [&mut self.zero_point_bye],
                "HPB" => &mut [&mut self.half_point_bye],
                "FPB" => &mut [&mut self.full_point_bye],
                "PAB" => &mut [&mut self.pairing_allocated_bye],
                "FW" => &mut [&mut self.forfeit_win],
                "FL" => &mut [&mut self.forfeit_loss],
                "W" => &mut [&mut self.white_win, &mut self.black_win, &mut self.forfeit_win, &mut self.full_point_bye],
                "D" => &mut [&mut self.white_draw, &mut self.black_draw, &mut self.half_point_bye],
                _ => {
                    return Err((
                        start + 1,
                        format!("expected a scoring code (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D), found \"{code}\""),
                    ))
                }
            };
            for field in fields.iter_mut() {
                **field = points;
            }
        }
        Ok(())
    }

    /// Applies a TRF-26 `162` record: from column 6, every 9 columns, a
    /// symbol and its points in the 4 columns after it (`W` win, also
    /// forfeit win and full-point bye; `D` draw and half-point bye; `L`
    /// loss; `A` absence: zero-point bye and forfeit loss; `P`
    /// pairing-allocated bye, which is otherwise worth a win; `X`, an
    /// unknown result, is read and has no column of its own to count).
    pub(crate) fn apply_162(&mut self, text: &str) -> Result<(), (usize, String)> {
        let chars: Vec<char> = text.chars().collect();
        let mut pab_set = false;
        let mut column = 6;
        while column <= chars.len() {
            if chars[column - 1..].iter().all(|&c| c == ' ') {
                break;
            }
            let symbol = chars[column - 1];
            let value: String = (column + 1..=column + 4)
                .map(|c| chars.get(c - 1).copied().unwrap_or(' '))
                .collect();
            let points = Points::parse(&value).ok_or_else(|| {
                (column + 1, format!("expected the points of '{symbol}' in 4 columns (e.g. \" 1.0\"), found \"{value}\""))
            })?;
            match symbol {
                'W' => {
                    self.white_win = points;
                    self.black_win = points;
                    self.forfeit_win = points;
                    self.full_point_bye = points;
                    if !pab_set {
                        self.pairing_allocated_bye = points;
                    }
                }
                'D' => {
                    self.white_draw = points;
                    self.black_draw = points;
                    self.half_point_bye = points;
                }
                'L' => {
                    self.white_loss = points;
                    self.black_loss = points;
                }
                'A' => {
                    self.zero_point_bye = points;
                    self.forfeit_loss = points;
                }
                'P' => {
                    self.pairing_allocated_bye = points;
                    pab_set = true;
                }
                'X' => {}
                other => {
                    return Err((
                        column,
                        format!("expected a result symbol (W D L A P X), found '{other}'"),
                    ))
                }
            }
            let gap_end = (column + 8).min(chars.len());
            if let Some(offset) = chars[(column + 4).min(chars.len())..gap_end]
                .iter()
                .position(|&c| c != ' ')
            {
                return Err((
                    column + 5 + offset,
                    "expected blanks between two symbols of a 162 record".into(),
                ));
            }
            column += 9;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_trf_writes_them() {
        assert_eq!(Points::parse(" 3.5"), Some(Points(35)));
        assert_eq!(Points::parse("10.0"), Some(Points(100)));
        assert_eq!(Points::parse("3"), Some(Points(30)));
        assert_eq!(Points::parse(".5"), Some(Points(5)));
        assert_eq!(Points::parse("0.50"), Some(Points(5)));
        assert_eq!(Points::parse("0.25"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points::parse("."), None);
        assert_eq!(Points::parse("3,5"), None);
        assert_eq!(Points(35).columns(), " 3.5");
        assert_eq!(Points(105).columns(), "10.5");
    }

    #[test]
    fn xxs_shortcuts_and_overrides() {
        let mut s = Scoring::default();
        s.apply_xxs("XXS W=3 D=1").unwrap();
        assert_eq!(s.white_win, Points(30));
        assert_eq!(s.full_point_bye, Points(30));
        assert_eq!(s.half_point_bye, Points(10));
        // JaVaFo: W does not set the PAB, which stays 1
        assert_eq!(s.pairing_allocated_bye, Points(10));
        s.apply_xxs("XXS PAB=.5").unwrap();
        assert_eq!(s.pairing_allocated_bye, Points(5));
        assert_eq!(s.apply_xxs("XXS QQ=1"), Err((5, "expected a scoring code (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D), found \"QQ\"".into())));
    }

    #[test]
    fn record_162_sets_groups() {
        let mut s = Scoring::default();
        s.apply_162("162  W 3.0    D 1.0    A 0.0").unwrap();
        assert_eq!(s.white_win, Points(30));
        assert_eq!(s.pairing_allocated_bye, Points(30));
        assert_eq!(s.half_point_bye, Points(10));
        let mut s = Scoring::default();
        s.apply_162("162  P 0.5    W 3.0").unwrap();
        assert_eq!(s.pairing_allocated_bye, Points(5));
        assert!(s.apply_162("162  Q 1.0").is_err());
    }
}
