package config

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/safefs"
)

// CatalogRecord is the file kept in each catalog's data dir
// (DATA_DIR/KEY/catalog.json) so `skilldex cache list` can say which
// folders a data dir indexes: the key itself is a hash.
type CatalogRecord struct {
	Roots    []index.Root `json:"roots"`
	MaxDepth int          `json:"max_depth"`
	Strict   bool         `json:"strict"`
	LastUsed time.Time    `json:"last_used"`
}

// CatalogRecordFile is CatalogRecord's file name in a data dir.
const CatalogRecordFile = "catalog.json"

// RecordCatalog writes CatalogRecordFile for cat under c's settings;
// failing costs only the description in cache list, so errors are
// ignored. A catalog in memory has no data dir and no record.
func RecordCatalog(c *Config, cat *index.Catalog) {
	dir := cat.DataDir()
	if dir == "" {
		return
	}
	data, err := json.MarshalIndent(CatalogRecord{Roots: cat.Roots(), MaxDepth: c.MaxDepth, Strict: c.Strict,
		LastUsed: time.Now().UTC().Truncate(time.Second)}, "", "  ")
	if err != nil {
		return
	}
	_ = safefs.WritePath(filepath.Join(dir, CatalogRecordFile), append(data, '\n'), 0o644)
}

// DataDir is one catalog data dir under the data dir setting, as cache
// list prints it.
type DataDir struct {
	Dir      string       `json:"dir"`
	Bytes    int64        `json:"bytes"`
	InUse    bool         `json:"in_use"`
	Roots    []index.Root `json:"roots"` // nil when unknown (made by an older skilldex)
	LastUsed time.Time    `json:"last_used"`
	// Missing is true when none of the roots exists any more.
	Missing bool `json:"roots_missing"`
}

// DataDirs reads every catalog data dir under base, most recently used
// first; none (and no error) when base does not exist.
func DataDirs(base string) ([]DataDir, error) {
	des, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []DataDir
	for _, de := range des {
		dir := filepath.Join(base, de.Name())
		if !de.IsDir() || !isCatalogDir(dir) {
			continue
		}
		e := DataDir{Dir: dir}
		_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if info, err := d.Info(); err == nil {
					e.Bytes += info.Size()
					if info.ModTime().After(e.LastUsed) {
						e.LastUsed = info.ModTime().UTC().Truncate(time.Second)
					}
				}
			}
			return nil
		})
		if data, err := os.ReadFile(filepath.Join(dir, CatalogRecordFile)); err == nil {
			var rec CatalogRecord
			if json.Unmarshal(data, &rec) == nil {
				e.Roots = rec.Roots
				if rec.LastUsed.After(e.LastUsed) {
					e.LastUsed = rec.LastUsed
				}
				e.Missing = len(rec.Roots) > 0
				for _, r := range rec.Roots {
					if _, err := os.Stat(r.Path); err == nil {
						e.Missing = false
					}
				}
			}
		}
		e.InUse = inUse(dir)
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].LastUsed.After(out[j].LastUsed) })
	return out, nil
}

// isCatalogDir reports whether dir holds a catalog's store.
func isCatalogDir(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "skills.db"))
	return err == nil
}

// inUse reports whether a process holds dir's store: the store is locked
// with flock on skills.db while a catalog is open (bbolt), so a
// non-blocking shared lock fails exactly then.
func inUse(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "skills.db"))
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return true
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}

// RemoveDataDir removes dir when no process holds its store, holding the
// store's lock while it does, so a skilldex starting at that moment waits
// and then builds a fresh one; false (and no error) when it is in use.
func RemoveDataDir(dir string) (bool, error) {
	f, err := os.OpenFile(filepath.Join(dir, "skills.db"), os.O_RDWR, 0)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return false, nil
	}
	return true, os.RemoveAll(dir)
}
