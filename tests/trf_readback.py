"""A round's TRF, as arbitre gives it back, read by an independent TRF
library (PyPI's `trf`, GPLv3+): every column of every player checked
against the TRF given at the round's creation and the round's results.

    python3 tests/trf_readback.py BEFORE.trf AFTER.trf EXPECTED.json

EXPECTED: {"round": R, "cells": {"START_RANK": [OPPONENT, COLOUR, CODE]},
"points": {"START_RANK": DELTA}} — the new round's column of each player
(opponent 0 and colour "-" for a bye or no pairing) and what it adds to his
points.
"""

import json
import sys

import trf


def load(path):
    # the TRF's own line endings (CR, LF or CRLF) as the library reads them
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return trf.loads(text)


def main():
    before, after = load(sys.argv[1]), load(sys.argv[2])
    with open(sys.argv[3], encoding="utf-8") as f:
        expected = json.load(f)
    rnd = expected["round"]
    problems = []
    old = {p.startrank: p for p in before.players}
    new = {p.startrank: p for p in after.players}
    if sorted(old) != sorted(new):
        problems.append(f"players {sorted(old)} became {sorted(new)}")
    for rank, p in sorted(new.items()):
        q = old.get(rank)
        if q is None:
            continue
        for field in ["name", "sex", "title", "rating", "fed", "id", "birthdate", "rank"]:
            if getattr(p, field) != getattr(q, field):
                problems.append(f"player {rank}: {field} {getattr(q, field)!r} became {getattr(p, field)!r}")
        if len(p.games) != rnd:
            problems.append(f"player {rank}: {len(p.games)} rounds, not {rnd}")
            continue
        for g, h in zip(p.games[: rnd - 1], q.games):
            if (g.startrank, g.color, g.result) != (h.startrank, h.color, h.result):
                problems.append(f"player {rank}: round {g.round} changed: {h} became {g}")
        game = p.games[rnd - 1]
        opponent, colour, code = expected["cells"][str(rank)]
        got = (game.startrank or 0, game.color, game.result)
        if got != (opponent, colour, code):
            problems.append(f"player {rank}: round {rnd} is {got}, expected {(opponent, colour, code)}")
        delta = expected["points"][str(rank)]
        if abs(p.points - q.points - delta) > 1e-9:
            problems.append(f"player {rank}: points {q.points} → {p.points}, expected +{delta}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"trf {trf.__name__}: {len(new)} players, round {rnd}: every column as expected")


main()
