package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// A serving process holds a heap that is mostly the catalog (records,
// names, the tools' views: about 55 MB at 10,000 skills) and allocates
// little per request. With Go's default GOGC=100 the runtime lets the heap
// grow to twice what is live before collecting, and keeps the freed pages,
// so a 10k catalog served from 115-125 MB of anonymous memory
// (benchmarks/PROFILE.md). Serve sets a soft memory limit that
// follows the live heap instead: after every collection the limit becomes
// the live heap plus a quarter (at least serveHeadroomMin), so the runtime
// collects earlier and returns freed pages to the system. A catalog that
// grows (a big refresh) raises the limit at the next collection; the limit
// is soft (the runtime exceeds it rather than spend more than about half
// the CPU collecting), so it never stops the process.
//
// The user's own GOMEMLIMIT or GOGC, when set, win: Serve then
// changes nothing.
const serveHeadroomMin = 16 << 20

var serveMem struct {
	mu    sync.Mutex
	users int   // runServe / runDaemon calls in progress (tests run several in one process)
	old   int64 // the limit before the first user
	gen   int   // bumped when the last user stops, ending its hook
	// building counts the catalog builds in progress (serveBuild): while
	// one runs there is no limit, only GOGC. A cold build allocates
	// gigabytes over a live heap that starts near zero, so the limit
	// (live + 16 MB) made it collect every few megabytes: a 10k serve
	// took 26-32 s to its first answer instead of 19-22 s (load 11-15).
	building int
}

// Serve applies the serving memory policy until the returned
// function is called.
func Serve() (stop func()) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		return func() {}
	}
	serveMem.mu.Lock()
	defer serveMem.mu.Unlock()
	serveMem.users++
	if serveMem.users == 1 {
		serveMem.old = debug.SetMemoryLimit(-1)
		gen := serveMem.gen
		applyServeLimit()
		onEveryGC(func() bool {
			serveMem.mu.Lock()
			defer serveMem.mu.Unlock()
			if serveMem.gen != gen {
				return false
			}
			applyServeLimit()
			return true
		})
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			serveMem.mu.Lock()
			defer serveMem.mu.Unlock()
			if serveMem.users--; serveMem.users == 0 {
				serveMem.gen++
				serveMem.building = 0
				debug.SetMemoryLimit(serveMem.old)
			}
		})
	}
}

// serveBuild is the memory-limit half of the catalog's OnBuild hook
// (OnBuild): a build starting (true) lifts the serving memory limit until
// every build has ended (false). A no-op while no serve applies the policy (a one-shot command,
// or the user's GOGC or GOMEMLIMIT).
func serveBuild(building bool) {
	serveMem.mu.Lock()
	defer serveMem.mu.Unlock()
	if serveMem.users == 0 {
		return
	}
	if building {
		serveMem.building++
	} else if serveMem.building > 0 {
		serveMem.building--
	}
	applyServeLimit()
}

// applyServeLimit sets the limit for the current state: none while a
// build runs, else setServeLimit's. Callers hold serveMem.mu.
func applyServeLimit() {
	if serveMem.building > 0 {
		debug.SetMemoryLimit(math.MaxInt64)
		return
	}
	setServeLimit()
}

// setServeLimit sets the memory limit to what the runtime holds besides
// heap objects, plus the live heap of the last collection, plus the
// headroom. The limit counts all of the runtime's memory
// (/memory/classes/total:bytes less what was released to the system), not
// only the heap: stacks, GC metadata and span structures were 12-16 MB of a
// corpus server with 18 MB live, so a limit of live+headroom alone left the
// heap about 3 MB of room and the server collected 254 times in 25 s of a
// first security audit (GODEBUG=gctrace=1).
func setServeLimit() {
	debug.SetMemoryLimit(serveLimit(readMemClasses()))
}

// memClasses are the runtime/metrics figures serveLimit needs, in bytes.
type memClasses struct {
	live, total, released, objects, free uint64
}

var memClassNames = [...]string{
	"/gc/heap/live:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes",
}

func readMemClasses() memClasses {
	s := make([]metrics.Sample, len(memClassNames))
	for i, n := range memClassNames {
		s[i].Name = n
	}
	metrics.Read(s)
	v := make([]uint64, len(s))
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = s[i].Value.Uint64()
		}
	}
	return memClasses{live: v[0], total: v[1], released: v[2], objects: v[3], free: v[4]}
}

// serveLimit is the limit for m: the runtime's memory that is neither heap
// objects nor free heap (stacks, metadata, span structures, the unused
// parts of in-use spans, the rest: the runtime counts these against the
// limit before the heap gets any), the live heap and
// max(live/4, serveHeadroomMin).
func serveLimit(m memClasses) int64 {
	heap := m.released + m.objects + m.free
	var other uint64
	if m.total > heap {
		other = m.total - heap
	}
	live := int64(min(m.live, math.MaxInt64/4))
	return int64(min(other, math.MaxInt64/4)) + live + max(live/4, serveHeadroomMin)
}

// gcTick is an object whose only use is its finalizer, which runs after
// the collection that found it unreachable. 32 bytes: the tiny allocator
// (under 16 bytes) may delay finalizers indefinitely.
type gcTick struct{ _ [32]byte }

// onEveryGC calls fn after each garbage collection (in the finalizer
// goroutine) for as long as fn returns true.
func onEveryGC(fn func() bool) {
	runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
		if fn() {
			onEveryGC(fn)
		}
	})
}
