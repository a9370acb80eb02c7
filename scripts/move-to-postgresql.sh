#!/usr/bin/env bash
# Moves a whole Outlay instance (all users) from the embedded H2 database to PostgreSQL.
#
#   scripts/move-to-postgresql.sh jdbc:postgresql://HOST:5432/outlay [USER] [PASSWORD]
#
# Stop the server first. Reads the H2 file in OUTLAY_DATA_DIR (default ./data), migrates the
# target (which must be empty: no users), copies every table in one transaction and checks the
# row counts. Files stay in OUTLAY_DATA_DIR/files. Afterwards start the server with
# OUTLAY_DB_URL (and OUTLAY_DB_USER / OUTLAY_DB_PASSWORD) pointing at PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/jdk.sh
outlay_use_jdk
[ $# -ge 1 ] || { sed -n '2,10p' "$0"; exit 2; }
jar=$(ls target/outlay-*.jar 2>/dev/null | grep -v plain | head -1 || true)
if [ -z "$jar" ]; then
  ./mvnw -B -q --no-transfer-progress -DskipTests package
  jar=$(ls target/outlay-*.jar | grep -v plain | head -1)
fi
# The whole application context starts (its web beans need a servlet context), on a random
# loopback port that nothing uses; the move runs at start-up and the process exits with its result.
exec java -jar "$jar" --server.port=0 --server.address=127.0.0.1 --spring.task.scheduling.enabled=false \
  --outlay.move.target-url="$1" --outlay.move.target-user="${2:-outlay}" --outlay.move.target-password="${3:-}"
