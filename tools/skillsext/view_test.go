package skillsext

import (
	"strings"
	"testing"
)

// TestCompareDirs checks the allocation-free folder order against the
// definition: Dir+"/" compared as strings.
func TestCompareDirs(t *testing.T) {
	dirs := []string{"", "a", "a-c", "a/b", "a/b/c", "a.b", "a0", "ab", "b", "/r/a", "/r/a b", "/r/a/x", "/r/a!", "/r/a~"}
	for _, a := range dirs {
		for _, b := range dirs {
			if got, want := compareDirs(a, b), strings.Compare(a+"/", b+"/"); got != want {
				t.Errorf("compareDirs(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestSkillPath checks the fast path against joinEscaped(skillPathSegments).
func TestSkillPath(t *testing.T) {
	cases := [][2]string{
		{"pdf", "pdf"}, {"tools/pdf", "pdf"}, {"audiocraft", "audiocraft-audio-generation"},
		{"2:git/x", "x"}, {"a b/c", "c"}, {"a/b", "B c"}, {"a/b", ""}, {"a/b", "x/y"}, {"ü/x", "x"}, {"a", "ü"},
	}
	for _, c := range cases {
		if got, want := skillPath(c[0], c[1]), joinEscaped(skillPathSegments(c[0], c[1])); got != want {
			t.Errorf("skillPath(%q, %q) = %q, want %q", c[0], c[1], got, want)
		}
	}
}

// TestValidName checks the byte loop against the Agent Skills naming rule.
func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{
		"pdf": true, "a": true, "0": true, "a-b": true, "a1-2b": true, strings.Repeat("a", 64): true,
		"": false, "-a": false, "a-": false, "a--b": false, "A": false, "a_b": false, "a.b": false, "ü": false,
		strings.Repeat("a", 65): false, "a b": false,
	} {
		if got := validName(name); got != want {
			t.Errorf("validName(%q) = %v, want %v", name, got, want)
		}
	}
}
