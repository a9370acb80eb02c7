# The server's JVM: its memory settings and its start-up cache. Sourced by scripts/run.sh and
# the benchmarks (bench/lib/server.sh), so the lab measures what production runs. Needs
# outlay_use_jdk (scripts/lib/jdk.sh) first. Measurements: docs/performance.md, "Start-up and memory".
#
# Memory (README, "The JVM: memory and start-up"): the process touches every heap page that ever
# held objects, so over a long run its resident set is the heap plus ~300-340 MB of the rest
# (classes, JIT code, the flight recorder); a 192 MB heap aims at 512 MB in all. The other
# pools are capped so the process cannot grow past them.
# JAVA_OPTS comes after these defaults, and the JVM takes the last value of a flag, so
# JAVA_OPTS='-Xmx1g' replaces the heap size and keeps the rest.
OUTLAY_JVM_DEFAULTS=(
  -Xms192m -Xmx192m                 # heap: ~50-70 MB live after a full GC; the 100,000-row import runs in 160 MB
  -XX:MaxMetaspaceSize=192m         # class metadata: ~115 MB without the start-up cache, ~30 MB with it
  -XX:ReservedCodeCacheSize=96m     # JIT-compiled code: ~58-72 MB after the README's flow
  -XX:MaxDirectMemorySize=64m       # NIO buffers (Tomcat, the JFR repository): a few MB
  -Xss512k                          # platform threads only; requests run on virtual threads
  -XX:+UseSerialGC                  # 2 cores, a small heap: ~9 % less CPU per request than G1, ~90 MB less RSS
  -XX:+ExitOnOutOfMemoryError       # any thread can die of it (Tomcat's acceptor did, leaving a server that
                                    # answered nothing): exit with status 3 for the supervisor to restart it;
                                    # what was acknowledged is committed, what was in flight rolls back
)

# outlay_jvm_major: the running JDK's feature version (21, 25, ...): what outlay_use_jdk found, unless
# JAVA_HOME was changed since (then asked of that JDK, one more JVM start)
outlay_jvm_major() {
  if [ "${OUTLAY_JDK#* }" = "$JAVA_HOME" ]; then echo "${OUTLAY_JDK%% *}"; else _outlay_java_major "$JAVA_HOME/bin/java"; fi
}

# outlay_server_command JAR: sets OUTLAY_SERVER_CMD (an array) to the command that starts the
# server: java, the defaults, $JAVA_OPTS, and the start-up cache when there is one.
#
# The cache (JDK 25+: the ahead-of-time cache of JEP 483/514/515; JDK 21-24: class-data
# sharing) holds the classes the server loads and links at start, parsed and linked, plus (25+)
# the method profiles of the start. It belongs to one jar, one JDK and one set of JVM options:
# it is made by a training run (the jar extracted, as Spring documents, and the server started on
# a throwaway embedded database until it is ready, so the operator's data is never touched:
# _outlay_aot_train) the first time, kept in <jar's folder>/aot/<key>/, and made again whenever the
# jar's contents, the JDK or the options change. One folder per key: a benchmark with other
# options never replaces the cache a running server uses; caches of an older jar are removed.
# A training run that fails only costs that start the cache; the JVM itself refuses (and
# ignores) a cache that does not match. OUTLAY_AOT_CACHE=0 turns it off.
outlay_server_command() {
  local jar=$1 opts=("${OUTLAY_JVM_DEFAULTS[@]}") major dir key
  major=$(outlay_jvm_major)
  # JDK 22+: give the C heap's freed memory (the JIT compilers' arenas) back to the OS every 5 s;
  # ~17 MB less resident memory after a short load, the same rates (docs/performance.md)
  [ "$major" -ge 22 ] && opts+=(-XX:TrimNativeHeapInterval=5000)
  # The heap and the JIT's code on 2 MB pages where the kernel offers transparent huge pages ("madvise", the
  # usual default, gives them to a program that asks; "always" to all; with "never" the JVM would warn): on a
  # virtual machine, where each TLB miss walks the guest's and the host's page tables, 9-15 % more requests
  # per second with the same resident set (docs/performance.md, 2026-12-05, 13:20 UTC)
  grep -qs '\[\(always\|madvise\)\]' /sys/kernel/mm/transparent_hugepage/enabled && opts+=(-XX:+UseTransparentHugePages)
  # shellcheck disable=SC2206 # JAVA_OPTS is a space-separated list of flags, like the JDK's own variable
  opts+=(${JAVA_OPTS:-})
  OUTLAY_SERVER_CMD=(java "${opts[@]}" -jar "$jar")
  [ "${OUTLAY_AOT_CACHE:-1}" = 1 ] || return 0
  key=$(_outlay_aot_key "$jar" "${opts[*]}")
  # an absolute folder: the JVM checks the jar paths it recorded in training against those it runs
  dir="$(cd "$(dirname "$jar")" && pwd)/aot/$(printf '%s' "$key" | cksum | cut -d' ' -f1)"
  if [ "$(cat "$dir/key" 2>/dev/null)" != "$key" ]; then
    _outlay_aot_locked "$dir" "$jar" "$key" "$major" "${opts[@]}" || return 0
  fi
  local app
  app="$dir/app/$(basename "$jar")"
  if [ "$major" -ge 25 ]; then
    OUTLAY_SERVER_CMD=(java "${opts[@]}" -XX:AOTCache="$dir/outlay.aot" -jar "$app")
  else
    OUTLAY_SERVER_CMD=(java "${opts[@]}" -XX:SharedArchiveFile="$dir/outlay.jsa" -Xshare:auto -jar "$app")
  fi
}

# the cache's identity: the jar's contents (entry sizes and CRCs, not the build's timestamps, so
# an unchanged rebuild keeps its cache), the JDK and the JVM options
_outlay_aot_key() {
  local jar=$1 opts=$2 contents
  if command -v unzip >/dev/null; then
    contents=$(unzip -lv "$jar" | awk '{ print $1, $7, $8 }' | cksum)
  else
    contents=$(cksum <"$jar")
  fi
  # the last line is the version of how _outlay_aot_train makes a cache: raised when that changes, it
  # makes every older cache again (2: before JDK 25 the archive is made where the server runs the jar;
  # 3: the training run serves until ready)
  printf '%s\n%s\n%s\n%s\n' "$contents" "$("$JAVA_HOME/bin/java" -version 2>&1 | tr '\n' ' ')" "$opts" "training 3"
}

# _outlay_aot_remove_stale FOLDER CONTENTS: removes the caches made for other jar contents
_outlay_aot_remove_stale() {
  local cache
  for cache in "$1"/*/key; do
    [ -f "$cache" ] && [ "$(head -n 1 "$cache")" != "$2" ] && rm -rf "$(dirname "$cache")" "$(dirname "$cache").lock"
  done
  return 0
}

# _outlay_aot_locked DIR JAR KEY MAJOR OPTS...: trains DIR (_outlay_aot_train) unless another start of the
# same jar and options, holding the lock first, has made it meanwhile (the lab and the tests start servers
# side by side)
_outlay_aot_locked() {
  local dir=$1 jar=$2 key=$3 status=0 lock
  shift 3
  mkdir -p "$(dirname "$dir")"
  if command -v flock >/dev/null; then
    exec {lock}>"$dir.lock"
    flock "$lock"
  fi
  if [ "$(cat "$dir/key" 2>/dev/null)" != "$key" ]; then
    _outlay_aot_remove_stale "$(dirname "$dir")" "${key%%$'\n'*}"
    _outlay_aot_train "$jar" "$dir" "$key" "$@" || status=1
  fi
  [ -z "${lock:-}" ] || exec {lock}>&-
  return "$status"
}

# The training run happens where the server will run the jar: a cache whose training folder was
# moved away is accepted (JDK 23+), but every start then spends ~0.1 s more in the JVM's own
# creation, before main() (docs/performance.md, 2026-12-05 10:30).
# The key is written last, so a half-made folder trains again; no running server uses a folder
# whose key does not match, so it can be replaced in place.
_outlay_aot_train() {
  local jar=$1 dir=$2 key=$3 major=$4; shift 4
  local data status=0 output app pid
  rm -rf "$dir" && mkdir -p "$dir"
  if [ "$major" -ge 25 ]; then
    output=(-XX:AOTCacheOutput="$dir/outlay.aot")
  else
    output=(-XX:ArchiveClassesAtExit="$dir/outlay.jsa")
  fi
  data=$(mktemp -d "${TMPDIR:-/tmp}/outlay-aot-data.XXXXXX")
  app="$dir/app/$(basename "$jar")"
  echo "Making the start-up cache for this jar and JDK $major (once; $dir)" >&2
  # The training run: the server on an empty embedded database in a throwaway folder, on a port of the
  # system's choosing, until it answers its readiness probe; then a stop. Against a run that stopped at
  # the context's refresh (before the web server starts), the cache also holds what the start does after
  # it and the first request's path: 0.14-0.2 s less to ready (docs/performance.md, 2026-12-06). A run that
  # also recorded a receipt through the API made a cache 14 MB larger and the first start no faster.
  # Its class metadata cap is raised: with production's 192 MB, writing a cache that held a little more
  # failed ("Unable to allocate from 'ro' region"); the server maps the cache under its own cap.
  if java -Djarmode=tools -jar "$jar" extract --destination "$dir/app" >/dev/null; then
    env -u OUTLAY_DB_URL -u OUTLAY_DB_USER -u OUTLAY_DB_PASSWORD OUTLAY_DATA_DIR="$data" \
      OUTLAY_ECB_RATES_PATH= OUTLAY_ECB_RATES_URL= \
      java "$@" "${output[@]}" -XX:MaxMetaspaceSize=512m -Dserver.port=0 -jar "$app" >"$dir/training.log" 2>&1 &
    pid=$!
    _outlay_aot_ready "$dir/training.log" "$pid" || status=1
    # the cache is written as the JVM exits (JDK 25: a second JVM assembles it; the first waits for it)
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [ -s "$dir/outlay.aot" ] || [ -s "$dir/outlay.jsa" ] || status=1
  else
    status=1
  fi
  rm -rf "$data"
  if [ "$status" != 0 ]; then
    mv -f "$dir/training.log" "$(dirname "$dir")/failed-training.log" 2>/dev/null || true
    rm -rf "$dir"
    echo "warning: no start-up cache (the training run failed: $(dirname "$dir")/failed-training.log); starting without it" >&2
    return 1
  fi
  printf '%s\n' "$key" >"$dir/key"
}

# _outlay_aot_ready LOG PID: waits (at most 3 minutes) until the training server, PID, logging to LOG,
# answers its readiness probe with 200; fails if it exits first. Plain bash (/dev/tcp): no curl needed.
_outlay_aot_ready() {
  local log=$1 pid=$2 i port fd answer
  for i in $(seq 1 1800); do
    kill -0 "$pid" 2>/dev/null || return 1
    port=${port:-$(grep -o 'Tomcat started on port [0-9]*' "$log" 2>/dev/null | grep -o '[0-9]*$')}
    # the group keeps 2>/dev/null to the connection's attempt: on exec itself it would stay, for the whole script
    if [ -n "$port" ] && { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      printf 'GET /actuator/health/readiness HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&"$fd"
      answer=
      read -r -t 10 -n 12 answer <&"$fd" || true
      exec {fd}>&-
      [ "$answer" = "HTTP/1.1 200" ] && return 0
    fi
    sleep 0.1
  done
  return 1
}
