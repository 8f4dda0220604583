package index

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// rebuildDamaged handles a load that failed on damage an open-time check
// cannot see (bbolt pages or bleve segments overwritten inside the file):
// the damaged store or index is removed and created empty, and load runs
// again, so the first Refresh rebuilds it from the skill folders, the
// source of truth. Errors other than damage (and damage of an in-memory
// catalog) are returned as they are.
func (c *Catalog) rebuildDamaged(w writing, loadErr error) error {
	if c.dataDir == "" {
		return loadErr
	}
	switch {
	case errors.Is(loadErr, store.ErrCorrupt):
		path := filepath.Join(c.dataDir, storeFile)
		c.log.Warn("store damaged; rebuilding it from the skill folders", "path", path, "err", loadErr)
		_ = c.st.Close()
		c.st = nil // Open's cleanup must not close it again
		st, err := c.recreateStore(path)
		if err != nil {
			return fmt.Errorf("recreate damaged store: %w", err)
		}
		c.st = st
		c.claim()
		c.clearRebuild()
		// The index describes the lost store's records; drop it too.
		return c.rebuildIndex(w)
	case errors.Is(loadErr, errIndexRead):
		c.log.Warn("search index damaged; rebuilding it from the store", "err", loadErr)
		return c.rebuildIndex(w)
	}
	return loadErr
}

// pair is the persistence pair: the store and the search index a catalog
// writes (st, ix: changed only under refreshMu), and what readers use
// (backends: the data dir's files until a degraded catalog's in-memory
// rebuild is done). pairMu guards the swap for readers; it is a leaf lock.
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

func (c *Catalog) rebuildIndex(w writing) error {
	path := filepath.Join(c.dataDir, indexFile)
	_ = c.ix.Close()
	c.ix = nil
	ix, err := c.recreateIndex(path)
	if err != nil {
		return fmt.Errorf("recreate damaged search index: %w", err)
	}
	c.ix = ix
	return c.load(w)
}

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
func (c *Catalog) Degraded() error {
	c.pairMu.RLock()
	defer c.pairMu.RUnlock()
	return c.degraded
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

// rebuildInMemory fills a freshly degraded catalog's in-memory store and
// index from the skill folders, then moves readers onto them. It runs to
// the end even when the request that noticed the failure is cancelled: a
// half-built index must not become the one readers use. Its writing
// argument proves refreshMu is held.
func (c *Catalog) rebuildInMemory(w writing, ctx context.Context) (*Stats, error) {
	stats, err := c.refreshLocked(w, context.WithoutCancel(ctx))
	if err == nil {
		c.pairMu.Lock()
		c.rst, c.rix = nil, nil
		c.pairMu.Unlock()
	}
	return stats, err
}

// degrade moves the catalog to an in-memory store and search index after
// a write to the data dir failed (no space left, a file system remounted
// read-only, a store that turned out damaged), so serving goes on: the
// caller then rebuilds (rebuildInMemory), every skill parsed again from its
// folder into memory; until then readers keep the data dir's files. The data dir's
// files stay open and locked until Close; whatever they hold is consistent
// (bbolt commits are atomic, the pending list names the write in flight),
// and the next start reconciles them with the folders. It reports whether
// it switched: false for a catalog already in memory. Its writing
// argument proves refreshMu is held.
func (c *Catalog) degrade(_ writing, cause error) bool {
	c.pairMu.RLock()
	inMem := c.dataDir == "" || c.degraded != nil
	c.pairMu.RUnlock()
	if inMem {
		return false
	}
	st, err := store.Open("", nil)
	if err != nil {
		return false
	}
	ix, err := search.Open("", nil)
	if err != nil {
		st.Close()
		return false
	}
	c.log.Error("cannot write the data dir; serving from memory until restart (the next start reconciles the data dir with the skill folders)",
		"dir", c.dataDir, "err", cause)
	c.pairMu.Lock()
	c.retired = append(c.retired, c.ix, c.st)
	c.rst, c.rix = c.st, c.ix // readers stay on them until the rebuild is done
	c.st, c.ix = st, ix
	c.degraded = cause
	c.pairMu.Unlock()
	// Fingerprints left out make the next refresh parse every skill again,
	// filling the new store; until then the old records keep listing.
	l := c.view.lock()
	l.forgetFingerprints()
	l.unlock()
	c.bodies.reset()
	return true
}

// bodyFailed handles a failed chunk of the background body pass: a data
// dir that stopped taking writes degrades the catalog to memory (and a
// full refresh indexes every body there); the ids stay pending otherwise.
func (c *Catalog) bodyFailed(ctx context.Context, err error) {
	w := c.lockWrite()
	defer w.unlock()
	if !c.degrade(w, err) {
		c.log.Warn("indexing skill bodies", "err", err)
		return
	}
	if _, err := c.rebuildInMemory(w, ctx); err != nil {
		c.log.Warn("refresh after moving to memory", "err", err)
	}
}
