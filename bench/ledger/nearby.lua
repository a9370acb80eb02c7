-- GET /sellers/nearby at random points of the generated region (47-55 N, 6-15 E), radius 1 km.
dofile("bench/lib/percentiles.lua")
local headers = { ["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN") }
local radius = os.getenv("BENCH_RADIUS") or "1000"
init = function(args)
  math.randomseed(42 + (tonumber(tostring({}):sub(8), 16) or 0) % 1000)
end
request = function()
  local lat = 47 + math.random() * 8
  local lon = 6 + math.random() * 9
  return wrk.format("GET", string.format("/sellers/nearby?lat=%.5f&lon=%.5f&radius=%s&limit=20", lat, lon, radius), headers)
end
