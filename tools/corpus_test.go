package tools

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index"
)

var (
	corpusOnce sync.Once
	corpusCat  *index.Catalog
	corpusErr  string
)

// corpusCatalog opens ../../shared/corpus (about 1,860 skills) once, in
// memory, or skips: CI always has it beside the clone.
func corpusCatalog(tb testing.TB) *index.Catalog {
	tb.Helper()
	dir, _ := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("corpus missing at %s", dir)
		}
		tb.Skipf("corpus not found at %s", dir)
	}
	corpusOnce.Do(func() {
		c, err := index.Open(tb.Context(), &index.Options{Roots: []index.Root{{Path: dir, Label: "project"}}, Mem: true})
		if err != nil {
			corpusErr = err.Error()
			return
		}
		corpusCat = c // shared by the tests and benchmarks of this run; never closed
	})
	if corpusCat == nil {
		tb.Fatal(corpusErr)
	}
	return corpusCat
}

var leftOutRE = regexp.MustCompile(`Note: (\d+) skills are available; to keep the skill list within its 8000-character budget only names are listed and (\d+) skills were left out\.`)

// TestUniversalCorpusDescription: the universal description of the whole
// corpus keeps its skill list within the default 8,000-character budget,
// names how many skills were left out, and is generated in under 50 ms.
func TestUniversalCorpusDescription(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes the corpus")
	}
	cat := corpusCatalog(t)
	h := New(cat, &Options{Profiles: []string{"universal"}})
	h.UniversalDescription() // warm up
	start := time.Now()
	desc := h.UniversalDescription()
	took := time.Since(start)
	list := between(desc, "<available_skills>\n", "\n</available_skills>")
	served := len(cat.List(index.ListOptions{}))
	m := leftOutRE.FindStringSubmatch(desc)
	if m == nil {
		t.Fatalf("description does not say how many skills were left out:\n%s", desc[len(desc)-400:])
	}
	total, _ := strconv.Atoi(m[1])
	omitted, _ := strconv.Atoi(m[2])
	listed := len(regexp.MustCompile(`(?m)^`).FindAllStringIndex(list, -1))
	t.Logf("corpus: %d served skills; skill list %d characters listing %d names, %d left out; generated in %v",
		served, utf8.RuneCountInString(list), listed, omitted, took)
	if n := utf8.RuneCountInString(list); n > DefaultDescriptionBudget {
		t.Errorf("skill list is %d characters; budget %d", n, DefaultDescriptionBudget)
	}
	if total != served || listed+omitted != served {
		t.Errorf("note says %d available and %d left out; %d served, %d listed", total, omitted, served, listed)
	}
	if took > 50*time.Millisecond {
		t.Errorf("generating the description took %v; the target is 50 ms", took)
	}
}

// BenchmarkUniversalDescriptionCorpus generates the universal tool
// description for the whole corpus (the target: under 50 ms).
func BenchmarkUniversalDescriptionCorpus(b *testing.B) {
	h := New(corpusCatalog(b), &Options{Profiles: []string{"universal"}})
	for b.Loop() {
		h.UniversalDescription()
	}
}

// BenchmarkWaveDescriptionCorpus does the same for the wave profile.
func BenchmarkWaveDescriptionCorpus(b *testing.B) {
	h := New(corpusCatalog(b), &Options{Profiles: []string{"wave"}})
	for b.Loop() {
		h.WaveDescription()
	}
}
