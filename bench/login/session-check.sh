#!/usr/bin/env bash
# Per-request cost of the session check (an ended session's access tokens are refused): wrk on
# GET /me with the check off (OUTLAY_SESSION_CHECK_INTERVAL=0) and on (5 s, the default),
# alternating ROUNDS times, each for SECONDS with CONNECTIONS connections on one token.
# Results: target/bench/session-check/results.txt. Traffic: 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

ROUNDS=${ROUNDS:-2}
SECONDS_PER_RUN=${SECONDS:-15}
CONNECTIONS=${CONNECTIONS:-16}
OUT=target/bench/session-check
outlay_debian_ensure wrk wrk || exit 1
outlay_use_jdk
outlay_pg_start
mkdir -p "$OUT"
[ "${BENCH_SKIP_BUILD:-0}" = 1 ] || ./mvnw -B -q --no-transfer-progress -DskipTests package
trap 'bench_server_stop; outlay_pg_stop' EXIT
: >"$OUT/results.txt"
for round in $(seq 1 "$ROUNDS"); do
  for interval in 0 5s; do
    bench_server_start "$OUT/server.log" OUTLAY_SESSION_CHECK_INTERVAL=$interval OUTLAY_LOGIN_LIMIT_PER_IP=1000000
    token=$(bench_token "session-check@example.com" "bench password")
    wrk -t2 -c"$CONNECTIONS" -d5s -H "Authorization: Bearer $token" "$BENCH_BASE/me" >/dev/null # warm-up
    rps=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -H "Authorization: Bearer $token" "$BENCH_BASE/me" |
      awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} END {print r, "requests/s, p99", p}')
    echo "round $round, session check interval $interval: $rps" | tee -a "$OUT/results.txt"
    bench_server_stop
  done
done
