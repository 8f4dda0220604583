package audit

import (
	"strings"
	"testing"
)

// FuzzListedValues: no data file text stops the value reader; every
// value it returns is written at its offset, and a home path it makes
// of one holds no backslash.
func FuzzListedValues(f *testing.F) {
	for _, s := range []string{
		"{\"extras\": [\"%LOCALAPPDATA%\\\\Google\\\\Chrome\\\\User Data\\\\Local State\"]}",
		"paths:\n  - ~/Library/Application Support/Google/Chrome/Cookies # browser\n",
		"[files]\ngh = %APPDATA%\\GitHub CLI\\hosts.yml\n", "C:\\Users\\x\\.ssh\\id_rsa", "\"\\", "'", "- :", "a=\n\"\\\"\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range listedValues(text) {
			if v.off < 0 || v.off > len(text) || !strings.Contains(text[v.off:], v.raw) {
				t.Fatalf("value %q not at %d of %q", v.raw, v.off, text)
			}
			if p := homeValuePath(v.v); strings.Contains(p, `\`) {
				t.Fatalf("home path %q of %q holds a backslash", p, v.v)
			}
		}
		lower := strings.ToLower(text)
		if len(lower) == len(text) {
			ps, _ := listedCredValues(text, lower, map[string]bool{}, nil)
			for _, p := range ps {
				if !strings.Contains(text, p) {
					t.Fatalf("%q is not in %q", p, text)
				}
			}
		}
	})
}
