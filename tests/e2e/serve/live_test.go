package serve

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestLiveServe runs `skilldex serve` as a real process over stdio, edits
// skills on disk while a client is connected, and checks that search,
// load and list show each new state and that the client is notified.
func TestLiveServe(t *testing.T) {
	root := t.TempDir()
	var resourcesChanged, updated atomic.Int32
	client := mcp.NewClient(&mcp.Implementation{Name: "live-test", Version: "1"}, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { resourcesChanged.Add(1) },
		ResourceUpdatedHandler:     func(context.Context, *mcp.ResourceUpdatedNotificationRequest) { updated.Add(1) },
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.Command(binary(t), "serve", "--mem", "--dir", root, "--debounce", "100ms")
	cmd.Stderr = os.Stderr
	sess, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	time.Sleep(200 * time.Millisecond) // let the watcher start

	call := func(tool string, args map[string]any) (string, bool) {
		return e2etest.CallTool(t, ctx, sess, tool, args)
	}
	// until polls a tool call until check holds; it returns the time taken.
	until := func(what string, check func() bool) time.Duration {
		start := time.Now()
		for time.Since(start) < 60*time.Second { // catches a hang only
			if check() {
				return time.Since(start)
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("timed out waiting for %s", what)
		return 0
	}
	searchHas := func(q, id string) func() bool {
		return func() bool {
			text, isErr := call("search_skills", map[string]any{"query": q})
			if isErr {
				return false
			}
			var out struct{ Hits []struct{ ID string } }
			_ = json.Unmarshal([]byte(text), &out)
			for _, h := range out.Hits {
				if h.ID == id {
					return true
				}
			}
			return false
		}
	}
	listIDs := func() string {
		text, _ := call("list_skills", map[string]any{})
		var out struct{ Skills []struct{ ID string } }
		_ = json.Unmarshal([]byte(text), &out)
		var ids []string
		for _, s := range out.Skills {
			ids = append(ids, s.ID)
		}
		sort.Strings(ids)
		return strings.Join(ids, ",")
	}
	var latencies []time.Duration
	dir := filepath.Join(root, "invoice-tool")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "SKILL.md"), "---\nname: invoice-tool\ndescription: Turn invoices into spreadsheets.\n---\nBody.\n")
	latencies = append(latencies, until("create", searchHas("invoices spreadsheets", "invoice-tool")))
	if err := sess.Subscribe(ctx, &mcp.SubscribeParams{URI: "skill://invoice-tool/SKILL.md"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the subscription is acknowledged asynchronously

	write(filepath.Join(dir, "SKILL.md"), "---\nname: invoice-tool\ndescription: Reconcile bank statements against ledgers.\n---\nBody.\n")
	latencies = append(latencies, until("edit", searchHas("reconcile bank statements", "invoice-tool")))
	until("load shows the edit", func() bool {
		text, isErr := call("load_skill", map[string]any{"name": "invoice-tool"})
		return !isErr && strings.Contains(text, "Reconcile bank statements")
	})
	until("resources/updated for the subscribed SKILL.md", func() bool { return updated.Load() >= 1 })

	write(filepath.Join(dir, "references", "ledger.md"), "# Ledger format\n")
	until("reference file", func() bool {
		text, isErr := call("read_skill_file", map[string]any{"skill": "invoice-tool", "path": "references/ledger.md"})
		return !isErr && strings.Contains(text, "Ledger format")
	})

	if err := os.Rename(dir, filepath.Join(root, "ledger-tool")); err != nil {
		t.Fatal(err)
	}
	until("rename", func() bool { return listIDs() == "ledger-tool" })

	write(filepath.Join(root, "ledger-tool", "SKILL.md"), "---\nname: [broken\n---\n")
	until("break", func() bool { return listIDs() == "" })
	if text, isErr := call("load_skill", map[string]any{"name": "ledger-tool"}); !isErr || !strings.Contains(text, "invalid") {
		t.Errorf("a broken skill must be reported invalid, got %q", text)
	}
	write(filepath.Join(root, "ledger-tool", "SKILL.md"), "---\nname: ledger-tool\ndescription: Fixed ledger skill.\n---\n")
	latencies = append(latencies, until("fix", searchHas("fixed ledger", "ledger-tool")))

	if err := os.RemoveAll(filepath.Join(root, "ledger-tool")); err != nil {
		t.Fatal(err)
	}
	until("delete", func() bool { return listIDs() == "" })
	until("notifications", func() bool { return resourcesChanged.Load() >= 3 })

	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	t.Logf("write-to-search latency (debounce 100ms, incl. polling step 10ms): median %v of %v; %d resource list changes, %d resource updates",
		latencies[len(latencies)/2], latencies, resourcesChanged.Load(), updated.Load())
}

// TestServeHTTP serves streamable HTTP on a loopback port and runs a
// search through the Go SDK's streamable client.
func TestServeHTTP(t *testing.T) {
	ex := e2etest.Examples(t)
	cmd := exec.Command(binary(t), "serve", "--mem", "--no-watch", "--dir", ex, "--http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	buf := make([]byte, 4096)
	var line string
	for !strings.Contains(line, "/mcp") {
		n, err := stderr.Read(buf)
		if err != nil {
			t.Fatalf("server stderr: %v (%q)", err, line)
		}
		line += string(buf[:n])
	}
	url := line[strings.Index(line, "http://"):]
	url = strings.TrimSpace(url[:strings.Index(url, "/mcp")+4])
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "http-test", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	res, err := sess.CallTool(ctx, &mcp.CallToolParams{Name: "search_skills", Arguments: map[string]any{"query": "summarize a csv file"}})
	if err != nil || res.IsError {
		t.Fatalf("search over HTTP: %v %+v", err, res)
	}
	var out struct{ Hits []struct{ Name string } }
	b, _ := json.Marshal(res.StructuredContent)
	_ = json.Unmarshal(b, &out)
	if len(out.Hits) == 0 || out.Hits[0].Name != "csv-summary" {
		t.Errorf("want csv-summary first over HTTP, got %+v", out.Hits)
	}
}
