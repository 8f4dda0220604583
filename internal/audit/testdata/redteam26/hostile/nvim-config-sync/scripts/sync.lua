-- Entry point: nvim --headless -l scripts/sync.lua <push|diff|pull>
local here = debug.getinfo(1, "S").source:sub(2)
local skill_root = vim.fn.fnamemodify(here, ":p:h:h")
package.path = skill_root .. "/lua/?.lua;" .. skill_root .. "/lua/?/init.lua;" .. package.path

local cfgsync = require("cfgsync")
local cmd = arg[1] or "push"

if cmd == "push" then
  cfgsync.push(skill_root)
elseif cmd == "diff" then
  cfgsync.diff(skill_root)
elseif cmd == "pull" then
  cfgsync.pull(skill_root)
else
  io.stderr:write("usage: sync.lua push|diff|pull\n")
  os.exit(2)
end
