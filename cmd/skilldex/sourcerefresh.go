package main

import (
	"context"
	"log/slog"
	"path/filepath"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/internal/sources"
)

// serveSources is serve.Deps.Sources: the serving process follows the
// lockfiles it was given (and, with --refresh-sources, refreshes their
// sources) over its data dir's sources cache, until ctx ends, noticing a
// change as the catalog notices one in its folders (--watch, --debounce);
// catchUp follows them at once. The catalog's roots that are not source root
// links are its folders, kept first.
func serveSources(ctx context.Context, cat *index.Catalog, dc *serve.DaemonConfig, log *slog.Logger) (catchUp func()) {
	m := &sources.Manager{Cache: filepath.Join(dc.DataDir, "sources"), Logger: log}
	if abs, err := filepath.Abs(m.Cache); err == nil {
		m.Cache = abs
	}
	var base []index.Root
	for _, r := range dc.Roots {
		if !m.SourceRoot(r.Path) {
			base = append(base, r)
		}
	}
	f := sources.NewFollower(cat, m, base, dc.Locks, dc.RefreshSources, log)
	f.Watch, f.Debounce = dc.Watch, dc.Debounce // the catalog's watcher setting
	go f.Run(ctx)
	return func() { f.CatchUp(ctx) }
}
