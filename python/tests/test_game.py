"""`arbitre.Game`: the read model, python-chess's board, and the errors."""

import chess
import pytest

import arbitre


def test_a_game_from_the_start():
    g = arbitre.Game(edition="fide-2023", time_control="5400+30")
    assert g.to_move == "white" and g.result == "*" and g.termination is None
    assert len(g.legal_moves) == 20 and "e2e4" in g.legal_moves
    a = g.apply({"t": 5, "by": "white", "move": "e4"})
    assert a == {"seq": 0, "accepted": True, "decisions": []}
    assert g.to_move == "black" and g.now == 5
    refused = g.apply({"t": 6, "by": "white", "move": "d4"})
    assert refused["accepted"] is False
    [d] = refused["decisions"]
    assert d["decision"] == "refused" and d["article"] and d["message"]
    for t, by, m in [(7, "black", "e5"), (8, "white", "Bc4"), (9, "black", "Nc6"), (10, "white", "Qh5"), (11, "black", "Nf6"), (12, "white", "Qxf7")]:
        g.apply({"t": t, "by": by, "move": m})
    assert g.result == "1-0" and g.termination == "checkmate" and g.status == "finished"
    assert g.legal_moves == []
    state = g.state()
    assert state["article"] == "5.1.1" and state["scoresheet"][-1] == "Qxf7#"
    board = g.board()
    assert isinstance(board, chess.Board) and board.is_checkmate()
    assert board.fen() == g.fen and len(board.move_stack) == 7
    assert "fide-2023" in repr(g)


def test_claims_and_flags():
    g = arbitre.Game(edition="fide-2005", time_control="5400", history="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1")
    assert g.to_move == "black" and g.claims == [] or "threefold" in g.claims
    flag = g.advance(5401)  # Black's clock ran from 0: its flag falls, seen by the arbiter (standard game)
    assert (g.result, g.termination) == ("1-0", "time-forfeit")
    assert flag["seq"] is None and flag["decisions"][-1]["article"] == "6.10"


def test_board_keeps_the_history():
    g = arbitre.Game(start="4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", history="1. O-O-O Kf7")
    board = g.board()
    assert board.fen() == g.fen
    assert [m.uci() for m in board.move_stack] == ["e1c1", "e8f7"]


def test_setup_keywords():
    g = arbitre.Game(edition="fide-2023", time_control="300+2", players={"white": "A", "black": "B"},
                     notation="fr", game_type="blitz", regulations={"late_limit": 0})
    assert g.apply({"t": 1, "by": "white", "move": "Cf3"})["accepted"]
    assert g.state()["game_type"] == "blitz" and g.edition == "fide-2023"
    assert g.live()["to_move"] == "black"


@pytest.mark.parametrize(
    "kwargs, path",
    [
        ({"start": "not a fen"}, "start"),
        ({"edition": "fide-1999"}, "edition"),
        ({"time_control": "forty"}, "time_control"),
        ({"players": {"white": 3}}, "players.white"),
        ({"odds": {"receiver": "green", "moves": 2}}, "odds.receiver"),
        ({"history": "1. e4 e4"}, "history"),
    ],
)
def test_setup_errors_name_their_path(kwargs, path):
    with pytest.raises(arbitre.ScenarioError) as e:
        arbitre.Game(**kwargs)
    assert isinstance(e.value, ValueError) and isinstance(e.value, arbitre.ArbitreError)
    assert e.value.path == path
    assert path in str(e.value)


def test_unknown_setup_key():
    with pytest.raises(arbitre.ScenarioError, match="colour"):
        arbitre.Game(colour="white")


@pytest.mark.parametrize(
    "event, path",
    [
        ({"t": 1, "by": "white", "claim": "nonsense"}, "claim"),
        ({"t": 1, "by": "nobody", "move": "e4"}, "by"),
        ({"t": -1, "by": "white", "move": "e4"}, "t"),
        ({"t": 1, "by": "white", "move": 4}, "move"),
        ({"t": 1, "by": "white", "move": "e4", "resign": True}, ""),
        ({"t": 1, "by": "arbiter", "adjust_time": {"white": "x"}}, "adjust_time.white"),
    ],
)
def test_event_errors_name_their_path(event, path):
    g = arbitre.Game(time_control="60")
    with pytest.raises(arbitre.ScenarioError) as e:
        g.apply(event)
    assert e.value.path == path, str(e.value)
    assert path in str(e.value)
    # nothing was applied
    assert g.apply({"t": 2, "by": "white", "move": "e4"})["seq"] == 0


def test_time_does_not_go_back():
    g = arbitre.Game(time_control="60")
    g.apply({"t": 10, "by": "white", "move": "e4"})
    with pytest.raises(arbitre.ScenarioError) as e:
        g.apply({"t": 9, "by": "black", "move": "e5"})
    assert e.value.path == "t"


def test_not_json():
    g = arbitre.Game()
    with pytest.raises(TypeError):
        g.apply({"t": 1, "by": "white", "move": object()})
    with pytest.raises(arbitre.ScenarioError, match="an object with `t`, `by` and one action"):
        g.apply("e4")  # type: ignore[arg-type]
    with pytest.raises(arbitre.ArbitreError) as e:
        arbitre.Game(lang="xx")
    assert e.value.path == "lang"
