#!/usr/bin/env bash
# Instructions per acknowledged move of `arbitre serve`, counted by
# valgrind's callgrind, for one or more builds (BENCHMARKS.md, "sixth
# pass"). Where the machine's throughput and tail drift from minute to
# minute, the instructions a move costs do not: the measure for a change to
# the server's CPU per move.
#
# Each build: a fresh SQLite store, `BIN serve` under callgrind, GAMES games
# of ../shared/bench/loadgen with no think time for DURATION seconds (the
# server runs some 50 times slower under valgrind: a few hundred moves a
# second), then the server stopped (SIGINT) and its profile read. Printed
# per build: the instructions per acknowledged move in all, then in the
# runtime's worker threads (HTTP, handlers, owners), in the connections'
# tasks, in the games' owners and in the SQLite writer's thread.
#
# Under valgrind SHA-256 runs without the CPU's SHA extensions: the
# writer's entry codes and the tokens' hashes count several times what
# they cost natively. Compare builds with each other, not with `perf`.
#
# Knobs (environment): GAMES (50), DURATION (20), PGN (pgnmentor's Caruana
# games), OUT (target/bench-instructions).
#
# Usage, from the project's root (about a minute a build):
#   bench/instructions.sh target/release/arbitre /tmp/arbitre-before
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$root/../shared/bench" && pwd)
[ $# -ge 1 ] || { sed -n '2,24p' "$0"; exit 2; }
command -v valgrind > /dev/null || { echo "bench/instructions.sh: valgrind is needed (apt install valgrind)" >&2; exit 2; }
GAMES=${GAMES:-50} DURATION=${DURATION:-20}
PGN=${PGN:-$shared/../corpus/pgn/pgnmentor/Caruana.pgn}
OUT=${OUT:-$root/target/bench-instructions}
loadgen=$root/target/bench-shared/loadgen/release/loadgen
cargo build --release --locked --quiet --manifest-path "$shared/loadgen/Cargo.toml" \
    --target-dir "$root/target/bench-shared/loadgen"
rm -rf "$OUT" && mkdir -p "$OUT"
export ARBITRE_ORGANISER_TOKEN=bench-instructions-organiser-token
i=0
for bin in "$@"; do
    i=$((i + 1))
    run=$OUT/b$i
    mkdir -p "$run"
    port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
    valgrind --tool=callgrind --callgrind-out-file="$run/callgrind.out" \
        "$bin" serve --rate-per-token 0 --rate-per-address 0 --listen "127.0.0.1:$port" \
        --db "sqlite://$run/store.db" --signing-key "$run/signing.key" > "$run/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 600); do
        curl -sf "127.0.0.1:$port/api/health" > /dev/null && break
        sleep 0.2
    done
    "$loadgen" --url "http://127.0.0.1:$port" --token "$ARBITRE_ORGANISER_TOKEN" --games "$GAMES" \
        --think-ms 0 --duration "$DURATION" --pgn "$PGN" > "$run/loadgen.json" 2> "$run/loadgen.err"
    kill -INT "$pid"
    wait "$pid" || true
    callgrind_annotate --inclusive=yes --auto=no "$run/callgrind.out" > "$run/inclusive.txt" 2> /dev/null
    python3 - "$bin" "$run" <<'EOF'
import json, re, sys
binary, run = sys.argv[1], sys.argv[2]
acked = json.load(open(f"{run}/loadgen.json"))["acked"]
groups = {
    "in all": r"PROGRAM TOTALS",
    "runtime's workers": r"multi_thread::worker::run \[",
    "connections": r"listen::serve::\{\{closure\}\}::\{\{closure\}\} \[",
    "owners": r"Owner>::run::\{\{closure\}\} \[",
    "SQLite writer": r"writer::sqlite::run \[",
}
found = {}
for line in open(f"{run}/inclusive.txt"):
    for name, pattern in groups.items():
        if name not in found and re.search(pattern, line):
            found[name] = int(line.split()[0].replace(",", ""))
parts = "  ".join(f"{name} {found.get(name, 0) / acked / 1000:.1f}k" for name in groups)
print(f"{binary}: {acked} moves; instructions per move: {parts}")
EOF
done
