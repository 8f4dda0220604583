package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// waveFiles: valid project and personal skills, and one skill breaking
// each rule of testdata/seeds/wave-skill-tool.md's "Validation Contract".
var waveFiles = map[string]string{
	"project/pdf-tools/SKILL.md": skillMD("name: pdf-tools\ndescription: Brief description of what this skill does and when to use it",
		"# Skill Content\nMarkdown content with instructions...\n"),
	"project/team-skill-1/SKILL.md":    skillMD("name: team-skill-1\ndescription: Team conventions for reviews", "# Team skill\n"),
	"project/Bad_Name/SKILL.md":        skillMD("name: Bad_Name\ndescription: Upper case and an underscore", "# Bad\n"),
	"project/mismatch-folder/SKILL.md": skillMD("name: other-name\ndescription: Name differs from its directory", "# Mismatch\n"),
	"project/long-desc/SKILL.md":       skillMD("name: long-desc\ndescription: "+strings.Repeat("x", 1100), "# Long\n"),
	"project/broken-yaml/SKILL.md":     "---\nname: broken-yaml\ndescription: [unclosed\n---\n# Broken\n",
	"personal/notes/SKILL.md":          skillMD("name: notes\ndescription: Personal note-taking conventions", "# Notes\n"),
}

var waveRoots = []string{"project:project", "personal:personal"}

const waveAvailable = "Available skills:\n- notes: Personal note-taking conventions\n" +
	"- pdf-tools: Brief description of what this skill does and when to use it\n- team-skill-1: Team conventions for reviews"

func TestWave(t *testing.T) {
	f := newFixture(t, waveFiles, waveRoots, Options{Profiles: []string{"wave"}})
	cs := connect(t, f.h, nil)
	t.Run("ToolDescription", func(t *testing.T) {
		tools, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := "Invoke skills based on available skill metadata. Skills:\n- notes: Personal note-taking conventions\n" +
			"- pdf-tools: Brief description of what this skill does and when to use it\n- team-skill-1: Team conventions for reviews"
		if len(tools.Tools) != 1 || tools.Tools[0].Name != "Skill" || tools.Tools[0].Description != want {
			t.Errorf("tools/list: %+v\nwant description %q", tools.Tools, want)
		}
	})
}

// TestWaveErrorCategories covers the seed's skill_inaccessible and
// system_error categories, which the filesystem cannot produce for a
// test running as root: the catalog's Load failure is injected.
func TestWaveErrorCategories(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"ErrorCategory_SkillInaccessible", fmt.Errorf("read /skills/pdf-tools/SKILL.md: %w", fs.ErrPermission)},
		{"ErrorCategory_SystemError", errors.New("store: database is closed")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, waveFiles, waveRoots, Options{Profiles: []string{"wave"}})
			f.h.cat = &faultCatalog{catalog: f.cat, loadErr: tc.err}
			cs := connect(t, f.h, nil)
			runCases(t, "wave", f.root, cs, []caseT{{name: tc.name, tool: "Skill", args: `{"skill_name":"pdf-tools"}`, isError: true,
				want: "Error invoking skill 'pdf-tools': " + tc.err.Error() + "\n\n" + waveAvailable}})
		})
	}
}

// TestWaveBudget: the Skill description follows the same budget rule.
func TestWaveBudget(t *testing.T) {
	f := newFixture(t, budgetFiles(), []string{"p"}, Options{Profiles: []string{"wave"}, DescriptionBudget: 600})
	desc := f.h.WaveDescription()
	list := strings.TrimPrefix(desc, waveDescriptionPrefix+"\n")
	list, _, _ = strings.Cut(list, "\n\nNote:")
	if n := len([]rune(list)); n > 600 {
		t.Errorf("skill list is %d characters; budget 600", n)
	}
	if !strings.Contains(desc, "Note: descriptions are shortened") {
		t.Errorf("description does not say it was cut:\n%s", desc)
	}
	golden(t, "wave/Budget_ShortenedDescriptions", f.root, desc+"\n")
}
