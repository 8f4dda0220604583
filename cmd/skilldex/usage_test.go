package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/config"
)

// Issue 18: every bad input gets a clear error and a non-zero exit; hints
// speak CLI; output is readable and complete.

// TestMissingRoots: a root named with --dir that does not exist is an
// error naming it (list, search, doctor, prompt, serve); --allow-missing
// keeps the old behaviour for scripts.
func TestMissingRoots(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	gone := filepath.Join(t.TempDir(), "nonexistent")
	for _, args := range [][]string{
		{"list"}, {"list", "-v"}, {"search", "pdf"}, {"doctor"}, {"prompt"}, {"show", "pdf-forms"}, {"index"},
		{"serve", "--no-watch"},
	} {
		r := cli(t, append(args, "--mem", "--dir", ex, "--dir", gone)...)
		if r.code == 0 || !strings.Contains(r.stderr, gone+" does not exist") || !strings.Contains(r.stderr, "--allow-missing") {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	var list []json.RawMessage
	mustJSON(t, cli(t, "list", "--json", "--mem", "--allow-missing", "--dir", ex, "--dir", gone), &list)
	if len(list) != 5 {
		t.Errorf("--allow-missing: %d skills, want the 5 examples", len(list))
	}
	file := filepath.Join(ex, "pdf-forms", "SKILL.md")
	if r := cli(t, "list", "--mem", "--dir", file); r.code == 0 || !strings.Contains(r.stderr, "is a file, not a folder") {
		t.Errorf("a file as a root: exit %d, %q", r.code, r.stderr)
	}
	if os.Geteuid() != 0 {
		locked := filepath.Join(t.TempDir(), "locked")
		writeSkill(t, locked, "hidden", "A skill in a folder nobody may read, to check the error.")
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(locked, 0o755) })
		if r := cli(t, "list", "--mem", "--allow-missing", "--dir", locked); r.code == 0 || !strings.Contains(r.stderr, locked+" cannot be read") {
			t.Errorf("unreadable root: exit %d, %q", r.code, r.stderr)
		}
	}
}

// TestBadArguments: bad limits, a missing validate path, arguments a
// command does not take.
func TestBadArguments(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"search", "--limit", "0", "pdf"}, "--limit 0: want the number of results"},
		{[]string{"search", "--limit", "-1", "pdf"}, "--limit -1"},
		{[]string{"search", "--min-score", "-2", "pdf"}, "--min-score -2"},
		{[]string{"validate", "--json", "./nonexistent"}, "cannot validate ./nonexistent"},
		{[]string{"validate", "./nonexistent", ex}, "cannot validate ./nonexistent"},
		{[]string{"list", "extra"}, `skilldex: list takes no arguments, got "extra"`},
		{[]string{"cache", "lsit"}, `skilldex: cache has no command "lsit"`},
		{[]string{"lsit"}, "did you mean list?"},
	}
	for _, tc := range cases {
		r := cli(t, append(tc.args, "--mem", "--dir", ex)...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", tc.args, r.code, r.stderr, tc.want)
		}
		if r.stdout != "" {
			t.Errorf("%v: printed %q on stdout besides the error", tc.args, r.stdout)
		}
	}
}

// TestHintsSpeakCLI: not-found errors suggest skilldex commands, never MCP
// tool names, and count in good English.
func TestHintsSpeakCLI(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	miss := cli(t, "show", "--mem", "--dir", ex, "pdf-form")
	if miss.code == 0 || !strings.Contains(miss.stderr, "did you mean pdf-forms?") || !strings.Contains(miss.stderr, "skilldex search pdf form, or skilldex list") {
		t.Errorf("show pdf-form: exit %d, %q", miss.code, miss.stderr)
	}
	file := cli(t, "read", "--mem", "--dir", ex, "pdf-forms", "references/nope.md")
	if file.code == 0 || !strings.Contains(file.stderr, "List the skill's files with: skilldex show pdf-forms") {
		t.Errorf("read: exit %d, %q", file.code, file.stderr)
	}
	// No close name: no did-you-mean, still the way to find one, for
	// every command that takes a skill name.
	none := cli(t, "show", "--mem", "--dir", ex, "zzz-qqq")
	if none.code == 0 || strings.Contains(none.stderr, "did you mean") ||
		!strings.Contains(none.stderr, `skill "zzz-qqq" not found among 5 skills. Find the exact name with: skilldex search zzz qqq, or skilldex list`) {
		t.Errorf("show zzz-qqq: exit %d, %q", none.code, none.stderr)
	}
	for _, args := range [][]string{{"read", "pdf-form", "SKILL.md"}, {"run", "pdf-form", "scripts/x.py"}, {"show", "--json", "pdf-form"}} {
		r := cli(t, append([]string{args[0], "--mem", "--dir", ex}, args[1:]...)...)
		if r.code == 0 || !strings.Contains(r.stderr, "did you mean pdf-forms? Find the exact name with: skilldex search pdf form, or skilldex list") {
			t.Errorf("%s: exit %d, %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	for _, r := range []result{miss, file} {
		for _, tool := range []string{"search_skills", "list_skills", "load_skill", "read_skill_file"} {
			if strings.Contains(r.stderr, tool) {
				t.Errorf("a CLI error names the MCP tool %s: %q", tool, r.stderr)
			}
		}
	}
	one := t.TempDir()
	writeSkill(t, one, "only-one", "The only skill here, to check the count in the error.")
	if r := cli(t, "show", "--mem", "--dir", one, "zzz"); !strings.Contains(r.stderr, "among 1 skill;") && !strings.Contains(r.stderr, "among 1 skill.") {
		t.Errorf("count: %q", r.stderr)
	}
}

// TestShowFilesAndCopies: show lists the files and, for a shared name,
// which copy agents get and where the others are.
func TestShowFilesAndCopies(t *testing.T) {
	first, second := t.TempDir(), t.TempDir()
	dir := writeSkill(t, first, "tidy", "Tidy a folder: the copy in the first root, which wins.")
	writeFile(t, filepath.Join(dir, "references", "rules.md"), "# Rules\n")
	writeFile(t, filepath.Join(dir, "scripts", "tidy.sh"), "#!/bin/sh\necho tidy\n")
	writeSkill(t, second, "tidy", "Tidy a folder: the copy in the second root, shadowed.")
	r := cli(t, "show", "--mem", "--dir", first, "--dir", second, "tidy")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"Files (2; print one with: skilldex read tidy PATH):\n  references/rules.md\n  scripts/tidy.sh\n",
		"Chosen copy: tidy shares its name with 1 other skill", "shadowed copy: ", filepath.Join(second, "tidy")} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show does not say %q:\n%s", want, r.stdout)
		}
	}
}

// TestValidateProblemsOnly: validate prints the skills with problems and
// a count; --all adds the clean ones.
func TestValidateProblemsOnly(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "fine-skill", "A skill with nothing wrong, used to check that validate stays quiet about it.")
	writeFile(t, filepath.Join(root, "broken", "SKILL.md"), "---\nname: broken\n---\nno description\n")
	r := cli(t, "validate", root)
	if r.code != 1 || strings.Contains(r.stdout, "fine-skill") || !strings.Contains(r.stdout, "INVALID") ||
		!strings.Contains(r.stdout, "2 skills checked: 1 valid (0 with warnings), 1 invalid") {
		t.Errorf("validate: exit %d\n%s", r.code, r.stdout)
	}
	if all := cli(t, "validate", "--all", root); !strings.Contains(all.stdout, filepath.Join("fine-skill", "SKILL.md")) {
		t.Errorf("validate --all leaves out the clean skill:\n%s", all.stdout)
	}
	var out validateOutput
	mustJSON(t, cli(t, "validate", "--json", filepath.Join(root, "fine-skill")), &out)
	if out.Valid != 1 || out.Invalid != 0 {
		t.Errorf("--json: %+v", out)
	}
}

// TestControlCharacters (issue 14 B15): ANSI escapes in a description and
// a folder name never reach the output of list, show, search or doctor.
func TestControlCharacters(t *testing.T) {
	root := t.TempDir()
	evil := "evil\x1b]0;pwned\x07"
	writeFile(t, filepath.Join(root, evil, "SKILL.md"), "---\nname: evil-skill\ndescription: \"Clears the screen \\e[2J\\e[31m when listed, and rings \\a the bell; for testing escapes.\"\n---\n# Evil\n\x1b[2J body\n")
	for _, args := range [][]string{{"list"}, {"search", "clears", "screen"}, {"doctor"}, {"show", "evil-skill"}, {"validate", root}, {"index"}} {
		r := cli(t, append(args, "--mem", "--dir", root)...)
		if args[0] != "validate" {
			r = cli(t, append(args, "--mem", "--dir", root)...)
		}
		out := r.stdout + r.stderr
		if args[0] == "show" {
			// show prints SKILL.md as it is on disk when piped; only a
			// terminal gets it escaped. Its header must be clean.
			out = r.stdout[:strings.Index(r.stdout, "\n\n")] + r.stderr
		}
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%v printed a control character:\n%q", args, out)
		}
	}
}

// TestIndexAndDoctorAgree: index and doctor count the same skills, served,
// shadowed and invalid.
func TestIndexAndDoctorAgree(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeSkill(t, a, "one", "The first skill, served, used to check that index and doctor count alike.")
	writeSkill(t, a, "two", "The second skill, which wins its name over the copy in the second root.")
	writeSkill(t, b, "two", "The second skill again, shadowed by the copy in the first root.")
	writeFile(t, filepath.Join(b, "bad", "SKILL.md"), "---\nname: bad\n---\n")
	var idx indexOutput
	mustJSON(t, cli(t, "index", "--json", "--mem", "--dir", a, "--dir", b), &idx)
	var doc struct{ Skills, Served, Invalid, Shadowed int }
	r := cli(t, "doctor", "--json", "--mem", "--dir", a, "--dir", b)
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, r.stdout)
	}
	if idx.Skills != doc.Skills || idx.Valid != doc.Served || idx.Invalid != doc.Invalid || idx.Shadowed != doc.Shadowed || idx.Skills != 4 || idx.Shadowed != 1 {
		t.Errorf("index %+v, doctor %+v", idx, doc)
	}
	text := cli(t, "index", "--mem", "--dir", a, "--dir", b)
	if !strings.Contains(text.stdout, "4 skills: 3 served (1 of them shadowed), 1 not served (invalid)") {
		t.Errorf("index text:\n%s", text.stdout)
	}
}

// TestVersion: --version names the Go version and the platform.
func TestVersion(t *testing.T) {
	r := cli(t, "--version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "skilldex ") || !strings.Contains(r.stdout, "go1.") {
		t.Errorf("--version: exit %d, %q", r.code, r.stdout)
	}
}

// TestCache: cache list shows each catalog's data dir with its folders;
// cache clean removes those not in use.
func TestCache(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	data := t.TempDir()
	if r := cli(t, "list", "--dir", ex, "--data-dir", data); r.code != 0 {
		t.Fatalf("list: %s", r.stderr)
	}
	var entries []config.DataDir
	mustJSON(t, cli(t, "cache", "list", "--json", "--data-dir", data), &entries)
	if len(entries) != 1 || len(entries[0].Roots) != 1 || entries[0].Roots[0].Path != ex || entries[0].InUse || entries[0].Bytes == 0 {
		t.Fatalf("cache list: %+v", entries)
	}
	if r := cli(t, "cache", "clean", "--dry-run", "--data-dir", data); !strings.Contains(r.stdout, "would remove 1 data dir") {
		t.Errorf("dry run: %q", r.stdout)
	}
	if r := cli(t, "cache", "clean", "--older-than", "1000h", "--data-dir", data); !strings.Contains(r.stdout, "removed 0 data dirs") {
		t.Errorf("--older-than: %q", r.stdout)
	}
	if r := cli(t, "cache", "clean", "--data-dir", data); r.code != 0 || !strings.Contains(r.stdout, "removed 1 data dir") {
		t.Errorf("clean: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(entries[0].Dir); !os.IsNotExist(err) {
		t.Errorf("%s still there: %v", entries[0].Dir, err)
	}
}

// TestUsageErrors: a command line skilldex cannot run as typed exits 2
// with one line saying what is wrong (in words, with a "did you mean"),
// the command's usage line and where its help is; nothing on stdout.
func TestUsageErrors(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"search"}, "skilldex: search needs QUERY...\nUsage: skilldex search QUERY... [flags]\n"},
		{[]string{"init-agent"}, "skilldex: init-agent needs the agent to set up: one of claude, codex,"},
		{[]string{"init-agent", "claud"}, `unknown agent "claud"; did you mean claude?`},
		{[]string{"search", "--limt", "3", "pdf"}, "unknown flag --limt; did you mean --limit?\nUsage: skilldex search"},
		{[]string{"search", "-n", "abc", "pdf"}, `--limit wants a whole number, got "abc"`},
		{[]string{"search", "--min-score", "high", "pdf"}, `--min-score wants a number, got "high"`},
		{[]string{"serve", "--debounce", "soon"}, `--debounce wants a duration such as 30s`},
		{[]string{"serach", "pdf"}, `unknown command "serach" for "skilldex"; did you mean search?`},
		{[]string{"cache", "lst"}, `skilldex: cache has no command "lst"; did you mean list?`},
		{[]string{"show"}, "skilldex: show needs"},
		{[]string{"read", "pdf-forms"}, `skilldex: read needs NAME|ID PATH; got only "pdf-forms"` + "\nUsage: skilldex read"},
		{[]string{"show", "pdf", "forms"}, `skilldex: show takes NAME|ID; got 2 arguments: "pdf" "forms" (quote an argument that holds spaces)`},
		{[]string{"run", "pdf-forms", "scripts/list_fields.py", "in.pdf"}, `skilldex: run takes SKILL SCRIPT; got 3 arguments: "pdf-forms" "scripts/list_fields.py" "in.pdf" (give the script's arguments as --arg KEY=VALUE`},
		{[]string{"eval"}, "skilldex: eval needs QUERIES.tsv\n"},
	}
	for _, tc := range cases {
		r := cli(t, append(tc.args, "--mem", "--dir", ex)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, "Run 'skilldex") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
		if strings.Contains(r.stderr, "strconv.") || strings.Contains(r.stderr, "arg(s)") {
			t.Errorf("%v: the framework's raw text reached the user: %q", tc.args, r.stderr)
		}
		if r.stdout != "" {
			t.Errorf("%v: printed %q on stdout", tc.args, r.stdout)
		}
	}
}

// TestValidateDoctorAgree: a link written with the skill folder's variable
// ({baseDir}, ${CLAUDE_SKILL_DIR}) or any template placeholder is not a
// broken reference; a truly missing file is a warning in both validate and
// doctor (the skill is still served), so neither fails for it; validate
// prints the invalid skills first and ends with a one-line summary.
func TestValidateDoctorAgree(t *testing.T) {
	root := t.TempDir()
	// Sorted by path, the invalid skill would come last.
	writeFile(t, filepath.Join(root, "a-templated", "SKILL.md"), "---\nname: a-templated\ndescription: Uses template paths that agents expand, to check they are no broken references.\n---\n"+
		"Read [the guide]({baseDir}/references/guide.md), [the job](${CLAUDE_SKILL_DIR}/jobs/scan.md), [the report](reports/$ARGUMENTS.md) and [out]({{output_dir}}/x.md).\n"+
		"Also [a missing file](references/missing.md).\n")
	writeFile(t, filepath.Join(root, "a-templated", "references", "guide.md"), "guide\n")
	writeFile(t, filepath.Join(root, "a-templated", "jobs", "scan.md"), "scan\n")
	writeFile(t, filepath.Join(root, "z-broken", "SKILL.md"), "---\nname: z-broken\n---\nno description\n")
	v := cli(t, "validate", root)
	if strings.Contains(v.stdout, "guide.md") || strings.Contains(v.stdout, "scan.md") || strings.Contains(v.stdout, "ARGUMENTS") || !strings.Contains(v.stdout, "missing.md") {
		t.Errorf("validate: templates reported or the missing file not:\n%s", v.stdout)
	}
	lines := strings.Split(strings.TrimSpace(v.stdout), "\n")
	if !strings.HasPrefix(lines[0], "INVALID") || !strings.Contains(lines[0], "z-broken") || !strings.HasPrefix(lines[len(lines)-1], "2 skills checked: 1 valid (1 with warnings), 1 invalid") {
		t.Errorf("validate: want the invalid skill first and the summary last:\n%s", v.stdout)
	}
	must(t, os.RemoveAll(filepath.Join(root, "z-broken")))
	var rep struct {
		Errors   int `json:"errors"`
		Findings []struct {
			Severity, Code, Message string
		} `json:"findings"`
	}
	d := cli(t, "doctor", "--json", "--mem", "--dir", root)
	if err := json.Unmarshal([]byte(d.stdout), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, d.stdout)
	}
	broken := 0
	for _, f := range rep.Findings {
		if f.Code == "reference-broken" {
			broken++
			if f.Severity != "warning" || !strings.Contains(f.Message, "missing.md") {
				t.Errorf("doctor: %+v, want one warning about missing.md", f)
			}
		}
	}
	if broken != 1 || d.code != 0 || rep.Errors != 0 {
		t.Errorf("doctor: exit %d, %d errors, %d broken references; want 0, 0, 1\n%s", d.code, rep.Errors, broken, d.stdout)
	}
	if v := cli(t, "validate", root); v.code != 0 {
		t.Errorf("validate without the invalid skill: exit %d\n%s", v.code, v.stdout)
	}
}
