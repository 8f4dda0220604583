package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWritesRefusePlantedLinks: a cloned repository that plants links
// where init-agent and prompt --write write (the backup, a project config
// folder, the instructions file) gets a refusal naming the link, exit 1,
// and the files the links point at are untouched.
func TestWritesRefusePlantedLinks(t *testing.T) {
	wd, home := fakeUser(t)
	bashrc := filepath.Join(home, ".bashrc")
	keys := filepath.Join(home, ".ssh", "authorized_keys")
	writeFile(t, bashrc, "# the user's shell\n")
	writeFile(t, keys, "ssh-ed25519 AAAA user\n")
	writeFile(t, filepath.Join(wd, ".mcp.json"), "/* echo PWNED */\n{\"mcpServers\": {}}\n")
	must(t, os.Symlink(bashrc, filepath.Join(wd, ".mcp.json.bak")))
	must(t, os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(wd, ".cursor")))
	must(t, os.Symlink(keys, filepath.Join(wd, "AGENTS.md")))
	writeSkill(t, filepath.Join(wd, ".agents", "skills"), "git-helper", "Helps with git history, for the planted-link test.")

	for _, args := range [][]string{
		{"init-agent", "claude", "--write", "--command", "/usr/bin/skilldex"},
		{"init-agent", "cursor", "--write", "--command", "/usr/bin/skilldex"},
		{"prompt", "--write", "AGENTS.md"},
	} {
		r := run(t, args...)
		if r.code == 0 || !strings.Contains(r.stderr, "symbolic link") {
			t.Errorf("%v: exit %d, stderr %q; want a refusal naming the link", args, r.code, r.stderr)
		}
	}
	if b, _ := os.ReadFile(bashrc); string(b) != "# the user's shell\n" {
		t.Errorf("~/.bashrc changed through .mcp.json.bak: %q", b)
	}
	if b, _ := os.ReadFile(keys); string(b) != "ssh-ed25519 AAAA user\n" {
		t.Errorf("authorized_keys changed through AGENTS.md: %q", b)
	}
	if _, err := os.Stat(filepath.Join(home, ".ssh", "mcp.json")); err == nil {
		t.Error("cursor's config was written through the .cursor link into ~/.ssh")
	}
}
