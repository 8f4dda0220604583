package main

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
	deferFirstGC()
	if pct := debug.SetGCPercent(-1); pct != -1 {
		t.Errorf("GC percent after deferFirstGC: %d, want -1 (off)", pct)
	}
	if lim := debug.SetMemoryLimit(-1); lim != oneShotHeap {
		t.Errorf("memory limit after deferFirstGC: %d, want %d", lim, oneShotHeap)
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

	deferFirstGC()
	keepGCFor(newServeCmd(&Config{}))
	if pct, lim := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); pct != 100 || lim != math.MaxInt64 {
		t.Errorf("serve: GC percent %d, memory limit %d; want the defaults", pct, lim)
	}
	debug.SetGCPercent(100)
}
