package index

import (
	"context"
	"sync/atomic"
)

// rootList holds the catalog's published roots in priority order. The
// refresher replaces the slice under refreshMu (after a refresh that
// followed SetRoots) and never changes one in place, so Roots and Watch
// read it without waiting for a refresh.
type rootList struct{ p atomic.Pointer[[]Root] }

// get returns the roots; the slice is shared and must not be modified.
func (l *rootList) get() []Root {
	if r := l.p.Load(); r != nil {
		return *r
	}
	return nil
}

func (l *rootList) set(roots []Root) { l.p.Store(&roots) }

// SetRoots replaces the catalog's roots (priority order: an earlier root
// wins a shared skill name) and brings the catalog up to date with them
// as Refresh does: the skills of added roots are parsed and written, those
// of dropped roots removed, a skill whose root moved in the order is
// written again with its new root, shadowing is recomputed, and
// subscribers hear the Change (so MCP clients get list_changed). Paths are
// made absolute. It is for a serving process whose set of folders changes
// (serve follows the lockfiles' git sources with it).
//
// The data dir stays the one Open chose, named for the roots at Open (a
// later Open with the new roots uses another, unless only the roots
// Options.FollowedRoots counts changed: a catalog that follows lockfiles
// is named by them, not by the sources they lock). A Watch already running
// keeps watching the roots it started with: a root added here is caught
// up by Watch's periodic rescan and by the caller's own refreshes, which
// suits roots whose content does not change in place (a source's
// extracted tree). Errors: a root that cannot be made absolute (nothing
// changed), ErrClosed, or the refresh's (the new roots stay: the next
// refresh carries on with them, and Roots reports them once one
// succeeds).
func (c *Catalog) SetRoots(ctx context.Context, roots []Root) (*Stats, error) {
	roots = append([]Root(nil), roots...)
	if err := absRoots(roots); err != nil {
		return nil, err
	}
	return c.ref.setRoots(ctx, roots)
}

func (c *refresher) setRoots(ctx context.Context, roots []Root) (*Stats, error) {
	w := c.lockWrite()
	defer w.unlock()
	if c.closed {
		return nil, ErrClosed
	}
	c.reader.roots = roots
	c.rootsDirty = true
	return c.refreshLocked(w, ctx)
}
