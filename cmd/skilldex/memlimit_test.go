package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestServeMemory checks the serving memory policy: a limit that follows
// the live heap after each collection while a server runs (two at once in
// one process share it), the earlier limit back when the last one stops,
// and nothing changed when the user set GOGC.
func TestServeMemory(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("GOGC", "")
	before := debug.SetMemoryLimit(-1)
	stop1 := serveMemory()
	stop2 := serveMemory()
	live := make([]byte, 64<<20) // 64 MB live: the limit must make room for it
	runtime.GC()
	// The finalizer goroutine sets the limit after the collection.
	deadline := time.Now().Add(60 * time.Second)
	var got int64
	for {
		got = debug.SetMemoryLimit(-1)
		if got >= 64<<20+16<<20 || time.Now().After(deadline) {
			break
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	runtime.KeepAlive(live)
	if got < 64<<20+16<<20 || got > 1<<30 {
		t.Errorf("limit while serving with 64 MB live: %d, want the live heap plus at least 16 MB, far below 1 GB", got)
	}
	stop1()
	stop1() // idempotent
	if l := debug.SetMemoryLimit(-1); l == before {
		t.Errorf("the limit was reset while a server still runs")
	}
	stop2()
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Errorf("limit after the last server stopped: %d, want %d", l, before)
	}
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Errorf("a collection after the stop changed the limit to %d", l)
	}

	t.Setenv("GOGC", "100")
	stop := serveMemory()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Errorf("with GOGC set the limit changed to %d", l)
	}
	stop()
}
