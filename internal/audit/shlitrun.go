package audit

import (
	"slices"
	"strings"
)

// shLitRunRuleIDs are the rules kept from reading a run of literals as
// one script.
var shLitRunRuleIDs = lazySet("credential-exfil", "download-exec")

// A shell script written as a code file's string literals, one command
// per line: the elements of an array handed to sh -c joined (Dagger's
// withExec(["sh", "-c", [..., ...].join(" && ")]), a list of steps run
// in turn. Each literal alone is read as a command (code.go), but a
// file one command writes and the next uploads (env | base64 >
// /tmp/meta, then curl -F meta=@/tmp/meta) is only seen when they are
// read together: a run of two or more shell-like one-line literals on
// consecutive lines (at most one line between them) is read as one
// script, each at its own line. Only what needs two commands to be seen
// is kept from it (shLitRunRuleIDs: a read sent, a download run); what
// one command does alone its own literal's scan reports, and a run of
// literals searched for (a review script's patterns, searchedLit) is
// not read.

// shLit is a one-line string literal of a code file that looks like a
// shell command (shellish): its line and its text, unescaped.
type shLit struct {
	line int
	text string
}

// scanShellLitRuns reads each run of lits (in file order) on
// consecutive lines as one shell script (see above).
func scanShellLitRuns(sc *skillCtx, rel string, lits []shLit, w where) {
	for i := 0; i < len(lits); {
		j := i + 1
		for j < len(lits) && lits[j].line > lits[j-1].line && lits[j].line-lits[j-1].line <= 2 {
			j++
		}
		if j-i >= 2 && !slices.ContainsFunc(lits[i:j], func(l shLit) bool { return searchedLit(l.text) }) {
			before := len(sc.findings)
			var b strings.Builder
			for k := i; k < j; k++ {
				if k > i {
					b.WriteString(strings.Repeat("\n", lits[k].line-lits[k-1].line))
				}
				b.WriteString(lits[k].text)
			}
			sc.inLiteral = true
			scanShell(sc, rel, b.String(), lits[i].line, w)
			sc.inLiteral = false
			keepRulesIn(sc, before, shLitRunRuleIDs())
		}
		i = j
	}
}
