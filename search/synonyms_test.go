package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSynonymsOf(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(synonymsText()), "\n")
	first, _, _ := strings.Cut(lines[0], " ")
	last, _, _ := strings.Cut(lines[len(lines)-1], " ")
	for _, tc := range []struct {
		word string
		want []string
	}{
		{"mistake", []string{"error", "fault", "misidentify"}},
		{"forget", []string{"bury"}},
		{first, strings.Fields(lines[0])[1:]},
		{last, strings.Fields(lines[len(lines)-1])[1:]},
		{"skilldex", nil},
		{"", nil},
		{"zzzzzzzz", nil},
	} {
		if got := synonymsOf(tc.word); !slices.Equal(got, tc.want) {
			t.Errorf("synonymsOf(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
	if !slices.IsSorted(lines) {
		t.Error("data/synonyms.txt is not sorted (byte order): synonymsOf binary-searches it")
	}
}

// TestSynonymsSecondPass: a query nothing answers with confidence gets
// its words' WordNet synonyms in the second pass, standing in for the
// word (a skill with only the synonym is found), without Confidence from
// them; a confident query does not.
func TestSynonymsSecondPass(t *testing.T) {
	docs := []Doc{
		{ID: "hunt", Name: "hunt-bugs", Description: "Hunt bugs."},
		{ID: "errors", Name: "same-error", Description: "Find the same error across a codebase."},
		{ID: "notes", Name: "release-notes", Description: "Write release notes for a version."},
		{ID: "handover", Name: "handover", Description: "Relinquish control of a project."},
	}
	for i := range 40 {
		docs = append(docs, Doc{ID: fmt.Sprintf("f%d", i), Name: fmt.Sprintf("garden-%d", i), Description: "Grow tomatoes in a small garden."})
	}
	ix := openMem(t, docs...)
	ctx := context.Background()
	find := func(q string) (*Result, *Hit) {
		t.Helper()
		res, err := ix.Search(ctx, Request{Query: q, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		for i := range res.Hits {
			if res.Hits[i].ID == "errors" {
				return res, &res.Hits[i]
			}
		}
		return res, nil
	}
	res, h := find("hunt this mistake")
	if h == nil {
		t.Fatalf("hits %v, want errors (mistake -> error)", ids(res.Hits))
	}
	if !contains(h.Matched["name"], "error") {
		t.Errorf("Matched %v, want error in name", h.Matched)
	}
	if h.Confidence >= ConfidentMatch {
		t.Errorf("confidence %v from a synonym alone, want below %v", h.Confidence, ConfidentMatch)
	}
	ix.tune.synonym = 0
	res, h = find("hunt this mistake")
	ix.tune = defaultTuning
	if h != nil {
		t.Errorf("without synonyms hits %v, want no errors", ids(res.Hits))
	}
	// Confident: "release notes" is answered by its words alone; WordNet
	// has "relinquish" for "release", which must not be searched.
	if !contains(synonymsOf("release"), "relinquish") {
		t.Fatalf("synonyms of release %v, the test needs relinquish among them", synonymsOf("release"))
	}
	res, _ = find("release notes")
	if len(res.Hits) == 0 || res.Hits[0].Confidence < ix.tune.fbMaxConf {
		t.Fatalf("want a confident first hit, got %+v", res.Hits)
	}
	if contains(ids(res.Hits), "handover") {
		t.Errorf("hits %v: the synonym relinquish was searched though the query was answered with confidence", ids(res.Hits))
	}
	// Always expanding, the same query finds handover through it.
	ix.tune.fbMaxConf = 0
	res, _ = find("release notes")
	ix.tune = defaultTuning
	if !contains(ids(res.Hits), "handover") {
		t.Errorf("hits %v, want handover (release -> relinquish) when expanding", ids(res.Hits))
	}
}
