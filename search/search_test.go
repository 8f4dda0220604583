package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func openMem(t *testing.T, docs ...Doc) *Index {
	t.Helper()
	ix, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ix.Close() })
	if err := ix.Index(docs...); err != nil {
		t.Fatal(err)
	}
	return ix
}

func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func mustSearch(t *testing.T, ix *Index, req Request) *Result {
	t.Helper()
	res, err := ix.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%+v): %v", req, err)
	}
	return res
}

// filler docs give the index realistic document frequencies: common words
// everywhere, rare words in one place.
func filler(n int) []Doc {
	docs := make([]Doc, n)
	for i := range docs {
		docs[i] = Doc{
			ID:          fmt.Sprintf("filler/%02d", i),
			Name:        fmt.Sprintf("helper-%02d", i),
			Description: "Generic helper for everyday project chores and notes.",
			Tags:        []string{"misc"},
			Body:        "Use this helper when the project needs routine chores done.",
		}
	}
	return docs
}

func TestFieldPrecedence(t *testing.T) {
	// The same word in the name beats the description, which beats a tag,
	// which beats the body; the word is equally rare in all of them.
	docs := append(filler(20),
		Doc{ID: "tag", Name: "doc-tools", Description: "Work with office documents and files.", Tags: []string{"spreadsheet"}},
		Doc{ID: "name", Name: "spreadsheet-tools", Description: "Work with office documents and files.", Tags: []string{"office"}},
		Doc{ID: "desc", Name: "sheet-tools", Description: "Work with spreadsheet documents and files.", Tags: []string{"office"}},
		Doc{ID: "body", Name: "table-tools", Description: "Work with office documents and files.", Tags: []string{"office"},
			Body: "Open the spreadsheet and edit cells."},
	)
	ix := openMem(t, docs...)
	tests := []struct {
		query string
		want  []string
	}{
		{"spreadsheet", []string{"name", "desc", "tag", "body"}},
		{"spreadsheets", []string{"name", "desc", "tag", "body"}}, // stemmed
		{"Spreadsheet!", []string{"name", "desc", "tag", "body"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, ix, Request{Query: tt.query})
			if got := ids(res.Hits); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("order = %v, want %v (scores %v)", got, tt.want, res.Hits)
			}
			for i := 1; i < len(res.Hits); i++ {
				if res.Hits[i].Score > res.Hits[i-1].Score {
					t.Errorf("hits not sorted by score: %v", res.Hits)
				}
			}
		})
	}
}

func TestExactNameFirst(t *testing.T) {
	ix := openMem(t, append(filler(10),
		Doc{ID: "creator", Name: "skill-creator", Description: "Guide for making skills."},
		Doc{ID: "talker", Name: "skill-share", Description: "Share a skill with a skill creator and any skill creator friends; skill creator tips."},
	)...)
	for _, q := range []string{"skill-creator", "skill creator", "Skill_Creator"} {
		res := mustSearch(t, ix, Request{Query: q})
		if len(res.Hits) == 0 || res.Hits[0].ID != "creator" {
			t.Errorf("%q: got %v, want creator first", q, ids(res.Hits))
			continue
		}
		if got := res.Hits[0].Matched["name"]; !contains(got, "skill-creator") {
			t.Errorf("%q: Matched[name] = %v, want it to report the exact name", q, got)
		}
	}
}

func TestStemming(t *testing.T) {
	ix := openMem(t, append(filler(10),
		Doc{ID: "tdd", Name: "tdd", Description: "Test first: write a failing test, then the code."},
		Doc{ID: "plans", Name: "writing-plans", Description: "Plans an implementation before coding."},
		Doc{ID: "snake", Name: "read_file_helper", Description: "Reads things."},
	)...)
	tests := []struct {
		query, want string
	}{
		{"testing", "tdd"},
		{"tests", "tdd"},
		{"fails", "tdd"},
		{"plan", "plans"},
		{"implementing", "plans"},
		{"write plan", "plans"},
		{"file", "snake"}, // snake_case names are split like kebab-case
		{"reading files", "snake"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, ix, Request{Query: tt.query})
			if len(res.Hits) == 0 || res.Hits[0].ID != tt.want {
				t.Errorf("got %v, want %s first", ids(res.Hits), tt.want)
			}
		})
	}
}

func TestTypo(t *testing.T) {
	ix := openMem(t, append(filler(20),
		Doc{ID: "k8s", Name: "kubernetes-deploy", Description: "Deploy services to a Kubernetes cluster."},
		Doc{ID: "py", Name: "python-testing", Description: "Pytest patterns for Python projects."},
		Doc{ID: "pg", Name: "postgres-tuning", Description: "Speed up PostgreSQL queries with indexes."},
		Doc{ID: "pdf", Name: "pdf", Description: "Fill and merge PDF forms."},
	)...)
	tests := []struct {
		query string
		want  string // "" = no hits expected
	}{
		{"kubernets", "k8s"},           // deletion
		{"kubernetess", "k8s"},         // insertion
		{"kubernetex", "k8s"},          // substitution
		{"pyhton", "py"},               // transposition counts as one edit
		{"deploy to kubernets", "k8s"}, // a typo next to a correct word
		{"postgras indexes", "pg"},
		{"pfd", ""},           // too short to correct (3 letters)
		{"kubernxtxs", "k8s"}, // edit distance 2 from 8 letters on
		{"pytxsx", ""},        // edit distance 2 is not corrected below 8 letters
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, ix, Request{Query: tt.query})
			if tt.want == "" {
				if len(res.Hits) != 0 {
					t.Errorf("got %v, want no hits", ids(res.Hits))
				}
				return
			}
			if len(res.Hits) == 0 || res.Hits[0].ID != tt.want {
				t.Fatalf("got %v, want %s first", ids(res.Hits), tt.want)
			}
		})
	}

	// A corrected word weighs less than a correctly spelt one: py matches
	// "pytest" in its description only, k8s matches the corrected
	// "kubernetes" in both name and description, yet py comes first.
	// (In this small catalog "kubernetes" is a rare name, which a
	// misspelling of weighs as one: TestRareNameTypo.)
	ix.tune.rareNameTypo = false
	defer func() { ix.tune = defaultTuning }()
	res := mustSearch(t, ix, Request{Query: "pytest kubernxtes"})
	if got := ids(res.Hits); len(got) < 2 || got[0] != "py" || got[1] != "k8s" {
		t.Errorf("got %v, want [py k8s ...]: the exact word outranks the corrected one", got)
	}
}

// TestTypoDoesNotFlood: a misspelt word is corrected to at most the 5 most
// frequent indexed words one edit away, and a word that is indexed is
// never "corrected" into its neighbours.
func TestTypoDoesNotFlood(t *testing.T) {
	// Eight words one edit from "zark" (not an English word, so it is
	// corrected); "bark" is the most frequent.
	neighbours := []string{"bark", "dark", "hark", "lark", "mark", "nark", "park", "sark"}
	docs := filler(20)
	for i, w := range neighbours {
		for c := 0; c < len(neighbours)-i; c++ { // frequency decreases along the list
			docs = append(docs, Doc{ID: fmt.Sprintf("%s/%d", w, c), Name: fmt.Sprintf("tool-%s-%d", w, c),
				Description: "Everything about the " + w + "."})
		}
	}
	ix := openMem(t, docs...)

	res := mustSearch(t, ix, Request{Query: "zark", Limit: 100})
	words := map[string]bool{}
	for _, h := range res.Hits {
		w, _, _ := strings.Cut(h.ID, "/")
		words[w] = true
	}
	if len(words) > 5 || !words["bark"] || words["sark"] {
		t.Errorf("zark corrected to %v, want at most the 5 most frequent neighbours (bark in, sark out)", words)
	}
	// A real English word is not a typo, even when only its neighbours
	// are indexed: "hark" is not "corrected" to "bark".
	if res := mustSearch(t, ix, Request{Query: "harks"}); len(res.Hits) != 0 && !strings.HasPrefix(res.Hits[0].ID, "hark/") {
		t.Errorf("harks matched %v", ids(res.Hits))
	}
	res = mustSearch(t, ix, Request{Query: "park", Limit: 100})
	for _, h := range res.Hits {
		if !strings.HasPrefix(h.ID, "park/") {
			t.Errorf("the indexed word park also matched %s", h.ID)
		}
	}
}

func TestEmptyQuery(t *testing.T) {
	ix := openMem(t, filler(3)...)
	for _, q := range []string{"", "   ", "\t\n", "?!.,", "-- // **", "“”"} {
		_, err := ix.Search(context.Background(), Request{Query: q})
		if !errors.Is(err, ErrEmptyQuery) {
			t.Errorf("Search(%q) err = %v, want ErrEmptyQuery", q, err)
		}
	}
	// Only stop words: no error, no hits.
	res := mustSearch(t, ix, Request{Query: "the and of"})
	if len(res.Hits) != 0 || res.Total != 0 {
		t.Errorf("stop words only: got %v total %d, want nothing", ids(res.Hits), res.Total)
	}
}

func TestBadRequest(t *testing.T) {
	ix := openMem(t, filler(3)...)
	for _, req := range []Request{{Query: "helper", Limit: -1}, {Query: "helper", Offset: -2}} {
		if _, err := ix.Search(context.Background(), req); err == nil {
			t.Errorf("Search(%+v) succeeded, want error", req)
		}
	}
	// Windows past MaxWindow are refused before anything is sized by them
	// (a limit of 1<<50 panicked in makeslice; an offset of MaxInt
	// overflowed limit+offset).
	for _, req := range []Request{{Query: "helper", Limit: 1 << 50}, {Query: "helper", Limit: 10, Offset: math.MaxInt},
		{Query: "helper", Limit: MaxWindow, Offset: 1}} {
		if _, err := ix.Search(context.Background(), req); !errors.Is(err, ErrWindowTooLarge) {
			t.Errorf("Search(limit %d, offset %d) err = %v, want ErrWindowTooLarge", req.Limit, req.Offset, err)
		}
	}
	// The largest window is served, with the hits there are.
	if res := mustSearch(t, ix, Request{Query: "helper", Limit: MaxWindow}); len(res.Hits) == 0 || len(res.Hits) > 3 {
		t.Errorf("limit MaxWindow: %d hits, want 1-3", len(res.Hits))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ix.Search(ctx, Request{Query: "helper"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ctx: err = %v, want context.Canceled", err)
	}
	if err := ix.Index(Doc{Name: "no-id"}); err == nil {
		t.Error("Index with empty ID succeeded, want error")
	}
}

func TestUpsertAndDelete(t *testing.T) {
	ix := openMem(t)
	if err := ix.Index(
		Doc{ID: "a", Name: "alpha", Description: "first version about apples"},
		Doc{ID: "b", Name: "beta", Description: "bananas"},
		Doc{ID: "c", Name: "gamma", Description: "cherries"},
	); err != nil {
		t.Fatal(err)
	}
	// Upsert: replaces, does not add.
	if err := ix.Index(Doc{ID: "a", Name: "alpha", Description: "second version about oranges"}); err != nil {
		t.Fatal(err)
	}
	if n, _ := ix.Count(); n != 3 {
		t.Fatalf("Count = %d after upsert, want 3", n)
	}
	if res := mustSearch(t, ix, Request{Query: "apples"}); len(res.Hits) != 0 {
		t.Errorf("old text still found: %v", ids(res.Hits))
	}
	if res := mustSearch(t, ix, Request{Query: "oranges"}); !reflect.DeepEqual(ids(res.Hits), []string{"a"}) {
		t.Errorf("new text: got %v, want [a]", ids(res.Hits))
	}
	// Same ID twice in one call: the last wins.
	if err := ix.Index(Doc{ID: "b", Description: "kiwis"}, Doc{ID: "b", Name: "beta", Description: "mangos"}); err != nil {
		t.Fatal(err)
	}
	if res := mustSearch(t, ix, Request{Query: "kiwis"}); len(res.Hits) != 0 {
		t.Errorf("first duplicate indexed: %v", ids(res.Hits))
	}

	if err := ix.Delete("c", "no-such-id", ""); err != nil {
		t.Fatal(err)
	}
	if n, _ := ix.Count(); n != 2 {
		t.Errorf("Count = %d after delete, want 2", n)
	}
	if got, _ := ix.IDs(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("IDs = %v, want [a b]", got)
	}
	if res := mustSearch(t, ix, Request{Query: "cherries gamma"}); len(res.Hits) != 0 {
		t.Errorf("deleted doc found: %v", ids(res.Hits))
	}
}

func TestManyDocsBatches(t *testing.T) {
	docs := filler(0)
	for i := 0; i < 600; i++ { // > 2 batches
		docs = append(docs, Doc{ID: fmt.Sprintf("d%03d", i), Name: fmt.Sprintf("tool-%03d", i), Description: "common words"})
	}
	ix := openMem(t, docs...)
	if n, _ := ix.Count(); n != 600 {
		t.Fatalf("Count = %d, want 600", n)
	}
	all, err := ix.IDs()
	if err != nil || len(all) != 600 || all[0] != "d000" || all[599] != "d599" {
		t.Fatalf("IDs: %d ids (%v), err %v", len(all), all[:3], err)
	}
	del := make([]string, 0, 300)
	for i := 0; i < 600; i += 2 {
		del = append(del, fmt.Sprintf("d%03d", i))
	}
	if err := ix.Delete(del...); err != nil {
		t.Fatal(err)
	}
	if n, _ := ix.Count(); n != 300 {
		t.Fatalf("Count = %d after deleting 300, want 300", n)
	}
}

func TestPagingTotalMinScore(t *testing.T) {
	docs := filler(25)
	docs = append(docs, Doc{ID: "best", Name: "routine-chores", Description: "Routine chores, scheduled."})
	ix := openMem(t, docs...)

	res := mustSearch(t, ix, Request{Query: "routine chores"})
	if res.Total != 26 || len(res.Hits) != 10 {
		t.Fatalf("Total=%d hits=%d, want 26 and the default limit 10", res.Total, len(res.Hits))
	}
	if res.Hits[0].ID != "best" {
		t.Errorf("first = %s, want best", res.Hits[0].ID)
	}
	page2 := mustSearch(t, ix, Request{Query: "routine chores", Limit: 10, Offset: 10})
	page3 := mustSearch(t, ix, Request{Query: "routine chores", Limit: 10, Offset: 20})
	if len(page2.Hits) != 10 || len(page3.Hits) != 6 || page2.Total != 26 {
		t.Fatalf("pages: %d, %d hits (total %d), want 10, 6 (26)", len(page2.Hits), len(page3.Hits), page2.Total)
	}
	seen := map[string]bool{}
	for _, r := range []*Result{res, page2, page3} {
		for _, h := range r.Hits {
			if seen[h.ID] {
				t.Errorf("%s on two pages", h.ID)
			}
			seen[h.ID] = true
		}
	}

	// MinScore between the best hit and the rest keeps only the best and
	// makes Total count only hits above it.
	min := (res.Hits[0].Score + res.Hits[1].Score) / 2
	res = mustSearch(t, ix, Request{Query: "routine chores", MinScore: min})
	if !reflect.DeepEqual(ids(res.Hits), []string{"best"}) || res.Total != 1 {
		t.Errorf("MinScore %v: got %v total %d, want [best] total 1", min, ids(res.Hits), res.Total)
	}
}

func TestMatched(t *testing.T) {
	ix := openMem(t, append(filler(10),
		Doc{ID: "pdf", Name: "pdf-form-filler", Description: "Fill PDF forms from JSON data.",
			Tags: []string{"documents", "forms"}, Body: "Load the JSON, then fill each field of the form."},
	)...)
	res := mustSearch(t, ix, Request{Query: "filling PDF forms with json documents"})
	if len(res.Hits) == 0 || res.Hits[0].ID != "pdf" {
		t.Fatalf("got %v, want pdf first", ids(res.Hits))
	}
	want := map[string][]string{
		"name":        {"pdf", "form"},
		"description": {"fill", "pdf", "form", "json"},
		"tags":        {"form", "document"},
		"body":        {"fill", "form", "json"},
	}
	if got := res.Hits[0].Matched; !reflect.DeepEqual(got, want) {
		t.Errorf("Matched = %v, want %v", got, want)
	}
	// A corrected typo reports the word it was corrected to.
	res = mustSearch(t, ix, Request{Query: "pdf fomrs"})
	if len(res.Hits) == 0 || !contains(res.Hits[0].Matched["description"], "form") {
		t.Errorf("typo: got %+v, want description match on form", res.Hits)
	}
}

// TestCJK documents what works for Chinese: the unicode tokenizer splits
// Han text into single characters, and the index adds overlapping bigrams,
// so any run of characters from the text matches (bigrams rank exact
// adjacent pairs higher). Japanese kana and Korean hangul work the same
// way (kana bigrams, hangul words split at spaces).
func TestCJK(t *testing.T) {
	ix := openMem(t, append(filler(10),
		Doc{ID: "zh", Name: "data-analysis", Description: "数据分析工具：读取表格并生成图表"},
		Doc{ID: "zh2", Name: "report", Description: "分数据的析报告"}, // same characters, other order
		Doc{ID: "ja", Name: "ja-tool", Description: "データ分析ツール"},
		Doc{ID: "ko", Name: "ko-tool", Description: "한국어 검색 도구"},
	)...)
	tests := []struct {
		query string
		first string
		also  []string // other expected hits
	}{
		{"数据分析", "zh", []string{"zh2", "ja"}}, // bigrams put the adjacent text first
		{"分析", "ja", []string{"zh"}},          // a word inside a longer run (ja is shorter)
		{"图表", "zh", nil},                     // a word at the end
		{"表", "zh", nil},                      // a single character
		{"生成 图表", "zh", nil},                  // space-separated words
		{"数据分析 data", "zh", nil},              // mixed scripts
		{"データ", "ja", nil},
		{"検索", "", nil}, // Japanese kanji for "search" is not the Korean word
		{"검색", "ko", nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, ix, Request{Query: tt.query})
			if tt.first == "" {
				if len(res.Hits) != 0 {
					t.Errorf("got %v, want none", ids(res.Hits))
				}
				return
			}
			if len(res.Hits) == 0 || res.Hits[0].ID != tt.first {
				t.Errorf("got %v, want %s first", ids(res.Hits), tt.first)
			}
			for _, id := range tt.also {
				if !contains(ids(res.Hits), id) {
					t.Errorf("got %v, want %s among the hits", ids(res.Hits), id)
				}
			}
		})
	}
}

func TestReopenFromDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", "index")
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Index(append(filler(5), Doc{ID: "x", Name: "xylophone", Body: "music"})...); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := ix.Search(context.Background(), Request{Query: "x"}); err == nil {
		t.Error("Search after Close succeeded")
	}

	ix, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if n, _ := ix.Count(); n != 6 {
		t.Errorf("Count after reopen = %d, want 6", n)
	}
	res := mustSearch(t, ix, Request{Query: "xylophone music"})
	if len(res.Hits) != 1 || res.Hits[0].ID != "x" {
		t.Errorf("after reopen: %v", ids(res.Hits))
	}
}

func TestLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()

	type result struct {
		ix  *Index
		err error
	}
	ch := make(chan result, 1)
	start := time.Now()
	go func() {
		ix2, err := Open(path, &Options{Timeout: 150 * time.Millisecond})
		ch <- result{ix2, err}
	}()
	select {
	case r := <-ch:
		if r.ix != nil {
			r.ix.Close()
		}
		if !errors.Is(r.err, ErrLocked) {
			t.Fatalf("second Open: err = %v, want ErrLocked", r.err)
		}
		if d := time.Since(start); d < 100*time.Millisecond {
			t.Errorf("second Open failed after %v, before the 150ms timeout", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("second Open hung")
	}

	// After the holder closes, the path opens again.
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix3, err := Open(path, &Options{Timeout: 150 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	ix3.Close()
}

func TestCorruptAndVersion(t *testing.T) {
	dir := t.TempDir()

	// A directory that is not an index.
	junk := filepath.Join(dir, "junk")
	if err := os.MkdirAll(junk, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(junk, "notes.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk, nil); !errors.Is(err, ErrCorrupt) {
		t.Errorf("junk dir: err = %v, want ErrCorrupt", err)
	}

	// Damaged metadata.
	bad := filepath.Join(dir, "bad")
	ix, err := Open(bad, nil)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if err := os.WriteFile(filepath.Join(bad, "index_meta.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(bad, nil); !errors.Is(err, ErrCorrupt) {
		t.Errorf("bad meta: err = %v, want ErrCorrupt", err)
	}

	// The documented recovery: Remove, then Open creates a fresh index.
	for _, p := range []string{junk, bad} {
		if err := Remove(p); err != nil {
			t.Fatal(err)
		}
		ix, err := Open(p, nil)
		if err != nil {
			t.Fatalf("Open after Remove(%s): %v", p, err)
		}
		ix.Close()
	}
	if err := Remove(filepath.Join(dir, "never-existed")); err != nil {
		t.Errorf("Remove of a missing path: %v", err)
	}

	// An existing empty directory is created in place.
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	ix, err = Open(empty, nil)
	if err != nil {
		t.Fatalf("empty dir: %v", err)
	}
	ix.Close()
}

// TestIDsOnDamagedSegment (issue 14 B12): bytes flipped inside a segment
// file make IDs fail with ErrCorrupt (the catalog then rebuilds the index),
// never panic; zapx sliced the segment by its damaged offsets and the
// process died on every start.
func TestIDsOnDamagedSegment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ix")
	ix, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Index(filler(80)...); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	segs, _ := filepath.Glob(filepath.Join(path, "store", "*.zap"))
	if len(segs) == 0 {
		t.Fatal("no segment files written")
	}
	for _, seg := range segs {
		b, err := os.ReadFile(seg)
		if err != nil {
			t.Fatal(err)
		}
		for off := len(b) / 10; off < len(b)-len(b)/10; off += 97 {
			b[off] ^= 0xFF
		}
		if err := os.WriteFile(seg, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ix, err = Open(path, nil)
	if err != nil {
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Open of a damaged index: %v, want ErrCorrupt", err)
		}
		return
	}
	defer ix.Close()
	if _, err := ix.IDs(); err != nil && !errors.Is(err, ErrCorrupt) {
		t.Errorf("IDs on a damaged segment: %v, want ErrCorrupt", err)
	}
}

func TestConcurrent(t *testing.T) {
	ix := openMem(t, filler(30)...)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				if g == 0 {
					if err := ix.Index(Doc{ID: fmt.Sprintf("new/%d", i), Name: "routine-chores"}); err != nil {
						t.Error(err)
						return
					}
					continue
				}
				if _, err := ix.Search(context.Background(), Request{Query: "routine chorse"}); err != nil {
					t.Error(err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	if n, _ := ix.Count(); n != 50 {
		t.Errorf("Count = %d, want 50", n)
	}
}

// TestNoGoodMatch: a query nothing fits is flagged (hits still returned),
// one a skill answers is not; Confidence is in [0, 1] and higher for the
// good answer; the verdict is the same on every page and with MinScore.
func TestNoGoodMatch(t *testing.T) {
	docs := append(filler(30),
		Doc{ID: "pdf", Name: "pdf-form-filler", Description: "Fill PDF forms and extract form fields from PDF files.",
			Body: "Use pypdf to read AcroForm fields, fill them and flatten the form."},
		Doc{ID: "fix", Name: "fix", Description: "Fix failing browser tests.", Body: "Find why a test fails and fix it."},
	)
	ix := openMem(t, docs...)

	good := mustSearch(t, ix, Request{Query: "fill the fields of a PDF form"})
	if good.NoGoodMatch || len(good.Hits) == 0 || good.Hits[0].ID != "pdf" {
		t.Fatalf("good query: no_good_match %v, hits %v", good.NoGoodMatch, ids(good.Hits))
	}
	bad := mustSearch(t, ix, Request{Query: "fix a leaking kitchen faucet"})
	if !bad.NoGoodMatch || len(bad.Hits) == 0 {
		t.Fatalf("query nothing fits: no_good_match %v, %d hits (want true and the hits kept)", bad.NoGoodMatch, len(bad.Hits))
	}
	for _, r := range []*Result{good, bad} {
		for _, h := range r.Hits {
			if h.Confidence < 0 || h.Confidence > 1 || (r == bad && h.Confidence >= ConfidentMatch) {
				t.Errorf("%s: confidence %v", h.ID, h.Confidence)
			}
		}
	}
	if good.Hits[0].Confidence <= bad.Hits[0].Confidence {
		t.Errorf("confidence of the good answer %v <= the bad one's %v", good.Hits[0].Confidence, bad.Hits[0].Confidence)
	}
	// The verdict is about the best hits, not the page shown.
	page2 := mustSearch(t, ix, Request{Query: "fill the fields of a PDF form", Limit: 1, Offset: 1})
	if page2.NoGoodMatch {
		t.Error("page 2 of a well answered query says no_good_match")
	}
	if res := mustSearch(t, ix, Request{Query: "the and of"}); !res.NoGoodMatch || len(res.Hits) != 0 {
		t.Errorf("stop words only: %+v", res)
	}
	if res := mustSearch(t, ix, Request{Query: "fill PDF form", MinScore: 1e9}); !res.NoGoodMatch || len(res.Hits) != 0 {
		t.Errorf("MinScore above every hit: no_good_match %v, %d hits", res.NoGoodMatch, len(res.Hits))
	}
}

// TestRankingFixes covers the issue 16 ranking classes one by one on small
// catalogs.
func TestRankingFixes(t *testing.T) {
	t.Run("a real word is not a typo", func(t *testing.T) {
		ix := openMem(t, append(filler(10), Doc{ID: "gong", Name: "gong-sounds", Description: "Play a gong."})...)
		if res := mustSearch(t, ix, Request{Query: "song"}); len(res.Hits) != 0 {
			t.Errorf("song matched %v", ids(res.Hits))
		}
		if res := mustSearch(t, ix, Request{Query: "gongg"}); len(res.Hits) == 0 || res.Hits[0].ID != "gong" {
			t.Errorf("the typo gongg did not find gong: %v", ids(res.Hits))
		}
	})
	t.Run("agent framing words are ignored", func(t *testing.T) {
		ix := openMem(t, append(filler(10),
			Doc{ID: "pdf", Name: "pdf-forms", Description: "Fill PDF forms."},
			Doc{ID: "users", Name: "user-wants", Description: "Track what users want and ask for."})...)
		res := mustSearch(t, ix, Request{Query: "The user wants me to fill a PDF form"})
		if len(res.Hits) == 0 || res.Hits[0].ID != "pdf" {
			t.Errorf("hits %v, want pdf first", ids(res.Hits))
		}
		if m := res.Hits[0].Matched; len(m["name"]) != 2 {
			t.Errorf("matched %v, want only pdf and form", m)
		}
	})
	t.Run("stemming exceptions", func(t *testing.T) {
		ix := openMem(t, append(filler(10),
			Doc{ID: "pr", Name: "public-relations", Description: "Press relations and media outreach."},
			Doc{ID: "db", Name: "schema-design", Description: "Design relational database schemas."})...)
		res := mustSearch(t, ix, Request{Query: "relational"})
		if got := ids(res.Hits); !reflect.DeepEqual(got, []string{"db"}) {
			t.Errorf("relational matched %v, want only db", got)
		}
	})
	t.Run("a title-only description gets the body's opening", func(t *testing.T) {
		ix := openMem(t, append(filler(10),
			Doc{ID: "title", Name: "contract-writer", Description: "Contract & Proposal Writer",
				Body: "# Contract & Proposal Writer\n\n**Tier:** POWERFUL\n\n## Overview\n\nGenerate freelance contracts, SOWs and NDAs.\n"},
			Doc{ID: "other", Name: "legal-notes", Description: "Notes on legal matters.",
				Body: "Somewhere deep in here an NDA is mentioned once, next to a freelance example."})...)
		res := mustSearch(t, ix, Request{Query: "freelance NDA"})
		if len(res.Hits) == 0 || res.Hits[0].ID != "title" || len(res.Hits[0].Matched["description"]) != 2 {
			t.Errorf("hits %+v, want title first, matched in its description", res.Hits)
		}
	})
	t.Run("common CJK characters weigh less than the pair", func(t *testing.T) {
		ix := openMem(t, append(filler(10),
			Doc{ID: "tf", Name: "terraform-test", Description: "Write and run Terraform tests."},
			Doc{ID: "zh", Name: "writer-zh", Description: "用中文写作，写文章，写报告，用于写东西。"})...)
		res := mustSearch(t, ix, Request{Query: "用 Terraform 写测试"})
		if len(res.Hits) == 0 || res.Hits[0].ID != "tf" {
			t.Errorf("hits %v, want tf first", ids(res.Hits))
		}
	})
}

// TestKeywordsAndConcepts: Request.Keywords are fused with the query, and
// the concept thesaurus bridges problem words to solution words.
func TestKeywordsAndConcepts(t *testing.T) {
	ix := openMem(t, append(filler(20),
		Doc{ID: "churn", Name: "churn-prevention", Description: "Reduce churn and improve retention with cancel flows."},
		Doc{ID: "month", Name: "monthly-report", Description: "Write the monthly report for your customers."})...)
	q := "customers quit after a month"
	if res := mustSearch(t, ix, Request{Query: q}); len(res.Hits) == 0 || res.Hits[0].ID != "churn" {
		t.Errorf("concept expansion (quit -> churn): hits %v, want churn first", ids(res.Hits))
	}
	ix.tune.concept = 0
	if res := mustSearch(t, ix, Request{Query: q}); len(res.Hits) > 0 && res.Hits[0].ID == "churn" {
		t.Errorf("without the thesaurus churn should not win: %v", ids(res.Hits))
	}
	res := mustSearch(t, ix, Request{Query: q, Keywords: []string{"churn", "retention"}})
	if len(res.Hits) == 0 || res.Hits[0].ID != "churn" || len(res.Hits[0].Matched["description"]) < 2 {
		t.Errorf("keywords: hits %+v, want churn first matched on its keywords", res.Hits)
	}
	if _, err := ix.Search(context.Background(), Request{Query: "  ", Keywords: []string{"churn"}}); !errors.Is(err, ErrEmptyQuery) {
		t.Errorf("keywords without a query: %v, want ErrEmptyQuery", err)
	}
}
