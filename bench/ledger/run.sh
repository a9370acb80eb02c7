#!/usr/bin/env bash
# Ledger read benchmark: GET /transactions (first page and a deep page) for one user with
# 100,000 and then 1,000,000 transactions, and GET /sellers/nearby over 1,000,000 locations.
#
#   bench/ledger/run.sh            SMALL=100000 LARGE=1000000 LOCATIONS=1000000 by default
#   ONLY=nearby bench/ledger/run.sh   just the nearby part
#
# Data is bulk-loaded with SQL (bench/ledger/*.sql, deterministic). Each endpoint is measured
# with one connection (latency without queueing) and with eight (throughput at saturation),
# using wrk. Nearby also runs an open model at each of NEARBY_RATES requests/s ("1000 2000 3000";
# 0 skips it), sent on schedule by vegeta (bench/lib/vegeta.sh installs it). WARMUP_SECONDS (default 60) of list
# load come before the first list figure. Results go to target/bench/ledger/.
# Traffic: 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh
. bench/lib/vegeta.sh

SMALL=${SMALL:-100000}
LARGE=${LARGE:-1000000}
LOCATIONS=${LOCATIONS:-1000000}
SECONDS_LIGHT=${SECONDS_LIGHT:-10}
SECONDS_LOAD=${SECONDS_LOAD:-15}
NEARBY_RATES=${NEARBY_RATES:-1000 2000 3000} # the open-model runs' rates; 0 skips them
OUT=target/bench/ledger

bench_data_server "$OUT" ledger@example.com OUTLAY_LOGIN_LIMIT_PER_IP=1000

generate() { # first count
  local t0=$SECONDS
  "${PSQL[@]}" -v user_id="$USER_ID" -v first="$1" -v count="$2" -v seed=0.42 -f bench/ledger/generate.sql
  "${PSQL[@]}" -c "vacuum analyze"
  echo "generated $2 transactions in $((SECONDS - t0)) s" | tee -a "$OUT/results.txt"
}

# The cursor the API would return after the row at OFFSET (newest first): the page after it is "deep".
cursor_at() {
  "${PSQL[@]}" -At -F ' ' -c "select occurred_on - date '1970-01-01', id from transactions where user_id = '$USER_ID'
    order by occurred_on desc, id desc offset $1 limit 1" |
    python3 -c 'import sys,uuid,struct,base64; d,i=sys.stdin.read().split(); u=uuid.UUID(i).int
print(base64.urlsafe_b64encode(struct.pack(">qQQi", int(d), u >> 64, u & (2**64-1), 0)).decode().rstrip("="))'
}

measure() { # label path script
  local label=$1 path=$2 script=$3
  curl -sf -o /dev/null "$BENCH_BASE$path" -H "Authorization: Bearer $BENCH_TOKEN" || { echo "$path failed" >&2; exit 1; }
  BENCH_PATH=$path wrk -t1 -c1 -d5s -s "$script" "$BENCH_BASE" >/dev/null # warm-up
  local light load
  light=$(BENCH_PATH=$path wrk -t1 -c1 -d"${SECONDS_LIGHT}s" -s "$script" "$BENCH_BASE" | grep RESULT)
  load=$(BENCH_PATH=$path wrk -t2 -c8 -d"${SECONDS_LOAD}s" -s "$script" "$BENCH_BASE" | grep RESULT)
  printf '%s\n  1 connection:  %s\n  8 connections: %s\n' "$label" "${light#RESULT }" "${load#RESULT }" | tee -a "$OUT/results.txt"
}

list_benchmarks() { # transactions-so-far
  measure "GET /transactions first page (limit 50) at $1 transactions" "/transactions?limit=50" bench/ledger/get.lua
  measure "GET /transactions deep page (after row $(($1 / 2)), limit 50) at $1 transactions" \
    "/transactions?limit=50&cursor=$(cursor_at $(($1 / 2)))" bench/ledger/get.lua
  measure "GET /transactions first page, one account, one month, at $1 transactions" \
    "/transactions?limit=50&accountId=$("${PSQL[@]}" -At -c "select id from account where user_id = '$USER_ID' order by name limit 1")&from=2020-03-01&to=2020-03-31" bench/ledger/get.lua
}

: >"$OUT/results.txt"
if [ "${ONLY:-}" != nearby ]; then
generate 1 "$SMALL"
# JIT warm-up of the whole list path before the first number is taken: under this load the server's CPU per page
# still fell for about a minute (5.4 to 1.9 ms, docs/performance.md); after 20 s the first page measured 438/s
BENCH_PATH="/transactions?limit=50" wrk -t2 -c8 -d"${WARMUP_SECONDS:-60}s" -s bench/ledger/get.lua "$BENCH_BASE" >/dev/null
list_benchmarks "$SMALL"
generate $((SMALL + 1)) $((LARGE - SMALL))
list_benchmarks "$LARGE"
fi

t0=$SECONDS
"${PSQL[@]}" -v user_id="$USER_ID" -v count="$LOCATIONS" -v seed=0.42 -f bench/ledger/locations.sql
"${PSQL[@]}" -c "vacuum analyze"
echo "generated $LOCATIONS locations in $((SECONDS - t0)) s" | tee -a "$OUT/results.txt"
BENCH_PATH=/ wrk -t2 -c8 -d10s -s bench/ledger/nearby.lua "$BENCH_BASE" >/dev/null
measure "GET /sellers/nearby (random point, radius 1 km, limit 20) over $LOCATIONS locations" "/sellers/nearby?lat=51&lon=10&radius=1000" bench/ledger/nearby.lua
if [ "$NEARBY_RATES" != 0 ]; then
  # The open model: requests at random points, each sent on schedule whatever the server's pace, at each rate in turn.
  vegeta_install
  python3 -c 'import random; r = random.Random(42)
for _ in range(200000): print("GET '"$BENCH_BASE"'/sellers/nearby?lat=%.5f&lon=%.5f&radius=1000&limit=20" % (47 + 8 * r.random(), 6 + 9 * r.random()))' > "$OUT/nearby-targets.txt"
  attack() { # rate duration
    "$VEGETA" attack -targets="$OUT/nearby-targets.txt" -header "Authorization: Bearer $BENCH_TOKEN" -rate="$1/s" -duration="$2" -timeout=5s
  }
  for rate in $NEARBY_RATES; do
    attack "$rate" 5s >/dev/null # warm-up at the same rate
    attack "$rate" "${SECONDS_LOAD}s" | "$VEGETA" report -type=json > "$OUT/nearby-open-$rate.json"
    python3 - "$OUT/nearby-open-$rate.json" "$rate" <<'PY' | tee -a "$OUT/results.txt"
import json, sys
r = json.load(open(sys.argv[1])); ms = lambda k: r["latencies"][k] / 1e6
codes = ", ".join(f"{c}: {n}" for c, n in sorted(r["status_codes"].items()))
print(f"  open model at {sys.argv[2]}/s: requests={r['requests']} achieved={r['throughput']:.1f}/s "
      f"p50={ms('50th'):.2f}ms p95={ms('95th'):.2f}ms p99={ms('99th'):.2f}ms max={ms('max'):.2f}ms "
      f"success={100 * r['success']:.2f}% ({codes})")
PY
    sleep 10 # an overloaded rate leaves work queued in the server; let it drain before the next
  done
fi
echo "results in $OUT/results.txt"
