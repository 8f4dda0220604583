package audit

import (
	"path"
	"regexp"
	"strings"
)

// Rule reverse-shell for a Lua remote console in the general form. A
// program that opens a socket and reads from it (see lua.go) runs what
// arrived when
//   - a shell is given a command line in which the received text stands
//     where a command goes: io.popen(line .. " 2>&1"), os.execute("sh -c '"
//     .. line .. "'"), ("%s 2>&1"):format(line), a { "sh", "-c", x } table
//     or an argv whose program is received; the received text as one
//     argument of a fixed program ("notify-send " .. msg) is not;
//   - Lua compiles it (load, loadstring; LÖVE's thread code is such a
//     program too): the text loaded whole is a remote Lua console,
//     critical; joined into a chunk ("return " .. data, a deserializer
//     that still runs whatever the peer sends) high;
//   - it travels first: LÖVE threads hand what a socket read to the main
//     thread over a channel (love.thread.getChannel(name):push(line)),
//     so what the same channel's pop or demand returns is received text,
//     whether the thread's code is a string in this file or a file this
//     one names (love.thread.newThread("worker.lua")); and a function of
//     a module the program requires (runner.exec(line)) runs its
//     parameter as a shell command or compiles it.
// The socket may come from LuaSocket under another name (local s =
// require("socket"); s.connect(…), require("socket").tcp()).

var (
	// luaLoadCall compiles Lua source: load, loadstring; group 1 names
	// it. love.filesystem.load and other methods named load are not.
	luaLoadCall = lazyRE(`(?:^|[^\w.:])(load|loadstring)\s*\(`)
	// luaSocketAlias binds LuaSocket's module to a name: group 1.
	luaSocketAlias = lazyRE(`(?m)\b([A-Za-z_]\w*)\s*=\s*require\s*\(?\s*["']socket(?:\.core)?["']\s*\)?`)
	// luaSocketInline is a socket made from the module required inline.
	luaSocketInline = lazyRE(`require\s*\(?\s*["']socket(?:\.core)?["']\s*\)?\s*\.\s*(?:tcp[46]?|connect[46]?|udp[46]?)\s*\(`)
	// luaChannelBind binds a LÖVE channel by name: group 1 the
	// variable, group 2 the channel's name.
	luaChannelBind = lazyRE(`\b([A-Za-z_][\w.]*)\s*=\s*[^\n=]*?getChannel\s*\(\s*["']([^"']+)["']\s*\)`)
	// luaChannelPush sends a value over a channel: group 1 the channel
	// variable, or group 2 the name of a channel fetched inline; the
	// value starts at the match's end.
	luaChannelPush = lazyRE(`(?:\b([A-Za-z_][\w.]*)|getChannel\s*\(\s*["']([^"']+)["']\s*\))\s*:\s*(?:push|supply)\s*\(`)
	// luaChannelPop binds what a channel returns: group 1 the name,
	// group 2 the channel variable, or group 3 the name of a channel
	// fetched inline.
	luaChannelPop = lazyRE(`\b([A-Za-z_]\w*)\s*=\s*[^\n=]*?(?:\b([A-Za-z_][\w.]*)|getChannel\s*\(\s*["']([^"']+)["']\s*\))\s*:\s*(?:pop|demand|peek)\s*\(`)
	// luaLocalInput is a value typed at the program's own terminal.
	luaLocalInput = lazyRE(`\bio\.(?:stdin|read|lines)\b`)
	// luaRequire binds a module the program requires: group 1 the name,
	// group 2 the module path.
	luaRequire = lazyRE(`\b([A-Za-z_]\w*)\s*=\s*require\s*\(?\s*["']([\w./-]+)["']`)
	// luaFuncDef defines a function: group 1 its name (M.run, M:run,
	// run), group 2 its parameters; or group 3 the name and group 4 the
	// parameters of one assigned (M.run = function(cmd)).
	luaFuncDef = lazyRE(`\bfunction\s+([\w.:]+)\s*\(([^)]*)\)|\b([\w.]+)\s*=\s*function\s*\(([^)]*)\)`)
)

// luaHasSocket reports whether Lua code c opens a socket and reads from
// it.
func luaHasSocket(c string) bool {
	if !luaRecv.MatchString(c) && !strings.Contains(c, "receivefrom") {
		return false
	}
	if luaSocket.MatchString(c) || luaSocketInline.MatchString(c) {
		return true
	}
	for _, m := range luaSocketAlias.FindAllStringSubmatch(c, 8) {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(m[1]) + `\s*\.\s*(?:tcp[46]?|connect[46]?|udp[46]?)\s*\(`).MatchString(c) {
			return true
		}
	}
	return false
}

// luaValueRoot returns the variable an expression reads from: line for
// line:sub(5), msg for msg.cmd, x for tostring(x), data for
// table.concat(data, "\n"); "" for a literal or anything else.
func luaValueRoot(e string) string {
	e = strings.TrimSpace(e)
	for strings.HasPrefix(e, "(") && strings.HasSuffix(e, ")") {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	for _, w := range []string{"tostring(", "tostring (", "string.lower(", "string.upper(", "table.concat("} {
		if strings.HasPrefix(e, w) && strings.HasSuffix(e, ")") {
			e = strings.TrimSpace(e[len(w) : len(e)-1])
		}
	}
	i := 0
	for i < len(e) && isIdentByte(e[i]) {
		i++
	}
	if i == 0 || e[0] >= '0' && e[0] <= '9' || luaKeyword()[e[:i]] {
		return ""
	}
	return e[:i]
}

// luaCmdPosition reports whether text written before a value in a shell
// command line puts the value where a command goes: first, after a
// shell's -c flag, after a separator or inside a substitution.
func luaCmdPosition(prefix string) bool {
	p := strings.TrimRight(prefix, " \t'\"")
	if p == "" {
		return true
	}
	for _, end := range []string{";", "&&", "||", "|", "$(", "`", "&", "\n", "-c", "-lc", "eval", "exec"} {
		if strings.HasSuffix(p, end) {
			return true
		}
	}
	return false
}

// luaFormatParts returns the literal text before each %s or %q of a
// string.format call's format and the argument that fills it, when e is
// string.format("…", …) or ("…"):format(…); ok is false otherwise.
func luaFormatParts(e string) (prefixes, args []string, ok bool) {
	e = strings.TrimSpace(e)
	var format string
	var rest []string
	switch {
	case strings.HasPrefix(e, "string.format("):
		a := callArgs(e[len("string.format("):])
		if len(a) == 0 {
			return nil, nil, false
		}
		format, rest = a[0], a[1:]
	default:
		i := strings.Index(e, ":format(")
		if i < 0 {
			return nil, nil, false
		}
		format = strings.TrimSpace(e[:i])
		for strings.HasPrefix(format, "(") && strings.HasSuffix(format, ")") {
			format = strings.TrimSpace(format[1 : len(format)-1])
		}
		rest = callArgs(e[i+len(":format("):])
	}
	if len(format) < 2 || format[0] != '"' && format[0] != '\'' || format[len(format)-1] != format[0] {
		return nil, nil, false
	}
	text := unescapeLit(format[1 : len(format)-1])
	k := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '%' || i+1 >= len(text) {
			continue
		}
		j := i + 1
		if text[j] == '%' {
			i = j
			continue
		}
		for j < len(text) && strings.IndexByte("-+ #0123456789.", text[j]) >= 0 {
			j++
		}
		if j < len(text) && k < len(rest) {
			if text[j] == 's' || text[j] == 'q' {
				prefixes = append(prefixes, text[:i])
				args = append(args, rest[k])
			}
			k++
		}
		i = j
	}
	return prefixes, args, true
}

// luaCommandRoots returns the variables standing where a command goes in
// the command argument e of a shell call (see above).
func luaCommandRoots(e string) []string {
	e = strings.TrimSpace(e)
	if strings.HasPrefix(e, "{") {
		var words []string
		for _, a := range callArgs(e[1:]) {
			if strings.Contains(a, "=") && !strings.HasPrefix(a, `"`) && !strings.HasPrefix(a, "'") {
				continue // a named field (cwd = …)
			}
			words = append(words, a)
		}
		for i, w := range words {
			if f := strings.Trim(w, `"'`); (f == "-c" || f == "-lc" || f == "/c" || f == "/C") && i+1 < len(words) {
				return luaCommandRoots(words[i+1])
			}
		}
		if len(words) > 0 {
			if r := luaValueRoot(words[0]); r != "" {
				return []string{r}
			}
		}
		return nil
	}
	if prefixes, args, ok := luaFormatParts(e); ok {
		var out []string
		for i, a := range args {
			if r := luaValueRoot(a); r != "" && luaCmdPosition(prefixes[i]) {
				out = append(out, r)
			}
		}
		return out
	}
	var out []string
	var prefix strings.Builder
	for _, p := range luaSplitConcat(e) {
		p = strings.TrimSpace(p)
		if len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0] {
			prefix.WriteString(unescapeLit(p[1 : len(p)-1]))
			continue
		}
		if r := luaValueRoot(p); r != "" && luaCmdPosition(prefix.String()) {
			out = append(out, r)
		}
		prefix.WriteString("$X")
	}
	return out
}

// luaLoadRoots returns the variables whose text a load call's source
// argument e is built from, and whether e is one of them whole.
func luaLoadRoots(e string) ([]string, bool) {
	parts := luaSplitConcat(e)
	var out []string
	for _, p := range parts {
		if r := luaValueRoot(p); r != "" {
			out = append(out, r)
		}
	}
	return out, len(parts) == 1 && len(out) == 1
}

// luaReceived returns a test of whether a variable of Lua code c holds
// what a socket delivered: luaSocketNames's when c reads a socket itself
// (socket), and what a LÖVE channel returns when code reading a
// socket (this file's or a linked Lua file's) pushes received text into
// the same channel.
func luaReceived(c string, socket bool, linked []linkedFile) func(string) bool {
	read := map[string]bool{}
	if socket {
		read = luaSocketNames(c)
	}
	fed := map[string]bool{} // channel names (or variables) fed received text
	feeds := func(code string, got map[string]bool) {
		if !strings.Contains(code, "push") && !strings.Contains(code, "supply") {
			return
		}
		names := luaChannelNames(code)
		for _, m := range luaChannelPush.FindAllStringSubmatchIndex(code, 64) {
			args := callArgs(code[m[1]:])
			if len(args) == 0 {
				continue
			}
			r := luaValueRoot(args[0])
			if r == "" || !got[r] {
				continue
			}
			if m[4] >= 0 {
				fed["="+code[m[4]:m[5]]] = true
			} else {
				v := code[m[2]:m[3]]
				if n, ok := names[v]; ok {
					fed["="+n] = true
				}
				fed[v] = true
			}
		}
	}
	feeds(c, read)
	for _, l := range linked {
		if !l.data && isLuaFile(l.rel, l.text) {
			if lc, _ := luaTokens(l.text); luaHasSocket(lc) {
				feeds(lc, luaSocketNames(lc))
			}
		}
	}
	popped := map[string]bool{}
	if len(fed) > 0 {
		names := luaChannelNames(c)
		for _, m := range luaChannelPop.FindAllStringSubmatch(c, 64) {
			if m[3] != "" && fed["="+m[3]] || m[2] != "" && (fed[m[2]] || names[m[2]] != "" && fed["="+names[m[2]]]) {
				popped[m[1]] = true
			}
		}
	}
	return func(name string) bool {
		return popped[name] || read[name]
	}
}

var (
	// luaAssignLine is an assignment: group 1 the names, group 2 the
	// value.
	luaAssignLine = lazyRE(`(?m)(?:^|[^\w.])((?:[A-Za-z_]\w*\s*,\s*)*[A-Za-z_]\w*)\s*=([^=\n][^\n]*)`)
	// luaReadValue is a value luaFromSocket takes as what a socket
	// delivered: a decoding, a read, a chunk or data.
	luaReadValue = lazyRE(`decode|:\s*receive(?:from)?\s*\(|:read\s*\(|\bchunk\b|\bdata\b`)
	// luaReadCallback is a read callback: group 1 its parameters.
	luaReadCallback = lazyRE(`read_start\s*\(\s*function\s*\(([^)]*)\)`)
	// luaCallWithRead is a call given what was read: group 1 the called
	// function's name.
	luaCallWithRead = lazyRE(`(?m)\b([A-Za-z_]\w*)\s*\([^\n]*(?:decode|:receive\s*\(|\bchunk\b|\bdata\b|\bline\b)`)
)

// luaSocketNames returns the names of Lua code c that hold what a socket
// delivered, in one pass over c: luaFromSocket's forms (a variable
// assigned from a decoding or a read, every name of a list assigned so,
// a read callback's parameters, the parameters of a function the code
// calls with such data), less a value read from the program's own
// terminal (io.stdin, io.read, io.lines: the user's typing).
func luaSocketNames(c string) map[string]bool {
	out := map[string]bool{}
	local := map[string]bool{}
	for _, m := range luaAssignLine.FindAllStringSubmatch(c, 4000) {
		for _, n := range strings.Split(m[1], ",") {
			n = strings.TrimSpace(n)
			switch {
			case luaKeyword()[n]:
			case luaLocalInput.MatchString(m[2]):
				local[n] = true
			case luaReadValue.MatchString(m[2]):
				out[n] = true
			}
		}
	}
	for _, m := range luaReadCallback.FindAllStringSubmatch(c, 64) {
		for _, p := range strings.Split(m[1], ",") {
			out[strings.TrimSpace(p)] = true
		}
	}
	called := map[string]bool{}
	for _, m := range luaCallWithRead.FindAllStringSubmatch(c, 4000) {
		called[m[1]] = true
	}
	for _, m := range luaFuncDef.FindAllStringSubmatch(c, 256) {
		name, params := m[1]+m[3], m[2]+m[4]
		if i := strings.LastIndexAny(name, ".:"); i >= 0 {
			name = name[i+1:]
		}
		if called[name] {
			for _, p := range strings.Split(params, ",") {
				out[strings.TrimSpace(p)] = true
			}
		}
	}
	for n := range local {
		delete(out, n)
	}
	delete(out, "")
	return out
}

// luaChannelNames maps the variables of Lua code c bound to a LÖVE
// channel to the channel's name.
func luaChannelNames(c string) map[string]string {
	out := map[string]string{}
	for _, m := range luaChannelBind.FindAllStringSubmatch(c, 64) {
		out[m[1]] = m[2]
	}
	return out
}

// luaRunsParam returns the functions of Lua module code c (comments
// blanked) that give one of their parameters to a shell as its command or
// to load, by the name they are defined under (M.run, run), with the
// sink's kind: "shell" or "load".
func luaRunsParam(c string) map[string]string {
	out := map[string]string{}
	defs := luaFuncDef.FindAllStringSubmatchIndex(c, 256)
	for i, m := range defs {
		name, params := "", ""
		if m[2] >= 0 {
			name, params = c[m[2]:m[3]], c[m[4]:m[5]]
		} else {
			name, params = c[m[6]:m[7]], c[m[8]:m[9]]
		}
		end := len(c)
		if i+1 < len(defs) {
			end = defs[i+1][0]
		}
		body := c[m[1]:end]
		isParam := map[string]bool{}
		for _, p := range strings.Split(params, ",") {
			if p = strings.TrimSpace(p); p != "" {
				isParam[p] = true
			}
		}
		if kind := luaSinkOf(body, func(r string) bool { return isParam[r] }); kind != "" {
			out[strings.ReplaceAll(name, ":", ".")] = kind
		}
	}
	return out
}

// luaSinkOf returns "shell" when code gives a variable recv accepts to a
// shell as its command, "load" when it compiles one, else "".
func luaSinkOf(code string, recv func(string) bool) string {
	for _, m := range luaShellCall.FindAllStringIndex(code, maxLuaCommands) {
		args := callArgs(code[m[1]:])
		if !strings.HasSuffix(code[m[0]:m[1]], "(") {
			args = luaBareArg(code[m[1]:])
		}
		if len(args) == 0 {
			continue
		}
		for _, r := range luaCommandRoots(args[0]) {
			if recv(r) {
				return "shell"
			}
		}
	}
	for _, m := range luaLoadCall.FindAllStringSubmatchIndex(code, 64) {
		args := callArgs(code[m[1]:])
		if len(args) == 0 {
			continue
		}
		roots, _ := luaLoadRoots(args[0])
		for _, r := range roots {
			if recv(r) {
				return "load"
			}
		}
	}
	return ""
}

// luaRequiredModules returns the linked Lua files Lua code c requires,
// by the name it binds each to.
func luaRequiredModules(rel, c string, linked []linkedFile) map[string]linkedFile {
	out := map[string]linkedFile{}
	for _, m := range luaRequire.FindAllStringSubmatch(c, 64) {
		for _, l := range linked {
			if !l.data && luaModuleFile(m[2], l.rel) {
				out[m[1]] = l
			}
		}
	}
	return out
}

// luaModuleFile reports whether require(mod) may load the file rel of
// the skill: mod's dots as folders, as mod.lua or mod/init.lua, from any
// folder of the skill (games and plugins put their root on package.path).
func luaModuleFile(mod, rel string) bool {
	p := strings.ReplaceAll(mod, ".", "/")
	return strings.HasSuffix("/"+rel, "/"+p+".lua") || strings.HasSuffix("/"+rel, "/"+p+"/init.lua")
}

// scanLuaRemote reports a Lua program that runs what a socket delivered
// (see above); c is content with comments blanked (luaTokens). It
// reports whether it added a finding.
func scanLuaRemote(sc *skillCtx, rel, content, c string) bool {
	socket := luaHasSocket(c)
	recv := luaReceived(c, socket, sc.linked)
	li := newLineIndex(c)
	report := func(off int, sev Severity, reason string) bool {
		ln := li.line(off)
		sc.add(rel, ln, "reverse-shell", sev, reason, trimmedLine(content, ln))
		return true
	}
	// a shell given received text as its command
	for _, m := range luaShellCall.FindAllStringIndex(c, maxLuaCommands) {
		args := callArgs(c[m[1]:])
		if !strings.HasSuffix(c[m[0]:m[1]], "(") {
			args = luaBareArg(c[m[1]:])
		}
		if len(args) == 0 {
			continue
		}
		for _, r := range luaCommandRoots(args[0]) {
			if recv(r) {
				return report(m[0], Critical, "reads what the other end of a socket sends and runs it as a shell command: whoever is at the other end runs commands on this machine (remote shell)")
			}
		}
	}
	// Lua compiling received text
	for _, m := range luaLoadCall.FindAllStringSubmatchIndex(c, 64) {
		args := callArgs(c[m[1]:])
		if len(args) == 0 {
			continue
		}
		roots, whole := luaLoadRoots(args[0])
		for _, r := range roots {
			if !recv(r) {
				continue
			}
			if whole {
				return report(m[2], Critical, "reads what the other end of a socket sends and runs it as Lua code ("+c[m[2]:m[3]]+"): whoever is at the other end runs code on this machine (remote console)")
			}
			return report(m[2], High, "compiles text a socket delivered into Lua code ("+c[m[2]:m[3]]+"): the other end can send code instead of data, and it runs")
		}
	}
	// a required module's function running received text
	if !socket {
		return false
	}
	for name, mod := range luaRequiredModules(rel, c, sc.linked) {
		mc, _ := luaTokens(mod.text)
		for fn, kind := range luaRunsParam(mc) {
			short := fn[strings.LastIndexByte(fn, '.')+1:]
			call := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*[.:]\s*` + regexp.QuoteMeta(short) + `\s*\(`)
			for _, cm := range call.FindAllStringIndex(c, 16) {
				for _, a := range callArgs(c[cm[1]:]) {
					if r := luaValueRoot(a); r != "" && recv(r) {
						what := "a shell command"
						if kind == "load" {
							what = "Lua code"
						}
						return report(cm[0], Critical, "reads what the other end of a socket sends and hands it to "+name+"."+short+" ("+path.Base(mod.rel)+"), which runs it as "+what+": whoever is at the other end runs commands on this machine (remote shell)")
					}
				}
			}
		}
	}
	return false
}
