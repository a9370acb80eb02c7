#!/usr/bin/env bash
# The performance lab, in one command:
#
#   bench/lab/run.sh smoke|load|stress|soak
#
# starts a throwaway PostgreSQL (durable settings), builds and starts the server jar with its
# production configuration, generates the data set (bench/lab/generate.sql), runs the
# Gatling simulation of the user flow (bench/lab, open model), then the reference ceilings,
# scrapes /actuator/prometheus once a second, stops everything and writes the report folder
# (default target/lab/<mode>-<time>/): summary.md, summary.json, SVG plots, each Gatling run's
# stats.json (its numbers, read by tools/gatling_report.py) and HTML report, and for stress a
# CPU flame graph at the knee. Traffic goes to 127.0.0.1 only and every run is bounded in time.
#
# Settings (environment): LAB_USERS, LAB_TRANSACTIONS (per user), LAB_SEED, LAB_RATE (offered
# requests/s), LAB_SECONDS (per run), LAB_FLOWS (flows per virtual user), LAB_TARGET_P95_MS,
# stress: LAB_START, LAB_STEP, LAB_MAX, LAB_FINE_STEP (between the last level held and the first failed; 0: none); LAB_WARMUP_SECONDS (a first, unreported run at the
# (starting) rate: JIT, caches, connection pools); LAB_OUT (report folder), LAB_PORT, LAB_SKIP_BUILD=1;
# LAB_JAVA_OPTS (extra JVM flags for the server, after production's); LAB_GATLING_JAVA_OPTS (extra JVM flags for the load generator); LAB_FRESH_DATA=1 (generate the data set
# even when a saved copy fits), LAB_DATASETS (where saved copies go); LAB_MONEY=0 generates no home currency, rates, transfers, budgets or rules (runs before they existed).
# LAB_PROFILE=0: stress without the knee's CPU profile (a run of its own at the knee's rate after the judged levels).
# smoke fails on any error and applies no timing thresholds (it runs in CI).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
BENCH_PORT=${LAB_PORT:-18090}
. bench/lib/server.sh

MODE=${1:-load}
case "$MODE" in
  smoke)  d_users=60;   d_tx=200;  d_rate=40;   d_seconds=20;   d_flows=3 ;;
  load)   d_users=1000; d_tx=1000; d_rate=1000; d_seconds=120;  d_flows=20 ;;
  stress) d_users=1000; d_tx=1000; d_rate=0;    d_seconds=60;   d_flows=20 ;;
  soak)   d_users=1000; d_tx=1000; d_rate=500;  d_seconds=1800; d_flows=20 ;;
  *) echo "usage: $0 smoke|load|stress|soak" >&2; exit 2 ;;
esac
USERS=${LAB_USERS:-$d_users}
PER_USER=${LAB_TRANSACTIONS:-$d_tx}
SEED=${LAB_SEED:-42}
RATE=${LAB_RATE:-$d_rate}
RUN_SECONDS=${LAB_SECONDS:-$d_seconds}
FLOWS=${LAB_FLOWS:-$d_flows}
# thresholds: bench/lab/thresholds.json, the one place; LAB_TARGET_P95_MS moves the p95 target everywhere
THRESHOLDS=$(python3 - "${LAB_TARGET_P95_MS:-}" <<'EOF'
import json, sys
t = {k: v for k, v in json.load(open("bench/lab/thresholds.json")).items() if not k.startswith("_")}
if sys.argv[1]:
    t["target_p95_ms"] = float(sys.argv[1])
print(json.dumps(t))
EOF
)
threshold() { python3 -c "import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$THRESHOLDS" "$1"; }
TARGET_P95=$(threshold target_p95_ms)
START=${LAB_START:-400}
STEP=${LAB_STEP:-100}
FINE_STEP=${LAB_FINE_STEP:-$((STEP / 4))}
MAX=${LAB_MAX:-3000}
# 180 s: after 45 s at 600/s offered the JIT still compiled ~1,000 methods per 10 s, and took 15-25 % of the
# server's CPU in the minute measured after it; after 180 s, ~100 per 10 s and 5 % (docs/performance.md, 2026-11-29)
WARMUP_SECONDS=${LAB_WARMUP_SECONDS:-$([ "$MODE" = smoke ] && echo 0 || echo 180)}
OUT=${LAB_OUT:-target/lab/$MODE-$(date -u +%Y%m%dT%H%M%SZ)}
PASSWORD="lab password"

command -v python3 >/dev/null || { echo "error: python3 not found" >&2; exit 1; }
# the report's plotting library, pinned, in the lab's own virtual environment (scripts/lib/pytools.sh)
. scripts/lib/pytools.sh
outlay_venv lab "matplotlib==3.10.7 numpy==2.4.6 contourpy==1.3.3 cycler==0.12.1 fonttools==4.68.0 kiwisolver==1.5.1 packaging==26.3 pillow==13.0.0 pyparsing==3.3.3 python-dateutil==4.0.0 tzdata==2026.6" || exit 1
LAB_PY=$OUTLAY_VENV/bin/python
if [ "$MODE" != smoke ]; then
  outlay_debian_ensure wrk wrk || exit 1
fi
outlay_use_jdk
# a PostgreSQL the caller started (scripts/test.sh) is not ours to reuse or stop
unset OUTLAY_PG_DIR OUTLAY_PG_PORT OUTLAY_PG_URL
rm -rf "$OUT/gatling" "$OUT/profiles" "$OUT"/*.jsonl "$OUT"/summary.* # a fixed LAB_OUT is reused (scripts/test.sh)
mkdir -p "$OUT/gatling" "$OUT/profiles"
OUT=$(cd "$OUT" && pwd)
log() { echo "[lab $(date -u +%H:%M:%S)] $*" >&2; }

if [ "${LAB_SKIP_BUILD:-0}" != 1 ] || [ ! -f target/outlay-0.1.0-SNAPSHOT.jar ]; then
  log "building the server"
  ./mvnw -B -q --no-transfer-progress -DskipTests package
fi
log "building the load generator"
./mvnw -B -q --no-transfer-progress -f bench/lab/pom.xml test-compile dependency:copy dependency:build-classpath \
  -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=test
PROFILER=$(mktemp -d)
unzip -q -o bench/lab/target/profiler/async-profiler-*.jar 'linux-x64/*' -d "$PROFILER" 2>/dev/null || true
PROFILER_LIB=$PROFILER/linux-x64/libasyncProfiler.so

SCRAPER_PID= RUNNER_PID=
cleanup() {
  touch "$OUT/.stop"
  [ -n "$SCRAPER_PID" ] && wait "$SCRAPER_PID" 2>/dev/null || true
  if [ -n "$RUNNER_PID" ]; then # end of its input ends the load generator
    exec 3>&- || true
    wait "$RUNNER_PID" 2>/dev/null || true
  fi
  bench_server_stop
  outlay_pg_stop
  [ -z "$HUGE_BEFORE" ] || echo "$HUGE_BEFORE" >/proc/sys/vm/nr_hugepages || true
  rm -rf "$PROFILER" "${BENCH_DATA_DIR:-}"
}
trap cleanup EXIT

# The generated data set is kept (target/lab/datasets/<key>, a stopped copy of the cluster) and later
# runs with the same data settings, generator, schema and PostgreSQL start from a copy of it: seconds
# instead of minutes. LAB_FRESH_DATA=1 generates anew. Smoke (small data, in CI) always generates.
DATASET= OUTLAY_PG_TEMPLATE=
if [ "$MODE" != smoke ] && [ "${LAB_FRESH_DATA:-0}" != 1 ]; then
  key=$( { cat bench/lab/generate.sql; unzip -p target/outlay-0.1.0-SNAPSHOT.jar 'BOOT-INF/classes/db/migration/*'
           echo "$USERS $PER_USER $SEED ${LAB_MONEY:-1}"; "$(_outlay_pg_bindir)/pg_ctl" --version; } | cksum | cut -d' ' -f1)
  DATASET=${LAB_DATASETS:-target/lab/datasets}/$key
  [ -f "$DATASET/ready" ] && OUTLAY_PG_TEMPLATE=$DATASET/data
fi
export OUTLAY_PG_TEMPLATE
# PostgreSQL's 1 GB of shared buffers on 2 MB pages, its documented Linux tuning (huge_pages=try, the
# default, takes them when the kernel has them reserved): each backend then maps the buffers with 512
# page-table entries instead of 262,144, and misses the TLB less. The lab reserves the pages for its
# run where it may (root, a writable vm.nr_hugepages; not for smoke) and gives them back at its end.
# LAB_PG_HUGE_PAGES=0 leaves the kernel as it is. The report's machine line says which pages were used.
HUGE_BEFORE=
if [ "$MODE" != smoke ] && [ "${LAB_PG_HUGE_PAGES:-1}" = 1 ] && [ -w /proc/sys/vm/nr_hugepages ]; then
  HUGE_BEFORE=$(cat /proc/sys/vm/nr_hugepages)
  echo $((HUGE_BEFORE + 600)) 2>/dev/null >/proc/sys/vm/nr_hugepages || HUGE_BEFORE=
fi
OUTLAY_PG_DURABLE=1 OUTLAY_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on -c shared_buffers=1GB -c work_mem=32MB -c maintenance_work_mem=512MB -c max_wal_size=4GB -c checkpoint_timeout=15min" \
  outlay_pg_start
trap cleanup EXIT # outlay_pg_start set its own trap; ours stops the PostgreSQL too
PSQL=("$OUTLAY_PG_BIN/psql" -h 127.0.0.1 -p "$OUTLAY_PG_PORT" -U "$OUTLAY_PG_USER" -d "$OUTLAY_PG_DB" -v ON_ERROR_STOP=1 -q -X)

# Production configuration, except the login rate limits: every virtual user comes from
# 127.0.0.1 and the data set has a finite number of accounts.
BENCH_DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/outlay-lab-data.XXXXXX")
# The JVM's memory settings are production's (scripts/lib/jvm.sh); these flags only let the
# profiler attach and see between safepoints. LAB_JAVA_OPTS adds or overrides flags for one run.
BENCH_JAVA_OPTS="-XX:+EnableDynamicAgentLoading -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints ${LAB_JAVA_OPTS:-}"
start_server() {
  log "starting the server on 127.0.0.1:$BENCH_PORT"
  bench_server_start "$OUT/server.log" OUTLAY_LOGIN_LIMIT_PER_IP=100000000 OUTLAY_LOGIN_LIMIT_PER_ACCOUNT=100000000
}
start_server

if [ -n "$OUTLAY_PG_TEMPLATE" ]; then
  read -r GEN_SECONDS SETTLE_SECONDS <"$DATASET/ready"
  DATA_ORIGIN="a copy of the data set generated earlier ($DATASET)"
  log "data: $DATA_ORIGIN"
else
  log "generating $USERS users x $PER_USER transactions (seed $SEED)"
  bench_register template@outlay.test "$PASSWORD"
  HASH=$("${PSQL[@]}" -At -c "select password_hash from users where email_key = 'template@outlay.test'")
  t0=$(date +%s.%N)
  "${PSQL[@]}" -v users="$USERS" -v per_user="$PER_USER" -v seed="$SEED" -v password_hash="$HASH" -v money="${LAB_MONEY:-1}" -f bench/lab/generate.sql
  GEN_SECONDS=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
  # Settle the database as a long-running one would be: vacuumed (visibility map, so no
  # autovacuum pass lands in the middle of the run) and checkpointed (no 3 GB flush either).
  t0=$(date +%s.%N)
  "${PSQL[@]}" -c "vacuum analyze" -c "checkpoint"
  SETTLE_SECONDS=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
  DATA_ORIGIN="generated for this run"
  if [ -n "$DATASET" ]; then
    log "keeping the data set for later runs: $DATASET (with the newest one before it, for a before/after pair)"
    bench_server_stop
    # (on a first run there is no saved copy yet: neither that nor a copy without data may stop the run)
    { ls -dt "$(dirname "$DATASET")"/*/ 2>/dev/null || true; } | tail -n +2 | while read -r old; do if [ -d "$old/data" ]; then rm -rf "$old"; fi; done
    outlay_pg_save "$DATASET/data"
    echo "$GEN_SECONDS $SETTLE_SECONDS" >"$DATASET/ready"
    start_server
  fi
fi
COUNTS=$("${PSQL[@]}" -At -F ' ' -c "select (select count(*) from transactions), (select count(*) from transaction_item), pg_size_pretty(pg_database_size(current_database()))")
log "generated in ${GEN_SECONDS} s (then vacuum and checkpoint ${SETTLE_SECONDS} s): $COUNTS (transactions, items, database size)"

. bench/lab/references.sh

# What PostgreSQL spent its time on during the measured runs (top statements, to the report).
"${PSQL[@]}" -c "create extension if not exists pg_stat_statements"
reset_statements() { "${PSQL[@]}" -At -c "select pg_stat_statements_reset()" >/dev/null; }
dump_statements() {
  # planning counted too (track_planning): a statement planned on every call costs its planning each time
  "${PSQL[@]}" -c "select calls, plans, round((total_plan_time + total_exec_time)::numeric) as total_ms,
      round(mean_plan_time::numeric, 3) as plan_ms, round(mean_exec_time::numeric, 3) as exec_ms, rows,
      left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
    from pg_stat_statements where query not like '%pg_stat_statements%' order by total_plan_time + total_exec_time desc limit 25" >"$OUT/pg_statements.txt" 2>&1 || true
  # the same statements' whole texts, in the same order, to tell apart those whose first 160 characters are alike
  "${PSQL[@]}" -At -c "select format(E'-- %s: %s calls, %s plans\\n%s;\\n', row_number() over (order by total_plan_time + total_exec_time desc), calls, plans, query)
    from pg_stat_statements where query not like '%pg_stat_statements%' order by total_plan_time + total_exec_time desc limit 25" >"$OUT/pg_statements.sql" 2>&1 || true
}

rm -f "$OUT/.stop"
python3 bench/lab/tools/scrape.py "$BENCH_BASE" "$SERVER_PID" "$OUT/scrape.jsonl" "$OUT/.stop" &
SCRAPER_PID=$!

# run_level NAME RATE [profile]: one Gatling run at RATE offered requests/s for RUN_SECONDS; ASSERT_P95 and
# ASSERT_ERRORS (percent; empty: none) become the simulation's Gatling assertions, so Gatling's exit status is its verdict.
# Its line goes to RECORD (default levels.jsonl, the judged runs the report reads).
run_level() {
  local name=$1 rate=$2 profile=${3:-} start end status=0 dir profile_file=null
  if [ -n "$profile" ] && [ -f "$PROFILER_LIB" ]; then
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER_LIB" '"start,event=cpu,interval=2ms"' >/dev/null || profile=
  else
    profile=
  fi
  log "$name: offering $rate requests/s for $RUN_SECONDS s"
  local before; before=$(wc -l <"$OUT/gatling/runner.log")
  rm -f "$OUT/.run-done"
  start=$(date +%s.%N)
  kill -0 "$RUNNER_PID" 2>/dev/null || { tail -20 "$OUT/gatling/runner.log" >&2; echo "error: the load generator is not running" >&2; return 1; }
  echo "$rate $RUN_SECONDS ${ASSERT_P95:--} ${ASSERT_ERRORS:--}" >&3
  while [ ! -f "$OUT/.run-done" ]; do
    kill -0 "$RUNNER_PID" 2>/dev/null || { echo "error: the load generator ended (gatling/runner.log)" >&2; return 1; }
    sleep 0.2
  done
  end=$(date +%s.%N)
  status=$(cat "$OUT/.run-done")
  tail -n +"$((before + 1))" "$OUT/gatling/runner.log" >"$OUT/gatling/$name.log"
  if [ -n "$profile" ]; then
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER_LIB" "\"stop,file=$OUT/profiles/$name.html,title=Outlay at $rate requests per second\"" >/dev/null || true
    # the same samples as text: the hottest methods by own time, for reading without a browser
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER_LIB" "\"dump,flat=40,traces=0,file=$OUT/profiles/$name.txt\"" >/dev/null || true
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER_LIB" "\"dump,collapsed,file=$OUT/profiles/$name.collapsed\"" >/dev/null || true
    [ -f "$OUT/profiles/$name.html" ] && profile_file="\"profiles/$name.html\""
  fi
  dir=$(ls -dt bench/lab/target/gatling/flowsimulation-* 2>/dev/null | head -1)
  if [ -z "$dir" ] || [ ! -f "$dir/stats.json" ]; then
    tail -30 "$OUT/gatling/$name.log" >&2
    echo "error: Gatling produced no results (stats.json) (exit $status)" >&2
    return 1
  fi
  mv "$dir" "$OUT/gatling/$name"
  echo "{\"name\": \"$name\", \"rate\": $rate, \"start\": $start, \"end\": $end, \"dir\": \"gatling/$name\", \"profile\": $profile_file, \"exit\": $status}" >>"${RECORD:-$OUT/levels.jsonl}"
  sed -n '/Global Information/,/mean throughput/p' "$OUT/gatling/$name.log" >&2
}

rm -rf bench/lab/target/gatling
# the load generator: one JVM for every run of this session (tools: src/test/kotlin/outlay/lab/LevelRunner.kt)
mkfifo "$OUT/.runs"
: >"$OUT/gatling/runner.log"
# its JVM flags are those gatling-maven-plugin 4.21 starts Gatling with (io.gatling.plugin.GatlingConstants)
# shellcheck disable=SC2086 # LAB_GATLING_JAVA_OPTS: extra flags for the load generator, space-separated
java -Xmx1G -XX:+HeapDumpOnOutOfMemoryError -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12 ${LAB_GATLING_JAVA_OPTS:-} \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED \
  -Dlab.baseUrl="$BENCH_BASE" -Dlab.flows="$FLOWS" -Dlab.users="$USERS" -Dlab.password="$PASSWORD" \
  -cp "bench/lab/target/test-classes:$(cat bench/lab/target/classpath.txt)" outlay.lab.LevelRunnerKt \
  "$PWD/bench/lab/target/gatling" "$OUT/.run-done" <"$OUT/.runs" >>"$OUT/gatling/runner.log" 2>&1 &
RUNNER_PID=$!
exec 3>"$OUT/.runs"
rm -f "$OUT/.runs" # both ends are open
if [ "$WARMUP_SECONDS" -gt 0 ]; then
  warm_rate=$RATE; [ "$MODE" = stress ] && warm_rate=$START
  RECORD=$OUT/warmup.jsonl RUN_SECONDS=$WARMUP_SECONDS ASSERT_P95= ASSERT_ERRORS= run_level warmup "$warm_rate"
fi

PG_PAGES=$(awk '/HugePages_Total/ { t = $2 } /HugePages_Free/ { f = $2 } /HugePages_Rsvd/ { r = $2 } END { n = t - f + r; print (n > 0) ? "its shared memory on " n " pages of 2 MB" : "its shared memory on 4 kB pages" }' /proc/meminfo)
MACHINE="$(nproc) CPUs ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), PostgreSQL $("$OUTLAY_PG_BIN/pg_ctl" --version | awk '{print $3}') ($PG_PAGES), $(java -version 2>&1 | head -1)"
python3 - "$OUT/run.json" <<EOF
import json, sys
json.dump({
    "mode": "$MODE", "machine": """$MACHINE""",
    "settings": {"rate": $RATE, "seconds": $RUN_SECONDS, "flows": $FLOWS, "users": $USERS, "transactions": $USERS * $PER_USER,
                 "transactions_per_user": $PER_USER, "seed": $SEED,
                 "warmup_seconds": $WARMUP_SECONDS, "cpus": $(nproc), "start": $START, "step": $STEP, "fine_step": $FINE_STEP},
    "data": {"transactions": ${COUNTS%% *}, "items": $(echo "$COUNTS" | cut -d' ' -f2), "database_size": "$(echo "$COUNTS" | cut -d' ' -f3-)",
             "generate_seconds": $GEN_SECONDS, "vacuum_and_checkpoint_seconds": $SETTLE_SECONDS, "origin": "$DATA_ORIGIN"},
    "references": None,
    "thresholds": $THRESHOLDS,
    "tools": {"gatling": "$(sed -n 's:.*<gatling.version>\(.*\)</gatling.version>.*:\1:p' bench/lab/pom.xml)",
              "async_profiler": "$(sed -n 's:.*<async-profiler.version>\(.*\)</async-profiler.version>.*:\1:p' bench/lab/pom.xml)",
              "postgresql": "$("$OUTLAY_PG_BIN/pg_ctl" --version | awk '{print $3}')", "java": """$(java -version 2>&1 | head -1)""",
              "wrk": "$( (wrk -v 2>&1 || true) | head -1 | awk '{print $2}')", "python": "$("$LAB_PY" -c 'import platform; print(platform.python_version())')",
              "matplotlib": "$("$LAB_PY" -c 'import matplotlib; print(matplotlib.__version__)')"},
}, open(sys.argv[1], "w"), indent=2)
EOF

reset_statements
case "$MODE" in
  stress)
    i=1 KNEE=
    # one level: sets HELD; a held level is the knee so far
    stress_level() {
      local name
      name=$(printf 'level-%02d-%s' "$i" "$1")
      i=$((i + 1))
      ASSERT_P95=$TARGET_P95 ASSERT_ERRORS=$(threshold knee_error_percent) run_level "$name" "$1"
      read -r p95 errors achieved HELD < <("$LAB_PY" bench/lab/tools/report.py level "$OUT/gatling/$name" "$OUT/run.json")
      log "$name: p95 $p95 ms, errors $errors %, achieved $achieved requests/s"
      if [ "$HELD" = held ]; then KNEE=$1; else log "the knee is below $1 requests/s"; fi
    }
    rate=$START FAILED=
    while [ "$rate" -le "$MAX" ]; do
      stress_level "$rate"
      [ "$HELD" = held ] || { FAILED=$rate; break; }
      rate=$((rate + STEP))
    done
    # Then finer steps between the last level held and the first that failed: a coarse step near the pass line
    # understates the knee by up to a step (a level held at 1,000/s offered reports 981.95/s achieved, its 60 s of
    # arrivals over Gatling's 61 s, so with steps of 100 only 1,100/s held could show 1,000/s achieved).
    if [ -n "$KNEE" ] && [ -n "$FAILED" ] && [ "$FINE_STEP" -gt 0 ]; then
      rate=$((KNEE + FINE_STEP))
      while [ "$rate" -lt "$FAILED" ]; do
        stress_level "$rate"
        [ "$HELD" = held ] || break
        rate=$((rate + FINE_STEP))
      done
    fi
    ;;
  smoke) ASSERT_P95= ASSERT_ERRORS=0 run_level smoke "$RATE" ;;
  *) ASSERT_P95=$TARGET_P95 ASSERT_ERRORS=$(threshold target_error_percent) run_level "$MODE" "$RATE" ;;
esac

dump_statements
# The knee's CPU profile: a run of its own at the knee's rate after the judged levels and the statement table, which
# the profiler's 30-60 MB of resident memory may not touch (docs/performance.md). Not judged: profile.jsonl.
if [ -n "${KNEE:-}" ] && [ "${LAB_PROFILE:-1}" != 0 ]; then
  RECORD=$OUT/profile.jsonl ASSERT_P95= ASSERT_ERRORS= run_level "profile-$KNEE" "$KNEE" profile ||
    log "the profile run failed: the report has no CPU profile" # the judged levels still make the verdict
fi
[ "$MODE" = smoke ] || measure_references || log "the reference ceilings could not be measured (the report leaves them out)"
cleanup
trap - EXIT
# the exit status is the mode's verdict (tools/report.py): smoke, no errors; load, every target
# threshold; soak, p95, errors and the server's memory; stress, a knee achieving the target rate (p95, no errors)
verdict=0
"$LAB_PY" bench/lab/tools/report.py summary "$OUT" || verdict=$?
log "report: $OUT/summary.md"
exit "$verdict"
