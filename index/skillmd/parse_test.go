package skillmd

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// mustParse parses src and fails the test on an error. Every diagnostic
// must carry a code and a fix.
func mustParse(t *testing.T, src string, files ...string) (*Skill, []Diagnostic) {
	t.Helper()
	s, diags, err := Parse("x/SKILL.md", []byte(src), files)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	checkDiags(t, diags)
	return s, diags
}

func checkDiags(t *testing.T, diags []Diagnostic) {
	t.Helper()
	for _, d := range diags {
		if d.Code == "" || d.Fix == "" || d.Message == "" || d.Severity == "" {
			t.Errorf("incomplete diagnostic: %+v", d)
		}
	}
}

func codes(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Code)
	}
	return out
}

func findDiag(diags []Diagnostic, code string) (Diagnostic, bool) {
	for _, d := range diags {
		if d.Code == code {
			return d, true
		}
	}
	return Diagnostic{}, false
}

// listFiles lists a fixture folder the way callers pass files to Parse.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestParseFixture(t *testing.T) {
	dir := filepath.Join("testdata", "skills", "pdf-tools")
	data, err := os.ReadFile(filepath.Join(dir, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := listFiles(t, dir)
	s, diags, err := Parse("pdf-tools/SKILL.md", data, files)
	if err != nil {
		t.Fatal(err)
	}
	checkDiags(t, diags)
	if len(diags) != 0 {
		t.Errorf("unexpected diagnostics: %v", diags)
	}
	want := &Skill{
		Name:          "pdf-tools",
		Description:   "Fill PDF forms, extract text and tables, and merge documents. Use when the user mentions PDFs, forms or document extraction.",
		License:       "Apache-2.0",
		Compatibility: "Requires Python 3.11+ and the pypdf package",
		AllowedTools:  []string{"Read", "Grep", "Bash(python3 scripts/fill_form.py:*)"},
		Tags:          []string{"pdf", "forms"},
		Version:       "1.2",
		Author:        "example-org",
		Metadata: map[string]any{
			"license":       "Apache-2.0",
			"compatibility": "Requires Python 3.11+ and the pypdf package",
			"allowed-tools": "Read Grep Bash(python3 scripts/fill_form.py:*)",
			"metadata":      map[string]any{"author": "example-org", "version": "1.2", "tags": "pdf, forms"},
		},
		BodyLine:       14,
		HasFrontmatter: true,
		UserInvocable:  true,
		Path:           "pdf-tools/SKILL.md",
		References: []Reference{
			{Target: "references/API.md", Path: "references/API.md", Kind: RefLink, Status: RefOK, Line: 17},
			{Target: "references/forms.md", Path: "references/forms.md", Kind: RefLink, Status: RefOK, Line: 18},
			{Target: "assets/field-map.png", Path: "assets/field-map.png", Kind: RefImage, Status: RefOK, Line: 20},
			{Target: "scripts/fill_form.py", Path: "scripts/fill_form.py", Kind: RefCode, Status: RefOK, Line: 22},
			{Target: "references/fields.txt", Path: "references/fields.txt", Kind: RefPath, Status: RefOK, Line: 28},
		},
		FieldLines: map[string]int{"name": 2, "description": 3, "license": 6, "compatibility": 7, "allowed-tools": 8, "metadata": 9},
	}
	s.Body = ""
	if !reflect.DeepEqual(s, want) {
		gotJSON, _ := json.MarshalIndent(s, "", "  ")
		wantJSON, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("got\n%s\nwant\n%s\nlines got %v want %v", gotJSON, wantJSON, s.FieldLines, want.FieldLines)
	}
	if d := Validate(s, "pdf-tools", Strict); len(d) != 0 {
		t.Errorf("a valid skill should pass strict validation: %v", d)
	}
}

func TestParseFields(t *testing.T) {
	tests := []struct {
		name  string
		front string
		check func(t *testing.T, s *Skill, diags []Diagnostic)
	}{
		{"folded description", "name: a\ndescription: >\n  line one\n  line two\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Description != "line one line two" {
				t.Errorf("description %q", s.Description)
			}
		}},
		{"literal description", "name: a\ndescription: |\n  line one\n  line two\n\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Description != "line one\nline two" {
				t.Errorf("description %q", s.Description)
			}
		}},
		{"trimmed strings", "name: '  a  '\ndescription: \"  b \"\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Name != "a" || s.Description != "b" {
				t.Errorf("name %q description %q", s.Name, s.Description)
			}
		}},
		{"allowed-tools string", "name: a\nallowed-tools: Read Write Bash(git add:*)\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			want := []string{"Read", "Write", "Bash(git add:*)"}
			if !reflect.DeepEqual(s.AllowedTools, want) {
				t.Errorf("tools %q", s.AllowedTools)
			}
		}},
		{"allowed-tools comma string", "name: a\nallowed-tools: Read, Grep,Glob\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"Read", "Grep", "Glob"}; !reflect.DeepEqual(s.AllowedTools, want) {
				t.Errorf("tools %q", s.AllowedTools)
			}
		}},
		{"allowed-tools list", "name: a\nallowed-tools:\n  - Read\n  - Bash(npm run test)\n  - ''\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"Read", "Bash(npm run test)"}; !reflect.DeepEqual(s.AllowedTools, want) {
				t.Errorf("tools %q", s.AllowedTools)
			}
			if _, ok := s.Metadata["allowed-tools"].([]any); !ok {
				t.Errorf("metadata keeps the list: %#v", s.Metadata["allowed-tools"])
			}
		}},
		{"allowed-tools flow list", "name: a\nallowed-tools: [Read, Write]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"Read", "Write"}; !reflect.DeepEqual(s.AllowedTools, want) {
				t.Errorf("tools %q", s.AllowedTools)
			}
		}},
		{"tags list", "name: a\ntags: [PDF, Forms, pdf]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"pdf", "forms"}; !reflect.DeepEqual(s.Tags, want) {
				t.Errorf("tags %q", s.Tags)
			}
		}},
		{"tags comma string", "name: a\ntags: 'machine learning, NLP ,  , #data'\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"machine learning", "nlp", "data"}; !reflect.DeepEqual(s.Tags, want) {
				t.Errorf("tags %q", s.Tags)
			}
		}},
		{"tags space string", "name: a\ntags: pdf forms  ocr\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"pdf", "forms", "ocr"}; !reflect.DeepEqual(s.Tags, want) {
				t.Errorf("tags %q", s.Tags)
			}
		}},
		{"keywords and metadata tags merged", "name: a\nkeywords:\n  - Alpha\nmetadata:\n  tags: [beta, alpha]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := []string{"alpha", "beta"}; !reflect.DeepEqual(s.Tags, want) {
				t.Errorf("tags %q", s.Tags)
			}
		}},
		{"version and author top-level win", "name: a\nversion: 1.0\nauthor: Ann\nmetadata:\n  version: '2'\n  author: Bob\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Version != "1.0" || s.Author != "Ann" {
				t.Errorf("version %q author %q", s.Version, s.Author)
			}
			if s.Metadata["version"] != 1.0 {
				t.Errorf("metadata version %#v", s.Metadata["version"])
			}
		}},
		{"author mapping and list", "name: a\nauthor:\n  name: Ann\n  email: a@x.io\nmetadata:\n  author: [Bob]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Author != "Ann" {
				t.Errorf("author %q", s.Author)
			}
		}},
		{"author list", "name: a\nauthor: [Ann, {name: Bob}]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Author != "Ann, Bob" {
				t.Errorf("author %q", s.Author)
			}
		}},
		{"compatibility list joined", "name: a\ncompatibility: [claude-code, codex]\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Compatibility != "claude-code, codex" {
				t.Errorf("compatibility %q", s.Compatibility)
			}
		}},
		{"metadata plain values", "name: a\nx:\n  1: one\n  true: yes\n  list: [1, 2.5, null, false, '3']\n  inf: .inf\n  date: 2024-01-02\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			want := map[string]any{"1": "one", "true": "yes", "list": []any{1, 2.5, nil, false, "3"}, "inf": ".inf", "date": "2024-01-02"}
			if !reflect.DeepEqual(s.Metadata["x"], want) {
				t.Errorf("x = %#v", s.Metadata["x"])
			}
			if _, err := json.Marshal(s); err != nil {
				t.Errorf("skill does not encode to JSON: %v", err)
			}
		}},
		{"merge keys and anchors", "name: a\nbase: &b {k: 1, j: 2}\nx:\n  <<: *b\n  j: 3\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if want := map[string]any{"k": 1, "j": 3}; !reflect.DeepEqual(s.Metadata["x"], want) {
				t.Errorf("x = %#v", s.Metadata["x"])
			}
		}},
		{"metadata excludes name and description", "name: a\ndescription: b\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Metadata != nil {
				t.Errorf("metadata %#v", s.Metadata)
			}
		}},
		{"numeric name", "name: 2048\ndescription: b\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			d, ok := findDiag(diags, CodeNameType)
			if !ok || d.Severity != SeverityError || d.Line != 2 || !strings.Contains(d.Fix, `name: "2048"`) {
				t.Errorf("diags %v", diags)
			}
			if s.Name != "2048" {
				t.Errorf("name %q", s.Name)
			}
		}},
		{"list name", "name: [a, b]\ndescription: b\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			if _, ok := findDiag(diags, CodeNameType); !ok || s.Name != "" {
				t.Errorf("name %q diags %v", s.Name, diags)
			}
		}},
		{"mapping description", "name: a\ndescription:\n  en: hello\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			if d, ok := findDiag(diags, CodeDescriptionType); !ok || s.Description != "" || d.Severity != SeverityError {
				t.Errorf("description %q diags %v", s.Description, diags)
			}
		}},
		{"boolean description", "name: a\ndescription: yes\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			// YAML 1.2 (yaml.v3) reads yes as a string.
			if s.Description != "yes" || len(diags) != 0 {
				t.Errorf("description %q diags %v", s.Description, diags)
			}
		}},
		{"null name", "name:\ndescription: b\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			if s.Name != "" || len(diags) != 0 {
				t.Errorf("name %q diags %v", s.Name, diags)
			}
		}},
		{"duplicate key", "name: a\ndescription: b\nname: c\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			d, ok := findDiag(diags, CodeDuplicateKey)
			if !ok || d.Line != 4 || s.Name != "c" {
				t.Errorf("name %q diags %v", s.Name, diags)
			}
		}},
		{"comment cuts a plain description", "name: a\ndescription: Fixes issue #12 fast\nlicense: MIT # fine\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			d, ok := findDiag(diags, CodeYAMLComment)
			if !ok || len(diags) != 1 || d.Line != 3 || !strings.Contains(d.Fix, `description: "Fixes issue #12 fast"`) {
				t.Errorf("diags %v", diags)
			}
			if s.Description != "Fixes issue" {
				t.Errorf("description %q", s.Description)
			}
		}},
		{"capitalised catalog fields", "name: a\nVersion: 2.1.2\nAuthor: Ann\nKeywords: x y\n", func(t *testing.T, s *Skill, _ []Diagnostic) {
			if s.Version != "2.1.2" || s.Author != "Ann" || !reflect.DeepEqual(s.Tags, []string{"x", "y"}) {
				t.Errorf("version %q author %q tags %q", s.Version, s.Author, s.Tags)
			}
		}},
		{"empty frontmatter", "", func(t *testing.T, s *Skill, diags []Diagnostic) {
			if !s.HasFrontmatter || s.Name != "" {
				t.Errorf("%+v", s)
			}
		}},
		{"comment-only frontmatter", "# nothing\n", func(t *testing.T, s *Skill, diags []Diagnostic) {
			if !s.HasFrontmatter || s.Name != "" {
				t.Errorf("%+v", s)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := mustParse(t, "---\n"+tt.front+"---\nbody\n")
			tt.check(t, s, diags)
		})
	}
}

func TestParseLineEndings(t *testing.T) {
	lf := "---\nname: a\ndescription: >\n  two\n  lines\n---\n# T\n\nSee [r](ref.md).\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	for name, src := range map[string]string{"lf": lf, "crlf": crlf, "bom+crlf": "\uFEFF" + crlf} {
		t.Run(name, func(t *testing.T) {
			s, _ := mustParse(t, src, "ref.md")
			if s.Description != "two lines" || s.BodyLine != 7 || strings.Contains(s.Body, "\r") {
				t.Errorf("description %q bodyLine %d body %q", s.Description, s.BodyLine, s.Body)
			}
			if len(s.References) != 1 || s.References[0].Line != 9 || s.References[0].Status != RefOK {
				t.Errorf("refs %+v", s.References)
			}
		})
	}
}

func TestParseYAMLRepair(t *testing.T) {
	tests := []struct {
		name   string
		front  string
		desc   string
		lines  []int // lines of the yaml-repaired diagnostics
		others map[string]any
	}{
		{"colon in value", "name: a\ndescription: Use when: you need X\n", "Use when: you need X", []int{3}, nil},
		{"colon in continued value", "name: a\ndescription: Use when\n  continued: here\nlicense: MIT\n", "Use when continued: here", []int{3}, map[string]any{"license": "MIT"}},
		{"backtick start", "name: a\ndescription: `pdf` tools\n", "`pdf` tools", []int{3}, nil},
		{"at sign start", "name: a\ndescription: @mention helper\n", "@mention helper", []int{3}, nil},
		{"quoted then more", "name: a\ndescription: \"quoted\" and more\n", "\"quoted\" and more", []int{3}, nil},
		{"bad escape in quotes", "name: a\ndescription: \"match \\d+ digits: now\"\n", "match \\d+ digits: now", []int{3}, nil},
		{"brackets then colon", "name: a\ndescription: [WIP] thing: x\n", "[WIP] thing: x", []int{3}, nil},
		{"control character", "name: a\ndescription: bell\x07here\n", "bell\x07here", []int{3}, nil},
		{"two broken values", "name: a\ndescription: a: b\nwhen: c: d\n", "a: b", []int{3, 4}, map[string]any{"when": "c: d"}},
		{"quotes and backslashes are escaped", "name: a\ndescription: say \"hi\": C:\\dir\n", "say \"hi\": C:\\dir", []int{3}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := mustParse(t, "---\n"+tt.front+"---\nbody\n")
			if s.Description != tt.desc {
				t.Errorf("description %q, want %q", s.Description, tt.desc)
			}
			var lines []int
			for _, d := range diags {
				if d.Code == CodeYAMLRepaired {
					lines = append(lines, d.Line)
					if d.Severity != SeverityWarning || !strings.HasPrefix(d.Fix, "quote the value: ") {
						t.Errorf("diag %v", d)
					}
				}
			}
			if !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("repaired lines %v, want %v (%v)", lines, tt.lines, diags)
			}
			for k, v := range tt.others {
				if s.Metadata[k] != v {
					t.Errorf("%s = %#v, want %#v", k, s.Metadata[k], v)
				}
			}
		})
	}
	// The fix must itself be valid YAML giving the same value.
	s, diags := mustParse(t, "---\nname: a\ndescription: Use when: \"x\" \\ y\n---\n")
	d, _ := findDiag(diags, CodeYAMLRepaired)
	s2, _ := mustParse(t, "---\nname: a\n"+strings.TrimPrefix(d.Fix, "quote the value: ")+"\n---\n")
	if s2.Description != s.Description {
		t.Errorf("fix %q gives %q, want %q", d.Fix, s2.Description, s.Description)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name     string
		data     string
		sentinel error
		line     int
		inMsg    string
		hasSkill bool
	}{
		{"yaml unrepairable", "---\nname: a\nmetadata:\n  a: b: c\n---\n", ErrYAML, 4, "mapping values", false},
		{"yaml bad indentation", "---\nname: a\n\tdescription: b\n---\n", ErrYAML, 3, "tab", false},
		{"yaml unclosed flow", "---\nname: a\ntags: [a, b\n---\n", ErrYAML, 0, "", false},
		{"frontmatter is a list", "---\n- a\n- b\n---\n", ErrYAML, 2, "a list", false},
		{"frontmatter is a string", "---\njust text\n---\n", ErrYAML, 2, "a string", false},
		{"no frontmatter", "# Title\n\nText [x](x.md)\n", ErrNoFrontmatter, 1, "must start", true},
		{"unclosed frontmatter", "---\nname: a\n", ErrNoFrontmatter, 1, "never closed", true},
		{"invalid utf-8", "---\nname: a\ndescription: caf\xE9\n---\n", ErrNotUTF8, 3, "0xE9", false},
		{"utf-16", "\xFF\xFE-\x00-\x00-\x00", ErrNotUTF8, 1, "UTF-16", false},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ErrBinary, 3, "NUL", false},
		{"too large", "---\nname: a\n---\n" + strings.Repeat("x", MaxFileBytes), ErrTooLarge, 0, "limit", false},
		{"frontmatter too large", "---\nname: a\nx: " + strings.Repeat("y", MaxFrontmatterBytes) + "\n---\n", ErrYAML, 2, "limit", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, err := Parse("dir/SKILL.md", []byte(tt.data), nil)
			if !errors.Is(err, tt.sentinel) {
				t.Fatalf("err = %v, want %v", err, tt.sentinel)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err is %T, want *ParseError", err)
			}
			if tt.line != 0 && pe.Line != tt.line {
				t.Errorf("line %d, want %d (%v)", pe.Line, tt.line, err)
			}
			if pe.Path != "dir/SKILL.md" || !strings.HasPrefix(err.Error(), "dir/SKILL.md:") {
				t.Errorf("error %q lacks the path", err)
			}
			if !strings.Contains(err.Error(), tt.inMsg) {
				t.Errorf("error %q does not mention %q", err, tt.inMsg)
			}
			if (s != nil) != tt.hasSkill {
				t.Errorf("skill = %v, want present=%v", s, tt.hasSkill)
			}
			d := pe.Diagnostic()
			if d.Severity != SeverityError || d.Code == "" || d.Fix == "" || d.Line != pe.Line {
				t.Errorf("diagnostic %+v", d)
			}
		})
	}
	s, _, _ := Parse("SKILL.md", []byte("# Title\n\nSee [x](x.md).\n"), []string{"x.md"})
	if s == nil || s.HasFrontmatter || s.BodyLine != 1 || len(s.References) != 1 {
		t.Errorf("no-frontmatter skill %+v", s)
	}
}

func TestParseErrorFormat(t *testing.T) {
	e := &ParseError{Path: "a/SKILL.md", Line: 3, Err: ErrYAML}
	if got := e.Error(); got != "a/SKILL.md:3: invalid YAML frontmatter" {
		t.Errorf("%q", got)
	}
	if got := (&ParseError{Path: "p", Err: ErrBinary}).Error(); got != "p: binary file" {
		t.Errorf("%q", got)
	}
	if got := (&ParseError{Line: 2, Err: ErrBinary}).Error(); got != "line 2: binary file" {
		t.Errorf("%q", got)
	}
	if !errors.Is(e, ErrYAML) || errors.Is(e, ErrBinary) {
		t.Error("errors.Is does not see the sentinel")
	}
}

func TestParseReferenceDiagnostics(t *testing.T) {
	src := "---\nname: a\ndescription: b\n---\n" +
		"[api](references/api.md) [Guide](references/GUIDE.md) [old](reference/setup.md)\n" +
		"[up](../other/x.md) [gone](missing.md)\n"
	files := []string{"SKILL.md", "references/api.md", "references/guide.md", "references/setup.md"}
	_, diags := mustParse(t, src, files...)
	want := []string{CodeReferenceCaseMismatch, CodeReferenceBroken, CodeReferenceOutside, CodeReferenceBroken}
	if got := codes(diags); !reflect.DeepEqual(got, want) {
		t.Fatalf("codes %v, want %v: %v", got, want, diags)
	}
	for _, d := range diags {
		if d.Severity != SeverityWarning || d.Line == 0 || d.File != "x/SKILL.md" {
			t.Errorf("diag %v", d)
		}
	}
	if !strings.Contains(diags[0].Fix, "references/guide.md") {
		t.Errorf("case fix %q", diags[0].Fix)
	}
	if !strings.Contains(diags[1].Fix, "did you mean references/setup.md") {
		t.Errorf("broken fix %q", diags[1].Fix)
	}
}

// TestParseConcurrent runs Parse from several goroutines: the markdown
// parser is shared (run with -race).
func TestParseConcurrent(t *testing.T) {
	data, err := os.ReadFile("testdata/bench/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := Parse("SKILL.md", data, benchFiles)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 20; i++ {
				got, _, err := Parse("SKILL.md", data, benchFiles)
				if err == nil && !reflect.DeepEqual(got, want) {
					err = errors.New("concurrent parse differs")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
