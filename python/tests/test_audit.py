"""`arbitre.audit` against `arbitre audit --json` on the corpus fixtures,
byte for byte after parsing; lazy, in input order, from every kind of source."""

import gzip
import io
import json
import subprocess
import threading

import pytest

import arbitre
from conftest import ROOT, arbitre_bin

FIXTURES = sorted((ROOT / "crates" / "arbitre" / "tests" / "fixtures" / "audit").glob("*.pgn"))
BIN = arbitre_bin()


def command_line(args: list[str]) -> list[dict]:
    if not BIN.is_file():
        pytest.fail(f"no arbitre binary at {BIN}: build it (cargo build --release) or set ARBITRE_BIN")
    out = subprocess.run([str(BIN), "audit", "--json", *args], capture_output=True, check=False)
    assert out.returncode in (0, 1, 2), out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert "summary" in lines[-1]
    return lines[:-1]


def test_fixtures_present():
    assert len(FIXTURES) >= 5


@pytest.mark.parametrize("options", [{}, {"claimable": True, "notes": True}, {"edition": "fide-2005"}, {"lang": "fr"}],
                         ids=["default", "claimable-notes", "fide-2005", "fr"])
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_same_as_the_command_line(path, options):
    args = ["--jobs", "1"]
    for key, value in options.items():
        args += [f"--{key}"] if value is True else [f"--{key}", value]
    want = command_line(args + [str(path)])
    assert list(arbitre.audit(str(path), jobs=1, **options)) == want
    assert list(arbitre.audit(path, jobs=2, **options)) == want


def test_several_files_in_order():
    want = command_line(["--jobs", "2", *map(str, FIXTURES)])
    got = list(arbitre.audit([str(p) for p in FIXTURES], jobs=2))
    assert got == want
    assert [g["game"] for g in got] == list(range(1, len(got) + 1))


def test_sources_text_bytes_gzip_and_file_objects(tmp_path):
    path = ROOT / "crates" / "arbitre" / "tests" / "fixtures" / "audit" / "lichess.pgn"
    want = [dict(g, file="-") for g in arbitre.audit(str(path), jobs=1)]
    data = path.read_bytes()
    assert list(arbitre.audit(data.decode("utf-8"), jobs=1)) == want
    assert list(arbitre.audit(data, jobs=1)) == want
    assert list(arbitre.audit(gzip.compress(data), jobs=1)) == want
    assert list(arbitre.audit(io.BytesIO(data), jobs=1)) == want
    assert list(arbitre.audit(io.StringIO(data.decode("utf-8")), jobs=1)) == want
    with path.open(encoding="utf-8") as f:
        assert list(arbitre.audit(f, jobs=1)) == [dict(g, file=str(path)) for g in want]


def test_lazy_and_releases_the_gil():
    # many games: the first comes long before the last is judged
    game = '[Event "x"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n'
    games = arbitre.audit(game * 20000, jobs=1)
    first = next(games)
    assert first["game"] == 1
    # another thread runs Python while this one judges
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=tick)
    t.start()
    rest = sum(1 for _ in games)
    stop.set()
    t.join()
    assert rest == 19999
    assert len(ticks) > 100


def test_stopping_early_is_fine():
    path = FIXTURES[0]
    games = arbitre.audit(str(path), jobs=2)
    next(games)
    del games
