package mcpshare

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// harness runs a Front over pipes: send writes a client line, recv reads
// the next line the client gets.
type harness struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *bufio.Reader
	outW   *io.PipeWriter
	done   chan error
	cancel context.CancelFunc
}

func startFront(t *testing.T, f *Front) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	f.In, f.Out = inR, outW
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
	h := &harness{t: t, in: inW, out: bufio.NewReader(outR), outW: outW, done: make(chan error, 1), cancel: cancel}
	go func() { h.done <- f.Run(ctx) }()
	t.Cleanup(func() {
		inW.Close()
		cancel()
		outR.Close()
	})
	return h
}

func (h *harness) send(line string) {
	h.t.Helper()
	if _, err := io.WriteString(h.in, line+"\n"); err != nil {
		h.t.Fatalf("send %q: %v", line, err)
	}
}

func (h *harness) recv() map[string]json.RawMessage {
	h.t.Helper()
	line, err := h.out.ReadBytes('\n')
	if err != nil {
		h.t.Fatalf("recv: %v", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		h.t.Fatalf("the front wrote a line that is not JSON: %q", line)
	}
	return m
}

// testServer is an MCP server with a tool "slow" that blocks while block
// is set, and resource subscriptions it counts.
type testServer struct {
	srv        *mcp.Server
	block      atomic.Bool
	calls      atomic.Int32
	effects    atomic.Int32 // calls of "effect", a tool with side effects (no annotations)
	mu         sync.Mutex
	subscribed []string
}

func newTestServer() *testServer {
	ts := &testServer{}
	ts.srv = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ServerOptions{
		SubscribeHandler: func(_ context.Context, req *mcp.SubscribeRequest) error {
			ts.mu.Lock()
			defer ts.mu.Unlock()
			ts.subscribed = append(ts.subscribed, req.Params.URI)
			return nil
		},
		UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
	})
	type args struct {
		Word string `json:"word"`
	}
	mcp.AddTool(ts.srv, &mcp.Tool{Name: "effect"}, func(ctx context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, any, error) {
		ts.effects.Add(1)
		for ts.block.Load() {
			select {
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			case <-time.After(5 * time.Millisecond):
			}
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "did " + a.Word}}}, nil, nil
	})
	mcp.AddTool(ts.srv, &mcp.Tool{Name: "slow", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}}, func(ctx context.Context, _ *mcp.CallToolRequest, a args) (*mcp.CallToolResult, any, error) {
		ts.calls.Add(1)
		for ts.block.Load() {
			select {
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			case <-time.After(5 * time.Millisecond):
			}
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "echo " + a.Word}}}, nil, nil
	})
	ts.srv.AddResource(&mcp.Resource{URI: "test://r", Name: "r"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "test://r", Text: "r"}}}, nil
	})
	return ts
}

const initLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// TestMalformedLines (issue 14 B13): every malformed line gets a JSON-RPC
// error with the right code, the id echoed when it could be read, and the
// session goes on answering.
func TestMalformedLines(t *testing.T) {
	ts := newTestServer()
	h := startFront(t, &Front{Dial: InProcess(ts.srv)})
	h.send(initLine)
	if r := h.recv(); string(r["id"]) != "1" || r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	h.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	cases := []struct {
		line string
		code int
		id   string
	}{
		{`{`, CodeParseError, "null"},
		{`not json`, CodeParseError, "null"},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"} trailing`, CodeParseError, "null"},
		{"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"x\":\"\xff\"}", CodeParseError, "null"},
		{`{"jsonrpc":"2.0","id":3,"method":"ping","params":` + deep + `}`, CodeParseError, "null"},
		{`[]`, CodeInvalidRequest, "null"},
		{`[{"jsonrpc":"2.0","id":4,"method":"ping"}]`, CodeInvalidRequest, "null"},
		{`null`, CodeInvalidRequest, "null"},
		{`42`, CodeInvalidRequest, "null"},
		{`"ping"`, CodeInvalidRequest, "null"},
		{`true`, CodeInvalidRequest, "null"},
		{`{}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"1.0","id":5,"method":"ping"}`, CodeInvalidRequest, "5"},
		{`{"id":6,"method":"ping"}`, CodeInvalidRequest, "6"},
		{`{"jsonrpc":2,"id":7,"method":"ping"}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":[1],"method":"ping"}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":8,"method":7}`, CodeInvalidRequest, "8"},
		{`{"jsonrpc":"2.0","id":9,"method":""}`, CodeInvalidRequest, "9"},
		{`{"jsonrpc":"2.0","id":"x10","method":"ping","params":[1]}`, CodeInvalidRequest, `"x10"`},
		{`{"jsonrpc":"2.0","id":11,"method":"ping","params":"p"}`, CodeInvalidRequest, "11"},
		{`{"jsonrpc":"2.0","id":12}`, CodeInvalidRequest, "12"},
		{`{"jsonrpc":"2.0","result":{}}`, CodeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":13,"result":{},"error":{"code":1,"message":"m"}}`, CodeInvalidRequest, "13"},
	}
	for _, c := range cases {
		h.send(c.line)
		r := h.recv()
		var e struct{ Code int }
		if err := json.Unmarshal(r["error"], &e); err != nil || e.Code != c.code || string(r["id"]) != c.id {
			short := c.line
			if len(short) > 60 {
				short = short[:60] + "..."
			}
			t.Errorf("%q: want code %d id %s, got %s", short, c.code, c.id, mustJSON(r))
		}
	}
	// Ids come back exactly as sent: big, negative, fractional, strings
	// with escapes, and a 30-digit number.
	for _, id := range []string{`123456789012345678901234567890`, `-7`, `1.5`, `1e3`, `"a\"b\u00e9"`, `""`, `9223372036854775808`} {
		h.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if r := h.recv(); string(r["id"]) != id || r["result"] == nil {
			t.Errorf("id %s: got %s", id, mustJSON(r))
		}
	}
	// Unknown methods are the server's to refuse, and the session lives.
	h.send(`{"jsonrpc":"2.0","id":"u","method":"no/such"}`)
	if r := h.recv(); string(r["id"]) != `"u"` || r["error"] == nil {
		t.Errorf("unknown method: %s", mustJSON(r))
	}
	h.send(`{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"slow","arguments":{"word":"alive"}}}`)
	if r := h.recv(); string(r["id"]) != "99" || !strings.Contains(string(r["result"]), "echo alive") {
		t.Errorf("after the malformed lines: %s", mustJSON(r))
	}
}

// TestLongLine: a line past MaxLine is skipped to its end and refused;
// the next line is served.
func TestLongLine(t *testing.T) {
	ts := newTestServer()
	h := startFront(t, &Front{Dial: InProcess(ts.srv), MaxLine: 1000})
	go h.send(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 200000) + `"}}`)
	if r := h.recv(); string(r["id"]) != "null" || !strings.Contains(string(r["error"]), "-32600") {
		t.Fatalf("long line: %s", mustJSON(r))
	}
	h.send(initLine)
	if r := h.recv(); string(r["id"]) != "1" || r["result"] == nil {
		t.Fatalf("after a long line: %s", mustJSON(r))
	}
}

// TestBackpressure (issue 14 B14): a client that writes requests and never
// reads stdout is read only until MaxPending answers wait (plus the few
// lines the pipes hold); once it reads, every request is answered.
func TestBackpressure(t *testing.T) {
	ts := newTestServer()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var read atomic.Int64
	f := &Front{In: countingReader{inR, &read}, Out: outW, Dial: InProcess(ts.srv), MaxPending: 4}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	go f.Run(ctx)
	const total = 2000
	sent := make(chan int, 1)
	go func() {
		io.WriteString(inW, initLine+"\n")
		n := 1
		for i := range total {
			line := `{"jsonrpc":"2.0","id":` + itoa(100+i) + `,"method":"ping"}` + "\n"
			if _, err := io.WriteString(inW, line); err != nil {
				break
			}
			n++
		}
		sent <- n
	}()
	// Nobody reads stdout: the front must stop reading stdin.
	var last int64 = -1
	for last != read.Load() {
		last = read.Load()
		time.Sleep(300 * time.Millisecond)
	}
	perLine := int64(len(`{"jsonrpc":"2.0","id":1000,"method":"ping"}`) + 1)
	stalled := read.Load() / perLine
	t.Logf("the front read about %d of %d requests while nobody read its answers", stalled, total)
	if stalled > 100 {
		t.Errorf("the front read %d of %d requests while nobody read its answers", stalled, total)
	}
	// Now read: every request is answered.
	r := bufio.NewReader(outR)
	got := 0
	for got < total+1 {
		if _, err := r.ReadBytes('\n'); err != nil {
			t.Fatal(err)
		}
		got++
	}
	if n := <-sent; n != total+1 {
		t.Errorf("sent %d lines", n)
	}
	inW.Close()
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestReplay: when the server connection dies, the front dials again and
// replays initialize, the subscriptions and the unanswered request; the
// client gets its answer under its own id and never sees the switch.
func TestReplay(t *testing.T) {
	ts := newTestServer()
	var mu sync.Mutex
	var backs []net.Conn
	dials := 0
	dial := func(ctx context.Context) (io.ReadWriteCloser, error) {
		front, back := net.Pipe()
		if _, err := ts.srv.Connect(ctx, &mcp.IOTransport{Reader: back, Writer: back}, nil); err != nil {
			return nil, err
		}
		mu.Lock()
		backs = append(backs, back)
		dials++
		mu.Unlock()
		return front, nil
	}
	h := startFront(t, &Front{Dial: dial, Reconnect: true})
	h.send(initLine)
	h.recv()
	h.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	h.send(`{"jsonrpc":"2.0","id":"sub","method":"resources/subscribe","params":{"uri":"test://r"}}`)
	if r := h.recv(); string(r["id"]) != `"sub"` || r["error"] != nil {
		t.Fatalf("subscribe: %s", mustJSON(r))
	}
	h.send(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	h.recv()
	ts.block.Store(true)
	h.send(`{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"tools/call","params":{"name":"slow","arguments":{"word":"again"}}}`)
	for ts.calls.Load() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	// The server dies with the call in flight.
	mu.Lock()
	backs[0].Close()
	mu.Unlock()
	ts.block.Store(false)
	r := h.recv()
	if string(r["id"]) != "123456789012345678901234567890" || !strings.Contains(string(r["result"]), "echo again") {
		t.Fatalf("the call in flight: %s", mustJSON(r))
	}
	mu.Lock()
	if dials != 2 {
		t.Errorf("dialled %d times, want 2", dials)
	}
	mu.Unlock()
	// The server handles requests concurrently: the replayed subscribe
	// may be handled after the resent call is answered.
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		ts.mu.Lock()
		n := len(ts.subscribed)
		ts.mu.Unlock()
		if n == 2 {
			break
		}
		if n > 2 || time.Since(start) > 60*time.Second { // hang guard
			t.Fatalf("subscriptions seen by the server: %d, want the client's and the replay's", n)
		}
	}
	h.send(`{"jsonrpc":"2.0","id":"after","method":"tools/list"}`)
	if r := h.recv(); string(r["id"]) != `"after"` || !strings.Contains(string(r["result"]), "slow") {
		t.Errorf("after the replay: %s", mustJSON(r))
	}
}

// TestEOFAnswersPending: when the client closes stdin, the front still
// answers what it asked, then ends.
func TestEOFAnswersPending(t *testing.T) {
	ts := newTestServer()
	h := startFront(t, &Front{Dial: InProcess(ts.srv)})
	h.send(initLine)
	h.recv()
	h.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	h.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{"word":"last"}}}`)
	h.in.Close()
	if r := h.recv(); string(r["id"]) != "2" || !strings.Contains(string(r["result"]), "echo last") {
		t.Errorf("answer after EOF: %s", mustJSON(r))
	}
	if err := <-h.done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestNoReplayOfEffects: a tool call in flight when the server dies is
// sent again on the new server only when the tool is marked read-only or
// idempotent; a call of any other tool (a script run) is answered with an
// error saying it was not run again, so its side effects never happen
// twice.
func TestNoReplayOfEffects(t *testing.T) {
	ts := newTestServer()
	var mu sync.Mutex
	var backs []net.Conn
	dial := func(ctx context.Context) (io.ReadWriteCloser, error) {
		front, back := net.Pipe()
		if _, err := ts.srv.Connect(ctx, &mcp.IOTransport{Reader: back, Writer: back}, nil); err != nil {
			return nil, err
		}
		mu.Lock()
		backs = append(backs, back)
		mu.Unlock()
		return front, nil
	}
	h := startFront(t, &Front{Dial: dial, Reconnect: true})
	h.send(initLine)
	h.recv()
	h.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	h.send(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	h.recv()
	ts.block.Store(true)
	h.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"effect","arguments":{"word":"once"}}}`)
	for ts.effects.Load() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	backs[0].Close()
	mu.Unlock()
	ts.block.Store(false)
	r := h.recv()
	if string(r["id"]) != "7" || r["error"] == nil || !strings.Contains(string(r["error"]), "not run again") {
		t.Fatalf("the call in flight: %s, want an error saying it was not run again", mustJSON(r))
	}
	// The session goes on, on the new server, and the tool ran once.
	h.send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"slow","arguments":{"word":"after"}}}`)
	if r := h.recv(); string(r["id"]) != "8" || !strings.Contains(string(r["result"]), "echo after") {
		t.Fatalf("after the replay: %s", mustJSON(r))
	}
	if n := ts.effects.Load(); n != 1 {
		t.Errorf("the tool with effects ran %d times, want 1", n)
	}
}
