package serve

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
)

// TestDeferAudit: the shared server's warn-mode audit starts once, at the
// first warning asked for or when its delay has passed, whichever comes
// first; every caller gets the audit's warnings.
func TestDeferAudit(t *testing.T) {
	var starts atomic.Int32
	start := func() func(index.Skill) []string {
		starts.Add(1)
		return func(s index.Skill) []string { return []string{"warning for " + s.Name} }
	}
	warn := deferAudit(time.Hour, start)
	if n := starts.Load(); n != 0 {
		t.Fatalf("started %d times before any call or the delay", n)
	}
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w := warn(index.Skill{Name: "x"}); len(w) != 1 || w[0] != "warning for x" {
				t.Errorf("warnings %q", w)
			}
		}()
	}
	wg.Wait()
	if n := starts.Load(); n != 1 {
		t.Errorf("started %d times by 50 calls, want 1", n)
	}

	starts.Store(0)
	warn = deferAudit(0, start)
	for deadline := time.Now().Add(time.Minute); starts.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) { // hang guard
			t.Fatal("the audit did not start after its delay")
		}
	}
	if w := warn(index.Skill{Name: "y"}); len(w) != 1 || starts.Load() != 1 {
		t.Errorf("after the delay: warnings %q, started %d times", w, starts.Load())
	}
}
