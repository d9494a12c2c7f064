-- arbitre's store, version 2 (SQLite): the log written at its end.
--
-- Version 1 kept `events` keyed by (game_id, seq) WITHOUT ROWID, with a
-- unique index on (game_id, client_id), and every append rewrote its game's
-- row in `games` (the number of moves). With thousands of live games, an
-- append touched three pages scattered over three B-trees, each written
-- whole to the WAL at the commit: 13 KiB of WAL per append of a 0.2 KiB
-- entry (BENCHMARKS.md, "The server under load").
--
-- Version 2: `events` is a rowid table whose new rows all go to its last
-- page, with one index by (game_id, seq, client_id) — the game's log in
-- order, its next sequence number and its `client_id`s read from the index
-- alone; each entry carries the number of moves after it (`moves`), and the
-- listing reads a game's number of moves from its last entry, so that an
-- append writes `games` only when the game's state or result changes.
--
-- The index is not unique: an entry is inserted only if its `seq` is the
-- game's next and its `client_id` is not the game's already, checked by the
-- INSERT itself (crates/store/src/writer.rs) inside a write transaction, and
-- SQLite runs one write transaction at a time (a transaction whose snapshot
-- is older than another's commit cannot write: SQLITE_BUSY_SNAPSHOT). The
-- store's tests insert a taken `seq` and a used `client_id` and expect each
-- refused.
CREATE TABLE events_v2 (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    entry       TEXT    NOT NULL,
    received_ms INTEGER NOT NULL,
    client_id   TEXT,
    answer      TEXT,
    moves       INTEGER CHECK (moves >= 0)
) STRICT;

INSERT INTO events_v2 (game_id, seq, entry, received_ms, client_id, answer, moves)
SELECT e.game_id, e.seq, e.entry, e.received_ms, e.client_id, e.answer,
       CASE WHEN e.seq = (SELECT MAX(l.seq) FROM events l WHERE l.game_id = e.game_id)
            THEN (SELECT g.moves FROM games g WHERE g.id = e.game_id) END
FROM events e
ORDER BY e.game_id, e.seq;

DROP TABLE events;
ALTER TABLE events_v2 RENAME TO events;
CREATE INDEX events_by_game ON events (game_id, seq, client_id);

ALTER TABLE games DROP COLUMN moves;
