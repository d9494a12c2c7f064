//! The store's errors.

/// What went wrong in the store. Every variant says which database or
/// which game; none is a panic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The database address is neither `sqlite:…` nor `postgres://…`.
    #[error("cannot open the database `{target}`: {reason}")]
    Open {
        /// The address (without its password).
        target: String,
        /// Why.
        reason: String,
    },
    /// A setting the durability contract rests on does not hold (SQLite
    /// `journal_mode=wal`, `synchronous=full`; PostgreSQL `fsync=on`).
    #[error("refusing the database `{target}`: `{setting}` is `{found}`, not `{expected}`")]
    Setting {
        /// The address (without its password).
        target: String,
        /// The setting.
        setting: &'static str,
        /// The value it must have.
        expected: &'static str,
        /// The value read back.
        found: String,
    },
    /// The schema could not be migrated forward.
    #[error("cannot migrate the schema of `{target}`: {reason}")]
    Migrate {
        /// The address (without its password).
        target: String,
        /// Why.
        reason: String,
    },
    /// A statement or a commit failed: nothing of it is stored.
    #[error("the database failed while {during}: {reason}")]
    Database {
        /// What the store was doing.
        during: &'static str,
        /// The driver's message.
        reason: String,
    },
    /// No game has this id.
    #[error("no game `{0}`")]
    NoSuchGame(String),
    /// A game with this id exists already.
    #[error("a game `{0}` exists already")]
    GameExists(String),
    /// The sequence number of an append is not the game's next one (taken
    /// already, or a gap): this append only is refused.
    #[error("game `{game}`: entry {seq} is not the next one (the next is {next})")]
    SeqTaken {
        /// The game.
        game: String,
        /// The number asked for.
        seq: u64,
        /// The game's next number.
        next: u64,
    },
    /// The game has an entry with this `client_id` already: this append
    /// only is refused, and the first entry's answer is given back.
    #[error("game `{game}`: client_id `{client_id}` was used already by entry {seq}")]
    DuplicateClientId {
        /// The game.
        game: String,
        /// The client's id.
        client_id: String,
        /// The entry that has it.
        seq: u64,
        /// The answer stored with that entry.
        answer: Option<String>,
    },
    /// This node's lease was lost (it paused or was cut off past it, and
    /// another node took its games over, raising its epoch): nothing of
    /// the transaction is stored; the node registers again
    /// (`Store::register_again`) before it writes anything more.
    #[error("node `{node}` lost its lease: another node took its games over")]
    Fenced {
        /// This node.
        node: String,
    },
    /// The game's lease names another node or epoch than the appending
    /// owner's: its owner changed (this append only is refused).
    #[error("game `{game}` is owned by node `{holder}` now (epoch {epoch})")]
    LeaseLost {
        /// The game.
        game: String,
        /// The node its lease names.
        holder: String,
        /// The game's epoch now.
        epoch: u64,
    },
    /// A value does not fit the store (a sequence number beyond `i64`).
    #[error("{0}")]
    OutOfRange(String),
    /// A stored row cannot be read back as written.
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    /// A stored row of a game fails its authentication (`mac.rs`): it was
    /// written, changed, moved or removed by someone else than the server
    /// (or the server's key is not the one it was written with). The game
    /// is neither loaded nor served: an arbiter examines it.
    #[error(
        "the stored record of game `{game}` fails its authentication: {what}; \
         it is not served until an arbiter has examined it"
    )]
    Tampered {
        /// The game.
        game: String,
        /// Which row, and how.
        what: String,
    },
    /// The store's rows were written under another key than this
    /// server's (another signing key file): refused at start.
    #[error(
        "the store `{target}` was written under another key than this server's: every node \
         of one database must be started with the same signing key file (--signing-key)"
    )]
    WrongKey {
        /// The address (without its password).
        target: String,
    },
    /// The SQLite database holds fewer commits than its mark says this
    /// node made (`mark.rs`): its write-ahead log was cut short or the file
    /// was replaced by an older copy, and acknowledged events are missing.
    #[error(
        "the database `{target}` lost commits it had acknowledged: node `{node}` made \
         {marked}, the file holds {found} (its write-ahead log `-wal` was cut short, or the \
         file was replaced by an older copy); restore the whole files, or remove the \
         `-mark` file beside it to accept the loss"
    )]
    Lost {
        /// The address.
        target: String,
        /// The node whose commits are counted.
        node: String,
        /// How many the mark says were made.
        marked: i64,
        /// How many the database holds.
        found: i64,
    },
    /// No key to authenticate the rows with was given ([`crate::Options::key`]).
    #[error("no key to authenticate the store's rows with")]
    NoKey,
    /// The operating system gave no randomness for a token.
    #[error("no randomness for a token: {0}")]
    Randomness(String),
    /// The store's writer has stopped (the store was closed).
    #[error("the store is closed")]
    Closed,
}

/// `map_err` helper: a driver error while doing `during`.
pub(crate) fn db(during: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError::Database {
        during,
        reason: e.to_string(),
    }
}
