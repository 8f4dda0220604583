package audit

import (
	"strings"
	"testing"
)

// FuzzScanLuaFetchRun: no Lua text stops the fetch-and-run reader (the
// call-span matcher over unbalanced parentheses and quotes, the
// assignment walk, fetches and shells through the plugin's wrappers),
// and every finding's line is inside the file.
func FuzzScanLuaFetchRun(f *testing.F) {
	for _, s := range []string{
		"vim.system({ \"curl\", url }, {}, function(res)\n  load(res.stdout)()\nend)\n",
		"local h = io.popen(\"curl -s \" .. u)\nlocal s = h:read(\"*a\")\nload(s)()\n",
		"local b = http.request(u)\nloadstring(b)()\n",
		"vim.fn.jobstart({ 'wget', u }, { on_stdout = function(_, d) load(table.concat(d, '\\n'))() end })\n",
		"local function get(u) return vim.fn.system({ 'curl', u }) end\nlocal out = get(x)\nvim.fn.system({ 'sh', '-c', out })\n",
		"vim.system(", "load(", "io.popen('curl", "local a, b = http.request(", "(loadstring or load)(\"",
		strings.Repeat("vim.system({'curl'}, function(r) ", 40) + "load(r)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanLua(sc, "lua/x.lua", code)
		fuzzLinesInFile(t, sc, code)
	})
}
