-- arbitre's store, version 7 (PostgreSQL): a batch of appends, and a
-- batch of new games, each in one round trip.
--
-- The writer committed a batch with five round trips to the database
-- (`BEGIN`, the entries' INSERT, the games' UPDATE, the node's fence,
-- `COMMIT`); each waited for the server's process to be scheduled, and the
-- transaction took 2.8 ms where the bare durable endpoint's took 1.2
-- (BENCHMARKS.md). `arbitre_append` does the same three statements in
-- one call, made outside any transaction: the call is its own transaction,
-- committed (its WAL flushed: `synchronous_commit = on`) before the answer
-- comes back. What the writer decided after each statement, the function
-- decides, raising an error that rolls the whole call back:
--
-- - `AR001` (or `23505`, `unique_violation`, from the `INSERT` itself): an
--   entry was refused (its lease, its `seq`, its `client_id`):
--   the writer writes the batch again one append at a time
--   (crates/store/src/writer/postgres.rs, `one_by_one`), which finds each
--   one's reason;
-- - `AR002`: this node's epoch is no longer the one it holds (another node
--   fenced it to take its games over): nothing is committed.
--
-- The entries' arrays are the batch in order; `e_ranks` is each entry's
-- place among the batch's entries of its game; `e_known` says that the
-- writer itself committed its game's entry just before (its `seq` less
-- its rank, less one), and no one else can have written since (the lease
-- names this node: the check below): the game's last `seq` need not be
-- read from the table again (an index descent and a visit of the heap
-- for each entry: a fifth of the database's CPU per move, BENCHMARKS.md).
-- The summaries' arrays hold each game's state and result after its last
-- entry of the batch.
-- `p_at_ms` NULL: no fence (a batch of no entry and no instant).
CREATE FUNCTION arbitre_append(
    p_node TEXT, p_epoch BIGINT, p_at_ms BIGINT, p_lease_ms BIGINT,
    e_games TEXT[], e_seqs BIGINT[], e_entries TEXT[], e_received BIGINT[],
    e_clients TEXT[], e_answers TEXT[], e_ranks BIGINT[], e_moves BIGINT[],
    e_leases BIGINT[], e_macs BYTEA[], e_known BOOLEAN[],
    s_ids TEXT[], s_states TEXT[], s_results TEXT[], s_seqs BIGINT[], s_macs BYTEA[]
) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    inserted BIGINT;
    counted BIGINT;
BEGIN
    -- an entry goes in only if its game's lease names this node with the
    -- owner's epoch, its `seq` is its game's next (the table as it was
    -- before the statement, plus its rank in the batch: read unless the
    -- writer knows it) and its `client_id` is new to the game; a `seq`
    -- taken is refused by the primary key in any case
    INSERT INTO events (game_id, seq, entry, received_ms, client_id, answer, moves, mac)
    SELECT v.game_id, v.seq, v.entry, v.received_ms, v.client_id, v.answer, v.moves, v.mac
    FROM unnest(e_games, e_seqs, e_entries, e_received, e_clients, e_answers, e_ranks,
                e_moves, e_leases, e_macs, e_known)
         AS v(game_id, seq, entry, received_ms, client_id, answer, rank, moves, lease, mac,
              known)
    -- (each check a subquery of its own, run for each entry with the
    -- primary key: as a join, the planner read every lease of the node
    -- for each entry once `known` made its estimates change)
    WHERE (SELECT l.epoch FROM leases l WHERE l.game_id = v.game_id
           AND l.node = p_node) = v.lease
    AND (v.known OR v.seq = (SELECT COALESCE(MAX(x.seq) + 1, 0) FROM events x
                             WHERE x.game_id = v.game_id) + v.rank)
    AND (v.client_id IS NULL OR NOT EXISTS (SELECT 1 FROM events x
         WHERE x.game_id = v.game_id AND x.client_id = v.client_id));
    -- (no `ON CONFLICT`: its speculative insertion writes one more record
    -- to the log for each entry; an entry whose `seq` or `client_id` is
    -- taken raises `unique_violation`, which the writer takes as `AR001`)
    GET DIAGNOSTICS inserted = ROW_COUNT;
    IF inserted <> cardinality(e_games) THEN
        RAISE EXCEPTION 'an append of the batch was refused' USING ERRCODE = 'AR001';
    END IF;
    -- a game's row is written only when its state or result changes;
    -- `= ANY(s_ids)` reads the batch's games by the key (a hash join read
    -- the whole table)
    UPDATE games SET state = v.state, result = v.result,
        summary_seq = v.seq, summary_mac = v.mac
    FROM unnest(s_ids, s_states, s_results, s_seqs, s_macs) AS v(id, state, result, seq, mac)
    WHERE games.id = v.id AND games.id = ANY(s_ids)
    AND (games.state IS DISTINCT FROM v.state OR games.result IS DISTINCT FROM v.result);
    IF p_at_ms IS NULL THEN
        RETURN NULL;
    END IF;
    -- the node's lease renewed, its last durable instant raised (never
    -- lowered), its commit counted: the row stays locked to the commit, so
    -- that a node taking over waits for it, then sees the renewed lease
    UPDATE instants SET at_ms = GREATEST(at_ms, p_at_ms),
        expires_ms = CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT) + p_lease_ms,
        commits = commits + 1
    WHERE node = p_node AND epoch = p_epoch
    RETURNING commits INTO counted;
    IF counted IS NULL THEN
        RAISE EXCEPTION 'this node''s epoch is no longer its own' USING ERRCODE = 'AR002';
    END IF;
    RETURN counted;
END
$$;

-- The games created while the writer was busy, all in one call, its own
-- transaction (the writer made one transaction of five round trips and
-- one fsync for each new game: under a load that starts 275 games a second,
-- more commits than the appends'). Each game is inserted with its lease
-- (this node's, epoch 1) and its seats' tokens; a game whose id is taken
-- is left out. Returns the ids inserted: the others exist already.
CREATE FUNCTION arbitre_create(
    p_node TEXT,
    g_ids TEXT[], g_created BIGINT[], g_setups TEXT[], g_whites TEXT[], g_blacks TEXT[],
    g_editions TEXT[], g_time_controls TEXT[], g_states TEXT[], g_macs BYTEA[],
    g_summary_macs BYTEA[],
    t_hashes BYTEA[], t_games TEXT[], t_seats TEXT[], t_macs BYTEA[]
) RETURNS SETOF TEXT LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY
    WITH inserted AS (
        INSERT INTO games (id, created_ms, owner, setup, white, black, edition,
                           time_control, state, result, mac, summary_seq, summary_mac)
        SELECT g.id, g.created_ms, p_node, g.setup, g.white, g.black, g.edition,
               g.time_control, g.state, NULL, g.mac, -1, g.summary_mac
        FROM unnest(g_ids, g_created, g_setups, g_whites, g_blacks, g_editions,
                    g_time_controls, g_states, g_macs, g_summary_macs)
             AS g(id, created_ms, setup, white, black, edition, time_control, state,
                  mac, summary_mac)
        ON CONFLICT DO NOTHING
        RETURNING games.id
    ), leased AS (
        INSERT INTO leases (game_id, node, epoch) SELECT i.id, p_node, 1 FROM inserted i
    ), seated AS (
        INSERT INTO seat_tokens (hash, game_id, seat, mac)
        SELECT t.hash, t.game_id, t.seat, t.mac
        FROM unnest(t_hashes, t_games, t_seats, t_macs) AS t(hash, game_id, seat, mac)
        WHERE t.game_id IN (SELECT i.id FROM inserted i)
    )
    SELECT i.id FROM inserted i;
END
$$;
