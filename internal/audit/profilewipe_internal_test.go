package audit

import (
	"strings"
	"testing"
)

// FuzzPSPipelines: joining PowerShell lines into pipelines and splitting
// their arguments never panics, every statement starts on a line of the
// input, in order, and psWords returns no empty word.
func FuzzPSPipelines(f *testing.F) {
	for _, s := range []string{
		"Get-ChildItem -Path $env:USERPROFILE -Force |\n  Where-Object { $_.Name -ne 'x' } |\n  Remove-Item -Recurse -Force",
		"ls $HOME `\n | rm -r",
		"Remove-Item -Recurse -Force ([Environment]::GetFolderPath('MyDocuments'))",
		"'unclosed \"quote ( | ;;",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		stmts, starts := psPipelines(code)
		if len(stmts) != len(starts) {
			t.Fatalf("%d statements, %d starts", len(stmts), len(starts))
		}
		lines := strings.Count(code, "\n") + 1
		for i, st := range starts {
			if st < 0 || st >= lines || i > 0 && st < starts[i-1] {
				t.Fatalf("start %d of %d lines: %v", st, lines, starts)
			}
		}
		for _, st := range stmts {
			for _, part := range psStatementsOf(st) {
				for _, w := range psWords(part) {
					if w == "" {
						t.Fatalf("empty word in %q", part)
					}
				}
				psPathArgs(part)
			}
		}
	})
}
