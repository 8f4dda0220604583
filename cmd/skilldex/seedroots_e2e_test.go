package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// TestSeedProfileRootsUniversal: with --profile universal and no --dir,
// the roots are seed 004's (mcp-skill-tool.md, "Priority Order", first
// match wins; tools/PROFILES.md decision 11): a project ./.agent/skills/git
// beats a global ~/.claude/skills/git, and the skill tool's list shows it
// with <location>project</location>, in the seed's root order.
func TestSeedProfileRootsUniversal(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	writeSkill(t, filepath.Join(project, ".agent", "skills"), "git", "Project git helper from the project universal folder.")
	writeSkill(t, filepath.Join(home, ".claude", "skills"), "git", "Global git helper from the global Claude folder.")
	writeSkill(t, filepath.Join(home, ".agent", "skills"), "lint", "Global lint helper from the global universal folder.")
	writeSkill(t, filepath.Join(project, ".claude", "skills"), "deploy", "Project deploy helper from the project Claude folder.")
	cmd := exec.Command(binary(t), "serve", "--profile", "universal", "--mem", "--no-watch")
	cmd.Dir, cmd.Env = project, agentEnv(home)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only catches a hang
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "seed-roots-test", Version: "0"}, nil)
	sess, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	// The server's version is --version's (internal/version), not a
	// number of its own.
	out, err := exec.Command(binary(t), "--version").Output()
	must(t, err)
	if v := sess.InitializeResult().ServerInfo.Version; !strings.HasPrefix(string(out), "skilldex "+v+"\n") {
		t.Errorf("serverInfo.version %q, --version %q", v, out)
	}
	tools, err := sess.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var desc string
	for _, tool := range tools.Tools {
		if tool.Name == "skill" {
			desc = tool.Description
		}
	}
	want := []string{
		"<name>git</name>\n<description>Project git helper from the project universal folder.</description>\n<location>project</location>",
		"<name>lint</name>\n<description>Global lint helper from the global universal folder.</description>\n<location>global</location>",
		"<name>deploy</name>\n<description>Project deploy helper from the project Claude folder.</description>\n<location>project</location>",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(desc[at:], w)
		if i < 0 {
			t.Fatalf("skill tool description lacks (in order) %q:\n%s", w, desc)
		}
		at += i + len(w)
	}
	if strings.Contains(desc, "Global git helper") {
		t.Errorf("the global ~/.claude/skills/git shadows nothing here but is listed:\n%s", desc)
	}
}

// TestSeedProfileRootsOthers: wave keeps its seed's folders
// ({workdir}/.wave/skills before ~/.wave/skills); list-get and agent-zero
// read "the configured skills folder" and name no default, so they keep
// the agents' folders; native is unchanged.
func TestSeedProfileRootsOthers(t *testing.T) {
	project, home := fakeUser(t)
	writeSkill(t, filepath.Join(project, ".wave", "skills"), "wave-skill", "Project wave skill for the seed roots test.")
	writeSkill(t, filepath.Join(home, ".wave", "skills"), "wave-skill", "Personal wave skill for the seed roots test.")
	writeSkill(t, filepath.Join(project, ".claude", "skills"), "claude-skill", "Claude project skill for the seed roots test.")
	served := func(profile string) map[string]string {
		t.Helper()
		t.Setenv("SKILLDEX_PROFILES", profile)
		var list []index.Skill
		mustJSON(t, cli(t, "list", "--json", "--mem"), &list)
		out := map[string]string{}
		for _, s := range list {
			out[s.Name] = s.Description
		}
		return out
	}
	if got := served("wave"); len(got) != 1 || !strings.HasPrefix(got["wave-skill"], "Project") {
		t.Errorf("wave: served %v, want only the project wave-skill", got)
	}
	for _, p := range []string{"list-get", "agent-zero", "native"} {
		got := served(p)
		if got["claude-skill"] == "" || !strings.HasPrefix(got["wave-skill"], "Project") {
			t.Errorf("%s: served %v, want the agents' folders (claude-skill) and the project wave-skill", p, got)
		}
	}
}
