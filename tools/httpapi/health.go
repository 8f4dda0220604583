package httpapi

import (
	"encoding/json"
	"net/http"
	"sync/atomic"
)

// Watcher states reported by /readyz.
const (
	WatchOff      = "off"      // serve --no-watch: nothing to wait for
	WatchStarting = "starting" // watches being put in place
	WatchRunning  = "running"  // the first batch was handled
	WatchStopped  = "stopped"  // the watcher ended: the catalog is no longer live
)

// Health answers the probes a load balancer or Kubernetes asks:
//
//   - /healthz (liveness): 200 {"status":"ok"} while the process serves
//     HTTP at all;
//   - /readyz (readiness): 200 once the catalog is built (SetCatalogReady)
//     and the file watcher runs (SetWatcher(WatchRunning)), or the server
//     does not watch; 503 otherwise, and again once the watcher stopped,
//     so a replica whose catalog went stale is taken out of rotation.
//
// Both answer JSON {status, catalog, watcher} and are never cached. The
// zero value is not ready; its methods are safe for concurrent use.
type Health struct {
	catalog atomic.Bool
	watcher atomic.Value // string, one of the Watch* states
}

// NewHealth returns a Health whose watcher starts in state watch
// (WatchOff or WatchStarting).
func NewHealth(watch string) *Health {
	h := &Health{}
	h.watcher.Store(watch)
	return h
}

// SetCatalogReady marks the catalog built: listable and searchable.
func (h *Health) SetCatalogReady() { h.catalog.Store(true) }

// SetWatcher records the watcher's state (a Watch* constant).
func (h *Health) SetWatcher(state string) { h.watcher.Store(state) }

// health is the probes' document.
type health struct {
	Status  string `json:"status"`
	Catalog bool   `json:"catalog"`
	Watcher string `json:"watcher"`
}

func (h *Health) state() health {
	w, _ := h.watcher.Load().(string)
	if w == "" {
		w = WatchStarting
	}
	return health{Catalog: h.catalog.Load(), Watcher: w}
}

// Ready reports whether /readyz answers 200.
func (h *Health) Ready() bool {
	s := h.state()
	return s.Catalog && (s.Watcher == WatchRunning || s.Watcher == WatchOff)
}

// Live answers /healthz.
func (h *Health) Live(w http.ResponseWriter, r *http.Request) {
	s := h.state()
	s.Status = "ok"
	writeProbe(w, r, http.StatusOK, s)
}

// Readiness answers /readyz.
func (h *Health) Readiness(w http.ResponseWriter, r *http.Request) {
	s := h.state()
	if h.Ready() {
		s.Status = "ready"
		writeProbe(w, r, http.StatusOK, s)
		return
	}
	s.Status = "not_ready"
	writeProbe(w, r, http.StatusServiceUnavailable, s)
}

func writeProbe(w http.ResponseWriter, r *http.Request, status int, s health) {
	body, _ := json.Marshal(s)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(append(body, '\n'))
	}
}
