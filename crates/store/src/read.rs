//! Reading games back, every row authenticated (`mac.rs`): a game's row,
//! its log in order and without a gap, the listing, the live games.

use super::*;

/// A game's columns; its number of moves is its last entry's (an append
/// writes `games` only when the game's state or result changes).
pub(crate) const GAME_COLUMNS: &str = "id, created_ms, COALESCE((SELECT l.node FROM leases l \
     WHERE l.game_id = games.id), games.owner) AS owner, setup, white, black, edition, time_control, \
     state, result, COALESCE((SELECT e.moves FROM events e WHERE e.game_id = games.id \
     AND e.moves IS NOT NULL ORDER BY e.seq DESC LIMIT 1), 0) AS moves, mac, summary_seq, \
     summary_mac";

pub(crate) const EVENT_COLUMNS: &str = "seq, entry, received_ms, client_id, answer, mac";

/// A game whose row authenticates, or [`StoreError::Tampered`].
pub(crate) fn untampered(game: GameRow) -> Result<GameRow, StoreError> {
    match game.tampered {
        Some(what) => Err(StoreError::Tampered {
            game: game.id,
            what,
        }),
        None => Ok(game),
    }
}

/// A game's row read back, with its authentication checked (a row that
/// fails it is read with [`GameRow::tampered`] saying why).
pub(crate) fn game_row<R: Row>(row: &R, key: &MacKey) -> Result<GameRow, StoreError>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<Vec<u8>>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let get = db("reading a game");
    let mac: Option<Vec<u8>> = row.try_get("mac").map_err(&get)?;
    let summary_seq: Option<i64> = row.try_get("summary_seq").map_err(&get)?;
    let summary_mac: Option<Vec<u8>> = row.try_get("summary_mac").map_err(&get)?;
    let mut game = GameRow {
        id: row.try_get("id").map_err(&get)?,
        created_ms: row.try_get("created_ms").map_err(&get)?,
        owner: row.try_get("owner").map_err(&get)?,
        setup: row.try_get("setup").map_err(&get)?,
        white: row.try_get("white").map_err(&get)?,
        black: row.try_get("black").map_err(&get)?,
        edition: row.try_get("edition").map_err(&get)?,
        time_control: row.try_get("time_control").map_err(&get)?,
        state: row.try_get("state").map_err(&get)?,
        result: row.try_get("result").map_err(&get)?,
        moves: u64_of(row.try_get("moves").map_err(&get)?, "a number of moves")?,
        tampered: None,
    };
    let setup = key.game(GameFields {
        id: &game.id,
        created_ms: game.created_ms,
        setup: &game.setup,
        white: game.white.as_deref(),
        black: game.black.as_deref(),
        edition: &game.edition,
        time_control: &game.time_control,
    });
    if !matches(&setup, mac.as_deref()) {
        game.tampered = Some("its setup (players, edition, time control) fails its check".into());
    } else {
        match summary_seq {
            Some(seq)
                if matches(
                    &key.summary(&game.id, &game.state, game.result.as_deref(), seq),
                    summary_mac.as_deref(),
                ) => {}
            _ => game.tampered = Some("its listed state or result fails its check".into()),
        }
    }
    Ok(game)
}

/// An entry of game `game_id`'s log read back ([`EVENT_COLUMNS`]), its
/// authentication checked: [`StoreError::Tampered`] if it fails.
pub(crate) fn event_row<R: Row>(
    row: &R,
    key: &MacKey,
    game_id: &str,
) -> Result<EventRow, StoreError>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<Vec<u8>>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let get = db("reading an entry");
    let seq: i64 = row.try_get("seq").map_err(&get)?;
    let mac: Option<Vec<u8>> = row.try_get("mac").map_err(&get)?;
    checked_entry(
        key,
        game_id,
        seq,
        row.try_get("entry").map_err(&get)?,
        row.try_get("received_ms").map_err(&get)?,
        row.try_get("client_id").map_err(&get)?,
        row.try_get("answer").map_err(&get)?,
        mac.as_deref(),
    )
}

/// An entry of game `game_id`'s log as read, its authentication checked:
/// [`StoreError::Tampered`] if it fails.
#[allow(clippy::too_many_arguments)]
pub(crate) fn checked_entry(
    key: &MacKey,
    game_id: &str,
    seq: i64,
    entry: String,
    received_ms: i64,
    client_id: Option<String>,
    answer: Option<String>,
    mac: Option<&[u8]>,
) -> Result<EventRow, StoreError> {
    let expected = key.entry(EntryFields {
        game_id,
        seq,
        entry: &entry,
        received_ms,
        client_id: client_id.as_deref(),
        answer: answer.as_deref(),
    });
    if !matches(&expected, mac) {
        return Err(StoreError::Tampered {
            game: game_id.to_string(),
            what: format!("entry {seq} of its log fails its check"),
        });
    }
    Ok(EventRow {
        seq: u64_of(seq, "a sequence number")?,
        entry,
        received_ms,
        client_id,
        answer,
    })
}

/// The log's entries must run from `first` without a gap: an entry
/// removed from the middle (each authenticates alone) is found so.
pub(crate) fn contiguous(
    game_id: &str,
    first: u64,
    entries: &[EventRow],
) -> Result<(), StoreError> {
    for (expected, entry) in (first..).zip(entries) {
        if entry.seq != expected {
            return Err(StoreError::Tampered {
                game: game_id.to_string(),
                what: format!(
                    "its log has no entry {expected} (the next stored is {})",
                    entry.seq
                ),
            });
        }
    }
    Ok(())
}

impl Store {
    /// One game, without its log.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.noted(
            async {
                let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
                on_pool!(&self.pool, p => {
                    let row = sqlx::query(&sql)
                        .bind(id)
                        .fetch_optional(p)
                        .await
                        .map_err(db("reading a game"))?;
                    row.as_ref().map(|r| game_row(r, &self.this.key)).transpose()
                })?
                .map(untampered)
                .transpose()
            }
            .await,
        )
    }

    /// The entries of a game's log after `after` (all of them with `None`),
    /// in `seq` order: what a stream resumed with `?since=SEQ` sends.
    pub async fn entries_after(
        &self,
        id: &str,
        after: Option<u64>,
    ) -> Result<Vec<EventRow>, StoreError> {
        self.entries_page(id, after, u32::MAX).await
    }

    /// At most `limit` entries of a game's log after `after`, in `seq`
    /// order: a stream far behind reads its backlog a page at a time, not
    /// the whole log at once.
    pub async fn entries_page(
        &self,
        id: &str,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<EventRow>, StoreError> {
        self.noted(
            async {
                let after = match after {
                    Some(seq) => i64_of(seq, "a sequence number")?,
                    None => -1,
                };
                let sql = format!(
                "SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
            );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(id)
                        .bind(after)
                        .bind(i64::from(limit))
                        .fetch_all(p)
                        .await
                        .map_err(db("reading a game's log"))?;
                    let entries = rows
                        .iter()
                        .map(|r| event_row(r, &self.this.key, id))
                        .collect::<Result<Vec<_>, _>>()?;
                    let first = after.checked_add(1).map_or(0, |n| u64::try_from(n).unwrap_or(0));
                    contiguous(id, first, &entries)?;
                    Ok(entries)
                })
            }
            .await,
        )
    }

    /// A game and its whole log, read in one transaction (a consistent
    /// snapshot).
    pub async fn load_game(&self, id: &str) -> Result<Option<LoadedGame>, StoreError> {
        self.noted(async {
            let game_sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
            let events_sql =
                format!("SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 ORDER BY seq");
            let during = db("loading a game");
            on_pool!(&self.pool, p => {
                let mut tx = p.begin().await.map_err(&during)?;
                let Some(row) = sqlx::query(&game_sql)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(&during)?
                else {
                    return Ok(None);
                };
                let game = untampered(game_row(&row, &self.this.key)?)?;
                let summary_seq: Option<i64> = row.try_get("summary_seq").map_err(&during)?;
                let rows = sqlx::query(&events_sql)
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(&during)?;
                let entries = rows
                    .iter()
                    .map(|r| event_row(r, &self.this.key, id))
                    .collect::<Result<Vec<_>, _>>()?;
                tx.commit().await.map_err(&during)?;
                contiguous(id, 0, &entries)?;
                // the entry that set the listed state and result is there: a
                // log cut short behind it (a result taken back) is found
                let last = entries.last().map_or(-1, |e| i64::try_from(e.seq).unwrap_or(i64::MAX));
                if let Some(seq) = summary_seq.filter(|seq| *seq > last) {
                    return Err(StoreError::Tampered {
                        game: id.to_string(),
                        what: format!(
                            "its state `{}` was set by entry {seq}, and its log ends before it",
                            game.state
                        ),
                    });
                }
                Ok(Some(LoadedGame { game, entries }))
            })
        }
        .await)
    }

    /// The entry of a game with this `client_id`, if any: a retried event
    /// is answered with its first answer.
    pub async fn find_client_id(
        &self,
        id: &str,
        client_id: &str,
    ) -> Result<Option<EventRow>, StoreError> {
        self.noted(
            async {
                let sql = format!(
                    "SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND client_id = $2 \
                         ORDER BY seq LIMIT 1"
                );
                on_pool!(&self.pool, p => {
                    let row = sqlx::query(&sql)
                        .bind(id)
                        .bind(client_id)
                        .fetch_optional(p)
                        .await
                        .map_err(db("finding a client_id"))?;
                    row.as_ref().map(|r| event_row(r, &self.this.key, id)).transpose()
                })
            }
            .await,
        )
    }

    /// The games, oldest first, filtered as `GET /api/games` asks.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, StoreError> {
        self.marked(
            async {
                let sql = format!(
                    "SELECT {GAME_COLUMNS} FROM games \
                 WHERE ($1 IS NULL OR state = $1) AND ($2 IS NULL OR white = $2 OR black = $2) \
                 ORDER BY created_ms, id"
                );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(&filter.state)
                        .bind(&filter.player)
                        .fetch_all(p)
                        .await
                        .map_err(db("listing games"))?;
                    rows.iter().map(|r| game_row(r, &self.this.key)).collect()
                })
            }
            .await,
        )
    }

    /// The games this node holds the lease of, not finished (playing,
    /// adjourned, awaiting a ruling): what a restart rebuilds.
    pub async fn live_games(&self) -> Result<Vec<GameRow>, StoreError> {
        self.marked(
            async {
                let sql = format!(
                    "SELECT {GAME_COLUMNS} FROM games JOIN leases ON leases.game_id = games.id \
                 WHERE leases.node = $1 AND state <> 'finished' ORDER BY created_ms, id"
                );
                on_pool!(&self.pool, p => {
                    let rows = sqlx::query(&sql)
                        .bind(&self.node)
                        .fetch_all(p)
                        .await
                        .map_err(db("listing live games"))?;
                    rows.iter().map(|r| game_row(r, &self.this.key)).collect()
                })
            }
            .await,
        )
    }
}
