#!/usr/bin/env bash
# The server under load (issue 12; BENCHMARKS.md, "The server under load").
#
# Bots (crates/loadgen, `arbitre-loadgen`) replay real games of the PGN
# corpus against `arbitre serve` over loopback: per game, the organiser
# creates it, the arbiter starts it, White's and Black's bots alternate the
# recorded moves with randomised think times (the offered load is RATE moves/s
# over all games), half of the games over HTTP keep-alive and half over each
# seat's WebSocket. Every measurement starts a fresh server on a fresh
# database (a temporary SQLite file, or a new PostgreSQL database on
# 127.0.0.1:5432, dropped afterwards) and measures, after WARMUP seconds, for
# DURATION seconds: acknowledged moves/s (accepted ones only; refusals and
# errors apart), client-side latency (p50/p99/p99.9), memory per live game
# (server VmRSS after creating, starting and playing 2 moves in every game,
# minus before, over the number of games; then the WebSockets' extra), and
# CPU (server, load generator, database, whole machine) in % of one core.
#
#   1. per backend and per size: SIZES live games at RATE moves/s offered
#      (the target), then at LAT_RATE (a load the server takes: latency);
#   2. the limit: the bare endpoint (`arbitre serve --bench-bare`,
#      `POST /bench/bare/{id}`: same HTTP stack and store commit, no chess)
#      against arbitre, RATIO_GAMES games with no think time (each game's
#      next move as soon as the last is acknowledged), HTTP only, ROUNDS
#      rounds interleaved (bare, arbitre, bare, arbitre, ...), medians;
#   3. memory 2 and 40 plies into 1,000 games (the first backend, HTTP only);
#   4. the store's batching: `--commit none`, `free` and `2000` (a 2 ms
#      window): a lone game's latency (1 game, no think time, 5 s) and the
#      throughput of RATIO_GAMES games with no think time; BATCH_ROUNDS
#      rounds interleaved, medians;
#   5. two nodes on PostgreSQL (with TWO_NODES=1 and PostgreSQL among the
#      backends): RATIO_GAMES games with no think time, HTTP only, against
#      one node (`nodes-1`), then against two nodes A (PORT) and B (PORT+1)
#      of one database (`--node a|b --advertise ...`), the load generator
#      creating game i on node i % 2 and playing it on the same node
#      (`nodes-2-owner`: a load balancer with affinity) or on the other
#      (`nodes-2-forwarded`: every move forwarded to the owner); ROUNDS
#      rounds interleaved, medians, two nodes against one; then the latency
#      of 1,000 games at LAT_RATE moves/s, one node and two (owner).
#
# The server runs with `--rate-per-token 1000000 --rate-per-address 0`: all
# the bots come from one loopback address and the organiser's token creates
# every game (the limiters stay in the request path, never refusing).
#
# Usage (from anywhere; builds what it needs):
#   bench/load.sh                                   # everything, about 20 minutes
#   SIZES=100 DURATION=10 ROUNDS=1 BATCHING=0 TWO_NODES=0 bench/load.sh   # a quick run
#   BACKENDS=sqlite bench/load.sh                   # without PostgreSQL
#   BACKENDS=postgres SIZES=" " RATIO=0 MEMORY=0 BATCHING=0 bench/load.sh   # two nodes only
# Knobs (environment): SIZES ("100 1000 10000"), RATE (10000), LAT_RATE
# (1000; empty: none), DURATION (10), ARBITRE_BIN (target/release/arbitre:
# the server measured, e.g. an older build to compare), MEMORY (1 to run part 3),
# WARMUP (3), WS_SHARE (0.5), ROUNDS (3), RATIO_GAMES (1000), RATIO (1 to run
# part 2), BATCHING (1 to
# run part 4), BATCH_ROUNDS (2), TWO_NODES (1 to run part 5; the server
# measured must know `--node` and `--advertise`), BACKENDS ("sqlite postgres"),
# ARBITRE_BENCH_POSTGRES (postgres://postgres@127.0.0.1:5432, trust
# authentication, a role that may create databases), ARBITRE_CORPUS
# (../shared/corpus/pgn), PORT (18090; part 5 also uses PORT+1),
# OUT (target/bench-load: the raw results, one JSON object per run).
# Needs curl, jq, python3; createdb/dropdb for PostgreSQL (skipped with a note
# when no server answers). The machine should be otherwise idle: the load
# generator shares its cores with the server.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes="${SIZES:-100 1000 10000}"
rate="${RATE:-10000}"
lat_rate="${LAT_RATE:-1000}"
duration="${DURATION:-10}"
warmup="${WARMUP:-3}"
ws_share="${WS_SHARE:-0.5}"
rounds="${ROUNDS:-3}"
ratio_games="${RATIO_GAMES:-1000}"
batching="${BATCHING:-1}"
ratio="${RATIO:-1}"
memory="${MEMORY:-1}"
arbitre_bin="${ARBITRE_BIN:-target/release/arbitre}"
batch_rounds="${BATCH_ROUNDS:-2}"
two_nodes="${TWO_NODES:-1}"
backends="${BACKENDS:-sqlite postgres}"
pg="${ARBITRE_BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
corpus="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
port="${PORT:-18090}"
port2=$((port + 1))
out="${OUT:-target/bench-load}"

if [ ! -e "$corpus" ]; then
    echo "no corpus at $corpus: set ARBITRE_CORPUS"; exit 1
fi
cargo build --release -q -p arbitre -p arbitre-loadgen

work=$(mktemp -d)
mkdir -p "$out"
results="$out/results-$(date +%Y%m%d-%H%M%S).jsonl"
token="bench-organiser-$$-$RANDOM"
server_pid=""
# the second node's, in part 5
server2_pid=""
# the servers of the next measurement: 1, or 2 (part 5: nodes A and B)
nodes=1
databases=()
count=0

pg_host=$(sed -E 's|^postgres(ql)?://([^@/]*@)?([^:/]*).*|\3|' <<< "$pg")
pg_port=$(sed -nE 's|^postgres(ql)?://([^@/]*@)?[^:/]*:([0-9]+).*|\3|p' <<< "$pg")
pg_user=$(sed -nE 's|^postgres(ql)?://([^@:/]*)[^@/]*@.*|\2|p' <<< "$pg")
pg_args=(-h "$pg_host" -p "${pg_port:-5432}" -U "${pg_user:-postgres}")

# stops the server, and the second node if any
stop_server() {
    local pid pids=() alive
    for pid in $server_pid $server2_pid; do
        kill -0 "$pid" 2>/dev/null && pids+=("$pid")
    done
    if [ "${#pids[@]}" -gt 0 ]; then
        kill -TERM "${pids[@]}" 2>/dev/null || true
        # a graceful stop records every running clock; the database is
        # thrown away, so after 2 s the server is killed
        for _ in $(seq 20); do
            alive=0
            for pid in "${pids[@]}"; do
                kill -0 "$pid" 2>/dev/null && alive=1
            done
            [ "$alive" = 1 ] || break
            sleep 0.1
        done
        for pid in "${pids[@]}"; do
            kill -KILL "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        done
    fi
    server_pid=""
    server2_pid=""
}

cleanup() {
    stop_server
    for db in "${databases[@]}"; do
        dropdb "${pg_args[@]}" --if-exists --force "$db" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# a fresh database: its address in $db_url
new_db() {
    count=$((count + 1))
    case "$1" in
        sqlite) db_url="sqlite://$work/db$count.sqlite" ;;
        postgres)
            db_name="arbitre_bench_$$_$count"
            createdb "${pg_args[@]}" "$db_name"
            databases+=("$db_name")
            db_url="${pg%/}/$db_name" ;;
    esac
}

drop_db() {
    case "$1" in
        sqlite) rm -f "$work"/db*.sqlite* ;;
        postgres) dropdb "${pg_args[@]}" --if-exists --force "$db_name" ;;
    esac
}

# waits (at most QUIET_WAIT seconds, 3) until the machine is nearly idle:
# less than a quarter of a core busy over one second
wait_quiet() {
    local waited=0 a b
    while [ "$waited" -lt "${QUIET_WAIT:-3}" ]; do
        a=$(awk '/^cpu / {print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)
        sleep 1
        b=$(awk '/^cpu / {print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)
        if awk -v a="$a" -v b="$b" 'BEGIN {split(a, x); split(b, y);
                exit !((y[1] - x[1]) < 0.125 * (y[2] - x[2]))}'; then
            return 0
        fi
        waited=$((waited + 1))
    done
    echo "  (the machine is busy with other work: measuring anyway)"
}

# starts a server on 127.0.0.1:PORT and waits for its /api/health; its pid
# in $launched_pid, its log in $work/server-PORT.log:
#   launch PORT URL COMMIT [more flags of arbitre serve...]
launch() {
    local p=$1 url=$2 commit=$3; shift 3
    "$arbitre_bin" serve --listen "127.0.0.1:$p" --db "$url" \
        --organiser-token "$token" --commit "$commit" \
        --rate-per-token 1000000 --rate-per-address 0 --bench-bare \
        --signing-key "$work/signing-$p.key" "$@" \
        > "$work/server-$p.out" 2> "$work/server-$p.log" &
    launched_pid=$!
    for _ in $(seq 300); do
        if curl -sf "http://127.0.0.1:$p/api/health" > /dev/null; then return 0; fi
        if ! kill -0 "$launched_pid" 2>/dev/null; then break; fi
        sleep 0.1
    done
    echo "the server on port $p did not start:"; tail -n 20 "$work/server-$p.log"; exit 1
}

start_server() {
    launch "$port" "$1" "$2"
    server_pid=$launched_pid
}

# two nodes on one (PostgreSQL) database: A on PORT, B on PORT+1; B starts
# once A answers (A has migrated the fresh database)
start_nodes() {
    local url=$1 commit=$2
    launch "$port" "$url" "$commit" --node a --advertise "http://127.0.0.1:$port"
    server_pid=$launched_pid
    launch "$port2" "$url" "$commit" --node b --advertise "http://127.0.0.1:$port2"
    server2_pid=$launched_pid
}

# one measurement on a fresh server (two nodes with nodes=2) and database:
#   [nodes=2] measure LABEL BACKEND COMMIT [loadgen arguments...]
measure() {
    local label=$1 backend=$2 commit=$3; shift 3
    local db_comm=() servers pids
    new_db "$backend"
    [ "$backend" = postgres ] && db_comm=(--database-comm postgres)
    wait_quiet
    if [ "$nodes" = 2 ]; then
        start_nodes "$db_url" "$commit"
        servers="127.0.0.1:$port,127.0.0.1:$port2"
        pids="$server_pid,$server2_pid"
    else
        start_server "$db_url" "$commit"
        servers="127.0.0.1:$port"
        pids="$server_pid"
    fi
    local line
    line=$(target/release/arbitre-loadgen --server "$servers" \
        --organiser-token "$token" --corpus "$corpus" --server-pid "$pids" \
        "${db_comm[@]}" --label "$label" --warmup "$warmup" "$@" 2> "$work/loadgen.log") || {
        echo "arbitre-loadgen failed:"; cat "$work/loadgen.log"; exit 1; }
    stop_server
    drop_db "$backend"
    line=$(jq -c --arg b "$backend" --arg c "$commit" --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" \
        '. + {backend: $b, commit: $c, loadavg: $load}' <<< "$line")
    echo "$line" >> "$results"
    jq -r '"  \(.label) \(.target) \(.backend) commit=\(.commit)\(if .servers > 1 then " nodes=\(.servers) route=\(.route)" else "" end) games=\(.games): \(.moves_per_s) moves/s, refused \(.refused), errors \(.errors), p50 \(.p50_ms) p99 \(.p99_ms) p99.9 \(.p999_ms) ms, \(.kib_per_game) KiB/game, server CPU \(.cpu_server_pct) %, machine \(.cpu_machine_pct) %"
        + (if .errors_total > 0 then "\n  WARNING: \(.errors_total) requests failed (\(.setup_failures) while setting up): \(.failures[0])" else "" end)' <<< "$line"
}

have_postgres() {
    pg_isready "${pg_args[@]}" -q 2>/dev/null && createdb --version > /dev/null 2>&1
}

echo "arbitre load benchmark: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo) RAM"
echo "sizes: $sizes; $rate and $lat_rate moves/s offered; ${warmup} s warm-up, ${duration} s measured; WebSocket share $ws_share"
run_backends=()
for backend in $backends; do
    if [ "$backend" = postgres ] && ! have_postgres; then
        echo "no PostgreSQL at $pg (or no createdb): PostgreSQL skipped"
        continue
    fi
    run_backends+=("$backend")
done

for backend in "${run_backends[@]}"; do
    for r in $rate $lat_rate; do
        echo "== $backend: live games at $r moves/s offered"
        for n in $sizes; do
            measure load "$backend" free --games "$n" --rate "$r" --duration "$duration" --ws-share "$ws_share"
        done
    done
done

for backend in "${run_backends[@]}"; do
    [ "$ratio" = 1 ] || break
    echo "== $backend: the bare endpoint and arbitre, $ratio_games games, no think time, HTTP only"
    for r in $(seq "$rounds"); do
        measure "ratio-$r" "$backend" free --target bare --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0
        measure "ratio-$r" "$backend" free --target arbitre --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0
    done
done

# memory in mid-game: 40 plies into each game (HTTP only), against 2 plies
if [ "$memory" = 1 ] && [ "${#run_backends[@]}" -gt 0 ]; then
    echo "== ${run_backends[0]}: memory 2 and 40 plies into 1,000 games"
    for plies in 2 40; do
        measure "memory-$plies" "${run_backends[0]}" free --games 1000 --rate 1000 --duration 2 --ws-share 0 --setup-moves "$plies"
    done
fi

if [ "$batching" = 1 ]; then
    for backend in "${run_backends[@]}"; do
        echo "== $backend: batching (--commit none, free, 2000), $batch_rounds rounds"
        for r in $(seq "$batch_rounds"); do
            for commit in none free 2000; do
                measure lone "$backend" "$commit" --games 1 --rate 0 --duration 5 --ws-share 0 --setup-moves 0
                measure batch "$backend" "$commit" --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0
            done
        done
    done
fi

# two nodes on one PostgreSQL database against one node
if [ "$two_nodes" = 1 ] && [[ " ${run_backends[*]} " == *" postgres "* ]]; then
    echo "== postgres: one node and two nodes (PORT $port and $port2) on one database, $ratio_games games, no think time, HTTP only, $rounds rounds"
    for r in $(seq "$rounds"); do
        measure nodes-1 postgres free --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0
        nodes=2 measure nodes-2-owner postgres free --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0 --route owner
        nodes=2 measure nodes-2-forwarded postgres free --games "$ratio_games" --rate 0 --duration "$duration" --ws-share 0 --route other
    done
    if [ -n "$lat_rate" ]; then
        echo "== postgres: latency of 1,000 games at $lat_rate moves/s offered, one node and two"
        measure nodes-1-lat postgres free --games 1000 --rate "$lat_rate" --duration "$duration" --ws-share "$ws_share"
        nodes=2 measure nodes-2-owner-lat postgres free --games 1000 --rate "$lat_rate" --duration "$duration" --ws-share "$ws_share" --route owner
    fi
fi

echo
echo "raw results: $results"
python3 - "$results" <<'EOF'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
med = statistics.median
def row(cells): print("| " + " | ".join(str(c) for c in cells) + " |")
for backend in dict.fromkeys(r["backend"] for r in runs):
    for offered in dict.fromkeys(r["rate_offered"] for r in runs if r["backend"] == backend and r["label"] == "load"):
      load = [r for r in runs if r["backend"] == backend and r["label"] == "load" and r["rate_offered"] == offered]
      if load:
        print(f"\n{backend}: live games at {offered:g} moves/s offered ({load[0]['ws_games']}/{load[0]['games']} games over WebSockets in the first)\n")
        row(["games", "moves/s acked", "refused", "errors", "p50 ms", "p99 ms", "p99.9 ms",
             "KiB/game", "+KiB/WS game", "server CPU %", "loadgen CPU %", "db CPU %", "machine CPU %"])
        row(["---:"] * 13)
        for r in load:
          row([f"{r['games']:,}", f"{r['moves_per_s']:,.0f}", r["refused"], r["errors"], r["p50_ms"], r["p99_ms"],
                 r["p999_ms"], f"{r['kib_per_game']:.1f}", f"{r['kib_per_ws_game']:.0f}", r["cpu_server_pct"],
                 r["cpu_loadgen_pct"], r["cpu_database_pct"], r["cpu_machine_pct"]])
    ratio = [r for r in runs if r["backend"] == backend and r["label"].startswith("ratio-")]
    if ratio:
        bare = [r for r in ratio if r["target"] == "bare"]
        arb = [r for r in ratio if r["target"] == "arbitre"]
        per_round = [a["moves_per_s"] / b["moves_per_s"] for b, a in zip(bare, arb) if b["moves_per_s"] > 0]
        print(f"\n{backend}: bare endpoint vs arbitre, {ratio[0]['games']} games, no think time, HTTP only, {len(bare)} rounds\n")
        row(["target", "moves/s (rounds)", "median", "p50 ms", "p99 ms", "server CPU %", "db CPU %", "machine CPU %"])
        row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:"])
        for name, rs in (("bare", bare), ("arbitre", arb)):
            row([name, " / ".join(f"{r['moves_per_s']:,.0f}" for r in rs), f"{med(r['moves_per_s'] for r in rs):,.0f}",
                 med(r["p50_ms"] for r in rs), med(r["p99_ms"] for r in rs),
                 med(r["cpu_server_pct"] for r in rs), med(r["cpu_database_pct"] for r in rs),
                 med(r["cpu_machine_pct"] for r in rs)])
        if per_round:
            print(f"\narbitre / bare: {' / '.join(f'{x:.2f}' for x in per_round)} (median {med(per_round):.2f})")
    mem = {r["label"]: r for r in runs if r["backend"] == backend and r["label"].startswith("memory-")}
    if "memory-2" in mem and "memory-40" in mem:
        a, b = mem["memory-2"]["kib_per_game"], mem["memory-40"]["kib_per_game"]
        print(f"\n{backend}: memory of 1,000 games (HTTP only): {a:.1f} KiB a game 2 plies in, {b:.1f} KiB 40 plies in: {1024 * (b - a) / 38:.0f} B a ply")
    batch = [r for r in runs if r["backend"] == backend and r["label"] in ("lone", "batch")]
    if batch:
        games = [r["games"] for r in batch if r["label"] == "batch"]
        print(f"\n{backend}: batching (medians of {len(games) // 3 if games else 0} rounds)\n")
        row(["--commit", "lone game p50 ms", "lone p99 ms", f"{games[0] if games else ''} games, moves/s (rounds)", "median", "p50 ms", "p99 ms"])
        row(["---", "---:", "---:", "---", "---:", "---:", "---:"])
        for commit in dict.fromkeys(r["commit"] for r in batch):
            lone = [r for r in batch if r["commit"] == commit and r["label"] == "lone"]
            many = [r for r in batch if r["commit"] == commit and r["label"] == "batch"]
            m = lambda rs, k: med(r[k] for r in rs) if rs else ""
            row([commit, m(lone, "p50_ms"), m(lone, "p99_ms"), " / ".join(f"{r['moves_per_s']:,.0f}" for r in many),
                 f"{m(many, 'moves_per_s'):,.0f}" if many else "", m(many, "p50_ms"), m(many, "p99_ms")])
nodes = [r for r in runs if r["backend"] == "postgres" and r["label"].startswith("nodes-")]
if nodes:
    by = {label: [r for r in nodes if r["label"] == label] for label in dict.fromkeys(r["label"] for r in nodes)}
    # each label's one-node reference: nodes-1 for the throughput, nodes-1-lat for the latency
    ref = lambda label: "nodes-1-lat" if label.endswith("-lat") else "nodes-1"
    first = by.get("nodes-1", nodes)[0]
    lat = by.get("nodes-1-lat") or by.get("nodes-2-owner-lat")
    print(f"\npostgres: two nodes on one database against one ({first['games']:,} games, no think time, HTTP only, "
          f"{len(by.get('nodes-1', []))} rounds, medians"
          + (f"; -lat: {lat[0]['games']:,} games at {lat[0]['rate_offered']:g} moves/s" if lat else "")
          + "; server CPU: both nodes together)\n")
    row(["label", "moves/s (rounds)", "median", "/ one node", "p50 ms", "p99 ms", "/ one node p99", "server CPU %", "db CPU %", "machine CPU %", "errors"])
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"])
    for label, rs in by.items():
        one = by.get(ref(label))
        ratio = lambda k: (f"{med(r[k] for r in rs) / med(r[k] for r in one):.2f}"
                           if one and med(r[k] for r in one) > 0 else "")
        row([label, " / ".join(f"{r['moves_per_s']:,.0f}" for r in rs), f"{med(r['moves_per_s'] for r in rs):,.0f}",
             ratio("moves_per_s"), med(r["p50_ms"] for r in rs), med(r["p99_ms"] for r in rs), ratio("p99_ms"),
             med(r["cpu_server_pct"] for r in rs), med(r["cpu_database_pct"] for r in rs),
             med(r["cpu_machine_pct"] for r in rs), sum(r["errors"] for r in rs)])
EOF
