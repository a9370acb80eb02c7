# Finds a JDK 21 or newer and exports JAVA_HOME and PATH for it. Sourced by the scripts.
# Order: $JAVA_HOME, the `java` on PATH, then the usual install locations (newest first).

_outlay_java_major() {
  "$1" -XshowSettings:properties -version 2>&1 |
    awk -F'= ' '/java.specification.version/ { split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]) }'
}

_outlay_jdk_home() { # prints the JDK home of a java binary when it is a JDK >= 21
  local java=$1 home major
  [ -x "$java" ] || return 1
  home=$(cd "$(dirname "$java")/.." && pwd)
  [ -x "$home/bin/javac" ] || return 1
  major=$(_outlay_java_major "$java")
  [ -n "$major" ] && [ "$major" -ge 21 ] || return 1
  echo "$major $home"
}

outlay_use_jdk() {
  local java found="" scanned=()
  for java in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} "$(readlink -f "$(command -v java 2>/dev/null)" 2>/dev/null)"; do
    found=$(_outlay_jdk_home "$java") && break || found=""
  done
  if [ -z "$found" ]; then
    for java in /usr/lib/jvm/*/bin/java /Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java \
                "$HOME"/.sdkman/candidates/java/*/bin/java /opt/java/*/bin/java; do
      _outlay_jdk_home "$java" && true
    done > "${TMPDIR:-/tmp}/outlay-jdks.$$" 2>/dev/null || true
    found=$(sort -n -r "${TMPDIR:-/tmp}/outlay-jdks.$$" | head -n 1)
    rm -f "${TMPDIR:-/tmp}/outlay-jdks.$$"
  fi
  if [ -z "$found" ]; then
    echo "error: no JDK 21 or newer found (looked at JAVA_HOME, PATH and the usual install folders)." >&2
    echo "Install one (e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21+ build) or set JAVA_HOME." >&2
    return 1
  fi
  export JAVA_HOME="${found#* }"
  export PATH="$JAVA_HOME/bin:$PATH"
  export OUTLAY_JDK="$found" # "<feature version> <home>", for outlay_jvm_major (scripts/lib/jvm.sh)
  echo "Using JDK ${found%% *} at $JAVA_HOME" >&2
}
