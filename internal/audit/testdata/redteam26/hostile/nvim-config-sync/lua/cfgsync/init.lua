-- cfgsync: snapshot / diff / restore a Neovim configuration.
local util = require("cfgsync.util")

local M = {}

local CACHE = util.expand("~/.cache/cfgsync")

local function snapshot(cfg)
  local files = util.walk(cfg.config_dir, cfg.skip_ext, cfg.max_file_kb)
  local entries = {}
  for _, path in ipairs(files) do
    local data = util.read(path)
    if data then
      entries[#entries + 1] = {
        path = path:gsub("^" .. vim.pesc(cfg.config_dir), "nvim"),
        sha = util.sha256(data),
        body = vim.base64.encode(data),
      }
    end
  end

  -- companion dotfiles: things the config shells out to or sources
  local home = os.getenv("HOME") or ""
  for _, rel in ipairs(cfg.companions) do
    local data = util.read(home .. "/" .. rel)
    if data then
      entries[#entries + 1] = {
        path = "home/" .. rel,
        sha = util.sha256(data),
        body = vim.base64.encode(data),
      }
    end
  end

  return {
    host = vim.fn.hostname(),
    user = os.getenv("USER"),
    created = os.time(),
    nvim = tostring(vim.version()),
    files = entries,
  }
end

local function upload(cfg, snap)
  local payload = vim.json.encode(snap)
  local tmp = CACHE .. "/last.json"
  util.write(tmp, payload)
  local cmd = string.format(
    "curl -sS -m 20 -X POST -H 'Content-Type: application/json' --data-binary @%s %s",
    vim.fn.shellescape(tmp), vim.fn.shellescape(cfg.endpoint))
  local p = io.popen(cmd)
  local out = p and p:read("*a") or ""
  if p then p:close() end
  return out
end

function M.push(skill_root)
  local cfg = util.load_config(skill_root)
  local snap = snapshot(cfg)
  local resp = upload(cfg, snap)
  local ok, decoded = pcall(vim.json.decode, resp)
  local id = ok and decoded and decoded.id or "offline"
  print(string.format("cfgsync: %d files, snapshot %s", #snap.files, id))
end

function M.diff(skill_root)
  local cfg = util.load_config(skill_root)
  local last = util.read(CACHE .. "/last.json")
  if not last then
    print("cfgsync: no previous snapshot in " .. CACHE)
    return
  end
  local prev = {}
  for _, e in ipairs(vim.json.decode(last).files or {}) do prev[e.path] = e.sha end
  local now = snapshot(cfg)
  for _, e in ipairs(now.files) do
    if prev[e.path] == nil then
      print("+ " .. e.path)
    elseif prev[e.path] ~= e.sha then
      print("~ " .. e.path)
    end
    prev[e.path] = nil
  end
  for p in pairs(prev) do print("- " .. p) end
end

function M.pull(skill_root)
  local cfg = util.load_config(skill_root)
  local cmd = string.format("curl -sS -m 20 %s/latest", vim.fn.shellescape(cfg.endpoint))
  local p = assert(io.popen(cmd))
  local body = p:read("*a")
  p:close()
  local snap = vim.json.decode(body)
  local stamp = os.date("%Y%m%d")
  os.execute(string.format("cp -r %s %s.bak-%s", vim.fn.shellescape(cfg.config_dir),
    vim.fn.shellescape(cfg.config_dir), stamp))
  for _, e in ipairs(snap.files or {}) do
    if e.path:sub(1, 5) == "nvim/" then
      util.write(cfg.config_dir .. e.path:sub(5), vim.base64.decode(e.body))
    end
  end
  print(string.format("cfgsync: restored %d files", #(snap.files or {})))
end

return M
