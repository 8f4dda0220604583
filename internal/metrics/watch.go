package metrics

import (
	"context"
	"sync"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
)

// Watcher wraps a filewatcher.Watcher: each batch it reports counts into
// skilldex_watcher_events_total (and its paths into
// skilldex_watcher_paths_total), and the refresh the catalog runs for it
// (inside the onChange callback) is timed into
// skilldex_catalog_refresh_duration_seconds.
//
// Running reports whether the watcher is live: false until the first batch
// has been handled (the filewatcher contract: a watcher reports a first
// "rescan everything" batch once its watches are in place) and again once
// Watch has returned. /readyz reads it.
type Watcher struct {
	inner filewatcher.Watcher
	m     *Metrics
	// OnRunning, when set, is called with true after the first batch is
	// handled and with false when Watch returns; it must not block.
	OnRunning func(bool)
}

// NewWatcher wraps w; m may be nil (no metrics, readiness only).
func NewWatcher(w filewatcher.Watcher, m *Metrics, onRunning func(bool)) *Watcher {
	return &Watcher{inner: w, m: m, OnRunning: onRunning}
}

// Watch runs the wrapped watcher (see filewatcher.Watcher).
func (w *Watcher) Watch(ctx context.Context, roots []string, onChange func(paths []string)) error {
	var first sync.Once
	err := w.inner.Watch(ctx, roots, func(paths []string) {
		start := time.Now()
		onChange(paths)
		if w.m != nil {
			w.m.events.Inc()
			w.m.paths.Add(float64(len(paths)))
			w.m.ObserveRefresh(time.Since(start))
		}
		first.Do(func() {
			if w.OnRunning != nil {
				w.OnRunning(true)
			}
		})
	})
	if w.OnRunning != nil {
		w.OnRunning(false)
	}
	return err
}

// MaxDepth passes the wrapped watcher's depth on (filewatcher.Depther), so
// index.Catalog.Watch still checks it against the catalog's.
func (w *Watcher) MaxDepth() int {
	if d, ok := w.inner.(filewatcher.Depther); ok {
		return d.MaxDepth()
	}
	return 1 << 30
}
