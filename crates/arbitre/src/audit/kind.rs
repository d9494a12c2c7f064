//! The kinds of findings, most severe first, each with the stable code the
//! reports print.

use std::fmt;

use serde::Serialize;

/// What a finding is about (see [`crate::audit`]), most severe
/// first: what a rating officer should look at first. The reports print its
/// [`Kind::code`], a stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A win on time or by abandonment for a side that could not checkmate.
    FlagCannotMate,
    /// A result other than the one the board had already fixed.
    ResultVsBoard,
    /// A game that went on after a dead position, a fivefold repetition or
    /// 75 moves (2023 9.6) had drawn it, or another result after the last two.
    AutomaticEndIgnored,
    /// A draw on time although the opponent could checkmate.
    FlagDrawCouldMate,
    /// A move that is not legal.
    IllegalMove,
    /// A game that could not be read.
    Unparseable,
    /// A clock at zero, increment included, with the game going on.
    ClockZero,
    /// A clock that went up by more than the time control gives.
    ClockIncrease,
    /// A clock reading that contradicts the time the move is said to take.
    ClockEmt,
    /// The helpmate search could not decide a flag or abandonment question.
    MateUndecided,
    /// Movetext with no game termination marker.
    Truncated,
    /// A threefold repetition that could have been claimed (`--claimable`).
    ClaimableThreefold,
    /// Fifty moves that could have been claimed (`--claimable`).
    ClaimableFifty,
}

/// What a finding says of the game: the class decides where it is shown
/// and what it counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// The Laws were not applied: a result the board contradicts, an
    /// illegal move, a game that went on after it had ended, a record that
    /// cannot be read. What `--fail-on-findings` fails on.
    Violation,
    /// A draw that could have been claimed and was not (`--claimable`): the
    /// Laws let a player not claim, so it is no violation.
    Claimable,
    /// About the record, not the game: clock readings that cannot be
    /// right, movetext with no result, a question the helpmate search left
    /// open. Counted always, listed with `--notes`.
    Note,
}

impl Class {
    /// The name the reports print: stable.
    pub fn code(self) -> &'static str {
        match self {
            Class::Violation => "violation",
            Class::Claimable => "claimable",
            Class::Note => "note",
        }
    }
}

impl Serialize for Class {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl Kind {
    /// Its class.
    pub fn class(self) -> Class {
        match self {
            Kind::FlagCannotMate
            | Kind::ResultVsBoard
            | Kind::AutomaticEndIgnored
            | Kind::FlagDrawCouldMate
            | Kind::IllegalMove
            | Kind::Unparseable => Class::Violation,
            Kind::ClaimableThreefold | Kind::ClaimableFifty => Class::Claimable,
            Kind::ClockZero
            | Kind::ClockIncrease
            | Kind::ClockEmt
            | Kind::MateUndecided
            | Kind::Truncated => Class::Note,
        }
    }

    /// Every kind, most severe first.
    pub const ALL: [Kind; 13] = [
        Kind::FlagCannotMate,
        Kind::ResultVsBoard,
        Kind::AutomaticEndIgnored,
        Kind::FlagDrawCouldMate,
        Kind::IllegalMove,
        Kind::Unparseable,
        Kind::ClockZero,
        Kind::ClockIncrease,
        Kind::ClockEmt,
        Kind::MateUndecided,
        Kind::Truncated,
        Kind::ClaimableThreefold,
        Kind::ClaimableFifty,
    ];

    /// The name the reports print (`flag-cannot-mate`, …): stable.
    pub fn code(self) -> &'static str {
        match self {
            Kind::FlagCannotMate => "flag-cannot-mate",
            Kind::ResultVsBoard => "result-vs-board",
            Kind::AutomaticEndIgnored => "automatic-end-ignored",
            Kind::FlagDrawCouldMate => "flag-draw-could-mate",
            Kind::IllegalMove => "illegal-move",
            Kind::Unparseable => "unparseable",
            Kind::ClockZero => "clock-zero",
            Kind::ClockIncrease => "clock-increase",
            Kind::ClockEmt => "clock-emt",
            Kind::MateUndecided => "mate-undecided",
            Kind::Truncated => "truncated",
            Kind::ClaimableThreefold => "claimable-threefold",
            Kind::ClaimableFifty => "claimable-fifty",
        }
    }

    /// Its rank in [`Kind::ALL`], 0 for the most severe.
    pub fn severity(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_listed_by_severity_with_distinct_codes() {
        for (i, k) in Kind::ALL.into_iter().enumerate() {
            assert_eq!(k.severity(), i, "{k}");
            assert_eq!(format!("{k:<22}").trim_end(), k.code());
        }
        let mut codes: Vec<&str> = Kind::ALL.iter().map(|k| k.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Kind::ALL.len());
        // the classes in order of severity: violations, then notes, then
        // the draws a player may leave unclaimed
        let rank = |c: Class| match c {
            Class::Violation => 0,
            Class::Note => 1,
            Class::Claimable => 2,
        };
        assert!(Kind::ALL
            .windows(2)
            .all(|w| rank(w[0].class()) <= rank(w[1].class())));
    }
}
