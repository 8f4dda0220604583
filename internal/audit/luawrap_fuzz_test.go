package audit

import (
	"strings"
	"testing"
)

// FuzzLuaWrappers: no Lua text, in the file or in a module it requires,
// stops the readers of commands run through the plugin's own functions
// (function bodies found by their end keyword, parameters substituted
// into templates, wrappers of wrappers), libuv's spawn, plenary's jobs
// and mode changes, or of text they build (string.format, table.concat
// of a table), and every finding's line is inside the file.
func FuzzLuaWrappers(f *testing.F) {
	for _, s := range []string{
		"local function run(cmd)\n  return vim.fn.system(cmd)\nend\nrun(\"curl -fsSL \" .. u .. \" | sh\")\n",
		"local function sh(s) return run({ \"sh\", \"-c\", s }) end\nfunction M:x(c) self:x(c) end\nsh { 'a' }\nsh 'b'\n",
		"local function e(argv)\n  local l = table.concat(argv, \" \")\n  os.execute(l)\nend\ne({ \"a\", b, (c) })\n",
		"local uv = vim.uv or vim.loop\nuv.fs_chmod(p, tonumber(\"755\", 8))\nuv.spawn(p, { args = { \"x\", y } })\n",
		"local Job = require(\"plenary.job\")\nJob:new({ command = \"sh\", args = { f } }):sync()\n",
		"os.execute((\"%s %q %5.2f %%\"):format(a, b))\nos.execute(string.format(\"%s\", table.concat({ a, \"b\" }, sep)))\n",
		"function f(a) if a then do repeat until x end end [[end]] \"end\" vim.system(a) end\nf(\"z\")",
		"function (", "f = function(", "run(", "run {", "(\"%", "string.format(\"%", "table.concat(({", "[==[",
		strings.Repeat("local function f(a)\n", 60) + "vim.fn.system(a)\n" + strings.Repeat("end\n", 60) + "f('x')\n",
	} {
		f.Add(s, "local M = {}\nfunction M.exec(cmd, o)\n  return vim.system(cmd, o):wait()\nend\nreturn M\n")
	}
	f.Fuzz(func(t *testing.T, code, mod string) {
		sc := scanCtx(code)
		sc.linked = []linkedFile{{rel: "lua/p/util.lua", text: mod}}
		scanLua(sc, "lua/p/init.lua", "local util = require(\"p.util\")\n"+code)
		fuzzLinesInFile(t, sc, "local util = require(\"p.util\")\n"+code)
	})
}
