package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalExamples runs `skilldex eval` on the example skills: the JSON
// schema, the text table, the unknown-path warning and bad input.
func TestEvalExamples(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	queries := filepath.Join("testdata", "eval-examples.tsv")
	data := t.TempDir()

	var out evalOutput
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
	var cat evalOutput
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
}

// TestEvalCorpus is the acceptance test of the ranking: on the shared
// corpus's QUERIES.tsv skilldex must find an expected skill in the top 3
// for at least 16 of the 17 queries, reach MRR 0.8, and do at least as well
// as the Agent Zero baseline on every metric; on our own judged queries
// (search/testdata/queries.tsv) it must also match or beat the baseline;
// on the harder set (search/testdata/hard-queries.tsv) each category keeps
// a floor and no_good_match flags the queries nothing fits.
func TestEvalCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes ~1,860 skills")
	}
	dir := corpus(t)
	data := t.TempDir()
	sets := []struct {
		file     string
		minHits3 int
		minMRR   float64
	}{
		{file: filepath.Join(dir, "QUERIES.tsv"), minHits3: 16, minMRR: 0.8},
		{file: filepath.Join(repoRoot(t), "search", "testdata", "queries.tsv")},
	}
	for _, set := range sets {
		var out evalOutput
		mustJSON(t, run(t, "eval", "--json", "--baseline", "--dir", dir, "--data-dir", data, set.file), &out)
		if len(out.Unknown) > 0 {
			t.Errorf("%s: judged paths missing from the corpus: %+v", out.File, out.Unknown)
		}
		ours, base := out.Rankers[0].Metrics, out.Rankers[1].Metrics
		t.Logf("%s (%d queries): skilldex r@1 %d r@3 %d r@10 %d MRR %.3f nDCG %.3f | baseline r@1 %d r@3 %d r@10 %d MRR %.3f nDCG %.3f",
			out.File, out.Queries, ours.Hits1, ours.Hits3, ours.Hits10, ours.MRR, ours.NDCG10,
			base.Hits1, base.Hits3, base.Hits10, base.MRR, base.NDCG10)
		for _, q := range out.Rankers[0].Queries {
			if q.Rank != 1 {
				t.Logf("  miss (rank %d): %q", q.Rank, q.Query)
			}
		}
		below := []struct {
			name       string
			ours, base float64
		}{
			{"recall@1", ours.Recall1, base.Recall1},
			{"recall@3", ours.Recall3, base.Recall3},
			{"recall@10", ours.Recall10, base.Recall10},
			{"MRR", ours.MRR, base.MRR},
			{"nDCG@10", ours.NDCG10, base.NDCG10},
		}
		for _, b := range below {
			if b.ours < b.base {
				t.Errorf("%s: skilldex %s %.3f is below the baseline's %.3f", out.File, b.name, b.ours, b.base)
			}
		}
		if ours.Hits3 < set.minHits3 {
			t.Errorf("%s: recall@3 %d/%d, want at least %d", out.File, ours.Hits3, ours.Queries, set.minHits3)
		}
		if ours.MRR < set.minMRR {
			t.Errorf("%s: MRR %.3f, want at least %.2f", out.File, ours.MRR, set.minMRR)
		}
	}

	// The harder set (issue 16): per-category floors a little under the
	// figures in the README, and abstention.
	var out evalOutput
	mustJSON(t, run(t, "eval", "--json", "--dir", dir, "--data-dir", data,
		filepath.Join(repoRoot(t), "search", "testdata", "hard-queries.tsv")), &out)
	if len(out.Unknown) > 0 {
		t.Errorf("hard-queries.tsv: judged paths missing from the corpus: %+v", out.Unknown)
	}
	r := out.Rankers[0]
	floor := map[string]float64{"agent": 0.9, "paraphrase": 0.3, "keyword": 0.9, "typo": 0.8, "multilingual": 0.75, "hard": 0.9}
	for _, c := range r.Categories {
		t.Logf("hard-queries.tsv %-12s n=%3d r@1 %.3f r@3 %.3f r@10 %.3f MRR %.3f", c.Category, c.Metrics.Queries,
			c.Metrics.Recall1, c.Metrics.Recall3, c.Metrics.Recall10, c.Metrics.MRR)
		if min, ok := floor[c.Category]; !ok || c.Metrics.MRR < min {
			t.Errorf("hard-queries.tsv: %s MRR %.3f, want at least %.2f", c.Category, c.Metrics.MRR, min)
		}
	}
	if m := r.Metrics; m.Recall3 < 0.8 || m.MRR < 0.75 {
		t.Errorf("hard-queries.tsv: recall@3 %.3f MRR %.3f, want at least 0.8 and 0.75", m.Recall3, m.MRR)
	}
	a := r.Abstention
	t.Logf("hard-queries.tsv abstention: %d/%d no-answer flagged, %d/%d correct first flagged", a.Flagged, a.NoAnswer, a.WronglyFlagged, a.CorrectFirst)
	if a.NoAnswer < 10 || a.FlaggedRate < 0.8 || a.WrongRate > 0.05 {
		t.Errorf("hard-queries.tsv abstention %+v: want no_good_match on at least 80%% of the no-answer queries and at most 5%% of correct first answers", a)
	}
}
