package doctor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	g "github.com/skilldex/skilldex/internal/golden"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/doctor"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	g.Check(t, filepath.Join("testdata", name), got)
}

// fixture opens testdata/catalog: project (priority) then personal.
func fixture(t *testing.T) (*index.Catalog, string) {
	t.Helper()
	base, err := filepath.Abs(filepath.Join("testdata", "catalog"))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := index.Open(context.Background(), &index.Options{Mem: true, Roots: []index.Root{
		{Path: filepath.Join(base, "project"), Label: "project"},
		{Path: filepath.Join(base, "personal"), Label: "personal"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	return cat, base
}

// check runs doctor over cat. The listing is measured with the skills'
// folders under base renamed /testdata, so its cost does not depend on
// where the repository is checked out.
func check(t *testing.T, cat *index.Catalog, base string) *doctor.Report {
	t.Helper()
	served := cat.List(index.ListOptions{})
	for i := range served {
		served[i].Dir = strings.Replace(served[i].Dir, base, "/testdata", 1)
	}
	in := doctor.FromCatalog(context.Background(), cat)
	in.Fit = doctor.PromptFit(served)
	in.Budgets = []doctor.Budget{{Name: "600 characters", Chars: 600}, {Name: "8,000 characters", Chars: 8000}}
	rep, err := doctor.Check(in)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestFixtureReport checks every kind of problem on a small catalog made
// to have each once, and the report against golden files.
func TestFixtureReport(t *testing.T) {
	cat, base := fixture(t)
	rep := check(t, cat, base)

	want := map[string]doctor.Severity{
		skillmd.CodeNoFrontmatter:         doctor.Error,
		skillmd.CodeDescriptionMissing:    doctor.Error,
		skillmd.CodeReferenceBroken:       doctor.Warning, // as validate: the skill is still served
		skillmd.CodeReferenceCaseMismatch: doctor.Warning,
		skillmd.CodeReferenceOutside:      doctor.Warning,
		skillmd.CodeUnknownField:          doctor.Warning,
		skillmd.CodeNameMismatch:          doctor.Warning,
		doctor.CodeShadowed:               doctor.Warning,
		doctor.CodeDuplicate:              doctor.Warning,
		doctor.CodeScriptUnsupported:      doctor.Warning,
		doctor.CodeScriptNoShebang:        doctor.Warning,
		doctor.CodeDescriptionShort:       doctor.Warning,
		doctor.CodeDescriptionVague:       doctor.Warning,
		doctor.CodeOverBudget:             doctor.Warning,
	}
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		if sev, ok := want[f.Code]; ok && (f.Severity == sev || f.Code == doctor.CodeScriptNoShebang) {
			seen[f.Code] = true
		}
	}
	for code, sev := range want {
		if !seen[code] {
			t.Errorf("no %s finding of code %s", sev, code)
		}
	}
	if rep.Errors != 2 || rep.Invalid != 2 || rep.Shadowed != 2 {
		t.Errorf("errors %d invalid %d shadowed %d; want 2, 2, 2", rep.Errors, rep.Invalid, rep.Shadowed)
	}
	// Sorted by severity, most serious first.
	for i := 1; i < len(rep.Findings); i++ {
		if rank(rep.Findings[i-1].Severity) > rank(rep.Findings[i].Severity) {
			t.Fatalf("finding %d (%s) after a %s", i, rep.Findings[i].Severity, rep.Findings[i-1].Severity)
		}
	}
	// The broken link names the file it probably meant; the case mismatch
	// the real spelling.
	for _, f := range rep.Findings {
		switch f.Code {
		case skillmd.CodeReferenceBroken:
			if !strings.Contains(f.Fix, "references/tables.md") {
				t.Errorf("broken reference fix %q does not name references/tables.md", f.Fix)
			}
		case skillmd.CodeReferenceCaseMismatch:
			if !strings.Contains(f.Fix, "references/guide.md") {
				t.Errorf("case mismatch fix %q does not name references/guide.md", f.Fix)
			}
		case doctor.CodeShadowed:
			if len(f.Related) != 1 || !strings.Contains(f.Related[0], "personal") {
				t.Errorf("shadowed %s: related %v, want the personal copy", f.Skill, f.Related)
			}
		}
	}

	var text bytes.Buffer
	if err := rep.WriteText(&text, doctor.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "fixture.txt", []byte(strings.ReplaceAll(text.String(), base, "$TESTDATA")))
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "fixture.json", []byte(strings.ReplaceAll(string(js), base, "$TESTDATA")+"\n"))
}

func rank(s doctor.Severity) int {
	return map[doctor.Severity]int{doctor.Error: 0, doctor.Warning: 1, doctor.Info: 2}[s]
}

// TestCleanCatalog: the examples have nothing to report but the listing.
func TestCleanCatalog(t *testing.T) {
	ex, _ := filepath.Abs(filepath.Join("..", "..", "examples", "skills"))
	cat, err := index.Open(context.Background(), &index.Options{Mem: true, Roots: []index.Root{{Path: ex}}})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	rep := check(t, cat, ex)
	for _, f := range rep.Findings {
		if f.Category != doctor.CatBudget {
			t.Errorf("unexpected finding on the examples: %+v", f)
		}
	}
	if rep.Errors != 0 || rep.Listing == nil || rep.Listing.Skills != 5 || !rep.Listing.Budgets[1].Fits || rep.Listing.Budgets[0].Fits {
		t.Errorf("examples: errors %d, listing %+v; want no errors, 5 skills over 600 and within 8,000", rep.Errors, rep.Listing)
	}
}

// TestDescriptions covers the description rules one case at a time.
func TestDescriptions(t *testing.T) {
	cases := []struct {
		name, desc, code string
	}{
		{"pdf-forms", "Fill, inspect and flatten PDF forms. Use when the user needs to fill a PDF form.", ""},
		{"skill-tester", "Skill Tester", doctor.CodeDescriptionShort},
		{"x", "Does things.", doctor.CodeDescriptionShort},
		{"csv-helper", "A helper skill for csv things and various tasks with csv.", doctor.CodeDescriptionVague},
		{"template", "Replace with description of the skill and when Claude should use it.", doctor.CodeDescriptionVague},
		{"todo", "TODO: write a proper description for this skill before release please", doctor.CodeDescriptionVague},
		{"router", "智能 Skill 路由器 - 通过简洁的交互式问答，帮助用户找到最合适的 Skill", ""},
		{"grill-me", "A relentless interview to sharpen a plan or design.", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := index.Skill{ID: tc.name, Name: tc.name, Description: tc.desc, Valid: true, Dir: "/s/" + tc.name, SkillFile: "SKILL.md"}
			rep, err := doctor.Check(doctor.Input{Skills: []index.Skill{s}})
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, f := range rep.Findings {
				got = f.Code
			}
			if got != tc.code {
				t.Errorf("description %q: got %q, want %q", tc.desc, got, tc.code)
			}
		})
	}
}

// TestScripts covers the script rules with file heads given directly.
func TestScripts(t *testing.T) {
	heads := map[string]string{
		"scripts/a.py": "#!/usr/bin/env python3\n", "scripts/b.py": "import os\n", "scripts/c": "echo hi\n",
		"scripts/d": "#!/bin/bash\n", "scripts/e": "#!/usr/bin/env ruby\n", "scripts/f.ts": "", "scripts/g.bash": "",
		"scripts/__init__.py": "", "scripts/README.md": "", "scripts/bin.sh": "\x00",
		"scripts/h": "#!/usr/bin/env -S python3 -u\n", "other/x.rb": "",
	}
	want := map[string]string{
		"scripts/b.py": doctor.CodeScriptNoShebang, "scripts/c": doctor.CodeScriptNoShebang, "scripts/e": doctor.CodeScriptUnsupported,
		"scripts/f.ts": doctor.CodeScriptUnsupported, "scripts/g.bash": doctor.CodeScriptUnsupported,
	}
	s := index.Skill{ID: "s", Name: "s", Description: "Fill, inspect and flatten PDF forms. Use when the user needs to fill a PDF form.", Valid: true, Dir: "/s", SkillFile: "SKILL.md"}
	for p := range heads {
		s.Files = append(s.Files, index.FileInfo{Path: p})
	}
	head := func(_ index.Skill, rel string) ([]byte, error) {
		if strings.Contains(heads[rel], "\x00") {
			return nil, errors.New("binary")
		}
		return []byte(heads[rel]), nil
	}
	rep, err := doctor.Check(doctor.Input{Skills: []index.Skill{s}, Head: head})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range rep.Findings {
		got[strings.TrimPrefix(f.File, "/s/")] = f.Code
	}
	for p, code := range want {
		if got[p] != code {
			t.Errorf("%s: got %q, want %q", p, got[p], code)
		}
	}
	for p, code := range got {
		if want[p] == "" {
			t.Errorf("%s: unexpected %s", p, code)
		}
	}
}

// TestListingCountsHidden: the report's text counts in good English ("1
// skill"), and the listing cost counts the skills the listing holds, not
// the served ones, saying how many hidden skills it leaves out, so it
// agrees with skilldex prompt.
func TestListingCountsHidden(t *testing.T) {
	one := t.TempDir()
	writeSkill(t, one, "alpha", "Convert spreadsheets to CSV files, keeping the header row and the cell types.", "")
	rep := check(t, openMem(t, one), one)
	var text bytes.Buffer
	if err := rep.WriteText(&text, doctor.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 skill: 1 served", "LISTING COST: 1 skill in the listing,"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("one skill: no %q in\n%s", want, text.String())
		}
	}

	two := t.TempDir()
	writeSkill(t, two, "alpha", "Convert spreadsheets to CSV files, keeping the header row and the cell types.", "")
	writeSkill(t, two, "beta", "Deploy the release by hand; the author keeps this one away from the model.", "disable-model-invocation: true\n")
	in := doctor.FromCatalog(context.Background(), openMem(t, two))
	// Over budget with one skill's full description, not below the
	// listing's frame.
	in.Budgets = []doctor.Budget{{Name: "260 characters", Chars: 260}}
	rep, err := doctor.Check(in)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Served != 2 || rep.Listing.Skills != 1 || rep.Listing.Hidden != 1 {
		t.Fatalf("served %d, listing %+v; want 2 served, 1 in the listing, 1 hidden", rep.Served, rep.Listing)
	}
	text.Reset()
	if err := rep.WriteText(&text, doctor.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 skills: 2 served", "LISTING COST: 1 skill in the listing,", "not counting 1 served skill hidden from the model by their authors",
		"the listing of 1 skill (not counting 1 served skill hidden from the model) costs"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("one hidden skill: no %q in\n%s", want, text.String())
		}
	}
	if strings.Contains(text.String(), "listing of 2") {
		t.Errorf("the listing is said to hold the hidden skill:\n%s", text.String())
	}
}

// writeSkill writes a valid skill called name under root; extra is more
// frontmatter lines.
func writeSkill(t *testing.T, root, name, description, extra string) {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\nname: " + name + "\ndescription: " + description + "\n" + extra + "---\n# " + name + "\n\nSteps to follow.\n"
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
}

// openMem opens an in-memory catalog of root.
func openMem(t *testing.T, root string) *index.Catalog {
	t.Helper()
	cat, err := index.Open(context.Background(), &index.Options{Mem: true, Roots: []index.Root{{Path: root}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cat.Close() })
	return cat
}
