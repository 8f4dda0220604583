package serve

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/metrics"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/httpapi"
)

// routesServer serves the examples with every surface mounted: MCP, the
// API, metrics, probes and a stand-in web catalog that checks nothing.
func routesServer(t *testing.T, token string) *httptest.Server {
	t.Helper()
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: filepath.Join("..", "..", "examples", "skills")}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	h := tools.New(cat, nil)
	srv, err := h.NewServer()
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New(cat.Len)
	health := httpapi.NewHealth(httpapi.WatchOff)
	health.SetCatalogReady()
	web := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "web page "+r.URL.Path) })
	g := Guard{Token: token, Routes: &Routes{API: httpapi.New(h.View(), nil), Metrics: m.Handler(), Health: health, Web: web}}
	s := httptest.NewServer(m.InstrumentHTTP("other", NewHTTPHandler(srv, g, nil)))
	t.Cleanup(s.Close)
	return s
}

func status(t *testing.T, s *httptest.Server, path string, hdr ...string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestRoutesShareTheGuard: every surface is behind the same Host/Origin
// check and token; the token is accepted as a bearer header or as the web
// login's cookie; the probes need no token; the web pages check the token
// themselves.
func TestRoutesShareTheGuard(t *testing.T) {
	s := routesServer(t, "s3cret")
	cookie := "skilldex_token=s3cret"
	for _, c := range []struct {
		path   string
		hdr    []string
		status int
	}{
		{"/api/v1/skills", nil, 401},
		{"/api/v1/skills", []string{"Authorization", "Bearer s3cret"}, 200},
		{"/api/v1/skills", []string{"Cookie", cookie}, 200},
		{"/api/v1/skills", []string{"Cookie", "skilldex_token=wrong"}, 401},
		// A header, when present, is the credential: a wrong header is not
		// rescued by a right cookie.
		{"/api/v1/skills", []string{"Authorization", "Bearer wrong", "Cookie", cookie}, 401},
		{"/api/v1/openapi.json", nil, 401},
		{"/metrics", nil, 401},
		{"/metrics", []string{"Authorization", "Bearer s3cret"}, 200},
		{"/healthz", nil, 200},
		{"/readyz", nil, 200},
		{"/", nil, 200}, // the web catalog's own login decides
		{"/api/v1/skills", []string{"Authorization", "Bearer s3cret", "Host", "attacker.example"}, 403},
		{"/api/v1/skills", []string{"Authorization", "Bearer s3cret", "Origin", "http://attacker.example"}, 403},
		{"/healthz", []string{"Host", "attacker.example"}, 403},
		{"/", []string{"Host", "attacker.example"}, 403},
	} {
		if got := status(t, s, c.path, c.hdr...); got != c.status {
			t.Errorf("GET %s %v: %d, want %d", c.path, c.hdr, got, c.status)
		}
	}
	// Without a web catalog, an unknown path is 404 only with the token.
	bare := httptest.NewServer(NewHTTPHandler(nil, Guard{Token: "t", Routes: &Routes{}}, nil))
	defer bare.Close()
	if got := status(t, bare, "/nothing"); got != 401 {
		t.Errorf("unknown path without the token: %d, want 401", got)
	}
	if got := status(t, bare, "/nothing", "Authorization", "Bearer t"); got != 404 {
		t.Errorf("unknown path with the token: %d, want 404", got)
	}
}

// TestRoutesMetricsCountRequests: requests on every route, refused ones
// too, reach the request histogram under their route pattern.
func TestRoutesMetricsCountRequests(t *testing.T) {
	s := routesServer(t, "")
	for _, p := range []string{"/api/v1/skills", "/api/v1/search?q=pdf", "/readyz"} {
		if got := status(t, s, p); got != 200 {
			t.Fatalf("%s: %d", p, got)
		}
	}
	wants := []string{
		`http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="GET /api/v1/skills"} 1`,
		`http_route="GET /api/v1/search"`,
		`http_route="GET /readyz"`,
		"skilldex_catalog_skills 5",
	}
	// status closes a body unread, so the client can move on while the
	// server's handler is still finishing (and only then records the
	// request): scrape until every request shows. The deadline only
	// catches a request that is never recorded.
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(s.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var missing []string
		for _, want := range wants {
			if !strings.Contains(string(body), want) {
				missing = append(missing, want)
			}
		}
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/metrics lacks %s", strings.Join(missing, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestReadTokenFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if tok, err := ReadTokenFile(write("ok", "  abc123  \nsecond line\n", 0o600)); err != nil || tok != "abc123" {
		t.Errorf("0600 file: %q, %v", tok, err)
	}
	if tok, err := ReadTokenFile(write("ro", "xyz", 0o400)); err != nil || tok != "xyz" {
		t.Errorf("0400 file: %q, %v", tok, err)
	}
	for name, c := range map[string]struct {
		content string
		mode    os.FileMode
		want    string
	}{
		"world": {"tok", 0o644, "chmod 600"},
		"group": {"tok", 0o640, "chmod 600"},
		"empty": {"\n  \n", 0o600, "is empty"},
		"huge":  {strings.Repeat("x", 5000), 0o600, "over 4096 bytes"},
	} {
		_, err := ReadTokenFile(write(name, c.content, c.mode))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
	if _, err := ReadTokenFile(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file: no error")
	}
	if _, err := ReadTokenFile(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
}

func TestResolveToken(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tok")
	if err := os.WriteFile(file, []byte("from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		p         TokenPolicy
		token     string // "*": any generated token
		generated bool
		err       bool
	}{
		{"nothing asked, no scripts", TokenPolicy{}, "", false, false},
		{"--token", TokenPolicy{Token: "given", Scripts: true}, "given", false, false},
		{"--token-file", TokenPolicy{TokenFile: file, Scripts: true}, "from-file", false, false},
		{"both", TokenPolicy{Token: "a", TokenFile: file}, "", false, true},
		// The red-team finding: scripts on a TCP port need a token.
		{"scripts on TCP", TokenPolicy{Scripts: true}, "*", true, false},
		{"scripts on a Unix socket", TokenPolicy{Scripts: true, Unix: true}, "", false, false},
	} {
		tok, gen, err := ResolveToken(c.p)
		if (err != nil) != c.err || gen != c.generated || (c.token == "*" && len(tok) < 40) || (c.token != "*" && tok != c.token) {
			t.Errorf("%s: %q, %v, %v; want %q, %v, error %v", c.name, tok, gen, err, c.token, c.generated, c.err)
		}
	}
	a, _, _ := ResolveToken(TokenPolicy{Scripts: true})
	b, _, _ := ResolveToken(TokenPolicy{Scripts: true})
	if a == b {
		t.Error("two generated tokens are equal")
	}
}

func TestListenUnix(t *testing.T) {
	base, err := os.MkdirTemp("", "skx-l") // short: socket paths are limited to 108 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)
	path := filepath.Join(base, "own", "http.sock")
	ln, err := Listen("unix:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if !ln.Unix || !ln.Loopback || ln.URL != "unix:"+path {
		t.Errorf("listener %+v", ln)
	}
	st, _ := os.Stat(filepath.Dir(path))
	if st.Mode().Perm() != 0o700 {
		t.Errorf("socket folder mode %04o, want 0700", st.Mode().Perm())
	}
	st, _ = os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %04o, want 0600", st.Mode().Perm())
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", path)
	}}}
	resp, err := client.Get("http://localhost/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// A live socket is not taken over.
	if _, err := Listen("unix:" + path); err == nil || !strings.Contains(err.Error(), "another server") {
		t.Errorf("second listener on a live socket: %v", err)
	}
	ln.Close()

	// A folder others can enter is refused.
	open := filepath.Join(base, "open")
	if err := os.Mkdir(open, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(open, 0o755)
	if _, err := Listen("unix:" + filepath.Join(open, "s")); err == nil || !strings.Contains(err.Error(), "chmod 700") {
		t.Errorf("socket in a 0755 folder: %v", err)
	}
	if _, err := Listen("unix:relative/s"); err == nil {
		t.Error("relative socket path accepted")
	}
	// A regular file in the way is not removed.
	file := filepath.Join(base, "own", "file")
	os.WriteFile(file, []byte("x"), 0o600)
	if _, err := Listen("unix:" + file); err == nil {
		t.Error("a regular file was replaced by a socket")
	}
	if _, err := os.Stat(file); err != nil {
		t.Error("the regular file is gone")
	}
}
