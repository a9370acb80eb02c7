-- A light, steady probe: each connection waits PACE_MS between requests (wrk's delay hook),
-- so the probe measures latency without competing for the CPU like a closed-loop flood.
local pace = tonumber(os.getenv("PACE_MS") or "100")
delay = function()
  return pace
end
