package gcpolicy

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestDeferFirstGC: a one-shot command's process runs without collecting
// until its first collection, after which the default pacing is back;
// serve gets the defaults back at once.
func TestDeferFirstGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	orig := debug.SetGCPercent(100) // the test process's own setting, put back at the end
	defer debug.SetGCPercent(orig)
	DeferFirstGC()
	if pct := debug.SetGCPercent(-1); pct != -1 {
		t.Errorf("GC percent after DeferFirstGC: %d, want -1 (off)", pct)
	}
	if lim := debug.SetMemoryLimit(-1); lim != oneShotHeap {
		t.Errorf("memory limit after DeferFirstGC: %d, want %d", lim, oneShotHeap)
	}
	runtime.GC() // the first collection: the sentinel's finalizer restores the defaults
	deadline := time.Now().Add(60 * time.Second)
	for debug.SetMemoryLimit(-1) != math.MaxInt64 {
		if time.Now().After(deadline) {
			t.Fatal("the first collection did not restore the default memory limit")
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if pct := debug.SetGCPercent(-1); pct != 100 {
		t.Errorf("GC percent after the first collection: %d, want 100", pct)
	}
	debug.SetGCPercent(100)

	DeferFirstGC()
	Restore() // what a long-running command does
	if pct, lim := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); pct != 100 || lim != math.MaxInt64 {
		t.Errorf("serve: GC percent %d, memory limit %d; want the defaults", pct, lim)
	}
	debug.SetGCPercent(100)
}

// TestBuildGCPercent: a build's GOGC lets a small heap grow up to
// its budget, never past buildGCPercentMax, and never below the
// default however large the heap.
func TestBuildGCPercent(t *testing.T) {
	const budget = 1 << 30
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, buildGCPercentMax},
		{1 << 20, buildGCPercentMax},
		{100 << 20, buildGCPercentMax},
		{256 << 20, 300},
		{400 << 20, 156},
		{budget / 2, 100},
		{budget, 100},
		{8 << 30, 100},
	} {
		if got := buildGCPercent(tc.live, budget); got != tc.want {
			t.Errorf("buildGCPercent(%d MB) = %d, want %d", tc.live>>20, got, tc.want)
		}
	}
}

// TestBuildGC: nested builds raise GOGC from the first start to the last
// end and then restore the process's own setting; a build that starts
// while a one-shot command's first collection is deferred gets its GOGC
// at that collection; a user's GOGC is left alone.
func TestBuildGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	orig := debug.SetGCPercent(150) // a setting of the process's own, to be restored
	defer debug.SetGCPercent(orig)
	pct := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }

	buildGC(true)
	if got := pct(); got <= 100 {
		t.Errorf("GC percent during a build with a small heap: %d, want above 100", got)
	}
	buildGC(true) // a refresh during the body pass
	buildGC(false)
	if got := pct(); got <= 100 {
		t.Errorf("GC percent while the outer build runs: %d, want above 100", got)
	}
	runtime.GC() // the per-collection hook recomputes it
	buildGC(false)
	if got := pct(); got != 150 {
		t.Errorf("GC percent after the builds: %d, want 150", got)
	}
	buildGC(false) // an unpaired end changes nothing
	if got := pct(); got != 150 {
		t.Errorf("GC percent after an unpaired end: %d, want 150", got)
	}

	debug.SetGCPercent(100)
	DeferFirstGC()
	buildGC(true)
	if got := pct(); got != -1 {
		t.Errorf("GC percent of a build before a one-shot command's first collection: %d, want -1 (off)", got)
	}
	runtime.GC()
	deadline := time.Now().Add(60 * time.Second) // hang guard only
	for pct() <= 100 {
		if time.Now().After(deadline) {
			t.Fatal("the first collection did not apply the build's GC percent")
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	buildGC(false)
	if got := pct(); got != 100 {
		t.Errorf("GC percent after the build: %d, want 100", got)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	buildGC(true)
	if got := pct(); got != 50 {
		t.Errorf("GC percent of a build under the user's GOGC=50: %d", got)
	}
	buildGC(false)
}
