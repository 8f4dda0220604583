package audit

import (
	"strings"
	"testing"
)

// TestJsonnetRendered: the output's known scalar fields are written as
// JSON at the line of their field in the file, after comments, text
// blocks and verbatim strings; hidden fields, fields of other files,
// unknown values and rows the output does not select are not; an import
// cycle and a call without end end (past the step bound nothing is
// known).
func TestJsonnetRendered(t *testing.T) {
	imports := []linkedFile{
		{rel: "lib/a.libsonnet", text: "local b = import 'b.libsonnet';\n{ x: 'from-a', y: b.y }\n"},
		{rel: "lib/b.libsonnet", text: "local a = import 'a.libsonnet';\n{ y: 'from-b', z: a.x }\n"},
	}
	for _, c := range []struct {
		name, src string
		want      map[int]string // line (1-based) to rendered text
	}{
		{"placement", "// comment\n/* block\n comment */\nlocal t = |||\n  text\n  block\n|||;\nlocal v = @'it''s';\n{\n  a: t,\n  b: v, c: 1,\n  h:: 'hidden',\n  u: std.extVar('u'),\n}\n",
			map[int]string{10: `"a": "text\nblock\n"`, 11: `"b": "it's", "c": 1`}},
		{"imported-fields-elsewhere", "local a = import 'lib/a.libsonnet';\n{\n  copy: a,\n  own: a.y + '!',\n}\n",
			map[int]string{4: `"own": "from-b!"`}},
		{"unselected-row", "local rows = { r1: { m: 'one' }, r2: { m: 'two' } };\nlocal pick = 'r2';\n{\n  m: rows[pick].m,\n  n: if pick == 'r1' then 'x' else 'y',\n}\n",
			map[int]string{4: `"m": "two"`, 5: `"n": "y"`}},
		{"endless-call", "local f(x) = f(x) + 'a';\nlocal g(n=1) = [g(), g()];\n{\n  k: f('a'),\n  l: g(),\n  m: 'ok',\n}\n",
			nil}, // the step bound is spent: nothing after it is known
		{"endless-recursion-only", "local f(x) = f(x) + 'a';\n{\n  k: f('a'),\n  m: 'ok',\n}\n",
			map[int]string{4: `"m": "ok"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, ok := jsonnetRendered("main.jsonnet", c.src, imports)
			if !ok {
				if c.want != nil {
					t.Fatalf("nothing rendered")
				}
				return
			}
			lines := strings.Split(out, "\n")
			if len(lines) != strings.Count(c.src, "\n")+1 {
				t.Fatalf("lines moved: %d, want %d", len(lines), strings.Count(c.src, "\n")+1)
			}
			for i, l := range lines {
				if l != c.want[i+1] {
					t.Errorf("line %d: %q, want %q", i+1, l, c.want[i+1])
				}
			}
		})
	}
}
