#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit, property and scenario tests.
set -euo pipefail
cd "$(dirname "$0")"
cargo fmt --all --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked --release --all-targets
cargo test --locked --release --doc
