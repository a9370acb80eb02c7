# vegeta: an open-model HTTP load generator (requests leave at a fixed rate whether or not the
# earlier ones were answered, so a slow server shows as latency, not as a slower sender).
# Installed on first use from the Go module proxy, pinned, into bench/target/bin; needs Go 1.22+.
VEGETA_VERSION=v12.13.0

vegeta_install() {
  VEGETA=bench/target/bin/vegeta-$VEGETA_VERSION
  [ -x "$VEGETA" ] && return
  local go
  go=$(command -v go || ls /usr/local/go/bin/go 2>/dev/null) ||
    { echo "error: vegeta needs Go 1.22+ to install (https://go.dev/dl, or Debian: apt-get install golang-go)" >&2; exit 1; }
  mkdir -p bench/target/bin
  GOBIN=$(pwd)/bench/target/go-bin "$go" install "github.com/tsenart/vegeta/v12@$VEGETA_VERSION"
  mv bench/target/go-bin/vegeta "$VEGETA"
}
