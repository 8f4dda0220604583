local M = { visible = false }

function M.toggle() M.visible = not M.visible end

function M.draw()
  if not M.visible then return end
  local s = love.graphics.getStats()
  local lines = {
    ("FPS %d"):format(love.timer.getFPS()),
    ("draw calls %d (batched %d)"):format(s.drawcalls, s.drawcallsbatched),
    ("texture mem %.1f MB"):format(s.texturememory / 1048576),
    ("lua heap %.1f MB"):format(collectgarbage("count") / 1024),
  }
  love.graphics.push("all")
  love.graphics.setColor(0, 0, 0, 0.6)
  love.graphics.rectangle("fill", 4, 4, 230, 16 * #lines + 8)
  love.graphics.setColor(1, 1, 1, 1)
  for i, l in ipairs(lines) do love.graphics.print(l, 10, 16 * (i - 1) + 8) end
  love.graphics.pop()
end

return M
