package tools

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// calculatorDoc is get-skill-tool.md Example 1's documentation, verbatim:
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

func TestListGet(t *testing.T) {
	f := newFixture(t, listGetFiles, []string{"skills"}, Options{Profiles: []string{"list-get"}})
	cs := connect(t, f.h, nil)
	runCases(t, "listget", f.root, cs, []caseT{
		{name: "ListSkills_Example1_SuccessfulDiscovery", tool: "list_skills", args: `{}`,
			want: `{"skills": ["calculator", "weather", "web_search"]}`},
		{name: "GetSkill_Example1_SuccessfulRead", tool: "get_skill", args: `{"skill_name": "calculator"}`,
			want: `{"skill_name": "calculator", "documentation": "# Calculator Skill\n\nProvides basic arithmetic operations.\n\n## Usage\n\n` + "```python\\nresult = 2 + 2\\nprint(result)\\n```" + `"}`},
		{name: "GetSkill_Example3_InvalidSkillName", tool: "get_skill", args: `{"skill_name": "../../../etc/passwd"}`, isError: true,
			want: `{"error": "Invalid skill name: '../../../etc/passwd'. Skill names must not contain '/', '\\', or '..'"}`},
		{name: "GetSkill_Row_NameWithBackslash", tool: "get_skill", args: `{"skill_name": "a\\b"}`, isError: true,
			want: `{"error": "Invalid skill name: 'a\\b'. Skill names must not contain '/', '\\', or '..'"}`},
		{name: "GetSkill_Row_EmptyName", tool: "get_skill", args: `{"skill_name": ""}`, isError: true,
			want: `{"error": "Invalid skill name: ''. Skill names must not contain '/', '\\', or '..'"}`},
		{name: "GetSkill_Example4_SkillFolderDoesNotExist", tool: "get_skill", args: `{"skill_name": "nonexistent"}`, isError: true,
			want: `{"error": "Skill 'nonexistent' not found in skills folder"}`},
		{name: "GetSkill_AnyCaseOfFileName_skill.md", tool: "get_skill", args: `{"skill_name": "web_search"}`,
			want: `{"skill_name": "web_search", "documentation": "---\nname: web_search\ndescription: Search the web\n---\n\n# Web search\n"}`},
		{name: "GetSkill_ValidSkill_FullFile", tool: "get_skill", args: `{"skill_name": "weather"}`},
	})

	t.Run("ListSkills_Example2_EmptySkillsFolder", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"empty"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "ListSkills_Example2_EmptySkillsFolder", tool: "list_skills", args: `{}`,
			want: `{"skills": []}`}})
	})
	t.Run("ListSkills_Row3_NoSubdirectoriesFound", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"files-only"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "ListSkills_Row3_NoSubdirectoriesFound", tool: "list_skills", args: `{}`,
			want: `{"skills": []}`}})
	})
	t.Run("ListSkills_Example3_SkillsFolderNotFound", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"no-such-folder"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "ListSkills_Example3_SkillsFolderNotFound", tool: "list_skills", args: `{}`, isError: true,
			want: `{"error": "Skills folder not found at path: $ROOT/no-such-folder"}`}})
	})
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
	t.Run("GetSkill_Example2_SkillMDNotFound", func(t *testing.T) {
		f := newFixture(t, listGetFiles, []string{"nodoc"}, Options{Profiles: []string{"list-get"}})
		runCases(t, "listget", f.root, connect(t, f.h, nil), []caseT{{name: "GetSkill_Example2_SkillMDNotFound", tool: "get_skill", args: `{"skill_name": "calculator"}`, isError: true,
			want: `{"error": "SKILL.MD not found for skill 'calculator'"}`}})
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
