-- POST /auth/login, cycling through the benchmark users (bench-0 .. bench-N-1).
-- With HONOR_RETRY_AFTER=1 a client that gets 429/503 waits Retry-After seconds before its
-- next attempt, as Outlay's clients do; run it with one connection per wrk thread (-tN -cN),
-- because wrk's delay hook applies to the thread.
local users = tonumber(os.getenv("BENCH_USERS") or "64")
local honor = os.getenv("HONOR_RETRY_AFTER") == "1"
local n = 0
local wait_ms = 0

init = function(args)
  n = math.random(0, users - 1)
end

request = function()
  n = n + 1
  local i = n % users
  local body = string.format('{"email":"bench-%d@example.com","password":"bench password %d"}', i, i)
  return wrk.format("POST", "/auth/login", { ["Content-Type"] = "application/json" }, body)
end

if honor then
  response = function(status, headers, body)
    if status == 429 or status == 503 then
      wait_ms = 1000 * (tonumber(headers["Retry-After"]) or 1)
    else
      wait_ms = 0
    end
  end
  delay = function()
    return wait_ms
  end
end
