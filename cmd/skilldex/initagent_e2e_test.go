package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/skilldex/skilldex/internal/agentconfig"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/tailscale/hujson"
)

// runIn runs a command line in process, in dir, with the environment env
// (as agentEnv gives it; variables it leaves out are cleared for the test).
func runIn(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	want := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		want[k] = v
	}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); want[k] == "" && os.Getenv(k) != "" {
			t.Setenv(k, "")
		}
	}
	for k, v := range want {
		if os.Getenv(k) != v {
			t.Setenv(k, v)
		}
	}
	t.Chdir(dir)
	return cli(t, args...)
}

// TestInitAgent writes each agent's config into a file that already has
// another server and other keys, twice, then starts the server the written
// entry names the way the agent would (its variables substituted, in the
// project folder, with the user's home) and checks that it answers
// initialize and lists the skill placed in a folder the agent does not
// read itself, and not the one in a folder it does.
func TestInitAgent(t *testing.T) {
	cases := []struct {
		agent    string
		file     string // relative to the project, or ~/ for home
		existing string
		served   string // project folder the entry serves
		native   string // project folder the agent reads itself ("" none)
	}{
		{"claude", ".mcp.json", `{"mcpServers": {"other": {"command": "other-server", "args": ["--x"]}}, "keep": [1, 2]}`, ".agents/skills", ".claude/skills"},
		{"cursor", ".cursor/mcp.json", `{"mcpServers": {"other": {"url": "http://localhost:9/mcp"}}}`, ".github/skills", ".cursor/skills"},
		{"vscode", ".vscode/mcp.json", "{\n  // my servers\n  \"inputs\": [],\n  \"servers\": {\"other\": {\"type\": \"http\", \"url\": \"http://localhost:9/mcp\"},},\n}\n", ".cursor/skills", ".github/skills"},
		{"codex", "~/.codex/config.toml", "# my settings\nmodel = \"o3\"\n\n[mcp_servers.other]\ncommand = \"other-server\"\n\n# trailing comment\n[profiles.fast]\nmodel = \"o4-mini\"\n", ".claude/skills", ".agents/skills"},
		{"copilot", "~/.copilot/mcp-config.json", `{"mcpServers": {"other": {"type": "local", "command": "other-server", "args": [], "tools": ["*"]}}}`, ".cursor/skills", ".github/skills"},
		{"gemini", ".gemini/settings.json", `{"theme": "Dracula", "mcpServers": {"other": {"command": "other-server"}}}`, ".claude/skills", ".gemini/skills"},
		{"opencode", "opencode.json", "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  // servers\n  \"mcp\": {\"other\": {\"type\": \"local\", \"command\": [\"other-server\"], \"enabled\": true}},\n}\n", ".github/skills", ".opencode/skills"},
		{"windsurf", "~/.codeium/windsurf/mcp_config.json", `{"mcpServers": {"other": {"command": "other-server", "args": []}}}`, ".claude/skills", ".windsurf/skills"},
		{"generic", "mcp.json", `{"mcpServers": {}}`, ".agents/skills", ""},
	}
	for _, tc := range cases {
		t.Run(tc.agent, func(t *testing.T) {
			project, home := t.TempDir(), t.TempDir()
			env := agentEnv(home)
			writeSkill(t, filepath.Join(project, tc.served), "hello-skill", "Say hello in many languages. Use when the user wants a greeting.")
			if tc.native != "" {
				writeSkill(t, filepath.Join(project, tc.native), "native-skill", "A skill the agent loads itself; skilldex must not serve it again.")
			}
			file := filepath.Join(project, tc.file)
			if strings.HasPrefix(tc.file, "~/") {
				file = filepath.Join(home, tc.file[2:])
			}
			writeFile(t, file, tc.existing)
			args := []string{"init-agent", tc.agent, "--write", "--command", binary(t)}
			if tc.agent == "generic" {
				args = append(args, "--file", file)
			}
			for i, want := range []string{"written", "already up to date"} {
				r := runIn(t, project, env, args...)
				if r.code != 0 || !strings.Contains(r.stdout, want) {
					t.Fatalf("run %d: exit %d, want %q: %s%s", i+1, r.code, want, r.stdout, r.stderr)
				}
				if tc.native != "" && !strings.Contains(r.stderr, tc.native) {
					t.Errorf("init-agent does not say it leaves out %s: %q", tc.native, r.stderr)
				}
			}
			if b, err := os.ReadFile(file + ".bak"); err != nil || string(b) != tc.existing {
				t.Errorf("backup: %q, %v", b, err)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			command, cargs := parseAgentConfig(t, tc.agent, data)
			if command != binary(t) || len(cargs) == 0 || cargs[0] != "serve" {
				t.Fatalf("entry runs %q %q", command, cargs)
			}
			for i := range cargs {
				cargs[i] = strings.ReplaceAll(cargs[i], "${workspaceFolder}", project)
			}
			dir := project
			if agentconfig.Targets[tc.agent].WorkspaceVar != "" {
				dir = home // such agents start servers elsewhere; --project finds the project
			}
			names := serveAndList(t, dir, env, command, cargs)
			if !strings.Contains(names, "hello-skill") || strings.Contains(names, "native-skill") {
				t.Errorf("served %s; want hello-skill and not native-skill", names)
			}
		})
	}
}

// parseAgentConfig reads the written config the way the agent does and
// returns the skilldex entry's command and args, checking that the other
// server and keys survived the merge.
func parseAgentConfig(t *testing.T, agent string, data []byte) (string, []string) {
	t.Helper()
	type entry struct {
		Command string   `json:"command" toml:"command"`
		Args    []string `json:"args" toml:"args"`
		Type    string   `json:"type" toml:"type"`
		URL     string   `json:"url" toml:"url"`
		Tools   []string `json:"tools"`
	}
	if agent == "codex" {
		var doc struct {
			Model      string           `toml:"model"`
			MCPServers map[string]entry `toml:"mcp_servers"`
			Profiles   map[string]any   `toml:"profiles"`
		}
		if err := toml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("config.toml does not parse: %v\n%s", err, data)
		}
		if doc.Model != "o3" || doc.MCPServers["other"].Command != "other-server" || doc.Profiles["fast"] == nil ||
			!strings.Contains(string(data), "# my settings") || !strings.Contains(string(data), "# trailing comment\n[profiles.fast]") {
			t.Errorf("the merge lost other settings or comments:\n%s", data)
		}
		e := doc.MCPServers[agentconfig.ServerName]
		return e.Command, e.Args
	}
	std, err := hujson.Standardize(data)
	if err != nil {
		t.Fatalf("config does not parse as JSON with comments: %v\n%s", err, data)
	}
	if agent != "vscode" && agent != "opencode" && !json.Valid(data) {
		t.Errorf("%s reads plain JSON; the merge wrote:\n%s", agent, data)
	}
	if (agent == "vscode" || agent == "opencode") && !strings.Contains(string(data), "//") {
		t.Errorf("comments lost:\n%s", data)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(std, &doc); err != nil {
		t.Fatal(err)
	}
	key := agentconfig.Targets[agent].Key
	switch agent {
	case "vscode":
		if doc["inputs"] == nil {
			t.Error("inputs lost")
		}
	case "claude":
		if string(doc["keep"]) == "" {
			t.Error("top-level key lost")
		}
	case "gemini":
		if string(doc["theme"]) == "" {
			t.Error("theme lost")
		}
	}
	if agent == "opencode" {
		var servers map[string]struct {
			Type    string   `json:"type"`
			Command []string `json:"command"`
			Enabled bool     `json:"enabled"`
		}
		if err := json.Unmarshal(doc[key], &servers); err != nil {
			t.Fatalf("%s: %v\n%s", key, err, data)
		}
		e := servers[agentconfig.ServerName]
		if e.Type != "local" || !e.Enabled || len(e.Command) < 2 || servers["other"].Type == "" {
			t.Fatalf("opencode entry %+v in\n%s", e, data)
		}
		return e.Command[0], e.Command[1:]
	}
	var servers map[string]entry
	if err := json.Unmarshal(doc[key], &servers); err != nil {
		t.Fatalf("%s: %v\n%s", key, err, data)
	}
	if agent != "generic" && servers["other"].Command == "" && servers["other"].URL == "" {
		t.Errorf("other server lost:\n%s", data)
	}
	e := servers[agentconfig.ServerName]
	if want := agentconfig.Targets[agent].Type; e.Type != want {
		t.Errorf("type %q, want %q", e.Type, want)
	}
	if agent == "copilot" && (len(e.Tools) != 1 || e.Tools[0] != "*") {
		t.Errorf("copilot entry without tools [\"*\"]: %+v", e)
	}
	return e.Command, e.Args
}

// serveAndList starts command in dir over stdio, sends initialize, then
// calls list_skills and returns the answer as JSON text.
func serveAndList(t *testing.T, dir string, env []string, command string, args []string) string {
	t.Helper()
	cmd := exec.Command(command, args...)
	cmd.Dir, cmd.Env = dir, env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	call := func(id int, method, params string) map[string]any {
		t.Helper()
		fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("%s: server closed stdout; stderr:\n%s", method, stderr.String())
				}
				var msg map[string]any
				if err := json.Unmarshal([]byte(line), &msg); err != nil {
					t.Fatalf("%s: not JSON-RPC: %q", method, line)
				}
				if msg["id"] == float64(id) {
					if msg["error"] != nil {
						t.Fatalf("%s: %v", method, msg["error"])
					}
					res, _ := msg["result"].(map[string]any)
					return res
				}
			case <-time.After(60 * time.Second): // a hang, not a slow machine
				t.Fatalf("%s: no answer; stderr:\n%s", method, stderr.String())
			}
		}
	}
	res := call(1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"init-agent-test","version":"0"}}`)
	if info, _ := res["serverInfo"].(map[string]any); info["name"] == nil {
		t.Fatalf("initialize: no serverInfo in %v", res)
	}
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	res = call(2, "tools/call", `{"name":"list_skills","arguments":{}}`)
	b, _ := json.Marshal(res)
	return string(b)
}

// TestMergeJSONKeepsEntryKeys: re-running init-agent over a config whose
// skilldex entry the user extended (env, a timeout) replaces only the
// fields init-agent writes, and keeps other servers.
func TestMergeJSONKeepsEntryKeys(t *testing.T) {
	doc := []byte(`{"mcpServers": {"other": {"command": "x"}, "skilldex": {"command": "old", "args": ["serve"], "env": {"SKILLDEX_TOKEN": "t"}, "timeout": 30}}}`)
	out, err := agentconfig.Merge(agentconfig.Targets["claude"], doc, agentconfig.ServerEntry{Command: "skilldex", Args: []string{"serve", "--dir", ".claude/skills"}})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		MCPServers map[string]map[string]any `json:"mcpServers"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	e := got.MCPServers["skilldex"]
	if e["command"] != "skilldex" || e["timeout"] != float64(30) || e["env"] == nil || got.MCPServers["other"] == nil {
		t.Errorf("merged config lost or kept the wrong keys:\n%s", out)
	}
	if args, _ := e["args"].([]any); len(args) != 3 {
		t.Errorf("args not replaced:\n%s", out)
	}
}

// TestInitAgentNotesInATerminal: the lines init-agent prints about what
// the entry serves (and its notes) fit a terminal of 40 and 80 columns,
// each of their lines still starts with "#", and their words are those
// printed piped, where each note is one whole line for grep.
func TestInitAgentNotesInATerminal(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	must(t, os.CopyFS(filepath.Join(project, ".claude", "skills"), os.DirFS(filepath.Join(repoRoot(t), "examples", "skills"))))
	env := append(agentEnv(home), "NO_COLOR=1", "TERM=xterm-256color")
	bin := binary(t)
	t.Chdir(project)
	piped, code := pipeRun(t, env, "init-agent", "claude", "--write", "--command", bin)
	var notes []string
	for _, l := range strings.Split(piped, "\n") {
		if strings.HasPrefix(l, "# ") {
			notes = append(notes, l)
		}
	}
	if code != 0 || len(notes) < 2 || !strings.HasPrefix(notes[0], "# skilldex: serves your 5 skills in ./.claude/skills: ") || !strings.HasPrefix(notes[1], "# note: ") {
		t.Fatalf("piped: exit %d, want a whole \"# skilldex:\" line and a \"# note:\" line:\n%s", code, piped)
	}
	for _, cols := range []int{40, 80} {
		out, code := ttyRun(t, cols, env, "init-agent", "claude", "--write", "--command", bin)
		var got []string
		result := ""
		for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if w := termtext.StringWidth(l); w > cols {
				t.Errorf("tty %d: line of %d columns: %q", cols, w, l)
			}
			switch {
			case strings.HasPrefix(l, "#   "):
				if len(got) == 0 {
					t.Fatalf("tty %d: a continuation line first:\n%s", cols, out)
				}
				got[len(got)-1] += " " + strings.TrimPrefix(l, "#   ")
			case strings.HasPrefix(l, "# "):
				got = append(got, l)
			case strings.HasPrefix(l, ".mcp.json: "):
				result = l
			case strings.HasPrefix(l, "  ") && result != "":
				result += " " + strings.TrimSpace(l)
			default:
				t.Errorf("tty %d: a line that is neither a comment nor the result: %q", cols, l)
			}
		}
		if result != ".mcp.json: the skilldex server entry is already up to date" {
			t.Errorf("tty %d: result %q", cols, result)
		}
		if code != 0 || strings.Join(got, "\n") != strings.Join(notes, "\n") {
			t.Errorf("tty %d: exit %d, notes\n%s\nwant, as piped,\n%s", cols, code, strings.Join(got, "\n"), strings.Join(notes, "\n"))
		}
	}
}
