#!/usr/bin/env python3
"""The audit benchmark's second peer: python-chess replaying the same PGN files
with its own repetition bookkeeping (a count of each position's transposition
key, as for threefold/fivefold), single-threaded.
usage: python3 bench/python_chess_replay.py FILE..."""
import collections, sys, time

import chess
import chess.pgn

def main():
    start = time.perf_counter()
    games = plies = repeated = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                games += 1
                board = game.board()
                seen = collections.Counter()
                seen[board._transposition_key()] += 1
                for move in game.mainline_moves():
                    board.push(move)
                    plies += 1
                    key = board._transposition_key()
                    seen[key] += 1
                    if seen[key] >= 3:
                        repeated += 1
    secs = time.perf_counter() - start
    print(f"python-chess replay: {games} games, {plies} plies, {secs:.3f} s, {plies / secs:.0f} plies/s ({repeated} threefold occurrences)")

if __name__ == "__main__":
    main()
