package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// oneShotHeap is the heap a one-shot command may grow to before its first
// garbage collection: a warm search of the corpus (1,865 skills) allocates
// about 30 MB in all and a warm open of 10,000 skills under 100 MB, so
// most one-shot commands exit without collecting at all.
const oneShotHeap = 128 << 20

// gcDeferred says DeferFirstGC changed the runtime's settings and the
// first collection has not restored them yet; Restore undoes them once.
var (
	gcDeferred  bool
	gcOldPct    int
	gcRestoreMu sync.Mutex
)

// DeferFirstGC, called by main before the command line is parsed, puts
// the process's first garbage collection off until the heap reaches
// oneShotHeap, then restores the default pacing (GOGC=100, no memory
// limit), so a command that keeps growing (a cold build of a large
// catalog) is collected as usual from then on. A warm one-shot search of
// the corpus spent about 12% of its CPU collecting garbage that the
// process's exit frees anyway. Commands that run long get the
// defaults back at once (keepGCFor). A user's GOGC or GOMEMLIMIT is left
// alone. Tests run commands in process without it.
func DeferFirstGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	gcRestoreMu.Lock() // a finalizer of an earlier call may be running Restore
	defer gcRestoreMu.Unlock()
	gcDeferred = true
	gcOldPct = debug.SetGCPercent(-1)
	debug.SetMemoryLimit(oneShotHeap)
	// The sentinel is garbage from the start: its finalizer runs after
	// the first collection, whatever triggered it.
	sentinel := new(struct{ _ *int })
	runtime.SetFinalizer(sentinel, func(*struct{ _ *int }) { Restore() })
}

// Restore undoes DeferFirstGC, once.
func Restore() {
	gcRestoreMu.Lock()
	defer gcRestoreMu.Unlock()
	if !gcDeferred {
		return
	}
	gcDeferred = false
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(gcOldPct)
	if gcBuild.n > 0 { // a build started while collecting was off
		gcBuild.base = gcOldPct
		applyBuildGC()
	}
}

// A catalog build (a cold start, a first index, the background body pass)
// allocates gigabytes of short-lived garbage (analysis, segment building)
// over a live heap that grows with the catalog (about 500 MB at 100,000
// skills while building, GODEBUG=gctrace=1): with GOGC=100 a 10k cold
// start spent 10-15% of its CPU collecting (benchmarks/PROFILE.md). While a
// build runs, buildGC lets the heap grow to (1 + buildGCPercentMax/100)
// times the live heap, as long as that stays within the build heap budget,
// and never collects more often than the default: GOGC is recomputed after
// every collection as buildGCPercent(live heap, budget).
//
// buildGCPercentMax is the GOGC of a build whose live heap is small: 300
// cut a 10k cold start's CPU by 8-15% (4.3-5.0 s -> 3.8-4.1 s, peak RSS
// 515 -> 725 MB) and a 100k one's by about 18% (47-52 s -> 39-42 s, peak
// RSS 1.4-1.5 -> 2.9 GB; load 3-4, 2 shared cores).
const buildGCPercentMax = 400

// The build heap budget is an eighth of the memory the process may count
// on (machineMemory: RAM, or its container's limit), within these bounds
// (bytes); the floor when the memory is unknown.
const (
	buildHeapFloor   = 256 << 20
	buildHeapCeil    = 4 << 30
	buildHeapUnknown = 1 << 30
)

// buildHeapBudget is the heap (bytes) up to which a build collects less
// often than the default, computed once.
var buildHeapBudget = sync.OnceValue(func() uint64 {
	m := machineMemory()
	if m == 0 {
		return buildHeapUnknown
	}
	return min(max(m/8, buildHeapFloor), buildHeapCeil)
})

// gcBuild counts the builds in progress (index.Options.OnBuild calls come
// in nested pairs) and keeps the GC percent to go back to after them.
// Guarded by gcRestoreMu, like the one-shot deferral it must not undo.
var gcBuild struct {
	n    int // builds in progress
	base int // the GC percent before the first of them
	gen  int // bumped when the last build ends, ending its per-collection hook
}

// buildGC is the garbage-collection half of the catalog's OnBuild hook
// (OnBuild): a build starting (true) raises GOGC as buildHeapBudget
// allows until every build has ended (false), then restores it. A user's
// GOGC or GOMEMLIMIT wins: it then changes nothing.
func buildGC(building bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	gcRestoreMu.Lock()
	defer gcRestoreMu.Unlock()
	switch {
	case building:
		gcBuild.n++
		if gcBuild.n > 1 {
			return
		}
		gen := gcBuild.gen
		onEveryGC(func() bool {
			gcRestoreMu.Lock()
			defer gcRestoreMu.Unlock()
			if gcBuild.gen != gen {
				return false
			}
			applyBuildGC()
			return true
		})
		if !gcDeferred {
			gcBuild.base = debug.SetGCPercent(buildGCPercent(readMemClasses().live, buildHeapBudget()))
		}
	case gcBuild.n > 0:
		gcBuild.n--
		if gcBuild.n > 0 {
			return
		}
		gcBuild.gen++
		if !gcDeferred {
			debug.SetGCPercent(gcBuild.base)
		}
	}
}

// OnBuild is the catalog's index.Options.OnBuild in every command: the
// process's memory policy while a build runs (serveBuild lifts a serving
// process's memory limit, buildGC raises GOGC).
func OnBuild(building bool) {
	serveBuild(building)
	buildGC(building)
}

// applyBuildGC recomputes a running build's GOGC after a collection.
// While a one-shot command's first collection is still deferred (the
// deferral's settings rule: collecting is off), it changes nothing;
// Restore applies it. Callers hold gcRestoreMu.
func applyBuildGC() {
	if gcBuild.n == 0 || gcDeferred {
		return
	}
	debug.SetGCPercent(buildGCPercent(readMemClasses().live, buildHeapBudget()))
}

// buildGCPercent is a build's GOGC for a live heap of live bytes and a
// budget of budget bytes: the heap may grow by up to buildGCPercentMax
// percent while it stays within budget, and by at least 100 percent (the
// default) however large the heap. A live heap of 0 (no collection yet)
// gets the maximum.
func buildGCPercent(live, budget uint64) int {
	switch {
	case live == 0:
		return buildGCPercentMax
	case live >= budget/2:
		return 100
	}
	return max(100, min(buildGCPercentMax, int((budget-live)*100/live)))
}
