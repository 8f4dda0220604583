package skillmd

import (
	"bytes"
	"fmt"
	"regexp"
)

// Markdown parsing budget. goldmark is linear on the markdown people
// write, but two shapes make it quadratic: link openers that never close
// ("[a](" repeated: each one scans to the end of its paragraph for the
// closing parenthesis) and block quotes nested on one line ("> > > ...").
// A SKILL.md is untrusted input that every command parses, so a body whose
// cost estimate is over budget is not handed to goldmark at all: its
// references are found by a linear scan (plainReferences) and Parse
// reports CodeMarkdownBudget. The bounds are far above anything in real
// skills (the corpus's largest paragraph holds a few dozen links).
const (
	// maxLinkScan bounds the sum, over paragraphs, of (link openers "](" in
	// the paragraph) x (the paragraph's length in bytes).
	maxLinkScan = 4 << 20
	// maxQuoteDepth bounds the block quotes nested on one line.
	maxQuoteDepth = 64
	// maxMarkdownBytes is the largest body parsed as markdown at all.
	maxMarkdownBytes = 1 << 20
)

// CodeMarkdownBudget is the diagnostic code of a body too costly to parse
// as markdown (see MarkdownBudget); the skill is served, its references
// found by a plain scan.
const CodeMarkdownBudget = "markdown-budget"

// MarkdownBudget reports why body is too costly to parse as markdown, or
// "" when it is within budget. It runs in one linear pass; every consumer
// that parses a skill's markdown (references, the audit, the web catalog)
// checks it first.
func MarkdownBudget(body []byte) string {
	if len(body) > maxMarkdownBytes {
		return fmt.Sprintf("the body is %d bytes; markdown is parsed up to %d", len(body), maxMarkdownBytes)
	}
	var cost, openers, paraLen int
	flush := func() {
		cost += openers * paraLen
		openers, paraLen = 0, 0
	}
	for rest := body; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			flush()
			continue
		}
		paraLen += len(line) + 1
		openers += bytes.Count(line, []byte("]("))
		if d := quoteDepth(line); d > maxQuoteDepth {
			return fmt.Sprintf("a line nests %d block quotes; markdown is parsed up to %d", d, maxQuoteDepth)
		}
	}
	flush()
	if cost > maxLinkScan {
		return "link openers \"](\" without a closing parenthesis repeat through a long paragraph"
	}
	return ""
}

// quoteDepth counts the block-quote markers ('>' with optional blanks)
// that open line.
func quoteDepth(line []byte) int {
	d := 0
	for _, c := range line {
		switch c {
		case '>':
			d++
		case ' ', '\t':
		default:
			return d
		}
	}
	return d
}

// plainDest matches a markdown link or image destination: "](dest" up to
// a blank or a closing parenthesis, an optional <...> around it.
var plainDest = regexp.MustCompile(`\]\(\s*<?([^\s()<>]+)`)

// plainReferences is ExtractReferences' linear fallback for a body over
// the markdown budget: link destinations by a regular expression (linear
// in Go), href and src attributes, and path-like words naming files.
func (x *extractor) plainReferences() {
	for _, m := range plainDest.FindAllSubmatchIndex(x.src, -1) {
		kind := RefLink
		if m[0] > 0 && x.src[m[0]-1] == '!' {
			kind = RefImage
		}
		x.destination(string(x.src[m[2]:m[3]]), kind, m[0])
	}
	x.html(0, len(x.src))
	x.words(0, len(x.src), RefPath)
}
