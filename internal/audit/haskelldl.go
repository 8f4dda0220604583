package audit

import (
	"path"
	"regexp"
	"strings"
)

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
			if regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(arg) + `\s*<-`).FindStringIndex(content[:m[0]]) == nil {
				continue
			}
			ln := 1 + strings.Count(content[:m[0]], "\n")
			sc.add(rel, ln, "download-exec", Critical, "gives a shell what an HTTP request returned ("+arg+") as its script on standard input: the server decides what runs, as curl | sh", trimmedLine(content, ln))
			return
		}
	}
}
