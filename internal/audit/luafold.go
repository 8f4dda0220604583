package audit

import (
	"path"
	"strings"
)

// Lua code that assembles a command from pieces before running it
// (rule destructive-command through the data-file and list readers): a
// removal spelled table.concat({ "r", "m" }) .. " -" .. "rf" is the
// same rm -rf the shell receives. luaFoldCode joins what Lua joins
// before it runs anything, table.concat of a table of literals (with
// its separator) and runs of literals joined by the .. operator, so the
// removal readers (datawipe.go: targets listed in a data file the code
// loads) see the command as the shell will.

var (
	// luaLitRE is one quoted Lua literal without escapes or newlines,
	// as luaFoldCode joins them.
	luaLitRE = lazyRE(`"[^"\\\n]*"|'[^'\\\n]*'`)
	// luaTableConcat is table.concat over a table of literals, with an
	// optional literal separator: the table's text is group 1, the
	// separator group 2.
	luaTableConcat = lazyRE(`\btable\.concat\s*\(\s*\{((?:\s*(?:"[^"\\\n]*"|'[^'\\\n]*')\s*[,;]?)*)\s*\}\s*(?:,\s*("[^"\\\n]*"|'[^'\\\n]*')\s*)?\)`)
	// luaConcatRun is two or more literals joined by .. (comments are
	// blanked first).
	luaConcatRun = lazyRE(`(?:"[^"\\\n]*"|'[^'\\\n]*')(?:\s*\.\.\s*(?:"[^"\\\n]*"|'[^'\\\n]*'))+`)
)

// maxLuaFold bounds the folds made in one file, so a crafted file costs
// a bounded amount of work.
const maxLuaFold = 2000

// luaFoldCode returns the comment-blanked Lua code c with table.concat
// of literals and runs of literals joined by .. each replaced by one
// literal of the joined text. A replaced span keeps its newlines after
// the literal, so every line after it keeps its number.
func luaFoldCode(c string) string {
	unq := func(l string) string { return l[1 : len(l)-1] }
	lit := func(body, span string) string {
		return `"` + strings.ReplaceAll(body, `"`, `'`) + `"` + strings.Repeat("\n", strings.Count(span, "\n"))
	}
	n := 0
	c = luaTableConcat.ReplaceAllStringFunc(c, func(s string) string {
		if n++; n > maxLuaFold {
			return s
		}
		m := luaTableConcat.FindStringSubmatch(s)
		var parts []string
		for _, p := range luaLitRE.FindAllString(m[1], -1) {
			parts = append(parts, unq(p))
		}
		sep := ""
		if m[2] != "" {
			sep = unq(m[2])
		}
		return lit(strings.Join(parts, sep), s)
	})
	n = 0
	return luaConcatRun.ReplaceAllStringFunc(c, func(s string) string {
		if n++; n > maxLuaFold {
			return s
		}
		var b strings.Builder
		for _, p := range luaLitRE.FindAllString(s, -1) {
			b.WriteString(unq(p))
		}
		return lit(b.String(), s)
	})
}

// wipeCodeOf returns the text of the file rel the removal readers read:
// for Lua its code with comments blanked and its joins folded
// (luaFoldCode), else content as it is.
func wipeCodeOf(rel, content string) string {
	if !isLuaFile(rel, content) {
		return content
	}
	c, _ := luaTokens(content)
	return luaFoldCode(c)
}

// isLuaFile reports whether rel is a Lua file: a .lua name, or no
// extension the other readers take and a shebang that runs lua (as
// scanOtherLang picks Lua).
func isLuaFile(rel, content string) bool {
	ext := strings.ToLower(path.Ext(rel))
	if ext == ".lua" {
		return true
	}
	if ext != "" || !strings.HasPrefix(content, "#!") {
		return false
	}
	shebang, _, _ := strings.Cut(content, "\n")
	return strings.Contains(shebang, "lua")
}
