//! Tokens: 256 random bits, shown once, stored only as their SHA-256.

use sha2::{Digest, Sha256};

use crate::StoreError;

/// The SHA-256 of a token: what the store keeps and looks tokens up by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash of a token as the client sends it.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// Lower-case hexadecimal, 64 digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    pub(crate) fn from_slice(bytes: &[u8]) -> Result<TokenHash, StoreError> {
        <[u8; 32]>::try_from(bytes)
            .map(TokenHash)
            .map_err(|_| StoreError::Corrupt(format!("a token hash of {} bytes", bytes.len())))
    }
}

/// A new token: 32 bytes from the operating system's random source, as 64
/// hexadecimal digits, and its hash.
pub fn new_token() -> Result<(String, TokenHash), StoreError> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).map_err(|e| StoreError::Randomness(e.to_string()))?;
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hash = TokenHash::of(&token);
    Ok((token, hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_and_hash_as_sha256() {
        let (a, ha) = new_token().expect("randomness");
        let (b, _) = new_token().expect("randomness");
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(ha, TokenHash::of(&a));
        // SHA-256("abc")
        assert_eq!(TokenHash::of("abc").0[..4], [0xba, 0x78, 0x16, 0xbf],);
    }
}
