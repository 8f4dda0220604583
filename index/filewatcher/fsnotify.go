package filewatcher

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// FSNotify watches every folder under the roots, down to Depth levels,
// with fsnotify (inotify on Linux). New folders are watched as they
// appear; a root that does not exist yet is watched from its nearest
// existing parent, so creating .claude/skills later is noticed. Folders
// SkipDir names are not watched. Build one with New.
type FSNotify struct {
	// Debounce is the quiet period before a batch is reported.
	Debounce time.Duration
	// Depth is the number of folder levels watched below each root.
	Depth int
}

// MaxDepth implements Depther.
func (f *FSNotify) MaxDepth() int { return f.Depth }

// Watch implements Watcher. It fails only when the operating system
// refuses an fsnotify instance (the error suggests the poll watcher);
// folders it cannot watch (permissions, the inotify watch limit) are
// skipped and left to the catalog's periodic rescan.
func (f *FSNotify) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("fsnotify: %w (try the poll watcher: --watch poll)", err)
	}
	defer w.Close()
	depth := f.Depth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	debounce := f.Debounce
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	b := newBatcher(debounce)
	defer b.stop()

	// addTree watches dir and the folders below it, down to depth levels
	// below the root that holds dir (not below dir: a folder created deep
	// in a root gets only what is left of the bound).
	addTree := func(dir string) {
		root, base := rootOf(roots, dir)
		if base < 0 || base > depth {
			return
		}
		if dir != root && SkipDir(filepath.Base(dir)) {
			return
		}
		walkFolders(root, dir, depth, func(p string) { _ = w.Add(p) })
	}
	pending := map[string]bool{} // roots that do not exist yet
	watchRoot := func(r string) {
		for {
			if st, err := os.Stat(r); err == nil && st.IsDir() {
				delete(pending, r)
				addTree(r)
				return
			}
			pending[r] = true
			p := filepath.Dir(r)
			for ; ; p = filepath.Dir(p) {
				if _, err := os.Stat(p); err == nil || p == filepath.Dir(p) {
					break
				}
			}
			if err := w.Add(p); err != nil {
				return
			}
			// A folder made below p between the Stat and the Add raised
			// no event: if the next folder toward the root exists now,
			// watch deeper.
			rel, err := filepath.Rel(p, r)
			if err != nil || rel == "." {
				return
			}
			next := filepath.Join(p, strings.SplitN(rel, string(filepath.Separator), 2)[0])
			if _, err := os.Stat(next); err != nil {
				return
			}
		}
	}
	for _, r := range roots {
		watchRoot(r)
	}
	// The watches are in place: whatever changed before (after the
	// caller's scan, before the watches) raised no event. The first batch
	// says "rescan everything" (the Watcher contract); events from now on
	// fold into it or come after it.
	b.add("")
	for {
		select {
		case <-ctx.Done():
			return nil
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				b.add("") // events were lost: rescan everything
			}
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			for r := range pending {
				// ev.Name is the root or one of its missing parents.
				if ev.Name == r || within(ev.Name, r) {
					watchRoot(r)
					if !pending[r] {
						b.add(r)
					}
				}
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					// Files created before the watch was added are
					// found by the refresh of this folder.
					addTree(ev.Name)
				}
			}
			if _, d := rootOf(roots, ev.Name); d >= 0 {
				b.add(ev.Name)
			}
		case <-b.flush:
			paths := b.take()
			if len(paths) == 0 {
				continue
			}
			// A renamed folder keeps its inotify watch descriptor, and
			// fsnotify's removal of the old name's watch drops it for
			// the new name too: watch changed folders again once the
			// burst has settled (Add is idempotent), also in a batch
			// that is reported as "rescan everything" (the first one).
			for _, p := range paths {
				if p == "" {
					continue
				}
				if st, err := os.Stat(p); err == nil && st.IsDir() {
					addTree(p)
				}
			}
			if paths[0] == "" {
				paths = nil
			}
			onChange(paths)
		}
	}
}
