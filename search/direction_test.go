package search

import (
	"context"
	"slices"
	"testing"
)

// TestDirection: a query stating a direction ranks a skill converting
// the other way below one that can go its way, and a general converter
// listing many routes (its own list holding the query's source as a
// target) is never taken for the reverse.
func TestDirection(t *testing.T) {
	docs := []Doc{
		{ID: "to-markdown", Name: "to-markdown", Description: "Convert PDF, Word documents and slides to Markdown."},
		{ID: "file-conversion", Name: "file-conversion", Description: "Convert files between formats: PDF to Word, HEIC to JPG, MP4 to MP3, CSV to JSON, Markdown to HTML."},
	}
	for _, w := range []string{"changelog", "terraform", "kubernetes", "pytest", "stripe", "docker", "react", "postgres"} {
		docs = append(docs, Doc{ID: w, Name: w, Description: "Work with " + w + " projects and their files."})
	}
	ix := openMem(t, docs...)
	first := func(q string) string {
		t.Helper()
		res, err := ix.Search(context.Background(), Request{Query: q, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) == 0 {
			t.Fatalf("%q: no hits", q)
		}
		return res.Hits[0].ID
	}
	for _, c := range []struct{ q, want string }{
		{"convert markdown to a word document", "file-conversion"},
		{"turn a word document into markdown", "to-markdown"},
		{"convert json to csv", "file-conversion"},
	} {
		if got := first(c.q); got != c.want {
			t.Errorf("%q: first hit %s, want %s", c.q, got, c.want)
		}
	}
	// Without the direction the reverse converter is first: the check
	// above measures the re-ranking, not the documents' wording.
	ix.tune.direction = 1
	if got := first("convert markdown to a word document"); got != "to-markdown" {
		t.Errorf("direction off: first hit %s, want to-markdown (the test no longer exercises the re-ranking)", got)
	}
}

func TestParseConversion(t *testing.T) {
	ix := openMem(t, Doc{ID: "a", Name: "a", Description: "a"})
	r, err := ix.e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, c := range []struct {
		q    string
		from []string
		to   string
		ok   bool
	}{
		{"convert a docx to pdf", []string{"docx"}, "pdf", true},
		{"migrate our tests from Cypress to Playwright", []string{"cypress"}, "playwright", true},
		{"export a markdown file as pdf", []string{"markdown", "file"}, "pdf", true},
		{"how to write a test", nil, "", false},
		{"convert it", nil, "", false},
	} {
		got, ok := parseConversion(r, c.q)
		if ok != c.ok || ok && (got.to != c.to || !slices.Equal(got.from, c.from)) {
			t.Errorf("parseConversion(%q) = %+v %v, want from %q to %q %v", c.q, got, ok, c.from, c.to, c.ok)
		}
	}
}
