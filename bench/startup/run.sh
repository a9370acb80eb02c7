#!/usr/bin/env bash
# Time to ready, as production starts the jar (scripts/lib/jvm.sh: its flags and start-up cache):
#
#   bench/startup/run.sh [RUNS]
#
# For each database (H2, and PostgreSQL when scripts/lib/postgres.sh finds one; STARTUP_DBS="h2"
# for H2 only) and each case (first: an empty database, all migrations and the signing key;
# restart: the same data again), RUNS starts (default 3), one line each: wall time from launch
# to `/actuator/health/readiness` UP (polled every 50 ms), Spring's "Started ... in", and the
# server's CPU time up to ready (utime + stime from /proc, which other work on a shared machine
# inflates far less than the wall time). The cache's training run, when due, happens before any
# clock starts. STARTUP_JAVA_OPTS adds JVM flags (after production's); STARTUP_SKIP_BUILD=1.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. scripts/lib/jvm.sh
RUNS=${1:-3}
PORT=${STARTUP_PORT:-18095}
outlay_use_jdk
[ "${STARTUP_SKIP_BUILD:-0}" = 1 ] || ./mvnw -B -q --no-transfer-progress -DskipTests package
JAR=${STARTUP_JAR:-target/outlay-0.1.0-SNAPSHOT.jar} # STARTUP_JAR: another build (a copy of the jar before a change)
JAVA_OPTS="${STARTUP_JAVA_OPTS:-}" outlay_server_command "$JAR"
TICKS=$(getconf CLK_TCK)
DATA=$(mktemp -d "${TMPDIR:-/tmp}/outlay-startup.XXXXXX")
PID=
cleanup() {
  [ -n "$PID" ] && { kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; } || true
  outlay_pg_stop 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT

# one_start LABEL ENV...: starts the server, waits for ready, prints one line, stops it
one_start() {
  local label=$1 t0 t1 cpu started; shift
  t0=$(date +%s%N)
  env "$@" OUTLAY_PORT="$PORT" OUTLAY_DATA_DIR="$DATA/data" "${OUTLAY_SERVER_CMD[@]}" >"$DATA/server.log" 2>&1 &
  PID=$!
  until curl -sf "http://127.0.0.1:$PORT/actuator/health/readiness" >/dev/null 2>&1; do
    kill -0 "$PID" 2>/dev/null || { echo "server died; log:" >&2; tail -20 "$DATA/server.log" >&2; exit 1; }
    sleep 0.05
  done
  t1=$(date +%s%N)
  cpu=$(awk -v t="$TICKS" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$PID/stat")
  # the thread that ran main() (the launcher's second thread, still named "java"; it stays, waiting,
  # after main returns):
  # its CPU is the start's critical path, which work moved to other threads no longer lengthens
  main='?'
  for task in /proc/"$PID"/task/*; do
    [ "${task##*/}" != "$PID" ] && [ "$(cat "$task/comm" 2>/dev/null)" = java ] &&
      main=$(awk -v t="$TICKS" '{ printf "%.2f", ($14 + $15) / t }' "$task/stat") && break
  done
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
  started=$(grep -o 'Started [A-Za-z]* in [0-9.]* seconds' "$DATA/server.log" | grep -o '[0-9.]* seconds' || echo '?')
  printf '%-28s ready %5.2f s  started %-13s cpu %s s  main thread %s s  load %s\n' "$label" \
    "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$started" "$cpu" "$main" "$(cut -d' ' -f1 /proc/loadavg)"
}

for db in ${STARTUP_DBS:-h2 pg}; do
  envs=()
  if [ "$db" = pg ]; then
    outlay_pg_start >/dev/null || { echo "no PostgreSQL; H2 only" >&2; continue; }
    trap cleanup EXIT # outlay_pg_start sets its own
    envs=(OUTLAY_DB_URL="$OUTLAY_PG_URL" OUTLAY_DB_USER="$OUTLAY_PG_USER")
    psql=("$OUTLAY_PG_BIN/psql" -h 127.0.0.1 -p "$OUTLAY_PG_PORT" -U "$OUTLAY_PG_USER" -d "$OUTLAY_PG_DB" -q -X)
  fi
  for _ in $(seq 1 "$RUNS"); do
    rm -rf "$DATA/data"
    [ "$db" = pg ] && PGOPTIONS='-c client_min_messages=warning' "${psql[@]}" -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' >/dev/null
    one_start "$db first (empty database)" "${envs[@]}"
    one_start "$db restart" "${envs[@]}"
  done
  [ "$db" = pg ] && outlay_pg_stop
done
