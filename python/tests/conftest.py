"""Where the tests find what they read: the repository, the shared tree
(read in place, never copied), and the command line to compare with.

- ``ARBITRE_CONFORMANCE``: the shared conformance folder (default ``../shared/conformance``)
- ``ARBITRE_UNWINNABILITY``: the labelled positions (default ``../shared/corpus/unwinnability/dev_set.tsv``)
- ``ARBITRE_BIN``: the ``arbitre`` binary whose ``audit --json`` the module must match
  (default: the first of ``$CARGO_TARGET_DIR`` or ``target``, profiles release then checked)

A missing shared file skips its test, and fails it under ``ARBITRE_REQUIRE_CORPUS=1`` (CI).
"""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def shared(env: str, default: str) -> pathlib.Path:
    return pathlib.Path(os.environ.get(env) or ROOT / ".." / "shared" / default).resolve()


def absent(what: pathlib.Path, why: str) -> None:
    """Skips the test (fails it when ARBITRE_REQUIRE_CORPUS=1): `what` is absent."""
    message = f"{what} is absent: {why}"
    if os.environ.get("ARBITRE_REQUIRE_CORPUS") == "1":
        pytest.fail(message + " (ARBITRE_REQUIRE_CORPUS=1)")
    pytest.skip(message)


def arbitre_bin() -> pathlib.Path:
    given = os.environ.get("ARBITRE_BIN")
    if given:
        return pathlib.Path(given)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    for profile in ("release", "checked", "debug"):
        path = target / profile / "arbitre"
        if path.is_file():
            return path
    return target / "release" / "arbitre"
