package index

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/store"
)

// Refresh walks the roots and brings the catalog up to date: new and
// changed skills (by file fingerprints: path, size, modification time) are
// parsed and written to the store and the search index; vanished ones are
// removed; shadowing is recomputed. Unchanged skills cost one stat per
// file. A skill that fails to parse stays in the catalog as invalid with
// its diagnostics and is not served.
func (c *Catalog) Refresh(ctx context.Context) (*Stats, error) {
	w := c.lockWrite()
	defer w.unlock()
	return c.refreshLocked(w, ctx)
}

// RefreshPaths brings the catalog up to date after changes to the given
// paths (files or folders, absolute). When every path lies inside a known
// skill folder, only those folders are walked again (the common case of an
// author editing a skill); otherwise it falls back to Refresh.
func (c *Catalog) RefreshPaths(ctx context.Context, paths []string) (*Stats, error) {
	targets, whole := c.view.folders(paths)
	if whole {
		return c.Refresh(ctx)
	}
	w := c.lockWrite()
	defer w.unlock()
	start := time.Now()
	var found []*found
	var ids []string
	for _, t := range targets {
		wk := &walker{maxDepth: c.maxDepth(), visited: map[string]bool{}}
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

// refreshLocked is Refresh for callers that hold refreshMu.
func (c *Catalog) refreshLocked(w writing, ctx context.Context) (*Stats, error) {
	start := time.Now()
	wk := discoverWith(c.opts.Roots, c.opts.MaxDepth, c.walkDirs(w))
	stats, err := c.apply(w, ctx, start, wk.found, skillIDs(wk.found, c.opts.Roots), func(*Skill) bool { return true }, wk.diags)
	if err == nil {
		c.saveDirs(w, wk)
	}
	return stats, err
}

func (c *Catalog) maxDepth() int {
	if c.opts.MaxDepth > 0 {
		return c.opts.MaxDepth
	}
	return DefaultMaxDepth
}

// apply makes the catalog agree with found (with their ids) for the skills
// inScope selects: unchanged skills are kept, new and changed ones parsed
// and written, in-scope skills not found are removed. Skills out of scope
// are kept as they are. w proves refreshMu is held.
func (c *Catalog) apply(w writing, ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
	if c.closed {
		return nil, ErrClosed
	}
	stats, err := c.applyOnce(w, ctx, start, found, ids, inScope, walkDiags)
	if errors.Is(err, errWrite) && errors.Is(err, store.ErrCorrupt) {
		// Damage, not a full or read-only disk: the next start must not
		// trust these files again.
		c.markRebuild(err)
	}
	if err != nil && errors.Is(err, errWrite) && c.degrade(w, err) {
		return c.rebuildInMemory(w, ctx)
	}
	return stats, err
}

func (c *Catalog) applyOnce(w writing, ctx context.Context, start time.Time, found []*found, ids []string, inScope func(*Skill) bool, walkDiags []skillmd.Diagnostic) (*Stats, error) {
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

	deferBodies := c.opts.BackgroundBodies && len(todo) >= deferBodiesMin
	if deferBodies {
		// Recorded before the first metadata-only document is written.
		for _, i := range todo {
			c.bodies.add(ids[i])
		}
		if err := c.saveBodies(w); err != nil {
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
	}
	defer c.kickBodies()

	change := Change{}
	// The next batch is parsed while this one is written: writes spend
	// most of their time waiting for the search index to persist.
	parseBatch := func(n int) <-chan []parsed {
		ch := make(chan []parsed, 1)
		if n >= len(todo) {
			close(ch)
			return ch
		}
		go func() { ch <- c.reader.parseAll(found, ids, todo[n:min(n+batchSize, len(todo))], deferBodies) }()
		return ch
	}
	upcoming := parseBatch(0)
	for n := 0; n < len(todo); n += batchSize {
		parsed := <-upcoming
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		upcoming = parseBatch(n + batchSize)
		if err := c.write(w, parsed, nil, deferBodies); err != nil {
			<-upcoming
			return nil, fmt.Errorf("%w: %w", errWrite, err)
		}
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
		c.notify(change)
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
