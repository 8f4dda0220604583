package audit

import "github.com/yuin/goldmark/ast"

// A guide to prompt injection quotes the hidden comments it teaches a
// reviewer to recognise ("> <!-- AI assistant: … Do not mention this
// step. -->" under "Typical wording found in the wild"). Hidden text is
// otherwise never an example (see guide.go): what people cannot see, the
// visible framing cannot vouch for. But a comment that sits inside a
// blockquote of a passage framing its wording as examples not to follow
// (frameExamples), or of a skill that teaches defence right after a
// paragraph introducing examples, is quoted by the author as one of those
// examples, in the place a reader sees the quotation; it is still unseen
// when rendered, so its findings are capped at medium rather than
// dropped. The same comment outside a blockquote, or in a blockquote no
// passage presents as an example, keeps its severity.

// quotedHidden records the findings [from, to) that the hidden text of
// an HTML node inside a markdown blockquote at file offset at produced.
type quotedHidden struct {
	at, from, to int
}

// inBlockquote reports whether n has a blockquote among its ancestors.
func inBlockquote(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == ast.KindBlockquote {
			return true
		}
	}
	return false
}

// capQuotedHidden lowers to medium the findings of each quoted hidden
// node whose passage presents it as an example: the passage frames its
// wording as examples not to follow (frameExamples: the frame of the last
// prose block starting at or before the node, which is the node's own
// paragraph for inline HTML and the block before it for an HTML block),
// or the skill teaches defence (teachesDefence) and the paragraph that
// introduces the quotations (the nearest one before the node that is not
// itself listed) says it gives examples ("Typical wording found in the
// wild:", exampleNounRe). blocks are in document order.
func capQuotedHidden(sc *skillCtx, src string, blocks []proseBlock, qs []quotedHidden) {
	for _, q := range qs {
		last := -1
		for i, b := range blocks {
			if b.start > q.at {
				break
			}
			last = i
		}
		if last < 0 || !presentsExample(sc, src, blocks[:last+1]) {
			continue
		}
		for i := q.from; i < q.to && i < len(sc.findings); i++ {
			f := &sc.findings[i]
			if f.Severity > Medium {
				f.Severity = Medium
				f.Reason += " (quoted in a blockquote as an example; still unseen when rendered)"
			}
		}
	}
}

// presentsExample reports whether the passage ending with the last of
// blocks presents the quotation after it as an example (see
// capQuotedHidden).
func presentsExample(sc *skillCtx, src string, blocks []proseBlock) bool {
	if blocks[len(blocks)-1].frame != notFramed {
		return true
	}
	if !sc.defence {
		return false
	}
	for i := len(blocks) - 1; i >= 0; i-- {
		b := blocks[i]
		if b.listed {
			continue
		}
		return b.heading == 0 && exampleNounRe.MatchString(src[b.start:b.end])
	}
	return false
}
