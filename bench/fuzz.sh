#!/usr/bin/env bash
# The fuzzing campaign (issue 15; RELIABILITY.md, "Fuzzing"): every
# cargo-fuzz target of fuzz/ run for SECONDS each on the nightly toolchain,
# its corpus kept in target/fuzz-corpus/TARGET (so that a second campaign
# goes on from the first), and one line per target: executions, executions
# per second, coverage reached (libFuzzer's `cov` and `ft`), corpus size,
# and whether it crashed (the crash file is kept in fuzz/artifacts/TARGET).
#   bench/fuzz.sh                     # 60 s per target
#   SECONDS_EACH=600 bench/fuzz.sh events request
# Needs `cargo install cargo-fuzz` and `rustup toolchain install nightly`
# (the machine has both; CI only type-checks the targets).
set -uo pipefail
cd "$(dirname "$0")/.."
each=${SECONDS_EACH:-60}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list 2>/dev/null)
fi
echo "arbitre fuzzing: ${each} s per target, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(rustc +nightly --version)"
cargo +nightly fuzz build -O --debug-assertions "${targets[@]:0:1}" > /dev/null 2>&1 || true
printf '%-16s %12s %10s %8s %8s %8s %s\n' target executions exec/s cov ft corpus result
failed=0
for t in "${targets[@]}"; do
    corpus="target/fuzz-corpus/$t"
    mkdir -p "$corpus"
    log=$(mktemp)
    cargo +nightly fuzz run -O --debug-assertions "$t" "$corpus" -- \
        -max_total_time="$each" -print_final_stats=1 -rss_limit_mb=4096 > "$log" 2>&1
    status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
    ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
    files=$(find "$corpus" -type f | wc -l)
    if [ $status -eq 0 ]; then result=ok; else result="CRASH (exit $status; see fuzz/artifacts/$t)"; failed=1; fi
    printf '%-16s %12s %10s %8s %8s %8s %s\n' "$t" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$files" "$result"
    if [ $status -ne 0 ]; then grep -E 'panicked|ERROR|SUMMARY' "$log" | head -5; fi
    rm -f "$log"
done
exit $failed
