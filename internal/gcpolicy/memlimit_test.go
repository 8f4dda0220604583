package gcpolicy

import (
	"math"
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
	stop1 := Serve()
	stop2 := Serve()
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
	stop := Serve()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if l := debug.SetMemoryLimit(-1); l != before {
		t.Errorf("with GOGC set the limit changed to %d", l)
	}
	stop()
}

// TestServeLimitCountsRuntimeMemory checks that the limit leaves the heap
// its headroom above the live heap after the runtime's other memory
// (stacks, metadata, fragmentation), which the memory limit counts too.
// A limit of live+headroom alone left a corpus server about 3 MB of heap
// room and 254 collections in 25 s.
func TestServeLimitCountsRuntimeMemory(t *testing.T) {
	const mb = 1 << 20
	m := memClasses{live: 20 * mb, total: 80 * mb, released: 10 * mb, objects: 26 * mb, free: 8 * mb}
	// other = 80 - (10 + 26 + 8) = 36 MB; headroom max(5, 16) = 16 MB.
	if got, want := serveLimit(m), int64((36+20+16)*mb); got != want {
		t.Errorf("limit %d MB, want %d MB", got/mb, want/mb)
	}
	big := memClasses{live: 400 * mb, total: 500 * mb, objects: 420 * mb, free: 40 * mb}
	if got, want := serveLimit(big), int64((40+400+100)*mb); got != want {
		t.Errorf("limit with 400 MB live: %d MB, want %d MB (a quarter of live as headroom)", got/mb, want/mb)
	}
	// Figures read while another goroutine allocates can be inconsistent:
	// never a limit below the live heap plus the minimum headroom.
	odd := memClasses{live: 30 * mb, total: 10 * mb, objects: 40 * mb}
	if got := serveLimit(odd); got < 30*mb+serveHeadroomMin {
		t.Errorf("limit %d MB from inconsistent figures, below live+headroom", got/mb)
	}
	if got := serveLimit(readMemClasses()); got <= serveHeadroomMin {
		t.Errorf("limit from this process's figures: %d bytes", got)
	}
}

// TestServeBuildLiftsLimit: while a catalog build runs (index.Options
// OnBuild, nested calls counted) the serving limit is lifted, and it comes
// back when the last build ends; without a serve applying the policy the
// calls change nothing.
func TestServeBuildLiftsLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("GOGC", "")
	before := debug.SetMemoryLimit(-1)
	serveBuild(true) // no serve: nothing changes
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Fatalf("a build outside serve changed the limit: %d, was %d", got, before)
	}
	serveBuild(false)

	stop := Serve()
	defer func() {
		stop()
		if got := debug.SetMemoryLimit(-1); got != before {
			t.Errorf("limit after serve %d, want the old %d", got, before)
		}
	}()
	if got := debug.SetMemoryLimit(-1); got == math.MaxInt64 {
		t.Fatal("Serve set no limit")
	}
	serveBuild(true)
	serveBuild(true) // a refresh during the body pass
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit during a build %d, want none", got)
	}
	serveBuild(false)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit with one of two builds still running %d, want none", got)
	}
	serveBuild(false)
	if got := debug.SetMemoryLimit(-1); got == math.MaxInt64 {
		t.Error("no limit once every build ended")
	}
}
