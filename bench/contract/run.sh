#!/usr/bin/env bash
# The API contract, tried from outside against the real server on H2 and then on a throwaway
# PostgreSQL:
#   1. Schemathesis (pinned, scripts/lib/pytools.sh) with all its checks on every operation of
#      /v3/api-docs, signed in as a registered user; fails on any server error or conformance
#      failure not listed in bench/contract/baseline.md (with its reason).
#   2. A Python client generated from the same document by openapi-python-client runs the seed's
#      whole flow (bench/contract/client_flow.py), unmodified.
# Usage: bench/contract/run.sh [ci|long]
#   ci   (scripts/test.sh): every operation's coverage cases (boundaries, each constraint broken
#        one at a time, missing and malformed values), ~2 min per database
#   long (bench):           ~10 min of fuzzing per database, the stateful phase included
# Results: target/contract/<mode>/<db>/ (schemathesis.log, junit.xml, summary.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. scripts/lib/pytools.sh
BENCH_PORT=${CONTRACT_PORT:-18090}
. bench/lib/server.sh

mode=${1:-ci}
case $mode in
  # The time limit is a guard for a stalled run, not the budget: the ci run must reach every operation.
  ci) fuzz_args=(--max-time "${CONTRACT_MAX_TIME:-600}" --phases examples,coverage) ;;
  long) fuzz_args=(--max-time "${CONTRACT_MAX_TIME:-600}" --phases examples,coverage,fuzzing,stateful --max-examples 200) ;;
  *) echo "usage: $0 [ci|long]" >&2; exit 2 ;;
esac

outlay_use_jdk
outlay_pytools
[ "${CONTRACT_SKIP_BUILD:-0}" = 1 ] || ./mvnw -B -q --no-transfer-progress -DskipTests package
out=target/contract/$mode
rm -rf "$out" && mkdir -p "$out"
outlay_pg_start
trap 'bench_server_stop; outlay_pg_stop' EXIT

st="$OUTLAY_PYTOOLS/bin/schemathesis"
status=0
for db in ${CONTRACT_DBS:-h2 postgresql}; do
  dir="$out/$db"
  mkdir -p "$dir"
  db_env=(OUTLAY_DB_URL="$OUTLAY_PG_URL" OUTLAY_DB_USER="$OUTLAY_PG_USER")
  [ "$db" = h2 ] && db_env=(OUTLAY_DB_URL="jdbc:h2:file:$PWD/$dir/data/outlay;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH" OUTLAY_DB_USER=sa)
  # The fuzzer signs in and registers far more often than a person.
  BENCH_DATA_DIR="$dir/data" bench_server_start "$dir/server.log" "${db_env[@]}" \
    OUTLAY_LOGIN_LIMIT_PER_IP=1000000 OUTLAY_LOGIN_LIMIT_PER_ACCOUNT=1000000 OUTLAY_ACCESS_TOKEN_TTL=2h OUTLAY_BCRYPT_COST=4
  bench_register "fuzz-$db@example.com" "fuzz password"
  # The first request builds the document (seconds on a busy machine): fetched once, read from the file.
  curl -sf --max-time 300 "$BENCH_BASE/v3/api-docs" -o "$dir/api-docs.json"
  echo "contract ($mode, $db): schemathesis ${fuzz_args[*]}" >&2
  set +e
  # signed in by bench/contract/hooks.py, again after any 401
  CONTRACT_BASE="$BENCH_BASE" CONTRACT_EMAIL="fuzz-$db@example.com" CONTRACT_PASSWORD="fuzz password" \
    PYTHONPATH=bench/contract SCHEMATHESIS_HOOKS=hooks \
    "$st" --config-file bench/contract/schemathesis.toml run "$dir/api-docs.json" --url "$BENCH_BASE" --checks all --workers 2 \
    --seed "${CONTRACT_SEED:-20261123}" --suppress-health-check all --no-shrink \
    --report junit --report-junit-path "$dir/junit.xml" "${fuzz_args[@]}" >"$dir/schemathesis.log" 2>&1
  fuzz=$?
  "$OUTLAY_PYTOOLS/bin/python" bench/contract/client_flow.py "$BENCH_BASE" "$dir/client" >"$dir/client.log" 2>&1
  client=$?
  set -e
  errors=$(grep -c '\[5[0-9][0-9]\]' "$dir/schemathesis.log" || true)
  {
    echo "database: $db"
    grep -E '^ +(Selected|Tested):' "$dir/schemathesis.log" | sed 's/^ *//' || true
    grep -E '^ +[0-9]+ generated' "$dir/schemathesis.log" | sed 's/^ */test cases: /' || true
    echo "5xx responses: $errors"
    grep -E '^ +❌ ST[0-9]+' "$dir/schemathesis.log" | sed 's/^ *❌ /failure: /' || true
    echo "schemathesis exit: $fuzz; generated client flow exit: $client"
  } | tee "$dir/summary.txt" >&2
  [ "$fuzz" = 0 ] && [ "$client" = 0 ] || { status=1; tail -40 "$dir/client.log" >&2; echo "see $dir/schemathesis.log" >&2; }
  bench_server_stop
done
exit $status
