-- POST /transactions with a fresh client-chosen id per request; one user per wrk thread.
-- BENCH_USERS: "token account;token account;..." (one entry per thread).
dofile("bench/lib/percentiles.lua")
local users = {}
for entry in string.gmatch(os.getenv("BENCH_USERS"), "[^;]+") do
  local token, account = string.match(entry, "(%S+) (%S+)")
  table.insert(users, { token = token, account = account })
end
local next_thread = 1
setup = function(thread)
  local u = users[((next_thread - 1) % #users) + 1]
  thread:set("token", u.token)
  thread:set("account", u.account)
  thread:set("seed", next_thread)
  next_thread = next_thread + 1
end
local headers
init = function()
  math.randomseed(os.time() * 1000 + seed)
  headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
end
local function uuid()
  local hex = "0123456789abcdef"
  local s = {}
  for i = 1, 32 do local r = math.random(1, 16); s[i] = hex:sub(r, r) end
  local h = table.concat(s)
  return h:sub(1, 8) .. "-" .. h:sub(9, 12) .. "-7" .. h:sub(14, 16) .. "-8" .. h:sub(18, 20) .. "-" .. h:sub(21, 32)
end
request = function()
  local body = string.format(
    '{"id":"%s","accountId":"%s","date":"2026-0%d-1%d","items":[{"amount":"%d.%02d","categoryId":"00000000-0000-7000-8000-000000000001"}]}',
    uuid(), account, math.random(1, 9), math.random(0, 9), math.random(1, 99), math.random(0, 99))
  return wrk.format("POST", "/transactions", headers, body)
end
