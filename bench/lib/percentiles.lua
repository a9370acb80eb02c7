-- wrk reporter: one machine-readable line with p50/p95/p99 (ms), requests/s and errors.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT requests=%d rps=%.1f p50=%.2fms p95=%.2fms p99=%.2fms max=%.2fms errors=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000, errors))
end
