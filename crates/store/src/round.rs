//! Rounds (../shared/spec/ROUNDS.md): a round's row holds what the pairing
//! program gave and what the round's games are, as one JSON body the
//! server writes once, at the round's creation; its games are ordinary
//! games. The row is authenticated (`mac.rs`): one altered in the database
//! is refused, never served.

use crate::{error::db, mac::matches, on_pool, Store, StoreError};

/// A round as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    /// The round's id.
    pub id: String,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: i64,
    /// What the server stored (its JSON).
    pub body: String,
}

impl Store {
    /// Stores a new round (committed when this resolves). Its games are
    /// created apart, before it.
    pub async fn create_round(&self, row: &RoundRow) -> Result<(), StoreError> {
        let mac = self.this.key.round(&row.id, row.created_ms, &row.body);
        on_pool!(&self.pool, p => sqlx::query(
                "INSERT INTO rounds (id, created_ms, body, mac) VALUES ($1, $2, $3, $4)",
            )
            .bind(&row.id)
            .bind(row.created_ms)
            .bind(&row.body)
            .bind(mac)
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(db("storing a round"))
    }

    /// Round `id`, if stored; a row that fails its authentication is an
    /// error, not a round.
    pub async fn round(&self, id: &str) -> Result<Option<RoundRow>, StoreError> {
        let found: Option<(String, i64, String, Vec<u8>)> = on_pool!(&self.pool, p =>
            sqlx::query_as("SELECT id, created_ms, body, mac FROM rounds WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await)
        .map_err(db("reading a round"))?;
        found.map(|row| self.genuine(row)).transpose()
    }

    /// Every round, the newest first.
    pub async fn rounds(&self) -> Result<Vec<RoundRow>, StoreError> {
        let rows: Vec<(String, i64, String, Vec<u8>)> = on_pool!(&self.pool, p =>
            sqlx::query_as("SELECT id, created_ms, body, mac FROM rounds ORDER BY created_ms DESC, id")
                .fetch_all(p)
                .await)
        .map_err(db("listing the rounds"))?;
        rows.into_iter().map(|row| self.genuine(row)).collect()
    }

    fn genuine(
        &self,
        (id, created_ms, body, mac): (String, i64, String, Vec<u8>),
    ) -> Result<RoundRow, StoreError> {
        if !matches(&self.this.key.round(&id, created_ms, &body), Some(&mac)) {
            tracing::error!(round = %id, "a round's row fails its authentication: refused");
            return Err(StoreError::Corrupt(format!(
                "the stored round `{id}` fails its authentication (written into the \
                 database by someone else than this server)"
            )));
        }
        Ok(RoundRow {
            id,
            created_ms,
            body,
        })
    }
}
