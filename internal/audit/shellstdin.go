package audit

import (
	"path"
	"regexp"
	"strings"
)

// A shell given what a server answered as its standard input runs the
// server's script, as curl | sh does, in any language: JavaScript's is
// jsremote.go's (scanJSShellStdin); Haskell's and .NET's are read here.

// Rule download-exec in Haskell (a Cabal Setup.hs hook, a runghc
// script): a value bound from an HTTP response (script <- ... httpLbs
// req mgr, simpleHttp url, getResponseBody) and handed to a shell as its
// standard input, the last argument of readProcess,
// readProcessWithExitCode, readCreateProcess or
// readCreateProcessWithExitCode with "sh" (or bash, zsh, dash) as the
// program, runs what the server answered: curl | sh, critical.

var (
	// hsAnswerBind binds a name to what an HTTP call returned: group 1
	// the name.
	hsAnswerBind = lazyRE(`(?m)^\s*(\w+)\s*<-[^\n]*\b(?:httpLbs|httpLBS|httpBS|simpleHttp|getResponseBody|responseBody|httpJSON)\b`)
	// hsShellStdin runs a shell given a last argument on its line: group
	// 1 that argument.
	hsShellStdin = lazyRE(`(?m)\b(?:readProcess|readProcessWithExitCode|readCreateProcess|readCreateProcessWithExitCode)\b[^\n]*"(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh"[^\n]*?\)?\s+(\w+)\s*$`)
)

// scanHaskellShellStdin reports a Haskell program feeding an HTTP answer
// to a shell (see above).
func scanHaskellShellStdin(sc *skillCtx, rel, content string) {
	if !strings.EqualFold(path.Ext(rel), ".hs") && !strings.EqualFold(path.Ext(rel), ".lhs") {
		return
	}
	binds := hsAnswerBind.FindAllStringSubmatch(content, 16)
	if binds == nil {
		return
	}
	for _, m := range hsShellStdin.FindAllStringSubmatchIndex(content, 16) {
		arg := content[m[2]:m[3]]
		for _, b := range binds {
			if b[1] != arg {
				continue
			}
			// the answer bound before the shell reads it
			if regexp.MustCompile(`(?m)^\s*`+regexp.QuoteMeta(arg)+`\s*<-`).FindStringIndex(content[:m[0]]) == nil {
				continue
			}
			ln := 1 + strings.Count(content[:m[0]], "\n")
			sc.add(rel, ln, "download-exec", Critical, "gives a shell what an HTTP request returned ("+arg+") as its script on standard input: the server decides what runs, as curl | sh", trimmedLine(content, ln))
			return
		}
	}
}

// The same in .NET (C# and F# scripts, a FAKE build.fsx): a shell
// started by ProcessStartInfo("/bin/sh", "-s ...") whose StandardInput
// is written a value bound from an HTTP answer (GetStringAsync,
// DownloadString, ReadAsStringAsync) runs what the server sent.

var (
	// dotnetAnswerBind binds a name to an HTTP answer's text: group 1 or
	// 2 the name (C#'s var x = ..., F#'s let x = ...).
	dotnetAnswerBind = lazyRE(`\b(?:var|string|let)\s+(\w+)\s*=[^\n;]*\b(?:GetStringAsync|DownloadString|DownloadStringTaskAsync|ReadAsStringAsync)\b`)
	// dotnetShellStart starts sh, bash or zsh.
	dotnetShellStart = lazyRE(`\b(?:ProcessStartInfo|Process\.Start)\s*\(\s*"(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh"`)
	// dotnetStdinWrite writes a name to a process's standard input:
	// group 1 the name.
	dotnetStdinWrite = lazyRE(`\.StandardInput\.Write(?:Line)?(?:Async)?\s*\(?\s*(\w+)`)
)

// scanDotnetShellStdin reports a C# or F# program writing an HTTP answer
// to a shell's standard input (see above).
func scanDotnetShellStdin(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".cs", ".csx", ".fs", ".fsx":
	default:
		return
	}
	if !dotnetShellStart.MatchString(content) {
		return
	}
	bound := map[string]bool{}
	for _, m := range dotnetAnswerBind.FindAllStringSubmatch(content, 16) {
		bound[m[1]] = true
	}
	if len(bound) == 0 {
		return
	}
	for _, m := range dotnetStdinWrite.FindAllStringSubmatchIndex(content, 16) {
		arg := content[m[2]:m[3]]
		// the answer reaches the write directly or as the parameter of
		// the helper it is passed to (runInstaller script)
		if !bound[arg] && !passedAnswer(content, arg, bound) {
			continue
		}
		ln := 1 + strings.Count(content[:m[0]], "\n")
		sc.add(rel, ln, "download-exec", Critical, "writes what an HTTP request returned to a shell's standard input: the server decides what runs, as curl | sh", trimmedLine(content, ln))
		return
	}
}

// passedAnswer reports whether param is the parameter of a function of
// content that is called with one of the bound names (F#'s let private
// runInstaller (script: string) = ... then runInstaller script; C#'s
// void Run(string script) ... Run(script)).
func passedAnswer(content, param string, bound map[string]bool) bool {
	def := regexp.MustCompile(`\b(?:let\s+(?:private\s+)?|void\s+|static\s+\w+\s+)(\w+)\s*\(\s*(?:string\s+)?` + regexp.QuoteMeta(param) + `\b`)
	for _, d := range def.FindAllStringSubmatch(content, 4) {
		for b := range bound {
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(d[1]) + `\s*\(?\s*` + regexp.QuoteMeta(b) + `\b`).MatchString(content) {
				return true
			}
		}
	}
	return false
}
