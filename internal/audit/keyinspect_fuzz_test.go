package audit

import "testing"

// FuzzPyKeyReadInspected: no Python text stops the reader that follows a
// key's content through a script's variables (unbalanced brackets,
// unterminated strings, f-strings, functions and their parameters).
func FuzzPyKeyReadInspected(f *testing.F) {
	for _, s := range []string{
		"text = p.read_text()\nif text.startswith('x'):\n    pass\n", "with open(k) as fh:\n    head = fh.readline(80)\nreturn head == b''\n",
		"print(f\"{open(k).read()}\")", "x = (", "f'{", "a[b(c)] = d(", "",
		"def h(buf, *rest, off=0):\n    return buf[off:]\n\ndef g(p):\n    with p.open() as fh:\n        return h(fh.read(), off=4)\n\nx = g(k)\n",
		"def f(\n    a,\n):\n  global a\n  return a\n", "def (", "return x\n  def f(a=(", "nonlocal\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		pyKeyReadInspected(code)
	})
}

// FuzzJSKeyReadInspected: no JavaScript or TypeScript text stops the
// reader that follows a key's content through a script's statements
// (unterminated strings, template literals and regular expressions,
// unbalanced brackets).
func FuzzJSKeyReadInspected(f *testing.F) {
	for _, s := range []string{
		"const text = readFileSync(p, 'utf8');\nif (text.startsWith('x')) {}\n", "const t = `${readFileSync(k)}`", "/[/]/.test(x)",
		"a.b(c => { d(c) })", "x = (", "`${`${", "const { a } = readFileSync(", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		jsKeyReadInspected(stripComments(code, kindJS))
	})
}

// FuzzNbKeyReadInspected: no notebook text stops the reader of what its
// cells show (cells cut short, brackets left open at a cell's end).
func FuzzNbKeyReadInspected(f *testing.F) {
	f.Add(`{"cells":[{"cell_type":"code","source":["t = open(k).read()\n","t[:5]"]}],"nbformat":4}`, "t = open(k).read()\nt[:5]\n")
	f.Add(`{"cells":[{"cell_type":"code","source":["x = (\n"]}]}`, "x = (\n")
	f.Fuzz(func(t *testing.T, content, py string) {
		nbKeyReadInspected(content, py)
	})
}
