# Python tools, pinned, in virtual environments these functions create (idempotently) under
# ~/.cache/outlay/: for the API contract tests Schemathesis (the OpenAPI fuzzer) and
# openapi-python-client (a standard client generator), exported as OUTLAY_PYTOOLS (the venv
# directory); the benchmarks' own (outlay_venv). Needs Python 3.10+ with venv.

OUTLAY_SCHEMATHESIS_VERSION=4.32.5
OUTLAY_OPENAPI_PYTHON_CLIENT_VERSION=0.29.1

outlay_pytools() {
  outlay_venv pytools "schemathesis==$OUTLAY_SCHEMATHESIS_VERSION openapi-python-client==$OUTLAY_OPENAPI_PYTHON_CLIENT_VERSION" || return 1
  OUTLAY_PYTOOLS="$OUTLAY_VENV"
  export OUTLAY_PYTOOLS
}

# outlay_venv NAME "PACKAGE==VERSION ...": a virtual environment under ~/.cache/outlay/NAME holding
# exactly those pinned packages, created or rebuilt when the pins change; sets OUTLAY_VENV.
# OUTLAY_PYTOOLS overrides the directory of the contract tools' one.
outlay_venv() {
  local name=$1 pins=$2 dir
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/outlay/$name"
  [ "$name" = pytools ] && dir="${OUTLAY_PYTOOLS:-$dir}"
  if [ "$(cat "$dir/.outlay-stamp" 2>/dev/null)" != "$pins" ]; then
    command -v python3 >/dev/null || { echo "error: python3 (3.10+, with venv) is needed for $name" >&2; return 1; }
    rm -rf "$dir"
    python3 -m venv "$dir" || { echo "error: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; return 1; }
    # shellcheck disable=SC2086 # the pins are words
    "$dir/bin/pip" install -q --disable-pip-version-check $pins >&2 || return 1
    echo "$pins" > "$dir/.outlay-stamp"
  fi
  OUTLAY_VENV="$dir"
}
