#!/usr/bin/env bash
# The server against the durable limit (issue 29; BENCHMARKS.md, "The server
# against the bare durable endpoint").
#
# `../shared/bench/bare-server` is an independent bare durable endpoint: HTTP,
# the token, one append of the event's bytes with its sequence number, a group
# commit on SQLite (WAL, synchronous=FULL) or PostgreSQL, the answer after the
# commit, no chess. `../shared/bench/loadgen` replays real games against a
# server speaking ../shared/spec/API.md, and `compare.sh` starts each server
# on a fresh store, loads it and stops it, interleaved A B A B, and prints the
# medians. This script builds the three (into target/bench-shared, the shared
# folder untouched) and runs, on SQLite and on PostgreSQL:
#
#   saturated  GAMES games (1000), no think time: acknowledged moves/s;
#   paced      GAMES games with THINK_MS (100) of think time per move: the
#              offered rate acknowledged, and p50/p99/p999;
#   lone       one game, no think time: a move's latency (one fsync each).
#
# Then it prints arbitre's figures as ratios of the bare endpoint's from the
# same run. Knobs (environment): ROUNDS (3), DURATION (10 s), GAMES (1000),
# THINK_MS (100), PARTS ("saturated paced lone"), BACKENDS ("sqlite
# postgres"), ARBITRE_BIN (target/release/arbitre), PG
# (postgres://postgres@127.0.0.1:5432/arbitre_limit: dropped and created
# again before each run), PGN (the loadgen's default: pgnmentor's Caruana
# games), OUT (target/bench-limit).
#
# Usage, from the project's root (about 25 minutes with the defaults):
#   bench/limit.sh
#   ROUNDS=2 PARTS=saturated BACKENDS=sqlite bench/limit.sh   # a quick look
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$root/../shared/bench" && pwd)
cd "$root"
ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-10} GAMES=${GAMES:-1000} THINK_MS=${THINK_MS:-100}
PARTS=${PARTS:-saturated paced lone} BACKENDS=${BACKENDS:-sqlite postgres}
PG=${PG:-postgres://postgres@127.0.0.1:5432/arbitre_limit}
OUT=${OUT:-$root/target/bench-limit}
built=$root/target/bench-shared
for tool in bare-server loadgen; do
    cargo build --release --locked --quiet --manifest-path "$shared/$tool/Cargo.toml" \
        --target-dir "$built/$tool"
done
if [ -z "${ARBITRE_BIN:-}" ]; then
    cargo build --release --locked --quiet -p arbitre
    ARBITRE_BIN=$root/target/release/arbitre
fi
bare="$built/bare-server/release/bare-server --window-us 0"
arbitre="$ARBITRE_BIN serve --rate-per-token 0 --rate-per-address 0"
export LOADGEN=$built/loadgen/release/loadgen ROUNDS DURATION
rm -rf "$OUT" && mkdir -p "$OUT"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "arbitre: $ARBITRE_BIN ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))"

# one comparison: its name, then the environment compare.sh reads
run() {
    local name=$1
    shift
    echo "== $name"
    env "$@" OUT="$OUT/$name" "$shared/loadgen/compare.sh" "$bare" "$arbitre" \
        | tee "$OUT/$name.txt" | sed -n '/^medians/,$p'
}

for backend in $BACKENDS; do
    db=()
    [ "$backend" = postgres ] && db=(DB="$PG")
    for part in $PARTS; do
        case $part in
            saturated) run "$backend-saturated" "${db[@]}" GAMES="$GAMES" THINK_MS=0 ;;
            paced) run "$backend-paced" "${db[@]}" GAMES="$GAMES" THINK_MS="$THINK_MS" ;;
            lone) run "$backend-lone" "${db[@]}" GAMES=1 THINK_MS=0 ;;
            *) echo "bench/limit.sh: unknown part $part" >&2; exit 2 ;;
        esac
    done
done

# arbitre as a ratio of the bare endpoint, from each comparison's medians
echo "== arbitre / bare endpoint (medians of $ROUNDS interleaved rounds)"
for f in "$OUT"/*.txt; do
    python3 - "$f" <<'EOF'
import re, sys
path = sys.argv[1]
rows = [l for l in open(path) if "moves/s" in l and l.startswith("  ")]
def figures(line):
    num = lambda key: float(re.search(key + r"\s+([0-9.]+)", line).group(1))
    return {k: num(k) for k in ("moves/s", "p50", "p99", "p999")}
if len(rows) == 2:
    bare, ours = figures(rows[0]), figures(rows[1])
    name = path.rsplit("/", 1)[1][:-4]
    print(f"  {name:20} moves/s {ours['moves/s']:9.0f} / {bare['moves/s']:9.0f} = "
          f"{ours['moves/s'] / bare['moves/s']:.2f}x   p50 {ours['p50']:.2f} ms (bare {bare['p50']:.2f})"
          f"   p99 {ours['p99']:.2f} ms (bare {bare['p99']:.2f})   p999 {ours['p999']:.2f} ms (bare {bare['p999']:.2f})")
EOF
done
