# A throwaway Prometheus for the ops tests: installs Debian's package when missing, starts one
# scraping a target every second with Outlay's rules loaded, and stops it. Sourced.
# Exports OUTLAY_PROM_URL.

outlay_prometheus_install() {
  command -v prometheus >/dev/null && command -v promtool >/dev/null && return 0
  if ! command -v apt-get >/dev/null; then
    echo "error: prometheus and promtool not found; install Prometheus 2.x (Debian: apt-get install prometheus)" >&2
    return 1
  fi
  local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  echo "installing Debian's prometheus package (the ops tests run a real Prometheus)" >&2
  { $sudo apt-get install -y -qq --no-install-recommends prometheus || { $sudo apt-get update -qq &&
      $sudo apt-get install -y -qq --no-install-recommends prometheus; }; } >/dev/null 2>&1 </dev/null ||
    { echo "error: could not install prometheus" >&2; return 1; }
}

# outlay_prometheus_start HOST:PORT: scrapes http://HOST:PORT/actuator/prometheus every second.
outlay_prometheus_start() {
  OUTLAY_PROM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/outlay-prom.XXXXXX")
  local port=$(( 20000 + RANDOM % 20000 ))
  cp ops/prometheus/outlay-rules.yml "$OUTLAY_PROM_DIR/"
  cat >"$OUTLAY_PROM_DIR/prometheus.yml" <<YAML
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [outlay-rules.yml]
scrape_configs:
  - job_name: outlay
    metrics_path: /actuator/prometheus
    static_configs: [{targets: ["$1"]}]
YAML
  prometheus --config.file="$OUTLAY_PROM_DIR/prometheus.yml" --storage.tsdb.path="$OUTLAY_PROM_DIR/data" \
    --web.listen-address="127.0.0.1:$port" >"$OUTLAY_PROM_DIR/prometheus.log" 2>&1 &
  OUTLAY_PROM_PID=$!
  OUTLAY_PROM_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 60); do
    curl -sf "$OUTLAY_PROM_URL/-/ready" >/dev/null 2>&1 && return 0
    kill -0 "$OUTLAY_PROM_PID" 2>/dev/null || break
    sleep 0.5
  done
  cat "$OUTLAY_PROM_DIR/prometheus.log" >&2
  echo "error: Prometheus did not start" >&2
  return 1
}

outlay_prometheus_stop() {
  if [ -n "${OUTLAY_PROM_PID:-}" ]; then
    kill "$OUTLAY_PROM_PID" 2>/dev/null
    wait "$OUTLAY_PROM_PID" 2>/dev/null || true
  fi
  OUTLAY_PROM_PID=
  [ -n "${OUTLAY_PROM_DIR:-}" ] && rm -rf "$OUTLAY_PROM_DIR"
  OUTLAY_PROM_DIR=
}
