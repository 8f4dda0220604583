package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/e2etest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

// The helpers shared with the end-to-end test packages (tests/e2e/...).
var (
	binary   = e2etest.Binary
	repoRoot = e2etest.RepoRoot
	corpus   = e2etest.Corpus
	must     = e2etest.Must
	manifest = e2etest.Manifest
	agentEnv = e2etest.AgentEnv
	testDir  = e2etest.Dir
)

type result struct {
	stdout, stderr string
	code           int
}

// run runs a command line in process.
func run(t testing.TB, args ...string) result {
	t.Helper()
	return cli(t, args...)
}

// runBin runs the skilldex binary with args.
func runBin(t testing.TB, args ...string) result {
	t.Helper()
	r := e2etest.Run(t, args...)
	return result{stdout: r.Stdout, stderr: r.Stderr, code: r.Code}
}

func mustJSON(t testing.TB, r result, v any) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d\nstderr: %s", r.code, r.stderr)
	}
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		t.Fatalf("decoding output: %v\n%s", err, r.stdout)
	}
}

func TestExamplesCLI(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	data := t.TempDir()
	var list []index.Skill
	mustJSON(t, run(t, "list", "--json", "--dir", ex, "--data-dir", data), &list)
	if len(list) != 5 {
		t.Fatalf("examples: want 5 skills, got %d", len(list))
	}
	var res index.SearchResult
	mustJSON(t, run(t, "search", "--json", "--dir", ex, "--data-dir", data, "fill", "a", "pdf", "form"), &res)
	if len(res.Hits) == 0 || res.Hits[0].Name != "pdf-forms" {
		t.Fatalf("search: want pdf-forms first, got %+v", res.Hits)
	}
	show := run(t, "show", "--dir", ex, "--data-dir", data, "PDF-Forms")
	if show.code != 0 || !strings.Contains(show.stdout, "# PDF forms") {
		t.Fatalf("show: exit %d\n%s%s", show.code, show.stdout, show.stderr)
	}
	read := run(t, "read", "--dir", ex, "--data-dir", data, "pdf-forms", "references/forms.md")
	if read.code != 0 || !strings.Contains(read.stdout, "PDF form field reference") {
		t.Fatalf("read: exit %d\n%s%s", read.code, read.stdout, read.stderr)
	}
	for _, bad := range []string{"../csv-summary/SKILL.md", "/etc/passwd", "references/../../../../etc/passwd"} {
		r := run(t, "read", "--dir", ex, "--data-dir", data, "pdf-forms", bad)
		if r.code == 0 || !strings.Contains(r.stderr, "outside") {
			t.Errorf("read %q: want refusal, got exit %d\n%s%s", bad, r.code, r.stdout, r.stderr)
		}
	}
	miss := run(t, "show", "--dir", ex, "--data-dir", data, "pdf-form")
	if miss.code == 0 || !strings.Contains(miss.stderr, "did you mean pdf-forms") {
		t.Errorf("unknown skill: want a did-you-mean, got exit %d: %s", miss.code, miss.stderr)
	}
	if v := run(t, "validate", "--strict", ex); v.code != 0 {
		t.Errorf("examples must pass strict validation:\n%s", v.stdout)
	}
	empty := run(t, "search", "--dir", ex, "--data-dir", data, "   ")
	if empty.code == 0 || !strings.Contains(empty.stderr, "query") {
		t.Errorf("empty query: want a clear error, got exit %d: %s", empty.code, empty.stderr)
	}
}

// TestCorpus indexes the whole real corpus with the built binary and checks
// counts, diagnostics, shadowing, lenient/strict handling and the cold and
// warm start figures.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes ~1,860 skills")
	}
	dir := corpus(t)
	data := t.TempDir()

	start := time.Now()
	var res index.SearchResult
	mustJSON(t, run(t, "search", "--json", "--dir", dir, "--data-dir", data, "fill a pdf form"), &res)
	cold := time.Since(start)
	start = time.Now()
	mustJSON(t, run(t, "search", "--json", "--dir", dir, "--data-dir", data, "fill a pdf form"), &res)
	warm := time.Since(start)
	// Reported, not asserted: speed targets live in skilldex bench (no
	// wall-clock assertion in a test).
	t.Logf("corpus: cold index + first search %v, warm start + first search %v (%s, %d CPUs)", cold.Round(time.Millisecond), warm.Round(time.Millisecond), runtime.GOOS, runtime.NumCPU())

	var all []index.Skill
	mustJSON(t, run(t, "list", "--json", "--shadowed", "--invalid", "--dir", dir, "--data-dir", data), &all)
	want := manifest(t, dir)
	got := map[string]index.Skill{}
	for _, s := range all {
		got[s.ID] = s
	}
	// Every skill of the manifest is found; the catalog finds nothing
	// the manifest does not list. The manifest counts nested skills (a
	// skill inside another's folder) as skills, and so do we.
	for id := range want {
		if _, ok := got[id]; !ok {
			t.Errorf("manifest skill %s not found", id)
		}
	}
	for id := range got {
		if !want[id] {
			t.Errorf("found %s, which the manifest does not list", id)
		}
	}
	var invalid, shadowed []string
	for _, s := range all {
		if !s.Valid {
			invalid = append(invalid, s.ID)
			if len(s.Diagnostics) == 0 {
				t.Errorf("invalid skill %s has no diagnostic", s.ID)
			}
		}
		if s.ShadowedBy != "" {
			shadowed = append(shadowed, s.ID)
		}
	}
	sort.Strings(invalid)
	t.Logf("corpus: %d skills (manifest %d), %d invalid (not served), %d shadowed", len(all), len(want), len(invalid), len(shadowed))
	for _, id := range invalid {
		d := got[id].Diagnostics[0]
		t.Logf("  invalid %s: %s", id, d.Message)
	}
	if len(invalid) == 0 {
		t.Error("the corpus has YAML-broken and frontmatter-less skills; none was reported")
	}
	if len(shadowed) == 0 {
		t.Error("the corpus has duplicate names; no shadowed skill was reported")
	}
	// Served skills are those and only those without error diagnostics.
	var served []index.Skill
	mustJSON(t, run(t, "list", "--json", "--shadowed", "--dir", dir, "--data-dir", data), &served)
	if len(served) != len(all)-len(invalid) {
		t.Errorf("served %d, want %d - %d invalid", len(served), len(all), len(invalid))
	}

	// The template skill's name differs from its folder: a warning when
	// lenient, an error when strict.
	tmpl := filepath.Join(dir, "anthropics__skills", "template")
	show := run(t, "show", "--dir", dir, "--data-dir", data, "anthropics__skills/template")
	if show.code != 0 || !strings.Contains(show.stderr, "name-mismatch") {
		t.Errorf("lenient: template must load with a name-mismatch warning; exit %d, stderr %s", show.code, show.stderr)
	}
	if v := run(t, "validate", tmpl); v.code != 0 {
		t.Errorf("lenient validate of template: want exit 0, got %d\n%s", v.code, v.stdout)
	}
	if v := run(t, "validate", "--strict", tmpl); v.code != 1 || !strings.Contains(v.stdout, "name-mismatch") {
		t.Errorf("strict validate of template: want exit 1 with name-mismatch, got %d\n%s", v.code, v.stdout)
	}
}

// tsClient returns the repo root and tests/mcpclient (e2etest.TSClient).
func tsClient(t *testing.T) (root, client string) { return e2etest.TSClient(t) }

// TestTypeScriptClient drives `skilldex serve` with the official
// TypeScript MCP SDK, on the examples and on the corpus.
func TestTypeScriptClient(t *testing.T) {
	root, client := tsClient(t)
	cases := []struct {
		name, dir string
		env       []string
	}{
		{"examples", filepath.Join(root, "examples", "skills"), nil},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name, dir string
			env       []string
		}{"corpus", corpus(t), []string{"QUERY=convert office documents to markdown", "SKILL=markitdown", "FILE=references/file_formats.md"}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("node", filepath.Join(client, "client.mjs"), binary(t), tc.dir)
			cmd.Env = append(os.Environ(), tc.env...)
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("TypeScript client: %v", err)
			}
		})
	}
}
