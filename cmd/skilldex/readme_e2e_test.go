package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeQuickStart: the quick start's sample output in README.md is
// what the commands print, in a 100-column terminal, in a project whose
// .claude/skills holds the examples: the README is a contract, not a
// picture.
func TestReadmeQuickStart(t *testing.T) {
	binary(t)
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	must(t, err)
	block := regexp.MustCompile("(?s)```\n(\\$ skilldex list\n.*?)```").FindSubmatch(readme)
	if block == nil {
		t.Fatal("README.md has no quick start block starting with $ skilldex list")
	}
	project, home := t.TempDir(), t.TempDir()
	must(t, os.CopyFS(filepath.Join(project, ".claude", "skills"), os.DirFS(filepath.Join(repoRoot(t), "examples", "skills"))))
	t.Chdir(project)
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"SKILLDEX_DIRS=", "SKILLDEX_DATA_DIR=", "CODEX_HOME=", "NO_COLOR=1", "TERM=xterm-256color"}
	parts := strings.Split(string(block[1]), "\n\n")
	if len(parts) < 2 {
		t.Fatalf("the quick start shows %d commands, want list and search", len(parts))
	}
	for _, part := range parts {
		cmdline, want, _ := strings.Cut(part, "\n")
		args := strings.Fields(strings.TrimPrefix(cmdline, "$ skilldex "))
		got, code := ttyRun(t, 100, env, args...)
		if code != 0 || strings.TrimSpace(got) != strings.TrimSpace(want) {
			t.Errorf("%s: exit %d; README.md shows\n%s\nthe terminal shows\n%s", cmdline, code, want, got)
		}
	}
}
