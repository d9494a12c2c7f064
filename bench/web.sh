#!/usr/bin/env bash
# The pages (issue 14; BENCHMARKS.md, "The pages"): their weight as served,
# the time to the first board on the loopback, and the latency from one
# player's move to the opponent's board, in Debian's Chromium driven by
# playwright-core (web/tests/bench.mjs) against the release binary.
#   bench/web.sh                 # 300 moves, 20 page loads
#   MOVES=600 LOADS=50 bench/web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p arbitre
(cd web && npm ci --no-audit --no-fund --loglevel=error)
echo "arbitre pages benchmark: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(chromium --version 2>/dev/null || echo 'no chromium')"
node web/tests/bench.mjs --bin target/release/arbitre --moves "${MOVES:-300}" --loads "${LOADS:-20}"
