//! The one time format arbitre shows to people: durations in sentences
//! ("1 h 30 min", "2 min 30.5 s"), signed changes ("+2 min"), readings
//! of a clock ("1:59:35") and moments of the arbiter's clock, read the same
//! way ([`instant`]). Machine outputs (JSON, envelopes) keep seconds.
//!
//! French writes the decimal comma ("2,5 s"); every other language is
//! written as English is (the languages without a catalogue fall back to
//! English: [`crate::catalogue_language`]).

use arbitre_laws::{Instant, Language, Millis};

const SECOND: Millis = 1_000;
const MINUTE: Millis = 60 * SECOND;
const HOUR: Millis = 60 * MINUTE;

/// Seconds with their milliseconds, if any, trimmed of trailing zeros:
/// `"5"`, `"5.5"`, `"5.125"` (the comma in French).
fn seconds(ms: Millis, lang: Language) -> String {
    let (whole, milli) = (ms / SECOND, ms % SECOND);
    if milli == 0 {
        return whole.to_string();
    }
    let fraction = format!("{milli:03}");
    let separator = match crate::catalogue_language(lang) {
        Language::Fr => ',',
        _ => '.',
    };
    format!("{whole}{separator}{}", fraction.trim_end_matches('0'))
}

/// `ms` as a sign (`"-"` or `""`) and hours, minutes and the rest.
fn split(ms: Millis) -> (&'static str, Millis, Millis, Millis) {
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.saturating_abs();
    (sign, ms / HOUR, ms % HOUR / MINUTE, ms % MINUTE)
}

/// A duration in hours, minutes and seconds, leaving out the zero parts:
/// `"1 h 30 min"`, `"3 min"`, `"2 min 30.5 s"`, `"0 s"`; a negative
/// duration has a minus sign.
pub fn duration(ms: Millis, lang: Language) -> String {
    let (sign, hours, minutes, rest) = split(ms);
    let mut parts = Vec::new();
    if hours > 0 {
        parts.push(format!("{hours} h"));
    }
    if minutes > 0 {
        parts.push(format!("{minutes} min"));
    }
    if rest > 0 || parts.is_empty() {
        parts.push(format!("{} s", seconds(rest, lang)));
    }
    format!("{sign}{}", parts.join(" "))
}

/// A change of time with its sign: `"+2 min"`, `"-1.5 s"`, `"+0 s"`.
pub fn change(ms: Millis, lang: Language) -> String {
    if ms < 0 {
        duration(ms, lang)
    } else {
        format!("+{}", duration(ms, lang))
    }
}

/// A reading of a clock, hours always shown: `"1:59:35"`, `"0:00:03.5"`.
pub fn clock(ms: Millis, lang: Language) -> String {
    let (sign, hours, minutes, rest) = split(ms);
    let pad = if rest < 10 * SECOND { "0" } else { "" };
    format!("{sign}{hours}:{minutes:02}:{pad}{}", seconds(rest, lang))
}

/// A moment on the arbiter's clock, as the arbiter's clock reads it then
/// (the time since the game began): `"1:59:35"`.
pub fn instant(t: Instant, lang: Language) -> String {
    clock(t.millis(), lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_leave_out_zero_parts() {
        for (ms, want) in [
            (0, "0 s"),
            (45_000, "45 s"),
            (1_500, "1.5 s"),
            (1_001, "1.001 s"),
            (180_000, "3 min"),
            (90_500, "1 min 30.5 s"),
            (5_400_000, "1 h 30 min"),
            (HOUR + 5_000, "1 h 5 s"),
            (-1_500, "-1.5 s"),
        ] {
            assert_eq!(duration(ms, Language::En), want);
        }
        assert_eq!(
            duration(Millis::MIN, Language::En).chars().next(),
            Some('-')
        );
    }

    #[test]
    fn french_writes_the_decimal_comma_other_languages_as_english() {
        assert_eq!(duration(90_500, Language::Fr), "1 min 30,5 s");
        assert_eq!(clock(3_250, Language::Fr), "0:00:03,25");
        assert_eq!(duration(90_500, Language::De), "1 min 30.5 s");
    }

    #[test]
    fn changes_carry_their_sign() {
        assert_eq!(change(120_000, Language::En), "+2 min");
        assert_eq!(change(0, Language::En), "+0 s");
        assert_eq!(change(-1_500, Language::Fr), "-1,5 s");
    }

    #[test]
    fn clock_readings_show_hours_minutes_seconds() {
        for (ms, want) in [
            (0, "0:00:00"),
            (90_000, "0:01:30"),
            (7_175_000, "1:59:35"),
            (3_500, "0:00:03.5"),
            (12_500, "0:00:12.5"),
            (100 * HOUR, "100:00:00"),
        ] {
            assert_eq!(clock(ms, Language::En), want);
        }
    }

    #[test]
    fn instants_read_as_the_arbiters_clock() {
        assert_eq!(instant(Instant::ZERO, Language::En), "0:00:00");
        assert_eq!(instant(Instant(7_175_000), Language::En), "1:59:35");
        assert_eq!(instant(Instant(3_250), Language::Fr), "0:00:03,25");
    }
}
