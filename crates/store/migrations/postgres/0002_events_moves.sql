-- arbitre's store, version 2 (PostgreSQL): each entry carries the number of
-- moves after it, and the listing reads a game's number of moves from its
-- last entry, so that an append writes `games` only when the game's state
-- or result changes (migrations/sqlite/0002_events_append_only.sql says
-- why). The log keeps its primary key and its unique `client_id`s.
ALTER TABLE events ADD COLUMN moves BIGINT CHECK (moves >= 0);

UPDATE events e SET moves = g.moves
FROM games g
WHERE g.id = e.game_id
  AND e.seq = (SELECT MAX(l.seq) FROM events l WHERE l.game_id = e.game_id);

ALTER TABLE games DROP COLUMN moves;
