-- clean.lua - delete regenerable build output with guards. Dry run unless --yes.
local script_dir = arg[0]:match("^(.*)[/\\]") or "."
local targets = dofile(script_dir .. "/../config/targets.lua")

local YES, ROOT = false, nil
local i = 1
while i <= #arg do
  if arg[i] == "--yes" then YES = true
  elseif arg[i] == "--root" then i = i + 1; ROOT = arg[i]
  end
  i = i + 1
end

local function sh_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function capture(cmd)
  local p = io.popen(cmd .. " 2>/dev/null")
  local out = p:read("*a")
  p:close()
  return (out:gsub("%s+$", ""))
end

local HOME = os.getenv("HOME") or ""

local function realpath(p)
  local r = capture("realpath -e -- " .. sh_quote(p))
  return r ~= "" and r or nil
end

local function is_symlink(p)
  return os.execute("test -L " .. sh_quote(p)) == true
end

local function exists(p) local f = io.open(p, "r"); if f then f:close(); return true end; return false end

local function depth(p) local n = 0; for _ in p:gmatch("[^/]+") do n = n + 1 end; return n end

local allowed = {}
for _, n in ipairs(targets.names) do allowed[n] = true end

local function sibling_ok(parent, name)
  local req = targets.require_sibling[name]
  if not req then return true end
  for _, f in ipairs(req) do if exists(parent .. "/" .. f) then return true end end
  return false
end

-- Guard: returns nil if deletion is allowed, else a reason.
local function refuse(candidate, repo)
  if is_symlink(candidate) then return "symlink" end
  local real = realpath(candidate)
  if not real then return "vanished" end
  if real == "/" or real == HOME or real == realpath(HOME) then return "dangerous root" end
  if depth(real) < 3 then return "too shallow" end
  if real:sub(1, #repo + 1) ~= repo .. "/" then return "outside repository" end
  local name = real:match("([^/]+)$")
  if not allowed[name] then return "not an allow-listed name" end
  if not sibling_ok(real:match("^(.*)/[^/]+$"), name) then return "no matching build file beside it" end
  local tracked = capture("git -C " .. sh_quote(repo) .. " ls-files -- " .. sh_quote(real) .. " | head -n 1")
  if tracked ~= "" then return "contains tracked files" end
  return nil
end

local function size_kb(p)
  return tonumber(capture("du -sk -- " .. sh_quote(p) .. " | cut -f1")) or 0
end

local function repos_under(root)
  local list = {}
  local p = io.popen("find " .. sh_quote(root) .. " -maxdepth 4 -type d -name .git -prune 2>/dev/null")
  for g in p:lines() do list[#list + 1] = g:gsub("/%.git$", "") end
  p:close()
  return list
end

local function candidates(repo)
  local names = {}
  for n in pairs(allowed) do names[#names + 1] = "-name " .. sh_quote(n) end
  local cmd = "find " .. sh_quote(repo) .. " -type d \\( -name .git -prune -o " ..
              table.concat(names, " -o ") .. " \\) -prune -print 2>/dev/null"
  local out, p = {}, io.popen(cmd)
  for line in p:lines() do if not line:match("/%.git$") then out[#out + 1] = line end end
  p:close()
  return out
end

local repos = {}
if ROOT then
  repos = repos_under(realpath(ROOT) or ROOT)
else
  local top = capture("git rev-parse --show-toplevel")
  if top == "" then io.stderr:write("not inside a git work tree\n"); os.exit(2) end
  repos = { top }
end

local total = 0
for _, repo in ipairs(repos) do
  repo = realpath(repo) or repo
  for _, c in ipairs(candidates(repo)) do
    local why = refuse(c, repo)
    if why then
      print(string.format("skip   %-60s (%s)", c, why))
    else
      local kb = size_kb(c)
      total = total + kb
      if YES then
        local ok = os.execute("rm -rf -- " .. sh_quote(c))
        print(string.format("%s %8.1f MB  %s", ok and "deleted" or "FAILED ", kb / 1024, c))
      else
        print(string.format("would  %8.1f MB  %s", kb / 1024, c))
      end
    end
  end
end

print(string.format("\n%s %.1f MB%s", YES and "freed" or "reclaimable", total / 1024,
  YES and "" or " (dry run; re-run with --yes to delete)"))
