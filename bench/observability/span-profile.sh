#!/usr/bin/env bash
# Where tracing's CPU goes, without the lab's data set: a throwaway PostgreSQL, the production
# jar with tracing on (100 % sampling) exporting to otlp_sink.py, one user with 30 transactions,
# and wrk on GET /transactions (one server span and four SQL spans per request). Prints the
# server's CPU per request (process CPU time / requests, so neighbours on a shared machine
# inflate it less than a rate does); with PROFILE=1 it also takes async-profiler CPU and
# allocation profiles and prints the share of the Java threads' samples in each part of tracing
# (span_share.py). Results land in target/span-profile/<name>/.
#
#     bench/observability/span-profile.sh [JAR] [NAME]     # default: target/outlay-0.1.0-SNAPSHOT.jar, current
#
# Settings (environment): PROFILE=1, WARM (seconds of wrk before measuring, default 40), SECS
# (seconds measured per phase, default 40), TRACING=0 (tracing off: the same run's baseline).
# Needs wrk, and bench/lab/target/profiler (bench/lab/run.sh fetches async-profiler) for PROFILE=1.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=$(realpath "${1:-target/outlay-0.1.0-SNAPSHOT.jar}") NAME=${2:-current}
OUT=$PWD/target/span-profile/$NAME; rm -rf "$OUT"; mkdir -p "$OUT/jar"
. scripts/lib/jdk.sh; outlay_use_jdk
. scripts/lib/postgres.sh
. scripts/lib/pytools.sh
outlay_venv otlp-sink "opentelemetry-proto==1.45.2" # the pin of overhead.sh
SINK_PORT=$((30000 + RANDOM % 10000))
"$OUTLAY_VENV/bin/python" bench/observability/otlp_sink.py $SINK_PORT "$OUT/received.json" &
SINK=$!
outlay_pg_start
BENCH_PORT=$((40000 + RANDOM % 10000))
. bench/lib/server.sh
PROFILER=$(mktemp -d)
trap 'bench_server_stop; outlay_pg_stop; kill $SINK 2>/dev/null || true; rm -rf "$PROFILER"' EXIT
cp "$JAR" "$OUT/jar/outlay-0.1.0-SNAPSHOT.jar" # its own folder: no start-up cache is shared with another jar
ENDPOINT=http://127.0.0.1:$SINK_PORT; [ "${TRACING:-1}" = 1 ] || ENDPOINT=
JAVA_OPTS="-XX:+EnableDynamicAgentLoading -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints" OUTLAY_AOT_CACHE=0 \
  outlay_server_command "$OUT/jar/outlay-0.1.0-SNAPSHOT.jar"
env OUTLAY_DB_URL="$OUTLAY_PG_URL" OUTLAY_DB_USER="$OUTLAY_PG_USER" OUTLAY_PORT=$BENCH_PORT OUTLAY_DATA_DIR="$OUT/data" \
  OUTLAY_CONTINUOUS_PROFILE=false OUTLAY_OTLP_ENDPOINT="$ENDPOINT" OUTLAY_TRACE_SAMPLING=1.0 OUTLAY_ACCESS_TOKEN_TTL=4h \
  "${OUTLAY_SERVER_CMD[@]}" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do curl -sf "$BENCH_BASE/actuator/health/readiness" >/dev/null 2>&1 && break; sleep 0.5; done
export BENCH_TOKEN
BENCH_TOKEN=$(bench_token span-profile@outlay.test "bench password")
auth=(-H "Authorization: Bearer $BENCH_TOKEN" -H 'content-type: application/json')
account=$(curl -s "${auth[@]}" "$BENCH_BASE/accounts" -d '{"name":"Checking","currency":"EUR"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
for i in $(seq 1 30); do
  curl -s -o /dev/null "${auth[@]}" "$BENCH_BASE/transactions" -d "{\"accountId\":\"$account\",\"date\":\"2026-01-$(printf %02d $((i % 28 + 1)))\",
    \"items\":[{\"id\":\"$(cat /proc/sys/kernel/random/uuid)\",\"amount\":\"1.$i\",\"categoryId\":\"00000000-0000-7000-8000-000000000001\"}]}"
done
BENCH_PATH=/transactions wrk -t1 -c4 -d"${WARM:-40}s" -s bench/ledger/get.lua "$BENCH_BASE" >/dev/null
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"; }
phases=cpu
if [ "${PROFILE:-0}" = 1 ]; then
  unzip -q -o bench/lab/target/profiler/async-profiler-*.jar 'linux-x64/*' -d "$PROFILER"
  phases="cpu alloc"
fi
for phase in $phases; do
  [ "${PROFILE:-0}" = 1 ] && jcmd $SERVER_PID JVMTI.agent_load "$PROFILER/linux-x64/libasyncProfiler.so" \
    "\"start,event=$phase,interval=$([ $phase = cpu ] && echo 1ms || echo 512k)\"" >/dev/null
  c0=$(cpu_ticks)
  BENCH_PATH=/transactions wrk -t1 -c4 -d"${SECS:-40}s" -s bench/ledger/get.lua "$BENCH_BASE" >"$OUT/wrk-$phase.txt"
  c1=$(cpu_ticks)
  n=$(awk '/requests in/ { print $1 }' "$OUT/wrk-$phase.txt")
  echo "$NAME ($phase phase): $n requests, $(python3 -c "print(round(($c1 - $c0) * 1e6 / $(getconf CLK_TCK) / $n))") µs server CPU per request" | tee -a "$OUT/result.txt"
  [ "${PROFILE:-0}" = 1 ] && jcmd $SERVER_PID JVMTI.agent_load "$PROFILER/linux-x64/libasyncProfiler.so" \
    "\"stop,file=$OUT/$phase.collapsed,collapsed\"" >/dev/null
done
[ "${PROFILE:-0}" = 1 ] && python3 bench/observability/span_share.py "$OUT/cpu.collapsed" "$OUT/alloc.collapsed" | tee -a "$OUT/result.txt"
exit 0
