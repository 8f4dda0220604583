package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestClientsShareTheServer: while a stdio agent session holds the
// shared server, a one-shot search is answered by that server (status
// counts the CLI call), logs nothing on stderr, and sees an edit made
// just before it; `serve --http` on the same roots attaches to the same
// server instead of failing, and answers a search; `serve --status` shows
// the clients by kind.
func TestClientsShareTheServer(t *testing.T) {
	home := t.TempDir()
	env := e2etest.AgentEnv(home)
	skills := t.TempDir()
	for _, name := range []string{"pdf-forms", "csv-summary"} {
		os.MkdirAll(filepath.Join(skills, name), 0o755)
		os.WriteFile(filepath.Join(skills, name, "SKILL.md"), []byte("---\nname: "+name+"\ndescription: The "+name+" skill.\n---\n# "+name+"\n"), 0o644)
	}
	startSharedSession(t, env, "--dir", skills, "--audit", "off")

	os.WriteFile(filepath.Join(skills, "csv-summary", "SKILL.md"), []byte("---\nname: csv-summary\ndescription: Summarise CSV files as narwhalgram charts.\n---\n# csv\n"), 0o644)
	r := e2etest.RunIn(t, "", env, "search", "narwhalgram", "--dir", skills)
	// stderr may carry the search's own note on a weak match, never a
	// log line (the WARN about building a catalog of its own is gone).
	if r.Code != 0 || !strings.Contains(r.Stdout, "csv-summary") || strings.Contains(r.Stderr, "level=") || strings.Contains(r.Stderr, "WARN") || strings.Contains(r.Stderr, "in-memory") {
		t.Errorf("search right after the edit: exit %d\nstdout %s\nstderr %q", r.Code, r.Stdout, r.Stderr)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // hang guard
	defer cancel()
	cmd := exec.CommandContext(ctx, e2etest.Binary(t), "serve", "--dir", skills, "--audit", "off", "--http", "127.0.0.1:0")
	cmd.Env = env
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil || !strings.Contains(line, "serving MCP at http://") {
		t.Fatalf("serve --http beside a stdio session: %q %v", line, err)
	}
	url := strings.Fields(line[strings.Index(line, "http://"):])[0]
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "h", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	text, isErr := e2etest.CallTool(t, ctx, cs, "search_skills", map[string]any{"query": "narwhalgram"})
	if isErr || !strings.Contains(text, "csv-summary") {
		t.Errorf("search over HTTP: %s", text)
	}

	r = e2etest.RunIn(t, "", env, "serve", "--status", "--json")
	var st []struct {
		Stdio    int   `json:"stdio_sessions"`
		HTTP     int   `json:"http_listeners"`
		CLICalls int64 `json:"cli_calls"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &st); err != nil || len(st) != 1 || st[0].Stdio != 1 || st[0].HTTP != 1 || st[0].CLICalls == 0 {
		t.Errorf("serve --status --json: %v %s", err, r.Stdout)
	}
	r = e2etest.RunIn(t, "", env, "serve", "--status")
	if !strings.Contains(r.Stdout, "1 stdio session(s)") || !strings.Contains(r.Stdout, "CLI call(s) served") || !strings.Contains(r.Stdout, "caught up") {
		t.Errorf("serve --status: %s", r.Stdout)
	}
}
