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
// .. and table.concat (luaFoldCode; also a table with names in it),
// string.format and ("…"):format with their arguments filled, a name
// bound once (local src = "https://" .. host) as its value read the same
// way (a bounded depth), any other name as $name and any other
// expression as $ARG; a table whose first words are a shell and -c runs
// the third element as a script, any other table is an argv. The
// plugin's own wrappers of those calls, WezTerm's child process calls
// (a config's event handlers run them at every start), awesome WM's
// awful.spawn family (a widget's timer runs them while the window
// manager does), libuv's spawn,
// plenary's jobs and mode changes are read too (luawrap.go). Each command becomes one shell
// line at its call's line, in file order, so a download saved by one
// call and run by a later one is read as the script it is; saved, run
// and checked against a digest the file computes and compares, it is a
// pinned release (medium), as mason.nvim installs one.

var (
	// luaShellCall is a Lua call that runs a command; its arguments
	// start at the match's end.
	luaShellCall = lazyRE(`\b(?:os\.execute|io\.popen|vim\.fn\.system(?:list)?|vim\.fn\.jobstart|vim\.fn\.termopen|vim\.system|wezterm\.(?:run|background)_child_process|awful\.spawn(?:\.(?:easy_async(?:_with_shell)?|with_shell|with_line_callback|spawn|once|single_instance))?|vim\.call\s*\(\s*["'](?:system|jobstart)["']\s*,)\s*\(?`)
	// luaLocalLit binds a name to a value on one line: group 1 the
	// name, group 2 the value (code already folded by luaFoldCode).
	luaLocalLit = lazyRE(`(?m)^[ \t]*(?:local[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*([^=\n][^\n]*?)[ \t;]*$`)
	// luaNumber is a Lua number literal, its text as Lua converts it
	// in a join or a format.
	luaNumber = lazyRE(`^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]+)?)$`)
	// luaCmdRuleIDs are the rules kept from the shell scan of the
	// commands.
	luaCmdRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "persistence", "download-exec", "reverse-shell")
	// luaDigestCall computes a file's digest: vim.fn.sha256, a Lua
	// sha2 library, or a digest program run as a command.
	luaDigestCall = lazyRE(`(?i)\bvim\.fn\.sha256\s*\(|\bsha(?:1|224|256|384|512)sum\b|\bshasum\b|\bb3sum\b|\bdgst\b|\bget-filehash\b|\bcertutil\b|\bsha2\s*\.|\bsha256\s*\(`)
	// luaDigestCmp compares a digest (a line that compares and names
	// one), or has a digest program check a list of sums itself.
	luaDigestCmp = lazyRE(`(?i)(?:sha\d*|hash|digest|checksum)[^\n]*(?:==|~=)|(?:==|~=)[^\n]*(?:sha\d*|hash|digest|checksum)|\bsha\w*sum\b["',\s]+(?:-c|--check)\b`)
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
	for _, sk := range luaSinks(f, luaWrappers(f, luaModuleWrappers(rel, c, sc.linked))) {
		cmd := luaCommand(sk.expr, binds)
		if cmd == "" {
			continue
		}
		ln := li.line(sk.off) - 1
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
	digest := luaDigestCall.MatchString(f) && luaDigestCmp.MatchString(f)
	for i := before; i < len(sc.findings); i++ {
		fd := &sc.findings[i]
		if fd.File == rel && fd.Line > 0 {
			fd.Evidence = trimmedLine(content, fd.Line) // the Lua line, not the shell it reads as
		}
		if digest && fd.RuleID == "download-exec" && fd.Severity == High {
			// saved, checked against a digest, then run: a pinned
			// release, as an installer such as mason.nvim fetches one
			fd.Severity, fd.Reason = Medium, fd.Reason+" after the file checks a digest: check the digest is pinned"
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
	for luaParenthesised(e) {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
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
	if len(words) >= 3 && zigShells()[strings.TrimPrefix(words[0], "/bin/")] && (words[1] == "-c" || words[1] == "-lc") {
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
		case luaNumber.MatchString(p):
			b.WriteString(p)
		case luaParenthesised(p) && depth < maxLuaResolve:
			b.WriteString(luaExprText(p[1:len(p)-1], binds, depth+1, steps))
		default:
			if t, ok := luaBuiltText(p, binds, depth, steps); ok {
				b.WriteString(t)
			} else {
				b.WriteString("$ARG")
			}
		}
	}
	return b.String()
}

// luaParenthesised reports whether e is one expression in parentheses,
// (x .. y), not a call or two groups ((a)(b)).
func luaParenthesised(e string) bool {
	return len(e) >= 2 && e[0] == '(' && e[len(e)-1] == ')' && luaCallEnd(e, 0) == len(e)
}

// luaBuiltText is the text of a string Lua builds with a library call
// the file spells out: string.format("…%s…", a, b) or
// ("…"):format(a, b) with each %s, %d and %i filled by its argument
// read as luaExprText reads it (%q quoted, as Lua quotes it), and table.concat({ a, b }, sep) of a
// table written in the call; ok is false for anything else.
func luaBuiltText(e string, binds map[string]string, depth int, steps *int) (string, bool) {
	if depth >= maxLuaResolve {
		return "", false
	}
	if strings.HasPrefix(e, "table.concat(") {
		a := callArgs(e[len("table.concat("):])
		if len(a) == 0 || len(a) > 2 {
			return "", false
		}
		t := strings.TrimSpace(a[0])
		for luaParenthesised(t) {
			t = strings.TrimSpace(t[1 : len(t)-1])
		}
		if !strings.HasPrefix(t, "{") {
			return "", false
		}
		sep := ""
		if len(a) == 2 {
			sep = luaExprText(a[1], binds, depth+1, steps)
		}
		var parts []string
		for _, el := range callArgs(t[1:]) {
			parts = append(parts, luaExprText(el, binds, depth+1, steps))
		}
		return strings.Join(parts, sep), true
	}
	format, args, ok := luaFormatCall(e)
	if !ok {
		return "", false
	}
	var b strings.Builder
	k := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		if format[j] == '%' {
			b.WriteByte('%')
			i = j
			continue
		}
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			break
		}
		switch {
		case k >= len(args):
			b.WriteString("$ARG")
		case format[j] == 'q':
			// %q writes a quoted Lua string: one word to the shell
			if t := luaExprText(args[k], binds, depth+1, steps); !strings.ContainsAny(t, "\"\\") {
				b.WriteString(`"` + t + `"`)
			} else {
				b.WriteString("$ARG")
			}
		case strings.IndexByte("sdi", format[j]) >= 0:
			b.WriteString(luaExprText(args[k], binds, depth+1, steps))
		default:
			b.WriteString("$ARG")
		}
		k++
		i = j
	}
	return b.String(), true
}

// luaFormatCall returns the format text (escapes decoded) and arguments
// of string.format("…", …) or ("…"):format(…) whose call is the whole of
// e.
func luaFormatCall(e string) (string, []string, bool) {
	var format string
	var rest []string
	switch {
	case strings.HasPrefix(e, "string.format("):
		if luaCallEnd(e, len("string.format")) != len(e) {
			return "", nil, false
		}
		a := callArgs(e[len("string.format("):])
		if len(a) == 0 {
			return "", nil, false
		}
		format, rest = a[0], a[1:]
	case strings.HasPrefix(e, "(") && strings.HasSuffix(e, ")"):
		i := luaCallEnd(e, 0)
		tail := strings.TrimLeft(e[i:], " \t")
		if !strings.HasPrefix(tail, ":format(") || luaCallEnd(tail, len(":format")) != len(tail) {
			return "", nil, false
		}
		format = strings.TrimSpace(e[1 : i-1])
		rest = callArgs(tail[len(":format("):])
	default:
		return "", nil, false
	}
	if len(format) < 2 || format[0] != '"' && format[0] != '\'' || stringEnd(format, 0, true) != len(format)-1 {
		return "", nil, false
	}
	return unescapeLit(format[1 : len(format)-1]), rest, true
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
