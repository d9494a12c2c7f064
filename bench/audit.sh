#!/usr/bin/env bash
# Audit throughput on the shared PGN corpus (read in place), side by side with
# (a) a bare pgn-reader + shakmaty replay that only hashes each position and
# (b) python-chess replaying the same files with its repetition bookkeeping.
#   bench/audit.sh                    # whole corpus (63,285 games)
#   ARBITRE_CORPUS=/path/to/pgn bench/audit.sh
# Needs python-chess for (b): pip install chess (skipped with a note if absent).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
if [ ! -d "$corpus" ]; then
    echo "no corpus at $corpus: set ARBITRE_CORPUS"; exit 0
fi
mapfile -t files < <(find "$corpus" -name '*.pgn' | sort)
bytes=$(cat "${files[@]}" | wc -c)
echo "corpus: ${#files[@]} files, $bytes bytes"
cargo build --release -q -p arbitre --bin arbitre --example bare_replay
t() { /usr/bin/time -f "%e s elapsed, %M KiB max RSS" "$@"; }
echo "== bare pgn-reader + shakmaty replay (1 thread)"
t target/release/examples/bare_replay "${files[@]}"
for jobs in 1 2; do
    echo "== arbitre audit --jobs $jobs (fide-2023, JSON to /dev/null)"
    t target/release/arbitre audit --json --jobs "$jobs" "${files[@]}" > /dev/null
done
echo "== memory flat in the file size: audit of one file vs the whole corpus (1 job)"
t target/release/arbitre audit --json --jobs 1 "$corpus/lichess/lichess_db_1000k.pgn" > /dev/null
if python3 -c 'import chess' 2>/dev/null; then
    echo "== python-chess replay with repetition counts (1 thread)"
    t python3 bench/python_chess_replay.py "${files[@]}"
else
    echo "python-chess not installed: pip install chess"
fi
