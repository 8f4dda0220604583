package skillmd

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// corpusRoot holds real public skills (read only; never modified here).
const corpusRoot = "/work/shared/corpus"

type corpusSkill struct {
	rel   string // SKILL.md path relative to corpusRoot
	dir   string // skill folder, relative to corpusRoot
	files []string
}

// loadCorpus finds every SKILL.md (any letter case) under corpusRoot and
// lists the files of its folder. The corpus leaves scripts and binaries
// out, listing them in MANIFEST.tsv (omitted_code_files), so those are added
// back: the body's references to them are real.
func loadCorpus(t testing.TB) []corpusSkill {
	t.Helper()
	if testing.Short() {
		t.Skip("corpus-wide (~1,860 skills): skipped with -short")
	}
	if _, err := os.Stat(corpusRoot); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	omitted := readManifest(t)
	var skills []corpusSkill
	err := filepath.WalkDir(corpusRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.EqualFold(d.Name(), "SKILL.md") {
			return nil
		}
		rel, _ := filepath.Rel(corpusRoot, p)
		skills = append(skills, corpusSkill{rel: filepath.ToSlash(rel), dir: filepath.Dir(p)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range skills {
		s := &skills[i]
		_ = filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(s.dir, p)
				s.files = append(s.files, filepath.ToSlash(rel))
			}
			return nil
		})
		relDir, _ := filepath.Rel(corpusRoot, s.dir)
		s.files = append(s.files, omitted[filepath.ToSlash(relDir)]...)
	}
	return skills
}

func readManifest(t testing.TB) map[string][]string {
	out := make(map[string][]string)
	f, err := os.Open(filepath.Join(corpusRoot, "MANIFEST.tsv"))
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	col := -1
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col < 0 {
			for i, h := range fields {
				if h == "omitted_code_files" {
					col = i
				}
			}
			if col < 0 {
				return out
			}
			continue
		}
		if col < len(fields) && fields[col] != "" {
			out[fields[0]] = strings.Split(fields[col], ",")
		}
	}
	return out
}

// TestCorpus parses and validates every real SKILL.md in both modes and
// checks facts known about the corpus. It logs the counts by category.
func TestCorpus(t *testing.T) {
	skills := loadCorpus(t)
	var (
		parsed, repaired, unparseable, noFront, crlf, cjk int
		refs                                              int
		diagCodes                                         = map[string]int{}
		strictCodes                                       = map[string]int{}
		lenientErrors, strictClean                        int
		refStatus                                         = map[RefStatus]int{}
		refKind                                           = map[RefKind]int{}
		maxRefs, maxFiles                                 int
		maxRefsSkill, maxFilesSkill                       string
		maxFilesRefs                                      int
		templateMismatch                                  int
		hidden, notUserInvocable                          int
	)
	for _, cs := range skills {
		data, err := os.ReadFile(filepath.Join(corpusRoot, cs.rel))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "\r\n") {
			crlf++
		}
		s, diags, err := Parse(cs.rel, data, cs.files)
		var pe *ParseError
		switch {
		case errors.Is(err, ErrNoFrontmatter):
			noFront++
			if s == nil || s.HasFrontmatter {
				t.Errorf("%s: no frontmatter should still return the body", cs.rel)
			}
			t.Logf("no frontmatter: %v", err)
			continue
		case err != nil:
			unparseable++
			if !errors.As(err, &pe) || s != nil {
				t.Errorf("%s: want *ParseError and nil skill, got %T %v", cs.rel, err, s)
			}
			t.Logf("unparseable: %v", err)
			continue
		}
		parsed++
		for _, d := range diags {
			diagCodes[d.Code]++
			if d.Code == CodeYAMLRepaired {
				t.Logf("repaired: %s", d)
			}
		}
		for _, d := range diags {
			if d.Code == CodeYAMLRepaired {
				repaired++
				break
			}
		}
		if strings.ContainsFunc(s.Description+s.Body, func(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF }) {
			cjk++
		}
		refs += len(s.References)
		for _, r := range s.References {
			refStatus[r.Status]++
			refKind[r.Kind]++
		}
		if len(s.References) > maxRefs {
			maxRefs, maxRefsSkill = len(s.References), cs.rel
		}
		if len(cs.files) > maxFiles {
			maxFiles, maxFilesSkill, maxFilesRefs = len(cs.files), cs.rel, len(s.References)
		}
		folder := filepath.Base(cs.dir)
		lenient := Validate(s, folder, Lenient)
		strict := Validate(s, folder, Strict)
		agentFields := 0
		for _, d := range strict {
			if d.Code == CodeAgentField {
				agentFields++
			}
		}
		if len(lenient) != len(strict)-agentFields {
			t.Errorf("%s: modes differ in rule count: %d vs %d", cs.rel, len(lenient), len(strict))
		}
		for _, d := range lenient {
			if d.Severity == SeverityError {
				lenientErrors++
				t.Logf("lenient error: %s", d)
			}
			diagCodes[d.Code]++
		}
		if len(strict) == 0 {
			strictClean++
		}
		if s.DisableModelInvocation {
			hidden++
		}
		if !s.UserInvocable {
			notUserInvocable++
		}
		// A field an agent reads is never called unknown (issue 15).
		for k := range s.Metadata {
			if _, known := LookupField(k); !known {
				continue
			}
			for _, d := range strict {
				if d.Code == CodeUnknownField && d.Line == s.FieldLines[k] {
					t.Errorf("%s: agent field %q reported unknown: %s", cs.rel, k, d)
				}
			}
		}
		for _, d := range strict {
			if d.Severity != SeverityError && d.Code != CodeAgentField {
				t.Errorf("%s: strict diagnostic is not an error: %s", cs.rel, d)
			}
			if d.Fix == "" {
				t.Errorf("%s: diagnostic without a fix: %s", cs.rel, d)
			}
			strictCodes[d.Code]++
			if d.Code == CodeNameMismatch && folder == "template" {
				templateMismatch++
			}
		}
	}
	t.Logf("SKILL.md files: %d (CRLF: %d)", len(skills), crlf)
	t.Logf("parsed: %d, repaired YAML: %d, unparseable: %d, no frontmatter: %d, with CJK text: %d", parsed, repaired, unparseable, noFront, cjk)
	t.Logf("references: %d %v %v; most in one skill: %d (%s)", refs, refStatus, refKind, maxRefs, maxRefsSkill)
	t.Logf("largest folder: %s, %d files, %d references", maxFilesSkill, maxFiles, maxFilesRefs)
	t.Logf("lenient errors: %d; clean under strict: %d", lenientErrors, strictClean)
	t.Logf("diagnostics (parse + lenient) by code: %s", formatCounts(diagCodes))
	t.Logf("strict errors by code: %s", formatCounts(strictCodes))
	t.Logf("disable-model-invocation: true in %d skills; user-invocable: false in %d", hidden, notUserInvocable)
	// 28 SKILL.md frontmatters in the corpus say disable-model-invocation:
	// true (a 29th line with it is an example in a body, and three more
	// are in reference files).
	if hidden != 28 {
		t.Errorf("disable-model-invocation: true parsed in %d skills, want 28", hidden)
	}

	if len(skills) < 1000 {
		t.Errorf("found only %d SKILL.md files", len(skills))
	}
	if templateMismatch == 0 {
		t.Error("the skills in folders named template should be reported as name-mismatch")
	}
	if crlf == 0 || cjk == 0 {
		t.Errorf("expected CRLF and CJK files in the corpus, got %d and %d", crlf, cjk)
	}
	if repaired+unparseable == 0 {
		t.Error("expected some files with YAML errors")
	}
	if maxFiles < 1000 {
		t.Errorf("expected one skill with ~1,000 files, the largest has %d", maxFiles)
	}
}

func formatCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || (m[keys[i]] == m[keys[j]] && keys[i] < keys[j]) })
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k)
		b.WriteString("=")
		b.WriteString(strconv.Itoa(m[k]))
	}
	return b.String()
}

// TestCorpusKnownFiles checks what is known about particular corpus files.
func TestCorpusKnownFiles(t *testing.T) {
	byRel := map[string]corpusSkill{}
	for _, cs := range loadCorpus(t) {
		byRel[cs.rel] = cs
	}
	parse := func(rel string) (*Skill, []Diagnostic, corpusSkill) {
		t.Helper()
		cs, ok := byRel[rel]
		if !ok {
			t.Fatalf("%s not in the corpus", rel)
		}
		data, err := os.ReadFile(filepath.Join(corpusRoot, rel))
		if err != nil {
			t.Fatal(err)
		}
		s, diags, err := Parse(rel, data, cs.files)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		return s, diags, cs
	}

	t.Run("template folders mismatch", func(t *testing.T) {
		for rel, name := range map[string]string{
			"anthropics__skills/template/SKILL.md":                                   "template-skill",
			"muratcankoylan__Agent-Skills-for-Context-Engineering/template/SKILL.md": "skill-template",
		} {
			s, _, _ := parse(rel)
			if s.Name != name {
				t.Errorf("%s: name %q", rel, s.Name)
			}
			for mode, sev := range map[Mode]Severity{Lenient: SeverityWarning, Strict: SeverityError} {
				diags := Validate(s, "template", mode)
				if len(diags) != 1 || diags[0].Code != CodeNameMismatch || diags[0].Severity != sev || diags[0].Line != 2 {
					t.Errorf("%s mode %d: %v", rel, mode, diags)
				}
			}
		}
	})
	t.Run("yaml repaired", func(t *testing.T) {
		s, diags, _ := parse("agent0ai__agent-zero/skills/a0-manage-plugin/SKILL.md")
		d, ok := findDiag(diags, CodeYAMLRepaired)
		if !ok || d.Line != 3 {
			t.Errorf("diags %v", diags)
		}
		if !strings.HasPrefix(s.Description, "Manage Agent Zero plugins lifecycle: browse the Plugin Hub") {
			t.Errorf("description %q", s.Description)
		}
		if s.Version != "1.2.0" || len(s.Tags) != 10 {
			t.Errorf("version %q tags %q", s.Version, s.Tags)
		}
	})
	t.Run("crlf", func(t *testing.T) {
		for _, rel := range []string{"K-Dense-AI__claude-scientific-skills/scientific-skills/geomaster/SKILL.md", "0xtootoo29__tootoo-skills/skill-router/skill.md"} {
			s, _, _ := parse(rel)
			if strings.Contains(s.Body+s.Description+s.Name, "\r") || s.Name == "" || s.Description == "" {
				t.Errorf("%s: name %q, CR left: %v", rel, s.Name, strings.Contains(s.Body, "\r"))
			}
		}
	})
	t.Run("chinese and a thousand files", func(t *testing.T) {
		s, diags, cs := parse("modelstudioai__skills/skills/bailian-docs-llm-wiki/SKILL.md")
		if len(cs.files) < 1000 {
			t.Errorf("%d files", len(cs.files))
		}
		if !strings.HasPrefix(s.Description, "阿里云百炼平台技术文档知识库") {
			t.Errorf("description %q", s.Description)
		}
		if len(Validate(s, "bailian-docs-llm-wiki", Strict)) != 0 || len(diags) != 0 {
			t.Errorf("diagnostics: %v %v", diags, Validate(s, "bailian-docs-llm-wiki", Strict))
		}
		paths := map[string]bool{}
		for _, r := range s.References {
			paths[r.Path] = r.Status == RefOK
		}
		for _, p := range []string{"models/index.md", "wiki/index.md"} {
			if !paths[p] {
				t.Errorf("reference to %s not found: %+v", p, s.References)
			}
		}
	})
	t.Run("capitalised Name field", func(t *testing.T) {
		s, diags, _ := parse("alirezarezvani__claude-skills/product-team/code-to-prd/skills/code-to-prd/SKILL.md")
		if s.Name != "code-to-prd" || s.Version != "2.1.2" || s.Author != "Alireza Rezvani" {
			t.Errorf("name %q version %q author %q %v", s.Name, s.Version, s.Author, diags)
		}
	})
}
