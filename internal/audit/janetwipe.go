package audit

import (
	"regexp"
	"strings"
)

// A Janet program (a jpm task, a script run with janet) that walks the
// home folder and removes what it finds there (os/rm of each path a walk
// of (os/getenv "HOME") yields) deletes files across everything the
// user keeps, whatever filter it applies (an attachment cleaner's
// "orphans" are every file no note links to). Rule destructive-command,
// high: the filter decides how much goes, and it is the program's to
// get right.

var (
	// janetHomeDef binds a name to home: (def root (os/getenv "HOME")),
	// also inside a condition; group 1 the name.
	janetHomeDef = lazyRE(`\(def\s+([\w*+!?<>=/-]+)\s+[^\n]*\(os/getenv\s+"HOME"\)`)
	// janetRemove removes a file or tree.
	janetRemove = lazyRE(`\((?:os/rm|os/rmdir|sh/rm)\b`)
)

// scanJanetHomeWalk reports a Janet file that walks a name bound to home
// and removes files (see above).
func scanJanetHomeWalk(sc *skillCtx, rel, code, content string) {
	if !strings.HasSuffix(strings.ToLower(rel), ".janet") || !janetRemove.MatchString(code) {
		return
	}
	for _, m := range janetHomeDef.FindAllStringSubmatchIndex(code, 8) {
		name := regexp.QuoteMeta(code[m[2]:m[3]])
		walk := regexp.MustCompile(`\((?:walk|os/dir|sh/scan-directory|each\s+\S+\s+\(os/dir)\s+` + name + `[\s)]`)
		if w := walk.FindStringIndex(code); w != nil {
			ln := 1 + strings.Count(code[:w[0]], "\n")
			sc.add(rel, ln, "destructive-command", High, "walks the home folder and removes files it finds there (os/rm): what it deletes across the user's files depends only on its filter",
				trimmedLine(content, ln))
			return
		}
	}
}
