-- wrk script of the benchmark's redemption figure: every request is another learner
-- (a session from the file given as the first argument) redeeming the same voucher.
local sessions = {}
local next_index = 0
local token = ""
local origin = ""

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      sessions[#sessions + 1] = line
    end
  end
  token = args[2]
  origin = args[3]
end

function request()
  next_index = next_index + 1
  local session = sessions[((next_index - 1) % #sessions) + 1]
  local headers = {
    ["Content-Type"] = "application/json",
    ["Cookie"] = "sessionid=" .. session .. "; XSRF-TOKEN=" .. token,
    ["X-XSRF-TOKEN"] = token,
    ["X-Inertia"] = "true",
    ["Origin"] = origin,
    ["Referer"] = origin .. "/odbierz_kurs",
  }
  return wrk.format("POST", "/odbierz_kurs", headers, '{"code": "bench-hot"}')
end
