package main

import (
	"context"
	"log/slog"
	"path/filepath"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/internal/sources"
)

// serveSources is serve.Deps.Sources: the refresh of the lockfiles the
// serving process was given, over its data dir's sources cache.
func serveSources(ctx context.Context, cat *index.Catalog, dc *serve.DaemonConfig, log *slog.Logger) {
	m := &sources.Manager{Cache: filepath.Join(dc.DataDir, "sources"), Logger: log}
	sources.ServeRefresh(ctx, cat, m, dc.Locks, dc.RefreshSources, log)
}
