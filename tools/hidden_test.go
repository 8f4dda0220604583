package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hiddenFiles: a skill its author hid from the model
// (disable-model-invocation: true) beside two it did not; "deploy-secrets"
// is one edit away from the visible "deploy-secret" typo a not-found
// answer might suggest.
var hiddenFiles = map[string]string{
	"p/deploy-secrets/SKILL.md": skillMD("name: deploy-secrets\ndescription: Rotate production deploy secrets\ndisable-model-invocation: true",
		"# Deploy secrets\n\nOnly when the user asks.\n"),
	"p/deploy-docs/SKILL.md":   skillMD("name: deploy-docs\ndescription: Publish deploy documentation", "# Deploy docs\n"),
	"p/release-notes/SKILL.md": skillMD("name: release-notes\ndescription: Write release notes for a deploy", "# Release notes\n"),
}

// TestHiddenSkills (issue 15 item 3): a skill with
// disable-model-invocation: true is on none of the model-facing surfaces
// of any profile - search_skills, list_skills, the universal and wave
// descriptions and their not-found lists, list-get's list_skills,
// agent-zero's list and search, the not-found suggestions, the resources
// listing - and still loads by its exact name on each; with ExposeHidden
// it is listed again.
func TestHiddenSkills(t *testing.T) {
	const secret = "deploy-secrets"
	absent := func(t *testing.T, what, s string) {
		t.Helper()
		if strings.Contains(s, secret) {
			t.Errorf("%s shows the hidden skill:\n%s", what, s)
		}
	}
	f := newFixture(t, hiddenFiles, []string{"p"}, Options{Profiles: []string{"native,universal,wave,agent-zero"}})
	cs := connect(t, f.h, nil)
	ctx := context.Background()

	t.Run("tools/list", func(t *testing.T) {
		tools, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range tools.Tools {
			absent(t, tool.Name+" description", tool.Description)
		}
	})
	t.Run("resources/list", func(t *testing.T) {
		res, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(res)
		absent(t, "resources/list", string(data))
		if !strings.Contains(string(data), "deploy-docs") {
			t.Errorf("resources/list lost a visible skill: %s", data)
		}
	})
	t.Run("resources/read by URI", func(t *testing.T) {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: SkillURI(secret, "SKILL.md")})
		if err != nil || len(res.Contents) != 1 || !strings.Contains(res.Contents[0].Text, "Only when the user asks.") {
			t.Errorf("read of the hidden skill's URI: %v", err)
		}
	})
	for _, c := range []struct{ tool, args string }{
		{"search_skills", `{"query": "deploy secrets"}`},
		{"search_skills", `{"query": "rotate production"}`},
		{"list_skills", `{}`},
		{"list_skills", `{"include_shadowed": true}`},
		{"load_skill", `{"name": "deploy-secret"}`}, // not found: the close names
		{"skill", `{"name": "nope"}`},               // universal not-found list
		{"Skill", `{"skill_name": "nope"}`},         // wave not-found list
		{"skills_tool", `{"method": "list"}`},
		{"skills_tool", `{"method": "search", "query": "deploy secrets rotate"}`},
		{"skills_tool", `{"method": "load", "skill_name": "deploy-secret"}`},
	} {
		t.Run(c.tool+c.args, func(t *testing.T) {
			res := call(t, cs, c.tool, c.args)
			absent(t, c.tool+" "+c.args, render(res))
		})
	}
	for _, c := range []struct{ tool, args string }{
		{"load_skill", `{"name": "deploy-secrets"}`},
		{"read_skill_file", `{"skill": "deploy-secrets", "path": "SKILL.md"}`},
		{"skill", `{"name": "deploy-secrets"}`},
		{"Skill", `{"skill_name": "deploy-secrets"}`},
		{"skills_tool", `{"method": "load", "skill_name": "deploy-secrets"}`},
	} {
		t.Run("exact name/"+c.tool, func(t *testing.T) {
			res := call(t, cs, c.tool, c.args)
			if res.IsError || !strings.Contains(text(res), "Only when the user asks.") {
				t.Errorf("%s %s does not load the hidden skill by its exact name:\n%s", c.tool, c.args, render(res))
			}
		})
	}

	t.Run("list-get", func(t *testing.T) {
		f := newFixture(t, hiddenFiles, []string{"p"}, Options{Profiles: []string{"list-get"}})
		cs := connect(t, f.h, nil)
		res := call(t, cs, "list_skills", `{}`)
		absent(t, "list-get list_skills", text(res))
		if got := text(res); got != `{"skills": ["deploy-docs", "release-notes"]}` {
			t.Errorf("list-get list_skills = %s", got)
		}
		if res := call(t, cs, "get_skill", `{"skill_name": "deploy-secrets"}`); res.IsError || !strings.Contains(text(res), "Only when the user asks.") {
			t.Errorf("get_skill by exact name: %s", text(res))
		}
	})

	t.Run("ExposeHidden", func(t *testing.T) {
		f := newFixture(t, hiddenFiles, []string{"p"}, Options{Profiles: []string{"native,universal"}, ExposeHidden: true})
		cs := connect(t, f.h, nil)
		if s := text(call(t, cs, "list_skills", `{}`)); !strings.Contains(s, secret) {
			t.Errorf("list_skills with ExposeHidden lacks the hidden skill: %s", s)
		}
		if s := f.h.UniversalDescription(); !strings.Contains(s, secret) {
			t.Errorf("universal description with ExposeHidden lacks the hidden skill")
		}
	})
}
