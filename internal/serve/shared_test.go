package serve

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// writeSkills makes a root with skills: name -> SKILL.md content.
func writeSkills(t *testing.T, skills map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, md := range skills {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Join(dir, "scripts"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "scripts", "hello.sh"), []byte("echo hello from $0\n"), 0o755)
	}
	return root
}

func skillMD(name, desc string, extra string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n" + extra + "---\n# " + name + "\n\nBody of " + name + ".\n"
}

// testServer is a shared server (mcpshare.Daemon with a Backend) run in
// this process on a fresh socket folder, its catalog opened on data.
type testServer struct {
	ep     mcpshare.Endpoint
	opts   *index.Options
	cancel context.CancelFunc
	done   chan error
	wrap   func(*Backend) mcpshare.Backend
}

func startServer(t *testing.T, root string, wrap func(*Backend) mcpshare.Backend) *testServer {
	t.Helper()
	sockets, err := os.MkdirTemp("", "sdxs")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockets) })
	t.Setenv("SKILLDEX_SOCKET_DIR", sockets)
	opts := &index.Options{Roots: []index.Root{{Path: root}}, DataDir: t.TempDir()}
	ep, err := endpointFor(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // hang guard
	s := &testServer{ep: *ep, opts: opts, cancel: cancel, done: make(chan error, 1)}
	deps := Deps{Sandbox: func(kind string, _ *slog.Logger) (sandbox.Sandbox, error) { return sandbox.NewNone(), nil }}
	d := &mcpshare.Daemon{Endpoint: *ep, Idle: time.Hour, Open: func(ctx context.Context) (mcpshare.Backend, error) {
		o := *opts
		o.BackgroundBodies = true
		cat, err := index.Open(ctx, &o)
		if err != nil {
			return nil, err
		}
		b := NewBackend(cat, deps, slog.New(slog.DiscardHandler))
		if wrap != nil {
			return wrap(b), nil
		}
		return b, nil
	}}
	go func() { s.done <- d.Run(ctx) }()
	t.Cleanup(s.stop)
	for {
		if st, _ := mcpshare.Request(*ep, "status"); st != nil {
			return s
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (s *testServer) stop() {
	s.cancel()
	<-s.done
	s.done <- nil // stop is idempotent
}

// localOpener opens the catalog in this process, counting the opens.
func localOpener(opts *index.Options, n *int, mu *sync.Mutex) Opener {
	return func(ctx context.Context, mem bool) (*index.Catalog, error) {
		mu.Lock()
		*n++
		mu.Unlock()
		o := *opts
		o.Mem = mem
		return index.Open(ctx, &o)
	}
}

// TestOneShotSeesEditThroughServer: with a shared server running (its
// watcher off, so only the catch-up can notice), a one-shot command is
// answered by the server, never by a catalog of its own, and an edit
// made just before it is in the answer.
func TestOneShotSeesEditThroughServer(t *testing.T) {
	root := writeSkills(t, map[string]string{"pdf-forms": skillMD("pdf-forms", "Fill PDF forms.", ""), "csv": skillMD("csv", "Summarise CSV files.", "")})
	s := startServer(t, root, nil)
	ctx := context.Background()
	var opens int
	var mu sync.Mutex
	open := localOpener(s.opts, &opens, &mu)

	cat, err := OpenCatalog(ctx, s.opts, open, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cat.(*Remote); !ok {
		t.Fatalf("OpenCatalog gave %T, want the server's answers (*Remote)", cat)
	}
	if cat.Len() != 2 || len(cat.List(index.ListOptions{})) != 2 {
		t.Errorf("Len %d", cat.Len())
	}
	cat.Close()

	// The edit, then at once the next command.
	os.WriteFile(filepath.Join(root, "csv", "SKILL.md"), []byte(skillMD("csv", "Summarise CSV files into zebracorn tables.", "")), 0o644)
	os.MkdirAll(filepath.Join(root, "new-skill"), 0o755)
	os.WriteFile(filepath.Join(root, "new-skill", "SKILL.md"), []byte(skillMD("new-skill", "Brand new quokkafish helper.", "")), 0o644)
	cat, err = OpenCatalog(ctx, s.opts, open, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	res, err := cat.Search(ctx, index.SearchRequest{Query: "zebracorn", Limit: 5})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Name != "csv" {
		t.Errorf("search for the edited word: %+v %v", res, err)
	}
	l, err := cat.Load(ctx, "new-skill")
	if err != nil || !strings.Contains(l.Content, "quokkafish") {
		t.Errorf("load of the skill added just before: %+v %v", l, err)
	}
	// Errors keep their types across the socket.
	var nf *index.NotFoundError
	if _, err := cat.Load(ctx, "pdf-form"); !errors.As(err, &nf) || len(nf.Suggestions) == 0 {
		t.Errorf("load of a near miss: %v, want *index.NotFoundError with suggestions", err)
	}
	if _, err := cat.ReadFile(ctx, "csv", "../pdf-forms/SKILL.md"); !errors.Is(err, index.ErrOutside) {
		t.Errorf("read outside: %v, want index.ErrOutside", err)
	}
	if f, err := cat.ReadFile(ctx, "csv", "scripts/hello.sh"); err != nil || !strings.Contains(f.Content, "hello") {
		t.Errorf("read file: %+v %v", f, err)
	}
	if cat.DataDir() != "" {
		t.Errorf("DataDir %q: a one-shot command must not write to the server's data dir", cat.DataDir())
	}
	if opens != 0 {
		t.Errorf("the command opened the catalog itself %d times while the server ran", opens)
	}
	st, _ := mcpshare.Request(s.ep, "status")
	if st == nil || st.CLICalls == 0 || st.CatalogUpdated.IsZero() {
		t.Errorf("status: %+v, want CLI calls counted and the catalog's catch-up time", st)
	}
}

// dyingBackend makes the server go away in the middle of answering a
// search (as a SIGKILL would: the connection ends without an answer).
type dyingBackend struct {
	*Backend
	kill func()
	once sync.Once
}

func (d *dyingBackend) Call(ctx context.Context, line []byte) []byte {
	if strings.Contains(string(line), `"search"`) {
		d.once.Do(d.kill)
		<-ctx.Done()
		return nil
	}
	return d.Backend.Call(ctx, line)
}

// TestServerGoneMidCall: the server dies while a one-shot command waits
// for its answer; the command still answers (from the catalog it opens
// once the data dir is free), without hanging, and the data dir is
// sound afterwards.
func TestServerGoneMidCall(t *testing.T) {
	root := writeSkills(t, map[string]string{"pdf-forms": skillMD("pdf-forms", "Fill PDF forms.", ""), "csv": skillMD("csv", "Summarise CSV files.", "")})
	var s *testServer
	s = startServer(t, root, func(b *Backend) mcpshare.Backend {
		return &dyingBackend{Backend: b, kill: func() { go s.cancel() }}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // hang guard
	defer cancel()
	var opens int
	var mu sync.Mutex
	cat, err := OpenCatalog(ctx, s.opts, localOpener(s.opts, &opens, &mu), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	res, err := cat.Search(ctx, index.SearchRequest{Query: "pdf forms", Limit: 5})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Name != "pdf-forms" {
		t.Fatalf("search while the server died: %+v %v", res, err)
	}
	if opens != 1 {
		t.Errorf("opened the catalog %d times after the server died, want 1", opens)
	}
	if n := cat.Len(); n != 2 {
		t.Errorf("Len after the fall back: %d", n)
	}
	cat.Close()
	// No damage: the data dir opens and answers as before.
	c2, err := index.Open(ctx, s.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if c2.Len() != 2 || c2.Degraded() != nil {
		t.Errorf("after: %d skills, degraded %v", c2.Len(), c2.Degraded())
	}
}

// session opens an MCP session on the shared server with options.
func session(t *testing.T, ctx context.Context, ep mcpshare.Endpoint, so SessionOptions) *mcp.ClientSession {
	t.Helper()
	options, _ := json.Marshal(so)
	conn, err := (&mcpshare.Client{Endpoint: ep, Options: options}).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: conn, Writer: conn}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// sees reports the session's tool names and the skills list_skills shows.
func sees(t *testing.T, ctx context.Context, cs *mcp.ClientSession) (tools []string, listed string) {
	t.Helper()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range lt.Tools {
		tools = append(tools, tl.Name)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_skills", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			listed += tc.Text
		}
	}
	return tools, listed
}

// TestSessionsKeepTheirOwnPolicy: two sessions with different options on
// one server each get exactly their own policy: the one with scripts on
// and hidden skills exposed never widens the default session's, whichever
// connects first, and an HTTP listener's options are its own too.
func TestSessionsKeepTheirOwnPolicy(t *testing.T) {
	root := writeSkills(t, map[string]string{
		"open-skill":   skillMD("open-skill", "A skill the model sees.", ""),
		"hidden-skill": skillMD("hidden-skill", "A skill its author hid from the model.", "disable-model-invocation: true\n"),
	})
	s := startServer(t, root, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	narrow1 := session(t, ctx, s.ep, SessionOptions{Audit: "off"})
	wide := session(t, ctx, s.ep, SessionOptions{Audit: "off", AllowScripts: true, Sandbox: "none", ExposeHidden: true})
	narrow2 := session(t, ctx, s.ep, SessionOptions{Audit: "off"})
	for i, cs := range []*mcp.ClientSession{narrow1, narrow2} {
		tools, listed := sees(t, ctx, cs)
		if strings.Contains(strings.Join(tools, ","), "run_skill_script") || strings.Contains(listed, "hidden-skill") || !strings.Contains(listed, "open-skill") {
			t.Errorf("default session %d: tools %v, listed %s: got the other session's policy", i+1, tools, listed)
		}
	}
	tools, listed := sees(t, ctx, wide)
	if !strings.Contains(strings.Join(tools, ","), "run_skill_script") || !strings.Contains(listed, "hidden-skill") {
		t.Errorf("wide session: tools %v, listed %s: lost its own policy", tools, listed)
	}
	// A run in the default session is refused even by name.
	r, err := narrow2.CallTool(ctx, &mcp.CallToolParams{Name: "run_skill_script", Arguments: map[string]any{"skill": "open-skill", "script": "scripts/hello.sh"}})
	if err == nil && !r.IsError {
		t.Errorf("the default session ran a script: %+v", r)
	}
	// An HTTP listener with its own (narrow) options, beside them.
	opts, _ := json.Marshal(SessionOptions{Audit: "off"})
	params, _ := json.Marshal(HTTPParams{Addr: "127.0.0.1:0"})
	info, hold, err := (&mcpshare.Client{Endpoint: s.ep, Options: opts}).ServeHTTP(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()
	var hi HTTPInfo
	json.Unmarshal(info, &hi)
	hc, err := mcp.NewClient(&mcp.Implementation{Name: "h", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hi.URL}, nil)
	if err != nil {
		t.Fatalf("HTTP session at %s: %v", hi.URL, err)
	}
	defer hc.Close()
	tools, listed = sees(t, ctx, hc)
	if strings.Contains(strings.Join(tools, ","), "run_skill_script") || strings.Contains(listed, "hidden-skill") {
		t.Errorf("HTTP session: tools %v, listed %s: got the stdio session's wider policy", tools, listed)
	}
	st, _ := mcpshare.Request(s.ep, "status")
	// (HTTPSessions counts stateful sessions; a client of the
	// sessionless revision has none.)
	if st == nil || st.Stdio != 3 || st.HTTP != 1 || len(st.HTTPAddrs) != 1 {
		t.Errorf("status: %+v, want 3 stdio sessions and 1 HTTP listener", st)
	}
}
