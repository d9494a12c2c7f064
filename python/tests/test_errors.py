"""Every error names its path: a malformed scenario at a nested path, a bad
FEN, a bad event, a bad PGN; nothing panics across the boundary."""

import io
import json

import pytest

import arbitre

BASE = {"name": "x", "edition": "fide-2023", "time_control": "5400"}


def scenario(**more):
    events = [
        {"t": 1, "by": "white", "move": "e4"},
        {"t": 2, "by": "black", "move": "e5"},
        {"t": 3, "by": "white", "move": "Nf3"},
    ]
    return {**BASE, "events": events, **more}


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda s: s["events"].append({"t": 4, "by": "black", "move": 7}), "events[3].move"),
        (lambda s: s["events"].append({"t": 4, "by": "black", "claim": "draw"}), "events[3].claim"),
        (lambda s: s["events"].append({"t": 0.5, "by": "black", "move": "Nc6"}), "events[3].t"),
        (lambda s: s["events"][1].update(by="referee"), "events[1].by"),
        (lambda s: s.update(start="8/8/8/8/8/8/8/8 w - - 0 1"), "start"),
        (lambda s: s.update(regulations={"late_limit": "soon"}), "regulations.late_limit"),
        (lambda s: s.update(expect={"result": "2-0"}), "expect.result"),
        (lambda s: s.pop("name"), ""),
    ],
)
def test_malformed_scenario_names_its_path(change, path):
    s = scenario()
    change(s)
    for given in (s, json.dumps(s)):
        with pytest.raises(arbitre.ScenarioError) as e:
            arbitre.replay(given)
        assert isinstance(e.value, ValueError)
        assert e.value.path == path
        assert path in str(e.value)


def test_malformed_json_text():
    with pytest.raises(arbitre.ScenarioError, match="malformed JSON at line 1"):
        arbitre.replay('{"name": "x", "events": [}')


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        arbitre.replay(tmp_path / "absent.json")
    with pytest.raises(FileNotFoundError):
        next(arbitre.audit(tmp_path / "absent.pgn"))


def test_bad_fen():
    for fen in ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2P w - - 0 1"]:
        with pytest.raises(arbitre.FenError) as e:
            arbitre.can_checkmate(fen, "white")
        assert e.value.path == "position"
        assert isinstance(e.value, ValueError)


def test_bad_side_and_nodes():
    fen = "4k3/8/8/8/8/8/8/4K2Q w - - 0 1"
    with pytest.raises(arbitre.ArbitreError) as e:
        arbitre.can_checkmate(fen, "red")
    assert e.value.path == "side"
    with pytest.raises(TypeError):
        arbitre.can_checkmate(fen, 3)
    with pytest.raises(arbitre.ArbitreError):
        arbitre.can_checkmate(fen, "white", nodes=0)
    with pytest.raises(TypeError):
        arbitre.can_checkmate(42, "white")


@pytest.mark.parametrize(
    "data",
    [
        b"\x00\x01\x02binary\x00",
        "[Event \"x\"]\n1. e4 e5 *\n".encode("utf-16"),
        "\n\n",
    ],
)
def test_bad_pgn(data):
    games = arbitre.audit(data, jobs=1)
    with pytest.raises(arbitre.PgnError) as e:
        list(games)
    assert e.value.path == "source"


def test_unreadable_game_is_a_finding_not_an_error():
    pgn = '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Event "b"]\n[Result "*"]\n\n1. d4 *\n'
    games = list(arbitre.audit(pgn, jobs=1))
    assert [g["game"] for g in games] == [1, 2]
    assert any(f["kind"] == "illegal-move" for f in games[0]["findings"])


def test_bad_arguments():
    with pytest.raises(arbitre.ArbitreError) as e:
        arbitre.audit("[Event \"x\"]\n*\n", edition="fide-1999")
    assert e.value.path == "edition"
    with pytest.raises(arbitre.ArbitreError) as e:
        arbitre.replay(BASE, lang="tlh")
    assert e.value.path == "lang"
    with pytest.raises(TypeError):
        arbitre.audit(3.5)
    with pytest.raises(TypeError):
        arbitre.replay(3.5)


def test_a_file_object_that_fails():
    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise OSError("disk on fire")

    with pytest.raises(arbitre.PgnError, match="disk on fire"):
        list(arbitre.audit(Broken(), jobs=1))
