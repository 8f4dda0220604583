package index

import (
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
func (c *Catalog) rebuildDamaged(loadErr error) error {
	if c.dataDir == "" {
		return loadErr
	}
	switch {
	case errors.Is(loadErr, store.ErrCorrupt):
		path := filepath.Join(c.dataDir, storeFile)
		c.log.Warn("store damaged; rebuilding it from the skill folders", "path", path, "err", loadErr)
		_ = c.st.Close()
		if err := store.Remove(path); err != nil {
			return fmt.Errorf("remove damaged store: %w", err)
		}
		st, err := store.Open(path, nil)
		if err != nil {
			return fmt.Errorf("recreate store: %w", err)
		}
		c.st = st
		c.claim()
		// The index describes the lost store's records; drop it too.
		return c.rebuildIndex()
	case errors.Is(loadErr, errIndexRead):
		c.log.Warn("search index damaged; rebuilding it from the store", "err", loadErr)
		return c.rebuildIndex()
	}
	return loadErr
}

// The files of a data dir's catalog subfolder.
const (
	storeFile = "skills.db"
	indexFile = "search.bleve"
)

// errIndexRead marks a load failure while reading the search index.
var errIndexRead = errors.New("read search index")

func (c *Catalog) rebuildIndex() error {
	path := filepath.Join(c.dataDir, indexFile)
	_ = c.ix.Close()
	if err := search.Remove(path); err != nil {
		return fmt.Errorf("remove damaged search index: %w", err)
	}
	ix, err := search.Open(path, nil)
	if err != nil {
		return fmt.Errorf("recreate search index: %w", err)
	}
	c.ix = ix
	return c.load()
}
