# The lab's reference ceilings, sourced by bench/lab/run.sh (it sets BENCH_BASE, OUT, PSQL, USERS, PASSWORD and
# the PostgreSQL variables first).

wrk_rps() { wrk -t1 -c8 -d10s -H "Authorization: Bearer $1" "$BENCH_BASE$2" | awk '/Requests\/sec/ { print $2 }'; }

# measure_references: the reference ceilings (the password hash alone, a trivial endpoint, the list over HTTP
# and in SQL), written into run.json's "references". They run after the levels, so that the warm-up leads
# straight into the first level: nothing else (wrk on /me and the list alone) shapes the JIT's profiles between.
measure_references() {
  local HASH_MS TOKEN TRIVIAL LIST_HTTP LIST_SQL_ONE LIST_SQL_TPS
  log "reference ceilings: password hash time, trivial endpoint, list query over HTTP and in SQL"
  curl -s "$BENCH_BASE/actuator/prometheus" >"$OUT/hash-0.prom"
  for i in $(seq 1 10); do bench_login "lab-$i@outlay.test" "$PASSWORD" >/dev/null; done
  curl -s "$BENCH_BASE/actuator/prometheus" >"$OUT/hash-1.prom"
  # "count=10 mean=66.00ms": one login at a time, so this is the hash alone, no queueing
  HASH_MS=$(python3 bench/lib/promstats.py "$OUT/hash-0.prom" "$OUT/hash-1.prom" timer outlay_password_hash_duration | sed -E 's/.*mean=([0-9.]+)ms/\1/')
  rm -f "$OUT"/hash-*.prom
  TOKEN=$(bench_login lab-1@outlay.test "$PASSWORD")
  TRIVIAL=$(wrk_rps "$TOKEN" /me)
  LIST_HTTP=$(wrk_rps "$TOKEN" "/transactions?limit=50")
  pgb() { "$OUTLAY_PG_BIN/pgbench" -n -h 127.0.0.1 -p "$OUTLAY_PG_PORT" -U "$OUTLAY_PG_USER" -M prepared -D users="$USERS" -f bench/lab/list.sql "$@" "$OUTLAY_PG_DB" 2>&1; }
  LIST_SQL_ONE=$(pgb -c 1 -T 5 | awk '/latency average/ { print $4 }')
  LIST_SQL_TPS=$(pgb -c 8 -j 2 -T 10 | awk '/^tps/ { print $3 }')
  python3 - "$OUT/run.json" "$HASH_MS" "$TRIVIAL" "$LIST_HTTP" "$LIST_SQL_ONE" "$LIST_SQL_TPS" "$(nproc)" <<'EOF'
import json, sys
hash_ms, trivial, list_http, list_one, list_tps, cpus = map(float, sys.argv[2:])
run = json.load(open(sys.argv[1]))
run["references"] = {
    "password_hash_ms": round(hash_ms, 1),
    "login_ceiling_per_second": round(cpus * 1000 / hash_ms, 1),
    "trivial_rps": round(trivial), "trivial_endpoint": "GET /me, wrk -c8 10 s",
    "list_http_rps": round(list_http), "list_http": "GET /transactions?limit=50 for one user, wrk -c8 10 s",
    "list_sql_ms": list_one, "list_sql_pages_per_second": round(list_tps),
    "list_sql": "bench/lab/list.sql with pgbench -M prepared: 1 client (latency), 8 clients (pages/s)",
}
json.dump(run, open(sys.argv[1], "w"), indent=2)
EOF
}
