package audit

import (
	"strings"
	"testing"
)

// FuzzTemplateValues: resolving a template's output tags never panics,
// keeps the text's lines, and leaves a text with no output tag as it is.
func FuzzTemplateValues(f *testing.F) {
	for _, s := range []string{
		"{% set v = 'a' ~ 'b' %}\nk = \"{{ v }}\"\n",
		"{% set h = { m: ['by', 'pass'] | join, n: [1, 2][0] } %}{{ h.m }}{{ h['n'] }}",
		"{% assign a = 'x' | append: 'y' | replace: 'x', 'z' %}{{ a }}",
		"{% capture c %}{{ 'q' }}{% endcapture %}{{ c }}{{ (c ~ c) | upper }}",
		"{% import 'p.njk' as p %}{% from 'p.njk' import v as w %}{{ p.v }}{{ w }}",
		"{{ 'unterminated }}{% set x = [ %}{{ x }}{{ {a: } }}{{ ((((( }}",
		"{% set v %}\n{{ 'a' ~\n 'b' }}\n{% endset %}{{ v | trim | lower | reverse }}",
	} {
		f.Add(s)
	}
	partials := []linkedFile{{rel: "p.njk", text: "{% set v = 'pa' ~ 'rt' %}{% import 'p.njk' as self %}"}}
	f.Fuzz(func(t *testing.T, in string) {
		out, changed := tplRendered("x.json.njk", in, partials)
		if strings.Count(out, "\n") != strings.Count(in, "\n") {
			t.Fatalf("lines moved: %q -> %q", in, out)
		}
		if !strings.Contains(in, "{{") && (changed || out != in) {
			t.Fatalf("changed a text with no output tag: %q -> %q", in, out)
		}
	})
}
