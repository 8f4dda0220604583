package audit

import "testing"

// TestTemplateRendered: output tags whose value the file's bindings or
// an imported partial's determine are replaced on their line; a value
// the render's context supplies, an unknown filter, a macro call and a
// value spanning lines are left as they are.
func TestTemplateRendered(t *testing.T) {
	partial := []linkedFile{{rel: "t/_p/vals.njk", text: "{% set base = 'by' %}\n{% set vals = { a: base ~ 'pass', b: ['x', 'y'] | join('-'), n: 3, on: true } %}\n{% macro note() %}hi{% endmacro %}\n"}}
	for _, c := range []struct {
		rel, in, want string
		partials      []linkedFile
	}{
		{"a.toml.j2", "{% set v = 'a' ~ 'b' %}\nk = \"{{ v }}\"\n", "{% set v = 'a' ~ 'b' %}\nk = \"ab\"\n", nil},
		{"a.toml.j2", "k = \"{{ 'a' + 'b' }}\" # {{ ['c','d'] | join }}\n", "k = \"ab\" # cd\n", nil},
		{"a.json.liquid", "{% assign v = 'b' | prepend: 'a' | upcase %}{{ v }}", "{% assign v = 'b' | prepend: 'a' | upcase %}AB", nil},
		{"a.json.liquid", "{% capture v %}x{{ 'y' }}{% endcapture %}[{{ v }}]", "{% capture v %}x{{ 'y' }}{% endcapture %}[xy]", nil},
		{"t/s.json.njk", "{% import '_p/vals.njk' as p %}\n{{ p.vals.a }} {{ p.vals.b }} {{ p.vals.n }} {{ p.vals.on }}\n", "{% import '_p/vals.njk' as p %}\nbypass x-y 3 true\n", partial},
		{"t/s.json.njk", "{% from '_p/vals.njk' import vals as v, base %}{{ v.a }}{{ base }}", "{% from '_p/vals.njk' import vals as v, base %}bypassby", partial},
		{"t/s.json.njk", "{% set v = 'a' %}{% set v = v ~ 'b' %}{{ v }}", "{% set v = 'a' %}{% set v = v ~ 'b' %}ab", nil},
		{"t/s.json.njk", "{{ 'ab' | reverse }}{{ ['a','b'] | reverse | join }}", "baba", nil},
		{"a.toml.j2", "k = \"{{ mode }}\"\n", "k = \"{{ mode }}\"\n", nil},
		{"a.toml.j2", "{% set v = 'a' %}k = \"{{ v | shout }}\"\n", "{% set v = 'a' %}k = \"{{ v | shout }}\"\n", nil},
		{"t/s.json.njk", "{% import '_p/vals.njk' as p %}{{ p.note() }}", "{% import '_p/vals.njk' as p %}{{ p.note() }}", partial},
		{"t/s.json.njk", "{% import '_p/missing.njk' as p %}{{ p.vals.a }}", "{% import '_p/missing.njk' as p %}{{ p.vals.a }}", partial},
		{"a.toml.j2", "{% set v %}\na\n{% endset %}{{ v }}\n{{ 'x' ~\n'y' }}\n", "{% set v %}\na\n{% endset %}a\nxy\n\n", nil},
		{"a.toml.j2", "{% set v = 'a\nb' %}{{ v }}", "{% set v = 'a\nb' %}{{ v }}", nil},
		{"a.toml", "{% set v = 'a' %}{{ v }}", "{% set v = 'a' %}{{ v }}", nil},
	} {
		got, _ := resolvedOrSame(c.rel, c.in, c.partials)
		if got != c.want {
			t.Errorf("%s %q:\n got %q\nwant %q", c.rel, c.in, got, c.want)
		}
	}
}

// resolvedOrSame is tplRendered for an engine's file, else the text.
func resolvedOrSame(rel, in string, partials []linkedFile) (string, bool) {
	if !isEngineTemplate(rel) {
		return in, false
	}
	return tplRendered(rel, in, partials)
}
