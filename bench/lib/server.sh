# Starts and stops the production jar for benchmarks, on the throwaway PostgreSQL that
# scripts/lib/postgres.sh started (or, without one, on the embedded default in the data
# directory). Sourced after scripts/lib/jdk.sh; uses BENCH_PORT (default 18080).
. scripts/lib/jvm.sh
. scripts/lib/debian.sh

BENCH_PORT=${BENCH_PORT:-18080}
BENCH_BASE="http://127.0.0.1:$BENCH_PORT"
SERVER_PID=

# bench_server_start LOGFILE [VAR=VALUE ...]: extra variables configure the server.
bench_server_start() {
  local log=$1; shift
  local db=()
  # production's JVM settings and start-up cache (scripts/lib/jvm.sh); BENCH_JAVA_OPTS adds to
  # or overrides them for one benchmark (the import's smaller heap, the profiler's flags)
  JAVA_OPTS="${BENCH_JAVA_OPTS:-}" outlay_server_command target/outlay-0.1.0-SNAPSHOT.jar
  [ -n "${OUTLAY_PG_URL:-}" ] && db=(OUTLAY_DB_URL="$OUTLAY_PG_URL" OUTLAY_DB_USER="$OUTLAY_PG_USER")
  env "${db[@]}" OUTLAY_PORT="$BENCH_PORT" \
    OUTLAY_DATA_DIR="${BENCH_DATA_DIR:-target/bench/data}" "$@" \
    "${OUTLAY_SERVER_CMD[@]}" >"$log" 2>&1 &
  SERVER_PID=$!
  # half-second steps; BENCH_START_TIMEOUT (seconds, default 60) for a busy machine
  for _ in $(seq 1 $((${BENCH_START_TIMEOUT:-60} * 2))); do
    curl -sf "$BENCH_BASE/actuator/health/readiness" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "server did not start; see $log" >&2
  return 1
}

bench_server_stop() {
  if [ -n "$SERVER_PID" ]; then
    # a server that failed to start is gone already; under set -e a failing kill would end the
    # EXIT trap here and leave the throwaway PostgreSQL running
    kill "$SERVER_PID" 2>/dev/null || true
    # a server that cannot stop (out of memory, say) is killed after a minute rather than waited on forever
    local i
    for i in $(seq 1 60); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=
}

# bench_register EMAIL PASSWORD: creates the user (an existing one is left as it is).
bench_register() {
  curl -s -o /dev/null "$BENCH_BASE/auth/register" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\",\"displayName\":\"Bench\"}"
}

# bench_login EMAIL PASSWORD: prints an access token.
bench_login() {
  curl -s "$BENCH_BASE/auth/login" -H 'content-type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" |
    sed -E 's/.*"accessToken":"([^"]+)".*/\1/'
}

# bench_token EMAIL PASSWORD: registers the user if needed and prints an access token.
bench_token() {
  bench_register "$1" "$2"
  bench_login "$1" "$2"
}

# bench_data_server OUT EMAIL [VAR=VALUE ...]: the set-up the data benchmarks share: wrk check,
# JDK, a throwaway PostgreSQL sized for bulk loads, the production jar on it, and a signed-in
# user. Sets PSQL (array), BENCH_TOKEN (exported) and USER_ID; stops everything on exit.
bench_data_server() {
  local out=$1 email=$2; shift 2
  outlay_debian_ensure wrk wrk || exit 1
  outlay_use_jdk
  OUTLAY_PG_OPTIONS="-c shared_buffers=1GB -c work_mem=64MB -c maintenance_work_mem=512MB" outlay_pg_start
  mkdir -p "$out"
  ./mvnw -B -q --no-transfer-progress -DskipTests package
  trap 'bench_server_stop; outlay_pg_stop' EXIT
  bench_server_start "$out/server.log" OUTLAY_ACCESS_TOKEN_TTL=4h "$@"
  PSQL=("$OUTLAY_PG_BIN/psql" -h 127.0.0.1 -p "$OUTLAY_PG_PORT" -U "$OUTLAY_PG_USER" -d "$OUTLAY_PG_DB" -v ON_ERROR_STOP=1 -q -X)
  export BENCH_TOKEN
  BENCH_TOKEN=$(bench_token "$email" "bench password")
  USER_ID=$(curl -s "$BENCH_BASE/me" -H "Authorization: Bearer $BENCH_TOKEN" | sed -E 's/.*"id":"([^"]+)".*/\1/')
}
