#!/usr/bin/env bash
# Login-storm benchmark: BCrypt on the bounded pool versus on the request threads.
#
#   bench/login/run.sh [mode ...]      modes: pool (default setting), inline-virtual, inline-platform
#
# For each mode: start the server (production jar, throwaway PostgreSQL, BCrypt cost 10),
# measure one BCrypt verification (sequential logins, server-side timer), GET /me latency
# alone (a paced probe of ~50 requests/s), then a login storm (CLIENTS concurrent clients for STORM_SECONDS) with GET /me
# measured beside it. Counts and latencies per status come from the server's own
# http.server.requests histogram. Results go to target/bench/login/. Traffic: 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

CLIENTS=${CLIENTS:-64}
STORM_SECONDS=${STORM_SECONDS:-20}
USERS=${BENCH_USERS:-64}
OUT=target/bench/login
MODES=("$@"); [ ${#MODES[@]} -gt 0 ] || MODES=(pool inline-virtual inline-platform)
BASE=$BENCH_BASE

outlay_debian_ensure wrk wrk || exit 1
outlay_use_jdk
outlay_pg_start
mkdir -p "$OUT"
./mvnw -B -q --no-transfer-progress -DskipTests package
trap 'bench_server_stop; outlay_pg_stop' EXIT

start_server() { # mode
  local virtual=true inline=false
  case "$1" in
    pool) ;;
    inline-virtual) inline=true ;;
    inline-platform) inline=true; virtual=false ;;
    *) echo "unknown mode $1" >&2; exit 2 ;;
  esac
  bench_server_start "$OUT/server-$1.log" OUTLAY_BCRYPT_COST=10 OUTLAY_HASH_ON_REQUEST_THREAD=$inline \
    SPRING_THREADS_VIRTUAL_ENABLED=$virtual OUTLAY_LOGIN_LIMIT_PER_IP=1000000000 OUTLAY_LOGIN_LIMIT_PER_ACCOUNT=1000000000
}

scrape() { curl -sf "$BASE/actuator/prometheus" >"$1"; }
login_json() { printf '{"email":"bench-%d@example.com","password":"bench password %d"}' "$1" "$1"; }

storm() { # mode name description honour-retry-after
  local mode=$1 name=$2 threads=2
  [ "$4" = 1 ] && threads=$CLIENTS
  echo "-- storm ($name: $3): $CLIENTS login clients for ${STORM_SECONDS}s, the same GET /me probe beside it" | tee -a "$OUT/$mode.txt"
  scrape "$OUT/$mode-$name-0.prom"
  PACE_MS=100 wrk -t1 -c5 -d"${STORM_SECONDS}s" --latency -s bench/login/paced.lua -H "Authorization: Bearer $TOKEN" "$BASE/me" >"$OUT/$mode-$name-me.txt" &
  local me_pid=$!
  HONOR_RETRY_AFTER=$4 BENCH_USERS=$USERS wrk -t"$threads" -c"$CLIENTS" -d"${STORM_SECONDS}s" --timeout 30s --latency \
    -s bench/login/login.lua "$BASE" | tee -a "$OUT/$mode.txt"
  wait $me_pid
  scrape "$OUT/$mode-$name-1.prom"
  echo "-- GET /me during the storm" | tee -a "$OUT/$mode.txt"
  tee -a "$OUT/$mode.txt" <"$OUT/$mode-$name-me.txt"
  echo "-- server view: POST /auth/login by status" | tee -a "$OUT/$mode.txt"
  python3 bench/lib/promstats.py "$OUT/$mode-$name-0.prom" "$OUT/$mode-$name-1.prom" route /auth/login POST | tee -a "$OUT/$mode.txt"
  echo "-- bcrypt: $(python3 bench/lib/promstats.py "$OUT/$mode-$name-0.prom" "$OUT/$mode-$name-1.prom" timer outlay_password_hash_duration)" | tee -a "$OUT/$mode.txt"
  echo "-- queue wait: $(python3 bench/lib/promstats.py "$OUT/$mode-$name-0.prom" "$OUT/$mode-$name-1.prom" timer outlay_password_hash_wait)" | tee -a "$OUT/$mode.txt"
}

for mode in "${MODES[@]}"; do
  echo "== $mode" | tee "$OUT/$mode.txt"
  start_server "$mode"
  for i in $(seq 0 $((USERS - 1))); do
    curl -s -o /dev/null "$BASE/auth/register" -H 'content-type: application/json' \
      -d "{\"email\":\"bench-$i@example.com\",\"password\":\"bench password $i\",\"displayName\":\"Bench $i\"}"
  done
  TOKEN=$(curl -s "$BASE/auth/login" -H 'content-type: application/json' -d "$(login_json 0)" | sed -E 's/.*"accessToken":"([^"]+)".*/\1/')

  # Warm up the JIT on both paths, then time single BCrypt verifications without contention.
  BENCH_USERS=$USERS wrk -t2 -c8 -d15s -s bench/login/login.lua "$BASE" >/dev/null
  wrk -t1 -c4 -d10s -H "Authorization: Bearer $TOKEN" "$BASE/me" >/dev/null
  # ... and on the storm's own paths (a full queue, refusals, clients waiting out Retry-After): a first
  # storm after these spent 6-8 s of C2 compilation in its 20 s (0.3-0.4 cores taken from hashing), the
  # third ~1.5 s. Measured is the server that has seen a storm, not its JIT's first encounter with one.
  HONOR_RETRY_AFTER=1 BENCH_USERS=$USERS wrk -t"$CLIENTS" -c"$CLIENTS" -d"${STORM_SECONDS}s" --timeout 30s \
    -s bench/login/login.lua "$BASE" >/dev/null
  sleep 2 # let the last queued hashes finish
  scrape "$OUT/$mode-0.prom"
  for i in $(seq 1 40); do curl -s -o /dev/null "$BASE/auth/login" -H 'content-type: application/json' -d "$(login_json $((i % USERS)))"; done
  scrape "$OUT/$mode-1.prom"
  echo "bcrypt verification (sequential): $(python3 bench/lib/promstats.py "$OUT/$mode-0.prom" "$OUT/$mode-1.prom" timer outlay_password_hash_duration)" | tee -a "$OUT/$mode.txt"

  echo "-- GET /me alone (paced probe: 5 clients x 10 req/s, 10 s)" | tee -a "$OUT/$mode.txt"
  PACE_MS=100 wrk -t1 -c5 -d10s --latency -s bench/login/paced.lua -H "Authorization: Bearer $TOKEN" "$BASE/me" | tee -a "$OUT/$mode.txt"

  storm "$mode" polite "clients that honour Retry-After" 1
  storm "$mode" flood "clients that retry at once" 0
  bench_server_stop
done
echo "results in $OUT/"
