package main

import (
	"encoding/json"
	"encoding/xml"
	g "github.com/skilldex/skilldex/internal/golden"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index/doctor"
	"github.com/skilldex/skilldex/index/listing"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	g.Check(t, filepath.Join("testdata", name), []byte(got))
}

// corpusData is one data dir for the hygiene tests on the corpus, in the
// folder TestMain removes: the first indexes the corpus, the others start
// warm.
func corpusData() string { return filepath.Join(testDir(), "hygiene-corpus-data") }

// corpusPaths replaces the corpus folder (as given and with links
// resolved) with $CORPUS, so goldens do not depend on the checkout.
func corpusPaths(t *testing.T, dir, s string) string {
	t.Helper()
	abs, _ := filepath.Abs(dir)
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, real, "$CORPUS"), abs, "$CORPUS")
}

// listingCost masks the listing's size, which counts the absolute
// locations of SKILL.md and so depends on where the corpus is.
var listingCost = regexp.MustCompile(`(costs (?:about )?|in the listing, )\d+ (characters|tokens)( \(\d+ characters at \d+ per token\)| \(about \d+ tokens\))?`)

// TestDoctorCorpus runs doctor on the real corpus: every kind of problem
// the corpus has is reported (it holds no scripts - SOURCES.md: code files
// are left out - so the script rules are covered by index/doctor's
// fixture), errors exit 1, and the report matches the golden file.
func TestDoctorCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes ~1,860 skills")
	}
	dir := corpus(t)
	r := run(t, "doctor", "--json", "--dir", dir, "--data-dir", corpusData())
	if r.code != 1 {
		t.Fatalf("doctor on the corpus: exit %d, want 1 (it has invalid skills)\n%s", r.code, r.stderr)
	}
	var rep doctor.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"no-frontmatter", "reference-broken", "reference-outside", doctor.CodeShadowed, doctor.CodeDuplicate,
		doctor.CodeDescriptionShort, doctor.CodeDescriptionVague, doctor.CodeOverBudget, "name-mismatch", "unknown-field", "depth-limit", "audit-summary", "audit-high"} {
		if rep.Codes[code] == 0 {
			t.Errorf("no %s finding on the corpus", code)
		}
	}
	if rep.Listing == nil || len(rep.Listing.Budgets) != 3 || rep.Listing.Budgets[0].Fits || rep.Listing.FullChars < 100000 {
		t.Errorf("listing %+v: the corpus is far over every budget", rep.Listing)
	}
	t.Logf("corpus: %d findings (%d errors, %d warnings, %d notes); listing %d characters", len(rep.Findings), rep.Errors, rep.Warnings, rep.Infos, rep.Listing.FullChars)

	text := run(t, "doctor", "--dir", dir, "--data-dir", corpusData())
	if text.code != 1 {
		t.Fatalf("doctor text: exit %d\n%s", text.code, text.stderr)
	}
	golden(t, "doctor-corpus.golden", listingCost.ReplaceAllString(corpusPaths(t, dir, text.stdout), "${1}N $2"))
}

// TestPromptCorpus renders the corpus's block at the default budget: it
// parses as XML, fits 8,000 characters, and says how many skills were left
// out.
func TestPromptCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes ~1,860 skills")
	}
	dir := corpus(t)
	r := run(t, "prompt", "--dir", dir, "--data-dir", corpusData())
	if r.code != 0 {
		t.Fatalf("prompt: exit %d\n%s", r.code, r.stderr)
	}
	text := strings.TrimSuffix(r.stdout, "\n")
	if n := len([]rune(text)); n > listing.DefaultBudget {
		t.Errorf("block is %d characters, over the %d budget", n, listing.DefaultBudget)
	}
	var block struct {
		Skills []struct {
			Name string `xml:"name"`
		} `xml:"skill"`
		Note string `xml:"note"`
	}
	if err := xml.Unmarshal([]byte(text), &block); err != nil {
		t.Fatalf("block does not parse as XML: %v", err)
	}
	var p listing.Prompt
	mustJSON(t, run(t, "prompt", "--json", "--dir", dir, "--data-dir", corpusData()), &p)
	if len(block.Skills) != p.Listed || p.Omitted == 0 || !strings.Contains(block.Note, "left out") || !strings.Contains(block.Note, "search_skills") {
		t.Errorf("parsed %d skills, note %q; --json says %d listed, %d left out", len(block.Skills), block.Note, p.Listed, p.Omitted)
	}
	golden(t, "prompt-corpus.golden", corpusPaths(t, dir, r.stdout))
}

// TestDoctorClean: a catalog without problems exits 0.
func TestDoctorClean(t *testing.T) {
	r := run(t, "doctor", "--dir", filepath.Join(repoRoot(t), "examples", "skills"), "--mem")
	if r.code != 0 || !strings.Contains(r.stdout, "0 errors, 0 warnings") {
		t.Errorf("doctor on the examples: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
