-- POST the JSON in BENCH_BODY to BENCH_PATH with the bearer token in BENCH_TOKEN.
dofile("bench/lib/percentiles.lua")
local path = os.getenv("BENCH_PATH")
local body = os.getenv("BENCH_BODY")
local headers = { ["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN"), ["Content-Type"] = "application/json" }
request = function()
  return wrk.format("POST", path, headers, body)
end
