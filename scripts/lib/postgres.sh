# Starts a throwaway PostgreSQL (15+) for tests and benchmarks and stops it on exit.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
# Exports OUTLAY_PG_URL (JDBC), OUTLAY_PG_PORT, OUTLAY_PG_USER, OUTLAY_PG_DB, OUTLAY_PG_BIN.

_outlay_pg_bindir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r) \
             "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)")" \
             /usr/local/pgsql/bin /opt/homebrew/bin /usr/local/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      local major
      major=$("$dir/pg_ctl" --version | sed -E 's/.* ([0-9]+)[.0-9]*.*/\1/')
      if [ "$major" -ge 15 ] 2>/dev/null; then echo "$dir"; return 0; fi
    fi
  done
  return 1
}

_outlay_pg_as() { # run a command as the server's owner
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

outlay_pg_start() {
  OUTLAY_PG_BIN=$(_outlay_pg_bindir) || {
    echo "error: PostgreSQL 15+ server binaries (initdb, pg_ctl) not found." >&2
    echo "Install them, e.g. on Debian/Ubuntu: apt-get install postgresql   (macOS: brew install postgresql@16)" >&2
    return 1
  }
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "error: running as root, and there is no 'postgres' user to run PostgreSQL as." >&2
    echo "Create one (useradd --system postgres) or run this script as a normal user." >&2
    return 1
  fi
  OUTLAY_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/outlay-pg.XXXXXX")
  [ "$(id -u)" = 0 ] && chown postgres "$OUTLAY_PG_DIR"
  OUTLAY_PG_PORT=${OUTLAY_PG_PORT:-$(( 20000 + RANDOM % 20000 ))}
  OUTLAY_PG_USER=outlay
  OUTLAY_PG_DB=outlay
  if [ -n "${OUTLAY_PG_TEMPLATE:-}" ]; then
    # a copy of a cluster saved by outlay_pg_save (its database included), instead of a new one
    # synced: gigabytes of dirty pages written back later would take the CPU from a measurement
    cp -a "$OUTLAY_PG_TEMPLATE" "$OUTLAY_PG_DIR/data" && sync || return 1
    [ "$(id -u)" = 0 ] && chown -R postgres "$OUTLAY_PG_DIR/data"
  else
    _outlay_pg_as "$OUTLAY_PG_BIN/initdb" -D "$OUTLAY_PG_DIR/data" -U "$OUTLAY_PG_USER" --auth=trust -E UTF8 \
      --no-sync >"$OUTLAY_PG_DIR/initdb.log" 2>&1 || { cat "$OUTLAY_PG_DIR/initdb.log" >&2; return 1; }
  fi
  # Durability is pointless for a throwaway test database; fsync off makes test setup fast.
  # OUTLAY_PG_DURABLE=1 keeps PostgreSQL's defaults (the performance lab measures with them).
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${OUTLAY_PG_DURABLE:-0}" = 1 ] && durability=
  OUTLAY_PG_START_OPTIONS="-p $OUTLAY_PG_PORT -k $OUTLAY_PG_DIR -c listen_addresses=127.0.0.1 $durability -c max_connections=200 ${OUTLAY_PG_OPTIONS:-}"
  _outlay_pg_as "$OUTLAY_PG_BIN/pg_ctl" -D "$OUTLAY_PG_DIR/data" -l "$OUTLAY_PG_DIR/server.log" -w -t 60 \
    -o "$OUTLAY_PG_START_OPTIONS" start >/dev/null || { cat "$OUTLAY_PG_DIR/server.log" >&2; return 1; }
  trap outlay_pg_stop EXIT
  [ -n "${OUTLAY_PG_TEMPLATE:-}" ] || "$OUTLAY_PG_BIN/createdb" -h 127.0.0.1 -p "$OUTLAY_PG_PORT" -U "$OUTLAY_PG_USER" "$OUTLAY_PG_DB"
  OUTLAY_PG_URL="jdbc:postgresql://127.0.0.1:$OUTLAY_PG_PORT/$OUTLAY_PG_DB"
  export OUTLAY_PG_BIN OUTLAY_PG_DIR OUTLAY_PG_PORT OUTLAY_PG_USER OUTLAY_PG_DB OUTLAY_PG_URL
  echo "PostgreSQL $("$OUTLAY_PG_BIN/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$OUTLAY_PG_PORT ($OUTLAY_PG_DIR)" >&2
}

outlay_pg_stop() {
  [ -n "${OUTLAY_PG_DIR:-}" ] && [ -d "$OUTLAY_PG_DIR/data" ] || return 0
  _outlay_pg_as "$OUTLAY_PG_BIN/pg_ctl" -D "$OUTLAY_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$OUTLAY_PG_DIR"
  OUTLAY_PG_DIR=
}

# outlay_pg_save DIR: stops the running throwaway cluster cleanly, keeps a copy of it in DIR (for
# OUTLAY_PG_TEMPLATE), and starts it again with the same settings. Nobody may be connected.
outlay_pg_save() {
  local dir=$1
  _outlay_pg_as "$OUTLAY_PG_BIN/pg_ctl" -D "$OUTLAY_PG_DIR/data" -m fast -w stop >/dev/null || return 1
  rm -rf "$dir.tmp" && mkdir -p "$(dirname "$dir")" && cp -a "$OUTLAY_PG_DIR/data" "$dir.tmp" && sync && rm -rf "$dir" && mv "$dir.tmp" "$dir" || return 1
  _outlay_pg_as "$OUTLAY_PG_BIN/pg_ctl" -D "$OUTLAY_PG_DIR/data" -l "$OUTLAY_PG_DIR/server.log" -w -t 60 \
    -o "$OUTLAY_PG_START_OPTIONS" start >/dev/null || { cat "$OUTLAY_PG_DIR/server.log" >&2; return 1; }
}
