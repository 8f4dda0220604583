package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// scanCtx is the context of a skill named "s" whose file being scanned
// holds text: what a fuzz target hands a single-file scan.
func scanCtx(text string) *skillCtx {
	sc := &skillCtx{ctx: context.Background(), skill: index.Skill{Name: "s"}}
	sc.fileText = text
	return sc
}

// fuzzLinesInFile fails t when a finding of sc lies outside code's lines.
func fuzzLinesInFile(t *testing.T, sc *skillCtx, code string) {
	t.Helper()
	lines := strings.Count(code, "\n") + 1
	for _, fd := range sc.findings {
		if fd.Line < 1 || fd.Line > lines {
			t.Fatalf("%s: finding at line %d of a %d-line file: %+v", fd.File, fd.Line, lines, fd)
		}
	}
}
