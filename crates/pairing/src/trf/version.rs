//! Which TRF a file is: TRF-16 (with or without JaVaFo's TRF(x) extension
//! records) or TRF-26. The two share the `001` line column for column, so
//! reading a player and writing a round do not depend on the version; the
//! version tells which records a file may hold and is given back unchanged.

use serde::{Deserialize, Serialize};

/// The version of a TRF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Version {
    /// FIDE's TRF of 2016 (also the base of TRF(x), JaVaFo's extension with
    /// `XXR`, `XXC`, `XXS`, … records).
    Trf16,
    /// FIDE's TRF of 2026 (approved 2025, applied from 1 September 2025):
    /// the same `001` line, and new records (`142` rounds, `162` scoring,
    /// `240` byes, `250` acceleration, `260` prohibited pairings, …).
    Trf26,
}

impl Version {
    /// The record codes that only TRF-26 defines. TRF-26 has no record that
    /// names the version, so a file is taken as TRF-26 when it holds one of
    /// these, and as TRF-16 otherwise: a TRF-26 file without any of them is
    /// laid out exactly as a TRF-16 one, and reads and writes the same.
    pub const TRF26_RECORDS: [&'static str; 21] = [
        "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
        "300", "310", "320", "330", "352", "362", "801", "802",
    ];

    /// The version of a file whose records (first three columns of each
    /// line) are `codes`: TRF-26 if one of them is in
    /// [`TRF26_RECORDS`](Self::TRF26_RECORDS), else TRF-16.
    pub fn detect<'a>(codes: impl IntoIterator<Item = &'a str>) -> Version {
        let mut codes = codes.into_iter();
        if codes.any(|code| Version::TRF26_RECORDS.contains(&code)) {
            Version::Trf26
        } else {
            Version::Trf16
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_is_by_records_only_trf26_has() {
        assert_eq!(
            Version::detect(["012", "001", "XXR", "XXC"]),
            Version::Trf16
        );
        assert_eq!(Version::detect(["012", "001", "142"]), Version::Trf26);
        assert_eq!(Version::detect(["012", "192", "001"]), Version::Trf26);
        assert_eq!(Version::detect([]), Version::Trf16);
    }
}
