#!/usr/bin/env bash
# Runs the whole test suite (browser tests included, in a headless Chromium installed when
# missing): on the embedded H2 database, then again on a throwaway PostgreSQL that this script
# starts and removes; then the performance lab's smoke run (the real user
# flow through Gatling against the built jar for ~20 s, failing on any error, no timing
# thresholds). Extra arguments go to Maven (e.g. -Dtest=AuthFlowTest) and skip the smoke run.
# The API contract run (Schemathesis and a generated client, bench/contract/run.sh) is separate.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. scripts/lib/chromium.sh
outlay_use_jdk
outlay_chromium_ensure
outlay_pg_start
export OUTLAY_TEST_PG_URL="$OUTLAY_PG_URL" OUTLAY_TEST_PG_USER="$OUTLAY_PG_USER"
./mvnw -B --no-transfer-progress verify "$@"
outlay_pg_stop
if [ $# -eq 0 ]; then
  LAB_SKIP_BUILD=1 LAB_OUT=target/lab/smoke bench/lab/run.sh smoke
fi
