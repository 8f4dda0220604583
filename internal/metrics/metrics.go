// Package metrics is what a running skilldex server reports to Prometheus
// (GET /metrics, text exposition format), with the official client library
// (github.com/prometheus/client_golang) and a registry of its own, so
// nothing registered by a library on the global registry leaks in.
//
// Names follow the OpenTelemetry semantic conventions where one exists,
// converted the way the OpenTelemetry Prometheus exporter converts them
// (dots to underscores, the unit as a suffix):
//
//   - mcp_server_operation_duration_seconds{mcp_method_name, gen_ai_tool_name,
//     error_type}: the MCP semantic conventions' mcp.server.operation.duration
//     (histogram, seconds; from receipt of a request to its result). A
//     tools/call whose result has isError set counts as an error with
//     error_type "tool_error", as the conventions say; a JSON-RPC error is
//     "jsonrpc_error"; success leaves error_type "".
//   - http_server_request_duration_seconds{http_request_method, http_route,
//     http_response_status_code}: the HTTP conventions'
//     http.server.request.duration. http_route is the route pattern
//     (/api/v1/skills/{id}), never the request path, so the label set stays
//     bounded.
//
// skilldex's own, under the skilldex_ prefix: search latency, catalog size,
// build and refresh durations, watcher events and audit findings by
// severity; and the Go runtime and process collectors (go_*, process_*).
package metrics

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// durationBuckets are the histogram bounds, in seconds, of request, tool
// call and search durations: the OpenTelemetry HTTP conventions' advised
// boundaries with a finer low end, as most searches answer in well under
// a millisecond.
var durationBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10}

// buildBuckets are the bounds, in seconds, of catalog build and refresh
// durations: a watcher's refresh of one skill takes milliseconds, a cold
// build of a large catalog minutes.
var buildBuckets = []float64{0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600}

// Metrics holds one server's collectors and its registry. Its methods are
// safe for concurrent use; the zero value is not usable (use New). A nil
// *Metrics records nothing: every method is a no-op on it, so callers
// need not check whether metrics are on.
type Metrics struct {
	reg *prometheus.Registry

	httpDur   *prometheus.HistogramVec
	mcpDur    *prometheus.HistogramVec
	searchDur *prometheus.HistogramVec
	buildDur  prometheus.Histogram
	refresh   prometheus.Histogram
	events    prometheus.Counter
	paths     prometheus.Counter
	findings  *prometheus.GaugeVec

	mu       sync.Mutex
	building int       // nesting depth of OnBuild(true) calls
	since    time.Time // when the outermost build started
}

// New returns Metrics with every collector registered, the Go runtime
// (go_*) and process (process_*) collectors included. skills, when not nil,
// is read at each scrape for skilldex_catalog_skills (the served skills).
func New(skills func() int) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.httpDur = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "http_server_request_duration_seconds",
		Help:    "Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by method, route pattern and status code.",
		Buckets: durationBuckets,
	}, []string{"http_request_method", "http_route", "http_response_status_code"})
	m.mcpDur = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "mcp_server_operation_duration_seconds",
		Help:    "MCP request duration as observed on the server (OpenTelemetry mcp.server.operation.duration), by method and tool; error_type is tool_error for a tool result with isError, jsonrpc_error for a JSON-RPC error.",
		Buckets: durationBuckets,
	}, []string{"mcp_method_name", "gen_ai_tool_name", "error_type"})
	m.searchDur = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "skilldex_search_duration_seconds",
		Help:    "Duration of catalog searches, by surface (api: GET /api/v1/search).",
		Buckets: durationBuckets,
	}, []string{"surface"})
	m.buildDur = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "skilldex_catalog_build_duration_seconds",
		Help:    "Duration of catalog builds: a refresh that parses many skills, or a run of the background body pass.",
		Buckets: buildBuckets,
	})
	m.refresh = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "skilldex_catalog_refresh_duration_seconds",
		Help:    "Duration of the catalog refreshes the file watcher triggers.",
		Buckets: buildBuckets,
	})
	m.events = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "skilldex_watcher_events_total",
		Help: "Batches of changes the file watcher reported (each refreshes the catalog).",
	})
	m.paths = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "skilldex_watcher_paths_total",
		Help: "Changed paths in the file watcher's batches (an empty batch, a full rescan, counts none).",
	})
	m.findings = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "skilldex_audit_findings",
		Help: "Security audit findings in the served skills, by severity (low, medium, high, critical), as of the last audit.",
	}, []string{"severity"})
	m.reg.MustRegister(m.httpDur, m.mcpDur, m.searchDur, m.buildDur, m.refresh, m.events, m.paths, m.findings,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if skills != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "skilldex_catalog_skills",
			Help: "Skills the catalog serves (valid and winning their name).",
		}, func() float64 { return float64(skills()) }))
	}
	return m
}

// Registry returns the registry the collectors are on, for tests and for
// anything else a server wants to report.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in the Prometheus text format (or
// OpenMetrics, when the scraper asks for it).
func (m *Metrics) Handler() http.Handler {
	if m == nil {
		return http.NotFoundHandler()
	}
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{EnableOpenMetrics: true})
}

// statusRecorder remembers the status code a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Flush passes a flush on (MCP's streamable HTTP streams events).
func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (deadlines).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// InstrumentHTTP times next into http_server_request_duration_seconds.
// The route label is r.Pattern, the ServeMux pattern that matched (set
// once next has routed the request), else fallback; so a mux's routes are
// told apart without one label per path.
func (m *Metrics) InstrumentHTTP(fallback string, next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = fallback
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		m.httpDur.WithLabelValues(r.Method, route, strconv.Itoa(rec.status)).Observe(time.Since(start).Seconds())
	})
}

// MCPMiddleware is receiving middleware (mcp.Server.AddReceivingMiddleware)
// that times every request into mcp_server_operation_duration_seconds.
func (m *Metrics) MCPMiddleware() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		if m == nil {
			return next
		}
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			start := time.Now()
			res, err := next(ctx, method, req)
			tool, errType := "", ""
			if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok && p != nil {
				tool = p.Name
			}
			switch r, _ := res.(*mcp.CallToolResult); {
			case err != nil:
				errType = "jsonrpc_error"
				if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
					errType = "cancelled"
				}
			case r != nil && r.IsError:
				errType = "tool_error"
			}
			m.mcpDur.WithLabelValues(method, tool, errType).Observe(time.Since(start).Seconds())
			return res, err
		}
	}
}

// ObserveSearch records one search of the given surface ("api", "mcp")
// that took d.
func (m *Metrics) ObserveSearch(surface string, d time.Duration) {
	if m == nil {
		return
	}
	m.searchDur.WithLabelValues(surface).Observe(d.Seconds())
}

// OnBuild is an index.Options.OnBuild hook: it times each outermost build
// (calls come in pairs and may nest) into
// skilldex_catalog_build_duration_seconds. It returns at once and never
// calls the catalog, as the hook must.
func (m *Metrics) OnBuild(building bool) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if building {
		if m.building == 0 {
			m.since = time.Now()
		}
		m.building++
		return
	}
	if m.building == 0 {
		return
	}
	m.building--
	if m.building == 0 {
		m.buildDur.Observe(time.Since(m.since).Seconds())
	}
}

// ObserveRefresh records a catalog refresh that took d (the catalog's
// first one at open included).
func (m *Metrics) ObserveRefresh(d time.Duration) {
	if m == nil {
		return
	}
	m.refresh.Observe(d.Seconds())
}

// SetAuditFindings sets skilldex_audit_findings to counts (severity →
// number of findings); the four severities are always reported, 0 when
// absent from counts.
func (m *Metrics) SetAuditFindings(counts map[string]int) {
	if m == nil {
		return
	}
	for _, sev := range []string{"low", "medium", "high", "critical"} {
		m.findings.WithLabelValues(sev).Set(float64(counts[sev]))
	}
	for sev, n := range counts {
		m.findings.WithLabelValues(sev).Set(float64(n))
	}
}
