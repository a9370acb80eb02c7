#!/usr/bin/env bash
# The crash test's bench form: the same CrashTest as in CI (kill -9 under write load, restart,
# audit), with more crash runs, more acknowledged writes per run and a longer random window
# before each kill; on the embedded H2 default, then on PostgreSQL (only the server dies).
#
#   bench/crash/run.sh                          6 crash runs, >= 200 acknowledged writes each
#   CYCLES=20 WRITES=300 LOAD_MILLIS=5000 bench/crash/run.sh
#
# Figures: target/reliability/crash-h2.txt and crash-postgresql.txt (one line per database),
# server logs beside them. The CI form is ./scripts/test.sh -Dtest=CrashTest (2 runs x 60).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec ./scripts/test.sh -Dtest=CrashTest \
  -Doutlay.crash.cycles="${CYCLES:-6}" -Doutlay.crash.writes="${WRITES:-200}" -Doutlay.crash.load-millis="${LOAD_MILLIS:-3000}"
