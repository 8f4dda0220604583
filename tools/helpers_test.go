package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	g "github.com/skilldex/skilldex/internal/golden"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// tree writes files (slash paths relative to dir → content) under dir.
func tree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// skillMD is a SKILL.md with the given frontmatter lines and body.
func skillMD(front, body string) string {
	return "---\n" + front + "\n---\n\n" + body
}

// openCatalog opens an in-memory catalog over roots.
func openCatalog(t testing.TB, roots ...index.Root) *index.Catalog {
	t.Helper()
	cat, err := index.Open(context.Background(), &index.Options{Roots: roots, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	return cat
}

// fixture is a catalog, a handler over it and what the handler logged.
type fixture struct {
	root string // the temporary folder holding the roots; "$ROOT" in goldens
	cat  *index.Catalog
	h    *Handler
	logs *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newFixture writes files under a temporary folder, opens a catalog whose
// roots are the given folders of it (label after a colon: "project:p"),
// and a handler with opts (Profiles and Logger are filled in).
func newFixture(t testing.TB, files map[string]string, roots []string, opts Options) *fixture {
	t.Helper()
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	tree(t, dir, files)
	var rs []index.Root
	for _, r := range roots {
		label, path, ok := strings.Cut(r, ":")
		if !ok {
			label, path = "project", r
		}
		rs = append(rs, index.Root{Path: filepath.Join(dir, filepath.FromSlash(path)), Label: label})
	}
	f := &fixture{root: dir, cat: openCatalog(t, rs...), logs: &syncBuffer{}}
	opts.Logger = slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	f.h = New(f.cat, &opts)
	return f
}

// serveInMemory serves h's profiles on one end of an in-memory transport
// pair and returns the other end for a client, with the server session.
func serveInMemory(t testing.TB, h *Handler) (mcp.Transport, *mcp.ServerSession) {
	t.Helper()
	srv, err := h.NewServer()
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ct, ss
}

// connect serves the handler's profiles over the in-memory transport and
// returns a connected client session. onToolsChanged, when set, receives
// notifications/tools/list_changed.
func connect(t testing.TB, h *Handler, onToolsChanged func()) *mcp.ClientSession {
	t.Helper()
	ct, ss := serveInMemory(t, h)
	ctx := context.Background()
	copts := &mcp.ClientOptions{}
	if onToolsChanged != nil {
		copts.ToolListChangedHandler = func(context.Context, *mcp.ToolListChangedRequest) { onToolsChanged() }
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call calls tool with args given as JSON text (so key order reaches the
// server as written).
func call(t testing.TB, cs *mcp.ClientSession, tool, args string) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("tools/call %s %s: %v", tool, args, err)
	}
	return res
}

// text is the concatenated text content of a result.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// render turns a tool result into its golden form: isError, whether
// structured content is present, then each content block's text as is.
func render(res *mcp.CallToolResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "isError: %v\n", res.IsError)
	if res.StructuredContent == nil {
		b.WriteString("structuredContent: none\n")
	} else {
		sc, _ := json.MarshalIndent(res.StructuredContent, "", "  ")
		fmt.Fprintf(&b, "structuredContent:\n%s\n", sc)
	}
	for i, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			fmt.Fprintf(&b, "--- content[%d] text ---\n%s\n", i, c.Text)
		default:
			fmt.Fprintf(&b, "--- content[%d] %T ---\n", i, c)
		}
	}
	return b.String()
}

// golden compares got (with root replaced by $ROOT) with
// testdata/NAME.golden, or rewrites it under -update.
func golden(t testing.TB, name, root, got string) {
	t.Helper()
	if root != "" {
		got = strings.ReplaceAll(got, root, "$ROOT")
	}
	g.Check(t, filepath.Join("testdata", filepath.FromSlash(name)+".golden"), []byte(got))
}

// caseT is one seed row: a tool call and the golden file of its answer.
type caseT struct {
	name string // the test name, after the seed example or row
	tool string
	args string
	// want, when set, must equal the text content exactly (besides the
	// golden file), for rows whose text the seed spells out in full.
	want string
	// isError is the expected isError.
	isError bool
}

// runCases calls each case on cs and checks it against its golden file
// testdata/DIR/NAME.golden.
func runCases(t *testing.T, dir, root string, cs *mcp.ClientSession, cases []caseT) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := call(t, cs, c.tool, c.args)
			if res.IsError != c.isError {
				t.Errorf("isError = %v, want %v; text:\n%s", res.IsError, c.isError, text(res))
			}
			if c.want != "" {
				if got := strings.ReplaceAll(text(res), root, "$ROOT"); got != c.want {
					t.Errorf("text differs from the seed's\n got: %q\nwant: %q", got, c.want)
				}
			}
			golden(t, dir+"/"+c.name, root, render(res))
		})
	}
}

// wireSession is a raw JSON-RPC client over the in-memory transport, for
// what the SDK client would decode away: the exact bytes of tools/list.
type wireSession struct {
	t    testing.TB
	conn mcp.Connection
	next int64
	// notes holds the notifications read so far (method and raw params),
	// in the order the server sent them.
	notes []*jsonrpc.Request
}

// wireConnect serves h and initializes a raw session.
func wireConnect(t testing.TB, h *Handler) *wireSession {
	t.Helper()
	ct, ss := serveInMemory(t, h)
	ctx := context.Background()
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(); ss.Wait() })
	w := &wireSession{t: t, conn: conn}
	w.request("initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"wire","version":"1"}}`)
	if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	return w
}

// request sends one request and returns the raw result, skipping
// notifications.
func (w *wireSession) request(method, params string) json.RawMessage {
	w.t.Helper()
	res, err := w.roundTrip(method, params)
	if err != nil {
		w.t.Fatalf("%s: %v", method, err)
	}
	return res
}

// roundTrip sends one request and returns its raw result or its JSON-RPC
// error; notifications read meanwhile are kept in w.notes.
func (w *wireSession) roundTrip(method, params string) (json.RawMessage, error) {
	w.t.Helper()
	w.next++
	id, _ := jsonrpc.MakeID(float64(w.next))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := w.conn.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: json.RawMessage(params)}); err != nil {
		w.t.Fatal(err)
	}
	for {
		msg, err := w.conn.Read(ctx)
		if err != nil {
			w.t.Fatalf("%s: %v", method, err)
		}
		if r, ok := msg.(*jsonrpc.Response); ok && r.ID == id {
			return r.Result, r.Error
		}
		if n, ok := msg.(*jsonrpc.Request); ok && !n.ID.IsValid() {
			w.notes = append(w.notes, n)
		}
	}
}

// wireTools returns each tool of tools/list as its raw JSON, by name.
func (w *wireSession) wireTools() (map[string]json.RawMessage, json.RawMessage) {
	w.t.Helper()
	raw := w.request("tools/list", `{}`)
	var res struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		w.t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for _, tool := range res.Tools {
		var n struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(tool, &n)
		out[n.Name] = tool
	}
	return out, raw
}

// rawField returns the raw bytes of one field of a JSON object.
func rawField(t testing.TB, obj json.RawMessage, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil {
		t.Fatal(err)
	}
	return string(m[key])
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fakeSandbox records each request and answers without running anything:
// it validates the request with sandbox.Resolve (so a missing, outside or
// unsupported script fails as under the real sandbox) and prints the argv
// and SKILL_ARG_* environment sandbox.BuildArgv gives, which is what the
// seed's "Result: sys.argv = [...]" lines describe.
type fakeSandbox struct {
	mu   sync.Mutex
	reqs []sandbox.Request
	// exit, when set, is the exit code and stderr of a script path.
	exit map[string]int
}

func (f *fakeSandbox) Name() string { return "fake" }

func (f *fakeSandbox) Run(_ context.Context, req sandbox.Request) (*sandbox.Result, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	_, interp, err := sandbox.Resolve(req.SkillDir, req.Script)
	if err != nil {
		return nil, err
	}
	if _, err := sandbox.ParseArgStyle(string(req.Style)); err != nil {
		return nil, err
	}
	argv, env := sandbox.BuildArgv(interp, req.Script, req.Args, req.Style)
	av, _ := json.Marshal(argv)
	ev, _ := json.Marshal(env)
	res := &sandbox.Result{Stdout: fmt.Sprintf("argv: %s\nenv: %s\n", av, ev), Duration: 42 * time.Millisecond}
	if code, ok := f.exit[req.Script]; ok {
		res.ExitCode = code
		res.Stderr = "usage: process.py --input FILE --output FILE\n"
	}
	return res, nil
}

func (f *fakeSandbox) last() sandbox.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.reqs) == 0 {
		return sandbox.Request{}
	}
	return f.reqs[len(f.reqs)-1]
}

// faultCatalog wraps a catalog to inject the failures a test running as
// root cannot provoke through the filesystem.
type faultCatalog struct {
	catalog
	loadErr error         // returned by Load when set
	extra   []index.Skill // appended to List when IncludeInvalid is set
}

func (f *faultCatalog) Load(ctx context.Context, ref string) (*index.Loaded, error) {
	if f.loadErr != nil {
		return nil, f.loadErr
	}
	return f.catalog.Load(ctx, ref)
}

func (f *faultCatalog) List(o index.ListOptions) []index.Skill {
	out := f.catalog.List(o)
	if o.IncludeInvalid {
		out = append(out, f.extra...)
	}
	return out
}

func (f *faultCatalog) Records(o index.ListOptions) []*index.Skill {
	out := f.catalog.Records(o)
	if o.IncludeInvalid {
		for i := range f.extra {
			out = append(out, &f.extra[i])
		}
	}
	return out
}

func removeAll(p string) error { return os.RemoveAll(p) }
