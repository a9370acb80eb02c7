# Makes sure a headless Chromium and its chromedriver are present for the browser tests
# (Debian's `chromium` and `chromium-driver`), installing them when missing and allowed (root
# with apt-get). Exports OUTLAY_CHROMIUM and OUTLAY_CHROMEDRIVER for the tests.

. scripts/lib/debian.sh

outlay_chromium_ensure() {
  command -v chromium-browser >/dev/null || outlay_debian_ensure chromium chromium chromium-driver || return 1
  outlay_debian_ensure chromedriver chromium-driver || return 1
  export OUTLAY_CHROMIUM="$(command -v chromium || command -v chromium-browser)" OUTLAY_CHROMEDRIVER="$(command -v chromedriver)"
}
