#!/usr/bin/env bash
# Write throughput: 8 clients (one user each) creating transactions with POST /transactions
# (client-chosen ids), measured with wrk on the production jar.
#
#   USERS=1 bench/writes/run.sh         the 8 clients share one user: the writes of one user
#                                       serialise on that user's lock (the monthly totals' exactness)
#
#   bench/writes/run.sh                 on the embedded H2 default (a fresh data directory)
#   DB=postgresql bench/writes/run.sh   on a throwaway PostgreSQL with its durable defaults
#   H2_URL_SETTINGS=';WRITE_DELAY=500' bench/writes/run.sh
#                                       H2 in the data directory with these settings after the
#                                       shared ones (instead of the server's default URL)
#
# WARMUP_SECONDS (default 60) of the same load come first, unmeasured.
# Results go to target/bench/writes/results.txt. Traffic: 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

CLIENTS=${CLIENTS:-8}
USERS=${USERS:-$CLIENTS}
SECONDS_RUN=${SECONDS_RUN:-20}
OUT=target/bench/writes
outlay_debian_ensure wrk wrk || exit 1
outlay_use_jdk
mkdir -p "$OUT"
[ "${SKIP_BUILD:-0}" = 1 ] || ./mvnw -B -q --no-transfer-progress -DskipTests package
export BENCH_DATA_DIR
BENCH_DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/outlay-bench-writes.XXXXXX")
# without DB=postgresql the server runs on its embedded default (or on OUTLAY_DB_URL if set)
[ "${DB:-h2}" = postgresql ] && OUTLAY_PG_DURABLE=1 outlay_pg_start
# after outlay_pg_start, which sets a trap of its own that would leave the server running
trap 'bench_server_stop; outlay_pg_stop; rm -rf "$BENCH_DATA_DIR"' EXIT
settings=()
[ -n "${H2_URL_SETTINGS:-}" ] && settings=(OUTLAY_DB_URL="jdbc:h2:file:$BENCH_DATA_DIR/outlay;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000$H2_URL_SETTINGS")
bench_server_start "$OUT/server.log" OUTLAY_LOGIN_LIMIT_PER_IP=1000 OUTLAY_ACCESS_TOKEN_TTL=4h "${settings[@]}"

BENCH_USERS=
for i in $(seq 1 "$USERS"); do
  token=$(bench_token "writer$i@example.com" "bench password")
  account=$(curl -s "$BENCH_BASE/accounts" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
    -d '{"name":"Wallet","currency":"EUR"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
  BENCH_USERS="$BENCH_USERS$token $account;"
done
export BENCH_USERS
# warm-up: with 8 writers on two cores the JIT takes about a minute to compile the create path; measured after 5 s, as
# until 2026-11-28, one user's rate was half its warm rate (306 against 677-722/s, docs/performance.md)
wrk -t"$CLIENTS" -c"$CLIENTS" -d"${WARMUP_SECONDS:-60}s" --timeout 10s -s bench/writes/create.lua "$BENCH_BASE" >/dev/null
result=$(wrk -t"$CLIENTS" -c"$CLIENTS" -d"${SECONDS_RUN}s" --timeout 10s -s bench/writes/create.lua "$BENCH_BASE" | grep RESULT)
label="$(date -u +%FT%TZ) POST /transactions, $CLIENTS clients of $USERS user(s), ${DB:-h2}${H2_URL_SETTINGS:+ (H2 URL settings $H2_URL_SETTINGS)}"
printf '%s\n  %s\n' "$label" "${result#RESULT }" | tee -a "$OUT/results.txt"
