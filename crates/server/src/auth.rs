//! Tokens (`../shared/spec/API.md`, "Authentication"): random, at least 128
//! bits, shown once, stored only as SHA-256 hashes, compared in constant
//! time; a seat token acts only for its seat in its game, an arbiter token
//! only in its game, the organiser's everywhere as the arbiter.

use std::fmt;

use base64::{engine::general_purpose::URL_SAFE_NO_PAD as B64, Engine as _};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes in a token: 256 bits.
const TOKEN_BYTES: usize = 32;

/// A token as given to its holder, once. `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<secret>)")
    }
}

impl Token {
    /// A fresh token from the operating system's random source.
    pub fn generate() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::getrandom(&mut bytes)?;
        Ok(Token(B64.encode(bytes)))
    }

    /// The text to give the holder.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// What is stored: the hash.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

/// The SHA-256 of a token: all the store keeps.
#[derive(Clone, Copy, Debug, Eq)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash of a token's text.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// Lower-case hexadecimal.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl PartialEq for TokenHash {
    /// In constant time: how many leading bytes agree does not show.
    fn eq(&self, other: &TokenHash) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

/// Who a token speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A player's seat in one game.
    Seat(shakmaty::Color),
    /// The arbiter of one game.
    Arbiter,
    /// The organiser: creates games, and is the arbiter of every game.
    Organiser,
}

/// The token of an `Authorization: Bearer TOKEN` header, if well formed.
pub fn bearer(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.len() <= 256)
        .then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hidden() {
        let a = Token::generate().unwrap();
        let b = Token::generate().unwrap();
        assert_ne!(a, b);
        assert!(a.reveal().len() >= 22, "at least 128 bits");
        assert!(!format!("{a:?}").contains(a.reveal()));
        assert_eq!(a.hash(), TokenHash::of(a.reveal()));
        assert_ne!(a.hash(), b.hash());
        assert_eq!(a.hash().to_hex().len(), 64);
    }

    #[test]
    fn bearer_headers() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
        assert_eq!(bearer(&format!("Bearer {}", "x".repeat(300))), None);
    }
}
