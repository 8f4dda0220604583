package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/catalogeval"
)

// TestEvalExamples runs `skilldex eval` on the example skills: the JSON
// schema, the text table, the unknown-path warning and bad input.
func TestEvalExamples(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	queries := filepath.Join("testdata", "eval-examples.tsv")
	data := t.TempDir()

	var out catalogeval.Output
	r := run(t, "eval", "--json", "--baseline", "--dir", ex, "--data-dir", data, queries)
	mustJSON(t, r, &out)
	if out.Queries != 5 || out.Skills != 5 || out.K != 10 || out.File != "eval-examples.tsv" {
		t.Errorf("header: %+v", out)
	}
	if len(out.Rankers) != 2 || out.Rankers[0].Name != "skilldex" || out.Rankers[1].Name != "baseline" {
		t.Fatalf("rankers: %+v", out.Rankers)
	}
	if len(out.Unknown) != 1 || out.Unknown[0].Path != "no-such-skill" || out.Unknown[0].Line != 6 {
		t.Errorf("unknown paths: %+v", out.Unknown)
	}
	if !strings.Contains(r.stderr, `eval-examples.tsv:6: "no-such-skill" is not a skill`) {
		t.Errorf("no warning for the unknown path on stderr:\n%s", r.stderr)
	}
	ours := out.Rankers[0]
	// Four queries have their skill first; the fifth names a missing skill.
	if m := ours.Metrics; m.Queries != 5 || m.Hits1 != 4 || m.Hits10 != 4 || m.MRR != 0.8 {
		t.Errorf("skilldex metrics: %+v", m)
	}
	last := ours.Queries[4]
	if last.Rank != 0 || len(last.Above) == 0 || last.Above[0].ID != "csv-summary" || last.Above[0].Grade != 1 {
		t.Errorf("miss of the unknown path: %+v", last)
	}
	if len(ours.Queries[0].Above) != 0 || ours.Queries[0].Rank != 1 {
		t.Errorf("a hit at rank 1 lists nothing above it: %+v", ours.Queries[0])
	}

	text := run(t, "eval", "--baseline", "--dir", ex, "--data-dir", data, queries)
	for _, want := range []string{"METRIC", "SKILLDEX", "BASELINE", "recall@3", "nDCG@10", `"summarize a spreadsheet": no expected skill in the top 10`} {
		if !strings.Contains(text.stdout, want) {
			t.Errorf("text output lacks %q:\n%s", want, text.stdout)
		}
	}
	if alone := run(t, "eval", "--dir", ex, "--data-dir", data, queries); strings.Contains(alone.stdout, "BASELINE") {
		t.Errorf("baseline shown without --baseline:\n%s", alone.stdout)
	}

	// Categories and a query nothing fits.
	var cat catalogeval.Output
	mustJSON(t, run(t, "eval", "--json", "--dir", ex, "--data-dir", data, filepath.Join("testdata", "eval-categories.tsv")), &cat)
	cr := cat.Rankers[0]
	if cr.Metrics.Queries != 3 || len(cr.Categories) != 3 || cr.Categories[0].Category != "keyword" ||
		cr.Categories[1].Category != "typo" || cr.Categories[0].Metrics.Queries != 1 {
		t.Errorf("per-category metrics: %+v %+v", cr.Metrics, cr.Categories)
	}
	if a := cr.Abstention; a.NoAnswer != 1 || a.CorrectFirst < 1 {
		t.Errorf("abstention: %+v", a)
	}
	if q := cr.Queries[3]; !q.NoAnswer || q.Category != "none" || q.Rank != 0 {
		t.Errorf("no-answer query: %+v", q)
	}
	ctext := run(t, "eval", "--dir", ex, "--data-dir", data, filepath.Join("testdata", "eval-categories.tsv"))
	for _, want := range []string{"skilldex by category", "CATEGORY", "typo", "skilldex abstention: no_good_match on"} {
		if !strings.Contains(ctext.stdout, want) {
			t.Errorf("text output lacks %q:\n%s", want, ctext.stdout)
		}
	}

	bad := filepath.Join(t.TempDir(), "bad.tsv")
	if err := os.WriteFile(bad, []byte("fill a pdf form\tpdf-forms\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{bad}, {filepath.Join(t.TempDir(), "missing.tsv")}, {}} {
		r := run(t, append([]string{"eval", "--dir", ex, "--data-dir", data}, args...)...)
		if r.code == 0 || r.stderr == "" {
			t.Errorf("eval %v: want an error, got exit %d\n%s", args, r.code, r.stdout)
		}
	}
	if r := run(t, "eval", "--dir", ex, "--data-dir", data, bad); !strings.Contains(r.stderr, "header") {
		t.Errorf("a file without header must say so: %s", r.stderr)
	}
	if r := run(t, "eval", "--dir", ex, "--data-dir", data, filepath.Join(t.TempDir(), "missing.tsv")); r.code != 1 ||
		!strings.Contains(r.stderr, "missing.tsv: no such file or directory; pass a tab-separated file of judged queries") {
		t.Errorf("a missing file must say what to pass: exit %d, %s", r.code, r.stderr)
	}
}
