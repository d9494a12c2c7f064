-- arbitre's store, version 4 (PostgreSQL): every row that decides what a
-- game is carries a message authentication code
-- (migrations/sqlite/0004_authentication.sql says which and why).
ALTER TABLE games ADD COLUMN mac BYTEA;
ALTER TABLE games ADD COLUMN summary_seq BIGINT;
ALTER TABLE games ADD COLUMN summary_mac BYTEA;
ALTER TABLE events ADD COLUMN mac BYTEA;
ALTER TABLE seat_tokens ADD COLUMN mac BYTEA;
ALTER TABLE organiser_tokens ADD COLUMN mac BYTEA;

-- The key's own check (migrations/sqlite/0004_authentication.sql).
CREATE TABLE store_key (
    id  INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    mac BYTEA   NOT NULL
);

-- Each node's number of commits (raised by every commit in its own
-- transaction): an SQLite store keeps it beside the file too, and a start
-- finding fewer commits in the database than the mark says was cut short
-- (crates/store/src/mark.rs).
ALTER TABLE instants ADD COLUMN commits BIGINT NOT NULL DEFAULT 0;
