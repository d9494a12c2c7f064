#!/usr/bin/env bash
# The partition campaign (issue 15; RELIABILITY.md, "A network partition"):
# two `arbitre serve` nodes on one private PostgreSQL, each in its own
# network namespace; one node at a time is cut off from the database AND
# from the other node (every packet on its back link dropped, both ways)
# while the bots still reach it; then the cut is healed. bench/partition.py
# plays, cuts, measures and checks; this script builds the network and
# tears it down, also on failure. Needs root, iproute2 (ip netns, veth,
# bridge, tc) and PostgreSQL 15's binaries.
#
#   bench/partition.sh            # 10 cuts of 10 s (5 a side), 2 of 75 s, lease 3 s
#   CUTS=4 LONG_CUTS=0 LEASE_MS=2000 bench/partition.sh
#   ARBITRE_BIN=/path/to/arbitre bench/partition.sh   # else target/release/arbitre, built
#
# Topology (all names prefixed arb-, addresses only in 10.77.0.0/16):
#
#   arb-db  PostgreSQL 10.77.0.10 ─┐
#   arb-na  node a  10.77.0.11 ────┤ bridge arb-bk (the back network)
#   arb-nb  node b  10.77.0.12 ────┘   in namespace arb-sw
#   arb-na  node a  10.77.1.11 ────┐
#   arb-nb  node b  10.77.1.12 ────┤ bridge arb-fr (the hall's network)
#   arb-cl  the bots 10.77.1.2 ────┘   in namespace arb-sw
#
# A cut of node X: a `pfifo limit 0` queue (drops every packet, silently)
# on both ends of X's back link (arb-nX0 in arb-nX, arb-snX in arb-sw): X
# sees neither the database nor the other node, they see nothing of X, and
# the bots reach X as before on the hall's network. Healed by removing them.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
cuts=${CUTS:-10}
long_cuts=${LONG_CUTS:-2}
long_cut_seconds=${LONG_CUT_SECONDS:-75}
lease_ms=${LEASE_MS:-3000}
pgbin=${PGBIN:-/usr/lib/postgresql/15/bin}
[ "$(id -u)" = 0 ] || { echo "bench/partition.sh: needs root (network namespaces)"; exit 2; }
command -v ip > /dev/null || { echo "bench/partition.sh: needs iproute2 (apt-get install -y iproute2)"; exit 2; }
[ -x "$pgbin/postgres" ] || { echo "bench/partition.sh: no PostgreSQL binaries in $pgbin (PGBIN)"; exit 2; }
if [ -n "${ARBITRE_BIN:-}" ]; then
    bin=$ARBITRE_BIN
else
    nice -n 19 cargo build --release -q -p arbitre
    bin=$repo/target/release/arbitre
fi
namespaces="arb-sw arb-db arb-na arb-nb arb-cl"
for ns in $namespaces; do
    if ip netns list | grep -qw "^$ns"; then
        echo "bench/partition.sh: namespace $ns exists already (another run?): not touching it"
        exit 2
    fi
done

run=$(mktemp -d "${TMPDIR:-/tmp}/arbitre-partition.XXXXXX")
chmod 755 "$run"
pgdata=$run/pg
made=()
cleanup() {
    status=$?
    set +e
    # the processes first (a namespace lives on while a process is in it):
    # the nodes partition.py started (it stops them itself; these are left
    # only if it died), then PostgreSQL
    if [ -f "$run/pids" ]; then
        while read -r pid; do
            kill -KILL "$pid" 2> /dev/null
        done < "$run/pids"
    fi
    if [ -f "$pgdata/postmaster.pid" ]; then
        (cd "$run" && ip netns exec arb-db runuser -u postgres -- "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop) > /dev/null 2>&1
    fi
    # deleting a namespace deletes its end of each veth, and so the pair
    for ns in "${made[@]}"; do
        ip netns del "$ns" 2> /dev/null
    done
    left=$(ip netns list | grep -cE '^arb-(sw|db|na|nb|cl)\b' || true)
    [ "$left" = 0 ] || echo "bench/partition.sh: $left namespaces still there"
    rm -rf "$pgdata"
    echo "bench/partition.sh: network removed; logs in $run"
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for ns in $namespaces; do
    ip netns add "$ns"
    made+=("$ns")
    ip -n "$ns" link set lo up
done
ip -n arb-sw link add arb-bk type bridge
ip -n arb-sw link add arb-fr type bridge
ip -n arb-sw link set arb-bk up
ip -n arb-sw link set arb-fr up
# link NS DEV ADDR SWITCHPORT BRIDGE
link() {
    ip link add "$2" netns "$1" type veth peer name "$4" netns arb-sw
    ip -n "$1" addr add "$3" dev "$2"
    ip -n "$1" link set "$2" up
    ip -n arb-sw link set "$4" master "$5"
    ip -n arb-sw link set "$4" up
}
link arb-db arb-db0 10.77.0.10/24 arb-sdb arb-bk
link arb-na arb-na0 10.77.0.11/24 arb-sna arb-bk
link arb-nb arb-nb0 10.77.0.12/24 arb-snb arb-bk
link arb-na arb-na1 10.77.1.11/24 arb-fna arb-fr
link arb-nb arb-nb1 10.77.1.12/24 arb-fnb arb-fr
link arb-cl arb-cl0 10.77.1.2/24 arb-fcl arb-fr

# a private PostgreSQL on the back network (never the system's): trust,
# fsync and synchronous_commit on (the server refuses it otherwise)
mkdir -p "$pgdata" "$run/pglog"
chown postgres "$pgdata" "$run/pglog"
(cd "$run" && runuser -u postgres -- "$pgbin/initdb" -D "$pgdata" -A trust -U postgres --no-sync > "$run/initdb.log")
echo "host all postgres 10.77.0.0/16 trust" >> "$pgdata/pg_hba.conf"
(cd "$run" && ip netns exec arb-db runuser -u postgres -- "$pgbin/pg_ctl" -D "$pgdata" -l "$run/pglog/postgres.log" -w \
    -o "-c listen_addresses=10.77.0.10 -c port=5432 -c unix_socket_directories=$pgdata -c max_connections=200" \
    start > /dev/null)
ip netns exec arb-db psql -X -q -h 10.77.0.10 -U postgres -d postgres -c "CREATE DATABASE arbitre"

echo "arbitre partition campaign: $cuts cuts + $long_cuts long ones ($long_cut_seconds s), lease $lease_ms ms, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "network: namespaces $namespaces; back 10.77.0.0/24 (db .10, a .11, b .12), hall 10.77.1.0/24 (bots .2, a .11, b .12)"
status=0
ip netns exec arb-cl python3 "$repo/bench/partition.py" --bin "$bin" --run "$run" \
    --db "postgres://postgres@10.77.0.10:5432/arbitre" --cuts "$cuts" --lease-ms "$lease_ms" \
    --long-cuts "$long_cuts" --long-cut-seconds "$long_cut_seconds" \
    ${PARTITION_ARGS:-} || status=1
exit $status
