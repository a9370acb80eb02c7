#!/usr/bin/env bash
# Runs the whole test suite (browser tests included, in a headless Chromium installed when
# missing): on the embedded H2 database, then again on a throwaway PostgreSQL that this script
# starts and removes; then the performance lab's smoke run (the real user
# flow through Gatling against the built jar for ~20 s, failing on any error, no timing
# thresholds), with a real Prometheus scraping it: the alert rules' unit tests, then every
# dashboard query and rule in ops/ must return data (ops/check.py). Extra arguments go to
# Maven (e.g. -Dtest=AuthFlowTest) and skip the smoke run, the Prometheus checks and the contract.
# Last, the API contract (bench/contract/run.sh ci): Schemathesis's coverage cases for every
# operation of /v3/api-docs and a client generated from it running the seed's flow, against the
# built jar on H2 and on PostgreSQL; its longer fuzzing form is a bench command.
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
  . scripts/lib/prometheus.sh
  outlay_prometheus_install
  promtool test rules ops/prometheus/outlay-rules.test.yml
  outlay_prometheus_start 127.0.0.1:18090
  trap outlay_prometheus_stop EXIT
  LAB_SKIP_BUILD=1 LAB_OUT=target/lab/smoke LAB_PORT=18090 bench/lab/run.sh smoke
  python3 ops/check.py "$OUTLAY_PROM_URL"
  outlay_prometheus_stop
  CONTRACT_SKIP_BUILD=1 CONTRACT_PORT=18091 bench/contract/run.sh ci
fi
