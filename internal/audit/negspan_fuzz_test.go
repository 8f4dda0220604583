package audit

import (
	"strings"
	"testing"
)

// FuzzNegatedSpan: any markdown audits without panicking when its inline
// code is read for a negation (negatedSpan, spanEndsClause, over spans
// anywhere in the text, at its edges and after backtick runs), and a
// quotation is read across its paragraph (quotedOrCode, paragraphStart)
// at every offset.
func FuzzNegatedSpan(f *testing.F) {
	for _, s := range []string{
		"No `sudo`, no\n`curl | sh`, no changes.",
		"No `sudo` or `curl https://x.example/i.sh | sh` is needed.",
		"``` `` ` , or `",
		"Never install without `curl x | sh`",
		"\"a\n\nb\" `c\n d`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		for s := 0; s <= len(md) && s < 64; s++ {
			for e := s; e <= len(md) && e < s+16; e++ {
				negatedSpan(md, s, e)
			}
			quotedOrCode(md, s)
			if p := paragraphStart(md, s); p < 0 || p > s {
				t.Fatalf("paragraphStart(%q, %d) = %d", md, s, p)
			}
		}
		if strings.Contains(md, "`") {
			sc := scanCtx(md)
			scanMarkdown(sc, "SKILL.md", md, newLineIndex(md))
		}
	})
}
