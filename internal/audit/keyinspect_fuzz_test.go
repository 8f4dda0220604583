package audit

import "testing"

// FuzzPyKeyReadInspected: no Python text stops the reader that follows a
// key's content through a script's variables (unbalanced brackets,
// unterminated strings, f-strings).
func FuzzPyKeyReadInspected(f *testing.F) {
	for _, s := range []string{
		"text = p.read_text()\nif text.startswith('x'):\n    pass\n", "with open(k) as fh:\n    head = fh.readline(80)\nreturn head == b''\n",
		"print(f\"{open(k).read()}\")", "x = (", "f'{", "a[b(c)] = d(", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		pyKeyReadInspected(code)
	})
}
