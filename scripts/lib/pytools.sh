# Python tools for the API contract tests, pinned, in a virtual environment this script creates
# (idempotently) under ~/.cache/outlay/pytools: Schemathesis (the OpenAPI fuzzer) and
# openapi-python-client (a standard client generator). Needs Python 3.10+ with venv.
# Exports OUTLAY_PYTOOLS (the venv directory).

OUTLAY_SCHEMATHESIS_VERSION=4.32.5
OUTLAY_OPENAPI_PYTHON_CLIENT_VERSION=0.29.1

outlay_pytools() {
  local dir="${OUTLAY_PYTOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/outlay/pytools}"
  local stamp="schemathesis==$OUTLAY_SCHEMATHESIS_VERSION openapi-python-client==$OUTLAY_OPENAPI_PYTHON_CLIENT_VERSION"
  if [ "$(cat "$dir/.outlay-stamp" 2>/dev/null)" != "$stamp" ]; then
    command -v python3 >/dev/null || { echo "error: python3 (3.10+, with venv) is needed for the API contract tests" >&2; return 1; }
    rm -rf "$dir"
    python3 -m venv "$dir" || { echo "error: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; return 1; }
    "$dir/bin/pip" install -q --disable-pip-version-check $stamp >&2 || return 1
    echo "$stamp" > "$dir/.outlay-stamp"
  fi
  OUTLAY_PYTOOLS="$dir"
  export OUTLAY_PYTOOLS
}
