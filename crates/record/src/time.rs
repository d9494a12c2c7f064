//! Times as records write them: seconds, to the millisecond; durations
//! ([`Millis`]) and moments of the arbiter's clock ([`Instant`]) alike.

use arbitre_laws::clock::{Instant, Millis, MAX_MILLIS};
use serde_json::Value;

use crate::error::{err, RecordError};

/// The largest number of seconds a record may give anywhere: `MAX_MILLIS` (one year).
pub const MAX_SECONDS: f64 = MAX_MILLIS as f64 / 1000.0;

/// Seconds from a record, as milliseconds: finite, not negative, and at most
/// [`MAX_MILLIS`] once rounded to the millisecond. The checks come before
/// the conversion, which therefore neither overflows nor yields NaN.
pub fn millis(seconds: f64, path: &str) -> Result<Millis, RecordError> {
    let out_of_range = || {
        err(
            path,
            format!(
                "expected a number of seconds from 0 to {MAX_SECONDS} (one year), found {seconds}"
            ),
        )
    };
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(out_of_range());
    }
    // finite and not negative: the product is finite or +inf, never NaN,
    // and it is compared before any conversion to an integer
    let ms = (seconds * 1000.0).round();
    if ms > MAX_MILLIS as f64 {
        return Err(out_of_range());
    }
    Ok(ms as Millis)
}

/// Signed seconds (a time adjustment) as milliseconds, within one year either way.
pub fn signed_millis(seconds: f64, path: &str) -> Result<Millis, RecordError> {
    let ms = millis(seconds.abs(), path)?;
    Ok(if seconds < 0.0 { -ms } else { ms })
}

/// Milliseconds as the seconds a record writes; exact, since every time is
/// at most one year (far below 2^53 ms).
pub fn seconds(ms: Millis) -> f64 {
    ms as f64 / 1000.0
}

/// [`seconds`] as a JSON number.
pub fn seconds_value(ms: Millis) -> Value {
    Value::from(seconds(ms))
}

/// Seconds from a record as a moment on the arbiter's clock: the checks of
/// [`millis`].
pub fn instant(seconds: f64, path: &str) -> Result<Instant, RecordError> {
    millis(seconds, path).map(Instant)
}

/// A moment as the seconds since the game began a record writes.
pub fn instant_seconds(t: Instant) -> f64 {
    seconds(t.millis())
}

/// [`instant_seconds`] as a JSON number.
pub fn instant_value(t: Instant) -> Value {
    seconds_value(t.millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_millisecond_survives_the_round_trip() {
        for ms in
            (0..=MAX_MILLIS)
                .step_by(9_999_991)
                .chain([1, 999, 1001, MAX_MILLIS - 1, MAX_MILLIS])
        {
            assert_eq!(millis(seconds(ms), "t"), Ok(ms));
            let text = serde_json::to_string(&seconds_value(ms)).unwrap();
            let back: f64 = serde_json::from_str(&text).unwrap();
            assert_eq!(millis(back, "t"), Ok(ms), "{text}");
        }
        assert!(millis(-0.001, "t").is_err());
        assert!(millis(f64::NAN, "t").is_err());
        assert!(millis(MAX_SECONDS + 0.001, "t").is_err());
        assert_eq!(signed_millis(-1.5, "t"), Ok(-1500));
    }
}
