#!/usr/bin/env bash
# The crash campaign (issue 15; RELIABILITY.md, "Crashes"): bench/crash.py
# on a fresh SQLite file and on a fresh PostgreSQL database (127.0.0.1:5432,
# user postgres, trust; dropped afterwards): bots playing while the release
# server is killed with SIGKILL KILLS times and restarted, then every game
# checked against what its clients were told.
#   bench/crash.sh                 # 50 kills, 16 games, both stores
#   KILLS=200 GAMES=32 BACKENDS=sqlite bench/crash.sh
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${KILLS:-50}
games=${GAMES:-16}
backends=${BACKENDS:-sqlite postgres}
cargo build --release -q -p arbitre
echo "arbitre crash campaign: $kills kills, $games games, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
# the checker first: a move no client saw acknowledged must be reported
dir=$(mktemp -d)
python3 bench/crash.py --bin target/release/arbitre --db "sqlite://$dir/arbitre.db" \
    --kills 3 --games 3 --inject > /dev/null || { echo "the checker did not catch an injected move"; exit 1; }
rm -rf "$dir"
status=0
for backend in $backends; do
    case $backend in
    sqlite)
        dir=$(mktemp -d)
        python3 bench/crash.py --bin target/release/arbitre --db "sqlite://$dir/arbitre.db" \
            --kills "$kills" --games "$games" || status=1
        rm -rf "$dir"
        ;;
    postgres)
        name="arbitre_crash_$$"
        psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $name" > /dev/null
        python3 bench/crash.py --bin target/release/arbitre --db "postgres://postgres@127.0.0.1:5432/$name" \
            --kills "$kills" --games "$games" || status=1
        psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE $name WITH (FORCE)" > /dev/null
        ;;
    esac
done
# the disk full (SQLite on a 16 MiB tmpfs, which needs root to mount): filled
# while the bots play, then freed
if [ "$(id -u)" = 0 ] && [ "${DISK_FULL:-1}" = 1 ]; then
    mnt=$(mktemp -d)
    if mount -t tmpfs -o size=16m tmpfs "$mnt"; then
        python3 bench/crash.py --bin target/release/arbitre --db "sqlite://$mnt/arbitre.db" \
            --games "$games" --disk-full "$mnt" || status=1
        umount "$mnt"
    else
        echo "bench/crash.sh: no tmpfs could be mounted: the disk-full part did NOT run"
    fi
    rmdir "$mnt"
else
    echo "bench/crash.sh: not root: the disk-full part did NOT run"
fi
exit $status
