// Package filewatcher reports changes under a set of skill roots: the
// Watcher interface, a debouncing batcher, an fsnotify (inotify, kqueue,
// ReadDirectoryChangesW) implementation and a polling one for filesystems
// where fsnotify sees nothing (network and FUSE mounts), and the one rule
// for which folders are never walked (SkipDir), shared with discovery.
//
// The package knows nothing about skills or catalogs; index.Catalog.Watch
// is the glue that turns a batch of paths into a refresh.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package filewatcher

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// DefaultDebounce is the quiet period a watcher waits after the last event
// before it reports a batch. An editor's save is a burst of 2-6 events
// within a few milliseconds (write temp, rename, chmod), and a `git
// checkout` of hundreds of files lands within tens of milliseconds per
// hundred files; 200 ms folds each into one batch while keeping a change
// visible well under the 300 ms goal for one edit.
const DefaultDebounce = 200 * time.Millisecond

// DefaultMaxDepth is the folder depth watched below each root when
// Options.MaxDepth is 0. It equals index.DefaultMaxDepth, the bound of the
// discovery walk (a test in package index keeps the two equal): a watcher
// must see at least as deep as the catalog it keeps live.
const DefaultMaxDepth = 8

// DefaultPollInterval is the poll period when Options.Interval is 0.
const DefaultPollInterval = time.Second

// maxBatchDelay caps how long a continuous stream of events can hold a
// batch back, so a process that writes forever still gets served.
const maxBatchDelay = 2 * time.Second

// Watcher reports changes under the skill roots. Watch blocks until ctx
// is done (returning nil) or the watcher fails, calling onChange from one
// goroutine with each debounced batch of changed paths (absolute, sorted,
// deduplicated). An empty (nil) batch means "something changed that was
// not seen in detail; rescan everything".
//
// The first batch is always such an empty one, reported once the watches
// (or the poll's first snapshot) are in place: a change made before then
// (after the caller's own scan of the roots, before the watcher started)
// raised no event, so a caller that scanned first must scan again. Every
// change after that first report is reported in a later batch. Both
// watchers of this package keep that promise; index.Catalog.Watch relies
// on it to stay never stale from the moment it starts.
type Watcher interface {
	Watch(ctx context.Context, roots []string, onChange func(paths []string)) error
}

// Depther is implemented by watchers that watch a bounded depth below each
// root. index.Catalog.Watch uses it to refuse a watcher that would miss
// changes the catalog's walk can see.
type Depther interface {
	// MaxDepth returns the number of folder levels watched below a root
	// (a root's own files are level 1).
	MaxDepth() int
}

// Options configure New.
type Options struct {
	// Kind is "fsnotify" (the default when empty) or "poll".
	Kind string
	// Debounce is the quiet period before a batch is reported;
	// 0 means DefaultDebounce. fsnotify only: a poll batch is one tick.
	Debounce time.Duration
	// Interval is the poll period; 0 means DefaultPollInterval. Poll only.
	Interval time.Duration
	// MaxDepth bounds how many folder levels below each root are watched,
	// counted as the catalog's --max-depth counts them (a skill folder
	// right under the root is level 1); 0 means DefaultMaxDepth. Pass the
	// catalog's max depth: a shallower watcher misses deep edits until
	// the next full rescan.
	MaxDepth int
}

// New returns the watcher opts describe, or an error naming the accepted
// kinds when opts.Kind is unknown or a duration or depth is negative.
func New(opts Options) (Watcher, error) {
	if opts.Debounce < 0 || opts.Interval < 0 || opts.MaxDepth < 0 {
		return nil, fmt.Errorf("watcher: negative debounce (%v), interval (%v) or max depth (%d)", opts.Debounce, opts.Interval, opts.MaxDepth)
	}
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	switch opts.Kind {
	case "", "fsnotify":
		return &FSNotify{Debounce: opts.Debounce, Depth: opts.MaxDepth}, nil
	case "poll":
		if opts.Interval == 0 {
			opts.Interval = DefaultPollInterval
		}
		return &Poll{Interval: opts.Interval, Depth: opts.MaxDepth}, nil
	}
	return nil, fmt.Errorf("unknown watcher %q: use fsnotify or poll", opts.Kind)
}

// SkipDir reports whether a folder named name, below a root, is never
// walked or watched: version-control metadata (.git) and package-manager
// trees (node_modules), as the Agent Skills client implementation guide
// advises for skill discovery ("skip .git and node_modules"). A root itself
// is never skipped, whatever its name. This is the one copy of the rule:
// discovery (index) and both watchers use it.
func SkipDir(name string) bool {
	return name == ".git" || name == "node_modules"
}

// depthBelow returns how many folder levels p lies below root, counting
// root's direct children as 1 (root itself is 0), or -1 when p is not
// inside root.
func depthBelow(root, p string) int {
	if p == root {
		return 0
	}
	prefix := root
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	if !strings.HasPrefix(p, prefix) {
		return -1
	}
	return strings.Count(p[len(prefix):], string(filepath.Separator)) + 1
}

// within reports whether p is dir or inside it.
func within(dir, p string) bool {
	return depthBelow(dir, p) >= 0
}

// rootOf returns the first root that holds p and p's depth below it, or
// ("", -1).
func rootOf(roots []string, p string) (string, int) {
	for _, r := range roots {
		if d := depthBelow(r, p); d >= 0 {
			return r, d
		}
	}
	return "", -1
}
