// Package corpustest loads the shared corpus of real skills for the
// tests of search and its engine.
package corpustest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/longtest"
)

// Doc is one skill of the corpus, field for field a search.Doc (and an
// engine.Doc: convert with a type conversion). ID is the skill folder
// relative to Dir.
type Doc struct {
	ID          string
	Name        string
	Description string
	Tags        []string
	Body        string
}

// Dir is the shared, read-only corpus of real skills (never written).
const Dir = "/work/shared/corpus"

// Load walks dir for SKILL.md files (any letter case), including
// hidden folders such as .curated and .system but not .git or
// node_modules, and returns one Doc per file whose frontmatter decodes. The
// ID is the skill folder relative to dir.
func Load(tb testing.TB, dir string) []Doc { return load(tb, dir, 1) }

// load is Load of every k-th SKILL.md, in the walk's (lexical) order.
func load(tb testing.TB, dir string, k int) []Doc {
	tb.Helper()
	var docs []Doc
	seen := 0
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
		if seen++; (seen-1)%k != 0 {
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

var once struct {
	sync.Once
	docs []Doc
}

// Docs is the corpus (Load of Dir, loaded once per test binary); it skips
// the test with -short or when the corpus is missing.
func Docs(tb testing.TB) []Doc {
	tb.Helper()
	skipUnavailable(tb)
	once.Do(func() { once.docs = Load(tb, Dir) })
	return once.docs
}

// Sample is every k-th skill of the corpus (in the walk's order, so
// always the same ones), or the whole corpus (Docs) with SKILLDEX_LONG=1:
// for checks that hold skill by skill, where a fixed sample catches the
// same kinds of text day to day and the whole corpus is slow by nature
// (under -race above all). It skips like Docs.
func Sample(tb testing.TB, k int) []Doc {
	tb.Helper()
	if longtest.Enabled() || k <= 1 {
		return Docs(tb)
	}
	skipUnavailable(tb)
	samples.Lock()
	defer samples.Unlock()
	if samples.m == nil {
		samples.m = map[int][]Doc{}
	}
	if _, ok := samples.m[k]; !ok {
		samples.m[k] = load(tb, Dir, k)
	}
	return samples.m[k]
}

var samples struct {
	sync.Mutex
	m map[int][]Doc
}

// skipUnavailable skips tb with -short or when the corpus is missing.
func skipUnavailable(tb testing.TB) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("corpus-wide (~1,860 skills): skipped with -short")
	}
	if _, err := os.Stat(filepath.Join(Dir, "QUERIES.tsv")); err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
}
