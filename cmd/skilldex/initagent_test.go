package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/agentconfig"
	g "github.com/skilldex/skilldex/internal/golden"
)

// TestInitAgentFixtures (issue 15 item 5): the entry init-agent prints for
// each agent, checked against a fixture in that agent's documented format
// (testdata/initagent/AGENT.golden): Claude Code's and Cursor's
// mcpServers with type stdio, VS Code's "servers", Codex's TOML table,
// Copilot CLI's type local with tools, Gemini CLI's and Windsurf's plain
// mcpServers, OpenCode's "mcp" with the command as one array.
func TestInitAgentFixtures(t *testing.T) {
	pkg, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	fakeUser(t)
	for _, agent := range agentconfig.Names() {
		t.Run(agent, func(t *testing.T) {
			args := []string{"init-agent", agent, "--command", "/usr/local/bin/skilldex"}
			if agent == "generic" {
				args = append(args, "--file", "mcp.json")
			}
			r := cli(t, args...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			g.Check(t, filepath.Join(pkg, "testdata", "initagent", agent+".golden"), []byte(r.stdout))
		})
	}
}

// TestInitAgentJSONWithComments: a config file with comments and trailing
// commas (JSONC) keeps them, and other servers, after the merge.
func TestInitAgentJSONWithComments(t *testing.T) {
	wd, _ := fakeUser(t)
	doc := "{\n  // servers for this repo\n  \"servers\": {\n    \"other\": {\"type\": \"http\", \"url\": \"http://localhost:9/mcp\"}, // keep me\n  },\n}\n"
	writeFile(t, filepath.Join(wd, ".vscode", "mcp.json"), doc)
	if r := cli(t, "init-agent", "vscode", "--write", "--command", "/usr/local/bin/skilldex"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got, err := os.ReadFile(filepath.Join(wd, ".vscode", "mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// servers for this repo", "// keep me", `"other"`, `"skilldex"`, `"--for-agent"`, `"${workspaceFolder}"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("merged file lacks %s:\n%s", want, got)
		}
	}
}

// TestInitAgentAllRoots: --all-roots drops --for-agent, and says nothing
// about left-out folders.
func TestInitAgentAllRoots(t *testing.T) {
	fakeUser(t)
	r := cli(t, "init-agent", "claude", "--all-roots", "--command", "/usr/local/bin/skilldex")
	if r.code != 0 || strings.Contains(r.stdout, "--for-agent") || strings.Contains(r.stderr, "loads itself") {
		t.Errorf("--all-roots: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	d := cli(t, "init-agent", "claude", "--command", "/usr/local/bin/skilldex")
	if !strings.Contains(d.stderr, "except Claude Code's own (./.claude/skills, ~/.claude/plugins/cache, ~/.claude/skills), which it lists itself and which hold no skills now; --all-roots serves them too") {
		t.Errorf("default: %q", d.stderr)
	}
}

// TestInitAgentCopilotReadsMCPJSON: GitHub Copilot CLI uses a project's
// .mcp.json skilldex entry (Claude Code's) in trusted folders, as
// tests/agents/run.sh found: init-agent claude says which of Copilot's own
// folders that entry would serve again, and init-agent copilot says its
// entry is overridden when .mcp.json has one. Neither says so when it
// does not apply (--all-roots, no .mcp.json, another agent).
func TestInitAgentCopilotReadsMCPJSON(t *testing.T) {
	wd, _ := fakeUser(t)
	bin := "/usr/local/bin/skilldex"
	if r := cli(t, "init-agent", "copilot", "--command", bin); r.code != 0 || strings.Contains(r.stderr, "note:") {
		t.Errorf("copilot without .mcp.json: exit %d, %q", r.code, r.stderr)
	}
	r := cli(t, "init-agent", "claude", "--write", "--command", bin)
	if r.code != 0 || !strings.Contains(r.stderr, "# note: GitHub Copilot CLI also reads .mcp.json in folders you trust") ||
		!strings.Contains(r.stderr, "serve ./.agents/skills, ./.github/skills, ~/.agents/skills, ~/.copilot/skills, which Copilot loads itself") {
		t.Errorf("claude: exit %d, %q", r.code, r.stderr)
	}
	if r := cli(t, "init-agent", "claude", "--all-roots", "--command", bin); strings.Contains(r.stderr, "note:") {
		t.Errorf("claude --all-roots: %q", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(wd, ".mcp.json")); err != nil {
		t.Fatal(err)
	}
	r = cli(t, "init-agent", "copilot", "--command", bin, "--json")
	var res struct{ Notes []string }
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Notes) != 1 ||
		!strings.HasPrefix(res.Notes[0], "./.mcp.json (Claude Code's file) has a skilldex entry") {
		t.Errorf("copilot beside .mcp.json: %v %q", err, r.stdout)
	}
	if r := cli(t, "init-agent", "gemini", "--command", bin); strings.Contains(r.stderr, "note:") {
		t.Errorf("gemini: %q", r.stderr)
	}
}

// TestStableCommand: the skilldex on PATH (unresolved, so a package
// manager's link survives upgrades) when it is this binary; this binary
// otherwise; a "go run" temporary build refused with a message that says
// how to install.
func TestStableCommand(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "Cellar", "skilldex", "1.0", "bin", "skilldex")
	writeFile(t, real, "#!/bin/sh\n")
	link := filepath.Join(dir, "bin", "skilldex")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	onPath := func(string) (string, error) { return link, nil }
	notFound := func(string) (string, error) { return "", errors.New("not found") }
	if got, err := agentconfig.StableCommand(real, onPath); err != nil || got != link {
		t.Errorf("on PATH: %q, %v; want %q", got, err, link)
	}
	if got, err := agentconfig.StableCommand(real, notFound); err != nil || got != real {
		t.Errorf("not on PATH: %q, %v", got, err)
	}
	tmp := filepath.Join(os.TempDir(), "go-build1234", "b001", "exe", "skilldex")
	if _, err := agentconfig.StableCommand(tmp, notFound); err == nil || !strings.Contains(err.Error(), "go run") || !strings.Contains(err.Error(), "go install") {
		t.Errorf("go run build: %v", err)
	}
	other := filepath.Join(dir, "other")
	writeFile(t, other, "#!/bin/sh\n")
	if _, err := agentconfig.StableCommand(tmp, func(string) (string, error) { return other, nil }); err == nil {
		t.Error("a different skilldex on PATH made a go run build acceptable")
	}
}
