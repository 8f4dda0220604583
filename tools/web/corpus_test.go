package web

import (
	"context"
	"github.com/skilldex/skilldex/internal/longtest"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// noAudit is an Auditor that finds nothing: the corpus test checks the
// pages, not the audit (internal/audit has its own corpus review).
type noAudit struct{}

func (noAudit) Skill(context.Context, index.Skill) []audit.Finding { return nil }

// TestCorpusPages renders the page of every skill of the real corpus
// (../../shared/corpus, about 1,860 skills written by many authors) and
// each one's list and search page: every answer is 200 and none holds
// executable markup.
func TestCorpusPages(t *testing.T) {
	longtest.Skip(t, "every page of the whole corpus")
	if testing.Short() {
		t.Skip("indexes the corpus")
	}
	dir, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "corpus"))
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("corpus missing at %s", dir)
		}
		t.Skipf("corpus not found at %s", dir)
	}
	cat, err := index.Open(t.Context(), &index.Options{Roots: []index.Root{{Path: dir, Label: "project"}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	h := New(cat, Options{Audit: noAudit{}})
	skills := cat.List(index.ListOptions{IncludeShadowed: true})
	if len(skills) < 1000 {
		t.Fatalf("the corpus has %d served skills", len(skills))
	}
	targets := []string{"/", "/?page=20", "/?q=pdf", "/?q=" + "write+tests+first", "/?q=kubernetes+deploy&sort=name"}
	for _, s := range skills {
		if !s.DisableModelInvocation {
			targets = append(targets, skillURL(s.ID))
		}
	}
	for _, target := range targets {
		res, body := get(t, h, target)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", target, res.StatusCode)
			continue
		}
		if bad := executable(body); len(bad) > 0 {
			t.Errorf("%s: executable markup %q", target, bad)
		}
		if strings.Contains(body, "could not be rendered") {
			t.Errorf("%s: SKILL.md not rendered", target)
		}
	}
	t.Logf("%d pages", len(targets))
}
