#!/usr/bin/env bash
# Runs the whole test suite: on the embedded H2 database, then again on a throwaway PostgreSQL
# that this script starts and removes. Extra arguments go to Maven (e.g. -Dtest=AuthFlowTest).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
outlay_use_jdk
outlay_pg_start
export OUTLAY_TEST_PG_URL="$OUTLAY_PG_URL" OUTLAY_TEST_PG_USER="$OUTLAY_PG_USER"
./mvnw -B --no-transfer-progress verify "$@"
