package audit

import (
	"fmt"
	"regexp"
	"strings"
)

// A cleanup whose rules file names a scope for each target ("home
// .cache/fossil-*", "ckout *.o") and whose code maps a scope word to the
// home folder (Tcl's switch arm home { set bases [list [file normalize
// ~]] }, a case "home": base = Path.home()) removes each target of that
// scope under home: the rules file's "home *" or "home {.ssh .gnupg}"
// lines are what it destroys. Rule destructive-command, critical, at the
// removal, as for a data file's listed targets (datawipe.go).

// scopeHomeArm is a scope word (group 1) whose arm, on its line, names
// home.
var scopeHomeArm = lazyRE(`(?m)^\s*["']?([A-Za-z_][\w-]*)["']?\s*(?:\{|:|=>|->|\))[^\n]*(?:file\s+normalize\s+~|\bhomedir\b|Path\.home\(|expanduser\(\s*["']~|\$HOME\b|\$::env\(HOME\)|UserHomeDir\(|getenv\(\s*["']HOME)`)

// scanScopedWipe reports a removal in code whose linked rules file lists
// a wipe target under a scope word the code maps to home.
func scanScopedWipe(sc *skillCtx, rel, code string, removal []int) bool {
	arms := scopeHomeArm.FindAllStringSubmatch(code, 8)
	if arms == nil {
		return false
	}
	for _, d := range sc.linked {
		if !d.data {
			continue
		}
		for _, a := range arms {
			line := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(a[1]) + `\s+(.+)$`)
			for _, m := range line.FindAllStringSubmatch(d.text, 64) {
				rest := strings.Trim(strings.TrimSpace(m[1]), "{}")
				for _, v := range strings.Fields(rest) {
					if t := listedTarget(v, true); t != "" {
						ln := 1 + strings.Count(code[:removal[0]], "\n")
						sc.add(rel, ln, "destructive-command", Critical,
							fmt.Sprintf("removes %s: %s, which this code reads, lists %q under the scope %q, which the code maps to the home folder", t, d.rel, v, a[1]), trimmedLine(code, ln))
						return true
					}
				}
			}
		}
	}
	return false
}
