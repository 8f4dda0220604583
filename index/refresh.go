package index

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/store"
)

// refresher is the one writer: every change to the store and the search
// index goes through it, under its lock mu (refreshMu), which it takes
// only through lockWrite: refreshes (plan: which folders to walk and
// parse; parse-and-write: the folders read by the folderReader in batches,
// written to the pair with the pending list; publish: the new map and
// shadowing into the view, then the subscribers), the background body
// pass's chunks (completeSkills), the open-time load and its repairs, the fall
// back to memory (degrade), the rebuild after damage a reader reported
// (repairer) and Close. Readers that find a file newer than
// the catalog come in through catchUp and wait. It holds the view, the
// pair and the body queue, whose locks it takes only through their own
// methods, after mu and one at a time, never the other way round: none of
// them holds a reference back.
type refresher struct {
	mu   sync.Mutex // refreshMu; taken only through lockWrite
	opts *Options   // the catalog's, roots absolute as at Open; never changed
	log  *slog.Logger
	// reader.roots are the roots refreshes walk (opts.Roots until
	// SetRoots), replaced only under refreshMu; shown are the roots of the
	// view readers see, published after the refresh that made the view
	// agree with them (so a skill's Root indexes Roots).
	shown  rootList
	reader folderReader // reads skill folders
	view   *view
	pair   *pair
	// bodies holds the ids whose body text is not in the search index yet
	// (BackgroundBodies). It changes only under refreshMu, and the
	// background pass indexes under refreshMu too (completeSkills), so a body is
	// always indexed from the store's current record and can never bring
	// back a removed or older version of a skill. Its own lock lets
	// BodiesPending read it without waiting for a refresh.
	bodies *bodyQueue
	subs   subscribers

	closed bool // set by close (under refreshMu): refreshes fail after it
	// rootsDirty: the roots changed (setRoots) and no full refresh has
	// succeeded since, so the view's skills may name roots by their old
	// indexes; a partial refresh walks everything then.
	rootsDirty bool
	reparse    bool // load dropped deferred skills for Open's refresh to parse
	dirHits    int  // folders the last full walk listed from the stored listings (dircache.go; tests)

	readWalks atomic.Int64 // folder walks started by reads (catchUp), for tests
}

func newRefresher(opts *Options, log *slog.Logger, v *view, p *pair, bodies *bodyQueue) *refresher {
	c := &refresher{opts: opts, log: log, reader: folderReader{roots: opts.Roots, mode: opts.Mode}, view: v, pair: p, bodies: bodies}
	c.shown.set(opts.Roots)
	return c
}

// writing is proof that its holder holds refreshMu, the writers' lock.
// Only lockWrite makes one (never write writing{}), and every function
// that writes the store or the search index, or degrades the catalog,
// takes one: a write path that forgot the lock does not compile.
type writing struct{ c *refresher }

// lockWrite takes refreshMu (waiting for the writer in progress).
func (c *refresher) lockWrite() writing {
	c.mu.Lock()
	return writing{c}
}

func (w writing) unlock() { w.c.mu.Unlock() }

// close closes the pair once the refresh in progress (the watcher's, a
// rescan) has finished: no refresh starts after, since it would write to
// closed files.
func (c *refresher) close() error {
	w := c.lockWrite()
	defer w.unlock()
	c.closed = true
	return c.pair.close(w)
}

// Refresh walks the roots and brings the catalog up to date: new and
// changed skills (by file fingerprints: path, size, modification time) are
// parsed and written to the store and the search index; vanished ones are
// removed; shadowing is recomputed. Unchanged skills cost one stat per
// file. A skill that fails to parse stays in the catalog as invalid with
// its diagnostics and is not served.
func (c *Catalog) Refresh(ctx context.Context) (*Stats, error) { return c.ref.refresh(ctx) }

func (c *refresher) refresh(ctx context.Context) (*Stats, error) {
	w := c.lockWrite()
	defer w.unlock()
	return c.refreshLocked(w, ctx)
}

// RefreshPaths brings the catalog up to date after changes to the given
// paths (files or folders, absolute). When every path lies inside a known
// skill folder, only those folders are walked again (the common case of an
// author editing a skill); otherwise it falls back to Refresh.
func (c *Catalog) RefreshPaths(ctx context.Context, paths []string) (*Stats, error) {
	return c.ref.refreshPaths(ctx, paths)
}

func (c *refresher) refreshPaths(ctx context.Context, paths []string) (*Stats, error) {
	targets, whole := c.view.folders(paths)
	if whole {
		return c.refresh(ctx)
	}
	w := c.lockWrite()
	defer w.unlock()
	if c.rootsDirty {
		return c.refreshLocked(w, ctx)
	}
	start := time.Now()
	var found []*found
	var ids []string
	for _, t := range targets {
		wk := &walker{maxDepth: walkDepth(c.opts.MaxDepth), visited: map[string]bool{}}
		wk.walk(t.Root, t.Dir, t.RealDir, t.Rel, t.Depth, nil)
		for _, f := range wk.found {
			id := f.rel
			if f.rel == t.Rel {
				id = t.ID
			} else if o, ok := c.view.get(id); ok && o.Dir != f.dir {
				return c.refreshLocked(w, ctx) // an id collision needs the global view
			}
			found, ids = append(found, f), append(ids, id)
		}
	}
	walkDiags := c.view.walkDiags()
	inScope := func(s *Skill) bool {
		for _, t := range targets {
			if within(t.Dir, s.Dir) {
				return true
			}
		}
		return false
	}
	return c.apply(w, ctx, start, found, ids, inScope, walkDiags)
}

// catchUp is the read path's one way into the write pipeline: a read that
// found the file at path newer than the catalog asks for its folder to be
// brought up to date, and waits. While a skill is being edited, many reads
// notice the same change at once: each first waits for the refresh in
// progress (the watcher's, or another read's) and walks the folder again
// only if behind, asked then, still says the catalog is behind the disk,
// so concurrent reads do not queue one refresh each.
func (c *refresher) catchUp(ctx context.Context, path string, behind func() bool) error {
	w := c.lockWrite() // waits for the refresh in progress
	still := behind()
	w.unlock()
	if !still {
		return nil
	}
	c.readWalks.Add(1)
	_, err := c.refreshPaths(ctx, []string{path})
	return err
}

// refreshLocked is Refresh for callers that hold refreshMu.
func (c *refresher) refreshLocked(w writing, ctx context.Context) (*Stats, error) {
	start := time.Now()
	roots := c.reader.roots
	wk := discoverWith(roots, c.opts.MaxDepth, c.walkDirs(w))
	stats, err := c.apply(w, ctx, start, wk.found, skillIDs(wk.found, roots), func(*Skill) bool { return true }, wk.diags)
	if err == nil {
		c.saveDirs(w, wk)
		if c.rootsDirty {
			c.shown.set(roots)
			c.rootsDirty = false
		}
	}
	return stats, err
}

// walkDepth is the walk bound for Options.MaxDepth max: DefaultMaxDepth
// when max is 0.
func walkDepth(max int) int {
	if max > 0 {
		return max
	}
	return DefaultMaxDepth
}

// apply makes the catalog agree with found (with their ids) for the skills
// inScope selects: unchanged skills are kept, new and changed ones parsed
// and written, in-scope skills not found are removed. Skills out of scope
// are kept as they are. w proves refreshMu is held.
func (c *refresher) apply(w writing, ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
	if c.closed {
		return nil, ErrClosed
	}
	stats, err := c.applyOnce(w, ctx, start, found, ids, inScope, walkDiags)
	if errors.Is(err, errWrite) && errors.Is(err, store.ErrCorrupt) {
		// Damage, not a full or read-only disk: the next start must not
		// trust these files again.
		c.pair.markRebuild(err)
	}
	if err != nil && errors.Is(err, errWrite) && c.degrade(w, err) {
		return c.rebuildInMemory(w, ctx)
	}
	return stats, err
}

func (c *refresher) applyOnce(w writing, ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
	old := c.view.current(w)

	stats := &Stats{Found: len(found)}
	next := make(map[string]*Skill, len(old)+len(found))
	current := make(map[string]bool, len(ids))
	for _, id := range ids {
		current[id] = true
	}
	var removed []string
	for id, s := range old {
		switch {
		case !inScope(s):
			next[id] = s
		case !current[id]:
			removed = append(removed, id)
		}
	}
	sort.Strings(removed)
	var todo []int
	for i, f := range found {
		sortFiles(f.files)
		if o := old[ids[i]]; o != nil && o.Dir == f.dir && o.Root == f.root && sameFiles(o.Files, f.files) {
			next[ids[i]] = o
			stats.Unchanged++
			continue
		}
		todo = append(todo, i)
	}

	if len(todo) >= deferBodiesMin && c.opts.OnBuild != nil {
		c.opts.OnBuild(true)
		defer c.opts.OnBuild(false)
	}
	deferBodies := c.opts.BackgroundBodies && len(todo) >= deferBodiesMin
	if deferBodies {
		// Recorded before the first metadata-only document is written.
		for _, i := range todo {
			c.bodies.add(ids[i])
		}
		if err := c.bodies.save(w, c.pair.st); err != nil {
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
	}
	defer c.bodies.kick()

	size := batchSize
	if deferBodies {
		size = metaBatchSize
	}
	change := Change{}
	// The next batch is parsed (and, in a deferred build, its small search
	// documents mapped and analysed) while this one is written.
	type made struct {
		b   *writeBatch
		err error
	}
	ix := c.pair.ix // the pair changes only under refreshMu, which this refresh holds
	parseBatch := func(n int) <-chan made {
		ch := make(chan made, 1)
		if n >= len(todo) {
			close(ch)
			return ch
		}
		go func() {
			b, err := newWriteBatch(c.reader.parseAll(found, ids, todo[n:min(n+size, len(todo))], deferBodies), deferBodies)
			if err == nil && deferBodies {
				b.prepare(ix)
			}
			ch <- made{b, err}
		}()
		return ch
	}
	upcoming := parseBatch(0)
	for n := 0; n < len(todo); n += size {
		m := <-upcoming
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		upcoming = parseBatch(n + size)
		err := m.err
		if err == nil {
			err = c.writeBatch(w, m.b, nil)
		}
		if err != nil {
			<-upcoming
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
		parsed := m.b.ps
		for _, p := range parsed {
			next[p.skill.ID] = p.skill
			o := old[p.skill.ID]
			switch {
			case o == nil:
				change.Added = append(change.Added, p.skill.ID)
				change.ListChanged = change.ListChanged || p.skill.Valid
			default:
				change.Updated = append(change.Updated, p.skill.ID)
				if o.Valid != p.skill.Valid || o.Name != p.skill.Name || o.Description != p.skill.Description {
					change.ListChanged = true
				}
			}
		}
		stats.Parsed += len(parsed)
		if c.opts.Progress != nil {
			c.opts.Progress(n+len(parsed), len(todo))
		}
	}
	if len(removed) > 0 {
		if err := c.write(w, nil, removed, false); err != nil {
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
		change.Removed = removed
		for _, id := range removed {
			if old[id].Valid {
				change.ListChanged = true
			}
		}
	}
	stats.Removed = len(removed)

	changed := append(append([]string{}, change.Added...), change.Updated...)
	changed = append(changed, removed...)
	l := c.view.lock()
	l.publish(next, walkDiags, old, changed, stats)
	l.unlock()
	stats.Duration = time.Since(start)
	if len(change.Added)+len(change.Updated)+len(change.Removed) > 0 {
		c.subs.notify(change)
	}
	return stats, nil
}

func sameFiles(a, b []FileInfo) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Path != b[i].Path || a[i].Size != b[i].Size || a[i].ModTime != b[i].ModTime {
			return false
		}
	}
	return true
}

// metaBatchSize is how many skills a deferred build (BackgroundBodies:
// names, descriptions and tags first) parses and writes at a time. Its
// search documents are small, so the search index makes one segment of
// each write (search.Index grows a batch of small documents), and bleve
// merges a few large segments instead of many small ones: merging is a
// large share of a cold start's CPU.
const metaBatchSize = 2000
