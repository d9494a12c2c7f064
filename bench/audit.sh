#!/usr/bin/env bash
# Audit throughput on the shared PGN corpus (read in place), side by side with
# (a) a bare pgn-reader + shakmaty replay that only hashes each position and
# (b) python-chess replaying the same files with its repetition bookkeeping.
#   bench/audit.sh                    # whole corpus (63,285 games), 5 rounds
#   ROUNDS=3 bench/audit.sh
#   PYTHON_CHESS=0 bench/audit.sh     # without python-chess (about 2.5 minutes less)
#   ARBITRE_CORPUS=/path/to/pgn bench/audit.sh
# Rounds interleave the bare replay and the audit (1 and 2 jobs), so that a
# noisy machine weighs on all of them alike; the table gives the median of
# each and the median of the per-round ratios. python-chess runs once (about
# two minutes); needs `pip install chess` (skipped with a note if absent).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
rounds="${ROUNDS:-5}"
if [ ! -d "$corpus" ]; then
    echo "no corpus at $corpus: set ARBITRE_CORPUS"; exit 0
fi
mapfile -t files < <(find "$corpus" -name '*.pgn' | sort)
bytes=$(cat "${files[@]}" | wc -c)
echo "corpus: ${#files[@]} files, $bytes bytes; $(nproc) cores; $rounds rounds"
cargo build --release -q -p arbitre --bin arbitre --example bare_replay
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
plies=$(target/release/examples/bare_replay "${files[@]}" | sed -E 's/.*games, ([0-9]+) plies.*/\1/')
# one line per run: name wall user sys maxrss_kb
run() {
    local name=$1; shift
    /usr/bin/time -o "$out/t" -f "%e %U %S %M" "$@" > "$out/stdout"
    echo "$name $(cat "$out/t")" >> "$out/runs"
}
for r in $(seq "$rounds"); do
    run bare target/release/examples/bare_replay "${files[@]}"
    run audit1 target/release/arbitre audit --json --jobs 1 "${files[@]}"
    cp "$out/stdout" "$out/audit1.jsonl"
    run audit2 target/release/arbitre audit --json --jobs 2 "${files[@]}"
    cmp -s "$out/stdout" "$out/audit1.jsonl" || { echo "jobs 1 and jobs 2 disagree"; exit 1; }
    # the machine's own ceiling for two cores: two independent one-thread
    # audits at once (what a perfectly parallel audit could do here)
    run pair bash -c 'target/release/arbitre audit --json --jobs 1 "$@" > /dev/null &
        target/release/arbitre audit --json --jobs 1 "$@" > /dev/null; wait' _ "${files[@]}"
    echo "round $r: $(tail -n 4 "$out/runs" | awk '{printf "%s %.2f s  ", $1, $2}')"
done
# memory flat in the input size: one 1 MB file against the whole corpus
run small target/release/arbitre audit --json --jobs 1 "$corpus/lichess/lichess_db_1000k.pgn"
if [ "${PYTHON_CHESS:-1}" = 0 ]; then
    echo "python-chess skipped (PYTHON_CHESS=0)"
elif python3 -c 'import chess' 2>/dev/null; then
    run python python3 bench/python_chess_replay.py "${files[@]}"
    echo "python-chess: $(cat "$out/stdout")"
else
    echo "python-chess not installed: pip install chess"
fi
python3 - "$out/runs" "$plies" "$rounds" <<'PY'
import statistics as st, sys
runs, plies, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = {}
for line in open(runs):
    name, wall, user, sys_, rss = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_), int(rss)))
med = lambda name, i: st.median(r[i] for r in rows[name])
def ratio(a, b):
    # per-round ratio of plies/s (= inverse ratio of wall times), median
    return st.median(rows[b][k][0] / rows[a][k][0] for k in range(rounds))
py = rows.get("python", [(None,)])[0][0]
print(f"\n{plies} plies; medians of {rounds} rounds")
print("| run | wall time | CPU | plies/s | vs bare replay | vs python-chess | max RSS |")
print("|---|---:|---:|---:|---:|---:|---:|")
labels = {"bare": "bare pgn-reader + shakmaty (1 thread)",
          "audit1": "`arbitre audit --jobs 1`", "audit2": "`arbitre audit --jobs 2`"}
for name in ("bare", "audit1", "audit2"):
    wall = med(name, 0)
    vs_bare = "1.00" if name == "bare" else f"{ratio(name, 'bare'):.2f}"
    vs_py = f"{py / wall:.0f}×" if py else "–"
    print(f"| {labels[name]} | {wall:.2f} s | {med(name, 1):.2f} s | {plies / wall / 1e6:.2f} M | {vs_bare} | {vs_py} | {med(name, 2) / 1024:.0f} MB |")
if py:
    print(f"| python-chess (1 thread) | {py:.1f} s | | {plies / py / 1e3:.1f} K | {rows['bare'][0][0] / py:.3f} | 1.00 | {rows['python'][0][2] / 1024:.0f} MB |")
s = rows["small"][0]
print(f"| `arbitre audit --jobs 1`, one 1 MB file | {s[0]:.2f} s | | | | | {s[2] / 1024:.0f} MB |")
gain = ratio('audit2', 'audit1')
# two audits in the time of `pair`: the throughput two cores give this work here
ceiling = st.median(2 * rows['audit1'][k][0] / rows['pair'][k][0] for k in range(rounds))
print(f"\nsecond core: --jobs 2 is {gain:.2f}× --jobs 1; two independent one-thread audits at once "
      f"run {ceiling:.2f}× the throughput of one (the machine's ceiling for two cores); "
      f"--jobs 2 reaches {gain / ceiling:.0%} of it (medians of the per-round ratios)")
PY
