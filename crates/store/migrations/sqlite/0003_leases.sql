-- arbitre's store, version 3 (SQLite): several nodes on one database.
--
-- Each node's row of `instants` becomes its lease: `epoch` (its incarnation,
-- raised at each start, and by a node that takes over its games once it has
-- expired: the fencing number every commit of the node checks in its own
-- transaction), `address` (where the other nodes forward its games'
-- requests) and `expires_ms` (the database's clock, in ms: renewed by every
-- commit of the node and by its heartbeat).
--
-- Each game's row of `leases` names the node that owns it and the game's own
-- epoch, raised at each change of owner: an append is inserted only if the
-- game's lease names the appending node with the epoch the owner loaded the
-- game under (crates/store/src/writer.rs). A node that paused past its
-- lease and whose games were taken over writes nothing more: its node epoch
-- and its games' epochs have both moved on.
ALTER TABLE instants ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE instants ADD COLUMN address TEXT;
ALTER TABLE instants ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;

CREATE TABLE leases (
    game_id TEXT    NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    node    TEXT    NOT NULL,
    epoch   INTEGER NOT NULL CHECK (epoch > 0)
) STRICT;
CREATE INDEX leases_node ON leases (node);

-- the games stored so far belong to the node that created them
INSERT INTO leases (game_id, node, epoch) SELECT id, owner, 1 FROM games;
INSERT INTO instants (node, at_ms)
SELECT DISTINCT owner, 0 FROM games WHERE owner NOT IN (SELECT node FROM instants);
