package audit

import (
	"path"
	"strings"
)

// Common Lisp programs (a Quicklisp helper, an ASDF system's setup):
// appending a form to the implementations' init files under home
// (~/.sbclrc, ~/.ccl-init.lisp, ~/.eclrc, ~/.clisprc.lisp), which every
// Lisp start loads, is persistence, critical; fetching a file
// (ql-http:fetch) and handing that file to load, or evaluating the text
// Drakma or Dexador returned (eval of read-from-string), runs what the
// server sent, download-exec, critical.

var (
	// lispInitFile names an implementation's init file.
	lispInitFile = lazyRE(`"\.(?:sbclrc|ccl-init\.lisp|eclrc|clisprc\.lisp|lispworks|abclrc|cmucl-init\.lisp)"`)
	// lispAppend opens a file for writing.
	lispAppend = lazyRE(`:direction\s+:output\b`)
	// lispFetchFile saves a URL to a file: group 1 the file's
	// expression.
	lispFetchFile = lazyRE(`\((?:ql-http:fetch|dex:fetch|dexador:fetch)\s+\S+\s+([^\s()]+)`)
	// lispFetchText returns what a URL serves.
	lispFetchText = lazyRE(`\((?:drakma:http-request|dex:get|dexador:get)\b`)
	// lispEvalText evaluates text as code.
	lispEvalText = lazyRE(`\(eval\s+\(read-from-string\b|\(load\s+\(make-string-input-stream\b`)
)

// scanLispInit reports a Lisp program that appends to the init files or
// loads what it fetched (see above).
func scanLispInit(sc *skillCtx, rel, code, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".lisp", ".cl", ".lsp", ".asd":
	default:
		return
	}
	lineOf := func(off int) int { return 1 + strings.Count(code[:off], "\n") }
	if m := lispInitFile.FindStringIndex(code); m != nil && lispAppend.MatchString(code) && strings.Contains(code, "user-homedir-pathname") {
		ln := lineOf(m[0])
		sc.add(rel, ln, "persistence", Critical, "writes to the Lisp init files in the home folder ("+strings.Trim(code[m[0]:m[1]], `"`)+"): what it adds runs at every Lisp start",
			trimmedLine(content, ln))
	}
	for _, f := range lispFetchFile.FindAllStringSubmatchIndex(code, 8) {
		load := "(load " + code[f[2]:f[3]]
		if l := strings.Index(code[f[1]:], load); l >= 0 {
			ln := lineOf(f[1] + l)
			sc.add(rel, ln, "download-exec", Critical, "loads the file it fetched over the network: the server decides what runs",
				trimmedLine(content, ln))
			return
		}
	}
	if f := lispFetchText.FindStringIndex(code); f != nil {
		if e := lispEvalText.FindStringIndex(code[f[1]:]); e != nil {
			ln := lineOf(f[1] + e[0])
			sc.add(rel, ln, "download-exec", Critical, "evaluates text it fetched over the network: the server decides what runs",
				trimmedLine(content, ln))
		}
	}
}
