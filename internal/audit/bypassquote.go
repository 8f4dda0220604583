package audit

import "strings"

// A guide that teaches an agent to recognise hostile skills quotes what
// they say: "do not tell the user", `bypassPermissions`. Wording in
// quotation marks or a code span of its prose is cited, not said, when
// the skill teaches defence (context.go) or the passage frames its
// quotations as examples not to follow (guide.go): a quoted instruction
// not to tell the user does not make a switch beside it a hidden one, and
// a switch quoted in such a passage is an example. Silence said in the
// skill's own words still counts, and hidden text is never an example.

// saysSilence reports whether text (the window round a switch found in
// context w) instructs the agent not to ask or tell the user, leaving out
// silence wording that the skill only cites (see above).
func saysSilence(sc *skillCtx, text string, w where) bool {
	if w != inProse && w != inQuote {
		return fileSilenced(text)
	}
	if sc.frame == framedListed {
		return false // every word of a listed example is the example
	}
	if !sc.defence && sc.frame != framedQuoted {
		return fileSilenced(text)
	}
	return silencedExcept(text, func(off int) bool { return quotedOrCode(text, off) })
}

// citedSwitch reports whether the switch at off in text (a markdown
// prose block found in context w) is an example its passage says not to
// follow: any switch of a listed example, or one in quotation marks or a
// code span of a framing paragraph.
func citedSwitch(sc *skillCtx, text string, off int, w where) bool {
	if w != inProse && w != inQuote {
		return false
	}
	ctx := w
	if quotedOrCode(text, off) {
		ctx = inQuote
	}
	return asExample(sc.frame, ctx)
}

// quotedOrCode reports whether off sits in quotation marks (inQuotes) or
// in an inline code span (an odd number of backticks before it on its
// line) of text.
func quotedOrCode(text string, off int) bool {
	if inQuotes(text, off) {
		return true
	}
	line := text[strings.LastIndexByte(text[:off], '\n')+1 : off]
	return strings.Count(line, "`")%2 == 1
}
