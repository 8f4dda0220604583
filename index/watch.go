package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is the quiet period a watcher waits after the last event
// before it reports a batch. An editor's save is a burst of 2-6 events
// within a few milliseconds (write temp, rename, chmod), and a `git
// checkout` of hundreds of files lands within tens of milliseconds per
// hundred files; 200 ms folds each into one batch while keeping a change
// visible well under the 300 ms goal for one edit.
const DefaultDebounce = 200 * time.Millisecond

// maxBatchDelay caps how long a continuous stream of events can hold a
// batch back, so a process that writes forever still gets served.
const maxBatchDelay = 2 * time.Second

// Watcher reports changes under the skill roots. Watch blocks until ctx
// is done (returning nil) or the watcher fails, calling onChange from one
// goroutine with each debounced batch of changed paths (absolute, sorted,
// deduplicated). An empty batch means "something changed; rescan all".
type Watcher interface {
	Watch(ctx context.Context, roots []string, onChange func(paths []string)) error
}

// NewWatcher returns the watcher named kind: "fsnotify" (the default, "")
// or "poll". debounce 0 means DefaultDebounce; interval is the poll period
// (0 means 1s).
func NewWatcher(kind string, debounce, interval time.Duration) (Watcher, error) {
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	switch kind {
	case "", "fsnotify":
		return &FSNotify{Debounce: debounce}, nil
	case "poll":
		if interval <= 0 {
			interval = time.Second
		}
		return &Poll{Interval: interval}, nil
	}
	return nil, fmt.Errorf("unknown watcher %q: use fsnotify or poll", kind)
}

// batcher debounces paths: it flushes after Debounce without new paths, or
// after maxBatchDelay since the first unflushed path.
type batcher struct {
	debounce time.Duration
	mu       sync.Mutex
	paths    map[string]bool
	first    time.Time
	timer    *time.Timer
	flush    chan struct{}
}

func newBatcher(d time.Duration) *batcher {
	return &batcher{debounce: d, paths: map[string]bool{}, flush: make(chan struct{}, 1)}
}

func (b *batcher) add(p string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.paths) == 0 {
		b.first = time.Now()
	}
	b.paths[p] = true
	wait := b.debounce
	if rest := maxBatchDelay - time.Since(b.first); rest < wait {
		wait = max(rest, 0)
	}
	if b.timer == nil {
		b.timer = time.AfterFunc(wait, b.fire)
	} else {
		b.timer.Reset(wait)
	}
}

func (b *batcher) fire() {
	select {
	case b.flush <- struct{}{}:
	default:
	}
}

func (b *batcher) take() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]string, 0, len(b.paths))
	for p := range b.paths {
		out = append(out, p)
	}
	sort.Strings(out)
	b.paths = map[string]bool{}
	return out
}

// FSNotify watches every folder under the roots with fsnotify (inotify on
// Linux). New folders are watched as they appear; a root that does not
// exist yet is watched from its nearest existing parent, so creating
// .claude/skills later is noticed.
type FSNotify struct {
	Debounce time.Duration
	// MaxDepth bounds how deep folders are watched; 0 means
	// DefaultMaxDepth.
	MaxDepth int
}

// Watch implements Watcher.
func (f *FSNotify) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("fsnotify: %w (try --watch poll)", err)
	}
	defer w.Close()
	depth := f.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	b := newBatcher(f.Debounce)
	pending := map[string]bool{} // roots not yet existing
	addTree := func(dir string) {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if n := d.Name(); p != dir && (n == ".git" || n == "node_modules") {
				return filepath.SkipDir
			}
			if rel, _ := filepath.Rel(dir, p); rel != "." && depthOf(rel) > depth {
				return filepath.SkipDir
			}
			_ = w.Add(p)
			return nil
		})
	}
	watchRoot := func(r string) {
		if st, err := os.Stat(r); err == nil && st.IsDir() {
			delete(pending, r)
			addTree(r)
			return
		}
		pending[r] = true
		for p := filepath.Dir(r); ; p = filepath.Dir(p) {
			if _, err := os.Stat(p); err == nil {
				_ = w.Add(p)
				return
			}
			if p == filepath.Dir(p) {
				return
			}
		}
	}
	for _, r := range roots {
		watchRoot(r)
	}
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
			if inRoots(roots, ev.Name) {
				b.add(ev.Name)
			}
		case <-b.flush:
			paths := b.take()
			if len(paths) == 0 {
				continue
			}
			if paths[0] == "" {
				paths = nil
			}
			// A renamed folder keeps its inotify watch descriptor, and
			// fsnotify's removal of the old name's watch drops it for
			// the new name too: watch changed folders again once the
			// burst has settled (Add is idempotent).
			for _, p := range paths {
				if st, err := os.Stat(p); err == nil && st.IsDir() {
					addTree(p)
				}
			}
			onChange(paths)
		}
	}
}

func depthOf(rel string) int {
	n := 1
	for _, c := range rel {
		if c == filepath.Separator {
			n++
		}
	}
	return n
}

func inRoots(roots []string, p string) bool {
	for _, r := range roots {
		if within(r, p) {
			return true
		}
	}
	return false
}

// Poll detects changes by walking the roots every Interval and comparing
// size and modification time of every file; for network and FUSE
// filesystems where fsnotify sees nothing.
type Poll struct {
	Interval time.Duration
}

// Watch implements Watcher.
func (p *Poll) Watch(ctx context.Context, roots []string, onChange func([]string)) error {
	snap := func() map[string]FileInfo {
		out := map[string]FileInfo{}
		for _, r := range roots {
			_ = filepath.WalkDir(r, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return nil
				}
				if d.IsDir() && path != r && (d.Name() == ".git" || d.Name() == "node_modules") {
					return filepath.SkipDir
				}
				if info, err := d.Info(); err == nil {
					out[path] = FileInfo{Size: info.Size(), ModTime: info.ModTime().UnixNano()}
				}
				return nil
			})
		}
		return out
	}
	prev := snap()
	t := time.NewTicker(p.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			cur := snap()
			var changed []string
			for k, v := range cur {
				if o, ok := prev[k]; !ok || o != v {
					changed = append(changed, k)
				}
			}
			for k := range prev {
				if _, ok := cur[k]; !ok {
					changed = append(changed, k)
				}
			}
			prev = cur
			if len(changed) > 0 {
				sort.Strings(changed)
				onChange(changed)
			}
		}
	}
}

// Watch keeps the catalog live until ctx is done: each batch from w
// refreshes the affected skills (RefreshPaths), and every rescan interval
// a full Refresh runs as a safety net (0 disables it). Refresh errors are
// logged, never fatal: the catalog keeps serving what it has.
func (c *Catalog) Watch(ctx context.Context, w Watcher, rescan time.Duration) error {
	var roots []string
	for _, r := range c.opts.Roots {
		roots = append(roots, r.Path)
	}
	if rescan > 0 {
		go func() {
			t := time.NewTicker(rescan)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					if _, err := c.Refresh(ctx); err != nil && ctx.Err() == nil {
						c.log.Warn("periodic rescan failed", "err", err)
					}
				}
			}
		}()
	}
	return w.Watch(ctx, roots, func(paths []string) {
		st, err := c.RefreshPaths(ctx, paths)
		if err != nil {
			if ctx.Err() == nil {
				c.log.Warn("refresh after change failed", "paths", len(paths), "err", err)
			}
			return
		}
		c.log.Debug("refreshed after change", "paths", len(paths), "parsed", st.Parsed, "removed", st.Removed, "took", st.Duration)
	})
}
