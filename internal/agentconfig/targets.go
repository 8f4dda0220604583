package agentconfig

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/tailscale/hujson"
)

// ServerName is the key of skilldex's entry in an agent's MCP servers.
const ServerName = "skilldex"

// Config file formats init-agent writes.
const (
	FormatMCPServers = "json"     // {"KEY": {"skilldex": {command, args, ...}}}
	FormatTOML       = "toml"     // Codex: [mcp_servers.skilldex]
	FormatOpenCode   = "opencode" // {"mcp": {"skilldex": {"type": "local", "command": [...]}}}
)

// Target is how one agent configures MCP servers. Each format was
// taken from the agent's documentation (November 2026); the fixture tests
// in initagent_test.go hold one file per agent.
type Target struct {
	// File is the agent's config file: relative to the project folder, or
	// under the home folder when it starts with "~/"; "" means --file is
	// required.
	File   string
	Format string
	// Key holds the servers: "mcpServers", VS Code's "servers", Codex's
	// TOML table "mcp_servers", OpenCode's "mcp".
	Key string
	// Type is the entry's "type" ("stdio", Copilot CLI's "local"; "" none).
	Type string
	// Tools adds Copilot CLI's "tools": ["*"] (every tool the server has).
	Tools bool
	// WorkspaceVar is the agent's variable for the project folder, passed
	// as --project so the project's skill folders are found wherever the
	// agent starts the server; "" when the agent starts it in the project.
	WorkspaceVar string
	Doc          string
}

// Targets are the agents init-agent knows.
var Targets = map[string]Target{
	"claude": {File: ".mcp.json", Format: FormatMCPServers, Key: "mcpServers", Type: "stdio",
		Doc: "Claude Code: project .mcp.json (code.claude.com/docs/en/mcp)"},
	"cursor": {File: ".cursor/mcp.json", Format: FormatMCPServers, Key: "mcpServers", Type: "stdio", WorkspaceVar: "${workspaceFolder}",
		Doc: "Cursor: project .cursor/mcp.json (cursor.com/docs/context/mcp)"},
	"codex": {File: "~/.codex/config.toml", Format: FormatTOML, Key: "mcp_servers",
		Doc: "OpenAI Codex: ~/.codex/config.toml ($CODEX_HOME), [mcp_servers.skilldex] (developers.openai.com/codex/mcp)"},
	"vscode": {File: ".vscode/mcp.json", Format: FormatMCPServers, Key: "servers", Type: "stdio", WorkspaceVar: "${workspaceFolder}",
		Doc: "VS Code (Copilot agent mode): .vscode/mcp.json \"servers\" (code.visualstudio.com/docs/copilot/customization/mcp-servers)"},
	"copilot": {File: "~/.copilot/mcp-config.json", Format: FormatMCPServers, Key: "mcpServers", Type: "local", Tools: true,
		Doc: "GitHub Copilot CLI: ~/.copilot/mcp-config.json, type local, tools [\"*\"] (docs.github.com, Copilot CLI, add MCP servers)"},
	"gemini": {File: ".gemini/settings.json", Format: FormatMCPServers, Key: "mcpServers",
		Doc: "Gemini CLI: project .gemini/settings.json \"mcpServers\" (geminicli.com/docs/tools/mcp-server)"},
	"opencode": {File: "opencode.json", Format: FormatOpenCode, Key: "mcp",
		Doc: "OpenCode: project opencode.json \"mcp\", type local, command as one array (opencode.ai/docs/mcp-servers)"},
	"windsurf": {File: "~/.codeium/windsurf/mcp_config.json", Format: FormatMCPServers, Key: "mcpServers",
		Doc: "Windsurf: ~/.codeium/windsurf/mcp_config.json \"mcpServers\" (docs.windsurf.com/windsurf/cascade/mcp)"},
	"generic": {Format: FormatMCPServers, Key: "mcpServers",
		Doc: "any MCP client reading the common {\"mcpServers\": {...}} JSON (--file required); every default folder"},
}

// Names returns the names of Targets (the agents init-agent knows), sorted.
func Names() []string {
	names := make([]string, 0, len(Targets))
	for n := range Targets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ServerEntry is the command that starts skilldex serve on stdio.
type ServerEntry struct {
	Type    string   `json:"type,omitempty" toml:"type,omitempty"`
	Command string   `json:"command" toml:"command"`
	Args    []string `json:"args" toml:"args"`
}

// fields are the entry's keys in t's format, in the order written.
func (t Target) fields(e ServerEntry) []field {
	if t.Format == FormatOpenCode {
		return []field{{"type", "local"}, {"command", append([]string{e.Command}, e.Args...)}, {"enabled", true}}
	}
	var fs []field
	if t.Type != "" {
		fs = append(fs, field{"type", t.Type})
	}
	fs = append(fs, field{"command", e.Command}, field{"args", e.Args})
	if t.Tools {
		fs = append(fs, field{"tools", []string{"*"}})
	}
	return fs
}

// StableCommand is the command an agent config should run: the skilldex
// found on PATH, as an absolute path without resolving its links (a
// package manager's link survives upgrades), when it is this binary; else
// this binary's own path. A binary that "go run" built in a temporary
// folder is refused: the folder is deleted when it exits.
func StableCommand(self string, lookPath func(string) (string, error)) (string, error) {
	if p, err := lookPath(ServerName); err == nil {
		if abs, err := filepath.Abs(p); err == nil && sameFile(abs, self) {
			return abs, nil
		}
	}
	if IsTempBuild(self) {
		return "", fmt.Errorf("this skilldex is a temporary build from \"go run\" (%s), deleted when it exits, so an agent could not start it; "+
			"install it (go install github.com/skilldex/skilldex/cmd/skilldex@latest, or go build -o ~/bin/skilldex ./cmd/skilldex), "+
			"then run that skilldex init-agent, or pass --command /path/to/skilldex", self)
	}
	return self, nil
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// IsTempBuild reports whether path is inside a Go build's temporary
// folder (go run puts the binary in $GOTMPDIR or the temp folder, under
// go-buildNNN/bNNN/exe/).
func IsTempBuild(path string) bool {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts {
		if strings.HasPrefix(p, "go-build") && i+1 < len(parts) {
			return true
		}
	}
	return false
}

// FilePath is the config file to write: --file, else the target's, with
// Codex's under $CODEX_HOME when it is set.
func FilePath(t Target, file string) (string, error) {
	switch {
	case file != "":
		return file, nil
	case t.File == "":
		return "", errors.New("generic has no usual config file: pass --file FILE")
	case t.Format == FormatTOML && os.Getenv("CODEX_HOME") != "":
		return filepath.Join(os.Getenv("CODEX_HOME"), "config.toml"), nil
	case strings.HasPrefix(t.File, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(home, t.File[2:]), nil
	}
	return t.File, nil
}

// Merge returns doc (nil or empty for a new file) with the skilldex
// server entry set, everything else kept.
func Merge(t Target, doc []byte, e ServerEntry) ([]byte, error) {
	if t.Format == FormatTOML {
		return mergeTOML(doc, t.Key, e)
	}
	return mergeJSON(doc, t.Key, t.fields(e))
}

// SharedEntryNotes warns of an agent reading another agent's entry:
// GitHub Copilot CLI reads a project's .mcp.json (Claude Code's file) as
// workspace servers in folders the user trusts, and a workspace server
// named skilldex wins over the one in ~/.copilot/mcp-config.json (seen
// with Copilot CLI 1.0.102 by tests/agents/run.sh: `copilot mcp get
// skilldex` names .mcp.json as the source, even beside a
// .github/mcp.json). Claude Code's entry leaves out only Claude's own
// folders, so Copilot would be served its own ones a second time.
func SharedEntryNotes(agent string, allRoots bool) []string {
	var notes []string
	switch agent {
	case "claude":
		if allRoots {
			break
		}
		var twice []string
		claude := config.NativeFolders("claude")
		for f := range config.NativeFolders("copilot") {
			if !claude[f] {
				twice = append(twice, f.Label())
			}
		}
		sort.Strings(twice)
		notes = append(notes, fmt.Sprintf("GitHub Copilot CLI also reads .mcp.json in folders you trust, and uses its skilldex entry instead of "+
			"the one in ~/.copilot/mcp-config.json: there this entry would also serve %s, which Copilot loads itself, so Copilot would see "+
			"those skills twice", strings.Join(twice, ", ")))
	case "copilot":
		data, err := os.ReadFile(".mcp.json")
		if err != nil {
			break
		}
		v, err := hujson.Parse(data)
		if err == nil && v.Find("/mcpServers/"+ServerName) != nil {
			notes = append(notes, "./.mcp.json (Claude Code's file) has a skilldex entry: in folders you trust, GitHub Copilot CLI uses that "+
				"one instead of this (it serves the folders Claude Code does not load, some of which Copilot loads itself)")
		}
	}
	return notes
}
