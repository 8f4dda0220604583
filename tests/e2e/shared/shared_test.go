// Package shared tests the shared local server end to end: stdio
// sessions of the built skilldex binary (Go and TypeScript MCP SDK
// clients) served by one shared process, the owner killed mid-session,
// serve --stop, malformed input and init-agent's entries.
package shared

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

var (
	binary = e2etest.Binary
	must   = e2etest.Must
)

// sharedEnv is a user with nothing running: its own cache (so the default
// data dir is fresh), socket folder and a short idle period, so the shared
// servers the test starts end soon after it.
type sharedEnv struct {
	env            []string
	cache, sockets string
	root           string // a copy of examples/skills, edited by the tests
}

func newSharedEnv(t *testing.T) *sharedEnv {
	t.Helper()
	base, err := os.MkdirTemp("", "skx")
	if err != nil {
		t.Fatal(err)
	}
	e := &sharedEnv{cache: filepath.Join(base, "cache"), sockets: filepath.Join(base, "s"), root: filepath.Join(base, "skills")}
	if err := os.CopyFS(e.root, os.DirFS(e2etest.Examples(t))); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SKILLDEX_") || strings.HasPrefix(kv, "XDG_RUNTIME_DIR=") || strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			continue
		}
		e.env = append(e.env, kv)
	}
	e.env = append(e.env, "XDG_CACHE_HOME="+e.cache, "SKILLDEX_SOCKET_DIR="+e.sockets, "SKILLDEX_SHARE_IDLE=2s")
	t.Cleanup(func() {
		// serve --stop ends whatever is left; then nothing of ours runs.
		cmd := exec.Command(binary(t), "serve", "--stop")
		cmd.Env = e.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("serve --stop: %v\n%s", err, out)
		}
		os.RemoveAll(base)
	})
	return e
}

// serve starts one stdio session with args, as an agent would.
func (e *sharedEnv) serve(t *testing.T, ctx context.Context, name string, updated *atomic.Int32) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(binary(t), "serve", "--dir", e.root, "--debounce", "50ms")
	cmd.Env = e.env
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, &mcp.ClientOptions{
		ResourceUpdatedHandler: func(context.Context, *mcp.ResourceUpdatedNotificationRequest) { updated.Add(1) },
	})
	sess, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("session %s: %v", name, err)
	}
	return sess
}

// status returns the shared servers running for this user.
func (e *sharedEnv) status(t *testing.T) []struct {
	PID      int `json:"pid"`
	Sessions int `json:"sessions"`
} {
	t.Helper()
	cmd := exec.Command(binary(t), "serve", "--status", "--json")
	cmd.Env = e.env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("serve --status: %v", err)
	}
	var st []struct {
		PID      int `json:"pid"`
		Sessions int `json:"sessions"`
	}
	if err := json.Unmarshal(out, &st); err != nil {
		t.Fatalf("serve --status --json: %v\n%s", err, out)
	}
	return st
}

func toolText(t *testing.T, ctx context.Context, sess *mcp.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	text, isErr := e2etest.CallTool(t, ctx, sess, tool, args)
	if isErr {
		t.Fatalf("%s %v: %s", tool, args, text)
	}
	return text
}

// TestSharedSessions: two, then eight stdio sessions on one root set with
// the default data dir are served by one shared process; each answers
// search and load, sees a new skill appear and is told of an edit to a
// resource it subscribed to. Then the owning process is killed: every
// session answers again (the front restarts the shared server and replays
// its session, subscriptions included), from the same data dir, without a
// rebuild.
func TestSharedSessions(t *testing.T) {
	for _, n := range []int{2, 8} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if n > 2 && testing.Short() {
				t.Skip("8 sessions: skipped with -short (2 run)")
			}
			e := newSharedEnv(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			sessions := make([]*mcp.ClientSession, n)
			updated := make([]*atomic.Int32, n)
			var wg sync.WaitGroup
			for i := range n {
				updated[i] = new(atomic.Int32)
				wg.Add(1)
				go func() { // all at once: they race to start the shared server
					defer wg.Done()
					sessions[i] = e.serve(t, ctx, fmt.Sprint("agent-", i), updated[i])
				}()
			}
			wg.Wait()
			defer func() {
				for _, s := range sessions {
					s.Close()
				}
			}()
			st := e.status(t)
			if len(st) != 1 || st[0].Sessions != n {
				t.Fatalf("want one shared server with %d sessions, got %+v", n, st)
			}
			owner := st[0].PID
			dbs, _ := filepath.Glob(filepath.Join(e.cache, "skilldex", "*", "skills.db"))
			if len(dbs) != 1 {
				t.Fatalf("want one catalog in the default data dir, got %v", dbs)
			}
			before := inode(t, dbs[0])
			var ownerRec struct{ PID int }
			data, _ := os.ReadFile(filepath.Join(filepath.Dir(dbs[0]), "owner.json"))
			if json.Unmarshal(data, &ownerRec); ownerRec.PID != owner {
				t.Errorf("the data dir's owner is pid %d, the shared server is %d", ownerRec.PID, owner)
			}

			var uri string
			res, err := sessions[0].ListResources(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res.Resources {
				if r.Title == "pdf-forms" {
					uri = r.URI
				}
			}
			if uri == "" {
				t.Fatal("no resource for pdf-forms")
			}
			everyone := func(what string, f func(i int, s *mcp.ClientSession)) {
				t.Helper()
				var wg sync.WaitGroup
				for i, s := range sessions {
					wg.Add(1)
					go func() {
						defer wg.Done()
						f(i, s)
					}()
				}
				wg.Wait()
				if t.Failed() {
					t.Fatalf("failed: %s", what)
				}
			}
			everyone("search, load, subscribe", func(i int, s *mcp.ClientSession) {
				if out := toolText(t, ctx, s, "search_skills", map[string]any{"query": "fill a pdf form"}); !strings.Contains(out, "pdf-forms") {
					t.Errorf("session %d: search lacks pdf-forms: %.200s", i, out)
				}
				if out := toolText(t, ctx, s, "load_skill", map[string]any{"name": "pdf-forms"}); !strings.Contains(out, "pdf-forms") {
					t.Errorf("session %d: load: %.200s", i, out)
				}
				if err := s.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
					t.Errorf("session %d: subscribe: %v", i, err)
				}
			})

			// live updates: a new skill, an edited one.
			live := func(round string) {
				t.Helper()
				name := "shared-" + round
				dir := filepath.Join(e.root, name)
				must(t, os.MkdirAll(dir, 0o755))
				must(t, os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: "+name+"\ndescription: Zanzibar quokka "+round+" checks.\n---\nBody.\n"), 0o644))
				marks := make([]int32, n)
				for i := range n {
					marks[i] = updated[i].Load()
				}
				md := filepath.Join(e.root, "pdf-forms", "SKILL.md")
				data, err := os.ReadFile(md)
				must(t, err)
				must(t, os.WriteFile(md, append(data, []byte("\nEdited in round "+round+".\n")...), 0o644))
				everyone("live "+round, func(i int, s *mcp.ClientSession) {
					for {
						out := toolText(t, ctx, s, "search_skills", map[string]any{"query": "zanzibar quokka " + round})
						if strings.Contains(out, name) && updated[i].Load() > marks[i] {
							return
						}
						if ctx.Err() != nil {
							t.Errorf("session %d: never saw %s and the edit (updates %d)", i, name, updated[i].Load())
							return
						}
						time.Sleep(20 * time.Millisecond)
					}
				})
			}
			live("one")

			// One-shot commands beside the shared server answer; one that
			// must own the data dir names the way out.
			if n == 2 {
				search := exec.Command(binary(t), "search", "--dir", e.root, "fill a pdf form")
				search.Env = e.env
				if out, err := search.CombinedOutput(); err != nil || !strings.Contains(string(out), "pdf-forms") {
					t.Errorf("search beside the shared server: %v\n%s", err, out)
				}
				index := exec.Command(binary(t), "index", "--dir", e.root)
				index.Env = e.env
				if out, err := index.CombinedOutput(); err == nil || !strings.Contains(string(out), "skilldex serve --stop") {
					t.Errorf("index beside the shared server: want a failure naming serve --stop: %v\n%s", err, out)
				}
			}

			// Kill the owner mid-session.
			must(t, syscall.Kill(owner, syscall.SIGKILL))
			killed := time.Now()
			var slowest atomic.Int64
			everyone("answers after the owner died", func(i int, s *mcp.ClientSession) {
				if out := toolText(t, ctx, s, "search_skills", map[string]any{"query": "fill a pdf form"}); !strings.Contains(out, "pdf-forms") {
					t.Errorf("session %d after the kill: %.200s", i, out)
				}
				d := int64(time.Since(killed))
				for {
					old := slowest.Load()
					if d <= old || slowest.CompareAndSwap(old, d) {
						break
					}
				}
			})
			t.Logf("%d sessions: every session answered within %v of the owner's SIGKILL (2-core shared machine)", n, time.Duration(slowest.Load()).Round(time.Millisecond))
			st = e.status(t)
			if len(st) != 1 || st[0].PID == owner || st[0].Sessions != n {
				t.Fatalf("after the kill: want one new shared server with %d sessions, got %+v (old pid %d)", n, st, owner)
			}
			if after := inode(t, dbs[0]); after != before {
				t.Errorf("the store was recreated (inode %d -> %d): a rebuild", before, after)
			}
			logs, _ := filepath.Glob(filepath.Join(e.sockets, "*.log"))
			for _, l := range logs {
				data, _ := os.ReadFile(l)
				if bytes.Contains(data, []byte("rebuilding")) || bytes.Contains(data, []byte("unusable")) {
					t.Errorf("the shared server rebuilt its catalog:\n%s", data)
				}
			}
			// The replayed sessions are live and subscribed again.
			live("two")

			// serve --stop with sessions open: it returns once a fresh
			// server has taken over, and every session answers.
			stop := exec.Command(binary(t), "serve", "--stop")
			stop.Env = e.env
			if out, err := stop.CombinedOutput(); err != nil || !strings.Contains(string(out), "stopped") {
				t.Fatalf("serve --stop with %d sessions open: %v\n%s", n, err, out)
			}
			everyone("answers after serve --stop", func(i int, s *mcp.ClientSession) {
				if out := toolText(t, ctx, s, "load_skill", map[string]any{"name": "pdf-forms"}); !strings.Contains(out, "pdf-forms") {
					t.Errorf("session %d after --stop: %.200s", i, out)
				}
			})
		})
	}
}

// TestSharedTypeScript runs the same scenario with the official TypeScript
// MCP SDK (tests/mcpclient/shared.mjs): two, then eight sessions; the
// owner is killed mid-session. Skips when node or node_modules is missing.
func TestSharedTypeScript(t *testing.T) {
	if testing.Short() {
		t.Skip("the TypeScript SDK client runs: skipped with -short")
	}
	client := filepath.Join(e2etest.RepoRoot(t), "tests", "mcpclient")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	if _, err := os.Stat(filepath.Join(client, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Skip("tests/mcpclient/node_modules missing (npm ci there)")
	}
	for _, n := range []int{2, 8} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			e := newSharedEnv(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // hang guard
			defer cancel()
			cmd := exec.CommandContext(ctx, "node", filepath.Join(client, "shared.mjs"), binary(t), e.root, fmt.Sprint(n))
			cmd.Env = e.env
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript client: %v", err)
			}
			dbs, _ := filepath.Glob(filepath.Join(e.cache, "skilldex", "*", "skills.db"))
			if len(dbs) != 1 {
				t.Errorf("want one catalog in the default data dir, got %v", dbs)
			}
			logs, _ := filepath.Glob(filepath.Join(e.sockets, "*.log"))
			for _, l := range logs {
				data, _ := os.ReadFile(l)
				if bytes.Contains(data, []byte("rebuilding")) || bytes.Contains(data, []byte("unusable")) {
					t.Errorf("the shared server rebuilt its catalog:\n%s", data)
				}
				if c := bytes.Count(data, []byte("catalog open")); c != 2 {
					t.Errorf("want two catalog opens (the first server and its replacement), got %d:\n%s", c, data)
				}
			}
		})
	}
}

// TestServeMalformedLines (issue 14 B13) on the binary, shared and not:
// malformed lines get JSON-RPC errors, the session goes on, and a 30-digit
// id comes back as sent.
func TestServeMalformedLines(t *testing.T) {
	for _, mode := range []string{"auto", "off"} {
		t.Run(mode, func(t *testing.T) {
			e := newSharedEnv(t)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
			defer cancel()
			cmd := exec.CommandContext(ctx, binary(t), "serve", "--share", mode, "--no-watch", "--dir", e.root)
			cmd.Env = e.env
			cmd.Stdin = strings.NewReader(strings.Join([]string{
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{`, `not json`, `[]`, `null`, `{"jsonrpc":"1.0","id":2,"method":"ping"}`, `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
				`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"x\":\"\xff\"}",
				strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
				`{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`,
			}, "\n") + "\n")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("serve: %v\n%s", err, out)
			}
			codes := map[string]int{}
			var ids []string
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				var m struct {
					ID    json.RawMessage
					Error *struct{ Code int }
				}
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("not JSON on stdout: %q", line)
				}
				ids = append(ids, string(m.ID))
				if m.Error != nil {
					codes[fmt.Sprint(m.Error.Code)]++
				}
			}
			if codes["-32700"] != 4 || codes["-32600"] != 5 || len(ids) != 11 || !slices.Contains(ids, "123456789012345678901234567890") {
				t.Errorf("want 4 parse errors, 5 invalid requests, 11 answers with the 30-digit id echoed; got %v, ids %v\n%s", codes, ids, out)
			}
		})
	}
}

// TestInitAgentEntriesShare: the entry init-agent writes needs no option
// to share: two agent sessions started from it at once both answer, from
// one shared server.
func TestInitAgentEntriesShare(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	env := e2etest.AgentEnv(home)
	// .agents/skills: the entry leaves out the folders Claude Code reads
	// itself (.claude/skills), so the skill is in one it does not.
	skill := filepath.Join(project, ".agents", "skills", "hello-skill")
	must(t, os.MkdirAll(skill, 0o755))
	must(t, os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte("---\nname: hello-skill\ndescription: Say hello. Use when the user wants a greeting.\n---\n\n# Hello\n"), 0o644))
	if r := e2etest.RunIn(t, project, env, "init-agent", "claude", "--write", "--command", binary(t)); r.Code != 0 {
		t.Fatalf("init-agent: %s%s", r.Stdout, r.Stderr)
	}
	data, err := os.ReadFile(filepath.Join(project, ".mcp.json"))
	must(t, err)
	var doc struct {
		MCPServers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcpServers"`
	}
	must(t, json.Unmarshal(data, &doc))
	entry := doc.MCPServers["skilldex"]
	if entry.Command != binary(t) {
		t.Fatalf("entry: %s", data)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // hang guard
	defer cancel()
	sessions := make([]*mcp.ClientSession, 2)
	var wg sync.WaitGroup
	for i := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(entry.Command, entry.Args...)
			cmd.Dir, cmd.Env, cmd.Stderr = project, env, os.Stderr
			s, err := mcp.NewClient(&mcp.Implementation{Name: "claude-" + fmt.Sprint(i), Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Errorf("session %d from the init-agent entry: %v", i, err)
				return
			}
			sessions[i] = s
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	for i, s := range sessions {
		if out := toolText(t, ctx, s, "search_skills", map[string]any{"query": "greeting hello"}); !strings.Contains(out, "hello-skill") {
			t.Errorf("session %d: %.200s", i, out)
		}
	}
	cmd := exec.Command(binary(t), "serve", "--status", "--json")
	cmd.Env = env
	out, err := cmd.Output()
	must(t, err)
	var st []struct{ Sessions int }
	must(t, json.Unmarshal(out, &st))
	found := false
	for _, s := range st {
		found = found || s.Sessions == 2
	}
	if !found {
		t.Errorf("no shared server holds both sessions: %s", out)
	}
	for _, s := range sessions {
		s.Close()
	}
}

func inode(t *testing.T, path string) uint64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}
