package serve

import (
	"net/http"

	"github.com/skilldex/skilldex/tools/httpapi"
)

// Routes are the HTTP surfaces serve --http mounts beside /mcp. One guard
// stands in front of all of them (NewHTTPHandler): the Host and Origin
// checks for every route, and the token for every route but the probes
// and the web pages, which ask for it themselves so a browser is sent to
// their login form instead of getting a bare 401. Nil fields are not
// mounted.
type Routes struct {
	// API is the JSON API (httpapi.API), mounted at /api/v1/.
	API http.Handler
	// Metrics is the Prometheus endpoint, GET /metrics.
	Metrics http.Handler
	// Health answers GET /healthz and GET /readyz without a token: a
	// load balancer's or the kubelet's probes carry none, and the answers
	// say nothing about the catalog but whether it is ready.
	Health *httpapi.Health
	// Web is the web catalog for people (tools/web), mounted at /; it
	// must require the same token itself (its login form sets the
	// TokenCookie cookie that requireToken accepts).
	Web http.Handler
}

// handler returns the routes' mux with mcp at /mcp, the token (when set)
// in front of every route that does not check it itself, and 404 behind
// the token for paths no route serves.
func (rt *Routes) handler(mcp http.Handler, token string) http.Handler {
	auth := func(h http.Handler) http.Handler {
		if token == "" {
			return h
		}
		return requireToken(token, h)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", auth(mcp))
	if rt == nil {
		rt = &Routes{}
	}
	if rt.API != nil {
		mux.Handle(httpapi.Prefix, auth(rt.API))
	}
	if rt.Metrics != nil {
		mux.Handle("GET /metrics", auth(rt.Metrics))
	}
	if rt.Health != nil {
		mux.HandleFunc("GET /healthz", rt.Health.Live)
		mux.HandleFunc("GET /readyz", rt.Health.Readiness)
	}
	if rt.Web != nil {
		mux.Handle("/", rt.Web)
	} else {
		mux.Handle("/", auth(http.NotFoundHandler()))
	}
	return mux
}
