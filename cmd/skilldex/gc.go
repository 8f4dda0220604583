package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/spf13/cobra"
)

// oneShotHeap is the heap a one-shot command may grow to before its first
// garbage collection: a warm search of the corpus (1,865 skills) allocates
// about 30 MB in all and a warm open of 10,000 skills under 100 MB, so
// most one-shot commands exit without collecting at all.
const oneShotHeap = 128 << 20

// gcDeferred says deferFirstGC changed the runtime's settings and the
// first collection has not restored them yet; restoreGC undoes them once.
var (
	gcDeferred  bool
	gcOldPct    int
	gcRestoreMu sync.Mutex
)

// deferFirstGC, called by main before the command line is parsed, puts
// the process's first garbage collection off until the heap reaches
// oneShotHeap, then restores the default pacing (GOGC=100, no memory
// limit), so a command that keeps growing (a cold build of a large
// catalog) is collected as usual from then on. A warm one-shot search of
// the corpus spent about 12% of its CPU collecting garbage that the
// process's exit frees anyway (issue 20). Commands that run long get the
// defaults back at once (keepGCFor). A user's GOGC or GOMEMLIMIT is left
// alone. Tests run commands in process without it.
func deferFirstGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	gcRestoreMu.Lock() // a finalizer of an earlier call may be running restoreGC
	defer gcRestoreMu.Unlock()
	gcDeferred = true
	gcOldPct = debug.SetGCPercent(-1)
	debug.SetMemoryLimit(oneShotHeap)
	// The sentinel is garbage from the start: its finalizer runs after
	// the first collection, whatever triggered it.
	sentinel := new(struct{ _ *int })
	runtime.SetFinalizer(sentinel, func(*struct{ _ *int }) { restoreGC() })
}

// restoreGC undoes deferFirstGC, once.
func restoreGC() {
	gcRestoreMu.Lock()
	defer gcRestoreMu.Unlock()
	if !gcDeferred {
		return
	}
	gcDeferred = false
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(gcOldPct)
}

// keepGCFor restores the default garbage collection for the commands that
// run long: serve runs for hours, and bench measures what serving
// processes do.
func keepGCFor(cmd *cobra.Command) {
	for c := cmd; c != nil; c = c.Parent() {
		if n := c.Name(); n == "serve" || n == "bench" {
			restoreGC()
			return
		}
	}
}
