#!/usr/bin/env bash
# Budget view benchmark: GET /budgets/status (the overall budget and five category budgets, for
# December and the year so far) for one user with 100,000 transactions in EUR, USD and JPY
# (issue #16 asks p95 <= 20 ms), with the user's rates to the home currency (EUR):
#   none     no rate: USD and JPY are named unconverted (monthly totals and the rate lookup only)
#   monthly  one rate per month, on the 1st: a steady rate converts each month's sum, no day is read
#   daily    a reference rate every day (as the ECB's file gives): the foreign days are read and converted
#            (from day_totals: a row per day, currency and budget)
#
#   bench/budgets/run.sh                     SIZE=100000 RATE_MODES="none monthly daily" by default
#   SIZE=2000 SECONDS_RUN=3 bench/budgets/run.sh   a quick check that the script runs end to end
#
# Data is bulk-loaded with SQL (bench/ledger/generate.sql, deterministic: 2016-2025). One connection
# (latency without queueing) and eight (throughput), using wrk; results go to target/bench/budgets/.
# Traffic: 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

SIZE=${SIZE:-100000}
RATE_MODES=${RATE_MODES:-none monthly daily}
SECONDS_RUN=${SECONDS_RUN:-10}
MONTH=${MONTH:-2025-12}
OUT=target/bench/budgets

bench_data_server "$OUT" budgets@example.com

api() { # method path body
  curl -sf -o /dev/null -X "$1" "$BENCH_BASE$2" -H "Authorization: Bearer $BENCH_TOKEN" -H 'content-type: application/json' -d "$3" ||
    { echo "$1 $2 failed" >&2; exit 1; }
}

measure() { # label path
  curl -sf -o /dev/null "$BENCH_BASE$2" -H "Authorization: Bearer $BENCH_TOKEN" || { echo "$2 failed" >&2; exit 1; }
  BENCH_PATH=$2 wrk -t1 -c1 -d3s -s bench/ledger/get.lua "$BENCH_BASE" >/dev/null # warm-up
  local light load
  light=$(BENCH_PATH=$2 wrk -t1 -c1 -d"${SECONDS_RUN}s" --timeout 10s -s bench/ledger/get.lua "$BENCH_BASE" | grep RESULT)
  load=$(BENCH_PATH=$2 wrk -t2 -c8 -d"${SECONDS_RUN}s" --timeout 10s -s bench/ledger/get.lua "$BENCH_BASE" | grep RESULT)
  printf '%s\n  1 connection:  %s\n  8 connections: %s\n' "$1" "${light#RESULT }" "${load#RESULT }" | tee -a "$OUT/results.txt"
}

: >"$OUT/results.txt"
t0=$SECONDS
"${PSQL[@]}" -v user_id="$USER_ID" -v first=1 -v count="$SIZE" -v seed=0.42 -f bench/ledger/generate.sql >/dev/null
"${PSQL[@]}" -c "vacuum analyze"
echo "== $SIZE transactions (loaded in $((SECONDS - t0)) s)" | tee -a "$OUT/results.txt"

api PUT /me/preferences '{"homeCurrency":"EUR","timeZone":"UTC"}'
api PUT /budgets/overall '{"amount":"4000.00"}'
# built-in categories (bench/ledger/generate.sql spreads items over the first 17)
for n in 1 2 3 4 5; do
  api PUT "/budgets/00000000-0000-7000-8000-00000000000$n" '{"amount":"500.00"}'
done

for mode in $RATE_MODES; do
  "${PSQL[@]}" -c "delete from exchange_rate where user_id = '$USER_ID'" -c "delete from reference_rate"
  case $mode in
    none) ;;
    monthly)
      "${PSQL[@]}" -c "insert into exchange_rate (user_id, rate_date, base, quote, rate, updated_at)
        select '$USER_ID', d::date, c.base, 'EUR', c.rate * (1 + 0.05 * sin(extract(epoch from d) / 1e7)), now()
        from generate_series(date '2016-01-01', date '2025-12-01', interval '1 month') d,
             (values ('USD', 0.9), ('JPY', 0.0062)) as c(base, rate)" ;;
    daily)
      "${PSQL[@]}" -c "insert into reference_rate (rate_date, base, quote, rate)
        select d::date, 'EUR', c.quote, c.rate * (1 + 0.05 * sin(extract(epoch from d) / 1e6))
        from generate_series(date '2016-01-01', date '2025-12-31', interval '1 day') d,
             (values ('USD', 1.1), ('JPY', 160.0)) as c(quote, rate)" ;;
    *) echo "unknown rate mode $mode (none, monthly, daily)" >&2; exit 1 ;;
  esac
  "${PSQL[@]}" -c "analyze exchange_rate" -c "analyze reference_rate"
  measure "GET /budgets/status?month=$MONTH, 6 budgets, $SIZE transactions, rates: $mode" "/budgets/status?month=$MONTH"
done
echo "results in $OUT/results.txt"
