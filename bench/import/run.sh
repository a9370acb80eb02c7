#!/usr/bin/env bash
# Import benchmark: a generated CSV of ROWS rows (100,000 by default; semicolons, decimal
# commas, 400 payees, 12 categories, two years of dates) is uploaded, previewed and imported
# through the API into one account, on PostgreSQL and then on the embedded H2 file database.
# The server runs with a small heap (BENCH_JAVA_OPTS, -Xmx256m by default) to show the import
# streams. Prints the time of each step (curl's time_total); results go to target/bench/import/.
#
#   bench/import/run.sh            ROWS=100000
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/jdk.sh
. scripts/lib/postgres.sh
. bench/lib/server.sh

ROWS=${ROWS:-100000}
OUT=target/bench/import
export BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms256m -Xmx256m}
mkdir -p "$OUT"
outlay_use_jdk
outlay_pg_start
trap 'bench_server_stop; outlay_pg_stop' EXIT
[ -n "${BENCH_SKIP_BUILD:-}" ] || ./mvnw -B -q --no-transfer-progress -DskipTests package

python3 - "$ROWS" "$OUT/statement.csv" <<'PY'
import random, sys, datetime
rows, path = int(sys.argv[1]), sys.argv[2]
rnd = random.Random(42)
cats = ["Food", "Rent", "Utilities", "Transportation", "Healthcare", "Household", "Entertainment", "Clothing", "Education", "Fitness", "Gifts and donations", ""]
start = datetime.date(2024, 1, 1)
with open(path, "w", encoding="utf-8-sig", newline="\r\n") as f:
    f.write("Buchungstag;Empfänger;Verwendungszweck;Kategorie;Betrag;Währung\n")
    for n in range(rows):
        day = start + datetime.timedelta(days=n * 730 // rows)
        cents = rnd.randint(50, 250000) * (1 if rnd.random() < 0.1 else -1)
        amount = f"{abs(cents) // 100:,}".replace(",", ".") + "," + f"{abs(cents) % 100:02d}"
        f.write(f"{day:%d.%m.%Y};Payee {rnd.randint(1, 400)};Purchase {n};{rnd.choice(cats)};{'-' if cents < 0 else ''}{amount};EUR\n")
PY
echo "file: $ROWS rows, $(du -k "$OUT/statement.csv" | cut -f1) kB" | tee "$OUT/results.txt"

run() { # label
  local token account upload t_upload t_preview t_confirm
  token=$(bench_token import@example.com 'import bench password')
  account=$(curl -sf "$BENCH_BASE/accounts" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
    -d '{"name":"Girokonto","currency":"EUR"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
  read -r upload t_upload < <(curl -sf -w ' %{time_total}\n' "$BENCH_BASE/imports" -H "Authorization: Bearer $token" \
    -F "file=@$OUT/statement.csv" | sed -E 's/^.*"id":"([^"]+)"[^ ]* /\1 /')
  t_preview=$(curl -sf -o "$OUT/preview-$1.json" -w '%{time_total}' "$BENCH_BASE/imports/$upload/preview" \
    -H "Authorization: Bearer $token" -H 'content-type: application/json' -d "{\"accountId\":\"$account\"}")
  t_confirm=$(curl -sf -o "$OUT/confirm-$1.json" -w '%{time_total}' "$BENCH_BASE/imports/$upload/confirm" \
    -H "Authorization: Bearer $token" -H 'content-type: application/json' -d "{\"accountId\":\"$account\"}")
  echo "$1: upload ${t_upload}s, preview ${t_preview}s, import ${t_confirm}s; $(cat "$OUT/confirm-$1.json")" | tee -a "$OUT/results.txt"
}

BENCH_DATA_DIR="$OUT/data-pg" bench_server_start "$OUT/server-pg.log" OUTLAY_MAX_UPLOAD=50MB OUTLAY_MAX_UPLOAD_REQUEST=51MB
run postgresql
bench_server_stop
rm -rf "$OUT/data-h2"
# the embedded default: the same H2 file URL the server uses without OUTLAY_DB_URL
BENCH_DATA_DIR="$OUT/data-h2" bench_server_start "$OUT/server-h2.log" OUTLAY_MAX_UPLOAD=50MB OUTLAY_MAX_UPLOAD_REQUEST=51MB \
  OUTLAY_DB_URL="jdbc:h2:file:$PWD/$OUT/data-h2/outlay;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000" \
  OUTLAY_DB_USER=sa
run h2
