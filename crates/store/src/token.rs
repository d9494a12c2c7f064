//! Tokens: 256 random bits, shown once, stored only as their SHA-256; the
//! seats' tokens (written with their game, `writer/`) and the organisers'
//! looked up by that hash, each row authenticated (`mac.rs`).

use sha2::{Digest, Sha256};

use crate::*;

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

impl Store {
    /// The game and seat a token hash acts for, if any.
    /// A token row that fails its authentication is
    /// [`StoreError::Tampered`] (its game's): no one acts through a hash
    /// written into the database.
    pub async fn find_seat(&self, hash: &TokenHash) -> Result<Option<(String, Seat)>, StoreError> {
        self.noted(
            async {
                let row: Option<(String, String, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
                sqlx::query_as("SELECT game_id, seat, mac FROM seat_tokens WHERE hash = $1")
                    .bind(hash.0.to_vec())
                    .fetch_optional(p)
                    .await)
                .map_err(db("finding a token"))?;
                row.map(|(game, seat, mac)| {
                    if !matches(&self.this.key.seat(&hash.0, &game, &seat), mac.as_deref()) {
                        return Err(StoreError::Tampered {
                            game,
                            what: format!("the token of its seat `{seat}` fails its check"),
                        });
                    }
                    Ok((game, Seat::from_code(&seat)?))
                })
                .transpose()
            }
            .await,
        )
    }

    /// The seats' token hashes of a game.
    pub async fn seat_tokens(&self, id: &str) -> Result<Vec<(Seat, TokenHash)>, StoreError> {
        self.noted(
            async {
                let rows: Vec<(String, Vec<u8>, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
                sqlx::query_as(
                    "SELECT seat, hash, mac FROM seat_tokens WHERE game_id = $1 ORDER BY seat",
                )
                    .bind(id)
                    .fetch_all(p)
                    .await)
                .map_err(db("reading tokens"))?;
                rows.iter()
                    .map(|(seat, hash, mac)| {
                        if !matches(&self.this.key.seat(hash, id, seat), mac.as_deref()) {
                            return Err(StoreError::Tampered {
                                game: id.to_string(),
                                what: format!("the token of its seat `{seat}` fails its check"),
                            });
                        }
                        Ok((Seat::from_code(seat)?, TokenHash::from_slice(hash)?))
                    })
                    .collect()
            }
            .await,
        )
    }

    /// Adds an organiser's token hash (committed when this resolves; adding
    /// one twice is no error).
    pub async fn add_organiser_token(
        &self,
        hash: &TokenHash,
        created_ms: i64,
    ) -> Result<(), StoreError> {
        on_pool!(&self.pool, p => sqlx::query(
                "INSERT INTO organiser_tokens (hash, created_ms, mac) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(hash.0.to_vec())
            .bind(created_ms)
            .bind(self.this.key.organiser(&hash.0, created_ms))
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(db("adding an organiser's token"))
    }

    /// Whether this hash is an organiser's token's: a row that fails its
    /// authentication (written into the database) is no organiser's, and
    /// is logged.
    pub async fn is_organiser(&self, hash: &TokenHash) -> Result<bool, StoreError> {
        let found: Option<(i64, Option<Vec<u8>>)> = on_pool!(&self.pool, p =>
            sqlx::query_as("SELECT created_ms, mac FROM organiser_tokens WHERE hash = $1")
                .bind(hash.0.to_vec())
                .fetch_optional(p)
                .await)
        .map_err(db("finding an organiser's token"))?;
        Ok(match found {
            Some((created_ms, mac)) => {
                let genuine = matches(
                    &self.this.key.organiser(&hash.0, created_ms),
                    mac.as_deref(),
                );
                if !genuine {
                    tracing::error!(
                        "an organiser's token row fails its authentication: refused \
                         (written into the database by someone else than this server)"
                    );
                }
                genuine
            }
            None => false,
        })
    }

    /// Whether any organiser's token is stored (on a first start, none).
    pub async fn has_organiser(&self) -> Result<bool, StoreError> {
        let n: i64 = on_pool!(&self.pool, p =>
            sqlx::query_scalar("SELECT COUNT(*) FROM organiser_tokens")
                .fetch_one(p)
                .await)
        .map_err(db("counting organisers' tokens"))?;
        Ok(n > 0)
    }
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
