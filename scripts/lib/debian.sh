# outlay_debian_ensure COMMAND PACKAGE...: makes sure COMMAND is on the PATH, installing Debian's
# PACKAGEs when it is missing and that is possible (apt-get, as root or through sudo); otherwise
# says what to install and fails. The package index is refreshed only when an install fails
# without it (a fresh machine's index is empty). Sourced by the scripts that need a server,
# browser or load generator from Debian.
outlay_debian_ensure() {
  local command=$1; shift
  command -v "$command" >/dev/null && return 0
  if command -v apt-get >/dev/null; then
    local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    echo "installing Debian's $* (for $command)" >&2
    { $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" ||
      { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; }; } \
      >/dev/null 2>&1 </dev/null
  fi
  command -v "$command" >/dev/null && return 0
  echo "error: $command not found; install it (Debian: apt-get install $*)" >&2
  return 1
}
