package metrics

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape reads m's /metrics as a Prometheus server would and returns the
// metric families by name.
func scrape(t *testing.T, m *Metrics) map[string]*dto.MetricFamily {
	t.Helper()
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("Content-Type %q, want the text exposition format", ct)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

// sample returns the metric of family name whose labels include want.
func sample(t *testing.T, fams map[string]*dto.MetricFamily, name string, want map[string]string) *dto.Metric {
	t.Helper()
	f, ok := fams[name]
	if !ok {
		t.Fatalf("no metric family %s", name)
	}
next:
	for _, m := range f.Metric {
		got := map[string]string{}
		for _, l := range m.Label {
			got[l.GetName()] = l.GetValue()
		}
		for k, v := range want {
			if got[k] != v {
				continue next
			}
		}
		return m
	}
	t.Fatalf("%s has no sample with labels %v", name, want)
	return nil
}

func TestMCPToolCalls(t *testing.T) {
	m := New(nil)
	srv := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	type in struct{}
	mcp.AddTool(srv, &mcp.Tool{Name: "good"}, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	mcp.AddTool(srv, &mcp.Tool{Name: "failing"}, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("no such skill") // go-sdk turns it into a result with isError
	})
	srv.AddReceivingMiddleware(m.MCPMiddleware())
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for range 2 {
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "good"}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "failing"})
	if err != nil || !res.IsError {
		t.Fatalf("failing tool: %v %+v", err, res)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "missing"}); err == nil {
		t.Fatal("unknown tool: no JSON-RPC error")
	}
	fams := scrape(t, m)
	const name = "mcp_server_operation_duration_seconds"
	if n := sample(t, fams, name, map[string]string{"mcp_method_name": "tools/call", "gen_ai_tool_name": "good", "error_type": ""}).GetHistogram().GetSampleCount(); n != 2 {
		t.Errorf("good: %d calls counted, want 2", n)
	}
	if n := sample(t, fams, name, map[string]string{"gen_ai_tool_name": "failing", "error_type": "tool_error"}).GetHistogram().GetSampleCount(); n != 1 {
		t.Errorf("isError result: %d counted as tool_error, want 1", n)
	}
	if n := sample(t, fams, name, map[string]string{"gen_ai_tool_name": "missing", "error_type": "jsonrpc_error"}).GetHistogram().GetSampleCount(); n != 1 {
		t.Errorf("unknown tool: %d counted as jsonrpc_error, want 1", n)
	}
}

func TestHTTPAndCatalog(t *testing.T) {
	skills := 1860
	m := New(func() int { return skills })
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/skills/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "missing" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, "{}")
	})
	srv := httptest.NewServer(m.InstrumentHTTP("other", mux))
	defer srv.Close()
	for _, p := range []string{"/api/v1/skills/a", "/api/v1/skills/b", "/api/v1/skills/missing", "/nowhere"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	m.ObserveSearch("api", 300*time.Microsecond)
	// Builds nest: one outermost build is one observation.
	m.OnBuild(true)
	m.OnBuild(true)
	m.OnBuild(false)
	m.OnBuild(false)
	m.OnBuild(false) // unpaired: ignored
	m.SetAuditFindings(map[string]int{"high": 3, "low": 10})

	fams := scrape(t, m)
	const h = "http_server_request_duration_seconds"
	if n := sample(t, fams, h, map[string]string{"http_request_method": "GET", "http_route": "GET /api/v1/skills/{id}", "http_response_status_code": "200"}).GetHistogram().GetSampleCount(); n != 2 {
		t.Errorf("route pattern 200: %d, want 2 (one series for both ids)", n)
	}
	sample(t, fams, h, map[string]string{"http_route": "GET /api/v1/skills/{id}", "http_response_status_code": "404"})
	sample(t, fams, h, map[string]string{"http_route": "other", "http_response_status_code": "404"})
	if v := sample(t, fams, "skilldex_catalog_skills", nil).GetGauge().GetValue(); v != 1860 {
		t.Errorf("catalog skills %v", v)
	}
	if n := sample(t, fams, "skilldex_search_duration_seconds", map[string]string{"surface": "api"}).GetHistogram().GetSampleCount(); n != 1 {
		t.Errorf("searches %d", n)
	}
	if n := sample(t, fams, "skilldex_catalog_build_duration_seconds", nil).GetHistogram().GetSampleCount(); n != 1 {
		t.Errorf("builds %d, want 1", n)
	}
	for sev, want := range map[string]float64{"low": 10, "medium": 0, "high": 3, "critical": 0} {
		if v := sample(t, fams, "skilldex_audit_findings", map[string]string{"severity": sev}).GetGauge().GetValue(); v != want {
			t.Errorf("findings %s = %v, want %v", sev, v, want)
		}
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes"} {
		if _, ok := fams[name]; !ok {
			t.Errorf("runtime metric %s missing", name)
		}
	}
}

// fakeWatcher reports the batches it is given, then waits for ctx.
type fakeWatcher struct{ batches [][]string }

func (f *fakeWatcher) Watch(ctx context.Context, _ []string, onChange func([]string)) error {
	for _, b := range f.batches {
		onChange(b)
	}
	<-ctx.Done()
	return ctx.Err()
}

func TestWatcher(t *testing.T) {
	m := New(nil)
	states := make(chan bool, 4)
	refreshed := 0
	w := NewWatcher(&fakeWatcher{batches: [][]string{nil, {"/a/SKILL.md", "/b/SKILL.md"}, {"/c"}}}, m, func(b bool) { states <- b })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- w.Watch(ctx, nil, func([]string) { refreshed++ }) }()
	if !<-states {
		t.Fatal("first state is not running")
	}
	cancel()
	<-done
	if <-states {
		t.Fatal("no stopped state after Watch returned")
	}
	if refreshed != 3 {
		t.Errorf("%d refreshes, want 3", refreshed)
	}
	fams := scrape(t, m)
	if v := sample(t, fams, "skilldex_watcher_events_total", nil).GetCounter().GetValue(); v != 3 {
		t.Errorf("events %v, want 3", v)
	}
	if v := sample(t, fams, "skilldex_watcher_paths_total", nil).GetCounter().GetValue(); v != 3 {
		t.Errorf("paths %v, want 3", v)
	}
	if n := sample(t, fams, "skilldex_catalog_refresh_duration_seconds", nil).GetHistogram().GetSampleCount(); n != 3 {
		t.Errorf("refreshes timed %d, want 3", n)
	}
}

// TestNil: a nil *Metrics records nothing and never panics.
func TestNil(t *testing.T) {
	var m *Metrics
	m.OnBuild(true)
	m.ObserveSearch("api", time.Second)
	m.SetAuditFindings(nil)
	m.ObserveRefresh(time.Second)
	h := m.InstrumentHTTP("x", http.NotFoundHandler())
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	_ = m.MCPMiddleware()(func(context.Context, string, mcp.Request) (mcp.Result, error) { return nil, nil })
}
