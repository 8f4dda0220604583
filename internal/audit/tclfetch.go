package audit

import "strings"

// Rule download-exec in Tcl: a script that fetches text with the http
// package (http::geturl, its body taken with http::data) and evaluates
// it as code (uplevel #0 $body, eval $body, namespace eval ns $body,
// interp eval i $body) lets the server decide what runs each time the
// script runs, as R's source of a URL does (rjuliazig.go). What arrived
// is a variable set from [http::data $tok], or from a call of a proc of
// the file whose body takes http::data (proc fetch {url} {... return
// [http::data $tok]}; the proc's last name part, as a namespace's own
// procs call it), or a variable set from one of those; or the eval's
// argument is such a call itself. Critical; medium when the script
// names a digest (a pinned recipe). uplevel of a body the caller passed
// (a retry helper's uplevel 1 $body) is not this.

var (
	// tclProcHead is a proc definition up to its body's opening brace:
	// group 1 the name.
	tclProcHead = lazyRE(`(?m)^[ \t]*proc\s+((?:::)?(?:\w+::)*\w+)\s+(?:\{[^{}\n]*\}|\w+)\s*\{`)
	// tclEvalOf evaluates a variable (group 1) or a command's result
	// (group 2 the command) as Tcl code.
	tclEvalOf = lazyRE(`\b(?:uplevel(?:\s+#?\d+)?|eval|namespace\s+eval\s+\S+|interp\s+eval\s+\S+)\s+(?:\$\{?(\w+)\}?\s*(?:$|[;\]}\n])|\[\s*((?:::)?(?:\w+::)*\w+))`)
	// tclDigest is a digest of what was fetched.
	tclDigest = lazyRE(`(?i)\bsha2::|\bsha256\b|\bsha1::|\bmd5::|\bchecksum\b`)
)

// tclBraceBody returns the braced text opening at code[i] ('{'), braces
// balanced and backslash escapes skipped, or "" when it does not close
// within 64 KiB.
func tclBraceBody(code string, i int) string {
	depth := 0
	for j := i; j < len(code) && j-i < 1<<16; j++ {
		switch code[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return code[i : j+1]
			}
		}
	}
	return ""
}

// tclLastName is the last part of a namespaced Tcl name (::a::fetch →
// fetch).
func tclLastName(n string) string {
	if i := strings.LastIndex(n, "::"); i >= 0 {
		return n[i+2:]
	}
	return n
}

// scanTclFetchEval reports Tcl code that evaluates what it fetched with
// the http package (see above).
func scanTclFetchEval(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "http::geturl") || !strings.Contains(content, "http::data") {
		return
	}
	code := stripHashComments(content)
	// the commands whose result is a server's answer
	answerCmds := map[string]bool{"data": true} // http::data
	for _, m := range tclProcHead.FindAllStringSubmatchIndex(code, 256) {
		if body := tclBraceBody(code, m[1]-1); strings.Contains(body, "http::data") {
			answerCmds[tclLastName(code[m[2]:m[3]])] = true
		}
	}
	fetched := func(cmd string) bool { return answerCmds[tclLastName(cmd)] }
	got := map[string]bool{}
	sets := tclSetVar.FindAllStringSubmatch(code, 4000)
	for range 3 {
		grew := false
		for _, s := range sets {
			if got[s[1]] {
				continue
			}
			v := strings.TrimSpace(s[2])
			from := false
			if strings.HasPrefix(v, "[") {
				f := strings.Fields(strings.TrimLeft(v, "[ "))
				from = len(f) > 0 && fetched(strings.TrimRight(f[0], "]"))
			}
			for g := range got {
				from = from || strings.Contains(v, "$"+g) || strings.Contains(v, "${"+g+"}")
			}
			if from {
				got[s[1]], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for _, m := range tclEvalOf.FindAllStringSubmatchIndex(code, 64) {
		hit := m[2] >= 0 && got[code[m[2]:m[3]]] || m[4] >= 0 && fetched(code[m[4]:m[5]])
		if !hit {
			continue
		}
		ln := 1 + strings.Count(code[:m[0]], "\n")
		sev, reason := Critical, "fetches Tcl code with the http package and evaluates it: the server decides what runs on this machine each time the script runs"
		if tclDigest.MatchString(code) {
			sev, reason = Medium, "fetches Tcl code with the http package and evaluates it after naming a digest: check the digest is pinned in the skill, not fetched with the code"
		}
		sc.add(rel, ln, "download-exec", sev, reason, trimmedLine(content, ln))
		return
	}
}
