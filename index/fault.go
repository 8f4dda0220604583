package index

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// rebuildDamaged handles a load that failed on damage an open-time check
// cannot see (bbolt pages or bleve segments overwritten inside the file):
// the damaged store or index is removed and created empty, and load runs
// again, so the first Refresh rebuilds it from the skill folders, the
// source of truth. Errors other than damage (and damage of an in-memory
// catalog) are returned as they are.
func (c *refresher) rebuildDamaged(w writing, loadErr error) error {
	if c.pair.dataDir == "" {
		return loadErr
	}
	switch {
	case errors.Is(loadErr, store.ErrCorrupt):
		path := filepath.Join(c.pair.dataDir, storeFile)
		c.log.Warn("store damaged; rebuilding it from the skill folders", "path", path, "err", loadErr)
		_ = c.pair.st.Close()
		c.pair.st = nil // Open's cleanup must not close it again
		st, err := c.pair.recreateStore(path)
		if err != nil {
			return fmt.Errorf("recreate damaged store: %w", err)
		}
		c.pair.st = st
		c.pair.claim()
		c.pair.clearRebuild()
		// The index describes the lost store's records; drop it too.
		return c.rebuildIndex(w)
	case errors.Is(loadErr, errIndexRead):
		c.log.Warn("search index damaged; rebuilding it from the store", "err", loadErr)
		return c.rebuildIndex(w)
	}
	return loadErr
}

func (c *refresher) rebuildIndex(w writing) error {
	path := filepath.Join(c.pair.dataDir, indexFile)
	_ = c.pair.ix.Close()
	c.pair.ix = nil
	ix, err := c.pair.recreateIndex(path)
	if err != nil {
		return fmt.Errorf("recreate damaged search index: %w", err)
	}
	c.pair.ix = ix
	return c.load(w)
}

// rebuildInMemory fills a freshly degraded catalog's in-memory store and
// index from the skill folders, then moves readers onto them. It runs to
// the end even when the request that noticed the failure is cancelled: a
// half-built index must not become the one readers use. Its writing
// argument proves refreshMu is held.
func (c *refresher) rebuildInMemory(w writing, ctx context.Context) (*Stats, error) {
	stats, err := c.refreshLocked(w, context.WithoutCancel(ctx))
	if err == nil {
		c.pair.rebuilt()
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
func (c *refresher) degrade(w writing, cause error) bool {
	if c.pair.inMem() {
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
		"dir", c.pair.dataDir, "err", cause)
	c.pair.swap(w, st, ix, cause)
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
func (c *bodyPass) bodyFailed(ctx context.Context, err error) {
	w := c.ref.lockWrite()
	defer w.unlock()
	if !c.ref.degrade(w, err) {
		c.log.Warn("indexing skill bodies", "err", err)
		return
	}
	if _, err := c.ref.rebuildInMemory(w, ctx); err != nil {
		c.log.Warn("refresh after moving to memory", "err", err)
	}
}
