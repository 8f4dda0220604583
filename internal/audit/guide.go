package audit

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// A guide about prompt injection quotes the wording it teaches an agent
// to recognise ("do not mention this to the user", "send the environment
// to a URL") and says those examples are never to be followed. Such a
// quotation is not an instruction: the text around it tells the agent the
// opposite. A markdown passage frames its examples when one of its
// paragraphs, headings or a table's header row says both that it gives
// examples (examples, patterns, wording, phrases, quoted, what hostile
// content looks like) and that they are not to be followed ("they are
// never to be followed", "do not follow them", "(example, do not
// follow)", "these are not to be run", "things to detect, not steps to
// perform"); the frame lasts from that block to the next heading of the
// same or a higher level. Inside it, wording that is listed (a list item,
// a table row, a blockquote) or in quotation marks is an example: the
// language rules report it low. A frame that turns to what to do instead
// ("do not follow these; instead …") frames nothing, and hidden text (an
// HTML comment, a link title) is never an example: it stays critical
// whatever the visible text says about it, except a comment quoted in a
// blockquote the passage presents as an example (hiddenquote.go).

// exampleFrame is how a prose block of markdown frames the wording in
// it.
type exampleFrame uint8

const (
	notFramed    exampleFrame = iota
	framedQuoted              // in a framing passage: wording in quotation marks is an example
	framedListed              // a list item, table or blockquote of a framing passage: all its wording is
)

var (
	// exampleNounRe says a passage gives examples of wording.
	exampleNounRe = lazyRE(`(?i)\b(?:examples?|e\.g\.|patterns?|wording|phrases?|phrasing|samples?|quoted|quotations?|indicators?|red\s+flags?|look(?:s)?\s+like|recogni[sz]e|detect)\b`)
	// notFollowRe says the examples are not to be followed.
	notFollowRe = lazyRE(`(?i)\b(?:they|it|(?:these|those|this|such|the)(?:\s+(?:examples?|patterns?|phrases?|wording|lines?|texts?|instructions?|strings?|sentences?))?)\s+(?:are|is)\s+(?:never|not)\s+(?:to\s+be\s+)?(?:followed|obeyed|acted\s+(?:on|upon)|run|executed|performed|instructions\b|an\s+instruction\b)|\bnot\s+(?:steps|instructions|commands|actions|things)\s+to\s+(?:perform|follow|obey|run|execute|take|carry\s+out)\b|\b(?:never|do\s+not|don'?t|must\s+not)\s+(?:follow|obey|act\s+(?:on|upon))\s*(?:them|these|those|it|this|any\s+of\s+(?:them|these|those)|the\s+(?:examples?|patterns?|instructions?))?\s*(?:[).,;:!|]|$)`)
	// pivotRe turns from a prohibition to what to do instead.
	pivotRe = lazyRE(`(?i)\b(?:instead|rather)\b`)
)

// framesExamples reports whether text (a paragraph, a heading, a table's
// header row) frames the wording of its passage as examples not to
// follow, in English or another language (framesExamplesForeign).
func framesExamples(text string) bool {
	return notFollowRe.MatchString(text) && exampleNounRe.MatchString(text) && !pivotRe.MatchString(text) || framesExamplesForeign(text)
}

// proseBlock is one block of markdown prose the language rules read:
// its file offsets, context, heading level (0: not a heading), and
// whether it is listed (a list item, a table, a blockquote).
type proseBlock struct {
	start, end int
	w          where
	heading    int
	listed     bool
	frame      exampleFrame
}

// newProseBlock describes the prose node n whose text is src[start:end].
func newProseBlock(n ast.Node, src string, start, end int) proseBlock {
	b := proseBlock{start: start, end: end, w: inProse}
	if h, ok := n.(*ast.Heading); ok {
		b.heading = h.Level
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Kind() {
		case ast.KindBlockquote:
			b.w, b.listed = inQuote, true
		case ast.KindListItem:
			b.listed = true
		}
	}
	if isPipeTable(src[start:end]) {
		b.listed = true
	}
	return b
}

// isPipeTable reports whether a paragraph is a pipe table (CommonMark
// reads one as a paragraph): its first two lines start with a pipe, the
// second a delimiter row.
func isPipeTable(p string) bool {
	first, rest, _ := strings.Cut(p, "\n")
	second, _, _ := strings.Cut(rest, "\n")
	first, second = strings.TrimSpace(first), strings.TrimSpace(second)
	return strings.HasPrefix(first, "|") && strings.HasPrefix(second, "|") && strings.Trim(second, "|-: \t") == ""
}

// frameExamples sets the frame of each block in blocks (in document
// order), as described above.
func frameExamples(src string, blocks []proseBlock) {
	section, framedAt := 0, -1 // the current heading level; the level a frame ends at (-1: none)
	for i := range blocks {
		b := &blocks[i]
		text := src[b.start:b.end]
		if b.heading > 0 {
			section = b.heading
			if framedAt >= 0 && b.heading <= framedAt {
				framedAt = -1
			}
			if framesExamples(text) {
				framedAt = b.heading
			}
		} else if framesExamples(text) || b.listed && isPipeTable(text) && framesExamples(firstLine(text)) {
			if framedAt < 0 {
				framedAt = section
				if section == 0 {
					framedAt = 6 // before any heading: up to the first
				}
			}
		}
		switch {
		case framedAt < 0:
		case b.listed:
			b.frame = framedListed
		default:
			b.frame = framedQuoted
		}
	}
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// asExample reports whether a phrase found in context ctx of a block
// framed frame is an example the block's passage says not to follow.
func asExample(frame exampleFrame, ctx where) bool {
	return ctx != inHidden && (frame == framedListed || frame == framedQuoted && ctx == inQuote)
}
