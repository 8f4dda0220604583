package index

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// pair is the persistence pair: the store and the search index a catalog
// writes (st, ix: changed only by the refresher, under refreshMu), and
// what readers use (backends: the data dir's files until a degraded
// catalog's in-memory rebuild is done). pairMu guards the swap for
// readers; only pair's methods take it, and they take no other lock, so it
// is a leaf.
type pair struct {
	pairMu  sync.RWMutex
	log     *slog.Logger
	timeout time.Duration // Options.LockTimeout
	dataDir string        // the catalog's data subfolder; "" in memory
	st      *store.Store
	ix      *search.Index
	// degraded is why the catalog serves from memory (see degrade); nil
	// while the data dir works. retired holds the data dir's store and
	// index after that, kept open (and locked) until Close. Both change
	// under refreshMu and pairMu.
	degraded error
	retired  []io.Closer
	// rst and rix, when set, are what readers use while a degraded
	// catalog rebuilds its in-memory store and index: the data dir's
	// files, still readable, so searches do not see a half-built index.
	rst *store.Store
	rix *search.Index
}

// The files of a data dir's catalog subfolder.
const (
	storeFile = "skills.db"
	indexFile = "search.bleve"
)

// errIndexRead marks a load failure while reading the search index.
var errIndexRead = errors.New("read search index")

// recreateStore replaces the store file at path with an empty store.
func (p *pair) recreateStore(path string) (*store.Store, error) {
	if err := store.Remove(path); err != nil {
		return nil, err
	}
	return store.Open(path, &store.Options{Timeout: p.lockTimeout()})
}

// recreateIndex replaces the search index at path with an empty index.
func (p *pair) recreateIndex(path string) (*search.Index, error) {
	if err := search.Remove(path); err != nil {
		return nil, err
	}
	return search.Open(path, &search.Options{Timeout: p.lockTimeout()})
}

// lockTimeout is Options.LockTimeout, 2s when unset.
func (p *pair) lockTimeout() time.Duration {
	if p.timeout != 0 {
		return p.timeout
	}
	return 2 * time.Second
}

// inMemory records, at Open, why the data dir cannot be used (what failed
// and how) and says so: the catalog then serves from memory.
func (p *pair) inMemory(what string, err error) {
	p.degraded = fmt.Errorf("%s: %w", what, err)
	p.log.Error("cannot use the data dir; serving from memory (nothing is kept for the next start)", "dir", p.dataDir, "failed", what, "err", err)
}

// errWrite marks a refresh that failed writing the data dir (as opposed
// to a cancelled context).
var errWrite = errors.New("writing the data dir")

// Degraded returns why the catalog serves from memory instead of its data
// dir (a read-only or full disk, a store that fails writes), or nil while
// the data dir works. A degraded catalog is complete and current; it only
// keeps nothing for the next start, which reconciles the data dir with the
// skill folders again.
func (c *Catalog) Degraded() error { return c.pair.cause() }

// cause is why the pair serves from memory (see degrade), nil while the
// data dir works.
func (p *pair) cause() error {
	p.pairMu.RLock()
	defer p.pairMu.RUnlock()
	return p.degraded
}

// backends returns the store and the search index readers use; degrade
// swaps them under pairMu.
func (p *pair) backends() (*store.Store, *search.Index) {
	p.pairMu.RLock()
	defer p.pairMu.RUnlock()
	if p.rst != nil {
		return p.rst, p.rix
	}
	return p.st, p.ix
}

// openPair opens the store and the search index in dataDir ("" for
// memory), or falls back: a file that is not ours to trust (anything but a
// lock held by another process) is recreated, to be rebuilt from the
// folders, the source of truth; a data dir that cannot be written (a
// read-only or full disk, a folder we may not write) makes the pair serve
// from memory rather than not at all. Errors: a *LockedError when another
// process holds the data dir past timeout.
func openPair(dataDir string, timeout time.Duration, log *slog.Logger) (*pair, error) {
	p := &pair{log: log, timeout: timeout, dataDir: dataDir}
	stPath, ixPath := "", ""
	if dataDir != "" {
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			p.inMemory("data dir", err)
		} else {
			stPath, ixPath = filepath.Join(dataDir, storeFile), filepath.Join(dataDir, indexFile)
		}
	}
	st, err := store.Open(stPath, &store.Options{Timeout: p.lockTimeout()})
	if err != nil && !errors.Is(err, store.ErrLocked) && stPath != "" {
		p.log.Warn("store unusable; rebuilding it from the skill folders", "path", stPath, "err", err)
		st, err = p.recreateStore(stPath)
	}
	if isLocked(err) {
		return nil, lockedError(p.dataDir, err)
	}
	if err != nil && stPath != "" {
		p.inMemory("open store", err)
		stPath, ixPath = "", ""
		st, err = store.Open("", nil)
	}
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	p.st = st
	p.claim()
	ix, err := search.Open(ixPath, &search.Options{Timeout: p.lockTimeout()})
	if err != nil && !errors.Is(err, search.ErrLocked) && ixPath != "" {
		p.log.Warn("search index unusable; rebuilding it from the store", "path", ixPath, "err", err)
		ix, err = p.recreateIndex(ixPath)
	}
	if err != nil && !isLocked(err) && ixPath != "" {
		p.inMemory("open search index", err)
		p.retired = append(p.retired, st)
		st, _ = store.Open("", nil)
		p.st = st
		ix, err = search.Open("", nil)
	}
	if err != nil {
		p.release()
		st.Close()
		if isLocked(err) {
			return nil, lockedError(p.dataDir, err)
		}
		return nil, fmt.Errorf("open search index: %w", err)
	}
	p.ix = ix
	return p, nil
}

// close closes the store and the search index, and the data dir's files
// retired by degrade; w proves refreshMu is held (no refresh writes to
// them meanwhile).
func (p *pair) close(_ writing) error {
	var errs []error
	if p.ix != nil {
		errs = append(errs, p.ix.Close())
	}
	if p.st != nil {
		p.release()
		errs = append(errs, p.st.Close())
	}
	for _, r := range p.retired {
		_ = r.Close() // already failing; its error was reported when it was retired
	}
	return errors.Join(errs...)
}

// swap moves the pair to the in-memory store st and index ix after cause
// (see degrade); readers stay on the data dir's files until rebuilt. w
// proves refreshMu is held: st and ix change only under it.
func (p *pair) swap(_ writing, st *store.Store, ix *search.Index, cause error) {
	p.pairMu.Lock()
	defer p.pairMu.Unlock()
	p.retired = append(p.retired, p.ix, p.st)
	p.rst, p.rix = p.st, p.ix // readers stay on them until the rebuild is done
	p.st, p.ix = st, ix
	p.degraded = cause
}

// rebuilt moves readers onto the in-memory store and index once a
// degraded catalog's rebuild there is done.
func (p *pair) rebuilt() {
	p.pairMu.Lock()
	defer p.pairMu.Unlock()
	p.rst, p.rix = nil, nil
}

// inMem reports whether the pair is in memory already: a catalog without
// a data dir, or one degraded.
func (p *pair) inMem() bool {
	p.pairMu.RLock()
	defer p.pairMu.RUnlock()
	return p.dataDir == "" || p.degraded != nil
}
