package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools"
	"golang.org/x/net/netutil"
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
		addr, lo, err := HTTPAddr(tc.in)
		if (err != nil) != tc.err || addr != tc.addr || lo != tc.loopback {
			t.Errorf("HTTPAddr(%q) = %q, %v, %v; want %q, %v, error %v", tc.in, addr, lo, err, tc.addr, tc.loopback, tc.err)
		}
	}
}

// guardServer serves the examples over TokenHandler on a loopback port.
func guardServer(t *testing.T, token string) *httptest.Server {
	t.Helper()
	cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: filepath.Join("..", "..", "examples", "skills")}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	srv, err := tools.New(cat, nil).NewServer()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(TokenHandler(srv, token, slog.New(slog.DiscardHandler)))
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
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", MaxRequestBytes) + `"}}`
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
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
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

// TestHostAndOriginAnyBind (issue #14 B9): Host and Origin are checked
// whatever the bind: an IP literal, localhost or an allowed host passes;
// a DNS-rebinding name (attacker.example), in Host or in Origin, gets 403.
func TestHostAndOriginAnyBind(t *testing.T) {
	// checkHost alone: on a loopback test server the go-sdk's own check
	// would also refuse non-loopback names, hiding what a LAN bind does.
	ts := httptest.NewServer(checkHost([]string{"Skills.LAN"}, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})))
	defer ts.Close()
	for _, tc := range []struct {
		host, origin string
		want         int
	}{
		{"", "", 200},
		{"192.168.7.9:8765", "", 200},
		{"[::1]:8765", "http://[::1]:8765", 200},
		{"skills.lan:8765", "http://skills.lan:8765", 200},
		{"skills.lan.", "", 200},
		{"attacker.example:8765", "", 403},
		{"attacker.example", "http://attacker.example", 403},
		{"192.168.7.9:8765", "http://attacker.example", 403},
		{"192.168.7.9:8765", "null", 403},
		{"skills.lan.attacker.example", "", 403},
	} {
		hdr := map[string]string{}
		if tc.host != "" {
			hdr["Host"] = tc.host
		}
		if tc.origin != "" {
			hdr["Origin"] = tc.origin
		}
		if got, _, body := post(t, ts, initBody, hdr); got != tc.want {
			t.Errorf("Host %q Origin %q: status %d, want %d: %.200s", tc.host, tc.origin, got, tc.want, body)
		}
	}
	// The whole handler refuses a rebinding Origin even where the SDK's
	// Host check passes (a loopback name in Host).
	full := guardServer(t, "")
	if got, _, _ := post(t, full, initBody, map[string]string{"Host": "localhost", "Origin": "http://attacker.example"}); got != 403 {
		t.Errorf("localhost Host with a rebinding Origin: status %d, want 403", got)
	}
	// A non-loopback bind needs a token; allowed host names authenticate
	// no one.
	for _, g := range []Guard{{}, {AllowedHosts: []string{"a"}}} {
		if err := CheckExposure("0.0.0.0:1", false, g); err == nil || !strings.Contains(err.Error(), "--token") {
			t.Errorf("non-loopback bind with %+v: %v, want a refusal naming --token", g, err)
		}
	}
	if err := CheckExposure("0.0.0.0:1", false, Guard{Token: "x"}); err != nil {
		t.Errorf("non-loopback bind with a token: %v", err)
	}
}

// TestSlowBodyDropped (issue #14 B8): a request body trickled slower than
// the body deadline gets 408 and its connection is closed, so trickling
// clients cannot hold connections. The 100 ms deadline is the server's;
// the test waits up to 60 s, only to catch a hang.
func TestSlowBodyDropped(t *testing.T) {
	ts := httptest.NewUnstartedServer(NewHTTPHandler(mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil),
		Guard{BodyTimeout: 100 * time.Millisecond}, slog.New(slog.DiscardHandler)))
	ts.Config = NewHTTPServer(ts.Config.Handler)
	ts.Start()
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", len(initBody), initBody[:5])
	stop := make(chan struct{})
	defer close(stop)
	go func() { // one byte every 50 ms: never finishes within the deadline
		for i := 5; i < len(initBody); i++ {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := c.Write([]byte{initBody[i]}); err != nil {
				return
			}
		}
	}()
	_ = c.SetReadDeadline(time.Now().Add(60 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no response to a trickled body: %v", err)
	}
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("status %d, want 408", resp.StatusCode)
	}
	// The server closes the connection: a read ends with EOF, not a hang.
	_, _ = io.Copy(io.Discard, resp.Body)
	if _, err := c.Read(make([]byte, 1)); err == nil {
		t.Error("the connection stayed open after the body deadline")
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("the connection was not closed within 60 s")
	}
}

// TestSlowBodyStoppedDropped (issue #14 B8, re-test): a client that sends
// part of a body and then nothing gets its 408 and the server closes the
// connection; net/http used to wait, without a deadline, for the rest of
// the body (under 256 KiB) and held the connection until the client left.
func TestSlowBodyStoppedDropped(t *testing.T) {
	ts := httptest.NewUnstartedServer(NewHTTPHandler(mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil),
		Guard{BodyTimeout: 100 * time.Millisecond}, slog.New(slog.DiscardHandler)))
	ts.Config = NewHTTPServer(ts.Config.Handler)
	ts.Start()
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{")
	_ = c.SetReadDeadline(time.Now().Add(60 * time.Second))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no response to a stalled body: %v", err)
	}
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("status %d, want 408", resp.StatusCode)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	if _, err := br.ReadByte(); err == nil {
		t.Error("the connection carried more bytes after the 408")
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("the connection was not closed within 60 s of a stalled body's 408")
	}
}

// TestConnectionCap (issue #14 B8): the listener holds at most n
// connections; one more is accepted only after one closes.
func TestConnectionCap(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := netutil.LimitListener(ln, 2)
	defer l.Close()
	var open, peak atomic.Int64
	accepted := make(chan net.Conn, 8)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			if n := open.Add(1); n > peak.Load() {
				peak.Store(n)
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	first := <-accepted
	<-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	case <-time.After(200 * time.Millisecond):
	}
	open.Add(-1)
	first.Close()
	first.Close() // a second Close must not free a second slot
	select {
	case <-accepted:
	case <-time.After(60 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
	if peak.Load() > 2 {
		t.Errorf("%d connections open at once, cap 2", peak.Load())
	}
	_ = clients
}

// TestSessionCap (issue #14 B14): past MaxSessions open sessions, an
// initialize gets 503 with a JSON-RPC error; closing a session (DELETE)
// makes room again.
func TestSessionCap(t *testing.T) {
	ts := httptest.NewServer(NewHTTPHandler(mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil),
		Guard{MaxSessions: 2}, slog.New(slog.DiscardHandler)))
	defer ts.Close()
	initialize := func() (int, string) {
		req, _ := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(initBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, resp.Header.Get("Mcp-Session-Id")
	}
	var ids []string
	for range 2 {
		code, id := initialize()
		if code != 200 || id == "" {
			t.Fatalf("initialize: %d %q", code, id)
		}
		ids = append(ids, id)
	}
	if code, _ := initialize(); code != http.StatusServiceUnavailable {
		t.Errorf("third session: status %d, want 503", code)
	}
	req, _ := http.NewRequest("DELETE", ts.URL+"/mcp", nil)
	req.Header.Set("Mcp-Session-Id", ids[0])
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if code, _ := initialize(); code != 200 {
		t.Errorf("after a DELETE: status %d, want 200", code)
	}
}
