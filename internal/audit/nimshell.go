package audit

import (
	"path"
	"regexp"
	"strings"
)

// Rule download-exec in Nim: NimScript (a project's config.nims, a
// .nimble file's tasks and before/after hooks, a tasks/*.nims a hook runs)
// runs at every nim c and nimble build, and hands the shell its commands
// with exec, gorge, gorgeEx and staticExec (execShellCmd and execCmd in
// compiled Nim), and starts the compiler itself with selfExec. A download
// saved by one of those calls and run by a later one (gorgeEx("curl -o " &
// quoteShell(tmp) & " " & quoteShell(url)), then exec "sh " &
// quoteShell(tmp)) is the shell's download-then-run, however the URL is
// assembled (here it came from the skill's own config file). So the
// commands of a Nim file are read in file order as one script, each at its
// call's line, as Nim builds them: literals joined by &, strformat's
// &"..." and fmt"..." with their {expressions} filled, quoteShell(x) as
// "$x", a name bound once to a literal as that literal, any other name as
// ${name} and any other expression as ${ARG}; selfExec's arguments follow
// nim. A proc of the file that runs a command built from its parameters
// (proc fetch(url, dest) = exec &"curl -o {quoteShell(dest)} ...") is read
// at each call with the call's arguments in its parameters' places, so
// fetch(u, script) then selfExec "e " & quoteShell(script) runs the fetched
// NimScript (nim e runs a file as NimScript: nimRunsFile). High, as a
// download saved and run is; critical when the file or a data file it
// reads names a plain-http or IP-address URL (anyone on the way chooses
// what runs, as CMake's and Gradle's downloads are judged); medium when
// the file checks a digest of the run file and stops on a mismatch (a
// pinned release). Only download-exec at a run is kept from this
// reading: each command alone is read by scanMoreLangRuns already, and a
// download made executable (chmod) and kept is no run.

var (
	// nimSinkCall is a Nim call handing the shell (or, for selfExec,
	// the compiler) a command: group 1 the callee; its argument follows.
	nimSinkCall = lazyRE(`\b(exec|execShellCmd|execCmd|execCmdEx|staticExec|gorgeEx|gorge|selfExec)\b[ \t]*`)
	// nimBindLit binds a name to a string literal on a line of its own
	// (let x = "...", const x* = "...", or a name of a let block): group
	// 1 the name, group 2 the literal.
	nimBindLit = lazyRE(`(?m)^[ \t]*(?:(?:let|const|var)[ \t]+)?([A-Za-z_]\w*)\*?(?:[ \t]*:[ \t]*string)?[ \t]*=[ \t]*("(?:[^"\\\n]|\\.)*")[ \t]*$`)
	// nimIdent is a plain Nim name.
	nimIdent = lazyRE(`^[A-Za-z_]\w*$`)
	// nimQuoteShell is quoteShell of an expression (group 1 or 2):
	// quoteShell(x), x.quoteShell, x.quoteShell().
	nimQuoteShell = lazyRE(`^(?:quoteShell\s*\(\s*(.+)\s*\)|([A-Za-z_][\w.]*?)\.quoteShell(?:\(\s*\))?)$`)
	// nimDigestOf computes a digest of a name (group 1): sha256Of(f),
	// getSha256(f), checksum(f).
	nimDigestOf = lazyRE(`(?i)\b\w*(?:sha\d*|digest|hash|checksum)\w*\s*\(\s*([A-Za-z_]\w*)\s*\)`)
	// nimDigestCmp compares a digest.
	nimDigestCmp = lazyRE(`(?i)(?:sha\d*|hash|digest|checksum)[^\n]*(?:==|!=)|(?:==|!=)[^\n]*(?:sha\d*|hash|digest|checksum)`)
	// nimStop ends the script or build on a failed check.
	nimStop = lazyRE(`\b(?:quit|raise|doAssert|assert)\b`)
	// nimPlainURL is a URL over plain http, or to an IP address.
	nimPlainURL = lazyRE(`(?i)\bhttps?://[^\s"'<>\x60)]+`)
	// nimCmdRuleIDs are the rules kept from the shell reading of a Nim
	// file's commands joined.
	nimCmdRuleIDs = lazySet("download-exec")
)

// maxNimCommands bounds the commands read in one Nim file.
const maxNimCommands = 64

// nimProc is a proc of a Nim file whose body runs a command: its name,
// its parameters' names and its body's byte range.
type nimProc struct {
	name       string
	params     []string
	start, end int
}

// nimSink is one command call: its byte offset, callee and argument.
type nimSink struct {
	off    int
	callee string
	arg    string
}

// scanNimShell reads the commands of a Nim file as one script (see
// above).
func scanNimShell(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".nim", ".nims", ".nimble":
	default:
		return
	}
	if !strings.Contains(content, "exec") && !strings.Contains(content, "Exec") && !strings.Contains(content, "gorge") {
		return
	}
	code := stripHashComments(content)
	sinks := nimSinks(code)
	if len(sinks) == 0 {
		return
	}
	binds := nimBinds(code)
	procs := nimProcs(code, sinks)
	li := newLineIndex(code)
	lines := make([]string, strings.Count(code, "\n")+1)
	n := 0
	emit := func(off int, cmd string) {
		ln := li.line(off) - 1
		if cmd = strings.TrimSpace(cmd); cmd == "" || ln < 0 || ln >= len(lines) || n >= maxNimCommands {
			return
		}
		n++
		if lines[ln] != "" {
			lines[ln] += "; "
		}
		lines[ln] += cmd
	}
	for _, s := range sinks {
		emit(s.off, nimSinkText(s, binds))
	}
	for _, p := range procs {
		calls := regexp.MustCompile(`(?m)(?:^|[^.\w])`+regexp.QuoteMeta(p.name)+`(?:\s*\(|[ \t]+[^\s=:])`).FindAllStringIndex(code, 32)
		for _, c := range calls {
			at := c[0]
			if at < len(code) && !isIdentByte(code[at]) {
				at++
			}
			if at >= p.start && at < p.end || nimProcHeadAt(code, at) || nimInString(code, at) {
				continue
			}
			args := stmtArgs(code[at+len(p.name):])
			vars := map[string]string{}
			for k, v := range binds {
				vars[k] = v
			}
			for i, name := range p.params {
				if i < len(args) {
					vars[name] = nimExprText(args[i], binds, 0)
				}
			}
			for _, s := range sinks {
				if s.off >= p.start && s.off < p.end {
					emit(at, nimSinkText(s, vars))
				}
			}
		}
	}
	before := len(sc.findings)
	scanShell(sc, rel, strings.Join(lines, "\n"), 1, inScript)
	keepRulesIn(sc, before, nimCmdRuleIDs())
	// a download made executable and kept is reported at its chmod: the
	// run is what this reading adds (scanFetchRun reads chmod and run)
	kept := sc.findings[:before]
	for _, f := range sc.findings[before:] {
		if f.Line < 1 || f.Line > len(lines) || !nimOnlyChmod(lines[f.Line-1]) {
			kept = append(kept, f)
		}
	}
	sc.findings = kept
	if len(sc.findings) == before {
		return
	}
	digested := map[string]bool{}
	if nimDigestCmp.MatchString(code) && nimStop.MatchString(code) {
		for _, m := range nimDigestOf.FindAllStringSubmatch(code, 16) {
			digested[m[1]] = true
		}
	}
	plain := nimPlainIn(code)
	for _, l := range sc.linked {
		plain = plain || l.data && nimPlainIn(l.text)
	}
	for i := before; i < len(sc.findings); i++ {
		fd := &sc.findings[i]
		if fd.File != rel || fd.Line <= 0 {
			continue
		}
		line := trimmedLine(content, fd.Line)
		fd.Evidence = line // the Nim line, not the shell it reads as
		if fd.Severity != High {
			continue
		}
		checked := false
		for _, w := range identWords(line) {
			checked = checked || digested[w]
		}
		switch {
		case checked:
			fd.Severity, fd.Reason = Medium, fd.Reason+" after the file checks a digest of it and stops on a mismatch: check the digest is pinned"
		case plain:
			fd.Severity, fd.Reason = Critical, fd.Reason+" (the file or a data file it reads names a plain-http or IP-address URL: anyone on the way chooses what runs)"
		}
	}
}

// nimOnlyChmod reports whether every command of a joined line is chmod.
func nimOnlyChmod(line string) bool {
	for _, c := range strings.Split(line, "; ") {
		if !strings.HasPrefix(strings.TrimSpace(c), "chmod ") {
			return false
		}
	}
	return true
}

// identWords returns the names a line of code mentions.
func identWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}

// nimPlainIn reports whether s names a URL over plain http or to an IP
// address, loopback aside.
func nimPlainIn(s string) bool {
	if !strings.Contains(s, "://") {
		return false
	}
	for _, u := range nimPlainURL.FindAllString(s, 32) {
		host := strings.ToLower(u[strings.Index(u, "://")+3:])
		if i := strings.IndexAny(host, "/?#:"); i >= 0 {
			host = host[:i]
		}
		if host == "localhost" || strings.HasPrefix(host, "127.") || host == "0.0.0.0" || host == "" || strings.HasPrefix(host, "[") {
			continue
		}
		if strings.HasPrefix(strings.ToLower(u), "http://") || ipHostURL(u) {
			return true
		}
	}
	return false
}

// nimSinks returns the command calls of code (comments blanked), at most
// maxNimCommands: a callee not preceded by '.' (db.exec(sql"...") is a
// database's) nor declared there (proc exec), outside string literals,
// with an argument in parentheses or command syntax.
func nimSinks(code string) []nimSink {
	var out []nimSink
	for _, m := range nimSinkCall.FindAllStringSubmatchIndex(code, 4*maxNimCommands) {
		if len(out) >= maxNimCommands {
			break
		}
		if m[0] > 0 && code[m[0]-1] == '.' || nimProcHeadAt(code, m[0]) || nimInString(code, m[0]) {
			continue
		}
		rest := code[m[1]:]
		if rest == "" {
			continue
		}
		var args []string
		switch c := rest[0]; {
		case c == '(' && m[1] > m[3]:
			continue // exec (x) with a space: a command argument in parentheses, rare; skip
		case c == '(':
			args = callArgs(rest[1:])
		case c == '"' || c == '&' || c == '$' || isIdentByte(c):
			if m[1] == m[3] {
				continue // exec"..." or a name run into the callee
			}
			args = stmtArgs(nimStmt(rest))
		default:
			continue
		}
		if len(args) == 0 {
			continue
		}
		out = append(out, nimSink{off: m[0], callee: code[m[2]:m[3]], arg: args[0]})
	}
	return out
}

// nimStmt returns the statement starting s: its first line and the lines
// it continues onto (a line ending with & or , goes on), as one line.
func nimStmt(s string) string {
	var b strings.Builder
	for i := 0; i < 8; i++ {
		line, rest, more := strings.Cut(s, "\n")
		b.WriteString(line)
		t := strings.TrimRight(line, " \t")
		if !more || !strings.HasSuffix(t, "&") && !strings.HasSuffix(t, ",") {
			break
		}
		b.WriteByte(' ')
		s = rest
	}
	return b.String()
}

// nimInString reports whether offset at sits inside a string literal of
// its line (an odd count of unescaped double quotes before it).
func nimInString(code string, at int) bool {
	ls := strings.LastIndexByte(code[:at], '\n') + 1
	n := 0
	for i := ls; i < at; i++ {
		switch code[i] {
		case '\\':
			i++
		case '"':
			n++
		}
	}
	return n%2 == 1
}

// nimProcHeadAt reports whether offset at (a name) is declared there: it
// follows proc, func, template, macro, method or iterator.
func nimProcHeadAt(code string, at int) bool {
	ls := strings.LastIndexByte(code[:at], '\n') + 1
	head := strings.TrimSpace(code[ls:at])
	switch head {
	case "proc", "func", "template", "macro", "method", "iterator":
		return true
	}
	return false
}

// nimBinds maps the names of code bound once to a string literal to the
// literal's text.
func nimBinds(code string) map[string]string {
	binds := map[string]string{}
	seen := map[string]int{}
	for _, m := range nimBindLit.FindAllStringSubmatch(code, 512) {
		seen[m[1]]++
		binds[m[1]] = unescapeLit(m[2][1 : len(m[2])-1])
	}
	for n, k := range seen {
		if k > 1 {
			delete(binds, n) // reassigned: its value at the call is unknown
		}
	}
	return binds
}

// nimProcs returns the procs of code with parameters whose body holds
// one of sinks.
func nimProcs(code string, sinks []nimSink) []nimProc {
	var out []nimProc
	for _, h := range nimProcHead.FindAllStringSubmatchIndex(code, 64) {
		indent := code[h[2]:h[3]]
		end := nimBlockEnd(code, h[1], len(indent))
		holds := false
		for _, s := range sinks {
			holds = holds || s.off >= h[1] && s.off < end
		}
		if !holds {
			continue
		}
		var params []string
		for _, p := range strings.FieldsFunc(code[h[6]:h[7]], func(r rune) bool { return r == ',' || r == ';' }) {
			p = strings.TrimSpace(p)
			if i := strings.IndexAny(p, ":="); i >= 0 {
				p = strings.TrimSpace(p[:i])
			}
			if nimIdent.MatchString(p) {
				params = append(params, p)
			}
		}
		if len(params) == 0 {
			continue // run where it is written: its calls add nothing
		}
		out = append(out, nimProc{name: code[h[4]:h[5]], params: params, start: h[1], end: end})
	}
	return out
}

// nimSinkText is the shell line a command call reads as (selfExec's
// arguments after nim).
func nimSinkText(s nimSink, vars map[string]string) string {
	t := strings.ReplaceAll(nimExprText(s.arg, vars, 0), "\n", " ")
	if s.callee == "selfExec" {
		t = "nim " + t
	}
	return t
}

// maxNimDepth bounds the nesting of expressions read for one command.
const maxNimDepth = 6

// nimExprText is the text a Nim string expression builds (see above).
func nimExprText(e string, vars map[string]string, depth int) string {
	if depth > maxNimDepth {
		return "${ARG}"
	}
	var b strings.Builder
	for _, p := range nimSplitConcat(e) {
		if b.Len() > 16<<10 {
			break
		}
		b.WriteString(nimPartText(strings.TrimSpace(p), vars, depth))
	}
	return b.String()
}

// nimSplitConcat splits e at its top-level & operators (an & after an
// operand and before a space; &"..." is strformat's prefix).
func nimSplitConcat(e string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(e) && i < 4000; i++ {
		switch ch := e[i]; ch {
		case '"', '\'':
			if strings.HasPrefix(e[i:], `"""`) {
				if j := strings.Index(e[i+3:], `"""`); j >= 0 {
					i += j + 5
					continue
				}
				return append(out, e[start:])
			}
			i = stringEnd(e, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '&':
			if depth == 0 && strings.TrimSpace(e[start:i]) != "" && i+1 < len(e) && (e[i+1] == ' ' || e[i+1] == '\t') {
				out = append(out, e[start:i])
				start = i + 1
			}
		}
	}
	return append(out, e[start:])
}

// nimPartText is the text one operand of a string join reads as.
func nimPartText(p string, vars map[string]string, depth int) string {
	for len(p) >= 2 && p[0] == '(' && closeOf(p, 0, `"`, true) == len(p)-1 {
		p = strings.TrimSpace(p[1 : len(p)-1])
	}
	switch {
	case p == "":
		return ""
	case strings.HasPrefix(p, `&"`) || strings.HasPrefix(p, `fmt"`):
		body := p[strings.IndexByte(p, '"'):]
		return nimInterp(nimLitBody(body), vars, depth)
	case strings.HasPrefix(p, `"`):
		return nimLitBody(p)
	case strings.HasPrefix(p, `r"`):
		return nimLitBody(p[1:])
	case strings.HasPrefix(p, "$"):
		return nimPartText(strings.TrimSpace(p[1:]), vars, depth+1)
	case nimIdent.MatchString(p):
		if v, ok := vars[p]; ok {
			return v
		}
		return "${" + p + "}"
	case isDigits(p):
		return p
	}
	if m := nimQuoteShell.FindStringSubmatch(p); m != nil {
		x := m[1]
		if x == "" {
			x = m[2]
		}
		return `"` + strings.ReplaceAll(nimExprText(x, vars, depth+1), `"`, ``) + `"`
	}
	return "${ARG}"
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// nimLitBody is the text of the string literal s starts with (triple
// quotes taken raw, escapes undone in the others).
func nimLitBody(s string) string {
	if strings.HasPrefix(s, `"""`) {
		if j := strings.Index(s[3:], `"""`); j >= 0 {
			return s[3 : 3+j]
		}
		return s[3:]
	}
	return unescapeLit(s[1:min(stringEnd(s, 0, true), len(s))])
}

// nimInterp fills strformat's {expressions} in body ({{ and }} are
// braces; a :format spec is dropped).
func nimInterp(body string, vars map[string]string, depth int) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch {
		case strings.HasPrefix(body[i:], "{{"):
			b.WriteByte('{')
			i++
		case strings.HasPrefix(body[i:], "}}"):
			b.WriteByte('}')
			i++
		case body[i] == '{':
			j := closeOf(body, i, `"`, true)
			if j < 0 {
				b.WriteString(body[i:])
				return b.String()
			}
			expr := body[i+1 : j]
			if k := strings.LastIndex(expr, ":"); k > 0 && !strings.ContainsAny(expr[k:], `"()[]`) {
				expr = expr[:k]
			}
			b.WriteString(nimExprText(expr, vars, depth+1))
			i = j
		default:
			b.WriteByte(body[i])
		}
	}
	return b.String()
}
