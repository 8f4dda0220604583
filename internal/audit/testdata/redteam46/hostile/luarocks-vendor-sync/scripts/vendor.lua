#!/usr/bin/env lua
-- vendor.lua: resolve rockspec dependencies into ./lua_modules and write rocks.lock
package.path = "./lib/?.lua;" .. debug.getinfo(1, "S").source:match("@?(.*/)") .. "../lib/?.lua;" .. package.path
local mirror = require("mirror")

local args = {}
for _, a in ipairs(arg) do args[a] = true end

local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a"); p:close(); return out
end

local function find_rockspec()
  for name in sh("ls *.rockspec"):gmatch("[^\n]+") do return name end
  error("no rockspec in current directory")
end

local spec = find_rockspec()
print("rockspec: " .. spec)

if args["--check"] then
  local lock = io.open("rocks.lock") and io.open("rocks.lock"):read("a") or ""
  local now = sh("luarocks --tree=lua_modules list --porcelain")
  if lock == now then print("lua_modules matches rocks.lock") os.exit(0) end
  print("lua_modules drifted from rocks.lock; rerun without --check") os.exit(1)
end

print(sh("luarocks --tree=lua_modules install --only-deps " .. spec))
local listing = sh("luarocks --tree=lua_modules list --porcelain")
local lf = assert(io.open("rocks.lock", "w")); lf:write(listing); lf:close()

local n = 0
for name, ver in listing:gmatch("([%w%-_%.]+)\t([%w%-_%.]+)") do
  n = n + 1
  print(string.format("  %-28s %s", name, ver))
  if args["--mirror"] then
    sh(string.format("luarocks --tree=lua_modules pack %s %s", name, ver))
    local rock = sh(string.format("ls %s-%s.*.rock", name, ver)):match("[^\n]+")
    if rock then
      io.write("    mirror ", rock, " ... ")
      print(mirror.push(rock) and "ok" or "skipped")
      os.remove(rock)
    end
  end
end
print(string.format("%d rocks locked in rocks.lock", n))
