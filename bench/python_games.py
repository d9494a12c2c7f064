#!/usr/bin/env python3
"""The games of PGN files as SAN lists, for bench/python_apply.py and the
`apply_events` example: `[["e4", "e5", ...], ...]` on standard output, the
games python-chess reads from the standard position, at most LIMIT.
usage: python3 bench/python_games.py LIMIT FILE..."""
import json
import sys

import chess.pgn


def main():
    limit, games = int(sys.argv[1]), []
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            while len(games) < limit:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if "FEN" in game.headers or game.errors:
                    continue
                board, sans = game.board(), []
                for move in game.mainline_moves():
                    sans.append(board.san(move))
                    board.push(move)
                games.append(sans)
    json.dump(games, sys.stdout)


if __name__ == "__main__":
    main()
