#!/usr/bin/env bash
# The soak (issue 15; BENCHMARKS.md, "The soak"): the load benchmark's bots
# (crates/loadgen) against one `arbitre serve` on a fresh SQLite file for a
# long time at a fixed offered rate the machine takes comfortably, while
# bench/soak.py samples every INTERVAL seconds: the server's VmRSS (and
# threads, descriptors, CPU), its /metrics (moves acknowledged, request
# errors, the acknowledgement-latency histogram: per-window p50/p99), and a
# probe client of its own timing its moves from the client's side. At the
# end soak.py prints the summary (first vs last 5 minutes: medians of RSS
# and p99; every error) and draws the SVG; the exit status is its verdict
# (zero errors, RSS growth and p99 within bounds).
#
# Usage (from anywhere):
#   bench/soak.sh                          # 35 minutes (5 settling, 30 compared), 400 moves/s, 1,000 games
#   DURATION=180 bench/soak.sh             # a 3-minute trial
# Knobs (environment): DURATION (2100 s measured by the load generator),
# RATE (400 moves/s offered), GAMES (1000), WS_SHARE (0.5), WARMUP (10),
# INTERVAL (5 s between samples), SKIP (300 s of the steady state left out
# of the comparison: the server filling its caches — the finished games
# kept a minute, SQLite's page caches, the token cache), PROBE_RATE (10 moves/s), PORT (a free one),
# ARBITRE_BIN / LOADGEN_BIN (default target/release/…, built if absent or
# BUILD=1), ARBITRE_CORPUS (../shared/corpus/pgn), OUT (target/bench-soak:
# samples, the load generator's JSON, the server's log, soak.svg, soak.txt),
# SVG (OUT/soak.svg).
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${DURATION:-2100}"
rate="${RATE:-400}"
games="${GAMES:-1000}"
ws_share="${WS_SHARE:-0.5}"
warmup="${WARMUP:-10}"
interval="${INTERVAL:-5}"
skip="${SKIP:-300}"
probe_rate="${PROBE_RATE:-10}"
# a free port unless PORT is given (two soaks on one machine must not meet)
port="${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
corpus="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
arbitre_bin="${ARBITRE_BIN:-target/release/arbitre}"
loadgen_bin="${LOADGEN_BIN:-target/release/arbitre-loadgen}"
out="${OUT:-target/bench-soak}"
svg="${SVG:-$out/soak.svg}"

if [ ! -e "$corpus" ]; then
    echo "no corpus at $corpus: set ARBITRE_CORPUS"; exit 1
fi
if [ "${BUILD:-0}" = 1 ] || [ ! -x "$arbitre_bin" ] || [ ! -x "$loadgen_bin" ]; then
    cargo build --release -q -p arbitre -p arbitre-loadgen
fi
mkdir -p "$out"
work=$(mktemp -d)
token="soak-organiser-$$-$RANDOM"
server_pid=""
sampler_pid=""
stamp=$(date +%Y%m%d-%H%M%S)
samples="$out/samples-$stamp.jsonl"
result="$out/loadgen-$stamp.json"

cleanup() {
    if [ -n "$sampler_pid" ]; then kill -TERM "$sampler_pid" 2>/dev/null || true; wait "$sampler_pid" 2>/dev/null || true; fi
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    cp "$work/server.log" "$out/server-$stamp.log" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "arbitre soak: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo) RAM; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$(date -u +%FT%TZ): $games games, $rate moves/s offered, WebSocket share $ws_share, ${duration} s measured after ${warmup} s; sampled every ${interval} s; probe ${probe_rate} moves/s"
echo "server: $arbitre_bin ($(stat -c %y "$arbitre_bin" | cut -d. -f1)), SQLite $work/soak.sqlite"

"$arbitre_bin" serve --listen "127.0.0.1:$port" --db "sqlite://$work/soak.sqlite" \
    --organiser-token "$token" --rate-per-token 1000000 --rate-per-address 0 \
    --signing-key "$work/signing.key" > "$work/server.out" 2> "$work/server.log" &
server_pid=$!
for _ in $(seq 300); do
    kill -0 "$server_pid" 2>/dev/null || { echo "the server did not start:"; tail "$work/server.log"; exit 1; }
    curl -sf "http://127.0.0.1:$port/api/health" > /dev/null && break
    sleep 0.1
done
# the server that answers is ours (alive, and it knows our token), not
# another process on the same port
sleep 0.5
# (an empty setup: 400 from ours, 401 "unknown token" from another)
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $token" \
    -d '{}' "http://127.0.0.1:$port/api/games" || true)
if ! kill -0 "$server_pid" 2>/dev/null || [ "$code" = 401 ] || [ "$code" = 000 ]; then
    echo "the server on port $port is not the one started here:"; tail "$work/server.log"; exit 1
fi

python3 bench/soak.py sample --pid "$server_pid" --port "$port" --token "$token" --out "$samples" \
    --interval "$interval" --probe-rate "$probe_rate" --db-file "$work/soak.sqlite" &
sampler_pid=$!

status=0
"$loadgen_bin" --server "127.0.0.1:$port" --organiser-token "$token" --corpus "$corpus" \
    --server-pid "$server_pid" --games "$games" --rate "$rate" --ws-share "$ws_share" \
    --warmup "$warmup" --duration "$duration" --label soak > "$result" 2> "$work/loadgen.log" || status=$?
cat "$work/loadgen.log"
# one more sample after the load, then the sampler stops
sleep "$interval"
kill -TERM "$sampler_pid" 2>/dev/null || true
wait "$sampler_pid" 2>/dev/null || true
sampler_pid=""
if [ "$status" != 0 ]; then
    echo "arbitre-loadgen failed ($status)"; exit 1
fi
echo "server log: $(grep -c -i -E 'warn|error' "$work/server.log" || true) warning or error lines"
grep -i -E 'warn|error' "$work/server.log" | head -5 || true
echo
python3 bench/soak.py report --samples "$samples" --loadgen "$result" --svg "$svg" --skip-s "$skip"
