package tools

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// calculatorDoc is testdata/seeds/get-skill-tool.md Example 1's documentation, verbatim:
// a SKILL.MD (upper-case, as the seed names it) without frontmatter,
// which the seed reads as plain text.
const calculatorDoc = "# Calculator Skill\n\nProvides basic arithmetic operations.\n\n## Usage\n\n```python\nresult = 2 + 2\nprint(result)\n```"

// listGetFiles: the seed's example skills (calculator, weather,
// web_search; SKILL.md spelled three ways), a root without subfolders, a
// root whose calculator folder has no SKILL.MD, and the error rows.
var listGetFiles = map[string]string{
	"skills/calculator/SKILL.MD": calculatorDoc,
	"skills/weather/SKILL.md":    skillMD("name: weather\ndescription: Current weather and forecasts", "# Weather Skill\n"),
	"skills/web_search/skill.md": skillMD("name: web_search\ndescription: Search the web", "# Web search\n"),
	"skills/README.md":           "not a skill folder\n",
	"empty/.keep":                "",
	"files-only/notes.txt":       "a file, not a folder\n",
	"nodoc/calculator/README.md": "no SKILL.MD here\n",
	"errs/big/SKILL.md":          skillMD("name: big\ndescription: too large", strings.Repeat("x", 1<<20)),
	"errs/latin1/SKILL.md":       "---\nname: latin1\ndescription: caf\xe9\n---\n# Caf\xe9\n",
	"errs/a..b/SKILL.md":         skillMD("name: dots\ndescription: folder name holds ..", "# Dots\n"),
	"errs/back\\slash/SKILL.md":  skillMD("name: backslash\ndescription: folder name holds a backslash", "# Backslash\n"),
	"errs/ok-skill/SKILL.md":     skillMD("name: ok-skill\ndescription: fine", "# Fine\n"),
}

// TestListGet covers the seeds' rows a transcript cannot hold (see
// testdata/transcripts/listget for the others): failures injected because
// the tests run as root, and folders with a 1 MiB or a Latin-1 SKILL.md.
func TestListGet(t *testing.T) {
	t.Run("ListSkills_Row2_PermissionDenied", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"skills"}, Options{Profiles: []string{"list-get"}})
		f.h.checkRoot = func(string) error { return fs.ErrPermission } // root reads every folder; inject the failure
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "ListSkills_Row2_PermissionDenied", tool: "list_skills", args: `{}`, isError: true,
			want: `{"error": "Permission denied reading skills folder"}`}})
	})
	t.Run("ListSkills_Behavior_ValidNamesOnly", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"errs"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "ListSkills_Behavior_ValidNamesOnly", tool: "list_skills", args: `{}`,
			want: `{"skills": ["big", "latin1", "ok-skill"]}`}})
	})

	t.Run("GetSkill_Rows_FileErrors", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"errs"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{
			{name: "GetSkill_Row_FileTooLarge", tool: "get_skill", args: `{"skill_name": "big"}`, isError: true,
				want: `{"error": "SKILL.MD too large (>1MB) for skill 'big'"}`},
			{name: "GetSkill_Row_FileNotUTF8", tool: "get_skill", args: `{"skill_name": "latin1"}`, isError: true,
				want: `{"error": "SKILL.MD contains invalid UTF-8 for skill 'latin1'"}`},
			{name: "GetSkill_Row_NameWithDotDot", tool: "get_skill", args: `{"skill_name": "a..b"}`, isError: true,
				want: `{"error": "Invalid skill name: 'a..b'. Skill names must not contain '/', '\\', or '..'"}`},
		})
	})
	t.Run("GetSkill_Row_FileNotReadable", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"skills"}, Options{Profiles: []string{"list-get"}})
		f.h.cat = &faultCatalog{catalog: f.cat, loadErr: fmt.Errorf("read %s/skills/weather/SKILL.md: %w", f.root, fs.ErrPermission)}
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "GetSkill_Row_FileNotReadable", tool: "get_skill", args: `{"skill_name": "weather"}`, isError: true,
			want: `{"error": "Permission denied reading SKILL.MD for skill 'weather'"}`}})
	})
}
