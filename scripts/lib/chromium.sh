# Makes sure a headless Chromium and its chromedriver are present for the browser tests
# (Debian's `chromium` and `chromium-driver`), installing them when missing and allowed (root
# with apt-get). Exports OUTLAY_CHROMIUM and OUTLAY_CHROMEDRIVER for the tests.

outlay_chromium_ensure() {
  local browser driver
  browser=$(command -v chromium || command -v chromium-browser || true)
  driver=$(command -v chromedriver || true)
  if [ -z "$browser" ] || [ -z "$driver" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "Installing chromium and chromium-driver for the browser tests..." >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
      browser=$(command -v chromium || true)
      driver=$(command -v chromedriver || true)
    fi
  fi
  if [ -z "$browser" ] || [ -z "$driver" ]; then
    echo "error: the browser tests need Chromium and chromedriver." >&2
    echo "Install them, e.g. on Debian/Ubuntu: apt-get install chromium chromium-driver" >&2
    return 1
  fi
  export OUTLAY_CHROMIUM="$browser" OUTLAY_CHROMEDRIVER="$driver"
}
