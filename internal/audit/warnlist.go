package audit

import "strings"

// A prohibition governs the whole list it introduces: "do not set
// `defaultMode` to `bypassPermissions`, `approval_policy = "never"`, or
// disable the sandbox" names each switch as something not to do, however
// far down the list it stands. warnedRe reads only the words just before a
// switch; warnedInClause reads the clause it is in.

var (
	// prohibitVerb is a prohibition followed by the verb that would turn
	// a switch on.
	prohibitVerb = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|may\s+not|cannot|can'?t)\s+(?:use|run|pass|enable|set|add|start|put|write|change|turn\s+on|switch\s+(?:on|to)|flip)\w*\b`)
	// clauseTurn is a word after which the clause no longer lists what
	// is prohibited: "do not ask, but set X" asks for X.
	clauseTurn = lazyRE(`(?i)\b(?:but|instead|unless|except|then|however|rather|otherwise|always|must|should|now|without|only)\b`)
	// doubleNegation is a prohibition of doing without: "never run
	// without --dangerously-skip-permissions" asks for the switch.
	doubleNegation = lazyRE(`(?i)\b(?:without|except\s+with|unless\s+(?:with|using)|other\s+than|only\s+with)\W+(?:\w+\W+)?$`)
)

// prohibitsSwitch reports whether the switch at off in text is named as
// something not to do: warnedRe just before it, or a prohibition
// governing the list it stands in (warnedInClause), or the condition of
// a refusal (refusedOn, bypassrefuse.go), and no "without"
// turning the prohibition into a demand.
func prohibitsSwitch(text string, off int) bool {
	before := text[max(0, off-60):off]
	if doubleNegation.MatchString(before) {
		return false
	}
	return warnedRe.MatchString(before) || warnedInClause(text, off) || refusedOn(text, off)
}

// warnedInClause reports whether the switch at off in text stands in the
// list governed by a prohibition earlier in its clause (the text after the
// last sentence end, semicolon or blank line, at most 240 bytes back),
// with nothing between them that turns the clause round.
func warnedInClause(text string, off int) bool {
	start := max(0, off-240)
	clause := text[start:off]
	for _, sep := range []string{". ", ".\n", "; ", ";\n", "! ", "? ", "\n\n", ":\n"} {
		if i := strings.LastIndex(clause, sep); i >= 0 {
			clause = clause[i+len(sep):]
		}
	}
	ms := prohibitVerb.FindAllStringIndex(clause, -1)
	if len(ms) == 0 {
		return false
	}
	last := ms[len(ms)-1]
	return !clauseTurn.MatchString(clause[last[1]:])
}
