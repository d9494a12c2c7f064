#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit, property and scenario
# tests, built with release optimisation plus overflow checks and debug
# assertions (profile `checked`, Cargo.toml), a type check of the fuzz
# targets, and the pages in a real browser.
set -euo pipefail
cd "$(dirname "$0")"

# Tests that read the shared corpus (`../shared/corpus`, read in place): say
# plainly which of them cannot run here. With ARBITRE_REQUIRE_CORPUS=1 (CI)
# they fail instead of not running.
if [ "${ARBITRE_REQUIRE_CORPUS:-}" = 1 ]; then
    fate="will FAIL (ARBITRE_REQUIRE_CORPUS=1)"
else
    fate="will NOT run"
fi
dev_set="${ARBITRE_UNWINNABILITY:-../shared/corpus/unwinnability/dev_set.tsv}"
if [ ! -f "$dev_set" ]; then
    echo "test.sh: $dev_set is absent; these tests $fate:"
    echo "  crates/laws/tests/unwinnability_set.rs: fast_test_never_contradicts_the_labels"
    echo "  crates/arbitre/tests/analyze.rs: dev_set_agrees_with_the_labels"
fi
pgn="${ARBITRE_CORPUS:-../shared/corpus/pgn}"
if [ ! -d "$pgn" ]; then
    echo "test.sh: $pgn is absent; these benches (run once by cargo test) $fate:"
    echo "  crates/laws/benches/replay.rs"
    echo "  crates/arbitre/benches/audit.rs (unless required, it runs on the committed fixture instead)"
fi
conformance="${ARBITRE_CONFORMANCE:-../shared/conformance}"
if [ ! -d "$conformance" ]; then
    echo "test.sh: $conformance is absent; crates/arbitre/tests/scenarios.rs runs the committed copies only"
fi

if [ "${ARBITRE_REQUIRE_POSTGRES:-}" != 1 ] && ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
    echo "test.sh: no PostgreSQL at 127.0.0.1:5432; the PostgreSQL variants of crates/store's tests and of crates/arbitre/tests/serve_e2e.rs will NOT run (ARBITRE_REQUIRE_POSTGRES=1 makes them fail instead)"
fi

cargo fmt --all --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked --profile checked --all-targets
cargo test --locked --profile checked --doc
# the fuzz targets (built for fuzzing on nightly) must at least type-check
cargo check --locked --manifest-path fuzz/Cargo.toml --target-dir "${CARGO_TARGET_DIR:-target}"

# The supply chain (deny.toml, offline): licences compatible with
# GPL-3.0-or-later, duplicate major versions only with their reason, crates
# only from crates.io or vendor/. cargo-deny is installed when missing.
if ! cargo deny --version > /dev/null 2>&1; then
    echo "test.sh: installing cargo-deny"
    cargo install --locked --quiet cargo-deny@0.20.2 || true
fi
if cargo deny --version > /dev/null 2>&1; then
    # every crate of the lock file on disk, those of other platforms too:
    # cargo-deny reads them all, and offline it cannot fetch them (a fresh
    # machine has only what its builds needed)
    cargo fetch --locked --quiet
    cargo deny --offline --log-level error check licenses bans sources
elif [ "${ARBITRE_REQUIRE_DENY:-}" = 1 ]; then
    echo "test.sh: cargo-deny cannot be installed (ARBITRE_REQUIRE_DENY=1)"
    exit 1
else
    echo "test.sh: no cargo-deny: the supply-chain checks did NOT run"
fi

# schemathesis against the server's own OpenAPI document: no 5xx, every
# answer as documented (tests/schemathesis.sh)
tests/schemathesis.sh "${CARGO_TARGET_DIR:-target}/checked/arbitre"

# a round's TRF given back by the server, read by PyPI's trf with every
# column checked (tests/trf_readback.sh)
tests/trf_readback.sh "${CARGO_TARGET_DIR:-target}/checked/arbitre"

# The Python module (python/, docs/PYTHON.md) as its users install it: a
# fresh venv, the wheel built and installed, pytest and mypy
# (tests/python.sh; ARBITRE_REQUIRE_PYTHON=1 makes a missing Python or PyPI
# a failure instead of a notice)
tests/python.sh "${CARGO_TARGET_DIR:-target}/checked/arbitre"

# The pages in a real browser (web/tests/run.mjs: Playwright's
# playwright-core, pinned in web/package-lock.json, driving Debian's
# Chromium headless against the server binary just tested). Chromium is
# installed when missing (apt-get, as root); where it cannot be, this says
# plainly that the browser tests did not run — with ARBITRE_REQUIRE_BROWSER=1
# (CI) it fails instead. The pages embedded in the binary (web/dist) must be
# what web/src builds.
browser="${CHROMIUM:-$(command -v chromium || true)}"
if [ -z "$browser" ] && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "test.sh: installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null || true
    browser="$(command -v chromium || true)"
fi
if [ -z "$browser" ] || ! command -v npm > /dev/null; then
    if [ "${ARBITRE_REQUIRE_BROWSER:-}" = 1 ]; then
        echo "test.sh: no Chromium or no npm: the browser tests cannot run (ARBITRE_REQUIRE_BROWSER=1)"
        exit 1
    fi
    echo "test.sh: no Chromium or no npm: the browser tests of web/tests did NOT run"
else
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    node web/build.mjs --check
    node web/tests/run.mjs --bin "${CARGO_TARGET_DIR:-target}/checked/arbitre" \
        --chromium "$browser" --out "${CARGO_TARGET_DIR:-target}/web-artifacts"
fi
