package serve

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/metrics"
	"github.com/skilldex/skilldex/tools/httpapi"
)

// Ops is what serve --http reports about itself: Prometheus metrics
// (internal/metrics) and the health probes (httpapi.Health). Make it
// before the catalog opens (its OnBuild hook times the first build), then
// Attach the catalog. A nil *Ops does nothing: stdio serving has no
// /metrics.
type Ops struct {
	Metrics *metrics.Metrics
	Health  *httpapi.Health
	cat     atomic.Pointer[index.Catalog]
}

// NewOps returns the metrics and probes of a server that watches its
// roots (watching) or not (serve --no-watch: ready once built).
func NewOps(watching bool) *Ops {
	o := &Ops{}
	o.Metrics = metrics.New(func() int {
		if c := o.cat.Load(); c != nil {
			return c.Len()
		}
		return 0
	})
	state := httpapi.WatchOff
	if watching {
		state = httpapi.WatchStarting
	}
	o.Health = httpapi.NewHealth(state)
	return o
}

// OnBuild chains the metrics' build timer after next (the memory policy's
// hook, gcpolicy.OnBuild), for index.Options.OnBuild.
func (o *Ops) OnBuild(next func(bool)) func(bool) {
	if o == nil {
		return next
	}
	return func(b bool) {
		if next != nil {
			next(b)
		}
		o.Metrics.OnBuild(b)
	}
}

// readyPoll is how often Attach looks whether the background body pass is
// done.
const readyPoll = 100 * time.Millisecond

// Attach records cat as the served catalog. The catalog counts as built
// for /readyz once every body is indexed (BodiesPending reaches 0 the first
// time), so every ready replica of a deployment searches the same full
// index; later refreshes that queue bodies again do not take it out of
// rotation. It returns at once; the wait ends with ctx.
func (o *Ops) Attach(ctx context.Context, cat *index.Catalog) {
	if o == nil {
		return
	}
	o.cat.Store(cat)
	go func() {
		t := time.NewTicker(readyPoll)
		defer t.Stop()
		for cat.BodiesPending() > 0 {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
		o.Health.SetCatalogReady()
	}()
}

// Watcher wraps w so its events and refreshes are counted and /readyz
// knows whether it runs.
func (o *Ops) Watcher(w filewatcher.Watcher) filewatcher.Watcher {
	if o == nil {
		return w
	}
	return metrics.NewWatcher(w, o.Metrics, func(running bool) {
		if running {
			o.Health.SetWatcher(httpapi.WatchRunning)
		} else {
			o.Health.SetWatcher(httpapi.WatchStopped)
		}
	})
}

// AuditReport records a security audit report's findings by severity.
func (o *Ops) AuditReport(rep *audit.Report) {
	if o == nil || rep == nil {
		return
	}
	o.Metrics.SetAuditFindings(rep.Counts)
}

// auditRefresh is how long WatchAudit waits after a catalog change before
// auditing again (a burst of edits is one audit).
const auditRefresh = 2 * time.Second

// WatchAudit keeps the audit metrics current until ctx ends: after each
// burst of catalog changes it primes mon again (its cache makes that cost
// the changed files only) and records the counts. The first counts come
// from ServeAudit's own audit (AuditReport as its onReport).
func (o *Ops) WatchAudit(ctx context.Context, cat *index.Catalog, mon *audit.Monitor, log *slog.Logger) {
	if o == nil || mon == nil {
		return
	}
	changed := make(chan struct{}, 1)
	cat.Subscribe(func(index.Change) {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	for {
		select {
		case <-ctx.Done():
			return
		case <-changed:
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(auditRefresh):
		}
		rep, err := mon.Prime(ctx, 1)
		if err != nil {
			if ctx.Err() == nil {
				log.Warn("security audit for the metrics failed", "err", err)
			}
			continue
		}
		o.AuditReport(rep)
	}
}

// Routes returns the surfaces to mount beside /mcp: the JSON API over
// view (the catalog as the model sees it, hidden skills left out), the
// metrics, the probes and web (nil: no web catalog).
func (o *Ops) Routes(view httpapi.Catalog, web http.Handler, log *slog.Logger) *Routes {
	api := httpapi.New(view, &httpapi.Options{Logger: log, ObserveSearch: func(d time.Duration) { o.Metrics.ObserveSearch("api", d) }})
	return &Routes{API: api, Metrics: o.Metrics.Handler(), Health: o.Health, Web: web}
}
