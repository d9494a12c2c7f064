"""arbitre: the FIDE Laws of Chess by edition, every decision with its article.

Type stubs of the compiled module (``arbitre._arbitre``), re-exported here.
"""

import os
from typing import IO, Any, Iterator, Literal, Optional, Protocol, Sequence, Union

__version__: str

JSON = Any
"""A JSON value as Python objects: dict, list, str, int, float, bool, None."""

Side = Union[Literal["white", "black"], bool]
"""``"white"``/``"black"``, or python-chess's ``chess.WHITE``/``chess.BLACK``."""

class _HasFen(Protocol):
    def fen(self) -> str: ...

class ArbitreError(ValueError):
    """What arbitre refuses: a malformed scenario, setup, event, FEN or PGN.

    ``str(e)`` is what the ``arbitre`` command says; ``e.path`` names where:
    a JSON path (``events[3].move``), an argument's name (``position``,
    ``source``), or ``""`` for the whole input.
    """

    path: str

class ScenarioError(ArbitreError):
    """A malformed scenario, setup or event (docs/SCENARIOS.md).

    >>> try:
    ...     arbitre.replay({"name": "x", "edition": "fide-2023", "time_control": "-",
    ...                     "events": [{"t": 1, "by": "white", "move": 4}]})
    ... except arbitre.ScenarioError as e:
    ...     e.path
    'events[0].move'
    """

class FenError(ArbitreError):
    """A FEN that is not a position a game can be played from (``path`` is ``"position"``)."""

class PgnError(ArbitreError):
    """An input of the audit that cannot be read as PGN (``path`` is ``"source"``)."""

def replay(scenario: Union[str, "os.PathLike[str]", dict[str, JSON]], lang: str = "en") -> dict[str, JSON]:
    """Plays a scenario to its end; returns what ``arbitre replay --json`` prints.

    ``scenario``: a scenario file's path, its JSON text (a str beginning
    with ``{``) or a dict in the shape of docs/SCENARIOS.md. ``lang``: the
    language of the log's messages (``en``, ``fr``; others in English).
    Raises ScenarioError (``.path`` its JSON path) when it is malformed.

    >>> r = arbitre.replay({"name": "fool's mate", "edition": "fide-2023",
    ...     "time_control": "-", "history": "1. f3 e5 2. g4",
    ...     "events": [{"t": 1, "by": "black", "move": "Qh4"}]})
    >>> r["result"], r["termination"], r["article"]
    ('0-1', 'checkmate', '5.1.1')
    """

def can_checkmate(position: Union[str, _HasFen], side: Side, nodes: Optional[int] = None) -> Optional[bool]:
    """Whether ``side`` can checkmate by some series of legal moves.

    ``position``: a FEN, or anything with a ``.fen()`` (a ``chess.Board``).
    ``True`` (a helpmate exists), ``False`` (proved impossible), or ``None``
    when the search is undecided within ``nodes`` search nodes (or its own
    limits) — never a guess. The GIL is released during the search.
    Raises FenError for a FEN that is no playable position.

    >>> arbitre.can_checkmate("8/8/8/4k3/8/8/3B4/4K3 w - - 0 1", "white")
    False
    >>> arbitre.can_checkmate(chess.Board(), chess.BLACK)
    True
    """

class Game:
    """A game under the Laws of one edition, played event by event.

    ``edition`` and ``time_control`` as in a scenario file (defaults
    ``fide-2023`` and ``-``, no clock); any other setup key of a scenario
    file as a keyword: ``start``, ``history``, ``game_type``, ``players``,
    ``notation``, ``odds``, ``regulations``, ``session_end``, ``clocks``,
    ``name``, ``lag_compensation``. ``arbiter_starts=True``: no clock runs
    until the arbiter's ``start`` event. ``lang``: the messages' language.

    >>> g = arbitre.Game(edition="fide-2005", time_control="5400+30")
    >>> g.apply({"t": 10, "by": "white", "move": "e4"})["accepted"]
    True
    >>> g.apply({"t": 20, "by": "white", "move": "d4"})["decisions"][0]["decision"]
    'refused'
    """

    def __init__(
        self,
        edition: str = "fide-2023",
        time_control: str = "-",
        *,
        arbiter_starts: bool = False,
        lang: str = "en",
        **setup: JSON,
    ) -> None: ...
    def apply(self, event: dict[str, JSON]) -> dict[str, JSON]:
        """Applies one event (docs/SCENARIOS.md) with its ``t`` and ``by``.

        Returns ``{"seq", "accepted", "decisions": [{"decision", "article",
        "message", "t", "event"}, …]}``. An event the Laws refuse is no
        error (``accepted`` is False, the refusal is a decision); a
        malformed one, or one before the game's time, raises ScenarioError.
        """
    def advance(self, t: float) -> dict[str, JSON]:
        """Lets time run to ``t`` seconds: a flag may fall. Returns as ``apply`` (``seq`` None)."""
    def state(self) -> dict[str, JSON]:
        """The game as ``arbitre replay --json`` reports it."""
    def live(self) -> dict[str, JSON]:
        """The live state a server answers with (the report, plus ``to_move``, ``claims``, ``dests``, ``uci``, …)."""
    def board(self) -> Any:
        """A ``chess.Board`` with the game's moves pushed (needs python-chess)."""
    @property
    def fen(self) -> str: ...
    @property
    def to_move(self) -> Literal["white", "black"]: ...
    @property
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, ``*`` while the game goes on, or another result code."""
    @property
    def termination(self) -> Optional[str]: ...
    @property
    def status(self) -> str:
        """``playing``, ``adjourned``, ``awaiting-ruling`` or ``finished``."""
    @property
    def legal_moves(self) -> list[str]:
        """The moves the side to move may make now, in UCI (touch-move and the move owed respected)."""
    @property
    def claims(self) -> list[str]:
        """The claims the side to move could make now (``threefold``, ``fifty-moves``, ``flag``, …)."""
    @property
    def now(self) -> float:
        """The game's time, in seconds on the arbiter's clock."""
    @property
    def edition(self) -> str: ...

class Audit(Iterator[dict[str, JSON]]):
    """The games of an audit, one dict each in the shape of ``arbitre audit --json``."""

    def __iter__(self) -> "Audit": ...
    def __next__(self) -> dict[str, JSON]: ...

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

def audit(
    source: Union[Source, Sequence[Source]],
    edition: str = "auto",
    claimable: bool = False,
    notes: bool = False,
    lang: str = "en",
    jobs: Optional[int] = None,
    thorough: bool = False,
) -> Audit:
    """Audits PGN games: yields one dict per game, lazily, in input order.

    ``source``: a path (str or os.PathLike; plain, gzip or zstd), PGN text
    (a str with a line break or beginning with ``[``), PGN bytes, a file
    object, or a list of these. ``edition``: ``auto`` (each game under the
    Laws of its ``Date``) or an edition's code. ``claimable``: report draws
    that could have been claimed. ``notes``: list the notes about the
    records. ``jobs``: worker threads, None for one a core; with 1 each game
    is judged when it is asked for. The GIL is released while games are
    judged. An input that cannot be read raises PgnError where it comes.

    >>> for game in arbitre.audit("games.pgn", jobs=1):
    ...     for f in game["findings"]:
    ...         print(game["game"], f["kind"], f["article"], f["message"])
    """
