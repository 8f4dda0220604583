package tools

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
)

// TestToolSchemas snapshots tools/list, exactly as it goes on the wire,
// for every profile (native with and without scripts) over
// examples/skills, so a change to any contract shows in review. The seeds'
// input schemas are also compared byte for byte.
func TestToolSchemas(t *testing.T) {
	ex, err := filepath.Abs(filepath.Join("..", "examples", "skills"))
	if err != nil {
		t.Fatal(err)
	}
	cat := openCatalog(t, index.Root{Path: ex, Label: "project"})
	type snap struct {
		name    string
		profile string
		opts    Options
	}
	snaps := []snap{{name: "native-scripts", profile: "native", opts: Options{Sandbox: &fakeSandbox{}}}}
	for _, p := range Profiles() {
		snaps = append(snaps, snap{name: p, profile: p})
	}
	for _, s := range snaps {
		t.Run(s.name, func(t *testing.T) {
			opts := s.opts
			opts.Profiles = []string{s.profile}
			w := wireConnect(t, New(cat, &opts))
			tools, raw := w.wireTools()
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, raw, "", "  "); err != nil {
				t.Fatal(err)
			}
			golden(t, "schemas/"+s.name, ex, pretty.String()+"\n")
			for name, want := range seedSchemas[s.profile] {
				if got := rawField(t, tools[name], "inputSchema"); got != want {
					t.Errorf("%s inputSchema on the wire:\n got %s\nwant %s", name, got, want)
				}
			}
			if s.profile == "universal" {
				u := tools["skill"]
				if got := rawField(t, u, "title"); got != `"Load Skill"` {
					t.Errorf("skill title = %s", got)
				}
				if got := rawField(t, u, "annotations"); got != `{"destructiveHint":false,"idempotentHint":true,"openWorldHint":false,"readOnlyHint":true}` {
					t.Errorf("skill annotations = %s", got)
				}
			}
		})
	}
}

// seedSchemas are the input schemas the seeds spell out, as the wire must
// carry them: testdata/seeds/list-skills-tool.md and testdata/seeds/get-skill-tool.md "Input Schema",
// testdata/seeds/wave-skill-tool.md parameters, and testdata/seeds/mcp-skill-tool.md's Zod schema as the
// TypeScript SDK publishes it.
var seedSchemas = map[string]map[string]string{
	"list-get": {
		"list_skills": `{"type":"object","properties":{},"required":[]}`,
		"get_skill":   `{"type":"object","properties":{"skill_name":{"type":"string","description":"Name of the skill (folder name)"}},"required":["skill_name"]}`,
	},
	"wave": {
		"Skill": `{"type":"object","properties":{"skill_name":{"type":"string","description":"Name of the skill to invoke from available skills"}},"required":["skill_name"],"additionalProperties":false}`,
	},
	"universal": {
		"skill": `{"type":"object","properties":{"name":{"type":"string","minLength":1,"description":"Name of the skill to load (case-insensitive)"}},"required":["name"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`,
	},
}

// TestProfileSelection: profiles combine (repeated or comma-separated),
// unknown ones and tool-name clashes are refused with a clear error, and
// run_skill_script exists only with a sandbox.
func TestProfileSelection(t *testing.T) {
	ex, _ := filepath.Abs(filepath.Join("..", "examples", "skills"))
	cat := openCatalog(t, index.Root{Path: ex})
	for _, tc := range []struct {
		name     string
		profiles []string
		sandbox  bool
		want     []string // tool names, sorted
		err      string
	}{
		{name: "DefaultNative", want: []string{"list_skills", "load_skill", "read_skill_file", "search_skills"}},
		{name: "NativeWithScripts", profiles: []string{"native"}, sandbox: true, want: []string{"list_skills", "load_skill", "read_skill_file", "run_skill_script", "search_skills"}},
		{name: "CommaSeparated", profiles: []string{"universal, wave,agent-zero"}, want: []string{"Skill", "skill", "skills_tool"}},
		{name: "Repeated", profiles: []string{"list-get", "universal", "list-get"}, want: []string{"get_skill", "list_skills", "skill"}},
		{name: "NativeAndListGetClash", profiles: []string{"native", "list-get"},
			err: `profiles "native" and "list-get" cannot be served together: both define the tool "list_skills"`},
		{name: "Unknown", profiles: []string{"claude"}, err: `unknown profile "claude"; known profiles: agent-zero, list-get, native, universal, wave`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := &Options{Profiles: tc.profiles}
			if tc.sandbox {
				opts.Sandbox = &fakeSandbox{}
			}
			h := New(cat, opts)
			if tc.err != "" {
				_, err := h.NewServer()
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("NewServer error = %v, want %q", err, tc.err)
				}
				return
			}
			tools, _ := wireConnect(t, h).wireTools()
			if got := sortedKeys(tools); strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("tools = %v, want %v", got, tc.want)
			}
		})
	}
}
