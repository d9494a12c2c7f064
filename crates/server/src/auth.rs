//! Tokens (`../shared/spec/API.md`, "Authentication"): random, 256 bits,
//! shown once, stored only as SHA-256 hashes (`arbitre-store`, which finds
//! a token by its hash); a seat token acts only for its seat in its game,
//! an arbiter token only in its game, the organiser's everywhere as the
//! arbiter.

use std::fmt;

pub use arbitre_store::TokenHash;

/// A token as given to its holder, once: 256 random bits from the store's
/// generator (`arbitre_store::new_token`), which keeps only the hash and
/// looks tokens up by it. `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<secret>)")
    }
}

impl Token {
    /// A fresh token from the operating system's random source.
    pub fn generate() -> Result<Token, arbitre_store::StoreError> {
        arbitre_store::new_token().map(|(token, _)| Token(token))
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
