package benchmarks

import (
	"context"
	"github.com/skilldex/skilldex/internal/longtest"
	"testing"
)

// TestAPIFigures runs the API figure set on a small generated catalog: the
// three figures are reported, the overhead with its 2 ms goal.
func TestAPIFigures(t *testing.T) {
	longtest.Skip(t, "the API figures of the bench")
	if testing.Short() {
		t.Skip("builds a catalog")
	}
	rep, err := Run(context.Background(), Config{Skills: 200, Seed: 1, Only: "api"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Result{}
	for _, r := range rep.Results {
		got[r.Name] = r
	}
	for _, name := range []string{NameAPISearchP50, NameAPISearchP99, NameAPISearchOverhead} {
		if _, ok := got[name]; !ok {
			t.Errorf("figure %q missing: %+v", name, rep.Results)
		}
	}
	if g := got[NameAPISearchOverhead].Goal; g == nil || *g != 2 {
		t.Errorf("overhead goal %v, want 2 ms", g)
	}
	if got[NameAPISearchP50].Value <= 0 {
		t.Errorf("API p50 %v", got[NameAPISearchP50].Value)
	}
}
