#!/usr/bin/env bash
# `arbitre analyze` against chasolver's own example analyzer, on the same
# positions: every FEN of the CHA-labelled dev set, for both colours.
#   bench/analyze.sh                         # hyperfine, 3 runs each (about 6 min on 2 cores)
#   ARBITRE_BENCH_RUNS=1 bench/analyze.sh
#   ARBITRE_UNWINNABILITY=/path/to/dev_set.tsv bench/analyze.sh
# The dev set is read in place (default ../shared/corpus/unwinnability/dev_set.tsv
# from the repo root) and never copied into the repo. chasolver's analyzer is
# built from a copy of the registry source (or of vendor/chasolver) made under /tmp (its
# rust-toolchain.toml pins 1.85; we build it with the toolchain in use here).
# Also checks that both give the same verdict for every position and colour.
# Figures: see BENCHMARKS.md, section "analyze".
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
set_path="${ARBITRE_UNWINNABILITY:-$repo/../shared/corpus/unwinnability/dev_set.tsv}"
runs="${ARBITRE_BENCH_RUNS:-3}"
if [ ! -r "$set_path" ]; then
    echo "skipping: $set_path not readable" >&2
    exit 0
fi

# the crates.io release when cargo has it; else the vendored copy (the same
# code plus a node count and budget, see vendor/PATCHES.md)
src="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/chasolver-3.0.0 2>/dev/null | head -n 1 || true)"
if [ -z "$src" ]; then
    src="$repo/vendor/chasolver"
fi
echo "== chasolver analyzer from $src"
work="$(mktemp -d /tmp/arbitre-analyze-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/chasolver"
toolchain="$(rustc --version | awk '{print $2}')"

echo "== building chasolver's example analyzer (copy in $work, rustc $toolchain)"
(cd "$work/chasolver" && RUSTUP_TOOLCHAIN="$toolchain" \
    cargo run --release -q --example analyzer </dev/null 2>/dev/null || true)
analyzer="$work/chasolver/target/release/examples/analyzer"
echo "== building arbitre (release)"
cargo build --release -q -p arbitre
arbitre="$repo/target/release/arbitre"

# Same positions: one FEN per line for us, `fen white` / `fen black` for theirs.
tail -n +2 "$set_path" | cut -f1 >"$work/fens.txt"
awk '{print $0" white"; print $0" black"}' "$work/fens.txt" >"$work/cha.txt"
echo "== $(wc -l <"$work/fens.txt") positions, $(wc -l <"$work/cha.txt") verdicts"

# Same verdicts?
"$analyzer" <"$work/cha.txt" 2>/dev/null |
    awk '{print ($1=="winnable")?"yes":($1=="unwinnable")?"no":"unknown"}' >"$work/theirs.txt"
"$arbitre" analyze --json <"$work/fens.txt" |
    sed -E 's/.*"white_can_mate":"([a-z]+)".*"black_can_mate":"([a-z]+)".*/\1\n\2/' >"$work/ours.txt"
if cmp -s "$work/theirs.txt" "$work/ours.txt"; then
    echo "== verdicts: identical ($(wc -l <"$work/ours.txt") of them)"
else
    echo "== verdicts differ:" && diff "$work/theirs.txt" "$work/ours.txt" | head -n 20
fi

if command -v hyperfine >/dev/null; then
    hyperfine --runs "$runs" --style basic \
        -n chasolver-analyzer "$analyzer <$work/cha.txt >/dev/null 2>&1" \
        -n "arbitre analyze --json" "$arbitre analyze --json <$work/fens.txt >/dev/null" \
        -n "arbitre analyze" "$arbitre analyze <$work/fens.txt >/dev/null"
else
    echo "(hyperfine not installed: one run each with time)"
    time "$analyzer" <"$work/cha.txt" >/dev/null 2>&1
    time "$arbitre" analyze --json <"$work/fens.txt" >/dev/null
fi
