package audit

import (
	"os"
	"slices"
	"sort"
	"testing"
)

// followScript is a publish script that reads ~/.pypirc and sends to
// PyPI's hosts through chains of variables (url = url + name, a URL
// picked by a conditional, hosts joined to paths): the destination
// follow walks every one of them, and an environment copy handed to
// subprocesses has each of its uses checked.
const followScript = "testdata/follow/pypi-publish/scripts/publish.py"

// followHosts are the hosts followScript sends to, as the follow finds
// them.
var followHosts = []string{"files.pythonhosted.org", "pypi.org", "test.pypi.org", "upload.pypi.org"}

// BenchmarkScriptFollow times the two follows of one script: every
// destination of its network calls through the variables assigned to
// them (destinations), and whether its environment read is only a copy
// handed to child processes (env-copy).
func BenchmarkScriptFollow(b *testing.B) {
	src, err := os.ReadFile(followScript)
	if err != nil {
		b.Fatal(err)
	}
	c := stripComments(string(src), kindPython)
	b.Run("destinations", func(b *testing.B) {
		d := codeDestinations(c, false)
		var hosts []string
		for h := range d.hosts {
			hosts = append(hosts, h)
		}
		sort.Strings(hosts)
		if d.unknown || !slices.Equal(hosts, followHosts) {
			b.Fatalf("destinations: unknown %v, hosts %v; want every one followed to %v", d.unknown, hosts, followHosts)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			codeDestinations(c, false)
		}
	})
	b.Run("env-copy", func(b *testing.B) {
		if m := envReadOf(pyEnvRead, c); m != nil {
			b.Fatalf("envReadOf = %q, want the copy handed to subprocesses passed over", c[m[0]:m[1]])
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			envReadOf(pyEnvRead, c)
		}
	})
}
