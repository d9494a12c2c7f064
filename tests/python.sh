#!/usr/bin/env bash
# The Python module (python/, issue 31) as its users get it: a fresh virtual
# environment in a temporary folder, the pinned tools of
# python/requirements-test.txt from PyPI, the wheel built by maturin and
# installed with pip, then pytest (python/tests: the conformance scenarios,
# Game against replay, can_checkmate against the labelled positions, the
# audit against the command line's JSON, the errors) and mypy on the type
# stubs. Run by test.sh with the binary it tested:
#   tests/python.sh target/checked/arbitre
# The wheel is built with the `checked` profile (test.sh's: release
# optimisation with overflow checks) in the same CARGO_TARGET_DIR, so that
# it reuses test.sh's build. Where Python, venv or PyPI are missing it says
# so plainly; ARBITRE_REQUIRE_PYTHON=1 (.ci/run) makes that a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath -m "${1:-${CARGO_TARGET_DIR:-target}/checked/arbitre}")
cannot() {
    if [ "${ARBITRE_REQUIRE_PYTHON:-}" = 1 ]; then
        echo "tests/python.sh: $1 (ARBITRE_REQUIRE_PYTHON=1)"
        exit 1
    fi
    echo "tests/python.sh: $1: the Python module's tests did NOT run"
    exit 0
}
python="${PYTHON:-python3}"
command -v "$python" > /dev/null || cannot "no $python"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$python" -m venv "$dir/venv" > "$dir/log" 2>&1 || cannot "$python -m venv fails: $(tail -n 1 "$dir/log")"
venv="$dir/venv/bin"
"$venv/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt > "$dir/log" 2>&1 \
    || cannot "pip cannot install python/requirements-test.txt: $(tail -n 1 "$dir/log")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
# maturin builds with the venv's interpreter; a build error fails the tests
"$venv/maturin" build --quiet --profile checked --manifest-path python/Cargo.toml \
    --interpreter "$venv/python" --out "$dir/wheel"
"$venv/pip" install --quiet --disable-pip-version-check --no-index "$dir"/wheel/arbitre-*.whl
# the installed package, not the source folder, is what the tests import
(cd "$dir" && ARBITRE_BIN="$bin" "$venv/python" -m pytest -q -p no:cacheprovider "$OLDPWD/python/tests")
"$venv/mypy" --strict --no-incremental --cache-dir /dev/null python/tests/test_typed_usage.py
echo "tests/python.sh: the wheel built, pytest and mypy passed"
