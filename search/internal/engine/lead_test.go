package engine

import (
	"strings"
	"testing"
)

// TestLead: Reader.Lead is the first k stored terms, from memory once
// read; a write drops the written documents' leads, and a Reader whose
// snapshot a write outlived still reads its own snapshot's lead.
func TestLead(t *testing.T) {
	e := openMem(t,
		Doc{ID: "a", Name: "pdf-forms", Description: "Fill PDF forms, and fill them fast."},
		Doc{ID: "b", Name: "csv", Description: "Read CSV files into tables with pandas and polars quickly and safely today."},
	)
	lead := func(r *Reader, id string, k int) string {
		t.Helper()
		l, ok, err := r.Lead(id, k)
		if err != nil || !ok {
			t.Fatalf("Lead(%q): ok %v, err %v", id, ok, err)
		}
		terms, _, _ := r.MetaTerms(id)
		if want := strings.Join(terms[:min(len(terms), k)], " "); l != want {
			t.Fatalf("Lead(%q, %d) = %q, want %q", id, k, l, want)
		}
		return l
	}
	r, err := e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 2, 4, 10, LeadCap, LeadCap + 3} {
		lead(r, "a", k)
		lead(r, "b", k)
	}
	if n := e.LeadCached(); n != 2 {
		t.Errorf("LeadCached = %d, want 2", n)
	}
	if _, ok, err := r.Lead("none", 10); ok || err != nil {
		t.Errorf("Lead(none): ok %v, err %v", ok, err)
	}
	if err := e.Index(Doc{ID: "a", Name: "word-docs", Description: "Edit Word documents."}); err != nil {
		t.Fatal(err)
	}
	if n := e.LeadCached(); n != 1 {
		t.Errorf("LeadCached after a write = %d, want 1", n)
	}
	if got := lead(r, "a", 10); got != "pdf form fill fast" { // the old snapshot's
		t.Errorf("old Reader's lead = %q", got)
	}
	r.Close()
	r, err = e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := lead(r, "a", 10); got != "word doc edit document" {
		t.Errorf("new Reader's lead = %q", got)
	}
	if err := e.Delete("a"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := r.Lead("a", 10); !ok {
		t.Error("deleted after the Reader opened: the Reader still sees it")
	}
}

func TestHasTerm(t *testing.T) {
	for _, c := range []struct {
		lead, term string
		want       bool
	}{{"pdf form fill", "pdf", true}, {"pdf form fill", "form", true}, {"pdf form fill", "fill", true},
		{"pdf form fill", "for", false}, {"pdf form fill", "", false}, {"", "", false}, {"pdf", "pdf", true},
		{"pdf form", "pdf form", false}} {
		if got := HasTerm(c.lead, c.term); got != c.want {
			t.Errorf("HasTerm(%q, %q) = %v", c.lead, c.term, got)
		}
	}
	if got := firstTerms("a b c", 2); got != "a b" {
		t.Errorf("firstTerms = %q", got)
	}
	if got := firstTerms("a b c", 3); got != "a b c" {
		t.Errorf("firstTerms = %q", got)
	}
}
