package audit

import "strings"

// A JavaScript plugin is often handed the environment by the tool that
// runs it rather than reading process.env: semantic-release gives every
// plugin hook (verifyConditions, publish...) a context whose env is the
// release job's environment, NPM_TOKEN and GITHUB_TOKEN among it; a Vite
// config reads it with loadEnv(mode, root, ''), Bun exposes it as
// Bun.env, a Netlify build plugin as netlifyConfig.build.environment.
// That object is the whole environment under another name: enumerated or
// serialised (Object.entries(context.env), its names filtered by secret
// words, JSON.stringify({ci: ctx.env}), for (k in env)) in a program that
// makes a network call, it is every secret of the job sent (rule
// credential-exfil, as envdump.go reads process.env). The names it is
// bound to count as it does: const { env } = context, a hook's
// ({ env, logger }) parameter, const e = ctx.env. A read of one variable
// (env.NPM_TOKEN), the object handed to a child (execa(cmd, { env }),
// env: ctx.env), and a filter to the program's own prefix (VITE_:
// envfilter.go) are not a whole use.

// jsHostEnvNotHost are the receivers whose env is not one a host tool
// hands a plugin: process.env is read by envdump.go and taint.go,
// import.meta.env is the public VITE_ settings a bundle is built with,
// Deno.env is only reached through its methods, and a page's window.env
// is configuration shipped to every visitor.
var jsHostEnvNotHost = lazySet("process", "meta", "Deno", "window", "document", "self")

// jsHostEnvDecl is a declaration up to its value: the name it binds to
// an env object or to Vite's loadEnv result (const env = context.env,
// let e = ctx?.env || {}, const env = loadEnv(mode, root, ""), const env
// = process.env).
var jsHostEnvDecl = lazyRE(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?$`)

// declBefore returns the name a declaration ending at c[:off] binds
// (jsHostEnvDecl) and its offset, or "".
func declBefore(c string, off int) (string, int) {
	from := max(0, off-80)
	d := jsHostEnvDecl.FindStringSubmatchIndex(c[from:off])
	if d == nil {
		return "", 0
	}
	return c[from+d[2] : from+d[3]], from + d[2]
}

// jsEnvValueEnd is what may follow an env object that is a declaration's
// whole value, or its first choice (|| {}, ?? {}).
var jsEnvValueEnd = []string{";", "\n", ",", ")", "||", "??", "\r"}

// jsHostEnvMembers returns the member expressions in c that name an env
// object (at most maxHostEnvUses of each form): a receiver's env
// (context.env, ctx?.env, this.env, Bun.env) or a Netlify build's
// environment (netlifyConfig.build.environment). Receivers that are not a
// host's hand-over are dropped by the caller (jsHostEnvNotHost). Found by
// the member's text and a walk back over the receiver's chain, not a
// pattern: the scan stays linear on long files.
func jsHostEnvMembers(c string) [][]int {
	var out [][]int
	for _, tail := range []string{".env", ".build.environment"} {
		n := 0
		for i := strings.Index(c, tail); i >= 0 && n < maxHostEnvUses; {
			e := i + len(tail)
			if e >= len(c) || !isIdentByte(c[e]) {
				s := i
				for s > 0 && i-s < 200 {
					if ch := c[s-1]; isIdentByte(ch) {
						s--
					} else if (ch == '.' || ch == '?') && s > 1 && isIdentByte(c[s-2]) {
						s--
					} else {
						break
					}
				}
				if s < i && !(c[s] >= '0' && c[s] <= '9') {
					out = append(out, []int{s, e})
					n++
				}
			}
			j := strings.Index(c[i+1:], tail)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return out
}

// envReceiver returns the last name of the object an env member
// expression is read from (ctx in this.ctx?.env, netlifyConfig in
// netlifyConfig.build.environment).
func envReceiver(expr string) string {
	chain := strings.TrimSuffix(strings.TrimSuffix(expr, ".build.environment"), ".env")
	chain = strings.TrimSuffix(chain, "?")
	if i := strings.LastIndexAny(chain, ".?"); i >= 0 {
		return chain[i+1:]
	}
	return chain
}

// memberName reports whether the name at c[u] is read as a member of
// another object (a.env, not ...env) or ends a longer name ($env).
func memberName(c string, u int) bool {
	return u > 0 && (c[u-1] == '$' || c[u-1] == '.' && !strings.HasSuffix(c[:u], "..."))
}

// jsHostEnvHinted reports whether JavaScript code the file-level hints
// pass over (an arrow-only module has no "function") may still use a
// host's env object whole: scanCode's rules then run on it.
func jsHostEnvHinted(code string) bool {
	off, _ := jsHostEnvWhole(code)
	return off >= 0
}

// jsForIn is a for...in loop's head up to the object it walks.
var jsForIn = lazyRE(`for\s*\(\s*(?:const|let|var)?\s*[A-Za-z_$][\w$]*\s+in\s+$`)

// maxHostEnvKeys bounds the words env looked at as a pattern's key.
const maxHostEnvKeys = 256

// maxHostEnvUses bounds the uses of the env names looked at in a file.
const maxHostEnvUses = 64

// jsHostEnvWhole returns the offset of the first whole use (enumerated,
// serialised or handed to a send) of an env object a host tool hands the
// JavaScript code c, and the expression or name used, or -1 and "".
func jsHostEnvWhole(c string) (int, string) {
	if !strings.Contains(c, "env") && !strings.Contains(c, "loadEnv") {
		return -1, ""
	}
	for _, m := range jsHostEnvMembers(c) {
		expr := c[m[0]:m[1]]
		if jsHostEnvNotHost()[envReceiver(expr)] {
			continue
		}
		if hostEnvWholeAt(c, m[0], m[1], false) {
			return m[0], expr
		}
	}
	names, sites := jsHostEnvNames(c)
	uses := 0
	for _, name := range names {
		for u := wordIndex(c, name, 0); u >= 0 && uses < maxHostEnvUses; u = wordIndex(c, name, u+len(name)) {
			uses++
			if sites[u] || memberName(c, u) || u+len(name) < len(c) && c[u+len(name)] == '$' {
				continue // the binding itself, a member of another object, a longer name
			}
			if hostEnvWholeAt(c, u, u+len(name), true) {
				return u, name
			}
		}
	}
	return -1, ""
}

// hostEnvWholeAt reports whether the env object at c[s:e] is used whole
// there: walked by for...in, or inside a call that serialises,
// enumerates or sends it (enclosedBySink), not filtered at once to the
// program's own prefix. A name written as a shorthand property ({ env })
// counts only in an object given straight to such a call: in any other
// call it is an option (execa(cmd, { env }) runs a child with it).
func hostEnvWholeAt(c string, s, e int, name bool) bool {
	rest := strings.TrimLeft(c[e:], " \t")
	if rest != "" && strings.ContainsRune(".[(", rune(rest[0])) && !strings.HasPrefix(rest, "...") || strings.HasPrefix(rest, "?.") {
		return false // one variable, a method, an index
	}
	if strings.HasPrefix(rest, ")") && ownPrefixFilter(rest[1:]) {
		return false // names filtered to the program's own prefix (envfilter.go)
	}
	if jsForIn.MatchString(c[max(0, s-80):s]) {
		return true
	}
	if name && shorthandProp(c, s, e) {
		return sinkCallOf(c, s)
	}
	return enclosedBySink(c, s)
}

// shorthandProp reports whether the name at c[s:e] stands alone as an
// object literal's member ({ env }, { cwd, env }).
func shorthandProp(c string, s, e int) bool {
	before := strings.TrimRight(c[:s], " \t\r\n")
	after := strings.TrimLeft(c[e:], " \t\r\n")
	return before != "" && after != "" && strings.ContainsRune("{,", rune(before[len(before)-1])) && strings.ContainsRune(",}", rune(after[0]))
}

// sinkCallOf reports whether the object literal holding off is an
// argument of a call of envSinks (post('/x', { env })).
func sinkCallOf(c string, off int) bool {
	depth := 0
	for i := off - 1; i >= 0 && off-i < 2000; i-- {
		switch c[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			if depth > 0 {
				depth--
			}
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			name, _ := calleeAt(c, i)
			return envSinks()[name]
		case ';':
			if depth == 0 {
				return false
			}
		}
	}
	return false
}

// jsHostEnvNames returns the names c binds to a host's env object (a
// destructured env, its alias, a variable set from one) and the offsets
// of those bindings, which are not uses.
func jsHostEnvNames(c string) ([]string, map[int]bool) {
	var names []string
	sites := map[int]bool{}
	add := func(n string, at int) {
		sites[at] = true
		for _, have := range names {
			if have == n {
				return
			}
		}
		names = append(names, n)
	}
	seen := 0
	for u := wordIndex(c, "env", 0); u >= 0 && len(sites) < 16 && seen < maxHostEnvKeys; u = wordIndex(c, "env", u+3) {
		seen++
		if memberName(c, u) {
			continue
		}
		if n, at := destructuredEnv(c, u); n != "" {
			add(n, at)
		}
	}
	for _, m := range jsHostEnvMembers(c) {
		if r := envReceiver(c[m[0]:m[1]]); r != "process" && jsHostEnvNotHost()[r] {
			continue // process.env under another name is the environment too
		}
		rest := strings.TrimLeft(c[m[1]:], " \t")
		for _, end := range jsEnvValueEnd {
			if rest == "" || strings.HasPrefix(rest, end) {
				if n, at := declBefore(c, m[0]); n != "" {
					add(n, at)
				}
				break
			}
		}
	}
	for i, n := 0, 0; n < maxHostEnvUses; n++ {
		j := strings.Index(c[i:], "loadEnv")
		if j < 0 {
			break
		}
		i += j
		if strings.HasPrefix(strings.TrimLeft(c[i+len("loadEnv"):], " \t"), "(") {
			if n, at := declBefore(c, i); n != "" {
				add(n, at)
			}
		}
		i += len("loadEnv")
	}
	return names, sites
}

// destructuredEnv reads the env key at c[u:u+3] as a member of an object
// pattern that binds names ({ env } = context, { env: e = {} } = ctx, a
// function's or method's ({ env, logger }) parameter) and returns the
// name bound and its offset, or "".
func destructuredEnv(c string, u int) (string, int) {
	before := strings.TrimRight(c[:u], " \t\r\n")
	if before == "" || !strings.ContainsRune("{,", rune(before[len(before)-1])) {
		return "", 0
	}
	name, at := "env", u
	after := c[u+3:]
	rest := strings.TrimLeft(after, " \t\r\n")
	switch {
	case strings.HasPrefix(rest, ":"):
		// env: alias (env: { NPM_TOKEN } reads single variables)
		a := strings.TrimLeft(rest[1:], " \t\r\n")
		n := 0
		for n < len(a) && isIdentByte(a[n]) {
			n++
		}
		if n == 0 || a[0] >= '0' && a[0] <= '9' {
			return "", 0
		}
		name, at = a[:n], len(c)-len(a)
		rest = strings.TrimLeft(a[n:], " \t\r\n")
	}
	if !strings.HasPrefix(rest, ",") && !strings.HasPrefix(rest, "}") && !(strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && !strings.HasPrefix(rest, "=>")) {
		return "", 0
	}
	open, close := enclosingBraces(c, u)
	if open < 0 {
		return "", 0
	}
	if bindingPattern(c, open, close) {
		return name, at
	}
	return "", 0
}

// enclosingBraces returns the offsets of the braces around c[u], or -1.
func enclosingBraces(c string, u int) (int, int) {
	open, depth := -1, 0
	for i := u - 1; i >= 0 && u-i < 600; i-- {
		switch c[i] {
		case '}', ']', ')':
			depth++
		case '[', '(':
			if depth == 0 {
				return -1, -1
			}
			depth--
		case '{':
			if depth == 0 {
				open = i
			} else {
				depth--
			}
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		return -1, -1
	}
	depth = 0
	for i := u; i < len(c) && i-u < 600; i++ {
		switch c[i] {
		case '{', '[', '(':
			depth++
		case ']', ')':
			depth--
		case '}':
			if depth == 0 {
				return open, i
			}
			depth--
		}
		if depth < 0 {
			return -1, -1
		}
	}
	return -1, -1
}

// jsTypeAnnot is a TypeScript annotation after a pattern or a parameter
// list (: PluginContext, : Promise<void>).
var jsTypeAnnot = lazyRE(`^\s*:\s*[\w$.<>\[\]|&, ]+`)

// bindingPattern reports whether the object c[open:close+1] is a pattern
// that binds names: assigned from (= context), or one of the parameters
// of a function, an arrow or a method ((cfg, { env }) =>, publish(cfg,
// { env }) {).
func bindingPattern(c string, open, close int) bool {
	after := c[close+1:]
	if m := jsTypeAnnot.FindStringIndex(after); m != nil {
		after = after[m[1]:]
	}
	after = strings.TrimLeft(after, " \t\r\n")
	if strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==") && !strings.HasPrefix(after, "=>") {
		lead := strings.TrimRight(c[max(0, open-8):open], " \t\r\n")
		return strings.HasSuffix(lead, "const") || strings.HasSuffix(lead, "let") || strings.HasSuffix(lead, "var") || strings.HasSuffix(lead, "(") || strings.HasSuffix(lead, ",")
	}
	if !strings.HasPrefix(after, ")") && !strings.HasPrefix(after, ",") && !strings.HasPrefix(after, "=") {
		return false
	}
	// a parameter: the list's closing parenthesis is followed by a body
	// or an arrow
	depth := 0
	for i := close + 1; i < len(c) && i-close < 600; i++ {
		switch c[i] {
		case '(', '[', '{':
			depth++
		case ']', '}':
			depth--
		case ')':
			if depth == 0 {
				tail := c[i+1:]
				if m := jsTypeAnnot.FindStringIndex(tail); m != nil {
					tail = tail[m[1]:]
				}
				tail = strings.TrimLeft(tail, " \t\r\n")
				return strings.HasPrefix(tail, "=>") || strings.HasPrefix(tail, "{")
			}
			depth--
		}
		if depth < 0 {
			return false
		}
	}
	return false
}
