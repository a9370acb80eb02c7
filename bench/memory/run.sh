#!/usr/bin/env bash
# The server's resident memory after a short load, for comparing JVM flags:
#
#   bench/memory/run.sh LABEL [JVM flags...]
#
# builds the jar (MEMORY_SKIP_BUILD=1 uses the one in target/), starts it with production's
# settings (scripts/lib/jvm.sh) plus the given flags on a fresh embedded database, makes a user
# with three accounts, runs wrk (2 threads, 32 connections, 15 s each) on /me, the transaction
# list, /accounts and /categories and again /me and the list, then prints each rate and the
# process's VmRSS, RssAnon and RssFile (/proc). Traffic goes to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
outlay_use_jdk
BENCH_PORT=${MEMORY_PORT:-18095}
. bench/lib/server.sh
outlay_debian_ensure wrk wrk || exit 1
label=${1:?usage: $0 LABEL [JVM flags...]}; shift
[ "${MEMORY_SKIP_BUILD:-0}" = 1 ] || ./mvnw -B -q --no-transfer-progress -DskipTests package
mkdir -p target/bench/memory
export BENCH_JAVA_OPTS="$*" BENCH_DATA_DIR
BENCH_DATA_DIR=$(mktemp -d)
trap 'bench_server_stop; rm -rf "$BENCH_DATA_DIR"' EXIT
bench_server_start "target/bench/memory/$label.log" OUTLAY_ACCESS_TOKEN_TTL=4h OUTLAY_LOGIN_LIMIT_PER_IP=1000
token=$(bench_token memory@example.com "bench password")
for i in 1 2 3; do
  curl -s -o /dev/null "$BENCH_BASE/accounts" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
    -d "{\"name\":\"Account $i\",\"currency\":\"EUR\"}"
done
for path in /me "/transactions?limit=50" /accounts /categories /me "/transactions?limit=50"; do
  printf '%s %s: %s\n' "$label" "$path" "$(wrk -t2 -c32 -d15s -H "Authorization: Bearer $token" "$BENCH_BASE$path" | awk '/Requests\/sec/ { print $2 "/s" }')"
done
printf '%s: %s\n' "$label" "$(grep -E 'VmRSS|RssAnon|RssFile' "/proc/$SERVER_PID/status" | tr -s ' \t' ' ' | tr '\n' ' ')"
