//! The lease protocol: several nodes on one database, each game owned by one.
//!
//! Each node's row of `instants` is its lease (its epoch, raised at each
//! start and by a node taking its games over; its address; its expiry,
//! renewed by each of its commits: the writers' fence). Each game's row of
//! `leases` names its owner and the game's epoch: an entry is inserted only
//! if it names the appending node with the epoch the owner loaded the game
//! under (`writer/`). A node whose lease expired has its games taken over
//! (`Store::take_over`), and writes nothing more.

use super::*;

/// Registers node `name` with a fresh lease: a new node at epoch 1, a
/// known one with its epoch raised (a second process under the same name
/// fences the first); its last durable instant is kept.
pub(crate) async fn register(
    pool: &Pool,
    name: &str,
    address: Option<&str>,
    lease_ms: i64,
) -> Result<i64, StoreError> {
    let sql = format!(
        "INSERT INTO instants (node, at_ms, epoch, address, expires_ms) \
         VALUES ($1, 0, 1, $2, {now} + $3) ON CONFLICT (node) DO UPDATE \
         SET epoch = instants.epoch + 1, expires_ms = excluded.expires_ms, \
         address = COALESCE(excluded.address, instants.address) RETURNING epoch",
        now = now_sql(pool)
    );
    on_pool!(pool, p => sqlx::query_scalar(&sql)
        .bind(name)
        .bind(address)
        .bind(lease_ms)
        .fetch_one(p)
        .await)
    .map_err(db("registering the node"))
}

/// Passes the other nodes' commit notifications on to this node's tasks.
/// The listener reconnects by itself; notifications lost meanwhile are
/// made up by the readers' polling.
pub(crate) async fn listen(mut listener: sqlx::postgres::PgListener, this: Arc<Node>) {
    loop {
        match listener.recv().await {
            Ok(n) => {
                if this.commits.receiver_count() > 0 {
                    let _ = this.commits.send(Arc::from(n.payload()));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "listening for commits");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

impl Store {
    /// How long this node's lease lasts past its last renewal.
    pub fn lease_duration(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.this.lease_ms).unwrap_or(0))
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// This node's epoch: raised at each start, and by
    /// [`Store::register_again`].
    pub fn epoch(&self) -> i64 {
        self.this.epoch.load(Ordering::SeqCst)
    }

    /// The ids of the games with new committed entries, as they commit:
    /// this node's own, and with several nodes on PostgreSQL the other
    /// nodes' too (`LISTEN`). Only a wake-up: the entries are read by
    /// sequence number ([`Store::entries_after`]); a receiver that lags
    /// reads them all the same.
    pub fn commits(&self) -> broadcast::Receiver<Arc<str>> {
        self.this.commits.subscribe()
    }

    /// After this node's lease was lost ([`StoreError::Fenced`]: another
    /// node took its games over while it was paused or cut off): registers
    /// it again under a new epoch, its address and a fresh lease. The
    /// games it no longer owns stay with their new owner.
    pub async fn register_again(&self) -> Result<i64, StoreError> {
        let epoch = register(&self.pool, &self.node, None, self.this.lease_ms).await?;
        self.this.epoch.store(epoch, Ordering::SeqCst);
        Ok(epoch)
    }

    /// Game `id`'s lease, with its node's address and liveness; `None`
    /// when there is no such game.
    pub async fn lease(&self, id: &str) -> Result<Option<Lease>, StoreError> {
        let sql = format!(
            "SELECT l.node, l.epoch, i.address, COALESCE(i.expires_ms, 0) AS expires_ms, \
             {} AS now_ms FROM leases l LEFT JOIN instants i ON i.node = l.node \
             WHERE l.game_id = $1",
            now_sql(&self.pool)
        );
        let row: Option<(String, i64, Option<String>, i64, i64)> = on_pool!(&self.pool, p =>
            sqlx::query_as(&sql).bind(id).fetch_optional(p).await)
        .map_err(db("reading a game's lease"))?;
        row.map(|(node, epoch, address, expires_ms, now_ms)| {
            Ok(Lease {
                node,
                epoch: u64_of(epoch, "a lease's epoch")?,
                address,
                alive: expires_ms > now_ms,
            })
        })
        .transpose()
    }

    /// The addresses the other nodes gave (`http://host:port`).
    pub async fn node_addresses(&self) -> Result<Vec<String>, StoreError> {
        on_pool!(&self.pool, p => sqlx::query_scalar(
                "SELECT address FROM instants WHERE node <> $1 AND address IS NOT NULL")
            .bind(&self.node)
            .fetch_all(p)
            .await)
        .map_err(db("reading the nodes' addresses"))
    }

    /// The other nodes whose lease has expired and which still own games.
    pub async fn expired_nodes(&self) -> Result<Vec<String>, StoreError> {
        let sql = format!(
            "SELECT i.node FROM instants i WHERE i.node <> $1 AND i.expires_ms <= {} \
             AND EXISTS (SELECT 1 FROM leases l WHERE l.node = i.node) ORDER BY i.node",
            now_sql(&self.pool)
        );
        on_pool!(&self.pool, p => sqlx::query_scalar(&sql).bind(&self.node).fetch_all(p).await)
            .map_err(db("finding expired nodes"))
    }

    /// Takes over every game of node `from` if its lease has expired (the
    /// database's clock): in one transaction, `from`'s epoch is raised (its
    /// commits from then on are refused: [`StoreError::Fenced`]) and each of
    /// its games' leases names this node with the game's epoch raised.
    /// `None` when `from`'s lease has not expired, or it has no game left
    /// (another node took them first). A commit of `from` in flight either
    /// ends before (and is part of what this node loads) or is refused.
    pub async fn take_over(&self, from: &str) -> Result<Option<TakenOver>, StoreError> {
        if from == self.node {
            return Ok(None);
        }
        let now = now_sql(&self.pool);
        let fence = format!(
            "UPDATE instants SET epoch = epoch + 1 WHERE node = $1 AND expires_ms <= {now} \
             RETURNING at_ms"
        );
        let during = db("taking games over");
        on_pool!(&self.pool, p => {
            let mut tx = p.begin().await.map_err(&during)?;
            let Some(at_ms): Option<i64> = sqlx::query_scalar(&fence)
                .bind(from)
                .fetch_optional(&mut *tx)
                .await
                .map_err(&during)?
            else {
                return Ok(None);
            };
            let rows: Vec<(String, i64, String)> = sqlx::query_as(
                "UPDATE leases SET node = $2, epoch = epoch + 1 WHERE node = $1 \
                 RETURNING game_id, epoch, \
                 (SELECT state FROM games WHERE games.id = leases.game_id)",
            )
            .bind(from)
            .bind(&self.node)
            .fetch_all(&mut *tx)
            .await
            .map_err(&during)?;
            tx.commit().await.map_err(&during)?;
            if rows.is_empty() {
                return Ok(None);
            }
            let games = rows
                .into_iter()
                .map(|(id, epoch, state)| {
                    Ok((id, u64_of(epoch, "a lease's epoch")?, state != "finished"))
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            Ok(Some(TakenOver {
                from: from.to_owned(),
                last_ms: (at_ms > 0).then_some(at_ms),
                games,
            }))
        })
    }

    /// Gives this node's lease up (a graceful stop): its games may be taken
    /// over by another node at once.
    pub async fn release(&self) -> Result<(), StoreError> {
        on_pool!(&self.pool, p => sqlx::query(
                "UPDATE instants SET expires_ms = 0 WHERE node = $1 AND epoch = $2")
            .bind(&self.node)
            .bind(self.epoch())
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(db("giving the lease up"))
    }

    /// The last instant this node recorded durably (ms), if any.
    pub async fn last_instant(&self) -> Result<Option<i64>, StoreError> {
        // a node registers with no instant yet (0)
        let at_ms: Option<i64> = on_pool!(&self.pool, p =>
            sqlx::query_scalar("SELECT at_ms FROM instants WHERE node = $1")
                .bind(&self.node)
                .fetch_optional(p)
                .await)
        .map_err(db("reading the last instant"))?;
        Ok(at_ms.filter(|ms| *ms > 0))
    }
}
