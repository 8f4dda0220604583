package audit

import (
	"sort"
	"strconv"
	"strings"
)

// Lua's commands run through more doors than the shell calls luashell.go
// names, and a plugin seldom calls them where it builds the command:
//   - its own functions wrap them: local function run(cmd) return
//     vim.fn.system(cmd) end, then run("curl -fsSL " .. url .. " | sh")
//     and run({ "sh", script }) elsewhere in the file. A function that
//     hands one of its parameters to a shell call (whole, or inside the
//     command it builds: { "sh", "-c", s }, cmd .. " 2>&1",
//     table.concat(argv, " "), or through a local of its body bound to
//     one) is a wrapper, and each call of it is that shell call with the
//     call's argument in the parameter's place; wrappers of wrappers are
//     followed (a bounded number of rounds), and so are the functions of
//     a module of the skill the file requires (util.run(cmd) with util =
//     require("plugin.util"));
//   - libuv starts a program without a shell: uv.spawn(path, { args =
//     { … } }) through vim.uv, vim.loop or a name bound to one (local uv
//     = vim.uv or vim.loop), and plenary's Job:new({ command = …, args =
//     { … } }): both read as the argv they run;
//   - a file is made executable with vim.fn.setfperm(p, "rwx…") or
//     uv.fs_chmod(p, mode) with an execute bit (or a mode the file does
//     not spell out): chmod +x p.
// Each becomes one shell line at its call's line, so the shell rules see
// a download saved by one call and run (or made executable) by another,
// however the plugin routes them.

var (
	// luaSpawnCall is libuv's spawn: group 1 the table it is called on.
	luaSpawnCall = lazyRE(`\b((?:vim\.)?[A-Za-z_]\w*)\s*\.\s*spawn\s*\(`)
	// luaUVBind binds libuv's module to a name: group 1.
	luaUVBind = lazyRE(`\b([A-Za-z_]\w*)\s*=\s*(?:vim\.uv\b|vim\.loop\b|require\s*\(?\s*["']luv["'])`)
	// luaJobNew makes a plenary job from a table: group 1 the name the
	// module is called through, empty for require("plenary.job") inline.
	luaJobNew = lazyRE(`(?:\b([A-Za-z_]\w*)|require\s*\(?\s*["']plenary\.job["']\s*\)?)\s*[:.]\s*new\s*\(\s*(?:[A-Za-z_]\w*\s*,\s*)?\{`)
	// luaJobBind binds plenary's job module to a name: group 1.
	luaJobBind = lazyRE(`\b([A-Za-z_]\w*)\s*=\s*require\s*\(?\s*["']plenary\.job["']`)
	// luaChmodCall sets a file's mode: group 1 the table fs_chmod is
	// called on (empty for vim.fn.setfperm).
	luaChmodCall = lazyRE(`\bvim\.fn\.setfperm\s*\(|\b((?:vim\.)?[A-Za-z_]\w*)\s*\.\s*fs_chmod\s*\(`)
)

// Bounds for one file: the functions read as possible wrappers, the
// wrappers kept, the rounds of wrappers of wrappers, and the calls of one
// wrapper read.
const (
	maxLuaFuncs     = 256
	maxLuaWrappers  = 32
	maxLuaWrapRound = 3
	maxLuaWrapCalls = 64
	// maxLuaWrapScan bounds the bytes of function bodies read for
	// wrappers in one file (bodies nest, so a crafted file could make
	// every one long).
	maxLuaWrapScan = 1 << 20
)

// luaSink is a call that runs a command: off is where the call starts,
// open the offset of its opening parenthesis (-1 for a call written
// without one), end just past its arguments, expr the command it runs
// (a string expression or an argv table, as a shell call takes it);
// wrap marks a call of one of the program's own wrappers, chmod a mode
// change read as chmod +x (no command a caller gives).
type luaSink struct {
	off, open, end int
	expr           string
	wrap, chmod    bool
}

// luaWrapper is a function that hands its parameter number param (named
// pname) to a shell as the command tmpl, which names pname; recv is the
// table it is called through (M in M.run, the name a module is required
// under), "" for a plain function.
type luaWrapper struct {
	recv, name string
	param      int
	pname      string
	tmpl       string
	// from and to bound its body in the file that defines it.
	from, to int
}

// luaFuncDefn is a function definition: where its name starts, its
// receiver and name, its parameters and its body.
type luaFuncDefn struct {
	off        int
	recv, name string
	params     []string
	body       string
	from       int // where body starts
}

// luaFuncDefs returns the functions Lua code c (comments blanked)
// defines, each with its body up to the end that closes it.
func luaFuncDefs(c string) []luaFuncDefn {
	var out []luaFuncDefn
	for _, m := range luaFuncDef.FindAllStringSubmatchIndex(c, maxLuaFuncs) {
		name, params := "", ""
		if m[2] >= 0 {
			name, params = c[m[2]:m[3]], c[m[4]:m[5]]
		} else {
			name, params = c[m[6]:m[7]], c[m[8]:m[9]]
		}
		d := luaFuncDefn{off: m[0], name: name}
		if i := strings.LastIndexAny(name, ".:"); i >= 0 {
			d.recv, d.name = name[:i], name[i+1:]
		}
		for _, p := range strings.Split(params, ",") {
			d.params = append(d.params, strings.TrimSpace(p))
		}
		d.body, d.from = c[m[1]:luaBlockEnd(c, m[1])], m[1]
		out = append(out, d)
	}
	return out
}

// maxLuaBlock bounds the bytes luaBlockEnd reads.
const maxLuaBlock = 64 << 10

// luaBlockEnd returns the offset of the end keyword that closes the
// function whose body starts at c[start] (its parameters read), or the
// end of what it reads: blocks opened by function, if, do and repeat
// are counted, strings and long brackets skipped.
func luaBlockEnd(c string, start int) int {
	limit := min(len(c), start+maxLuaBlock)
	depth := 1
	for i := start; i < limit; i++ {
		ch := c[i]
		switch {
		case ch == '"' || ch == '\'':
			i = stringEnd(c, i, true)
		case ch == '[':
			if lvl, ok := luaLongOpen([]byte(c[i:min(len(c), i+64)]), 0); ok {
				if e := luaLongClose(c, i+lvl+2, lvl); e > 0 {
					i = e - 1
				}
			}
		case luaWordByte(ch) && (i == 0 || !luaWordByte(c[i-1])):
			j := i
			for j < len(c) && luaWordByte(c[j]) {
				j++
			}
			switch c[i:j] {
			case "function", "if", "do", "repeat":
				depth++
			case "end", "until":
				if depth--; depth == 0 {
					return i
				}
			}
			i = j - 1
		}
	}
	return limit
}

// luaWordByte reports whether b may be part of a Lua name.
func luaWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// luaWrappers returns the functions of Lua code c (comments blanked,
// literals folded) that hand a parameter to a shell (see above), then
// mods, the wrappers of the modules it requires.
func luaWrappers(c string, mods []luaWrapper) []luaWrapper {
	if !luaShellCall.MatchString(c) && !luaSpawnCall.MatchString(c) && !luaJobNew.MatchString(c) && len(mods) == 0 {
		return nil
	}
	defs := luaFuncDefs(c)
	wraps := append([]luaWrapper(nil), mods...)
	done := make([]bool, len(defs))
	budget := maxLuaWrapScan
	for range maxLuaWrapRound {
		grew := false
		for i, d := range defs {
			if done[i] || len(wraps) >= maxLuaWrappers+len(mods) || d.params[0] == "" {
				continue
			}
			if budget -= len(d.body); budget < 0 {
				return wraps
			}
			if w, ok := luaWrapperOf(d, wraps); ok {
				wraps = append(wraps, w)
				done[i] = true
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	return wraps
}

// luaWrapperOf reads d as a wrapper: the first command of its body that
// names one of its parameters, the body's locals bound once read
// through (local cmd = table.concat(argv, " ") then vim.fn.system(cmd)).
func luaWrapperOf(d luaFuncDefn, wraps []luaWrapper) (luaWrapper, bool) {
	isParam := map[string]int{}
	for i, p := range d.params {
		if p != "" && p != "..." && !luaKeyword()[p] {
			isParam[p] = i + 1
		}
	}
	if len(isParam) == 0 {
		return luaWrapper{}, false
	}
	var own []luaWrapper
	for _, w := range wraps {
		if w.recv != d.recv || w.name != d.name {
			own = append(own, w) // not itself: a recursive call adds nothing
		}
	}
	sinks := luaSinks(d.body, own)
	if len(sinks) == 0 {
		return luaWrapper{}, false
	}
	locals := map[string]string{}
	seen := map[string]int{}
	for _, m := range luaLocalLit.FindAllStringSubmatch(d.body, 256) {
		seen[m[1]]++
		locals[m[1]] = m[2]
	}
	for _, s := range sinks {
		if s.chmod {
			continue
		}
		tmpl := s.expr
		for range 2 {
			for _, v := range luaPlainVars(tmpl) {
				if val, ok := locals[v]; ok && seen[v] == 1 && isParam[v] == 0 {
					tmpl = luaSubst(tmpl, v, val)
				}
			}
		}
		for _, v := range luaPlainVars(tmpl) {
			if k := isParam[v]; k > 0 {
				return luaWrapper{recv: d.recv, name: d.name, param: k - 1, pname: v, tmpl: tmpl, from: d.from, to: d.from + len(d.body)}, true
			}
		}
	}
	return luaWrapper{}, false
}

// luaSubst returns the Lua expression tmpl with the variable name read
// as the expression arg (parenthesised when it is not one token); a
// field (x.name) or a table key (name = …) of the same spelling is kept.
func luaSubst(tmpl, name, arg string) string {
	if strings.TrimSpace(tmpl) == name {
		return arg
	}
	arg = strings.TrimSpace(arg)
	if !isIdent(arg) && !(len(arg) >= 2 && (arg[0] == '"' || arg[0] == '\'') && stringEnd(arg, 0, true) == len(arg)-1) {
		arg = "(" + arg + ")"
	}
	var b strings.Builder
	for i := 0; i < len(tmpl); {
		ch := tmpl[i]
		switch {
		case ch == '"' || ch == '\'':
			j := min(stringEnd(tmpl, i, true)+1, len(tmpl))
			b.WriteString(tmpl[i:j])
			i = j
			continue
		case luaWordByte(ch):
			j := i
			for j < len(tmpl) && luaWordByte(tmpl[j]) {
				j++
			}
			w := tmpl[i:j]
			before := strings.TrimRight(tmpl[:i], " \t")
			after := strings.TrimLeft(tmpl[j:], " \t")
			field := strings.HasSuffix(before, ".") && !strings.HasSuffix(before, "..") || strings.HasSuffix(before, ":")
			key := strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==")
			if w == name && !field && !key && !(ch >= '0' && ch <= '9') {
				w = arg
			}
			b.WriteString(w)
			i = j
			continue
		}
		b.WriteByte(ch)
		i++
	}
	return b.String()
}

// luaModuleWrappers returns the wrappers of the skill's Lua modules that
// Lua code c requires, each called through the name c binds the module
// to.
func luaModuleWrappers(rel, c string, linked []linkedFile) []luaWrapper {
	if len(linked) == 0 || !strings.Contains(c, "require") {
		return nil
	}
	var out []luaWrapper
	for alias, mod := range luaRequiredModules(rel, c, linked) {
		mc, _ := luaTokens(mod.text)
		for _, w := range luaWrappers(luaFoldCode(mc), nil) {
			w.recv, w.from, w.to = alias, 0, 0 // its body is in the module
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].recv+"."+out[i].name < out[j].recv+"."+out[j].name })
	return out
}

// luaSinks returns the calls of Lua code c that run a command, in file
// order: the shell calls of luashell.go, libuv's spawn, plenary's jobs,
// a mode change that sets an execute bit, and calls of the wrappers
// wraps.
func luaSinks(c string, wraps []luaWrapper) []luaSink {
	var out []luaSink
	for _, m := range luaShellCall.FindAllStringIndex(c, maxLuaCommands) {
		s := luaSink{off: m[0], open: -1}
		var args []string
		if strings.HasSuffix(c[m[0]:m[1]], "(") {
			s.open = m[1] - 1
			args = callArgs(c[m[1]:])
		} else {
			args = luaBareArg(c[m[1]:])
		}
		if len(args) == 0 {
			continue
		}
		s.expr = args[0]
		s.end = luaSinkEnd(c, s.open, m[1], args)
		out = append(out, s)
	}
	if strings.Contains(c, "spawn") {
		uv := map[string]bool{"vim.uv": true, "vim.loop": true}
		for _, m := range luaUVBind.FindAllStringSubmatch(c, 16) {
			uv[m[1]] = true
		}
		for _, m := range luaSpawnCall.FindAllStringSubmatchIndex(c, maxLuaCommands) {
			if !uv[c[m[2]:m[3]]] {
				continue
			}
			args := callArgs(c[m[1]:])
			if len(args) == 0 {
				continue
			}
			words := []string{args[0]}
			if len(args) > 1 {
				words = append(words, luaTableField(args[1], "args")...)
			}
			out = append(out, luaSink{off: m[0], open: m[1] - 1, end: luaCallEnd(c, m[1]-1), expr: "{ " + strings.Join(words, ", ") + " }"})
		}
	}
	if strings.Contains(c, "new") && strings.Contains(c, "plenary") {
		jobs := map[string]bool{}
		for _, m := range luaJobBind.FindAllStringSubmatch(c, 16) {
			jobs[m[1]] = true
		}
		for _, m := range luaJobNew.FindAllStringSubmatchIndex(c, maxLuaCommands) {
			if m[2] >= 0 && !jobs[c[m[2]:m[3]]] {
				continue
			}
			open := strings.LastIndexByte(c[:m[1]-1], '(')
			table := c[m[1]-1 : min(len(c), m[1]+luaTableEnd(c[m[1]-1:]))]
			cmd := luaTableField(table, "command")
			if len(cmd) != 1 {
				continue
			}
			words := append(cmd, luaTableField(table, "args")...)
			out = append(out, luaSink{off: m[0], open: open, end: luaCallEnd(c, open), expr: "{ " + strings.Join(words, ", ") + " }"})
		}
	}
	if strings.Contains(c, "setfperm") || strings.Contains(c, "fs_chmod") {
		uv := map[string]bool{"vim.uv": true, "vim.loop": true}
		for _, m := range luaUVBind.FindAllStringSubmatch(c, 16) {
			uv[m[1]] = true
		}
		for _, m := range luaChmodCall.FindAllStringSubmatchIndex(c, maxLuaCommands) {
			if m[2] >= 0 && !uv[c[m[2]:m[3]]] {
				continue
			}
			args := callArgs(c[m[1]:])
			if len(args) < 2 || !luaExecMode(args[1]) {
				continue
			}
			out = append(out, luaSink{off: m[0], open: m[1] - 1, end: luaCallEnd(c, m[1]-1), expr: `{ "chmod", "+x", ` + args[0] + ` }`, chmod: true})
		}
	}
	var strs [][2]int
	if len(wraps) > 0 {
		strs = luaStringSpans(c)
	}
	for _, w := range wraps {
		n := 0
		for i := 0; n < maxLuaWrapCalls; n++ {
			k := strings.Index(c[i:], w.name)
			if k < 0 {
				break
			}
			k += i
			i = k + len(w.name)
			if luaInSpan(strs, k) {
				continue // a word of a string ("sh" of { "sh", "-c", x })
			}
			if s, ok := luaWrapCall(c, k, w); ok {
				out = append(out, s)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	return out
}

// luaStringSpans returns the spans of the string literals of Lua code c
// (comments blanked), in order: quoted strings and long brackets.
func luaStringSpans(c string) [][2]int {
	var out [][2]int
	for i := 0; i < len(c); i++ {
		switch c[i] {
		case '"', '\'':
			e := min(stringEnd(c, i, true)+1, len(c))
			out = append(out, [2]int{i, e})
			i = e - 1
		case '[':
			if lvl, ok := luaLongOpen([]byte(c[i:min(len(c), i+64)]), 0); ok {
				e := luaLongClose(c, i+lvl+2, lvl)
				if e < 0 {
					e = len(c)
				}
				out = append(out, [2]int{i, e})
				i = e - 1
			}
		}
	}
	return out
}

// luaInSpan reports whether offset k lies inside one of the ordered
// spans.
func luaInSpan(spans [][2]int, k int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i][1] > k })
	return i < len(spans) && spans[i][0] <= k
}

// luaSinkEnd returns the offset just past a shell call's arguments:
// its closing parenthesis, or the one argument of a call written without
// one, which starts after the spaces at c[argStart].
func luaSinkEnd(c string, open, argStart int, args []string) int {
	if open >= 0 {
		return luaCallEnd(c, open)
	}
	ws := len(c[argStart:]) - len(strings.TrimLeft(c[argStart:], " \t"))
	return min(len(c), argStart+ws+len(args[0]))
}

// luaWrapCall reads the name of wrapper w at c[k] as a call of it: the
// name standing alone, called through w's receiver (or self) when it
// has one and through none when it has not, followed by its arguments
// (in parentheses, or one string or table), not its definition.
func luaWrapCall(c string, k int, w luaWrapper) (luaSink, bool) {
	end := k + len(w.name)
	if k > 0 && luaWordByte(c[k-1]) || end < len(c) && luaWordByte(c[end]) {
		return luaSink{}, false
	}
	before := strings.TrimRight(c[:k], " \t")
	start := k
	if strings.HasSuffix(before, ".") && !strings.HasSuffix(before, "..") || strings.HasSuffix(before, ":") {
		r := strings.TrimRight(before[:len(before)-1], " \t")
		j := len(r)
		for j > 0 && (luaWordByte(r[j-1]) || r[j-1] == '.') {
			j--
		}
		if recv := r[j:]; w.recv == "" || recv != w.recv && recv != "self" {
			return luaSink{}, false
		}
		start, before = j, strings.TrimRight(r[:j], " \t")
	} else if w.recv != "" {
		return luaSink{}, false
	}
	if strings.HasSuffix(before, "function") && (len(before) == len("function") || !luaWordByte(before[len(before)-len("function")-1])) {
		return luaSink{}, false // its definition
	}
	rest := strings.TrimLeft(c[end:], " \t")
	at := len(c) - len(rest)
	var args []string
	open := -1
	switch {
	case strings.HasPrefix(rest, "("):
		open = at
		args = callArgs(rest[1:])
	case strings.HasPrefix(rest, `"`), strings.HasPrefix(rest, "'"), strings.HasPrefix(rest, "{"):
		args = luaBareArg(rest)
	default:
		return luaSink{}, false
	}
	if w.param >= len(args) {
		return luaSink{}, false
	}
	s := luaSink{off: start, open: open, expr: luaSubst(w.tmpl, w.pname, args[w.param]), wrap: true}
	if open >= 0 {
		s.end = luaCallEnd(c, open)
	} else {
		s.end = min(len(c), at+len(args[0]))
	}
	return s, true
}

// luaTableField returns the elements of the table a field of table
// expression t holds (args = { "a", b }), or the field's value alone
// when it is not a table (command = "sh").
func luaTableField(t string, field string) []string {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "{") {
		return nil
	}
	for _, a := range callArgs(t[1:]) {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) != field || strings.HasPrefix(v, "=") {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "{") {
			return callArgs(v[1:])
		}
		return []string{v}
	}
	return nil
}

// luaExecMode reports whether a mode given to setfperm or fs_chmod sets
// an execute bit: a permission string with an x, a number (decimal as
// Lua writes 493, hexadecimal, or tonumber("755", 8)) with one of 0111
// set, or a value the file does not spell out.
func luaExecMode(e string) bool {
	e = strings.TrimSpace(e)
	if len(e) >= 2 && (e[0] == '"' || e[0] == '\'') {
		return strings.ContainsRune(e, 'x')
	}
	if strings.HasPrefix(e, "tonumber(") {
		a := callArgs(e[len("tonumber("):])
		if len(a) == 2 && strings.TrimSpace(a[1]) == "8" {
			if v, err := strconv.ParseInt(strings.Trim(a[0], `"' `), 8, 32); err == nil {
				return v&0o111 != 0
			}
		}
		return true
	}
	if v, err := strconv.ParseInt(e, 0, 32); err == nil {
		return v&0o111 != 0
	}
	return true
}
