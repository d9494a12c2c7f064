-- arbitre's store, version 4 (SQLite): every row that decides what a game
-- is carries a message authentication code (HMAC-SHA256 under a key the
-- database does not hold; crates/store/src/mac.rs says over which fields).
-- A row altered, added or moved by someone who can write this file fails
-- its check when it is read: the game is reported, never replayed.
--
-- `games.mac`: the setup; `games.summary_seq` and `games.summary_mac`: the
-- state and result as listed and the place of the entry that set them (a
-- log cut short before it is found); `events.mac`, `seat_tokens.mac`,
-- `organiser_tokens.mac`: each row.
--
-- The rows written before this version have no code: the start that
-- applies this migration computes theirs (crates/store/src/lib.rs,
-- `adopt`); from then on a row without a code fails its check.
ALTER TABLE games ADD COLUMN mac BLOB;
ALTER TABLE games ADD COLUMN summary_seq INTEGER;
ALTER TABLE games ADD COLUMN summary_mac BLOB;
ALTER TABLE events ADD COLUMN mac BLOB;
ALTER TABLE seat_tokens ADD COLUMN mac BLOB;
ALTER TABLE organiser_tokens ADD COLUMN mac BLOB;

-- The key's own check (the code of a fixed text): a server started with
-- another key than the one the rows were written with — a node given
-- another signing key file — is refused at start with that reason, rather
-- than finding every game altered.
CREATE TABLE store_key (
    id  INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    mac BLOB    NOT NULL
) STRICT;

-- Each node's number of commits (raised by every commit in its own
-- transaction): an SQLite store keeps it beside the file too, and a start
-- finding fewer commits in the database than the mark says was cut short
-- (crates/store/src/mark.rs).
ALTER TABLE instants ADD COLUMN commits INTEGER NOT NULL DEFAULT 0;
