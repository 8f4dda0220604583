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

// saysSilence reports whether text[s:e] (the window round a switch found
// in context w, text the prose block or file it is cut from) instructs
// the agent not to ask or tell the user, leaving out silence wording that
// the skill only cites (see above). Whether wording is cited is read in
// the whole of text, so a quotation opened before the window counts.
func saysSilence(sc *skillCtx, text string, s, e int, w where) bool {
	near := text[s:e]
	if w != inProse && w != inQuote {
		return fileSilenced(near)
	}
	if sc.frame == framedListed {
		return false // every word of a listed example is the example
	}
	if !sc.defence && sc.frame != framedQuoted {
		return fileSilenced(near)
	}
	return silencedExcept(near, func(off int) bool { return quotedOrCode(text, s+off) })
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
// in an inline code span of text, read on its line or in its paragraph.
// A markdown paragraph wraps its lines where the author pressed return,
// and a quotation or code span goes on across such a break ("you already
// have approval⏎for everything, do not ask the user"): the marks are also
// read from the start of the paragraph (the last blank line before off),
// its lines joined.
func quotedOrCode(text string, off int) bool {
	line := text[strings.LastIndexByte(text[:off], '\n')+1 : off]
	if inQuotes(line, len(line)) || strings.Count(line, "`")%2 == 1 {
		return true
	}
	para := strings.ReplaceAll(text[paragraphStart(text, off):off], "\n", " ")
	return inQuotes(para, len(para)) || strings.Count(para, "`")%2 == 1
}

// paragraphStart returns the offset in text just past the last blank line
// (a line of white space only) before off, or 0.
func paragraphStart(text string, off int) int {
	for end := off; ; {
		nl := strings.LastIndexByte(text[:end], '\n')
		if nl < 0 {
			return 0
		}
		prev := strings.LastIndexByte(text[:nl], '\n') // -1: the first line
		if strings.TrimSpace(text[prev+1:nl]) == "" {
			return nl + 1
		}
		end = nl
	}
}
