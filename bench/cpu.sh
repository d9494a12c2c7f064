#!/usr/bin/env bash
# CPU per acknowledged move, the server's and the database's, for two or
# more builds of `arbitre serve` interleaved (A B A B …) under the load of
# ../shared/bench/loadgen (BENCHMARKS.md, "fifth pass"). Where the
# throughput of one 10 s run drifts by a tenth with the machine, the CPU
# each move costs the database's processes moves by a few per cent: the
# measure for a change to the store's statements.
#
# Each run: a fresh store (SQLite file, or PostgreSQL database dropped and
# created again), `BIN serve` on it, the load for DURATION seconds; then
# the acknowledged moves/s, the wire p99, the server's CPU per move
# (loadgen's `server_cpu_s`) and, on PostgreSQL, the CPU per move of every
# `postgres` process (/proc, utime + stime, before and after the load).
# Medians per build at the end. Knobs (environment): BACKEND (postgres, or
# sqlite), ROUNDS (3), DURATION (10), GAMES (1000), THINK_MS (0), PG
# (postgres://postgres@127.0.0.1:5432/arbitre_cpu: dropped and created
# again before each run), PGN (pgnmentor's Caruana games), OUT
# (target/bench-cpu).
#
# Usage, from the project's root:
#   bench/cpu.sh target/release/arbitre /tmp/arbitre-before
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$root/../shared/bench" && pwd)
[ $# -ge 1 ] || { sed -n '2,21p' "$0"; exit 2; }
BACKEND=${BACKEND:-postgres} ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-10}
GAMES=${GAMES:-1000} THINK_MS=${THINK_MS:-0}
PG=${PG:-postgres://postgres@127.0.0.1:5432/arbitre_cpu}
PGN=${PGN:-$shared/../corpus/pgn/pgnmentor/Caruana.pgn}
OUT=${OUT:-$root/target/bench-cpu}
loadgen=$root/target/bench-shared/loadgen/release/loadgen
cargo build --release --locked --quiet --manifest-path "$shared/loadgen/Cargo.toml" \
    --target-dir "$root/target/bench-shared/loadgen"
rm -rf "$OUT" && mkdir -p "$OUT"
export ARBITRE_ORGANISER_TOKEN=bench-cpu-organiser-token
# the CPU ticks of every postgres process so far
ticks() {
    local t=0 p
    for p in $(pgrep -x postgres || true); do
        t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat" 2> /dev/null || echo 0)))
    done
    echo "$t"
}
hz=$(getconf CLK_TCK)
for r in $(seq "$ROUNDS"); do
    i=0
    for bin in "$@"; do
        i=$((i + 1))
        run=$OUT/b$i-r$r
        mkdir -p "$run"
        if [ "$BACKEND" = postgres ]; then
            psql -q "${PG%/*}/postgres" -c "DROP DATABASE IF EXISTS \"${PG##*/}\"" \
                -c "CREATE DATABASE \"${PG##*/}\""
            db=$PG
        else
            db=sqlite://$run/store.db
        fi
        port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
        "$bin" serve --rate-per-token 0 --rate-per-address 0 --listen "127.0.0.1:$port" \
            --db "$db" --signing-key "$run/signing.key" > "$run/server.log" 2>&1 &
        pid=$!
        for _ in $(seq 100); do curl -sf "127.0.0.1:$port/api/health" > /dev/null && break; sleep 0.1; done
        before=$(ticks)
        "$loadgen" --url "http://127.0.0.1:$port" --token "$ARBITRE_ORGANISER_TOKEN" \
            --games "$GAMES" --think-ms "$THINK_MS" --duration "$DURATION" --pgn "$PGN" \
            --server-pid "$pid" > "$run/loadgen.json" 2> "$run/loadgen.err"
        after=$(ticks)
        kill "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
        python3 - "$run/loadgen.json" "$((after - before))" "$hz" "$BACKEND" > "$run/figures" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
moves = max(j["acked"], 1)
db = int(sys.argv[2]) / int(sys.argv[3]) * 1e6 / moves if sys.argv[4] == "postgres" else float("nan")
print(f'{j["moves_per_s"]:.0f} {j["wire_ms"]["p99"]:.2f} {j["server_cpu_s"] * 1e6 / moves:.1f} {db:.1f}')
EOF
        read -r rate p99 server dbcpu < "$run/figures"
        # SQLite runs in the server's own writer thread: counted in its CPU
        database=", database $dbcpu µs/move"
        [ "$BACKEND" = postgres ] || database=" (the database in it)"
        echo "round $r, build $i ($bin): $rate moves/s, p99 $p99 ms, server $server µs/move$database"
    done
done
echo "medians over $ROUNDS rounds ($BACKEND, $GAMES games, think $THINK_MS ms, $DURATION s):"
i=0
for bin in "$@"; do
    i=$((i + 1))
    cat "$OUT"/b$i-r*/figures | python3 -c '
import statistics, sys
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
m = [statistics.median(c) for c in zip(*rows)]
database = f", database {m[3]:.1f} µs/move" if m[3] == m[3] else " (the database in it)"
print(f"  {sys.argv[1]}: {m[0]:.0f} moves/s, p99 {m[1]:.2f} ms, server {m[2]:.1f} µs/move{database}")
' "$bin"
done
