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
	"github.com/skilldex/skilldex/internal/sources"
)

// CatalogRecord is the file kept in each catalog's data dir
// (DATA_DIR/KEY/catalog.json) so `skilldex cache list` can say which
// folders a data dir indexes: the key itself is a hash.
type CatalogRecord struct {
	// Roots are the catalog's roots when it was opened, in priority
	// order; the last FollowedRoots of them are the git sources the
	// lockfiles of Follows locked then (index.Options.FollowedRoots).
	Roots         []index.Root `json:"roots"`
	Follows       []LockRef    `json:"follows,omitempty"`
	FollowedRoots int          `json:"followed_roots,omitempty"`
	MaxDepth      int          `json:"max_depth"`
	Strict        bool         `json:"strict"`
	LastUsed      time.Time    `json:"last_used"`
}

// LockRef is a lockfile a catalog follows: its path and its scope
// ("project" or "global"), as Config.Followed holds them.
type LockRef struct {
	Path  string `json:"path"`
	Scope string `json:"scope"`
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
	rec := CatalogRecord{Roots: cat.Roots(), MaxDepth: c.MaxDepth, Strict: c.Strict,
		LastUsed: time.Now().UTC().Truncate(time.Second)}
	if len(c.Followed) > 0 {
		rec.FollowedRoots = c.FollowedRoots()
		for _, l := range c.Followed {
			rec.Follows = append(rec.Follows, LockRef{Path: l[0], Scope: l[1]})
		}
	}
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return
	}
	_ = safefs.WritePath(filepath.Join(dir, CatalogRecordFile), append(data, '\n'), 0o644)
}

// DataDir is one catalog data dir under the data dir setting, as cache
// list prints it.
type DataDir struct {
	Dir   string `json:"dir"`
	Bytes int64  `json:"bytes"`
	InUse bool   `json:"in_use"`
	// Roots are the catalog's skill folders now (see DataDirs); nil when
	// unknown (made by an older skilldex).
	Roots    []ListedRoot `json:"roots"`
	LastUsed time.Time    `json:"last_used"`
	// Missing is true when none of the roots exists any more.
	Missing bool `json:"roots_missing"`
}

// ListedRoot is one of a data dir's skill folders as cache list shows
// it: the root, and for a git source's root, which source of which
// lockfile it is.
type ListedRoot struct {
	index.Root
	// Source is the source's name in Lock, the lockfile that locks it;
	// both empty for a folder of the catalog's own.
	Source string `json:"source,omitempty"`
	Lock   string `json:"lock,omitempty"`
	// LockError says why Lock could not be read now ("lockfile gone", or
	// the read error): the source is then shown as it was when the
	// catalog was last opened, which may no longer be what it serves.
	LockError string `json:"lock_error,omitempty"`
}

// DataDirs reads every catalog data dir under base, most recently used
// first; none (and no error) when base does not exist. A data dir's
// roots are the ones recorded when its catalog was last opened, except
// for a catalog that follows lockfiles: their git sources are read from
// the lockfiles now (through the sources cache under base, read only),
// since skilldex add and remove change them without renaming the data
// dir.
func DataDirs(base string) ([]DataDir, error) {
	des, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	// Absolute, as the catalog records its roots.
	cache, err := filepath.Abs(filepath.Join(base, "sources"))
	if err != nil {
		return nil, err
	}
	m := &sources.Manager{Cache: cache}
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
				e.Roots = currentRoots(m, &rec)
				if rec.LastUsed.After(e.LastUsed) {
					e.LastUsed = rec.LastUsed
				}
				e.Missing = len(e.Roots) > 0
				for _, r := range e.Roots {
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

// currentRoots are the catalog's roots as it would serve them now, in
// the order the lockfile follower gives them (docs/sources.md, "Root
// order"): the recorded folders, then each followed lockfile's sources
// as it locks them now. The sources of a lockfile that is gone or cannot
// be read are the recorded ones, marked with why (a lockfile never
// written, with no source recorded, adds nothing).
func currentRoots(m *sources.Manager, rec *CatalogRecord) []ListedRoot {
	n := rec.FollowedRoots
	if len(rec.Follows) == 0 || n < 0 || n > len(rec.Roots) {
		n = 0
	}
	out := make([]ListedRoot, 0, len(rec.Roots))
	for _, r := range rec.Roots[:len(rec.Roots)-n] {
		out = append(out, ListedRoot{Root: r})
	}
	recorded := rec.Roots[len(rec.Roots)-n:]
	for _, l := range rec.Follows {
		ors, err := lockedOrigins(m, l)
		if err == nil {
			for i, r := range ors.Roots() {
				out = append(out, ListedRoot{Root: r, Source: ors[i].Name, Lock: l.Path})
			}
			continue
		}
		for _, r := range recorded {
			if name := filepath.Base(r.Path); samePath(r.Path, m.RootLink(l.Path, name)) {
				out = append(out, ListedRoot{Root: r, Source: name, Lock: l.Path, LockError: err.Error()})
			}
		}
	}
	return out
}

// lockedOrigins are the sources l locks now; a lockfile that is gone is
// an error here ("lockfile gone"), not the empty lock ReadLock makes of
// it, so cache list does not silently drop what was recorded.
func lockedOrigins(m *sources.Manager, l LockRef) (sources.Origins, error) {
	if _, err := os.Stat(l.Path); errors.Is(err, fs.ErrNotExist) {
		return nil, errors.New("lockfile gone")
	}
	return m.LockedOrigins(l.Path, l.Scope)
}

// samePath reports whether a and b name the same path once made
// absolute (links not resolved: a root link is compared as a path).
func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
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
