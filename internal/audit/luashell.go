package audit

import "strings"

// Lua's commands read as shell (rules download-exec, reverse-shell,
// destructive-command, system-trust, registry-exec-credential,
// persistence): a Neovim plugin's vim.fn.system, vim.fn.systemlist,
// vim.fn.jobstart, vim.fn.termopen and vim.system, and plain Lua's
// os.execute and io.popen, hand their command to the shell (a string)
// or run an argv (a table). A plugin in ~/.config/nvim/plugin runs at
// every Neovim start, so jobstart({ "sh", "-c", "curl -fsSL " .. src ..
// " | sh" }) in a VimEnter autocommand is curl | sh run each time the
// editor opens. The command is read as Lua builds it: literals joined by
// .. and table.concat (luaFoldCode), a name bound once (local src =
// "https://" .. host) as its value read the same way (a bounded depth),
// any other name as $name and any other expression as $ARG; a table whose first words are a shell and
// -c runs the third element as a script, any other table is an argv.
// Each command becomes one shell line at its call's line, in file order,
// so a download saved by one call and run by a later one is read as
// the script it is.

var (
	// luaShellCall is a Lua call that runs a command; its arguments
	// start at the match's end.
	luaShellCall = lazyRE(`\b(?:os\.execute|io\.popen|vim\.fn\.system(?:list)?|vim\.fn\.jobstart|vim\.fn\.termopen|vim\.system|vim\.call\s*\(\s*["'](?:system|jobstart)["']\s*,)\s*\(?`)
	// luaLocalLit binds a name to a value on one line: group 1 the
	// name, group 2 the value (code already folded by luaFoldCode).
	luaLocalLit = lazyRE(`(?m)^[ \t]*(?:local[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*([^=\n][^\n]*?)[ \t;]*$`)
	// luaCmdRuleIDs are the rules kept from the shell scan of the
	// commands.
	luaCmdRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "persistence", "download-exec", "reverse-shell")
)

// maxLuaCommands bounds the commands read in one Lua file.
const maxLuaCommands = 64

// scanLuaShell runs the shell rules over the commands a Lua file runs
// (see above). c is content with comments blanked (luaTokens).
func scanLuaShell(sc *skillCtx, rel, content, c string) {
	f := luaFoldCode(c)
	li := newLineIndex(f)
	binds := map[string]string{}
	seen := map[string]int{}
	for _, m := range luaLocalLit.FindAllStringSubmatch(f, 1024) {
		seen[m[1]]++
		binds[m[1]] = m[2]
	}
	for n, k := range seen {
		if k > 1 {
			delete(binds, n) // reassigned: its value at the call is unknown
		}
	}
	lines := make([]string, strings.Count(f, "\n")+1)
	found := false
	for _, m := range luaShellCall.FindAllStringIndex(f, maxLuaCommands) {
		args := callArgs(f[m[1]:])
		if !strings.HasSuffix(f[m[0]:m[1]], "(") {
			args = luaBareArg(f[m[1]:])
		}
		if len(args) == 0 {
			continue
		}
		cmd := luaCommand(args[0], binds)
		if cmd == "" {
			continue
		}
		ln := li.line(m[0]) - 1
		if ln < 0 || ln >= len(lines) {
			continue
		}
		if lines[ln] != "" {
			lines[ln] += "; "
		}
		lines[ln] += cmd
		found = true
	}
	if !found {
		return
	}
	before := len(sc.findings)
	scanShell(sc, rel, strings.Join(lines, "\n"), 1, inScript)
	keepRulesIn(sc, before, luaCmdRuleIDs())
	for i := before; i < len(sc.findings); i++ {
		if fd := &sc.findings[i]; fd.File == rel && fd.Line > 0 {
			fd.Evidence = trimmedLine(content, fd.Line) // the Lua line, not the shell it reads as
		}
	}
}

// luaBareArg returns the one argument of a call written without
// parentheses (os.execute "cmd", vim.system { "sh", "-c", x }).
func luaBareArg(s string) []string {
	s = strings.TrimLeft(s, " \t")
	if s == "" {
		return nil
	}
	switch s[0] {
	case '"', '\'':
		return []string{s[:min(stringEnd(s, 0, true)+1, len(s))]}
	case '{':
		return []string{s[:min(len(s), luaTableEnd(s)+1)]}
	}
	return nil
}

// luaTableEnd returns the index of the brace closing the table that
// opens at s[0], or len(s)-1.
func luaTableEnd(s string) int {
	depth := 0
	for i := 0; i < len(s) && i < 4000; i++ {
		switch ch := s[i]; ch {
		case '"', '\'':
			i = stringEnd(s, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(s) - 1
}

// luaCommand is the shell line a command argument reads as: a string
// expression's text, a shell table's script ({ "sh", "-c", x }), or an
// argv table's words quoted.
func luaCommand(e string, binds map[string]string) string {
	e = strings.TrimSpace(e)
	if !strings.HasPrefix(e, "{") {
		return strings.ReplaceAll(luaExprText(e, binds, 0, new(int)), "\n", " ")
	}
	var words []string
	for _, a := range callArgs(e[1:]) {
		if strings.Contains(a, "=") && !strings.HasPrefix(a, `"`) && !strings.HasPrefix(a, "'") {
			continue // a named field (cwd = ..., detach = true), not a word
		}
		words = append(words, luaExprText(a, binds, 0, new(int)))
	}
	if len(words) == 0 {
		return ""
	}
	if len(words) >= 3 && zigShells[strings.TrimPrefix(words[0], "/bin/")] && (words[1] == "-c" || words[1] == "-lc") {
		return strings.ReplaceAll(words[2], "\n", " ")
	}
	for i, w := range words {
		if !strings.HasPrefix(w, "$") {
			words[i] = shellQuote(w)
		}
	}
	return strings.Join(words, " ")
}

// maxLuaResolve bounds the bindings followed for one expression.
const maxLuaResolve = 6

// maxLuaSteps and maxLuaText bound the parts read and the text built for
// one command.
const (
	maxLuaSteps = 4096
	maxLuaText  = 16 << 10
)

// luaExprText is the text a Lua string expression builds: its parts
// joined by .. read as literals, names bound once read through their
// value (binds, to depth maxLuaResolve), $name for another name and
// $ARG for anything else. steps counts the parts read for one command,
// so names bound to long joins of each other cost a bounded amount of
// work (maxLuaSteps).
func luaExprText(e string, binds map[string]string, depth int, steps *int) string {
	var b strings.Builder
	for _, p := range luaSplitConcat(e) {
		if *steps++; *steps > maxLuaSteps || b.Len() > maxLuaText {
			break
		}
		p = strings.TrimSpace(p)
		switch {
		case len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0]:
			b.WriteString(unescapeLit(p[1 : len(p)-1]))
		case isIdent(p):
			if v, ok := binds[p]; ok && depth < maxLuaResolve {
				b.WriteString(luaExprText(v, binds, depth+1, steps))
			} else {
				b.WriteString("$" + p)
			}
		default:
			b.WriteString("$ARG")
		}
	}
	return b.String()
}

// luaSplitConcat splits e at its top-level .. operators.
func luaSplitConcat(e string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(e); i++ {
		switch ch := e[i]; ch {
		case '"', '\'':
			i = stringEnd(e, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '.':
			if depth == 0 && i+1 < len(e) && e[i+1] == '.' && (i+2 >= len(e) || e[i+2] != '.') {
				out = append(out, e[start:i])
				start = i + 2
				i++
			}
		}
	}
	return append(out, e[start:])
}
