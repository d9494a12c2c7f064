//! The JSON form of binary fields: base64 (standard alphabet, padded,
//! canonical) for keys, ciphertext and signature; hexadecimal for the
//! commitment, as the engine's log and `arbitre envelope show` write it.

use base64::{engine::general_purpose::STANDARD as B64, Engine as _};
use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

/// Fixed-size byte fields.
pub(crate) mod b64 {
    use super::*;

    pub fn serialize<S: Serializer, T: AsRef<[u8]>>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&B64.encode(v.as_ref()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[u8; N], D::Error> {
        let v = decode(d, N)?;
        let n = v.len();
        v.try_into()
            .map_err(|_| D::Error::custom(format!("{n} bytes where {N} are expected")))
    }

    /// Base64 of at most `max` bytes; longer text is refused before it is
    /// decoded.
    pub(crate) fn decode<'de, D: Deserializer<'de>>(d: D, max: usize) -> Result<Vec<u8>, D::Error> {
        let s = String::deserialize(d)?;
        if s.len() > max.div_ceil(3) * 4 {
            return Err(D::Error::custom(format!(
                "{} characters of base64, more than the {max} bytes expected",
                s.len()
            )));
        }
        B64.decode(s.as_bytes())
            .map_err(|e| D::Error::custom(format!("invalid base64: {e}")))
    }
}

/// The ciphertext: base64 of exactly [`crate::CIPHERTEXT_LEN`] bytes once
/// checked; here at most that many are decoded.
pub(crate) mod ciphertext {
    use super::*;

    pub use super::b64::serialize;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        b64::decode(d, crate::CIPHERTEXT_LEN)
    }
}

/// The commitment: 64 hexadecimal digits.
pub(crate) mod commitment {
    use super::*;
    use arbitre_laws::seal::Commitment;

    pub fn serialize<S: Serializer>(c: &Commitment, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&c.to_hex())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Commitment, D::Error> {
        let s = String::deserialize(d)?;
        Commitment::from_hex(&s)
            .ok_or_else(|| D::Error::custom("a commitment is 64 hexadecimal digits"))
    }
}

/// The format tag: anything but [`crate::FORMAT`] is refused as soon as it
/// is read, so that a file of another format says so before any other
/// difference.
pub(crate) mod format {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        match crate::format_error(&s) {
            None => Ok(s),
            Some(e) => Err(D::Error::custom(e)),
        }
    }
}
