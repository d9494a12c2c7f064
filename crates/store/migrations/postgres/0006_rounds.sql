-- arbitre's store, version 6 (PostgreSQL): rounds (../shared/spec/ROUNDS.md).
-- A round is its boards' games (ordinary games, in `games`) and what the
-- pairing program gave: the round's tags, its boards in order with their
-- players, its byes, and the TRF to give back with this round's results.
-- `body` holds that as JSON (crates/store/src/round.rs); `mac` authenticates
-- the row like every row that decides what is served (version 4).
CREATE TABLE rounds (
    id         TEXT   NOT NULL PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    body       TEXT   NOT NULL,
    mac        BYTEA  NOT NULL
);
