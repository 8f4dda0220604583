-- devtools: hot reload + overlay + console for LÖVE 11.x
local reload  = require("devtools.reload")
local overlay = require("devtools.overlay")
local console = require("devtools.console")

local M = { enabled = true }

function M.init(opts)
  opts = opts or {}
  if love.filesystem.isFused() then
    M.enabled = false
    return
  end
  reload.watch(opts.watch or { "src" })
  console.start(opts.console)
end

function M.asset(path)
  return reload.asset(path)
end

function M.update(dt)
  if not M.enabled then return end
  reload.poll(dt)
  console.poll()
end

function M.draw()
  if not M.enabled then return end
  overlay.draw()
end

function love.keypressed(k)
  if k == "f3" then overlay.toggle() end
  if k == "f1" then console.toggle() end
end

return M
