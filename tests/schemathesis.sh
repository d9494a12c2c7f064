#!/usr/bin/env bash
# schemathesis (PyPI) against the server's own OpenAPI document
# (/api/openapi.json): requests generated from its schemas, valid and not,
# with the organiser's token; every answer must be no 5xx, of the content
# type and shape the document says. Run by test.sh; installs schemathesis
# with pip when missing (ARBITRE_REQUIRE_SCHEMATHESIS=1, set by .ci/run,
# makes its absence a failure instead of a notice).
#   tests/schemathesis.sh target/checked/arbitre [MAX_EXAMPLES]
set -euo pipefail
bin=$1
examples=${2:-40}
if ! command -v schemathesis > /dev/null; then
    pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5' > /dev/null 2>&1 || true
fi
if ! command -v schemathesis > /dev/null; then
    if [ "${ARBITRE_REQUIRE_SCHEMATHESIS:-0}" = 1 ]; then
        echo "tests/schemathesis.sh: schemathesis cannot be installed (ARBITRE_REQUIRE_SCHEMATHESIS=1)"
        exit 1
    fi
    echo "tests/schemathesis.sh: no schemathesis (pip install schemathesis): the schema tests did NOT run"
    exit 0
fi
token=schemathesis-organiser-token-5e0f8a
# shellcheck source=tests/serve.sh
. "$(dirname "$0")/serve.sh"
# a game for the generated requests to find beside the random ids
curl -sf "$base/api/games" -H "Authorization: Bearer $token" \
    -d '{"edition": "fide-2023", "time_control": "5400+30"}' > /dev/null
status=0
# (its cache and reports in the temporary folder, not the checkout)
cd "$dir"
schemathesis run "$base/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance \
    --phases examples,coverage,fuzzing \
    --max-examples "$examples" --seed 20261124 --workers 1 \
    --exclude-path /api/games/{id}/stream \
    --request-timeout 10 --no-color || status=$?
if grep -q "panicked" "$dir/log"; then
    echo "the server panicked:"; grep -A5 panicked "$dir/log"; status=1
fi
exit $status
