"""What a program using arbitre looks like to mypy (tests/python.sh runs
`mypy --strict` on this file against the installed stubs); also run by pytest."""

from typing import Optional

import chess

import arbitre


def test_typed_usage() -> None:
    report: dict[str, object] = arbitre.replay(
        {"name": "x", "edition": "fide-2023", "time_control": "-", "events": []}
    )
    assert report["result"] == "*"
    game = arbitre.Game(edition="fide-2005", time_control="5400+30", players={"white": "A", "black": "B"})
    answer = game.apply({"t": 1.5, "by": "white", "move": "e4"})
    accepted: bool = answer["accepted"]
    assert accepted
    fen: str = game.fen
    moves: list[str] = game.legal_moves
    assert fen and moves
    verdict: Optional[bool] = arbitre.can_checkmate(chess.Board(), chess.WHITE, nodes=10_000)
    assert verdict is not False
    for g in arbitre.audit('[Event "x"]\n[Result "*"]\n\n1. e4 *\n', jobs=1):
        assert g["plies"] == 1
    try:
        arbitre.can_checkmate("nonsense", "white")
    except arbitre.FenError as e:
        path: str = e.path
        assert path == "position"
