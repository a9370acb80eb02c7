#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into a new instance (the server stopped):
#   the embedded database into an empty data directory, or on PostgreSQL into an empty
#   database (create it first, as for a first start); then the files, checked against SHA256SUMS.
#
#   scripts/restore.sh BACKUP_DIR
#
# Uses the same settings as the server: OUTLAY_DATA_DIR (./data) and, on PostgreSQL,
# OUTLAY_DB_URL / OUTLAY_DB_USER / OUTLAY_DB_PASSWORD (pg_restore from PATH or OUTLAY_PG_BIN).
set -euo pipefail
cd "$(dirname "$0")/.."
backup=$(cd "${1:?usage: scripts/restore.sh BACKUP_DIR}" && pwd)
data=${OUTLAY_DATA_DIR:-./data}
url=${OUTLAY_DB_URL:-jdbc:h2:}
mkdir -p "$data"
data=$(cd "$data" && pwd)
[ ! -e "$data/files" ] && [ ! -e "$data/outlay.mv.db" ] || { echo "error: $data already holds an instance" >&2; exit 1; }
(cd "$backup" && sha256sum --quiet -c SHA256SUMS) || { echo "error: the backup's files do not match SHA256SUMS" >&2; exit 1; }

case "$url" in
  jdbc:postgresql:*)
    [ -f "$backup/database.dump" ] || { echo "error: no database.dump in $backup" >&2; exit 1; }
    pg_restore=pg_restore; [ -n "${OUTLAY_PG_BIN:-}" ] && pg_restore=$OUTLAY_PG_BIN/pg_restore
    PGPASSWORD=${OUTLAY_DB_PASSWORD:-} "$pg_restore" --no-owner --exit-on-error --single-transaction \
      --dbname="postgresql://${OUTLAY_DB_USER:-sa}@${url#jdbc:postgresql://}" "$backup/database.dump"
    ;;
  jdbc:h2:*)
    [ -f "$backup/database.zip" ] || { echo "error: no database.zip in $backup" >&2; exit 1; }
    . scripts/lib/jdk.sh
    outlay_use_jdk
    (cd "$data" && "$JAVA_HOME/bin/jar" xf "$backup/database.zip")
    ;;
  *) echo "error: unsupported database URL $url" >&2; exit 1 ;;
esac
cp -a "$backup/files" "$data/files"
echo "restored $backup into $data"
