//! Small conversions at the server's edge: the arbiter's public key as the
//! API takes it (base64 of the 32-byte X25519 key, as `arbiter.pub` holds
//! it), and a PGN date.

use arbitre_envelope::PublicKey;
use base64::{engine::general_purpose::STANDARD, Engine as _};

/// The arbiter's X25519 public key from its base64 form.
pub fn public_key(b64: &str) -> Result<PublicKey, String> {
    let bytes = STANDARD
        .decode(b64.trim())
        .map_err(|e| format!("the arbiter's key is not base64: {e}"))?;
    let bytes: [u8; 32] = bytes.as_slice().try_into().map_err(|_| {
        format!(
            "the arbiter's key is {} bytes, not the 32 of an X25519 public key",
            bytes.len()
        )
    })?;
    PublicKey::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// The format of the arbiter's key file, as `arbitre keygen` writes
/// `arbiter.key` (crates/arbitre/src/envelope.rs) and the game page reads it.
pub const KEY_FILE_FORMAT: &str = "arbitre-arbiter-key/2";

/// An arbiter's key pair the server makes for a game created without one
/// (the README's default: no `--arbiter-key`, no `arbiter_key`). The
/// server keeps only `public`; the secret half leaves in the creation's
/// answer and is then forgotten (SECURITY.md, "The arbiter's key").
pub struct MadeKey {
    /// The public key, base64, as `arbiter_key` takes it.
    pub public: String,
    /// The secret key file (`arbiter.key`'s JSON).
    pub file: serde_json::Value,
    /// The X25519 secret, base64url without padding: the `key=` of the
    /// arbiter's link's fragment.
    pub link: String,
}

/// A fresh key pair for one game's arbiter.
pub fn make_arbiter_key() -> Result<MadeKey, String> {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let opening = arbitre_envelope::SecretKey::generate().map_err(|e| e.to_string())?;
    let signing = arbitre_envelope::generate_signing_key().map_err(|e| e.to_string())?;
    let secret = opening.to_bytes();
    let signing_bytes = zeroize::Zeroizing::new(signing.to_bytes());
    Ok(MadeKey {
        public: public_key_b64(opening.public_key()),
        file: serde_json::json!({
            "format": KEY_FILE_FORMAT,
            "hpke_secret_key": STANDARD.encode(secret.as_ref()),
            "signing_key": STANDARD.encode(signing_bytes.as_ref()),
        }),
        link: URL_SAFE_NO_PAD.encode(secret.as_ref()),
    })
}

/// The base64 form of a public key.
pub fn public_key_b64(key: &PublicKey) -> String {
    STANDARD.encode(key.to_bytes())
}

/// `YYYY.MM.DD` (UTC) of an instant in epoch milliseconds, as PGN's `Date`.
pub fn pgn_date(ms: i64) -> String {
    // days since 1970-01-01 to a civil date (Howard Hinnant's algorithm)
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_795_478_400_000), "2026.11.24");
        assert_eq!(pgn_date(-86_400_000), "1969.12.31");
    }

    #[test]
    fn keys() {
        let secret = arbitre_envelope::SecretKey::generate().unwrap();
        let b64 = public_key_b64(secret.public_key());
        assert_eq!(&public_key(&b64).unwrap(), secret.public_key());
        assert!(public_key("not base64!").unwrap_err().contains("base64"));
        assert!(public_key("AAAA").unwrap_err().contains("3 bytes"));
    }

    #[test]
    fn made_keys_open_what_is_sealed_to_them() {
        use base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let made = make_arbiter_key().unwrap();
        let other = make_arbiter_key().unwrap();
        assert_ne!(made.public, other.public, "a fresh key each time");
        let link: [u8; 32] = URL_SAFE_NO_PAD
            .decode(&made.link)
            .unwrap()
            .try_into()
            .unwrap();
        let file: [u8; 32] = STANDARD
            .decode(made.file["hpke_secret_key"].as_str().unwrap())
            .unwrap()
            .try_into()
            .unwrap();
        assert_eq!(link, file, "the link and the file hold the same secret");
        let secret = arbitre_envelope::SecretKey::from_bytes(&link).unwrap();
        assert_eq!(public_key_b64(secret.public_key()), made.public);
        assert_eq!(made.file["format"], KEY_FILE_FORMAT);
    }
}
