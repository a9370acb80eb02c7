-- GET the page in BENCH_PATH with the browser session cookie in BENCH_COOKIE.
dofile("bench/lib/percentiles.lua")
local path = os.getenv("BENCH_PATH")
local headers = { ["Cookie"] = os.getenv("BENCH_COOKIE"), ["Accept"] = "text/html" }
request = function()
  return wrk.format("GET", path, headers)
end
