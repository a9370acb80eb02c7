-- GET the path in BENCH_PATH with the bearer token in BENCH_TOKEN.
dofile("bench/lib/percentiles.lua")
local path = os.getenv("BENCH_PATH")
local headers = { ["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN") }
request = function()
  return wrk.format("GET", path, headers)
end
