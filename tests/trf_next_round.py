"""The next round paired from the TRF arbitre gave back, by an independent
pairing engine: npm's `tournament-pairings` (its Swiss system, rated, with
colours: tests/pair_next_round.mjs), fed by PyPI's `trf` reading the file. Prints the pairs in JaVaFo's output form
(the first line the number of pairs, then `WHITE BLACK` by start rank, `N 0`
for the bye) for the server to create that round from the same TRF, and
checks what a Swiss pairing may never break whatever the file says
(C.04.1's absolute criteria): every player in one pair or the bye, no two
players paired who have met, no bye to a player who already had one or won
by forfeit.

    python3 tests/trf_next_round.py AFTER.trf WEB_DIR > pairs.txt
"""

import json
import os
import subprocess
import sys

import trf

SEATS = {"w": 1, "b": -1}


def load(path):
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    return trf.loads(text.replace("\r\n", "\n").replace("\r", "\n"))


def main():
    tournament = load(sys.argv[1])
    played = max(len(p.games) for p in tournament.players)
    players, met, had_bye = [], {}, set()
    for p in tournament.players:
        opponents = [g.startrank for g in p.games if g.startrank]
        met[p.startrank] = set(opponents)
        # a pairing-allocated bye, or a win by forfeit, already had
        if any(g.result in ("U", "+") for g in p.games):
            had_bye.add(p.startrank)
        players.append({
            "id": p.startrank,
            "score": p.points,
            "rating": p.rating or 0,
            "avoid": opponents,
            "seating": [SEATS[g.color] for g in p.games if g.color in SEATS],
            "receivedBye": p.startrank in had_bye,
        })
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pair_next_round.mjs")
    out = subprocess.run(["node", script, sys.argv[2], str(played + 1)], check=True,
                         input=json.dumps(players), capture_output=True, text=True).stdout
    pairs, bye, problems, seen = [], None, [], set()
    for match in json.loads(out):
        white, black = match.get("player1"), match.get("player2")
        if white is None or black is None:
            alone = white if white is not None else black
            if bye is not None:
                problems.append(f"two byes: {bye} and {alone}")
            bye = alone
            seen.add(alone)
            continue
        if black in met[white]:
            problems.append(f"{white} and {black} have met, and are paired again")
        if {white, black} & seen:
            problems.append(f"{white} or {black} paired twice")
        pairs.append((white, black))
        seen.update((white, black))
    if bye is not None and bye in had_bye:
        problems.append(f"the bye again to {bye}, who already had one")
    if len(seen) != len(players):
        problems.append(f"{len(seen)} players paired or given the bye, of {len(players)}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    lines = [f"{w} {b}" for w, b in pairs] + ([f"{bye} 0"] if bye is not None else [])
    print(len(lines))
    print("\n".join(lines))
    print(f"tournament-pairings: round {played + 1} paired from the TRF given back: {len(pairs)} boards"
          + (f", the bye to {bye}" if bye else ""), file=sys.stderr)


main()
