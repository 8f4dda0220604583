package sources

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/skilldex/skilldex/internal/safefs"
)

// lockMarker is the file beside a lockfile's folder of root links
// (<Cache>/roots/<key>.lock) that names the lockfile (its absolute path
// and a newline): the key is a hash, and prune needs the lockfile to tell
// a link still in use from one whose project is gone.
func lockMarker(key string) string { return filepath.Join("roots", key+".lock") }

// markLock records which lockfile the root links of key belong to
// (lockMarker); a failure costs only prune's knowledge of that folder.
func (m *Manager) markLock(lockPath string) {
	abs, err := filepath.Abs(lockPath)
	if err != nil {
		return
	}
	rel := lockMarker(lockKey(lockPath))
	if b, err := safefs.ReadFileNoFollow(m.Cache, rel, 64<<10); err == nil && string(b) == abs+"\n" {
		return
	}
	_ = safefs.WriteFileAtomic(m.Cache, rel, []byte(abs+"\n"), 0o644)
}

// PruneOptions tune Prune.
type PruneOptions struct {
	// Locks are lockfiles whose pinned trees are kept whether or not they
	// have root links on this machine (the project's and the user's).
	Locks []string
	// DryRun removes nothing: the report says what would go.
	DryRun bool
	// Grace is how long ago a tree (or a leftover extraction,
	// trees/.tmp-*) must have been written to be removed: an add or sync
	// in progress extracts a tree, audits it, and links it only then.
	// 0 means one hour.
	Grace time.Duration
}

// PrunedTree is one folder of <Cache>/trees that Prune removed (or would).
type PrunedTree struct {
	// Name is the folder's name in trees/ ("<commit>[-<path hash>]", or
	// ".tmp-…" for an interrupted extraction); Bytes the size of its
	// files (links count as their own size, never their target's).
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
}

// PruneReport is what Prune did (or, with DryRun, would do).
type PruneReport struct {
	// Removed are the trees removed, by name; Bytes their total size.
	Removed []PrunedTree `json:"removed"`
	Bytes   int64        `json:"bytes"`
	// Kept is how many trees a lockfile or a root link still uses;
	// Recent how many others were written within the grace period (kept:
	// an add or sync may be about to link them).
	Kept   int `json:"kept"`
	Recent int `json:"recent,omitempty"`
	// Links are the root links removed because their lockfile is gone or
	// no longer names their source (<lockfile>: <source>).
	Links []string `json:"links,omitempty"`
	// Skipped are entries of trees/ that are not folders skilldex
	// extracted (a link, a file): left alone, never followed.
	Skipped []string `json:"skipped,omitempty"`
	// Unknown is how many folders of root links name no lockfile (made
	// by an older skilldex): their trees are kept.
	Unknown int `json:"unknown_link_folders,omitempty"`
	// DryRun is true when nothing was removed.
	DryRun bool `json:"dry_run"`
}

// Prune removes the extracted trees (<Cache>/trees) that nothing on this
// machine uses any more: trees of commits that update, sync, remove or
// serve's refresh moved away from. A tree is kept when a root link points
// at it — every catalog, a running serve included, reads a source through
// its lockfile's root link, and every lockfile skilldex served on this
// machine has its links under <Cache>/roots — or when one of opts.Locks
// pins it. Root links are dropped first when their lockfile is gone (the
// project was deleted) or no longer names their source; a folder of links
// whose lockfile skilldex cannot name keeps its trees. A tree written
// within opts.Grace is kept (an add or sync may be about to link it); a
// leftover extraction older than that goes too.
//
// Removal never follows a link: it goes through an os.Root on trees/, an
// entry of trees/ that is not a folder is reported in Skipped and left,
// and read-only folders inside a tree are made writable (through the same
// root) before their entries are removed. Errors: a lockfile of opts.Locks
// that cannot be read (nothing is removed then), or a removal that failed.
func (m *Manager) Prune(opts PruneOptions) (*PruneReport, error) {
	rep := &PruneReport{DryRun: opts.DryRun, Removed: []PrunedTree{}}
	keep := map[string]bool{}
	for _, lp := range opts.Locks {
		lock, err := ReadLock(lp)
		if err != nil {
			return nil, fmt.Errorf("%w; nothing was pruned", err)
		}
		for _, s := range lock.Sources {
			if s.Commit != "" {
				keep[filepath.Base(m.treeDir(s.Commit, s.Path))] = true
			}
		}
	}
	if err := m.pruneLinks(rep, keep, opts.DryRun); err != nil {
		return nil, err
	}
	treesDir := filepath.Join(m.Cache, "trees")
	if st, err := os.Lstat(treesDir); errors.Is(err, fs.ErrNotExist) {
		return rep, nil
	} else if err != nil {
		return nil, err
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder (a link?); nothing was pruned", treesDir)
	}
	root, err := os.OpenRoot(treesDir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	ents, err := os.ReadDir(treesDir)
	if err != nil {
		return nil, err
	}
	grace := opts.Grace
	if grace <= 0 {
		grace = time.Hour
	}
	for _, e := range ents {
		name := e.Name()
		info, err := root.Lstat(name)
		if err != nil {
			continue // removed meanwhile
		}
		switch {
		case !info.IsDir():
			rep.Skipped = append(rep.Skipped, name)
			continue
		case keep[name]:
			rep.Kept++
			continue
		case time.Since(info.ModTime()) < grace:
			rep.Recent++
			continue
		}
		size := treeBytes(root, name)
		if !opts.DryRun {
			if err := removeInRoot(root, name); err != nil {
				return rep, fmt.Errorf("remove %s: %w", filepath.Join(treesDir, name), err)
			}
		}
		rep.Removed = append(rep.Removed, PrunedTree{Name: name, Bytes: size})
		rep.Bytes += size
	}
	return rep, nil
}

// pruneLinks marks in keep the trees the root links point at, after
// dropping (unless dryRun) the links whose lockfile is gone or no longer
// names their source; those are listed in rep.Links.
func (m *Manager) pruneLinks(rep *PruneReport, keep map[string]bool, dryRun bool) error {
	rootsDir := filepath.Join(m.Cache, "roots")
	keys, err := os.ReadDir(rootsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !k.IsDir() { // markers, and nothing else skilldex made
			continue
		}
		dir := filepath.Join(rootsDir, k.Name())
		links, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		lockPath := ""
		var lock *Lock
		if b, err := safefs.ReadFileNoFollow(m.Cache, lockMarker(k.Name()), 64<<10); err == nil {
			lockPath = strings.TrimSuffix(string(b), "\n")
			// A lockfile that is gone reads as empty: none of its
			// links is used any more. One that cannot be read keeps
			// its links.
			if lock, err = ReadLock(lockPath); err != nil {
				lock = nil
			}
		} else {
			rep.Unknown++
		}
		stale := 0
		for _, l := range links {
			p := filepath.Join(dir, l.Name())
			if l.Type()&fs.ModeSymlink == 0 {
				continue
			}
			if lock != nil {
				if _, ok := lock.Sources[l.Name()]; !ok {
					rep.Links = append(rep.Links, lockPath+": "+l.Name())
					stale++
					if !dryRun {
						if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
							return err
						}
					}
					continue
				}
			}
			if t, err := os.Readlink(p); err == nil {
				keep[filepath.Base(t)] = true
			}
		}
		if !dryRun && lock != nil && len(lock.Sources) == 0 && stale == len(links) {
			// The lockfile is gone or empty: its folder and marker go too
			// (os.Remove fails harmlessly on a folder that is not empty).
			if os.Remove(dir) == nil {
				_ = os.Remove(filepath.Join(m.Cache, lockMarker(k.Name())))
			}
		}
	}
	sort.Strings(rep.Links)
	return nil
}

// treeBytes is the size of the files under name in root (links count as
// themselves, never followed).
func treeBytes(root *os.Root, name string) int64 {
	var n int64
	_ = fs.WalkDir(root.FS(), name, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// removeInRoot removes name and everything below it from root without
// following a link. A folder made read-only (by hand, or an older
// skilldex) stops RemoveAll; its folders are then made writable, through
// root (a link inside is never a folder to fs.WalkDir, so never chmodded
// through), and removal is tried again.
func removeInRoot(root *os.Root, name string) error {
	err := root.RemoveAll(name)
	if err == nil || !errors.Is(err, fs.ErrPermission) {
		return err
	}
	_ = fs.WalkDir(root.FS(), name, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = root.Chmod(p, 0o755)
		}
		return nil
	})
	return root.RemoveAll(name)
}
