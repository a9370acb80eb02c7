#!/usr/bin/env bash
# Backs up a running Outlay instance, online (no stop), into an empty directory:
#   database.zip   the embedded database (H2's BACKUP, taken by the server: POST /actuator/backup)
#   database.dump  or, on PostgreSQL, pg_dump's custom format
#   files/         the uploaded files, copied after the database snapshot (they are content-
#                  addressed and never change; the file sweep waits while backup.hold exists)
#   SHA256SUMS     a checksum per file
#
#   scripts/backup.sh OUT_DIR
#
# Reads the server's own settings: OUTLAY_DATA_DIR (./data), OUTLAY_PORT (8080), and on
# PostgreSQL OUTLAY_DB_URL / OUTLAY_DB_USER / OUTLAY_DB_PASSWORD (pg_dump from PATH or
# OUTLAY_PG_BIN). Restore with scripts/restore.sh. See docs/reliability.md.
set -euo pipefail
out=${1:?usage: scripts/backup.sh OUT_DIR}
data=${OUTLAY_DATA_DIR:-./data}
url=${OUTLAY_DB_URL:-jdbc:h2:}
mkdir -p "$out"
[ -z "$(ls -A "$out")" ] || { echo "error: $out is not empty" >&2; exit 1; }
[ -d "$data/files" ] || { echo "error: $data/files not found (set OUTLAY_DATA_DIR)" >&2; exit 1; }

touch "$data/backup.hold"
trap 'rm -f "$data/backup.hold"' EXIT
case "$url" in
  jdbc:postgresql:*)
    pg_dump=pg_dump; [ -n "${OUTLAY_PG_BIN:-}" ] && pg_dump=$OUTLAY_PG_BIN/pg_dump
    PGPASSWORD=${OUTLAY_DB_PASSWORD:-} "$pg_dump" --format=custom --no-owner --file="$out/database.dump" \
      --dbname="postgresql://${OUTLAY_DB_USER:-sa}@${url#jdbc:postgresql://}"
    ;;
  jdbc:h2:*)
    answer=$(curl -fsS -X POST "http://127.0.0.1:${OUTLAY_PORT:-8080}/actuator/backup")
    file=$(printf '%s' "$answer" | sed -E 's/.*"file":"([^"]+)".*/\1/')
    mv "$file" "$out/database.zip"
    ;;
  *) echo "error: unsupported database URL $url" >&2; exit 1 ;;
esac
# after the snapshot: every file it refers to exists now (uploads write bytes before their rows commit)
cp -a "$data/files" "$out/files"
rm -rf "$out/files/.tmp" # uploads in flight, not yet stored
(cd "$out" && find files -type f -print0 | sort -z | xargs -0 -r sha256sum > SHA256SUMS)
echo "backup in $out: $(ls "$out" | tr '\n' ' ')($(wc -l < "$out/SHA256SUMS") files)"
