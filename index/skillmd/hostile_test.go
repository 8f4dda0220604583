package skillmd

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// billionLaughs is the classic alias bomb: nine levels of ten aliases
// each, a billion strings once expanded, in under 1 KB.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("name: lol\ndescription: boom\na0: &a0 lol\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// TestYAMLv3AliasProtection documents what yaml.v3 does on its own:
// decoding the bomb into Go values is refused by its alias-ratio check,
// while decoding into a yaml.Node (which Parse does) keeps aliases
// unexpanded, so Parse must bound the expansion itself.
func TestYAMLv3AliasProtection(t *testing.T) {
	var v map[string]any
	err := yaml.Unmarshal([]byte(billionLaughs()), &v)
	if err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
		t.Errorf("yaml.v3 decoded the bomb into Go values: %v", err)
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(billionLaughs()), &n); err != nil {
		t.Errorf("yaml.v3 node decoding should keep aliases and succeed: %v", err)
	}
}

func TestHostileYAML(t *testing.T) {
	manyKeys := func(n int) string {
		var b strings.Builder
		b.WriteString("name: x\ndescription: d\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "k%d: %d\n", i, i)
		}
		return b.String()
	}
	nested := func(depth int) string {
		var b strings.Builder
		b.WriteString("name: x\ndescription: d\nm:\n")
		for i := 1; i < depth; i++ {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		b.WriteString(strings.Repeat(" ", depth) + "a: 1\n")
		return b.String()
	}
	tests := []struct {
		name   string
		front  string
		wantOK bool
		inMsg  string
	}{
		{"billion laughs", billionLaughs(), false, "alias expansion"},
		{"self-referencing anchor", "name: x\ndescription: d\na: &a [*a, *a]\n", false, "budget"},
		{"self-referencing merge", "name: x\ndescription: d\na: &a {<<: *a, b: 1}\n", false, "nested deeper"},
		{"small aliases are fine", "name: x\ndescription: d\nbase: &b {k: v}\nx: [*b, *b, *b]\n", true, ""},
		{"100,000 keys", manyKeys(100000), false, "limit"},
		{"5,000 keys", manyKeys(5000), false, "top-level fields"},
		{"1,000 keys", manyKeys(MaxTopLevelKeys - 2), true, ""},
		{"deep block nesting", nested(200), false, "nested deeper"},
		{"deep flow nesting", "name: x\ndescription: d\nm: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n", false, "nested deeper"},
		{"very deep flow nesting", "name: x\ndescription: d\nm: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n", false, "depth"},
		{"moderate nesting", nested(30), true, ""},
		{"long scalar", "name: x\ndescription: " + strings.Repeat("d", 60000) + "\n", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			var s *Skill
			var err error
			hangGuard(t, tt.name, func() { s, _, err = Parse("SKILL.md", []byte("---\n"+tt.front+"---\nbody\n"), nil) })
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
				t.Errorf("allocated %d MB", alloc>>20)
			}
			if tt.wantOK {
				if err != nil || s == nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if !errors.Is(err, ErrYAML) || s != nil {
				t.Fatalf("got skill=%v err=%v, want ErrYAML", s != nil, err)
			}
			if !strings.Contains(err.Error(), tt.inMsg) {
				t.Errorf("error %q does not mention %q", err, tt.inMsg)
			}
		})
	}
}

// hostileMarkdown is a file just under the size limit made of markdown
// that is costly for naive parsers: nested brackets, emphasis runs, long
// lines.
func hostileMarkdown() string {
	var b strings.Builder
	b.WriteString("---\nname: x\ndescription: d\n---\n")
	for b.Len() < MaxFileBytes-200000 {
		b.WriteString(strings.Repeat("[", 50) + "a" + strings.Repeat("](x.md)", 50) + "\n")
		b.WriteString(strings.Repeat("*_", 200) + "\n")
		b.WriteString(strings.Repeat("> ", 40) + "quote `code` <img src=x.png>\n")
	}
	return b.String()
}

// hangGuardTimeout bounds one hostile parse. It only catches a hang
// (say, a quadratic blow-up): the slowest input here parses in about 4 s
// on a loaded 2-core machine (10 s was seen on a busier one), so the bound
// is far above both. How fast they parse is measured by
// BenchmarkHostile, not asserted in a test.
const hangGuardTimeout = 120 * time.Second

// hangGuard runs fn and fails the test if it has not returned within
// hangGuardTimeout (fn keeps running; the test binary reports the hang).
func hangGuard(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(hangGuardTimeout):
		t.Fatalf("%s: no result after %v; the parser hangs", what, hangGuardTimeout)
	}
}

func TestHostileFile(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/SKILL.md"
	if err := os.WriteFile(path, []byte(hostileMarkdown()), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	hangGuard(t, fmt.Sprintf("a %d KB hostile file", len(data)>>10), func() { _, _, err = Parse(path, data, []string{"x.md", "x.png"}) })
	if err != nil {
		t.Fatal(err)
	}
}
