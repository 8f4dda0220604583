package skillmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// suggestedNameRE finds the names a fix suggests: "name: X", "use name:
// X", "rename the folder to X".
var suggestedNameRE = regexp.MustCompile(`(?:name: |rename the folder to )([^\s,()]+)`)

// checkSuggestions fails when a name diagnostic's fix suggests a name that
// ValidateName refuses (issue 18).
func checkSuggestions(t *testing.T, where string, diags []Diagnostic) {
	t.Helper()
	for _, d := range diags {
		if !strings.HasPrefix(d.Code, "name-") {
			continue
		}
		for _, m := range suggestedNameRE.FindAllStringSubmatch(d.Fix, -1) {
			if err := ValidateName(m[1]); err != nil {
				t.Errorf("%s: fix %q suggests the invalid name %q: %v", where, d.Fix, m[1], err)
			}
		}
	}
}

func TestMismatchAdvice(t *testing.T) {
	for _, tt := range []struct{ name, folder, fix string }{
		{"firecrawl-automation", "firecrawl-tools", "set name: firecrawl-tools, or rename the folder to firecrawl-automation"},
		// The case from issue 18: the name is not a valid name.
		{"Firecrawl Automation", "firecrawl-automation", "set name: firecrawl-automation (the folder's name)"},
		{"pdf-tools", "PDF Tools", "rename the folder to pdf-tools"},
		{"PDF Tools", "My PDF_Tools", "set name: pdf-tools and rename the folder to pdf-tools"},
		{"!!!", "Data Tools", "set name: data-tools and rename the folder to data-tools"},
	} {
		s, _ := mustParse(t, "---\nname: \""+tt.name+"\"\ndescription: d\n---\n")
		diags := Validate(s, tt.folder, Lenient)
		checkSuggestions(t, tt.name, diags)
		d, ok := findDiag(diags, CodeNameMismatch)
		if !ok || d.Fix != tt.fix {
			t.Errorf("name %q folder %q: fix %q, want %q", tt.name, tt.folder, d.Fix, tt.fix)
		}
	}
}

// TestCorpusAdviceNames: no diagnostic on the real corpus suggests an
// invalid name.
func TestCorpusAdviceNames(t *testing.T) {
	n := 0
	for _, cs := range loadCorpus(t) {
		data, err := os.ReadFile(filepath.Join(corpusRoot, cs.rel))
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := Parse(cs.rel, data, cs.files)
		if err != nil {
			continue
		}
		diags := Validate(s, filepath.Base(cs.dir), Strict)
		checkSuggestions(t, cs.rel, diags)
		for _, d := range diags {
			if strings.HasPrefix(d.Code, "name-") {
				n++
			}
		}
	}
	t.Logf("%d name diagnostics checked", n)
	if n == 0 {
		t.Error("no name diagnostics in the corpus: the check checked nothing")
	}
}

// FuzzSuggestName: whatever text a name or folder holds, the name skilldex
// suggests instead is valid.
func FuzzSuggestName(f *testing.F) {
	for _, s := range []string{"Firecrawl Automation", "PDF_Tools", "", "---", "数据 分析", "ǅemal", "a--b", strings.Repeat("x", 100), "ｐｄｆ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := ValidateName(suggestName(s)); err != nil {
			t.Fatalf("suggestName(%q) = %q: %v", s, suggestName(s), err)
		}
	})
}
