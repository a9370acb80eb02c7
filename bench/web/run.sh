#!/usr/bin/env bash
# Web app page benchmark: the server time of each page for one signed-in user with 100,000
# transactions (bench/ledger/generate.sql: ten years, three currencies, 1-5 items each), on the
# production jar and a throwaway PostgreSQL. wrk, one connection (latency without queueing),
# after a warm-up of every page; results go to target/bench/web/. Traffic: 127.0.0.1 only.
#
#   bench/web/run.sh                 COUNT=100000 SECONDS_PER_PAGE=10 by default
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

COUNT=${COUNT:-100000}
SECONDS_PER_PAGE=${SECONDS_PER_PAGE:-10}
OUT=target/bench/web
EMAIL=web@example.com

bench_data_server "$OUT" "$EMAIL" OUTLAY_LOGIN_LIMIT_PER_IP=1000
"${PSQL[@]}" -v user_id="$USER_ID" -v first=1 -v count="$COUNT" -v seed=0.42 -f bench/ledger/generate.sql >/dev/null
"${PSQL[@]}" -c "vacuum analyze"

# Signs in as a browser does: the form's CSRF token, then the session cookie it answers with.
jar=$(mktemp)
trap 'rm -f "$jar"; bench_server_stop; outlay_pg_stop' EXIT
csrf=$(curl -sf -c "$jar" "$BENCH_BASE/app/signin" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed -E 's/.*value="([^"]*)"/\1/')
curl -sf -o /dev/null -b "$jar" -c "$jar" "$BENCH_BASE/app/signin" \
  --data-urlencode "email=$EMAIL" --data-urlencode "password=bench password" --data-urlencode "_csrf=$csrf"
export BENCH_COOKIE
BENCH_COOKIE=$(awk '$6 == "OUTLAY_SESSION" { print "OUTLAY_SESSION=" $7 }' "$jar")
[ -n "$BENCH_COOKIE" ] || { echo "sign-in failed: no session cookie" >&2; exit 1; }

sql() { "${PSQL[@]}" -At -c "$1"; }
account=$(sql "select id from account where user_id = '$USER_ID' order by name limit 1")
transaction=$(sql "select id from transactions where user_id = '$USER_ID' order by occurred_on desc, id desc offset 10 limit 1")
year=$(sql "select extract(year from max(occurred_on))::int from transactions where user_id = '$USER_ID'")
# the built-in categories have no page of their own: one of the user's, made through the API
category=$(curl -sf "$BENCH_BASE/categories" -H "Authorization: Bearer $BENCH_TOKEN" -H 'content-type: application/json' \
  -d '{"name":"Bench","icon":"sell"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
seller=$(sql "select id from seller where user_id = '$USER_ID' order by name limit 1")

PAGES=(
  "/app" "/app/transactions" "/app/transactions?accountId=$account" "/app/transactions?text=bread"
  "/app/transactions/$transaction" "/app/transactions/$transaction/edit" "/app/draft"
  "/app/statistics" "/app/statistics?from=$year-01-01&to=$year-12-31" "/app/accounts" "/app/accounts/$account"
  "/app/categories" "/app/categories/$category" "/app/sellers" "/app/sellers/$seller" "/app/budgets"
  "/app/recurring" "/app/rates" "/app/preferences" "/app/more" "/app/import" "/app/export"
)

: >"$OUT/results.txt"
echo "$COUNT transactions, one connection, ${SECONDS_PER_PAGE}s per page" | tee -a "$OUT/results.txt"
for path in "${PAGES[@]}"; do # every page must answer 200 to this user before it is timed
  code=$(curl -s -o /dev/null -w '%{http_code}' -b "$BENCH_COOKIE" "$BENCH_BASE$path")
  [ "$code" = 200 ] || { echo "$path answered $code" >&2; exit 1; }
  BENCH_PATH=$path wrk -t1 -c1 -d3s -s bench/web/page.lua "$BENCH_BASE" >/dev/null
done
for path in "${PAGES[@]}"; do
  result=$(BENCH_PATH=$path wrk -t1 -c1 -d"${SECONDS_PER_PAGE}s" -s bench/web/page.lua "$BENCH_BASE" | grep RESULT)
  printf '%-60s %s\n' "$path" "${result#RESULT }" | tee -a "$OUT/results.txt"
done
echo "results in $OUT/results.txt"
