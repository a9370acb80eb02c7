#!/usr/bin/env bash
# Statistics benchmark: every statistics endpoint, unfiltered and with a narrow filter (one
# account, two categories, three months, Monday to Friday), for one user with 10,000, 100,000
# and 1,000,000 transactions (about 3 items each). One connection (latency without queueing).
#
#   bench/statistics/run.sh        SIZES="10000 100000 1000000" by default
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

SIZES=${SIZES:-10000 100000 1000000}
SECONDS_RUN=${SECONDS_RUN:-8}
OUT=target/bench/statistics

bench_data_server "$OUT" statistics@example.com

measure() { # label path body
  curl -sf -o /dev/null "$BENCH_BASE$2" -H "Authorization: Bearer $BENCH_TOKEN" -H 'content-type: application/json' -d "$3" ||
    { echo "$2 failed" >&2; exit 1; }
  BENCH_PATH=$2 BENCH_BODY=$3 wrk -t1 -c1 -d3s -s bench/statistics/post.lua "$BENCH_BASE" >/dev/null
  local r
  r=$(BENCH_PATH=$2 BENCH_BODY=$3 wrk -t1 -c1 -d"${SECONDS_RUN}s" --timeout 10s -s bench/statistics/post.lua "$BENCH_BASE" | grep RESULT)
  printf '%-60s %s\n' "$1" "${r#RESULT }" | tee -a "$OUT/results.txt"
}

: >"$OUT/results.txt"
loaded=0
for size in $SIZES; do
  t0=$SECONDS
  "${PSQL[@]}" -v user_id="$USER_ID" -v first=$((loaded + 1)) -v count=$((size - loaded)) -v seed=0.42 -f bench/ledger/generate.sql >/dev/null
  "${PSQL[@]}" -c "vacuum analyze"
  loaded=$size
  echo "== $size transactions (loaded in $((SECONDS - t0)) s)" | tee -a "$OUT/results.txt"
  account=$("${PSQL[@]}" -At -c "select id from account where user_id = '$USER_ID' order by name limit 1")
  narrow="{\"accountIds\":[\"$account\"],\"categoryIds\":[\"00000000-0000-7000-8000-000000000001\",\"00000000-0000-7000-8000-000000000004\"],\"from\":\"2024-01-01\",\"to\":\"2024-03-31\",\"weekdays\":[1,2,3,4,5]}"
  for filter in all narrow; do
    body='{}'; [ "$filter" = narrow ] && body=$narrow
    for endpoint in summary "categories?rollUp=true" "timeline?granularity=month" accounts "sellers?limit=20" "transactions?limit=50"; do
      measure "$size $filter POST /statistics/$endpoint" "/statistics/$endpoint" "$body"
    done
  done
done
echo "results in $OUT/results.txt"
