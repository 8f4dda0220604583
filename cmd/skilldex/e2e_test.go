package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
)

// testDir holds what the tests share: the skilldex binary, built on first
// use by binary, and the corpus data dir.
var testDir string

var (
	buildOnce sync.Once
	bin       string
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "skilldex-e2e-")
	if err != nil {
		panic(err)
	}
	testDir = dir
	code := m.Run()
	stopSharedServers()
	os.RemoveAll(dir)
	os.Exit(code)
}

// binary returns the skilldex binary, built once, for the tests that need
// a process of their own: servers talked to over stdio or HTTP, signals,
// crashes, clients we did not write. Everything else runs in process (cli).
func binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		bin = filepath.Join(testDir, "skilldex")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building skilldex: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return bin
}

// repoRoot is the folder holding go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test folder")
		}
		dir = parent
	}
}

// corpus returns ../shared/corpus beside the repo. CI always has it; a
// developer machine without it skips.
func corpus(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "..", "shared", "corpus")
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("corpus missing at %s: CI must run with ../shared beside the clone", dir)
		}
		t.Skipf("corpus not found at %s", dir)
	}
	return dir
}

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
	cmd := exec.Command(binary(t), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running skilldex %v: %v", args, err)
	}
	return r
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

// manifest reads the corpus_dir column of MANIFEST.tsv.
func manifest(t testing.TB, dir string) map[string]bool {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan() // header
	for sc.Scan() {
		if col, _, ok := strings.Cut(sc.Text(), "\t"); ok {
			out[col] = true
		}
	}
	return out
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

// tsClient returns the repo root and tests/mcpclient with the official
// TypeScript MCP SDK installed. The tests never install it (no network
// inside go test): without node or tests/mcpclient/node_modules they skip
// with the line that installs it, except when SKILLDEX_REQUIRE_NODE is set
// (.ci/run sets it after installing), where that is a failure.
func tsClient(t *testing.T) (root, client string) {
	t.Helper()
	root = repoRoot(t)
	client = filepath.Join(root, "tests", "mcpclient")
	missing := func(what string) {
		t.Helper()
		msg := what + "; install the TypeScript MCP SDK once with: (cd tests/mcpclient && npm ci)"
		if os.Getenv("SKILLDEX_REQUIRE_NODE") != "" {
			t.Fatal(msg + " (SKILLDEX_REQUIRE_NODE is set)")
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed")
	}
	// Every dependency package.json names must be installed: a
	// node_modules from before a new dependency fails with a module error
	// otherwise.
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	data, err := os.ReadFile(filepath.Join(client, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatalf("tests/mcpclient/package.json: %v", err)
	}
	for dep := range pkg.Dependencies {
		if _, err := os.Stat(filepath.Join(client, "node_modules", filepath.FromSlash(dep), "package.json")); err != nil {
			missing("tests/mcpclient/node_modules lacks " + dep)
		}
	}
	return root, client
}

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
