package index

import (
	"context"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestSearchCollapsesDuplicates: skills whose SKILL.md is byte-identical
// appear once, at the best copy's rank, listing the other copies; a copy
// that differs by one byte is a separate hit.
func TestSearchCollapsesDuplicates(t *testing.T) {
	root := t.TempDir()
	same := skillMD("pdf-forms", "Fill PDF forms and extract form fields.", "Use pypdf.")
	writeFile(t, filepath.Join(root, "repo-a", "pdf-forms", "SKILL.md"), same)
	writeFile(t, filepath.Join(root, "repo-b", "pdf-forms", "SKILL.md"), same)
	writeFile(t, filepath.Join(root, "repo-c", "skills", "pdf-forms", "SKILL.md"), same)
	writeFile(t, filepath.Join(root, "repo-d", "pdf-forms", "SKILL.md"), same+"\n")
	writeFile(t, filepath.Join(root, "csv", "SKILL.md"), skillMD("csv", "Summarize CSV files, not PDF forms.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})

	tests := []struct {
		limit    int
		wantHits int
	}{
		{limit: 10, wantHits: 3}, // one pdf-forms group, the edited copy, csv
		{limit: 1, wantHits: 1},
	}
	for _, tt := range tests {
		res, err := c.Search(context.Background(), SearchRequest{Query: "pdf forms", Limit: tt.limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != tt.wantHits {
			t.Fatalf("limit %d: %d hits, want %d: %+v", tt.limit, len(res.Hits), tt.wantHits, res.Hits)
		}
		groups := 0
		for _, h := range res.Hits {
			if h.ID == "repo-d/pdf-forms" || h.ID == "csv" {
				if len(h.AlsoAt) != 0 {
					t.Errorf("%s: also_at %v, want none", h.ID, h.AlsoAt)
				}
				continue
			}
			groups++
			all := append([]string{h.ID}, h.AlsoAt...)
			want := []string{"repo-a/pdf-forms", "repo-b/pdf-forms", "repo-c/skills/pdf-forms"}
			got := map[string]bool{}
			for _, id := range all {
				got[id] = true
			}
			if len(all) != 3 || !got[want[0]] || !got[want[1]] || !got[want[2]] {
				t.Errorf("folded copies %v, want %v", all, want)
			}
			if !sort.StringsAreSorted(h.AlsoAt) {
				t.Errorf("also_at %v not sorted", h.AlsoAt)
			}
		}
		// With limit 1 the edited copy, which scores within a hair of the
		// identical ones, may take the only place.
		if groups > 1 || tt.limit > 1 && groups != 1 {
			t.Errorf("limit %d: the identical copies appear %d times, want once", tt.limit, groups)
		}
	}
}

// TestGroupByName: copies of a skill under the same name (edited, so not
// folded) are listed together, at the best copy's rank.
func TestGroupByName(t *testing.T) {
	tests := []struct {
		names []string // hits in score order, as name:id
		want  []string
	}{
		{[]string{"a:1", "b:2", "A:3", "c:4", "b:5"}, []string{"a:1", "A:3", "b:2", "b:5", "c:4"}},
		{[]string{"a:1", "b:2", "c:3"}, []string{"a:1", "b:2", "c:3"}},
		{nil, nil},
	}
	for _, tt := range tests {
		hits := make([]SearchHit, len(tt.names))
		for i, n := range tt.names {
			name, id, _ := strings.Cut(n, ":")
			hits[i] = SearchHit{Name: name, ID: id}
		}
		groupByName(hits)
		var got []string
		for _, h := range hits {
			got = append(got, h.Name+":"+h.ID)
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("groupByName(%v) = %v, want %v", tt.names, got, tt.want)
		}
	}
}

// TestSearchManyCopiesStillFillsTheLimit: a skill copied more times than
// the search window holds does not crowd out the next skills.
func TestSearchManyCopiesStillFillsTheLimit(t *testing.T) {
	root := t.TempDir()
	same := skillMD("pdf-forms", "Fill PDF forms and extract form fields.", "Use pypdf.")
	for i := 0; i < 40; i++ {
		writeFile(t, filepath.Join(root, "repo-"+strings.Repeat("x", i%5)+string(rune('a'+i%26))+string(rune('a'+i/26)), "pdf-forms", "SKILL.md"), same)
	}
	writeFile(t, filepath.Join(root, "csv", "SKILL.md"), skillMD("csv", "Summarize CSV files, not PDF forms.", ""))
	writeFile(t, filepath.Join(root, "docx", "SKILL.md"), skillMD("docx", "Edit Word documents and their forms.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	res, err := c.Search(context.Background(), SearchRequest{Query: "pdf forms", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.Name)
	}
	if len(got) != 3 || got[0] != "pdf-forms" {
		t.Fatalf("hits %v, want pdf-forms once and two more skills", got)
	}
	if n := len(res.Hits[0].AlsoAt); n != 39 {
		t.Errorf("also_at lists %d copies, want 39", n)
	}
}

// TestSearchHugeLimit: a limit past anything a catalog holds (skilldex
// search -n 1000000000000) answers with every hit there is instead of
// sizing the search by it (which panicked in makeslice), and Limit
// math.MaxInt does not overflow the window.
func TestSearchHugeLimit(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "pdf", "SKILL.md"), skillMD("pdf-forms", "Fill PDF forms.", ""))
	writeFile(t, filepath.Join(root, "csv", "SKILL.md"), skillMD("csv", "Summarize CSV files, not PDF forms.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	for _, limit := range []int{1 << 40, math.MaxInt} {
		res, err := c.Search(context.Background(), SearchRequest{Query: "pdf forms", Limit: limit})
		if err != nil {
			t.Fatalf("limit %d: %v", limit, err)
		}
		if len(res.Hits) != 2 {
			t.Errorf("limit %d: %d hits, want 2", limit, len(res.Hits))
		}
	}
}
