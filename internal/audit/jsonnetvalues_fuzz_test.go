package audit

import (
	"strings"
	"testing"
)

// FuzzJsonnetRender: evaluating a Jsonnet file never panics, ends within
// its step bound (also for calls without end and values doubled in a
// chain of locals), and keeps the file's lines.
func FuzzJsonnetRender(f *testing.F) {
	for _, s := range []string{
		"local p = (import 'lib/a.libsonnet').y;\n{ k: p + 'x', 'q': std.format('%s-%d', [p, 1]) }\n",
		"local f(x, y=2) = { a: x, b:: y };\n{ o: f(1) + { a+: 'z' }, s: std.join(',', ['a', 'b']) }",
		"local f(x) = f(x) + f(x); f(1)",
		"local a = 'xx'; local b = a + a; local c = b + b; local d = c + c; { v: d + d }",
		"{ [k]: 1 for k in ['a'] }\n{ a: [x for x in [1] if x == 1], b: 'abc'[1:2] }",
		"|||\n  text\n|||\n@'v''s' /* c */ # c\n// c\n",
		"{ a: if true then 'x' else 'y', b: !(1 == 2), assert self.a == 'x', local l = 1, c: $.a + super.b }",
		"{ a: 'unterminated }", "((((((((((", "{ a: ||| no end",
	} {
		f.Add(s)
	}
	imports := []linkedFile{
		{rel: "lib/a.libsonnet", text: "local self_ = import 'a.libsonnet';\n{ y: 'v', z: self_.y }\n"},
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, ok := jsonnetRendered("main.jsonnet", in, imports)
		if ok && strings.Count(out, "\n") != strings.Count(in, "\n") {
			t.Fatalf("lines moved: %q -> %q", in, out)
		}
	})
}
