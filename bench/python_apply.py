#!/usr/bin/env python3
"""The Python side of `Game.apply`'s cost (bench/python.sh): the games of
GAMES.json (`[["e4", "e5", ...], ...]`) played move by move through
`arbitre.Game.apply`, the time of the calls alone, best of 5 rounds.
usage: python3 bench/python_apply.py GAMES.json"""
import json
import sys
import time

import arbitre


def main():
    games = json.load(open(sys.argv[1], encoding="utf-8"))
    best, calls = float("inf"), 0
    for _ in range(5):
        spent, calls = 0.0, 0
        for moves in games:
            game = arbitre.Game(edition="fide-2023", time_control="5400+30")
            events = [{"t": i + 1, "by": "white" if i % 2 == 0 else "black", "move": san} for i, san in enumerate(moves)]
            apply = game.apply
            started = time.perf_counter()
            for event in events:
                apply(event)
            spent += time.perf_counter() - started
            calls += len(events)
        best = min(best, spent)
    print(f"python apply: {calls} calls, {best:.3f} s, {best / calls * 1e6:.2f} us/call (best of 5)")


if __name__ == "__main__":
    main()
