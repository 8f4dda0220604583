package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools"
)

func TestHTTPAddr(t *testing.T) {
	for _, tc := range []struct {
		in, addr string
		loopback bool
		err      bool
	}{
		{":8080", "127.0.0.1:8080", true, false},
		{"8080", "127.0.0.1:8080", true, false},
		{":0", "127.0.0.1:0", true, false},
		{"127.0.0.1:9", "127.0.0.1:9", true, false},
		{"127.1.2.3:9", "127.1.2.3:9", true, false},
		{"localhost:9", "localhost:9", true, false},
		{"[::1]:9", "[::1]:9", true, false},
		{"0.0.0.0:9", "0.0.0.0:9", false, false},
		{"[::]:9", "[::]:9", false, false},
		{"192.168.1.5:9", "192.168.1.5:9", false, false},
		{"example.com:9", "example.com:9", false, false},
		{"127.0.0.1:", "", false, true},
		{"a:b:c", "", false, true},
	} {
		addr, lo, err := httpAddr(tc.in)
		if (err != nil) != tc.err || addr != tc.addr || lo != tc.loopback {
			t.Errorf("httpAddr(%q) = %q, %v, %v; want %q, %v, error %v", tc.in, addr, lo, err, tc.addr, tc.loopback, tc.err)
		}
	}
}

// guardServer serves the examples over httpHandler on a loopback port.
func guardServer(t *testing.T, token string) *httptest.Server {
	t.Helper()
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: filepath.Join(repoRoot(t), "examples", "skills")}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	srv, err := tools.New(cat, nil).NewServer()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(httpHandler(srv, token, slog.New(slog.DiscardHandler)))
	t.Cleanup(ts.Close)
	return ts
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// post sends body to /mcp with the given headers and returns the status,
// the WWW-Authenticate header and the body.
func post(t *testing.T, ts *httptest.Server, body string, hdr map[string]string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, resp.Header.Get("WWW-Authenticate"), string(b)
}

// TestHTTPGuard checks each guard of the HTTP handler: DNS rebinding (Host
// header), cross-origin browser requests, the request size bound, and the
// bearer token.
func TestHTTPGuard(t *testing.T) {
	open := guardServer(t, "")
	port := open.URL[strings.LastIndex(open.URL, ":"):]
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", maxRequestBytes) + `"}}`
	for _, tc := range []struct {
		name string
		body string
		hdr  map[string]string
		want int
	}{
		{"loopback host", initBody, nil, 200},
		{"localhost name", initBody, map[string]string{"Host": "localhost" + port}, 200},
		{"rebinding host", initBody, map[string]string{"Host": "attacker.example" + port}, 403},
		{"rebinding host without port", initBody, map[string]string{"Host": "attacker.example"}, 403},
		{"cross-site browser request", initBody, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://attacker.example"}, 403},
		{"same-origin browser request", initBody, map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
		{"body over 1 MiB", big, nil, 413},
	} {
		if got, _, body := post(t, open, tc.body, tc.hdr); got != tc.want {
			t.Errorf("%s: status %d, want %d: %.200s", tc.name, got, tc.want, body)
		}
	}

	const token = "s3cret-token"
	locked := guardServer(t, token)
	for _, tc := range []struct {
		name, auth string
		want       int
		challenge  string
	}{
		{"no token", "", 401, `Bearer realm="skilldex"`},
		{"wrong token", "Bearer s3cret-tokem", 401, `Bearer realm="skilldex", error="invalid_token"`},
		{"prefix of the token", "Bearer s3cret", 401, `Bearer realm="skilldex", error="invalid_token"`},
		{"basic scheme", "Basic czNjcmV0LXRva2Vu", 401, `Bearer realm="skilldex"`},
		{"right token", "Bearer " + token, 200, ""},
		{"scheme in lower case", "bearer " + token, 200, ""},
	} {
		hdr := map[string]string{}
		if tc.auth != "" {
			hdr["Authorization"] = tc.auth
		}
		got, challenge, body := post(t, locked, initBody, hdr)
		if got != tc.want || challenge != tc.challenge {
			t.Errorf("%s: status %d, WWW-Authenticate %q; want %d, %q: %.200s", tc.name, got, challenge, tc.want, tc.challenge, body)
		}
	}

	// A real client session with the token works end to end.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	hc := &http.Client{Transport: bearer{token, http.DefaultTransport}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: locked.URL + "/mcp", HTTPClient: hc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_skills", Arguments: map[string]any{}}); err != nil || res.IsError {
		t.Errorf("list_skills with the token: %v", err)
	}
}

// bearer adds an Authorization header to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// TestServeHTTPDefaults runs the binary: a bare port binds to 127.0.0.1,
// SKILLDEX_TOKEN locks the endpoint, and a non-loopback bind warns.
func TestServeHTTPDefaults(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	start := func(env []string, args ...string) (url string, stderr *syncWriter) {
		cmd := exec.Command(bin, append([]string{"serve", "--mem", "--no-watch", "--dir", ex}, args...)...)
		cmd.Env = append(cmd.Environ(), env...)
		stderr = &syncWriter{}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if s := stderr.String(); strings.Contains(s, "/mcp") {
				u := s[strings.Index(s, "http://"):]
				return u[:strings.Index(u, "/mcp")+4], stderr
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("server did not start: %s", stderr.String())
		return "", nil
	}
	url, _ := start([]string{"SKILLDEX_TOKEN=envtoken"}, "--http", ":0")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("--http :0 serves at %s; want 127.0.0.1", url)
	}
	for auth, want := range map[string]int{"": 401, "Bearer envtoken": 200} {
		req, _ := http.NewRequest("POST", url, strings.NewReader(initBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Authorization %q: status %d, want %d", auth, resp.StatusCode, want)
		}
	}
	_, stderr := start(nil, "--http", "0.0.0.0:0")
	time.Sleep(100 * time.Millisecond)
	if !strings.Contains(stderr.String(), "non-loopback address WITHOUT a token") {
		t.Errorf("binding 0.0.0.0 without a token gave no warning:\n%s", stderr.String())
	}
}

// syncWriter is a bytes.Buffer safe for a process writing while the test
// reads.
type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
