package audit

import "strings"

// A Lua program sends as surely through a network tool it runs as
// through a socket: a Neovim plugin seldom links an HTTP library and
// hands curl its request instead, built with string.format in a local
// of the function that runs it (local cmd = string.format("curl -X
// POST --data-binary @%s %s", tmp, url) then io.popen(cmd)). For
// credential-exfil a Lua file makes a network call when one of the
// commands it runs (luaSinks: os.execute, io.popen, vim.fn.system,
// jobstart, vim.system, libuv's spawn, plenary's jobs and the file's
// own wrappers of them), read as luashell.go reads it, starts curl,
// wget, nc, ncat or socat as a command of its shell line. A name is read
// through the value it is bound to once in the function that runs the
// command, else once in the file (two functions each binding their own
// cmd keep theirs apart), and a value a call or a table carries over
// several lines is read whole. A command that only fetches or copies
// with cp, rsync to a local folder or git is not a send.

// luaNetCmd is a network tool as a command of a shell line.
var luaNetCmd = lazyRE(`(?:^|[;&|(]\s*|\bexec\s+)(?:/usr(?:/local)?/bin/|/bin/)?(?:curl|wget|nc|ncat|socat)(?:\.exe)?(?:\s|$)`)

// maxLuaBindSpan bounds the bytes a binding's value is read over when it
// opens a call or a table its line does not close.
const maxLuaBindSpan = 4096

// luaBind is one binding of a name in Lua code: the name, its value
// (luaBindValue) and where the binding starts.
type luaBind struct {
	name, value string
	off         int
}

// luaBindsOf returns the bindings of Lua code c (comments blanked,
// literals folded), in order.
func luaBindsOf(c string) []luaBind {
	var out []luaBind
	for _, m := range luaLocalLit.FindAllStringSubmatchIndex(c, 1024) {
		out = append(out, luaBind{c[m[2]:m[3]], luaBindValue(c, m[4], m[5]), m[0]})
	}
	return out
}

// luaBinds returns the names bound exactly once among the bindings all
// that start in [from, to), each to its value.
func luaBinds(all []luaBind, from, to int) map[string]string {
	binds := map[string]string{}
	seen := map[string]int{}
	for _, b := range all {
		if b.off >= from && b.off < to {
			seen[b.name]++
			binds[b.name] = b.value
		}
	}
	for n, k := range seen {
		if k > 1 {
			delete(binds, n) // reassigned: its value at the call is unknown
		}
	}
	return binds
}

// luaBindValue returns the value of a binding whose text on its line is
// c[start:end]: that text when its brackets balance, else the text up
// to the end of the line where they do (bounded by maxLuaBindSpan).
func luaBindValue(c string, start, end int) string {
	depth := luaBracketDepth(c[start:end])
	if depth <= 0 {
		return c[start:end]
	}
	limit := min(len(c), start+maxLuaBindSpan)
	depth = 0
	for i := start; i < limit; i++ {
		switch ch := c[i]; ch {
		case '"', '\'':
			i = min(stringEnd(c, i, true), limit-1)
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case '\n':
			if depth <= 0 {
				return strings.ReplaceAll(strings.TrimRight(c[start:i], " \t;"), "\n", " ")
			}
		}
	}
	return c[start:end]
}

// luaBracketDepth returns how many brackets s opens and leaves open,
// quoted strings skipped.
func luaBracketDepth(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			i = stringEnd(s, i, true)
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		}
	}
	return depth
}

// luaCommandSend returns the span of the line of text (a Lua file) that
// runs a network tool (see above), or nil.
func luaCommandSend(text string) []int {
	if !luaShellCall.MatchString(text) && !luaSpawnCall.MatchString(text) && !luaJobNew.MatchString(text) {
		return nil
	}
	c, _ := luaTokens(text)
	f := luaFoldCode(c)
	sinks := luaSinks(f, luaWrappers(f, nil))
	if len(sinks) == 0 {
		return nil
	}
	all := luaBindsOf(f)
	file := luaBinds(all, 0, len(f))
	defs := luaFuncDefs(f)
	scoped := map[int]map[string]string{} // by index into defs
	for _, sk := range sinks {
		if sk.chmod {
			continue
		}
		binds := file
		if i := luaInnermostDef(defs, sk.off); i >= 0 {
			if scoped[i] == nil {
				scoped[i] = map[string]string{}
				for n, v := range file {
					scoped[i][n] = v
				}
				for n, v := range luaBinds(all, defs[i].from, defs[i].from+len(defs[i].body)) {
					scoped[i][n] = v
				}
			}
			binds = scoped[i]
		}
		if cmd := luaCommand(sk.expr, binds); luaNetCmd.MatchString(strings.TrimSpace(cmd)) {
			// f keeps text's lines (luaFoldCode, luaTokens)
			ln := 1 + strings.Count(f[:sk.off], "\n")
			li := newLineIndex(text)
			if ln > len(li) {
				return nil
			}
			s := li[ln-1]
			return []int{s, s + len(lineText(text, li, ln))}
		}
	}
	return nil
}

// luaInnermostDef returns the index of the innermost function of defs
// whose body holds offset off, or -1.
func luaInnermostDef(defs []luaFuncDefn, off int) int {
	best := -1
	for i, d := range defs {
		if off >= d.from && off < d.from+len(d.body) && (best < 0 || d.from > defs[best].from) {
			best = i
		}
	}
	return best
}
