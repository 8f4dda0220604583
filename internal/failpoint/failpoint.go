// Package failpoint injects faults into the writes of a data dir, so tests
// can see what a full or failing disk does to the catalog without a real
// disk to fill (mounting one needs root).
//
// A failpoint is a named place in the code (Store, Persist) that asks
// Check whether a write under a path must fail. Tests arm a failpoint for
// a directory with Enable; everything outside that directory is
// unaffected, so tests that arm different directories may run in
// parallel. When nothing is armed Check costs one atomic load.
package failpoint

import (
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
)

// Failpoints of the data dir's writers.
const (
	// Store fails the metadata store's write transactions (store/, bbolt)
	// before they start: nothing of the transaction is written.
	Store = "store/write"
	// Persist fails the search index's writes to disk: every batch made
	// searchable afterwards is reported as not written, as bleve's
	// persister reports a snapshot it cannot write.
	Persist = "search/persist"
)

type arm struct {
	name  string
	dir   string // cleaned; paths equal to it or below it fail
	err   error
	after int64 // evaluations left that still pass
	id    uint64
}

var (
	armed atomic.Int32 // len(arms), read without the lock
	mu    sync.Mutex
	arms  []*arm
	ids   uint64
)

// Enable arms failpoint name for dir: once after calls of Check for
// name under dir have passed (0: at once), each one returns err. The
// returned function disarms it again (tests call it in t.Cleanup).
func Enable(name, dir string, err error, after int) (disable func()) {
	mu.Lock()
	defer mu.Unlock()
	ids++
	a := &arm{name: name, dir: filepath.Clean(dir), err: err, after: int64(after), id: ids}
	arms = append(arms, a)
	armed.Store(int32(len(arms)))
	return func() {
		mu.Lock()
		defer mu.Unlock()
		for i, x := range arms {
			if x.id == a.id {
				arms = append(arms[:i], arms[i+1:]...)
				break
			}
		}
		armed.Store(int32(len(arms)))
	}
}

// Check returns the error armed for failpoint name covering path (a file
// or directory the caller is about to write), or nil.
func Check(name, path string) error {
	if armed.Load() == 0 {
		return nil
	}
	path = filepath.Clean(path)
	mu.Lock()
	defer mu.Unlock()
	for _, a := range arms {
		if a.name != name || !(path == a.dir || strings.HasPrefix(path, a.dir+string(filepath.Separator))) {
			continue
		}
		if a.after > 0 {
			a.after--
			return nil
		}
		return a.err
	}
	return nil
}
