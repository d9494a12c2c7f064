-- arbitre's store, version 1 (PostgreSQL). The same tables as
-- migrations/sqlite/0001_schema.sql, in PostgreSQL's types.

-- One row per game. The setup and metadata are kept as written (JSON); the
-- listing columns are kept up to date by every append in its transaction.
-- `owner` is the node that runs the game: one owner per game.
CREATE TABLE games (
    id           TEXT   PRIMARY KEY,
    created_ms   BIGINT NOT NULL,
    owner        TEXT   NOT NULL,
    setup        TEXT   NOT NULL,
    white        TEXT,
    black        TEXT,
    edition      TEXT   NOT NULL,
    time_control TEXT   NOT NULL,
    state        TEXT   NOT NULL,
    result       TEXT,
    moves        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX games_state ON games (state, created_ms);
CREATE INDEX games_white ON games (white);
CREATE INDEX games_black ON games (black);

-- The seats' tokens, only as SHA-256 hashes of the tokens.
CREATE TABLE seat_tokens (
    hash    BYTEA NOT NULL PRIMARY KEY CHECK (length(hash) = 32),
    game_id TEXT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    TEXT  NOT NULL CHECK (seat IN ('white', 'black', 'arbiter')),
    UNIQUE (game_id, seat)
);

-- The organisers' tokens, only as SHA-256 hashes.
CREATE TABLE organiser_tokens (
    hash       BYTEA  NOT NULL PRIMARY KEY CHECK (length(hash) = 32),
    created_ms BIGINT NOT NULL
);

-- Each game's log: one row per entry (`StoredEntry::to_json`), read by
-- sequence number. `received_ms`: the instant the server received it;
-- `client_id` and `answer`: a retried event is found and answered with its
-- first answer.
CREATE TABLE events (
    game_id     TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL CHECK (seq >= 0),
    entry       TEXT   NOT NULL,
    received_ms BIGINT NOT NULL,
    client_id   TEXT,
    answer      TEXT,
    PRIMARY KEY (game_id, seq),
    UNIQUE (game_id, client_id)
);

-- The last instant each node knows durably recorded (its last commit).
CREATE TABLE instants (
    node  TEXT   NOT NULL PRIMARY KEY,
    at_ms BIGINT NOT NULL
);
