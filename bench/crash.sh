#!/usr/bin/env bash
# The crash and fault campaigns (issue 15; RELIABILITY.md, "Crashes"):
# bench/crash.py, bots playing while something fails under them, then every
# game checked against what its clients were told. The campaigns, named as
# arguments (default: kills disk-full, as before):
#   kills       the release server killed with SIGKILL KILLS times and
#               restarted, on a fresh SQLite file and on a fresh PostgreSQL
#               database (127.0.0.1:5432, user postgres, trust; dropped
#               afterwards) — BACKENDS chooses;
#   disk-full   SQLite on a 16 MiB tmpfs (root: it mounts it), filled while
#               the bots play, then freed (DISK_FULL=0 skips it);
#   nodes       two nodes (--node a/b, --advertise, --lease-ms LEASE_MS) on
#               one fresh database of 127.0.0.1:5432, bots on both; one node
#               at a time SIGKILLed and started again, NODE_KILLS times;
#   pg-restart  a private PostgreSQL 15 (initdb in a temporary directory, a
#               free port, 127.0.0.1 only, trust; removed afterwards)
#               stopped and started PG_RESTARTS times under load, half
#               `-m fast`, half `-m immediate` (a crash of the database),
#               the server never restarted (PGBIN: its binaries);
#   all         all four.
#   bench/crash.sh                          # 50 kills, 16 games, both stores; the disk full
#   KILLS=200 GAMES=32 BACKENDS=sqlite bench/crash.sh kills
#   bench/crash.sh nodes pg-restart         # NODE_KILLS=30 LEASE_MS=2000 PG_RESTARTS=20
#   ARBITRE_BIN=/tmp/arbitre bench/crash.sh all   # that binary, no build
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${KILLS:-50}
games=${GAMES:-16}
backends=${BACKENDS:-sqlite postgres}
node_kills=${NODE_KILLS:-30}
lease_ms=${LEASE_MS:-2000}
pg_restarts=${PG_RESTARTS:-20}
pgbin=${PGBIN:-/usr/lib/postgresql/15/bin}
campaigns=${*:-kills disk-full}
[ "$campaigns" = all ] && campaigns="kills disk-full nodes pg-restart"
for c in $campaigns; do
    case $c in kills | disk-full | nodes | pg-restart) ;; *) echo "bench/crash.sh: unknown campaign $c"; exit 2 ;; esac
done
if [ -n "${ARBITRE_BIN:-}" ]; then
    bin=$ARBITRE_BIN
else
    cargo build --release -q -p arbitre
    bin=target/release/arbitre
fi
echo "arbitre crash campaigns ($campaigns): $games games, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
# the checker first: a move no client saw acknowledged must be reported
dir=$(mktemp -d)
python3 bench/crash.py --bin "$bin" --db "sqlite://$dir/arbitre.db" \
    --kills 3 --games 3 --inject > /dev/null 2>&1 || { echo "the checker did not catch an injected move"; exit 1; }
rm -rf "$dir"
status=0
has() { [[ " $campaigns " == *" $1 "* ]]; }
if has kills; then
    echo "== kills: $kills, on $backends"
    for backend in $backends; do
        case $backend in
        sqlite)
            dir=$(mktemp -d)
            python3 bench/crash.py --bin "$bin" --db "sqlite://$dir/arbitre.db" \
                --kills "$kills" --games "$games" || status=1
            rm -rf "$dir"
            ;;
        postgres)
            name="arbitre_crash_$$"
            createdb -h 127.0.0.1 -U postgres "$name"
            python3 bench/crash.py --bin "$bin" --db "postgres://postgres@127.0.0.1:5432/$name" \
                --kills "$kills" --games "$games" || status=1
            dropdb -h 127.0.0.1 -U postgres --force "$name"
            ;;
        esac
    done
fi
# the disk full (SQLite on a 16 MiB tmpfs, which needs root to mount): filled
# while the bots play, then freed
if has disk-full && [ "${DISK_FULL:-1}" = 1 ]; then
    echo "== the disk full"
    if [ "$(id -u)" = 0 ]; then
        mnt=$(mktemp -d)
        if mount -t tmpfs -o size=16m tmpfs "$mnt"; then
            python3 bench/crash.py --bin "$bin" --db "sqlite://$mnt/arbitre.db" \
                --games "$games" --disk-full "$mnt" || status=1
            umount "$mnt"
        else
            echo "bench/crash.sh: no tmpfs could be mounted: the disk-full part did NOT run"
        fi
        rmdir "$mnt"
    else
        echo "bench/crash.sh: not root: the disk-full part did NOT run"
    fi
fi
# two nodes on one PostgreSQL database, one killed at a time
if has nodes; then
    echo "== two nodes: $node_kills kills, lease $lease_ms ms"
    name="arbitre_nodes_$$"
    createdb -h 127.0.0.1 -U postgres "$name"
    python3 bench/crash.py --bin "$bin" --db "postgres://postgres@127.0.0.1:5432/$name" \
        --nodes 2 --kills "$node_kills" --lease-ms "$lease_ms" --games "$games" || status=1
    dropdb -h 127.0.0.1 -U postgres --force "$name"
fi
# PostgreSQL restarted under load: a private instance, so that restarting
# it disturbs nobody
if has pg-restart; then
    echo "== PostgreSQL restarted $pg_restarts times under load"
    [ -x "$pgbin/pg_ctl" ] || { echo "bench/crash.sh: no PostgreSQL binaries in $pgbin (PGBIN)"; exit 2; }
    run=$(mktemp -d)
    as=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$run"
        as=(runuser -u postgres --)
    fi
    stop_pg() {
        (cd "$run" && "${as[@]}" "$pgbin/pg_ctl" -D "$run/data" -m immediate -w stop) > /dev/null 2>&1 || true
        rm -rf "$run"
    }
    trap stop_pg EXIT
    (cd "$run" && "${as[@]}" "$pgbin/initdb" -D "$run/data" -A trust -U postgres > "$run/initdb.log")
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >> "$run/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$run'
EOF
    (cd "$run" && "${as[@]}" "$pgbin/pg_ctl" -D "$run/data" -l "$run/postgres.log" -w start > /dev/null)
    createdb -h 127.0.0.1 -p "$port" -U postgres arbitre
    python3 bench/crash.py --bin "$bin" --db "postgres://postgres@127.0.0.1:$port/arbitre" \
        --pg-restart "$pg_restarts" --pgdata "$run/data" --pg-bin "$pgbin" --games "$games" || status=1
    stop_pg
    trap - EXIT
fi
exit $status
