#!/usr/bin/env bash
# The Python module's speed (issue 31, BENCHMARKS.md "Python (issue 31)"):
# (1) the audit from Python, `arbitre.audit(files, jobs=1)` consumed to the
#     end, against `arbitre audit --json --jobs 1` on the same files, whole
#     processes, rounds interleaved (one then the other), the median of the
#     per-round ratios;
# (2) python-chess replaying the same files with its repetition bookkeeping
#     (bench/python_chess_replay.py), once;
# (3) `Game.apply` per call, in Python, against the same work in Rust
#     (`cargo run --example apply_events -p arbitre-record`) on the same games.
#   bench/python.sh                  # six pgnmentor files and lichess_db_1000k: about 3 minutes
#   ROUNDS=9 bench/python.sh
#   ARBITRE_CORPUS=/path/to/pgn bench/python.sh
#   ARBITRE_BIN=target/release/arbitre bench/python.sh   # that binary, not built here
# Builds the module in release into a virtual environment of its own
# (VENV, default target/bench-venv) with maturin, pytest not needed.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
# enough games (about 14,000) that the interpreter's start (some 25 ms)
# is not what the ratio measures
files=()
for f in Alekhine Anand Botvinnik Capablanca Kasparov Tal; do
    files+=("$corpus/pgnmentor/$f.pgn")
done
files+=("$corpus/lichess/lichess_db_1000k.pgn")
for f in "${files[@]}"; do
    [ -f "$f" ] || { echo "no $f: set ARBITRE_CORPUS"; exit 0; }
done
target="${CARGO_TARGET_DIR:-target}"
venv="${VENV:-$target/bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
# ARBITRE_BIN: a release `arbitre` already built (else built here)
bin="${ARBITRE_BIN:-$target/release/arbitre}"
[ -n "${ARBITRE_BIN:-}" ] || cargo build --release -q -p arbitre --bin arbitre
cargo build --release -q -p arbitre-record --example apply_events
"$venv/bin/maturin" build --quiet --release --manifest-path python/Cargo.toml \
    --interpreter "$venv/bin/python" --out "$target/bench-wheel"
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps \
    "$(ls -t "$target"/bench-wheel/arbitre-*.whl | head -n 1)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
games=$("$bin" audit --json --jobs 1 "${files[@]}" | head -n -1 | wc -l)
echo "files: ${files[*]##*/}; $games games; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
# one line per run: name wall user sys
run() {
    local name=$1; shift
    /usr/bin/time -o "$out/t" -f "%e %U %S" "$@" > /dev/null
    echo "$name $(cat "$out/t")" >> "$out/runs"
}
py_audit='import arbitre, sys
n = sum(1 for _ in arbitre.audit(sys.argv[1:], jobs=1))
assert n > 0'
for r in $(seq "${ROUNDS:-5}"); do
    run cli "$bin" audit --json --jobs 1 "${files[@]}"
    run python "$venv/bin/python" -c "$py_audit" "${files[@]}"
    echo "round $r: $(tail -n 2 "$out/runs" | awk '{printf "%s %.2f s (cpu %.2f)  ", $1, $2, $3 + $4}')"
done
run python-chess "$venv/bin/python" bench/python_chess_replay.py "${files[@]}"
"$venv/bin/python" bench/python_games.py 2000 "${files[@]}" > "$out/games.json"
rust_apply=$("$target/release/examples/apply_events" "$out/games.json")
py_apply=$("$venv/bin/python" bench/python_apply.py "$out/games.json")
"$venv/bin/python" - "$out/runs" "$rust_apply" "$py_apply" <<'PY'
import statistics as st, sys
rows = {}
for line in open(sys.argv[1]):
    name, wall, user, sys_ = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_)))
med = {k: st.median(w for w, _ in v) for k, v in rows.items()}
cpu = {k: st.median(c for _, c in v) for k, v in rows.items()}
ratios = [p[0] / c[0] for c, p in zip(rows["cli"], rows["python"])]
print(f"| run | wall (median) | CPU (median) | vs CLI |")
print(f"|---|---:|---:|---:|")
for k in ("cli", "python", "python-chess"):
    print(f"| {k} | {med[k]:.2f} s | {cpu[k]:.2f} s | {med[k] / med['cli']:.2f} |")
print(f"audit from Python / CLI, median of per-round wall ratios: {st.median(ratios):.2f} (per round {', '.join(f'{r:.2f}' for r in ratios)})")
print(f"python-chess / audit from Python: {med['python-chess'] / med['python']:.0f}x")
rust = float(sys.argv[2].split(", ")[2].split()[0])
py = float(sys.argv[3].split(", ")[2].split()[0])
print(sys.argv[2]); print(sys.argv[3])
print(f"Game.apply: {py:.2f} us/call from Python, {rust:.2f} us/call in Rust: +{py - rust:.2f} us")
PY
