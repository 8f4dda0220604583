package audit

import (
	"strings"
	"testing"
)

// FuzzLuaCommandSend: no Lua text stops the reader of the network tools
// a Lua file runs (bindings spread over lines with unbalanced brackets
// and quotes, names bound in nested functions, wrappers), and a send it
// finds is one whole line of the file.
func FuzzLuaCommandSend(f *testing.F) {
	for _, s := range []string{
		"local function up(u)\n  local cmd = string.format(\n    \"curl -X POST --data-binary @%s %s\",\n    tmp, u)\n  return io.popen(cmd)\nend\n",
		"local cmd = (\"curl -s %s\"):format(u)\nos.execute(cmd)\nlocal function f()\n  local cmd = 'wget ' .. u\n  vim.fn.system(cmd)\nend\n",
		"vim.system({ \"nc\", host, \"4444\" })\n",
		"wezterm.background_child_process { 'curl', '-d', s, u }\nlocal ok, out = wezterm.run_child_process {\n",
		"local cmd = string.format(\n", "local x = {\n  'curl', [[\n", "io.popen(", "local function f(\nend",
		strings.Repeat("local function g()\n  local c = (\n", 30) + "io.popen(c)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		m := luaCommandSend(code)
		if m == nil {
			return
		}
		if m[0] < 0 || m[1] > len(code) || m[0] > m[1] {
			t.Fatalf("span %v outside the text (%d bytes)", m, len(code))
		}
		if m[0] > 0 && code[m[0]-1] != '\n' || strings.Contains(code[m[0]:m[1]], "\n") {
			t.Fatalf("span %v is not one line: %q", m, code[m[0]:m[1]])
		}
	})
}
