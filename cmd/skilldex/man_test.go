//go:build man

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManPages: `skilldex man DIR` writes a man page per command from the
// command definitions, each with its synopsis and flags; `skilldex
// completion bash` prints a completion script (docs/cli.md).
func TestManPages(t *testing.T) {
	dir := t.TempDir()
	if r := cli(t, "man", dir); r.code != 0 {
		t.Fatalf("man: exit %d: %s", r.code, r.stderr)
	}
	for _, c := range newRootCmd().Commands() {
		if c.Hidden || c.Name() == "help" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "skilldex-"+c.Name()+".1"))
		if err != nil {
			t.Errorf("%s: no man page: %v", c.Name(), err)
			continue
		}
		if page := string(data); !strings.Contains(page, `.TH "SKILLDEX" "1"`) || !strings.Contains(page, "skilldex-"+c.Name()+" - ") {
			t.Errorf("%s: man page lacks its header or NAME line:\n%.400s", c.Name(), page)
		}
	}
	if page, _ := os.ReadFile(filepath.Join(dir, "skilldex-search.1")); !strings.Contains(string(page), "--limit") {
		t.Errorf("skilldex-search.1 lacks --limit")
	}
	// The help's layout survives: examples and tables as unfilled blocks,
	// <...> and [...] as written (markdown would drop them).
	config, _ := os.ReadFile(filepath.Join(dir, "skilldex-config.1"))
	if !strings.Contains(string(config), ".EX\n  roots:                      # by priority") {
		t.Errorf("skilldex-config.1: the config example is not an unfilled block:\n%s", config)
	}
	prompt, _ := os.ReadFile(filepath.Join(dir, "skilldex-prompt.1"))
	if !strings.Contains(string(prompt), "Print the <available_skills> block") || !strings.Contains(string(prompt), "<skill> with <name>, <description> and <location>") {
		t.Errorf("skilldex-prompt.1 lost its <...>:\n%s", prompt)
	}
	initAgent, _ := os.ReadFile(filepath.Join(dir, "skilldex-init-agent.1"))
	if !strings.Contains(string(initAgent), "\n  codex    OpenAI Codex: ~/.codex/config.toml ($CODEX_HOME),\n           [mcp_servers.skilldex]") {
		t.Errorf("skilldex-init-agent.1: the agents table is not as written:\n%s", initAgent)
	}
	if r := cli(t, "completion", "bash"); r.code != 0 || !strings.Contains(r.stdout, "__start_skilldex") {
		t.Errorf("completion bash: exit %d, %.200s", r.code, r.stdout)
	}
}
