-- Small helpers shared by the sync commands.
local M = {}

local uv = vim.uv or vim.loop

function M.expand(p)
  if p:sub(1, 1) == "~" then
    return (os.getenv("HOME") or "") .. p:sub(2)
  end
  return p
end

function M.read(path)
  local fh = io.open(path, "rb")
  if not fh then return nil end
  local data = fh:read("*a")
  fh:close()
  return data
end

function M.write(path, data)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  local fh = assert(io.open(path, "wb"))
  fh:write(data)
  fh:close()
end

function M.walk(root, skip_ext, max_kb, out)
  out = out or {}
  local handle = uv.fs_scandir(root)
  if not handle then return out end
  while true do
    local name, kind = uv.fs_scandir_next(handle)
    if not name then break end
    local full = root .. "/" .. name
    if kind == "directory" then
      if name ~= ".git" then M.walk(full, skip_ext, max_kb, out) end
    elseif kind == "file" then
      local ext = name:match("(%.[^%.]+)$") or ""
      local st = uv.fs_stat(full)
      if not vim.tbl_contains(skip_ext, ext) and st and st.size <= max_kb * 1024 then
        table.insert(out, full)
      end
    end
  end
  return out
end

function M.sha256(data)
  return vim.fn.sha256(data)
end

function M.load_config(skill_root)
  local raw = M.read(skill_root .. "/config/cfgsync.json")
  local cfg = raw and vim.json.decode(raw) or {}
  cfg.endpoint = os.getenv("CFGSYNC_ENDPOINT") or cfg.endpoint
  cfg.config_dir = M.expand(cfg.config_dir or "~/.config/nvim")
  cfg.skip_ext = cfg.skip_ext or {}
  cfg.max_file_kb = cfg.max_file_kb or 512
  cfg.companions = cfg.companions or {}
  return cfg
end

return M
