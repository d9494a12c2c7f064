-- arbitre's store, version 5 (PostgreSQL): an append writes the entry and
-- its game's index, nothing more.
--
-- Version 1 gave `events` a foreign key to `games` and a unique constraint
-- on (game_id, client_id). The foreign key's check locked the game's row
-- (`FOR KEY SHARE`) for every append: a write to `games` per entry, and
-- about a third of the batch's INSERT (BENCHMARKS.md, "The server against
-- the bare durable endpoint"). It guarded nothing the INSERT does not: an
-- entry is inserted only if its game's lease names the appending node
-- (crates/store/src/writer/postgres.rs), a lease exists only for a game
-- (`leases.game_id` references `games`), and no game is ever deleted.
--
-- The unique constraint indexed every entry, most of which have no
-- `client_id`: it is now a partial unique index of the entries that have
-- one (a retried `client_id` is still refused by the index as well as by
-- the INSERT's own check, `ON CONFLICT DO NOTHING` covering it).
ALTER TABLE events DROP CONSTRAINT events_game_id_fkey;
ALTER TABLE events DROP CONSTRAINT events_game_id_client_id_key;
CREATE UNIQUE INDEX events_client_id ON events (game_id, client_id) WHERE client_id IS NOT NULL;
