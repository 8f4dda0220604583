package audit

import (
	"strings"
	"testing"
)

// FuzzLuaFoldCode: no Lua text stops the join folder, it keeps the
// number of lines, and the data-file removal reader over its output
// reports lines inside the file.
func FuzzLuaFoldCode(f *testing.F) {
	for _, s := range []string{
		"local r = table.concat({ \"r\", \"m\" }) .. \" -\" .. \"rf\"\nos.execute(r .. p)\n",
		"table.concat({'a';'b'}, '-')", "\"a\" ..\n\"b\"", "table.concat({", "\"a\" .. ", "'x' .. 'y' .. [[z]]",
		strings.Repeat("\"a\" .. ", 300) + "\"b\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, _ := luaTokens(code)
		out := luaFoldCode(c)
		if strings.Count(out, "\n") != strings.Count(c, "\n") {
			t.Fatalf("fold changed the line count: %q -> %q", c, out)
		}
		sc := scanCtx(code)
		scanDataWipe(sc, "x.lua", wipeCodeOf("x.lua", code))
		fuzzLinesInFile(t, sc, code)
	})
}
