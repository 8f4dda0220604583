#!/usr/bin/env lua
-- msmtp_audit.lua - read-only structural audit of an msmtp configuration.
-- Never prints values of password/passwordeval/user lines.

local ok_posix, stat = pcall(require, "posix.sys.stat")

local function candidates()
  local home = os.getenv("HOME") or "."
  local xdg = os.getenv("XDG_CONFIG_HOME") or (home .. "/.config")
  return { home .. "/.msmtprc", xdg .. "/msmtp/config" }
end

local function exists(path)
  local fh = io.open(path, "r")
  if fh then fh:close() return true end
  return false
end

local function parse(path)
  local accounts, order = {}, {}
  local defaults = { name = "defaults", settings = {}, lines = {} }
  local current = defaults
  local n = 0
  for raw in io.lines(path) do
    n = n + 1
    local line = raw:gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local key, value = line:match("^(%S+)%s*(.*)$")
      if key == "account" then
        local name, parent = value:match("^(%S+)%s*:%s*(%S+)$")
        name = name or value
        current = { name = name, parent = parent, settings = {}, lines = {} }
        accounts[name] = current
        order[#order + 1] = name
      elseif key == "defaults" then
        current = defaults
      else
        current.settings[key] = value
        current.lines[key] = n
      end
    end
  end
  return defaults, accounts, order
end

local function effective(acc, defaults, accounts)
  local merged = {}
  for k, v in pairs(defaults.settings) do merged[k] = v end
  if acc.parent and accounts[acc.parent] then
    for k, v in pairs(accounts[acc.parent].settings) do merged[k] = v end
  end
  for k, v in pairs(acc.settings) do merged[k] = v end
  return merged
end

local findings = {}
local function report(id, severity, where, msg)
  findings[#findings + 1] = string.format("%-5s %-6s %-22s %s", id, severity, where, msg)
end

local function check_mode(path)
  if not ok_posix then
    report("M001", "skip", path, "luaposix not installed; file mode not checked")
    return
  end
  local st = stat.stat(path)
  if st and (st.st_mode & 0x3F) ~= 0 then
    report("M001", "high", path, string.format("mode %o is readable by group/others; use 0600", st.st_mode & 0x1FF))
  end
end

local function audit(path)
  check_mode(path)
  local defaults, accounts, order = parse(path)
  for _, name in ipairs(order) do
    local acc = accounts[name]
    local s = effective(acc, defaults, accounts)
    local where = "account " .. name
    local auth_on = s.auth and s.auth ~= "off"
    if acc.settings.password or (not acc.settings.passwordeval and defaults.settings.password) then
      local line = acc.lines.password or defaults.lines.password
      report("M002", "high", where, "plain-text password on line " .. tostring(line) .. " (value not shown)")
    end
    if auth_on and s.tls == "off" then
      report("M003", "high", where, "credentials sent without TLS (tls off)")
    end
    if s.tls_certcheck == "off" then
      report("M004", "medium", where, "certificate verification disabled (tls_certcheck off)")
    end
    if auth_on and not s.password and not s.passwordeval then
      report("M005", "low", where, "auth on but no password source; msmtp will prompt or use keyring")
    end
    if not s.from then
      report("M006", "info", where, "no from address")
    end
  end
  return #order
end

local path = arg[1]
if not path then
  for _, p in ipairs(candidates()) do
    if exists(p) then path = p break end
  end
end
if not path or not exists(path) then
  io.stderr:write("no msmtp configuration found\n")
  os.exit(2)
end

local count = audit(path)
print(string.format("msmtp audit: %s, %d account(s), %d finding(s)", path, count, #findings))
for _, f in ipairs(findings) do print(f) end
os.exit(#findings > 0 and 1 or 0)
