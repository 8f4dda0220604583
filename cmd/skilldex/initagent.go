package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/spf13/cobra"
)

// serverName is the key of skilldex's entry in an agent's MCP servers.
const serverName = "skilldex"

// agentTarget is how one agent configures MCP servers, and the skill
// folders it reads, which the skilldex entry serves.
type agentTarget struct {
	// file is the agent's config file: relative to the project folder, or
	// under the home folder when it starts with "~/"; "" means --file is
	// required.
	file string
	// toml is true for a TOML file (Codex), false for JSON.
	toml bool
	// key holds the servers: a JSON object key ("mcpServers", VS Code's
	// "servers") or a TOML table ("mcp_servers").
	key string
	// stdioType adds "type": "stdio", which VS Code requires and the
	// others accept.
	stdioType bool
	// roots are passed as --dir, in priority order; none means
	// skilldex's default roots.
	roots []string
	doc   string
}

// agentTargets are the agents init-agent knows. Project roots are relative
// to the folder the agent starts the server in, or use the agent's own
// ${workspaceFolder} variable where the agent documents one (VS Code,
// Cursor); "~" is expanded by skilldex, since agents start servers without
// a shell.
var agentTargets = map[string]agentTarget{
	"claude": {file: ".mcp.json", key: "mcpServers", stdioType: true,
		roots: []string{".claude/skills", "~/.claude/skills"},
		doc:   "Claude Code: project .mcp.json; skills in .claude/skills and ~/.claude/skills"},
	"cursor": {file: ".cursor/mcp.json", key: "mcpServers", stdioType: true,
		roots: []string{"${workspaceFolder}/.cursor/skills", "${workspaceFolder}/.claude/skills", "~/.cursor/skills"},
		doc:   "Cursor: project .cursor/mcp.json; skills in .cursor/skills, .claude/skills and ~/.cursor/skills"},
	"codex": {file: "~/.codex/config.toml", toml: true, key: "mcp_servers",
		roots: []string{".agents/skills", "~/.agents/skills", "~/.codex/skills"},
		doc:   "OpenAI Codex: ~/.codex/config.toml ($CODEX_HOME) [mcp_servers.skilldex]; skills in .agents/skills, ~/.agents/skills and ~/.codex/skills"},
	"vscode": {file: ".vscode/mcp.json", key: "servers", stdioType: true,
		roots: []string{"${workspaceFolder}/.github/skills", "${workspaceFolder}/.claude/skills", "${workspaceFolder}/.agents/skills", "~/.copilot/skills", "~/.agents/skills"},
		doc:   "VS Code (Copilot agent mode): .vscode/mcp.json \"servers\"; skills in .github/skills, .claude/skills, .agents/skills, ~/.copilot/skills and ~/.agents/skills"},
	"generic": {key: "mcpServers",
		doc: "any MCP client reading the common {\"mcpServers\": {...}} JSON; skilldex's default roots"},
}

func agentNames() []string {
	names := make([]string, 0, len(agentTargets))
	for n := range agentTargets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// serverEntry is the MCP server entry: the command that starts skilldex
// serve on stdio with the agent's roots.
type serverEntry struct {
	Type    string   `json:"type,omitempty" toml:"type,omitempty"`
	Command string   `json:"command" toml:"command"`
	Args    []string `json:"args" toml:"args"`
}

// initAgentResult is what init-agent --json prints.
type initAgentResult struct {
	Agent  string      `json:"agent"`
	File   string      `json:"file,omitempty"`
	Format string      `json:"format"`
	Server serverEntry `json:"server"`
	// Config is the snippet to add (printed mode) or the whole file as
	// written (--write).
	Config  string `json:"config"`
	Written bool   `json:"written"`
	Changed bool   `json:"changed"`
	Backup  string `json:"backup,omitempty"`
}

func newInitAgentCmd(cfg *Config) *cobra.Command {
	var opts initAgentOptions
	var docs []string
	for _, n := range agentNames() {
		docs = append(docs, fmt.Sprintf("  %-8s %s", n, agentTargets[n].doc))
	}
	cmd := &cobra.Command{
		Use:   "init-agent " + strings.Join(agentNames(), "|"),
		Short: "Print (or --write into the agent's config) the MCP server entry that runs skilldex serve",
		Long: `init-agent prints the MCP server entry that starts "skilldex serve" with the skill folders the agent
reads. With --write it merges the entry into the agent's config file: other servers and keys are kept, the
previous file is copied to FILE.bak first, and the file is replaced atomically.

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
	cmd.Flags().StringVar(&opts.command, "command", "", "how the agent starts skilldex (default: skilldex when it is on PATH, else this binary's absolute path)")
	return cmd
}

// initAgentOptions are init-agent's argument and flags.
type initAgentOptions struct {
	agent   string
	write   bool
	file    string
	command string
}

// runInitAgent prints the agent's skilldex server entry, or merges it
// into the agent's config file.
func runInitAgent(_ context.Context, a *app, opts initAgentOptions) error {
	t, ok := agentTargets[opts.agent]
	if !ok {
		return fmt.Errorf("unknown agent %q: use one of %s", opts.agent, strings.Join(agentNames(), ", "))
	}
	if opts.command == "" {
		opts.command = defaultCommand()
	}
	entry := serverEntry{Command: opts.command, Args: []string{"serve"}}
	if t.stdioType {
		entry.Type = "stdio"
	}
	for _, r := range t.roots {
		entry.Args = append(entry.Args, "--dir", r)
	}
	res := initAgentResult{Agent: opts.agent, Format: "json", Server: entry}
	if t.toml {
		res.Format = "toml"
	}
	path, err := agentFile(t, opts.file)
	if err != nil && opts.write {
		return err
	}
	res.File = path
	if !opts.write {
		snippet, err := mergeEntry(t, nil, entry)
		if err != nil {
			return err
		}
		res.Config = string(snippet)
		if a.cfg.JSON {
			return writeJSON(a.stdout, res)
		}
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

// defaultCommand is "skilldex" when that name on PATH is this binary, so
// a shared config stays portable; else this binary's absolute path, so the
// entry works at all.
func defaultCommand() string {
	self, err := os.Executable()
	if err != nil {
		return serverName
	}
	self, _ = filepath.EvalSymlinks(self)
	if p, err := exec.LookPath(serverName); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil && real == self {
			return serverName
		}
	}
	return self
}

// agentFile is the config file to write: --file, else the target's, with
// Codex's under $CODEX_HOME when it is set.
func agentFile(t agentTarget, file string) (string, error) {
	switch {
	case file != "":
		return file, nil
	case t.file == "":
		return "", errors.New("generic has no usual config file: pass --file FILE")
	case t.toml && os.Getenv("CODEX_HOME") != "":
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
	if t.toml {
		return mergeTOML(doc, t.key, e)
	}
	return mergeJSON(doc, t.key, e)
}

// mergeJSON sets doc[key][skilldex] to e, keeping every other key and
// server in its order (the document is re-indented with two spaces). A
// file that is not plain JSON (comments, trailing commas) is an error
// rather than a guess.
func mergeJSON(doc []byte, key string, e serverEntry) ([]byte, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		doc = []byte("{}")
	}
	entry, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, err
	}
	top, err := parseObject(doc)
	if err != nil {
		return nil, fmt.Errorf("not plain JSON (%w); add this %q entry under %q by hand:\n%s", err, serverName, key, entry)
	}
	servers := &jsonObject{vals: map[string]json.RawMessage{}}
	if raw, ok := top.vals[key]; ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if servers, err = parseObject(raw); err != nil {
			return nil, fmt.Errorf("%q is not an object: %w", key, err)
		}
	}
	// An existing skilldex entry keeps what the user added to it (env,
	// timeouts); only the fields init-agent writes are replaced.
	if raw, ok := servers.vals[serverName]; ok {
		old, oerr := parseObject(raw)
		fresh, ferr := parseObject(entry)
		if oerr == nil && ferr == nil {
			for _, k := range fresh.keys {
				old.set(k, fresh.vals[k])
			}
			entry = old.marshal()
		}
	}
	servers.set(serverName, entry)
	top.set(key, servers.marshal())
	var out bytes.Buffer
	if err := json.Indent(&out, top.marshal(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// jsonObject is a JSON object that keeps its keys' order.
type jsonObject struct {
	keys []string
	vals map[string]json.RawMessage
}

func parseObject(data []byte) (*jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("want a JSON object")
	}
	o := &jsonObject{vals: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o.set(k, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("text after the JSON object")
	}
	return o, nil
}

func (o *jsonObject) set(k string, v json.RawMessage) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *jsonObject) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// tomlHeader matches a table header line: [a.b], [ "a" . 'b' ], and
// arrays of tables [[a.b]].
var tomlHeader = regexp.MustCompile(`^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$`)

// tomlKey normalises a header's dotted key: quotes and spaces around the
// dots dropped.
func tomlKey(h string) string {
	parts := strings.Split(h, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// mergeTOML sets the [key.skilldex] table to e in doc, editing the text so
// comments, order and every other table stay as they were: the old table
// and its subtables are replaced in place (keys of it other than
// command, args and type, such as env or startup_timeout_sec, are kept),
// or the new table is appended. The result is parsed back as a check.
func mergeTOML(doc []byte, key string, e serverEntry) ([]byte, error) {
	var parsed map[string]any
	if err := toml.Unmarshal(doc, &parsed); err != nil {
		return nil, fmt.Errorf("not valid TOML (%w); add the [%s.%s] table by hand", err, key, serverName)
	}
	table := map[string]any{}
	if servers, ok := parsed[key].(map[string]any); ok {
		if old, ok := servers[serverName].(map[string]any); ok {
			table = old
		}
	}
	table["command"], table["args"] = e.Command, e.Args
	delete(table, "type")
	body, err := toml.Marshal(map[string]any{key: map[string]any{serverName: table}})
	if err != nil {
		return nil, err
	}
	// go-toml writes the parent's empty [key] header first; the file may
	// have its own, and a table may be defined only once.
	section := strings.TrimPrefix(string(body), "["+key+"]\n")
	name := key + "." + serverName
	lines := strings.SplitAfter(string(doc), "\n")
	var out strings.Builder
	placed := false
	for i := 0; i < len(lines); i++ {
		m := tomlHeader.FindStringSubmatch(strings.TrimRight(lines[i], "\r\n"))
		if m == nil || (tomlKey(m[1]) != name && !strings.HasPrefix(tomlKey(m[1]), name+".")) {
			out.WriteString(lines[i])
			continue
		}
		// Skip the old table and its subtables up to the next other header,
		// but keep the blank lines and comments just above that header:
		// they belong to it.
		start := i
		for i+1 < len(lines) {
			n := tomlHeader.FindStringSubmatch(strings.TrimRight(lines[i+1], "\r\n"))
			if n != nil && tomlKey(n[1]) != name && !strings.HasPrefix(tomlKey(n[1]), name+".") {
				break
			}
			i++
		}
		for i > start && (strings.TrimSpace(lines[i]) == "" || strings.HasPrefix(strings.TrimSpace(lines[i]), "#")) {
			i--
		}
		if !placed {
			out.WriteString(section)
			if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				out.WriteString("\n")
			}
			placed = true
		}
	}
	if !placed {
		s := out.String()
		if s != "" && !strings.HasSuffix(s, "\n") {
			out.WriteString("\n")
		}
		if s != "" && !strings.HasSuffix(s, "\n\n") {
			out.WriteString("\n")
		}
		out.WriteString(section)
	}
	result := []byte(out.String())
	var check map[string]any
	if err := toml.Unmarshal(result, &check); err != nil {
		return nil, fmt.Errorf("merging would break the file (%w); add the [%s] table by hand:\n%s", err, name, section)
	}
	if s, _ := check[key].(map[string]any); s == nil || s[serverName] == nil {
		return nil, fmt.Errorf("merge check failed: no [%s] table in the result", name)
	}
	return result, nil
}
