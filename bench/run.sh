#!/usr/bin/env bash
# Speed and memory benchmark of the engine on the shared corpus of real games.
#   bench/run.sh                  # replay bench (a quarter of the games) + memory (all games)
#   ARBITRE_BENCH_EVERY=1 bench/run.sh   # bench every game (about 8 min on 2 cores)
#   ARBITRE_CORPUS=/path/to/pgn bench/run.sh
# The corpus is read in place (default ../shared/corpus/pgn from the repo root);
# without it both steps print why and skip. Figures: see BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${ARBITRE_CORPUS:-}" ]; then
    ARBITRE_CORPUS="$(realpath "$ARBITRE_CORPUS")"
    export ARBITRE_CORPUS
fi
echo "== speed: cargo bench -p arbitre-laws --bench replay"
cargo bench -p arbitre-laws --bench replay 2>&1 | grep -v '^Benchmarking .*: \(Warming\|Collecting\|Analyzing\)'
echo
echo "== memory: cargo run --release -p arbitre-laws --example memory"
cargo run --release -q -p arbitre-laws --example memory
