package index

import (
	"context"
	"fmt"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
)

// Watch keeps the catalog live until ctx is done: each batch from w
// refreshes the affected skills (RefreshPaths; an empty batch refreshes
// everything), and every rescan interval a full Refresh runs as a safety
// net (0 disables it). Refresh errors are logged, never fatal: the catalog
// keeps serving what it has.
//
// An edit made after the catalog's last refresh (at Open) but before the
// watcher's watches are in place raises no event; the watcher's first
// batch, reported once its watches are in place, is a "rescan everything"
// (the filewatcher.Watcher contract), so that edit is refreshed then
// rather than at the next periodic rescan. The cost is one more full
// refresh when watching starts (folder listings from the dir cache, one
// stat per file).
//
// A watcher that reports its depth (filewatcher.Depther) must watch at
// least as deep as the catalog walks (Options.MaxDepth): otherwise an edit
// below its depth would go unseen until the next rescan, so Watch returns
// an error naming both depths before watching anything. Build the watcher
// with filewatcher.Options.MaxDepth set to the catalog's max depth.
func (c *Catalog) Watch(ctx context.Context, w filewatcher.Watcher, rescan time.Duration) error {
	if d, ok := w.(filewatcher.Depther); ok && d.MaxDepth() < walkDepth(c.opts.MaxDepth) {
		return fmt.Errorf("watcher watches %d folder levels below each root but the catalog walks %d: edits deeper than %d would be missed (build the watcher with the catalog's max depth)", d.MaxDepth(), walkDepth(c.opts.MaxDepth), d.MaxDepth())
	}
	var roots []string
	for _, r := range c.ref.shown.get() {
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
