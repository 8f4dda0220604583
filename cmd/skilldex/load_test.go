package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/tools"
)

// Load test sizes (issue #8): 64 streamable HTTP clients and 1 stdio
// client, each making loadCalls() mixed calls, while a writer edits
// loadEditsPerSec skills per second.
const (
	loadHTTPClients = 64
	loadSkills      = 200
	loadEditsPerSec = 100
)

// loadCalls is the calls per client: 1,000 (the full size) with
// SKILLDEX_LOAD=full; otherwise 40 (2,600 calls while the writer edits),
// or 10 under -race or -short, which keeps each CI run of it to about a
// quarter of a minute on 2 shared cores.
func loadCalls() int {
	switch {
	case os.Getenv("SKILLDEX_LOAD") == "full":
		return 1000
	case raceEnabled || testing.Short():
		return 10
	}
	return 40
}

// loadSkillMD is skill i's SKILL.md at edit number rev: the name and the
// reference never change, so every call below stays valid whatever the
// writer does; the description and the body do.
func loadSkillMD(i, rev int) string {
	return fmt.Sprintf("---\nname: load-skill-%03d\ndescription: Load test skill %d, revision %d; handles %s data.\n---\n\n# Skill %d\n\nSee [guide](references/guide.md). Revision %d.\n",
		i, i, rev, []string{"csv", "pdf", "image", "audio", "video"}[i%5], i, rev)
}

// writeAtomic replaces path the way editors that save safely do: a temp
// file renamed over the old one, so a reader sees the old or the new file.
func writeAtomic(path, content string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(content), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// TestLoad serves a live catalog in-process over streamable HTTP (so -race
// sees the server) to 64 clients, and the built binary over stdio to one
// more, all making mixed calls (search, load, read_file, list) while a
// writer edits 100 skills per second. Every call must succeed: none of
// them is the caller's fault. p50/p99 latencies are logged.
func TestLoad(t *testing.T) {
	root := t.TempDir()
	for i := 0; i < loadSkills; i++ {
		dir := filepath.Join(root, fmt.Sprintf("s%03d", i))
		must(t, os.MkdirAll(filepath.Join(dir, "references"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(loadSkillMD(i, 0)), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "references", "guide.md"), []byte(fmt.Sprintf("guide %d\n", i)), 0o644))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cat, err := index.Open(ctx, &index.Options{Roots: []index.Root{{Path: root}}, DataDir: t.TempDir()})
	must(t, err)
	defer cat.Close()
	w, err := filewatcher.New(filewatcher.Options{Debounce: 50 * time.Millisecond})
	must(t, err)
	watchDone := make(chan struct{})
	go func() { defer close(watchDone); _ = cat.Watch(ctx, w, 0) }()
	defer func() { cancel(); <-watchDone }()
	srv, err := tools.New(cat, nil).NewServer()
	must(t, err)
	ts := httptest.NewServer(serve.TokenHandler(srv, "", slog.New(slog.DiscardHandler)))
	defer ts.Close()

	// The writer: loadEditsPerSec rewrites per second, round robin.
	var edits atomic.Int64
	writerDone := make(chan struct{})
	stopWriter := make(chan struct{})
	go func() {
		defer close(writerDone)
		// A ticker drops ticks when the machine is slow; catching up
		// keeps the average at loadEditsPerSec.
		tick := time.NewTicker(time.Second / loadEditsPerSec)
		defer tick.Stop()
		begin := time.Now()
		for n := 1; ; n++ {
			if n > int(time.Since(begin).Seconds()*loadEditsPerSec) {
				select {
				case <-stopWriter:
					return
				case <-tick.C:
				}
			}
			i := n % loadSkills
			if err := writeAtomic(filepath.Join(root, fmt.Sprintf("s%03d", i), "SKILL.md"), loadSkillMD(i, n)); err != nil {
				t.Error(err)
				return
			}
			edits.Add(1)
		}
	}()

	calls := loadCalls()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		byTool    = map[string][]time.Duration{}
		failures  []string
	)
	client := func(id int, cs *mcp.ClientSession) {
		rng := rand.New(rand.NewPCG(uint64(id), 7))
		local := make([]time.Duration, 0, calls)
		tools := make([]string, 0, calls)
		for c := 0; c < calls; c++ {
			i := rng.IntN(loadSkills)
			name := fmt.Sprintf("load-skill-%03d", i)
			var p mcp.CallToolParams
			switch c % 4 {
			case 0:
				p = mcp.CallToolParams{Name: "search_skills", Arguments: map[string]any{"query": []string{"csv data", "pdf", "image skill", "audio revision"}[rng.IntN(4)]}}
			case 1:
				p = mcp.CallToolParams{Name: "load_skill", Arguments: map[string]any{"name": name}}
			case 2:
				p = mcp.CallToolParams{Name: "read_skill_file", Arguments: map[string]any{"skill": name, "path": "references/guide.md"}}
			default:
				p = mcp.CallToolParams{Name: "list_skills", Arguments: map[string]any{}}
			}
			start := time.Now()
			res, err := cs.CallTool(ctx, &p)
			local, tools = append(local, time.Since(start)), append(tools, p.Name)
			if err != nil || res.IsError {
				msg := fmt.Sprint(err)
				if res != nil {
					for _, ct := range res.Content {
						if tc, ok := ct.(*mcp.TextContent); ok {
							msg += " " + tc.Text
						}
					}
				}
				mu.Lock()
				failures = append(failures, fmt.Sprintf("client %d %s %v: %.200s", id, p.Name, p.Arguments, msg))
				mu.Unlock()
			}
		}
		mu.Lock()
		latencies = append(latencies, local...)
		for k, d := range local {
			byTool[tools[k]] = append(byTool[tools[k]], d)
		}
		mu.Unlock()
	}

	var wg sync.WaitGroup
	start := time.Now()
	for id := 0; id < loadHTTPClients; id++ {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "1"}, nil).Connect(ctx,
			// No http.Client timeout: it would cut the long-lived
			// notification stream (GET) and the client gives up the
			// session after 5 reconnects.
			&mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp"}, nil)
		must(t, err)
		defer cs.Close()
		wg.Add(1)
		go func() { defer wg.Done(); client(id, cs) }()
	}
	cmd := exec.Command(binary(t), "serve", "--mem", "--dir", root, "--debounce", "50ms")
	stdio, err := mcp.NewClient(&mcp.Implementation{Name: "load-stdio", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	must(t, err)
	defer stdio.Close()
	wg.Add(1)
	go func() { defer wg.Done(); client(loadHTTPClients, stdio) }()
	wg.Wait()
	took := time.Since(start)
	close(stopWriter)
	<-writerDone
	t.Logf("%d clients x %d calls = %d calls in %v (%.0f calls/s) with %d edits (%.0f/s): %s",
		loadHTTPClients+1, calls, len(latencies), took.Round(time.Millisecond), float64(len(latencies))/took.Seconds(),
		edits.Load(), float64(edits.Load())/took.Seconds(), quantiles(latencies))
	for _, name := range []string{"search_skills", "load_skill", "read_skill_file", "list_skills"} {
		t.Logf("  %-15s %s", name, quantiles(byTool[name]))
	}
	if len(failures) > 0 {
		t.Errorf("%d of %d calls failed; first ones:\n%s", len(failures), len(latencies), strings.Join(failures[:min(10, len(failures))], "\n"))
	}
	if want := (loadHTTPClients + 1) * calls; len(latencies) != want {
		t.Errorf("%d calls made; want %d", len(latencies), want)
	}
}

// quantiles renders p50, p99 and the maximum of ds (sorted in place).
func quantiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no calls"
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	q := func(p float64) time.Duration {
		return ds[min(len(ds)-1, int(p*float64(len(ds))))].Round(time.Microsecond)
	}
	return fmt.Sprintf("p50 %v, p99 %v, max %v", q(0.50), q(0.99), ds[len(ds)-1].Round(time.Microsecond))
}
