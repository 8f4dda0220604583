package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/e2etest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

// The helpers shared with the end-to-end test packages (tests/e2e/...).
var (
	binary   = e2etest.Binary
	repoRoot = e2etest.RepoRoot
	must     = e2etest.Must
	agentEnv = e2etest.AgentEnv
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
