package audit

import (
	"strings"
	"testing"
)

// FuzzPatternScalar: no JSON, YAML or TOML text round a switch stops the
// reader that finds the scalar holding it and the key above it
// (unterminated and triple quotes, comments, lines with no key, deep
// indentation), and the scalar it returns always holds the switch.
func FuzzPatternScalar(f *testing.F) {
	for _, s := range []string{
		"agent:\n  - 'SW|x'\n", "{\"regex\": \"SW\"}\n", "regex = '''SW'''\n", "# 'SW'\n", "'SW", "a: \"x\\\"SW\"\n",
		"k:\n- SW # c\n", "[\n  \"SW\",\n", "'''SW", "x '' SW ''\n", "  - pattern: SW\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i := strings.Index(s, "SW")
		if i < 0 {
			return
		}
		item, _, ok := dataScalar(s, i, i+2)
		if ok && (item.start > i || item.end < i+2 || s[item.start:item.end] != item.text) {
			t.Fatalf("scalar %+v does not hold the switch at %d in %q", item, i, s)
		}
		patternList("rules/patterns.yaml", s, i, i+2, []linkedFile{{rel: "scan.py", text: s}})
	})
}
