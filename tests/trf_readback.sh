#!/usr/bin/env bash
# A round's TRF given back by the server, read by an independent library:
# PyPI's `trf` (tests/trf_readback.py). The server binary creates a round
# from a TRF of three rounds and the pairing engine's pairs (the pairing
# crate's sample, 11 players, the bye to player 11), its boards end in
# every kind of result (a mate, a resignation before a move, an agreement,
# a forfeit declared, both players losing), and the TRF it gives back must
# read with every column as expected; then the next round is paired from
# that file by an independent pairing engine (tests/trf_next_round.py) and
# created from it. Run by test.sh; installs `trf` with pip when missing
# (ARBITRE_REQUIRE_TRF=1, set by .ci/run, makes its absence, or the pairing
# engine's, a failure instead of a notice).
#   tests/trf_readback.sh target/checked/arbitre
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
if ! python3 -c 'import trf' 2> /dev/null; then
    pip install --quiet --disable-pip-version-check 'trf==1.1.1' > /dev/null 2>&1 || true
fi
if ! python3 -c 'import trf' 2> /dev/null; then
    if [ "${ARBITRE_REQUIRE_TRF:-0}" = 1 ]; then
        echo "tests/trf_readback.sh: PyPI's trf cannot be installed (ARBITRE_REQUIRE_TRF=1)"
        exit 1
    fi
    echo "tests/trf_readback.sh: no trf (pip install trf): the TRF read-back did NOT run"
    exit 0
fi
token=trf-readback-organiser-token-31c7
# shellcheck source=tests/serve.sh
. "$(dirname "$0")/serve.sh"
# the pairing crate's TRF-16 sample; PyPI's trf reads titles of two letters
# only (its pattern wants column 11 blank), so its WIM is an IM here
before="$dir/before.trf"
sed 's/^001    4 wWIM /001    4 w IM /' "$here/../crates/pairing/tests/data/trf16-spring-open.trf" > "$before"
printf '6\n1 2\n3 4\n5 6\n7 8\n9 10\n11 0\n' > "$dir/pairs.txt"
python3 -c 'import json, sys
trf, pairs = (open(p, encoding="utf-8", newline="").read() for p in sys.argv[1:3])
print(json.dumps({"edition": "fide-2023", "time_control": "5400+30",
                  "pairings": {"trf": trf, "pairs": pairs}}))' "$before" "$dir/pairs.txt" > "$dir/round.json"
# field PATH: a value of the round's creation's answer (`boards.0.game`)
field() {
    python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(v)' "$dir/created.json" "$1"
}
curl -sf "$base/api/rounds" -H "Authorization: Bearer $token" -d @"$dir/round.json" > "$dir/created.json"
round=$(field id)
curl -sf "$base/api/rounds/$round/events" -H "Authorization: Bearer $token" -d '{"start": true}' > /dev/null
# event BOARD SEAT BODY: one event on board BOARD (1-based) by SEAT
event() {
    local game seat_token
    game=$(field "boards.$(($1 - 1)).game")
    seat_token=$(field "boards.$(($1 - 1)).tokens.$2")
    curl -sf "$base/api/games/$game/events" -H "Authorization: Bearer $seat_token" \
        -H 'Prefer: return=minimal' -d "$3" | grep -q '"accepted":true' \
        || { echo "board $1, $2: $3 was not accepted"; exit 1; }
}
event 1 white '{"move": "f3"}'; event 1 black '{"move": "e5"}'
event 1 white '{"move": "g4"}'; event 1 black '{"move": "Qh4#"}'
event 2 white '{"resign": true}'
event 3 white '{"move": "e4"}'; event 3 black '{"move": "e5"}'
event 3 white '{"offer_draw": true}'; event 3 black '{"accept_draw": true}'
event 4 arbiter '{"declare_result": {"result": "-/+", "article": "6.7.1"}}'
event 5 arbiter '{"declare_result": {"result": "-/-", "article": "11.3.2.2"}}'
curl -sf "$base/api/rounds/$round/trf" -H "Authorization: Bearer $token" > "$dir/after.trf"
cat > "$dir/expected.json" << 'JSON'
{"round": 4,
 "cells": {"1": [2, "w", "0"], "2": [1, "b", "1"], "3": [4, "w", "L"], "4": [3, "b", "W"],
           "5": [6, "w", "="], "6": [5, "b", "="], "7": [8, "w", "-"], "8": [7, "b", "+"],
           "9": [10, "w", "-"], "10": [9, "b", "-"], "11": [0, "-", "U"]},
 "points": {"1": 0, "2": 1, "3": 0, "4": 1, "5": 0.5, "6": 0.5, "7": 0, "8": 1,
            "9": 0, "10": 0, "11": 1}}
JSON
python3 "$here/trf_readback.py" "$before" "$dir/after.trf" "$dir/expected.json"
# the next round paired from that file by an independent pairing engine
# (npm's tournament-pairings, pinned in web/package-lock.json), and the
# round created from the same file and those pairs: the loop an arbiter
# runs every round
web="$here/../web"
if [ ! -d "$web/node_modules/tournament-pairings" ] && command -v npm > /dev/null; then
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ ! -d "$web/node_modules/tournament-pairings" ] || ! command -v node > /dev/null; then
    if [ "${ARBITRE_REQUIRE_TRF:-0}" = 1 ]; then
        echo "tests/trf_readback.sh: no node or no tournament-pairings: the next round cannot be paired (ARBITRE_REQUIRE_TRF=1)"
        exit 1
    fi
    echo "tests/trf_readback.sh: no node or no tournament-pairings: the next round was NOT paired"
    exit 0
fi
python3 "$here/trf_next_round.py" "$dir/after.trf" "$web" > "$dir/pairs5.txt"
python3 -c 'import json, sys
trf, pairs = (open(p, encoding="utf-8", newline="").read() for p in sys.argv[1:3])
print(json.dumps({"edition": "fide-2023", "time_control": "5400+30",
                  "pairings": {"trf": trf, "pairs": pairs}}))' "$dir/after.trf" "$dir/pairs5.txt" > "$dir/round5.json"
curl -sS "$base/api/rounds" -H "Authorization: Bearer $token" -d @"$dir/round5.json" > "$dir/created5.json"
python3 -c 'import json, sys
created = json.load(open(sys.argv[1]))
pairs = open(sys.argv[2]).read().split()
boards = [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in created.get("boards", [])]
want = [(int(pairs[i]), int(pairs[i + 1])) for i in range(1, len(pairs), 2) if pairs[i + 1] != "0"]
assert created.get("round") == 5, created
assert boards == want, (boards, want)
print(f"round 5 created from the TRF given back and its pairs: {len(boards)} boards")' "$dir/created5.json" "$dir/pairs5.txt"
if grep -q "panicked" "$dir/log"; then
    echo "the server panicked:"; grep -A5 panicked "$dir/log"; exit 1
fi
