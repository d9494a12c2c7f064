//! The sealed move as the log may hold it: a commitment, never the move.
//!
//! At adjournment the move goes into an envelope nobody may open before the
//! resumption (2005 A2–A7, 1930 21.2–21.6). A stored game therefore keeps
//! only a [`Commitment`] to the move: SHA-256 over a domain tag, a secret
//! 32-byte random [`Salt`] and the move as written. The salt is secret (it
//! travels inside the encrypted envelope with the move), so hashing the few
//! dozen legal moves of the position does not reveal which one was sealed.
//! When the envelope is opened, the text and the salt come back and
//! [`Commitment::opens`] checks them before the move is judged (A8).

use std::fmt;

use sha2::{Digest, Sha256};

/// Domain tag of the commitment; part of what is hashed.
const TAG: &[u8] = b"arbitre-seal/1 commitment";

/// The secret random salt of a commitment.
#[derive(Clone, PartialEq, Eq)]
pub struct Salt(pub [u8; 32]);

impl fmt::Debug for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Salt(<secret>)")
    }
}

impl Drop for Salt {
    fn drop(&mut self) {
        self.0.fill(0);
    }
}

/// A commitment to a sealed move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

impl Commitment {
    /// The commitment to `text` under `salt`.
    pub fn of(salt: &Salt, text: &str) -> Commitment {
        let mut h = Sha256::new();
        h.update((TAG.len() as u64).to_be_bytes());
        h.update(TAG);
        h.update(salt.0);
        h.update(text.as_bytes());
        Commitment(h.finalize().into())
    }

    /// Whether `text` with `salt` is what was committed to.
    pub fn opens(&self, salt: &Salt, text: &str) -> bool {
        Commitment::of(salt, text) == *self
    }

    /// Lower-case hexadecimal, 64 digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Option<Commitment> {
        unhex(text).map(Commitment)
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({})", self.to_hex())
    }
}

impl Salt {
    /// Lower-case hexadecimal, 64 digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Option<Salt> {
        unhex(text).map(Salt)
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(out)
}

/// A sealed move in clear, known only to whoever sealed or opened it; its
/// `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct SealedText(pub String);

impl fmt::Debug for SealedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SealedText(<sealed>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commitment_opens_only_with_its_salt_and_text() {
        let salt = Salt([7; 32]);
        let c = Commitment::of(&salt, "Nf3");
        assert!(c.opens(&salt, "Nf3"));
        assert!(!c.opens(&salt, "Nf3 "));
        assert!(!c.opens(&salt, "Ng5"));
        assert!(!c.opens(&Salt([8; 32]), "Nf3"));
        assert_eq!(Commitment::from_hex(&c.to_hex()), Some(c));
        assert_eq!(Salt::from_hex(&salt.to_hex()), Some(salt.clone()));
        assert_eq!(Commitment::from_hex(&c.to_hex()[1..]), None);
        assert_eq!(Commitment::from_hex(&"g".repeat(64)), None);
        assert_eq!(Commitment::from_hex(&"é".repeat(32)), None);
    }

    #[test]
    fn debug_shows_no_secret() {
        let text = format!("{:?} {:?}", Salt([0xab; 32]), SealedText("Qxf7#".into()));
        assert!(!text.contains("ab") && !text.contains("Qxf7"), "{text}");
    }
}
