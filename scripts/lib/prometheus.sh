# A throwaway Prometheus for the ops tests: installs Debian's package when missing, starts one
# scraping a target every second with Outlay's rules loaded, and stops it. Sourced.
# Exports OUTLAY_PROM_URL.
. scripts/lib/debian.sh

outlay_prometheus_install() {
  outlay_debian_ensure prometheus prometheus && outlay_debian_ensure promtool prometheus
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
