package sandbox

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/hostile"
)

// FuzzResolve resolves fuzzed script paths in skill s of a hostile tree: a
// script is only ever found inside the skill folder, links resolved, and
// every refusal carries a sentinel. Seeds: the hostile paths, plus link
// targets from ../shared/corpus in testdata/fuzz/FuzzResolve.
func FuzzResolve(f *testing.F) {
	tr := hostile.Build(f)
	dir := filepath.Join(tr.Root, "s")
	for _, p := range tr.Paths() {
		f.Add(p)
	}
	f.Add("scripts/ok.sh")
	f.Add("scripts/canary-link.sh")
	f.Fuzz(func(t *testing.T, script string) {
		abs, interp, err := Resolve(dir, script)
		if err != nil {
			if !errors.Is(err, ErrOutside) && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Resolve(%q) = %v; want ErrOutside, ErrNotFound or ErrUnsupported", script, err)
			}
			return
		}
		if !strings.HasPrefix(abs, dir+"/") || interp == "" {
			t.Fatalf("Resolve(%q) = %q, %q; outside %s", script, abs, interp, dir)
		}
	})
}
