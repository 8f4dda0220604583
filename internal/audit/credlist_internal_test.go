package audit

import (
	"strings"
	"testing"
)

// FuzzListedCreds: no data file text stops the reader, and every path it
// returns is a token of the text.
func FuzzListedCreds(f *testing.F) {
	for _, s := range []string{
		"{\"profile_sources\": [\"~/.aws/config\", \"~/.aws/credentials\", \"~/.aws/sso/cache\"]}",
		"tool\tauth_file\tlogin\ngh\t.config/gh/hosts.yml\tgh auth login\nnpm\t.npmrc\tnpm login\n",
		"paths:\n  - ~/.ssh/id_rsa\n  - ~/.ssh/id_rsa.pub\n",
		"files = ['$HOME/.netrc']",
		"",
	} {
		f.Add(s, "tools.tsv")
	}
	f.Fuzz(func(t *testing.T, text, base string) {
		ps, _ := listedCreds(text, true)
		for _, p := range ps {
			if !strings.Contains(text, p) {
				t.Fatalf("%q is no token of %q", p, text)
			}
		}
		if base != "" && namesFile(text, base) && !strings.Contains(text, base) {
			t.Fatalf("namesFile(%q, %q) without the name", text, base)
		}
	})
}
