"""arbitre: the FIDE Laws of Chess by edition, every decision with its article.

The functions and classes are those of the compiled module ``arbitre._arbitre``
(Rust, PyO3); see ``__init__.pyi`` for their types and docs/PYTHON.md.
"""

from ._arbitre import (
    ArbitreError,
    Audit,
    FenError,
    Game,
    PgnError,
    ScenarioError,
    __version__,
    audit,
    can_checkmate,
    replay,
)

__all__ = [
    "ArbitreError",
    "Audit",
    "FenError",
    "Game",
    "PgnError",
    "ScenarioError",
    "__version__",
    "audit",
    "can_checkmate",
    "replay",
]
