package search

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index/skillmd"
)

// corpusDir is the shared, read-only corpus of real skills (never written).
const corpusDir = "/work/shared/corpus"

// loadCorpus walks dir for SKILL.md files (any letter case), including
// hidden folders such as .curated and .system but not .git or
// node_modules, and returns one Doc per file whose frontmatter decodes. The
// ID is the skill folder relative to dir.
func loadCorpus(tb testing.TB, dir string) []Doc {
	tb.Helper()
	var docs []Doc
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.EqualFold(d.Name(), "SKILL.md") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		doc, ok := parseSkill(path, data)
		if !ok {
			return nil
		}
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		doc.ID = filepath.ToSlash(rel)
		docs = append(docs, doc)
		return nil
	})
	if err != nil {
		tb.Fatalf("walk %s: %v", dir, err)
	}
	return docs
}

// parseSkill reads a SKILL.md with the catalog's parser (index/skillmd),
// reporting false when it cannot be parsed.
func parseSkill(path string, data []byte) (Doc, bool) {
	sk, _, err := skillmd.Parse(path, data, nil)
	if err != nil || sk == nil {
		return Doc{}, false
	}
	return Doc{Name: sk.Name, Description: sk.Description, Tags: sk.Tags, Body: sk.Body}, true
}

type corpusQuery struct {
	query      string
	expected   map[string]bool
	acceptable map[string]bool
}

func loadQueries(tb testing.TB, path string) []corpusQuery {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				m[p] = true
			}
		}
		return m
	}
	var qs []corpusQuery
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		if first {
			first = false // header
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 || strings.TrimSpace(cols[0]) == "" {
			continue
		}
		q := corpusQuery{query: cols[0], expected: set(cols[1])}
		if len(cols) > 2 {
			q.acceptable = set(cols[2])
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("read %s: %v", path, err)
	}
	return qs
}

var corpusOnce struct {
	sync.Once
	docs []Doc
}

func corpusDocs(tb testing.TB) []Doc {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(corpusDir, "QUERIES.tsv")); err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	corpusOnce.Do(func() { corpusOnce.docs = loadCorpus(tb, corpusDir) })
	return corpusOnce.docs
}

type quality struct {
	r1, r3, mrr float64
	hits3       int
	misses      []string
}

// evalQueries runs every query and measures recall@1, recall@3 (an expected
// skill in the top 3) and MRR over the first expected skill in the top 10.
func evalQueries(tb testing.TB, ix *Index, qs []corpusQuery) quality {
	tb.Helper()
	var q quality
	for _, cq := range qs {
		res, err := ix.Search(context.Background(), Request{Query: cq.query, Limit: 10})
		if err != nil {
			tb.Fatalf("search %q: %v", cq.query, err)
		}
		rank := 0
		for i, h := range res.Hits {
			if cq.expected[h.ID] {
				rank = i + 1
				break
			}
		}
		if rank == 1 {
			q.r1++
		}
		if rank >= 1 && rank <= 3 {
			q.r3++
			q.hits3++
		}
		if rank > 0 {
			q.mrr += 1 / float64(rank)
		}
		if rank != 1 {
			var b strings.Builder
			fmt.Fprintf(&b, "%q: expected rank %d; top 5:", cq.query, rank)
			for i, h := range res.Hits {
				if i == 5 {
					break
				}
				mark := " "
				if cq.expected[h.ID] {
					mark = "*"
				} else if cq.acceptable[h.ID] {
					mark = "~"
				}
				fmt.Fprintf(&b, "\n    %s %d. %-70s %.3f %v", mark, i+1, h.ID, h.Score, h.Matched)
			}
			q.misses = append(q.misses, b.String())
		}
	}
	n := float64(len(qs))
	q.r1 /= n
	q.r3 /= n
	q.mrr /= n
	return q
}

// TestCorpusQuality is the acceptance test of the ranking: on the shared
// corpus, an expected skill must be in the top 3 for at least 14 of the 17
// queries of QUERIES.tsv.
func TestCorpusQuality(t *testing.T) {
	docs := corpusDocs(t)
	qs := loadQueries(t, filepath.Join(corpusDir, "QUERIES.tsv"))
	ix, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	start := time.Now()
	if err := ix.Index(docs...); err != nil {
		t.Fatal(err)
	}
	t.Logf("indexed %d skills in %v", len(docs), time.Since(start).Round(time.Millisecond))

	q := evalQueries(t, ix, qs)
	t.Logf("queries=%d recall@1=%.3f recall@3=%.3f (%d/%d) MRR=%.3f", len(qs), q.r1, q.r3, q.hits3, len(qs), q.mrr)
	for _, m := range q.misses {
		t.Logf("miss %s", m)
	}
	if need := 14; q.hits3 < need {
		t.Errorf("expected skill in top 3 for %d/%d queries, want >= %d", q.hits3, len(qs), need)
	}
}

// TestCorpusVariants compares ranking variants on the corpus; it only runs
// with SKILLDEX_VARIANTS=1 (it is for choosing weights, not a check).
func TestCorpusVariants(t *testing.T) {
	if os.Getenv("SKILLDEX_VARIANTS") == "" {
		t.Skip("set SKILLDEX_VARIANTS=1 to compare ranking variants")
	}
	docs := corpusDocs(t)
	qs := loadQueries(t, filepath.Join(corpusDir, "QUERIES.tsv"))
	ix, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Index(docs...); err != nil {
		t.Fatal(err)
	}
	type variant struct {
		name string
		mod  func(*tuning)
	}
	vs := []variant{
		{"default", func(*tuning) {}},
		{"bleve native stats", func(tu *tuning) { tu.nativeStats = true }},
		{"no body", func(tu *tuning) { tu.body = 0 }},
		{"body all terms", func(tu *tuning) { tu.bodyMaxDocFrac = 1 }},
		{"body 0.5", func(tu *tuning) { tu.body = 0.5 }},
		{"body frac 0.2", func(tu *tuning) { tu.bodyMaxDocFrac = 0.2 }},
		{"sum fields", func(tu *tuning) { tu.tie = 1 }},
		{"best field only", func(tu *tuning) { tu.tie = 0 }},
		{"no coverage", func(tu *tuning) { tu.coverageExp = 0 }},
		{"coverage^2", func(tu *tuning) { tu.coverageExp = 2 }},
		{"coverage idf", func(tu *tuning) { tu.coverageIDF = true }},
		{"no exact name", func(tu *tuning) { tu.exactName = 0 }},
		{"no fuzzy", func(tu *tuning) { tu.fuzzy = 0 }},
		{"weights 1/1/1", func(tu *tuning) { tu.name, tu.description, tu.tags = 1, 1, 1 }},
		{"weights 5/2/1", func(tu *tuning) { tu.name = 5 }},
	}
	ki := knownItems(docs, 400)
	for _, v := range vs {
		ix.tune = defaultTuning
		v.mod(&ix.tune)
		q := evalQueries(t, ix, qs)
		k := evalKnownItems(t, ix, ki)
		t.Logf("%-20s r@1=%.3f r@3=%.3f (%2d/%d) MRR=%.3f | known-item name r@1=%.3f desc r@3=%.3f MRR=%.3f",
			v.name, q.r1, q.r3, q.hits3, len(qs), q.mrr, k.nameR1, k.descR3, k.descMRR)
	}
	ix.tune = defaultTuning
}

// knownItem is a query made from one skill, answered by any skill with the
// same normalized name (nameQ) or the same description (descQ).
type knownItem struct {
	nameQ, descQ string
	name, desc   string
}

// knownItems samples n skills and makes, for each, a name query (the name's
// words) and a description query (up to 6 words picked from the
// description). They are a cross-check that a ranking change which helps
// QUERIES.tsv does not hurt plain lookups.
func knownItems(docs []Doc, n int) []knownItem {
	rng := rand.New(rand.NewSource(7))
	var out []knownItem
	for _, i := range rng.Perm(len(docs)) {
		if len(out) == n {
			break
		}
		d := docs[i]
		words := strings.Fields(d.Description)
		if len(words) < 8 || normalizeName(d.Name) == "" {
			continue
		}
		var pick []string
		for _, j := range rng.Perm(len(words))[:6] {
			pick = append(pick, words[j])
		}
		out = append(out, knownItem{
			nameQ: strings.ReplaceAll(normalizeName(d.Name), "-", " "),
			descQ: strings.Join(pick, " "),
			name:  normalizeName(d.Name),
			desc:  d.Description,
		})
	}
	return out
}

type kiQuality struct{ nameR1, descR3, descMRR float64 }

func evalKnownItems(tb testing.TB, ix *Index, items []knownItem) kiQuality {
	tb.Helper()
	byID := map[string]Doc{}
	for _, d := range corpusOnce.docs {
		byID[d.ID] = d
	}
	var k kiQuality
	for _, it := range items {
		res, err := ix.Search(context.Background(), Request{Query: it.nameQ, Limit: 1})
		if err != nil {
			tb.Fatal(err)
		}
		if len(res.Hits) > 0 && normalizeName(byID[res.Hits[0].ID].Name) == it.name {
			k.nameR1++
		}
		res, err = ix.Search(context.Background(), Request{Query: it.descQ, Limit: 10})
		if err != nil {
			if errors.Is(err, ErrEmptyQuery) {
				continue
			}
			tb.Fatal(err)
		}
		for i, h := range res.Hits {
			if byID[h.ID].Description == it.desc {
				if i < 3 {
					k.descR3++
				}
				k.descMRR += 1 / float64(i+1)
				break
			}
		}
	}
	n := float64(len(items))
	return kiQuality{k.nameR1 / n, k.descR3 / n, k.descMRR / n}
}

// TestEstimateTokens checks the body-length estimate used for BM25 against
// the real analyzer: per-document ratios on the corpus, and the total.
func TestEstimateTokens(t *testing.T) {
	ix := openMem(t)
	a := ix.idx.Mapping().AnalyzerNamed(analyzerText)
	for _, s := range []string{"", "The quick brown fox", "snake_case and kebab-case", "数据分析 tool", "don't stop"} {
		if got, want := estimateTokens(s), uint64(len(a.Analyze([]byte(s)))); got != want {
			t.Errorf("estimateTokens(%q) = %d, analyzer %d", s, got, want)
		}
	}
	docs := corpusDocs(t)
	var est, real uint64
	worst := 0.0
	for _, d := range docs {
		e, r := estimateTokens(d.Body), uint64(len(a.Analyze([]byte(d.Body))))
		est += e
		real += r
		if r > 200 {
			worst = max(worst, math.Abs(float64(e)/float64(r)-1))
		}
	}
	ratio := float64(est) / float64(real)
	t.Logf("corpus bodies: estimate/analyzer = %.3f overall, worst per doc (>200 tokens) %.1f%%", ratio, worst*100)
	if math.Abs(ratio-1) > 0.02 || worst > 0.10 {
		t.Errorf("estimate off by %.1f%% overall, %.1f%% worst, want <= 2%% and 10%%", (ratio-1)*100, worst*100)
	}
}
