-- arbitre's store, version 6 (SQLite): a game's `seq`s and `client_id`s
-- unique in the file itself.
--
-- Up to version 5 the one index on `events` was (game_id, seq, client_id),
-- not unique: the writer inserted an entry only after a statement of its
-- own had read the game's last `seq` and looked for its `client_id` among
-- the game's entries (every entry of the game, in the index: a look that
-- grew with the game). Nothing in the file refused a `seq` taken.
--
-- Version 6: (game_id, seq) is unique, and so is (game_id, client_id) where
-- there is a `client_id` (a partial index: an entry without one writes no
-- page of it). An entry that follows the one the writer itself last
-- committed for its game, under the same lease, now has only its lease
-- read before its `INSERT … ON CONFLICT DO NOTHING`: a `seq` or a
-- `client_id` taken inserts nothing (crates/store/src/writer/sqlite.rs).
-- A file whose entries repeat a `seq` or a `client_id` within a game was
-- written outside the server: this migration then fails, and the server
-- does not start on it.
DROP INDEX events_by_game;
CREATE UNIQUE INDEX events_by_game ON events (game_id, seq);
CREATE UNIQUE INDEX events_by_client ON events (game_id, client_id)
    WHERE client_id IS NOT NULL;
