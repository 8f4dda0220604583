package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/spf13/cobra"
	"github.com/tailscale/hujson"
)

// serverName is the key of skilldex's entry in an agent's MCP servers.
const serverName = "skilldex"

// Config file formats init-agent writes.
const (
	formatMCPServers = "json"     // {"KEY": {"skilldex": {command, args, ...}}}
	formatTOML       = "toml"     // Codex: [mcp_servers.skilldex]
	formatOpenCode   = "opencode" // {"mcp": {"skilldex": {"type": "local", "command": [...]}}}
)

// agentTarget is how one agent configures MCP servers. Each format was
// taken from the agent's documentation (November 2026); the fixture tests
// in initagent_test.go hold one file per agent.
type agentTarget struct {
	// file is the agent's config file: relative to the project folder, or
	// under the home folder when it starts with "~/"; "" means --file is
	// required.
	file   string
	format string
	// key holds the servers: "mcpServers", VS Code's "servers", Codex's
	// TOML table "mcp_servers", OpenCode's "mcp".
	key string
	// typ is the entry's "type" ("stdio", Copilot CLI's "local"; "" none).
	typ string
	// tools adds Copilot CLI's "tools": ["*"] (every tool the server has).
	tools bool
	// workspaceVar is the agent's variable for the project folder, passed
	// as --project so the project's skill folders are found wherever the
	// agent starts the server; "" when the agent starts it in the project.
	workspaceVar string
	doc          string
}

// agentTargets are the agents init-agent knows.
var agentTargets = map[string]agentTarget{
	"claude": {file: ".mcp.json", format: formatMCPServers, key: "mcpServers", typ: "stdio",
		doc: "Claude Code: project .mcp.json (code.claude.com/docs/en/mcp)"},
	"cursor": {file: ".cursor/mcp.json", format: formatMCPServers, key: "mcpServers", typ: "stdio", workspaceVar: "${workspaceFolder}",
		doc: "Cursor: project .cursor/mcp.json (cursor.com/docs/context/mcp)"},
	"codex": {file: "~/.codex/config.toml", format: formatTOML, key: "mcp_servers",
		doc: "OpenAI Codex: ~/.codex/config.toml ($CODEX_HOME), [mcp_servers.skilldex] (developers.openai.com/codex/mcp)"},
	"vscode": {file: ".vscode/mcp.json", format: formatMCPServers, key: "servers", typ: "stdio", workspaceVar: "${workspaceFolder}",
		doc: "VS Code (Copilot agent mode): .vscode/mcp.json \"servers\" (code.visualstudio.com/docs/copilot/customization/mcp-servers)"},
	"copilot": {file: "~/.copilot/mcp-config.json", format: formatMCPServers, key: "mcpServers", typ: "local", tools: true,
		doc: "GitHub Copilot CLI: ~/.copilot/mcp-config.json, type local, tools [\"*\"] (docs.github.com, Copilot CLI, add MCP servers)"},
	"gemini": {file: ".gemini/settings.json", format: formatMCPServers, key: "mcpServers",
		doc: "Gemini CLI: project .gemini/settings.json \"mcpServers\" (geminicli.com/docs/tools/mcp-server)"},
	"opencode": {file: "opencode.json", format: formatOpenCode, key: "mcp",
		doc: "OpenCode: project opencode.json \"mcp\", type local, command as one array (opencode.ai/docs/mcp-servers)"},
	"windsurf": {file: "~/.codeium/windsurf/mcp_config.json", format: formatMCPServers, key: "mcpServers",
		doc: "Windsurf: ~/.codeium/windsurf/mcp_config.json \"mcpServers\" (docs.windsurf.com/windsurf/cascade/mcp)"},
	"generic": {format: formatMCPServers, key: "mcpServers",
		doc: "any MCP client reading the common {\"mcpServers\": {...}} JSON (--file required); every default folder"},
}

func agentNames() []string {
	names := make([]string, 0, len(agentTargets))
	for n := range agentTargets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// serverEntry is the command that starts skilldex serve on stdio.
type serverEntry struct {
	Type    string   `json:"type,omitempty" toml:"type,omitempty"`
	Command string   `json:"command" toml:"command"`
	Args    []string `json:"args" toml:"args"`
}

// fields are the entry's keys in t's format, in the order written.
func (t agentTarget) fields(e serverEntry) []field {
	if t.format == formatOpenCode {
		return []field{{"type", "local"}, {"command", append([]string{e.Command}, e.Args...)}, {"enabled", true}}
	}
	var fs []field
	if t.typ != "" {
		fs = append(fs, field{"type", t.typ})
	}
	fs = append(fs, field{"command", e.Command}, field{"args", e.Args})
	if t.tools {
		fs = append(fs, field{"tools", []string{"*"}})
	}
	return fs
}

// initAgentResult is what init-agent --json prints.
type initAgentResult struct {
	Agent  string      `json:"agent"`
	File   string      `json:"file,omitempty"`
	Format string      `json:"format"`
	Server serverEntry `json:"server"`
	// Native are the skill folders left out because the agent loads them
	// itself (empty with --all-roots).
	Native []string `json:"native_left_out"`
	// Config is the snippet to add (printed mode) or the whole file as
	// written (--write).
	Config string `json:"config"`
	// Notes say how another agent would read this entry (see
	// sharedEntryNotes).
	Notes   []string `json:"notes,omitempty"`
	Written bool     `json:"written"`
	Changed bool     `json:"changed"`
	Backup  string   `json:"backup,omitempty"`
}

// initAgentOptions are init-agent's argument and flags.
type initAgentOptions struct {
	agent    string
	write    bool
	file     string
	command  string
	allRoots bool
}

func newInitAgentCmd(cfg *config.Config) *cobra.Command {
	var opts initAgentOptions
	var docs []string
	for _, n := range agentNames() {
		docs = append(docs, fmt.Sprintf("  %-8s %s", n, agentTargets[n].doc))
	}
	cmd := &cobra.Command{
		Use:   "init-agent " + strings.Join(agentNames(), "|"),
		Short: "Print (or --write into the agent's config) the MCP server entry that runs skilldex serve",
		Long: `init-agent prints the MCP server entry that starts "skilldex serve" for an agent. The entry serves the
default skill folders (see skilldex config) except those the agent already loads itself, so no skill reaches
the model twice; --all-roots serves them all. The command is the absolute path of the installed skilldex
(as found on PATH, so it survives upgrades); a temporary "go run" build is refused.

With --write it merges the entry into the agent's config file: other servers, keys and comments (JSON with
comments is read as such) are kept, the previous file is copied to FILE.bak first, and the file is replaced
atomically.

` + strings.Join(docs, "\n"),
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.agent = args[0]
			return runInitAgent(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.write, "write", false, "merge the entry into the agent's config file (backup in FILE.bak)")
	cmd.Flags().StringVar(&opts.file, "file", "", "config file to write instead of the agent's usual one (required for generic)")
	cmd.Flags().StringVar(&opts.command, "command", "", "how the agent starts skilldex (default: the installed skilldex's absolute path)")
	cmd.Flags().BoolVar(&opts.allRoots, "all-roots", false, "also serve the skill folders the agent loads itself")
	return cmd
}

// runInitAgent prints the agent's skilldex server entry, or merges it
// into the agent's config file.
func runInitAgent(_ context.Context, a *app, opts initAgentOptions) error {
	t, ok := agentTargets[opts.agent]
	if !ok {
		return fmt.Errorf("unknown agent %q: use one of %s", opts.agent, strings.Join(agentNames(), ", "))
	}
	if opts.command == "" {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("cannot find this skilldex binary (%v); pass --command /path/to/skilldex", err)
		}
		if opts.command, err = stableCommand(self, exec.LookPath); err != nil {
			return err
		}
	}
	entry := serverEntry{Command: opts.command, Args: []string{"serve"}}
	if t.typ == "stdio" {
		entry.Type = "stdio"
	}
	res := initAgentResult{Agent: opts.agent, Format: t.format, Native: []string{}}
	if opts.agent != "generic" && !opts.allRoots {
		entry.Args = append(entry.Args, "--for-agent", opts.agent)
		for f := range config.NativeFolders(opts.agent) {
			res.Native = append(res.Native, f.Label())
		}
		sort.Strings(res.Native)
	}
	if t.workspaceVar != "" {
		entry.Args = append(entry.Args, "--project", t.workspaceVar)
	}
	res.Server = entry
	path, err := agentFile(t, opts.file)
	if err != nil && opts.write {
		return err
	}
	res.File = path
	res.Notes = sharedEntryNotes(opts.agent, opts.allRoots)
	say := func() {
		if a.cfg.JSON {
			return
		}
		if len(res.Native) > 0 {
			fmt.Fprintf(a.stderr, "# serves the default skill folders except those %s loads itself (%s); --all-roots includes them\n",
				opts.agent, strings.Join(res.Native, ", "))
		}
		for _, n := range res.Notes {
			fmt.Fprintf(a.stderr, "# note: %s\n", n)
		}
	}
	if !opts.write {
		snippet, err := mergeEntry(t, nil, entry)
		if err != nil {
			return err
		}
		res.Config = string(snippet)
		if a.cfg.JSON {
			return writeJSON(a.stdout, res)
		}
		say()
		if path != "" {
			fmt.Fprintf(a.stderr, "# merge into %s (or run: skilldex init-agent %s --write)\n", path, opts.agent)
		}
		_, err = a.stdout.Write(snippet)
		return err
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	doc, err := mergeEntry(t, old, entry)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	res.Config, res.Written, res.Changed = string(doc), true, !bytes.Equal(doc, old)
	if res.Changed {
		if old != nil {
			res.Backup = path + ".bak"
			if err := writeFileAtomic(res.Backup, old); err != nil {
				return fmt.Errorf("backup: %w", err)
			}
		}
		if err := writeFileAtomic(path, doc); err != nil {
			return err
		}
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, res)
	}
	say()
	switch {
	case !res.Changed:
		fmt.Fprintf(a.stdout, "%s: the %s server entry is already up to date\n", path, serverName)
	case res.Backup != "":
		fmt.Fprintf(a.stdout, "%s: %s server entry written (previous file saved as %s)\n", path, serverName, res.Backup)
	default:
		fmt.Fprintf(a.stdout, "%s: created with the %s server entry\n", path, serverName)
	}
	return nil
}

// stableCommand is the command an agent config should run: the skilldex
// found on PATH, as an absolute path without resolving its links (a
// package manager's link survives upgrades), when it is this binary; else
// this binary's own path. A binary that "go run" built in a temporary
// folder is refused: the folder is deleted when it exits.
func stableCommand(self string, lookPath func(string) (string, error)) (string, error) {
	if p, err := lookPath(serverName); err == nil {
		if abs, err := filepath.Abs(p); err == nil && sameFile(abs, self) {
			return abs, nil
		}
	}
	if isTempBuild(self) {
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

// isTempBuild reports whether path is inside a Go build's temporary
// folder (go run puts the binary in $GOTMPDIR or the temp folder, under
// go-buildNNN/bNNN/exe/).
func isTempBuild(path string) bool {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts {
		if strings.HasPrefix(p, "go-build") && i+1 < len(parts) {
			return true
		}
	}
	return false
}

// agentFile is the config file to write: --file, else the target's, with
// Codex's under $CODEX_HOME when it is set.
func agentFile(t agentTarget, file string) (string, error) {
	switch {
	case file != "":
		return file, nil
	case t.file == "":
		return "", errors.New("generic has no usual config file: pass --file FILE")
	case t.format == formatTOML && os.Getenv("CODEX_HOME") != "":
		return filepath.Join(os.Getenv("CODEX_HOME"), "config.toml"), nil
	case strings.HasPrefix(t.file, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(home, t.file[2:]), nil
	}
	return t.file, nil
}

// mergeEntry returns doc (nil or empty for a new file) with the skilldex
// server entry set, everything else kept.
func mergeEntry(t agentTarget, doc []byte, e serverEntry) ([]byte, error) {
	if t.format == formatTOML {
		return mergeTOML(doc, t.key, e)
	}
	return mergeJSON(doc, t.key, t.fields(e))
}

// sharedEntryNotes warns of an agent reading another agent's entry:
// GitHub Copilot CLI reads a project's .mcp.json (Claude Code's file) as
// workspace servers in folders the user trusts, and a workspace server
// named skilldex wins over the one in ~/.copilot/mcp-config.json (seen
// with Copilot CLI 1.0.102 by tests/agents/run.sh: `copilot mcp get
// skilldex` names .mcp.json as the source, even beside a
// .github/mcp.json). Claude Code's entry leaves out only Claude's own
// folders, so Copilot would be served its own ones a second time.
func sharedEntryNotes(agent string, allRoots bool) []string {
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
		if err == nil && v.Find("/mcpServers/"+serverName) != nil {
			notes = append(notes, "./.mcp.json (Claude Code's file) has a skilldex entry: in folders you trust, GitHub Copilot CLI uses that "+
				"one instead of this (it serves the folders Claude Code does not load, some of which Copilot loads itself)")
		}
	}
	return notes
}
