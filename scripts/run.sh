#!/usr/bin/env bash
# Builds Outlay and starts it on the embedded H2 database in ./data (or $OUTLAY_DATA_DIR).
# Set OUTLAY_DB_URL / OUTLAY_DB_USER / OUTLAY_DB_PASSWORD to use PostgreSQL instead.
# JVM settings: scripts/lib/jvm.sh (memory, the start-up cache); JAVA_OPTS adds to or overrides them.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/jdk.sh
. scripts/lib/jvm.sh
outlay_use_jdk
./mvnw -B -q --no-transfer-progress -DskipTests package
outlay_server_command target/outlay-0.1.0-SNAPSHOT.jar
exec "${OUTLAY_SERVER_CMD[@]}" "$@"
