package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
)

// TestDefaultRootsAgentFolders (issue 15 item 2): with no --dir, a project
// holding .agents/skills, .claude/skills and .github/skills and a user with
// ~/.agents/skills gets every skill listed, from the project folder and
// from a subfolder of the repository; a folder reached two ways is read
// once; --for-agent leaves out what that agent loads itself.
func TestDefaultRootsAgentFolders(t *testing.T) {
	project, home := fakeUser(t)
	if err := os.Mkdir(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeSkill(t, filepath.Join(project, ".agents", "skills"), "agents-skill", "A skill in the cross-agent project folder, for the default roots test.")
	writeSkill(t, filepath.Join(project, ".claude", "skills"), "claude-skill", "A skill in Claude Code's project folder, for the default roots test.")
	writeSkill(t, filepath.Join(project, ".github", "skills"), "copilot-skill", "A skill in Copilot's project folder, for the default roots test.")
	writeSkill(t, filepath.Join(home, ".agents", "skills"), "personal-skill", "A skill in the cross-agent personal folder, for the default roots test.")
	want := []string{"agents-skill", "claude-skill", "copilot-skill", "personal-skill"}
	sub := filepath.Join(project, "src", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, wd := range []string{project, sub} {
		t.Chdir(wd)
		var list []index.Skill
		mustJSON(t, cli(t, "list", "--json", "--shadowed", "--mem"), &list)
		var names []string
		for _, s := range list {
			names = append(names, s.Name)
		}
		slices.Sort(names)
		if !slices.Equal(names, want) {
			t.Errorf("from %s: listed %v, want %v", wd, names, want)
		}
	}

	// config shows each root, whether it exists and why.
	t.Chdir(sub)
	var out struct {
		Settings []struct {
			Key   string          `json:"key"`
			Value json.RawMessage `json:"value"`
		} `json:"settings"`
	}
	mustJSON(t, cli(t, "config", "--json"), &out)
	var roots []config.RootSetting
	if err := json.Unmarshal(out.Settings[0].Value, &roots); err != nil {
		t.Fatal(err)
	}
	first := map[string]config.RootSetting{}
	for _, r := range roots {
		if _, ok := first[r.Path]; ok {
			t.Errorf("%s listed twice", r.Path)
		}
		first[r.Path] = r
	}
	agents := first[filepath.Join(project, ".agents", "skills")]
	if agents.Status != "exists" || !strings.Contains(agents.Why, "above the working folder") || roots[0].Path != filepath.Join(sub, ".agents", "skills") {
		t.Errorf("roots: %+v", roots[:3])
	}
	if r := first[filepath.Join(home, ".copilot", "skills")]; r.Status != "missing" || r.Why == "" {
		t.Errorf("~/.copilot/skills: %+v", r)
	}
	text := cli(t, "config")
	if !strings.Contains(text.stdout, filepath.Join(project, ".claude", "skills")+" (project, exists): Claude Code") {
		t.Errorf("config text:\n%s", text.stdout)
	}

	// --for-agent claude leaves out .claude/skills (Claude Code reads it).
	var forClaude []index.Skill
	mustJSON(t, cli(t, "list", "--json", "--mem", "--for-agent", "claude"), &forClaude)
	for _, s := range forClaude {
		if s.Name == "claude-skill" {
			t.Errorf("--for-agent claude still serves %s", s.Dir)
		}
	}
	if len(forClaude) != 3 {
		t.Errorf("--for-agent claude: %d skills, want 3", len(forClaude))
	}
	if r := cli(t, "list", "--for-agent", "emacs"); r.code == 0 || !strings.Contains(r.stderr, `--for-agent "emacs": use one of`) {
		t.Errorf("unknown agent: %d %q", r.code, r.stderr)
	}
}

// TestDefaultRootsDedup: a link making .claude/skills the same folder as
// .agents/skills, and a project that is the home folder, read each folder
// once (no skill shadowed by itself).
func TestDefaultRootsDedup(t *testing.T) {
	_, home := fakeUser(t)
	writeSkill(t, filepath.Join(home, ".agents", "skills"), "shared", "A skill reached through two folders, which must be listed once.")
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, ".agents", "skills"), filepath.Join(home, ".claude", "skills")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(home) // the project is the home folder
	roots := config.DefaultRoots(home, home)
	seen := map[string]int{}
	for _, r := range roots {
		real, err := filepath.EvalSymlinks(r.Path)
		if err != nil {
			real = r.Path
		}
		seen[real]++
		if seen[real] > 1 {
			t.Errorf("%s (as %s) listed twice", real, r.Path)
		}
	}
	var list []index.Skill
	mustJSON(t, cli(t, "list", "--json", "--shadowed", "--mem"), &list)
	if len(list) != 1 || list[0].ShadowedBy != "" {
		t.Errorf("want one unshadowed copy of shared: %+v", list)
	}
}

// TestProjectLevels: the walk stops at the repository root, and outside a
// repository reads only the working folder.
func TestProjectLevels(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(repo, "a", "b")
	if got := config.ProjectLevels(deep); !slices.Equal(got, []string{deep, filepath.Join(repo, "a"), repo}) {
		t.Errorf("in a repo: %v", got)
	}
	plain := t.TempDir()
	if got := config.ProjectLevels(plain); !slices.Equal(got, []string{plain}) {
		t.Errorf("outside a repo: %v", got)
	}
}
