"""`arbitre.replay` against every scenario's `expect`, and `Game` event by
event against `replay`."""

import json
import math
import pathlib

import pytest

import arbitre
from conftest import ROOT, absent, shared

CONFORMANCE = shared("ARBITRE_CONFORMANCE", "conformance")
FOLDERS = ["engine", "irregular", "adjourn", "live", "online"]


def files(base: pathlib.Path) -> list[pathlib.Path]:
    return sorted(p for sub in FOLDERS for p in (base / sub).glob("*.json"))


OWN = files(ROOT / "tests" / "scenarios") + files(ROOT / "tests" / "conformance")


def differences(expect: dict, got: dict) -> list[str]:
    """What `got` (the `--json` report) says against `expect`, as
    docs/SCENARIOS.md compares them: clocks within 0.05 s, `log_articles`
    each in the log, `decisions` the whole log in order, the FEN's first
    five fields, every other key equal."""
    problems = []
    for key, want in expect.items():
        if key == "clocks":
            for side, v in want.items():
                if not math.isclose(got["clocks"][side], v, abs_tol=0.05 + 1e-9):
                    problems.append(f"clocks.{side}: want {v}, got {got['clocks'][side]}")
        elif key == "log_articles":
            seen = [e["article"] for e in got["log"]]
            problems += [f"log lacks {a}" for a in want if a not in seen]
        elif key == "decisions":
            have = [[e["decision"], e["article"]] for e in got["log"]]
            if have != want:
                problems.append(f"decisions: want {want}, got {have}")
        elif key == "fen":
            if want.split(" ")[:5] != got["fen"].split(" ")[:5]:
                problems.append(f"fen: want {want}, got {got['fen']}")
        elif got.get(key) != want:
            problems.append(f"{key}: want {want!r}, got {got.get(key)!r}")
    return problems


def shared_files() -> list[pathlib.Path]:
    return files(CONFORMANCE) if CONFORMANCE.is_dir() else []


def test_shared_conformance_present():
    if not CONFORMANCE.is_dir():
        absent(CONFORMANCE, "the shared conformance scenarios did not run")
    assert len(shared_files()) >= 20


@pytest.mark.parametrize("path", shared_files() + OWN, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_replay_meets_expect(path: pathlib.Path):
    scenario = json.loads(path.read_text(encoding="utf-8"))
    got = arbitre.replay(path)
    assert differences(scenario.get("expect", {}), got) == []
    # the same from the JSON text and from the dict
    assert arbitre.replay(path.read_text(encoding="utf-8")) == got
    assert arbitre.replay(scenario) == got
    assert arbitre.replay(str(path)) == got


SETUP_APART = {"events", "until", "expect", "v"}


def play(scenario: dict, lang: str = "en") -> arbitre.Game:
    """The scenario played event by event through `Game`, to its end."""
    setup = {k: v for k, v in scenario.items() if k not in SETUP_APART}
    events = scenario["events"]
    starts = any("start" in e for e in events)
    game = arbitre.Game(arbiter_starts=starts, lang=lang, **setup)
    seqs = []
    for event in events:
        answer = game.apply(event)
        assert set(answer) == {"seq", "accepted", "decisions"}
        assert isinstance(answer["accepted"], bool)
        for d in answer["decisions"]:
            assert {"decision", "article", "message"} <= set(d)
        seqs.append(answer["seq"])
    assert seqs == list(range(len(events)))
    end = scenario.get("until", events[-1]["t"] if events else 0)
    game.advance(end)
    return game


@pytest.mark.parametrize("path", shared_files() + OWN, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_game_event_by_event_is_replay(path: pathlib.Path):
    scenario = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = play(scenario)
    except arbitre.ScenarioError:
        # a setup only a whole file can validate (none so far): replay must refuse it too
        with pytest.raises(arbitre.ScenarioError):
            arbitre.replay(scenario)
        return
    assert game.state() == arbitre.replay(scenario)
    assert game.fen == game.state()["fen"]
    assert game.result == game.state()["result"]


def test_french_messages():
    path = ROOT / "tests" / "conformance" / "engine" / "5.1a-checkmate.json"
    scenario = json.loads(path.read_text(encoding="utf-8"))
    fr = arbitre.replay(path, lang="fr")
    en = arbitre.replay(path)
    assert fr["result"] == en["result"] and fr["log"] != en["log"]
    assert play(scenario, lang="fr").state() == fr
