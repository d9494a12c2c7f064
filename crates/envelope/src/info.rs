//! The clear part of the envelope: what Annex A2 has written on it, its
//! checks and its canonical byte encoding.

use serde::{Deserialize, Serialize};

/// Longest text field of the clear part, in bytes of UTF-8.
pub const MAX_TEXT_BYTES: usize = 1000;
/// Largest time accepted in the clear part, in seconds (about 115 days).
pub const MAX_SECONDS: f64 = 10_000_000.0;

/// A side is the project's one side type, `shakmaty::Color`, written in
/// the envelope as `"white"` or `"black"`.
pub use shakmaty::Color as Side;

/// `"White"` or `"Black"`.
pub fn name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Serde of a side as `"white"` / `"black"`.
mod side {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(arbitre_laws::event::side_code(*c))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let text = String::deserialize(d)?;
        arbitre_laws::event::side_from_code(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("expected \"white\" or \"black\", found {text:?}"))
        })
    }

    /// The same for an optional side.
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};
        use shakmaty::Color;

        pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
            match c {
                Some(c) => s.serialize_some(arbitre_laws::event::side_code(*c)),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
            match Option::<String>::deserialize(d)? {
                None => Ok(None),
                Some(text) => arbitre_laws::event::side_from_code(&text)
                    .map(Some)
                    .ok_or_else(|| {
                        serde::de::Error::custom(format!(
                            "expected \"white\", \"black\" or null, found {text:?}"
                        ))
                    }),
            }
        }
    }
}

/// The players' names (A2 a); either may be unknown.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
}

/// A time for each player, in seconds; kept to the millisecond.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Times {
    /// White's time, in seconds.
    pub white: f64,
    /// Black's time, in seconds.
    pub black: f64,
}

/// The clear part of the envelope: what Annex A2 has written on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeInfo {
    /// a) the players' names.
    pub players: Players,
    /// b) the position at adjournment, as FEN; its side to move is the sealer.
    pub fen: String,
    /// c) the time used by each player, in seconds.
    pub time_used: Times,
    /// The time remaining on each clock at adjournment, in seconds.
    pub remaining: Times,
    /// d) the player who sealed the move (the one having the move).
    #[serde(with = "side")]
    pub sealer: Side,
    /// e) the number of the sealed move.
    pub move_number: u32,
    /// f) the player whose draw offer was pending at adjournment, if any.
    #[serde(with = "side::option")]
    pub draw_offer: Option<Side>,
    /// g) date and time of resumption, as the arbiter writes it.
    pub resume_at: String,
    /// g) place of resumption.
    pub place: String,
    /// The edition of the Laws applied (e.g. `"2005"`).
    pub edition: String,
}

fn check_text(what: &str, s: &str, required: bool) -> Result<(), String> {
    if required && s.trim().is_empty() {
        return Err(format!("{what} is empty"));
    }
    if s.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{what} is {} bytes long, more than {MAX_TEXT_BYTES}",
            s.len()
        ));
    }
    if let Some(c) = s.chars().find(|c| c.is_control()) {
        return Err(format!("{what} contains the control character {c:?}"));
    }
    Ok(())
}

fn check_time(what: &str, t: f64) -> Result<(), String> {
    if !t.is_finite() || !(0.0..=MAX_SECONDS).contains(&t) {
        return Err(format!(
            "{what} is {t}; it must be a number of seconds from 0 to {MAX_SECONDS}"
        ));
    }
    Ok(())
}

/// Seconds to whole milliseconds, for a time that [`EnvelopeInfo::validate`]
/// accepts (0 to [`MAX_SECONDS`]); anything else saturates, never panics.
pub fn millis(t: f64) -> u64 {
    // in range once validated, so the cast neither saturates nor wraps
    (t * 1000.0).round() as u64
}

impl EnvelopeInfo {
    /// What A2 puts on the envelope of `game`, while it is adjourned with a
    /// sealed move (never the move itself).
    pub fn of_game(game: &arbitre_laws::Game) -> Option<EnvelopeInfo> {
        let e = game.envelope()?;
        let seconds = |ms: i64| ms as f64 / 1000.0;
        Some(EnvelopeInfo {
            players: Players {
                white: e.players[0].clone(),
                black: e.players[1].clone(),
            },
            fen: shakmaty::fen::Fen::from_position(&e.position, shakmaty::EnPassantMode::Legal)
                .to_string(),
            time_used: Times {
                white: seconds(e.time_used[0]),
                black: seconds(e.time_used[1]),
            },
            remaining: Times {
                white: seconds(e.remaining[0]),
                black: seconds(e.remaining[1]),
            },
            sealer: e.sealer,
            move_number: e.move_number,
            draw_offer: e.draw_offer,
            resume_at: e.resume_at,
            place: e.place,
            edition: game.laws().code.to_owned(),
        })
    }

    /// Checks the clear part: FEN that parses and has the sealer to move,
    /// times from 0 to [`MAX_SECONDS`], a move number of at least 1,
    /// non-empty resumption date, place and edition, no control characters,
    /// no text longer than [`MAX_TEXT_BYTES`].
    pub fn validate(&self) -> Result<(), String> {
        if let Some(w) = &self.players.white {
            check_text("players.white", w, false)?;
        }
        if let Some(b) = &self.players.black {
            check_text("players.black", b, false)?;
        }
        check_text("fen", &self.fen, true)?;
        let fen = shakmaty::fen::Fen::from_ascii(self.fen.as_bytes())
            .map_err(|e| format!("fen {:?} is not a valid FEN: {e}", self.fen))?;
        let to_move = fen.as_setup().turn;
        if to_move != self.sealer {
            return Err(format!(
                "sealer is {} but the FEN has {} to move; the player having the move seals it",
                name(self.sealer),
                name(to_move)
            ));
        }
        check_time("time_used.white", self.time_used.white)?;
        check_time("time_used.black", self.time_used.black)?;
        check_time("remaining.white", self.remaining.white)?;
        check_time("remaining.black", self.remaining.black)?;
        if self.move_number == 0 {
            return Err("move_number is 0; moves are numbered from 1".into());
        }
        check_text("resume_at", &self.resume_at, true)?;
        check_text("place", &self.place, true)?;
        check_text("edition", &self.edition, true)?;
        Ok(())
    }

    /// The times rounded to the millisecond, as they are signed.
    pub(crate) fn normalized(mut self) -> Self {
        for t in [
            &mut self.time_used.white,
            &mut self.time_used.black,
            &mut self.remaining.white,
            &mut self.remaining.black,
        ] {
            *t = millis(*t) as f64 / 1000.0;
        }
        self
    }

    /// Canonical encoding: length-prefixed fields in a fixed order, times
    /// in whole milliseconds, sides as one byte (0 none, 1 White, 2 Black).
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        put_opt(out, self.players.white.as_deref());
        put_opt(out, self.players.black.as_deref());
        put(out, self.fen.as_bytes());
        for t in [
            self.time_used.white,
            self.time_used.black,
            self.remaining.white,
            self.remaining.black,
        ] {
            out.extend_from_slice(&millis(t).to_be_bytes());
        }
        out.push(side_code(Some(self.sealer)));
        out.extend_from_slice(&self.move_number.to_be_bytes());
        out.push(side_code(self.draw_offer));
        put(out, self.resume_at.as_bytes());
        put(out, self.place.as_bytes());
        put(out, self.edition.as_bytes());
    }
}

fn side_code(side: Option<Side>) -> u8 {
    match side {
        None => 0,
        Some(Side::White) => 1,
        Some(Side::Black) => 2,
    }
}

/// Appends `bytes` with its length as a big-endian u64 before it.
pub(crate) fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_be_bytes());
    out.extend_from_slice(bytes);
}

fn put_opt(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        None => out.push(0),
        Some(s) => {
            out.push(1);
            put(out, s.as_bytes());
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn info() -> EnvelopeInfo {
        EnvelopeInfo {
            players: Players {
                white: Some("Alekhine".into()),
                black: None,
            },
            fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".into(),
            time_used: Times {
                white: 12.3456,
                black: 7.0,
            },
            remaining: Times {
                white: 100.0,
                black: 0.0,
            },
            sealer: Side::White,
            move_number: 2,
            draw_offer: Some(Side::Black),
            resume_at: "1930-04-01 10:00".into(),
            place: "San Remo".into(),
            edition: "1930".into(),
        }
    }

    #[test]
    fn validation_says_what_is_wrong() {
        assert_eq!(info().validate(), Ok(()));
        type Case = (fn(&mut EnvelopeInfo), &'static str);
        let cases: [Case; 8] = [
            (|i| i.sealer = Side::Black, "White to move"),
            (|i| i.time_used.black = -1.0, "time_used.black"),
            (|i| i.remaining.white = f64::NAN, "remaining.white"),
            (|i| i.remaining.black = MAX_SECONDS + 1.0, "remaining.black"),
            (|i| i.fen = "not a fen".into(), "not a valid FEN"),
            (
                |i| i.place = "Paris\nBlack: forged".into(),
                "control character",
            ),
            (|i| i.move_number = 0, "move_number"),
            (|i| i.edition = "x".repeat(MAX_TEXT_BYTES + 1), "edition"),
        ];
        for (change, expected) in cases {
            let mut i = info();
            change(&mut i);
            let e = i.validate().unwrap_err();
            assert!(e.contains(expected), "{expected}: {e}");
        }
    }

    #[test]
    fn times_are_kept_to_the_millisecond() {
        let i = info().normalized();
        assert_eq!(i.time_used.white, 12.346);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        info().encode(&mut a);
        i.encode(&mut b);
        assert_eq!(a, b, "the encoding is of whole milliseconds");
    }

    #[test]
    fn every_field_is_in_the_encoding() {
        let mut base = Vec::new();
        info().encode(&mut base);
        let changes: [fn(&mut EnvelopeInfo); 13] = [
            |i| i.players.white = None,
            |i| i.players.black = Some(String::new()),
            |i| i.fen.push(' '),
            |i| i.time_used.white += 0.001,
            |i| i.time_used.black += 0.001,
            |i| i.remaining.white += 0.001,
            |i| i.remaining.black += 0.001,
            |i| i.sealer = Side::Black,
            |i| i.move_number += 1,
            |i| i.draw_offer = None,
            |i| i.resume_at.push('.'),
            |i| i.place.push('.'),
            |i| i.edition.push('.'),
        ];
        for (k, change) in changes.iter().enumerate() {
            let mut i = info();
            change(&mut i);
            let mut e = Vec::new();
            i.encode(&mut e);
            assert_ne!(e, base, "change {k}");
        }
        // a length prefix keeps text from moving between fields
        let mut a = info();
        a.resume_at = "1930-04-01 10:00 San".into();
        a.place = "Remo".into();
        let mut e = Vec::new();
        a.encode(&mut e);
        assert_ne!(e, base);
    }
}
