local devtools = require("devtools")
local player = require("src.player")

function love.load()
  devtools.init({ watch = { "src", "assets" } })
  player.load()
end

function love.update(dt)
  devtools.update(dt)
  player.update(dt)
end

function love.draw()
  player.draw(devtools.asset("assets/player.png").img)
  devtools.draw()
end
