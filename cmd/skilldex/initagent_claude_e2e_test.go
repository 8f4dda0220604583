package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/internal/e2etest"
)

// TestInitAgentClaudeServesClaudeSkills: a person whose skills live in
// .claude/skills runs `init-agent claude --write`; the written entry,
// started as Claude Code starts it (in the project, through the official
// Go MCP SDK client), finds their skill with search_skills. With many
// skills (over Claude Code's listing budget) and with a few (no other
// folder holds skills) the entry serves .claude/skills and says so; with
// --dir the entry serves that folder.
func TestInitAgentClaudeServesClaudeSkills(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		extra []string
		say   string
	}{
		{"many", 60, nil, "serves your 61 skills in ./.claude/skills too"},
		{"few", 2, nil, "serves your 3 skills in ./.claude/skills: Claude Code lists them itself too"},
		{"dir", 2, []string{"--dir", "team-skills"}, "serves only team-skills (--dir)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			project, home := t.TempDir(), t.TempDir()
			env := agentEnv(home)
			skills := filepath.Join(project, ".claude", "skills")
			if tc.extra != nil {
				skills = filepath.Join(project, "team-skills")
			}
			for i := range tc.n {
				writeSkill(t, skills, fmt.Sprintf("helper-%02d", i), fmt.Sprintf("Helper number %d for everyday chores in this repository: "+
					"formatting files, renaming folders, tidying imports and keeping the changelog in order. Use when the user asks for chore %d.", i, i))
			}
			writeSkill(t, skills, "terraform-drift-check", "Detect drift between Terraform state and the live cloud resources. Use when the user asks whether infrastructure drifted.")
			// parseAgentConfig checks that another server and key survive.
			writeFile(t, filepath.Join(project, ".mcp.json"), `{"mcpServers": {"other": {"command": "other-server", "args": ["--x"]}}, "keep": [1, 2]}`)
			r := runIn(t, project, env, append([]string{"init-agent", "claude", "--write", "--command", binary(t)}, tc.extra...)...)
			if r.code != 0 || !strings.Contains(r.stderr, tc.say) {
				t.Fatalf("init-agent: exit %d; want %q in:\n%s%s", r.code, tc.say, r.stdout, r.stderr)
			}
			data, err := os.ReadFile(filepath.Join(project, ".mcp.json"))
			must(t, err)
			command, args := parseAgentConfig(t, "claude", data)
			if tc.extra != nil && !strings.Contains(strings.Join(args, " "), "--dir "+skills) {
				t.Errorf("--dir is not in the entry: %q", args)
			}
			cmd := exec.Command(command, args...)
			cmd.Dir, cmd.Env = project, env
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only catches a hang
			defer cancel()
			client := mcp.NewClient(&mcp.Implementation{Name: "claude-code-stand-in", Version: "0"}, nil)
			sess, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
			must(t, err)
			defer sess.Close()
			text, isErr := e2etest.CallTool(t, ctx, sess, "search_skills", map[string]any{"query": "did my terraform infrastructure drift"})
			if isErr || !strings.Contains(text, "terraform-drift-check") || strings.Contains(text, `"no_good_match":true`) {
				t.Errorf("search_skills through the written entry: %s", text)
			}
		})
	}
}
