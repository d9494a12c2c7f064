"""`arbitre.can_checkmate` against the labelled positions of
../shared/corpus/unwinnability: never False where a helpmate exists, never
True where it is proved impossible; None only when undecided."""

import csv

import chess
import pytest

import arbitre
from conftest import absent, shared

DEV_SET = shared("ARBITRE_UNWINNABILITY", "corpus/unwinnability/dev_set.tsv")
# each side's search budget: the whole set stays within a minute or two
NODES = 200_000


def test_simple_positions():
    assert arbitre.can_checkmate("8/8/8/4k3/8/8/3B4/4K3 w - - 0 1", "white") is False
    assert arbitre.can_checkmate("8/8/8/4k3/8/8/3B4/4K3 w - - 0 1", "black") is False
    assert arbitre.can_checkmate(chess.Board(), chess.BLACK) is True
    assert arbitre.can_checkmate(chess.Board(), chess.WHITE) is True
    assert arbitre.can_checkmate("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "white", nodes=1_000_000) is True


def test_dev_set_agrees_with_the_labels():
    if not DEV_SET.is_file():
        absent(DEV_SET, "can_checkmate was not checked against the labelled positions")
    rows = list(csv.DictReader(DEV_SET.open(encoding="utf-8"), delimiter="\t"))
    assert len(rows) > 3000
    wrong, decided, checked = [], 0, 0
    for row in rows:
        board = chess.Board(row["fen"])
        for side, label in ((chess.WHITE, row["white_can_mate"]), (chess.BLACK, row["black_can_mate"])):
            got = arbitre.can_checkmate(board if checked % 2 else row["fen"], side, nodes=NODES)
            checked += 1
            decided += got is not None
            if (label == "yes" and got is False) or (label == "no" and got is True):
                wrong.append((row["fen"], side, label, got))
    assert wrong == []
    # the budget decides most of them
    assert decided > 0.9 * checked, (decided, checked)


@pytest.mark.parametrize("nodes", [1, 10, 100])
def test_a_small_budget_says_none_rather_than_guess(nodes):
    # a pawn wall a helpmate gets through (labelled `yes` for both sides
    # in the dev set): a small budget may not find it, never denies it
    fen = "1K6/8/8/p1p1p1p1/P1P1P1P1/8/8/1k6 b - - 0 1"
    got = arbitre.can_checkmate(fen, "white", nodes=nodes)
    assert got in (None, True)
