package classify

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestCorpus classifies every fixture in testdata/*.txtar. Section names are
// "<label>/<case-name>"; the section body is a single command line (text only).
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sec := range ar.Files {
			want, name, ok := strings.Cut(sec.Name, "/")
			if !ok {
				t.Fatalf("%s: section %q lacks label/", f, sec.Name)
			}
			cmd := strings.TrimSpace(string(sec.Data))
			t.Run(filepath.Base(f)+"/"+name, func(t *testing.T) {
				got := Line(cmd)
				if !slices.Contains(got, Label(want)) {
					t.Errorf("Line(%q) = %v, want it to include %q", cmd, got, want)
				}
				if want == string(Benign) && len(got) != 1 {
					t.Errorf("benign command flagged: %q -> %v", cmd, got)
				}
			})
		}
	}
}

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"cu''rl  -s x":       "curl -s x",
		"cat${IFS}/etc/hosts": "cat /etc/hosts",
		"a \\\n b":           "a b",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
