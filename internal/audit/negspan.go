package audit

import "strings"

// A skill that installs something safely says what it does not do, and
// names the idiom it avoids in inline code: "no `sudo`, no `curl | sh`,
// no changes to shell startup files", "verify the archive instead of
// `curl … | sh`", "never `wget -qO- … | bash`". The command there is the
// object of the negation, not a step: an agent reading the sentence is
// told not to run it. A download piped into a shell in inline code that a
// negation governs directly (the negation right before the span, at most
// a verb of running between them, or a list of spans it heads: "no
// `sudo` or `curl | sh`") and that ends its clause is therefore reported
// low by rule download-exec. Words after the span that qualify the
// negation ("do not run `curl … | sh` as root", "never `curl … | sh`
// before the checksum passes") keep its rank, since they leave a way to
// run it, and so does anything that turns the sentence round ("no
// checksum needed: `curl … | sh`" negates the checksum, not the command).

var (
	// spanNegatorRe is a negation at the end of the text before an
	// inline code span, with at most a few words of running between.
	spanNegatorRe = lazyRE(`(?i)(?:^|[^\w'])(no|never|not|nor|without|avoid(?:s|ing)?|instead\s+of|rather\s+than|(?:do|does|did|must|should|will|shall)\s+not|don'?t|doesn'?t|won'?t|shouldn'?t|mustn'?t)(?:\s+(?:use|uses|using|run|runs|running|pipe|pipes|piping|execute|executes|executing|any|a|an|the|blind|blindly|ever))*\s*$`)
	// spanListSepRe is what joins a span to the one before it in a
	// list: "`sudo`, `curl | sh`", "`sudo` or `curl | sh`".
	spanListSepRe = lazyRE(`(?i)` + "`" + `(?:\s*,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+|\s*/\s*)$`)
	// spanTailRe is what may follow a negated span before its clause
	// ends: more of the list, or words that only restate the negation
	// ("no `curl | sh` is needed", "no `curl | sh` anywhere").
	spanTailRe = lazyRE(`(?i)^(?:\s+(?:or|and|nor|is|are|was|were|needed|required|involved|used|anywhere|here|at|all|ever|either|whatsoever|etc|style|steps?|installs?|installers?|pipelines?|one-liners?))*\s*(?:$|[.,;:!?)—–]|\s-\s)`)
)

// negatedSpan reports whether the inline code span src[s:e] (its text,
// without the backticks) is governed by a negation as described above.
func negatedSpan(src string, s, e int) bool {
	if !spanEndsClause(src, e) {
		return false
	}
	before := strings.TrimRight(src[max(0, s-200):s], "`")
	for range 8 {
		if m := spanNegatorRe.FindStringSubmatchIndex(before); m != nil {
			// "never install without `curl … | sh`" demands it
			return !strings.EqualFold(before[m[2]:m[3]], "without") || !clauseNegated(before[:m[2]])
		}
		m := spanListSepRe.FindStringIndex(before)
		if m == nil {
			return false
		}
		// step over the span before: its closing backticks, its text
		// and its opening backticks
		prev := strings.TrimRight(before[:m[0]+1], "`")
		open := strings.LastIndexByte(prev, '`')
		if open < 0 {
			return false
		}
		before = strings.TrimRight(prev[:open], "`")
	}
	return false
}

// clauseNegatorRe is a negation anywhere in a clause.
var clauseNegatorRe = lazyRE(`(?i)\b(?:no|never|not|nothing|none|nobody|cannot|can'?t|don'?t|doesn'?t|won'?t|mustn'?t|shouldn'?t)\b`)

// clauseNegated reports whether the clause that text ends in (after its
// last sentence end, semicolon or colon) holds a negation.
func clauseNegated(text string) bool {
	if i := strings.LastIndexAny(text, ".;:!?"); i >= 0 {
		text = text[i+1:]
	}
	return clauseNegatorRe.MatchString(text)
}

// spanEndsClause reports whether what follows the span whose text ends
// at e (past its closing backticks) ends the clause, less words that
// keep the negation (spanTailRe).
func spanEndsClause(src string, e int) bool {
	rest := strings.TrimLeft(src[e:min(len(src), e+120)], "`")
	if i := strings.Index(rest, "\n\n"); i >= 0 {
		rest = rest[:i]
	}
	return spanTailRe.MatchString(rest)
}

// lowerNegatedSpan lowers to low the download-exec findings from index
// from on when the span src[s:e] they were found in is negated
// (negatedSpan).
func lowerNegatedSpan(sc *skillCtx, src string, s, e, from int) {
	lowered := false
	for i := from; i < len(sc.findings); i++ {
		f := &sc.findings[i]
		if f.RuleID != "download-exec" || f.Severity <= Low {
			continue
		}
		if !lowered && !negatedSpan(src, s, e) {
			return
		}
		lowered = true
		f.Severity = Low
		f.Reason = Printable(f.Reason + " (named as what not to do)")
	}
}
