package audit

import "sort"

// A guide that lists the red flags of a hostile skill shows their
// commands in inline code ("`curl … | sh`", "`iex (iwr …)`") in the same
// list its passage frames as examples not to follow (guide.go). Such a
// command is quoted like the wording beside it: the passage tells the
// agent the opposite. Findings of the command rules in inline code of a
// listed block of a framing passage are therefore reported low, as the
// language rules report the listed wording; a command in a fenced block,
// in an unframed list or in hidden text keeps its rank.

// spanFindings is the range of sc.findings one inline code span at src
// offset start added.
type spanFindings struct {
	start, from, to int
}

// lowerFramedSpans lowers to low the findings each span in spans added
// when the span lies in a prose block of blocks (sorted by start, as
// frameExamples leaves them) that is framedListed.
func lowerFramedSpans(sc *skillCtx, blocks []proseBlock, spans []spanFindings) {
	for _, s := range spans {
		if s.from == s.to {
			continue
		}
		i := sort.Search(len(blocks), func(i int) bool { return blocks[i].end >= s.start })
		if i == len(blocks) || blocks[i].start > s.start || blocks[i].frame != framedListed {
			continue
		}
		for j := s.from; j < s.to && j < len(sc.findings); j++ {
			f := &sc.findings[j]
			if f.Severity > Low {
				f.Severity = Low
				f.Reason = Printable(f.Reason + " (listed in a passage that frames its examples as not to follow)")
			}
		}
	}
}
