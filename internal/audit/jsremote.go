package audit

import (
	"regexp"
	"strings"
)

// Rule download-exec in JavaScript beyond the one-line idioms (eval of
// await fetch): a script that makes network calls and hands code built at
// run time to eval, Function, the vm module, module._compile, or require
// or import of a file it wrote, runs whatever the server answers. The
// answer is followed through the script's variables by pattern: a
// response's data events and chunks, what fetch, axios and got return,
// and every variable assigned from one of those (body += chunk, m =
// JSON.parse(body)). A sink fed from that is critical; one whose argument
// the scan cannot trace to the answer, in a script that makes network
// calls, is medium: worth a look, but libraries (jQuery's JSON fallback,
// d3's row parser) build functions from strings and fetch data too.
// JXA (osascript -l JavaScript) scripts are read the same way, with
// Cocoa's downloads and doShellScript's curl as answers, and so is the
// code a script writes out in string literals (jsGeneratedCode).

var (
	// jsCodeSink is a call that runs a string as code; group 1 or 2
	// names it.
	jsCodeSink = lazyRE(`(?:^|[^.\w$])((?:new\s+)?Function|eval|(?:globalThis|global|window|self)\.eval|\(\s*0\s*,\s*eval\s*\)|runInNewContext|runInThisContext|runInContext|compileFunction|new\s+(?:vm\.)?Script|require|import)\s*\(|(\.(?:runInNewContext|runInThisContext|runInContext|compileFunction|_compile))\s*\(`)
	// jsAnswer is an expression that holds what a server answered.
	// JXA (osascript -l JavaScript) gets one from NSData's or NSString's
	// ...WithContentsOfURL, NSURLConnection's synchronous request, or curl
	// run with doShellScript.
	jsAnswer = lazyRE(`\bfetch\s*\(|\.(?:text|json|arrayBuffer|blob)\s*\(\s*\)|\baxios\b|\bgot\s*[.(]|\bresponseText\b|\b(?:res|resp|response)\.(?:data|body)\b|\bhttps?\.get\s*\(|\bexecSync\s*\(\s*['"\x60](?:curl|wget)\b` +
		`|\b(?:data|string)WithContentsOfURL\w*\s*\(|\bsendSynchronousRequest\w*\s*\(|\bdoShellScript\s*\(\s*['"\x60](?:curl|wget)\b`)
	// jsChunkParam names a response's data callback's parameter, a
	// streamed chunk or a promise's resolved value.
	jsChunkParam = lazyRE(`\.on\(\s*['"]data['"]\s*,\s*(?:async\s*)?(?:function\s*\w*\s*)?\(?\s*(\w+)|for\s+await\s*\(\s*(?:const|let|var)\s+(\w+)\s+of\b|\.then\(\s*(?:async\s*)?(?:function\s*\w*\s*)?\(?\s*(\w+)`)
	// jsAssign is an assignment: group 1 the variable (or a destructuring
	// pattern), group 2 the value up to the end of the line or statement.
	jsAssign = lazyRE(`(?:\b(?:const|let|var)\s+)?(\{[^}=]*\}|\[[^\]=]*\]|[A-Za-z_$][\w$]*)\s*(?:\+=|=)\s*([^;\n=][^;\n]*)`)
	// jsWrittenFile is a file written with the data of group 2 at the
	// path held in group 1.
	jsWrittenFile = `(?:writeFileSync|writeFile|appendFileSync|appendFile)\(\s*%s\s*,\s*([^;\n]+)|createWriteStream\(\s*%s\s*[,)]`
)

// scanJSRemoteExec reports code a JavaScript script runs that it got
// over the network (see above); c is the script with comments blanked.
// The code the script writes out (jsGeneratedCode: a helper's lines in
// string literals, a template literal) is read the same way: a helper
// that fetches and evals what a server answered is critical where the
// script builds it, and a persistence entry the same script installs
// (a LaunchAgent, a cron line: most often the way that helper is run
// again) is critical too, as startupcode.go ranks a program that
// installs persistence and holds a download piped into a shell.
func scanJSRemoteExec(sc *skillCtx, rel, c string) {
	if !containsAny(c, jsSinkWords) || !jsNet.MatchString(c) {
		return
	}
	best, bestOff, reason := jsRemoteExecBest(c)
	generated := false
	if gen, ok := jsGeneratedCode(c); ok {
		if sev, off, _ := jsRemoteExecBest(gen); sev == Critical && best < Critical {
			generated = true
			best, bestOff = sev, off
			reason = "writes out code that runs what a server answered as code (" + jsSinkName(gen, off) + "): remote code execution wherever that code is run"
		}
	}
	if best == SeverityNone {
		return
	}
	if generated {
		for i := range sc.findings {
			if f := &sc.findings[i]; f.File == rel && f.RuleID == "persistence" && f.Severity == High {
				f.Severity = Critical
				f.Reason += ", and the script writes out code that fetches from the network and evaluates what the server answers: what it installs runs whatever a server sends, each time (a back door taking orders from the network)"
			}
		}
	}
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "download-exec" && f.Severity >= best {
			return
		}
	}
	li := newLineIndex(c)
	ln := li.line(bestOff)
	sc.add(rel, ln, "download-exec", best, reason, strings.TrimSpace(lineText(c, li, ln)))
}

// jsSinkWords are the words of jsCodeSink's calls, a cheap test before it.
var jsSinkWords = []string{"Function", "eval", "runIn", "compileFunction", "Script", "_compile", "require", "import"}

// jsRemoteExecBest returns the worst of c's calls that run a string as
// code (jsCodeSink): critical when its argument is what a server
// answered, medium when it is built at run time and not traced; its
// offset and the reason.
func jsRemoteExecBest(c string) (Severity, int, string) {
	var tainted map[string]bool // computed for the first sink given code built at run time
	minified := false
	best, bestOff, reason := SeverityNone, -1, ""
	for _, m := range jsCodeSink.FindAllStringSubmatchIndex(c, 64) {
		g := m[2:4]
		if g[0] < 0 {
			g = m[4:6]
		}
		name := strings.Join(strings.Fields(c[g[0]:g[1]]), " ")
		args := callArgs(c[m[1]:])
		if len(args) == 0 {
			continue
		}
		arg := args[0]
		switch {
		case strings.HasSuffix(name, "Function"):
			arg = args[len(args)-1] // the body
		case name == "require" || name == "import":
			data, ok := writtenData(c, arg)
			if !ok {
				continue // a module, not a file the script wrote
			}
			arg = data
		}
		if staticString(arg) {
			continue
		}
		if tainted == nil {
			tainted = jsTainted(c)
			if minified = jsMinified(c); minified {
				tainted = dropShortNames(tainted) // see jsminified.go
			}
		}
		sev, why := Medium, "evaluates code built at run time ("+name+") in a script that makes network calls: check that the code is not what a server sent"
		if jsAnswer.MatchString(arg) || mentionsAny(arg, tainted) || minified && jsLocalAnswer(c, g[0], arg) {
			sev, why = Critical, "runs what a server answered as code ("+name+"): remote code execution"
		}
		if sev > best {
			best, bestOff, reason = sev, g[0], why
		}
	}
	return best, bestOff, reason
}

// jsSinkName names the call that runs code at offset off of c (where
// jsRemoteExecBest found it).
func jsSinkName(c string, off int) string {
	end := off
	for end < len(c) && c[end] != '(' {
		end++
	}
	return strings.Join(strings.Fields(c[off:end]), " ")
}

// jsGeneratedCode returns c with everything but the text of its string
// literals blanked, offsets and line breaks kept, and a \n escape read
// as the end of a statement: the code a script writes out (a helper's
// lines in an array joined with "\n", a template literal; a template's
// ${…} is the script's own code and is blanked), to be read as code of
// its own. ok is false when no literal holds a call of jsCodeSink's
// words and a network call, so there is nothing to read.
func jsGeneratedCode(c string) (gen string, ok bool) {
	blank := jsBlankStrings(c)
	b := []byte(c)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\n':
		case blank[i] == b[i]:
			b[i] = ' '
		case b[i] == '\\' && i+1 < len(b) && b[i+1] == 'n':
			b[i], b[i+1] = ' ', ';'
			i++
		}
	}
	gen = string(b)
	if !containsAny(gen, jsSinkWords) || !jsNet.MatchString(gen) {
		return "", false
	}
	return gen, true
}

// writtenData returns the data written to the file a require or import
// argument names (a variable or expression the script also writes to
// with writeFile or createWriteStream; a stream's data is the answer
// piped into it), and whether it is such a file.
func writtenData(c, arg string) (string, bool) {
	arg = strings.TrimSpace(arg)
	if staticString(arg) || arg == "" {
		return "", false
	}
	q := regexp.QuoteMeta(arg)
	re := regexp.MustCompile(strings.ReplaceAll(jsWrittenFile, "%s", q))
	m := re.FindStringSubmatch(c)
	if m == nil {
		if strings.Contains(arg, "data:") {
			return arg, true // import("data:text/javascript," + code)
		}
		return "", false
	}
	if m[1] == "" {
		return "res", true // a stream: what is piped into it comes from the network
	}
	if a := callArgs(m[1] + ")"); len(a) > 0 {
		return a[0], true
	}
	return m[1], true
}

// staticString reports whether a JavaScript expression is one string
// literal with no interpolation.
func staticString(e string) bool {
	e = strings.TrimSpace(e)
	if len(e) < 2 || !strings.ContainsRune("'\"`", rune(e[0])) || stringEnd(e, 0, false) != len(e)-1 {
		return false
	}
	return e[0] != '`' || !strings.Contains(e, "${")
}

// jsTainted returns the variables of c that hold what a server answered:
// the seeds of jsChunkParam and assignments from jsAnswer, then every
// variable assigned from one of them, to a fixed point.
func jsTainted(c string) map[string]bool {
	t, _ := jsTaintedAssigns(c)
	return t
}

// jsTaintedAssigns is jsTainted that also returns the assignments of c it
// read (jsAssign's matches, each with its value's string texts blanked
// after the groups), for callers that widen the set further.
func jsTaintedAssigns(c string) (map[string]bool, [][]string) {
	t := map[string]bool{}
	for _, m := range jsChunkParam.FindAllStringSubmatch(c, 32) {
		for _, v := range m[1:] {
			if v != "" {
				t[v] = true
			}
		}
	}
	// each assignment with its value's string texts blanked (group 3):
	// a word inside a literal ("/v${VERSION}", `${CACHE}/osv-scanner`)
	// names no variable, only a template's ${…} does
	blank := jsBlankStrings(c)
	var assigns [][]string
	for _, m := range jsAssign.FindAllStringSubmatchIndex(c, 512) {
		assigns = append(assigns, []string{c[m[0]:m[1]], c[m[2]:m[3]], c[m[4]:m[5]], blank[m[4]:m[5]]})
	}
	for pass := 0; pass < 8 && jsSpreadAssigns(assigns, t); pass++ {
	}
	// A function of the script that returns the answer (jsanswerfunc.go)
	// passes it on to whatever its call is assigned to.
	for round := 0; round < 4; round++ {
		fs := jsAnswerFuncs(c, t)
		if len(fs) == 0 {
			break
		}
		for _, f := range fs {
			t[f] = true
		}
		for pass := 0; pass < 8 && jsSpreadAssigns(assigns, t); pass++ {
		}
	}
	return t, assigns
}

// jsSpreadAssigns makes one pass over assigns (jsAssign's matches): the
// variables assigned from a server's answer or from a variable of t join
// t. It reports whether t grew.
func jsSpreadAssigns(assigns [][]string, t map[string]bool) bool {
	grew := false
	for _, a := range assigns {
		v := a[2]
		if len(a) > 3 {
			v = a[3] // the value with its string texts blanked
		}
		if !jsAnswer.MatchString(a[2]) && !mentionsAny(v, t) {
			continue
		}
		for _, loc := range jsIdent.FindAllStringIndex(a[1], 16) {
			if v := a[1][loc[0]:loc[1]]; !t[v] {
				t[v], grew = true, true
			}
		}
	}
	return grew
}

// mentionsAny reports whether expression e uses one of the variables
// in vars as a whole word (not as a property name after a dot).
func mentionsAny(e string, vars map[string]bool) bool {
	if len(vars) == 0 {
		return false
	}
	for _, loc := range jsIdent.FindAllStringIndex(e, 64) {
		if vars[e[loc[0]:loc[1]]] && (loc[0] == 0 || e[loc[0]-1] != '.') {
			return true
		}
	}
	return false
}

// jsIdent matches one JavaScript identifier (ASCII only: minified and
// hand-written install scripts name their variables in ASCII).
var jsIdent = lazyRE(`[A-Za-z_$][\w$]*`)

// jsShellSpawn is a shell started with its script on standard input:
// Node's spawn, spawnSync, execFile and execFileSync, Bun.spawn and
// Bun.spawnSync, given "sh", "bash" or "zsh" (a path to one too) first;
// the match ends after the shell's name.
var jsShellSpawn = lazyRE(`\b(?:spawn|spawnSync|execFile|execFileSync|Bun\.spawn|Bun\.spawnSync)\s*\(\s*\[?\s*['"\x60](?:/usr)?(?:/bin/)?(?:ba|z|da)?sh['"\x60]`)

// jsStdinOpt is the option giving a started process its standard input:
// stdin (Bun) or input (Node's sync calls): group 1 its value to the
// line's end.
var jsStdinOpt = lazyRE(`\b(?:stdin|input)\s*:\s*([^\n]+)`)

// scanJSShellStdin reports a shell a JavaScript script starts with what a
// server answered as its standard input (Bun.spawn(["sh", "-s"], {stdin:
// new Blob([script])}) after script = await res.text()): curl | sh in
// other words, critical (rule download-exec); c is the script with its
// comments blanked.
func scanJSShellStdin(sc *skillCtx, rel, c string) {
	if !jsNet.MatchString(c) {
		return
	}
	var tainted map[string]bool
	for _, m := range jsShellSpawn.FindAllStringIndex(c, 16) {
		call := balanced(c, m[0]+strings.Index(c[m[0]:], "("))
		opt := jsStdinOpt.FindStringSubmatch(call)
		if opt == nil {
			continue
		}
		if tainted == nil {
			tainted = jsTainted(c)
		}
		if jsAnswer.MatchString(opt[1]) || mentionsAny(opt[1], tainted) {
			ln := 1 + strings.Count(c[:m[0]], "\n")
			sc.add(rel, ln, "download-exec", Critical, "starts a shell with what a server answered as its script (its standard input): the server decides what runs, as curl | sh", trimmedLine(c, ln))
			return
		}
	}
}
