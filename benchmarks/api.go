package benchmarks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/httpapi"
)

// Figures of the HTTP JSON API's search (GET /api/v1/search) against the
// same searches in process: each query is asked of both, one after the
// other, so the machine's load falls on both alike.
const (
	NameAPISearchP50      = "API search p50 (HTTP over loopback)"
	NameAPISearchP99      = "API search p99 (HTTP over loopback)"
	NameAPISearchOverhead = "API search p99 minus in-process search p99"
)

// APIHandler builds the HTTP handler the API figures measure, over cat;
// nil in Config means DefaultAPIHandler.
type APIHandler func(cat *index.Catalog) (http.Handler, error)

// DefaultAPIHandler is what serve --http serves on a loopback address
// without a token: the MCP server and the JSON API (over the catalog as
// the model sees it) behind the guard, timed by the metrics middleware.
func DefaultAPIHandler(cat *index.Catalog) (http.Handler, error) {
	ops := serve.NewOps(false)
	h := tools.New(cat, nil)
	srv, err := h.NewServer()
	if err != nil {
		return nil, err
	}
	g := serve.Guard{Routes: ops.Routes(h.View(), nil, nil)}
	return ops.Metrics.InstrumentHTTP("other", serve.NewHTTPHandler(srv, g, nil)), nil
}

// apiSearch serves c's API on a loopback port and measures the searches
// of r.queries through it (one keep-alive connection, as a client of the
// service would hold) and in process, alternately, over three passes. It
// waits for the background body pass first, so both search the same
// index.
func (r *runner) apiSearch(ctx context.Context, c *index.Catalog) error {
	for c.BodiesPending() > 0 {
		if err := sleep(ctx, 50*time.Millisecond); err != nil {
			return err
		}
	}
	build := r.cfg.APIHandler
	if build == nil {
		build = DefaultAPIHandler
	}
	handler, err := build(c)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}}
	defer client.CloseIdleConnections()
	base := "http://" + ln.Addr().String() + httpapi.Prefix + "search?q="
	get := func(q string) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+url.QueryEscape(q), nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	// Warm the connection and the handler's first allocations.
	if err := get(r.queries[0]); err != nil {
		return fmt.Errorf("API search: %w", err)
	}
	var inproc, api []float64
	for range 3 {
		for _, q := range r.queries {
			start := time.Now()
			if _, err := c.Search(ctx, index.SearchRequest{Query: q}); err != nil && !errors.Is(err, context.Canceled) {
				return fmt.Errorf("search %q: %w", q, err)
			}
			inproc = append(inproc, msSince(start))
			start = time.Now()
			if err := get(q); err != nil {
				return fmt.Errorf("API search %q: %w", q, err)
			}
			api = append(api, msSince(start))
		}
	}
	p99, inP99 := percentile(api, 99), percentile(inproc, 99)
	r.add(NameAPISearchP50, percentile(api, 50), "ms")
	r.add(NameAPISearchP99, p99, "ms")
	r.add(NameAPISearchOverhead, p99-inP99, "ms")
	r.logf("API search: p50 %.3f ms, p99 %.3f ms; in process (same queries, interleaved): p50 %.3f ms, p99 %.3f ms",
		percentile(api, 50), p99, percentile(inproc, 50), inP99)
	return nil
}

// apiOnly measures the API figures alone (Config.Only "api"): the catalog
// is opened (built) once, then apiSearch runs.
func (r *runner) apiOnly(ctx context.Context, rep *Report) (*Report, error) {
	c, err := index.Open(ctx, r.options())
	if err != nil {
		return nil, err
	}
	defer c.Close()
	r.skills = c.Len()
	rep.Machine.Skills = r.skills
	if rep.Machine.CatalogMB == 0 {
		rep.Machine.CatalogMB = dirMB(r.root)
	}
	if err := r.apiSearch(ctx, c); err != nil {
		return nil, err
	}
	rep.Results = r.out
	return rep, nil
}
