package engine

import (
	"context"
	"slices"
	"testing"
)

// TestTermDocs: the documents whose body holds a word, each resolvable to
// its name and description terms; nil for a word in more documents than
// the limit.
func TestTermDocs(t *testing.T) {
	e := openMem(t,
		Doc{ID: "a", Name: "go-races", Description: "Find data races.", Body: "Two goroutines write one map."},
		Doc{ID: "b", Name: "rust-async", Description: "Async Rust.", Body: "Tasks share a map behind a mutex."},
		Doc{ID: "c", Name: "pdf-forms", Description: "Fill PDF forms.", Body: "Open the form and type."},
	)
	r, err := e.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	refs, err := r.TermDocs(ctx, FieldBody, "map", 10)
	if err != nil {
		t.Fatal(err)
	}
	var names [][]string
	for _, ref := range refs {
		terms, ok, err := r.MetaTermsOf(ref)
		if err != nil || !ok {
			t.Fatalf("MetaTermsOf: ok %v, err %v", ok, err)
		}
		names = append(names, terms)
	}
	if len(names) != 2 || !slices.Contains(names[0], "race") && !slices.Contains(names[1], "race") {
		t.Errorf("documents with map in the body: %v, want go-races and rust-async", names)
	}
	if refs, err := r.TermDocs(ctx, FieldBody, "map", 1); err != nil || refs != nil {
		t.Errorf("over the limit: %v, %v; want nil", refs, err)
	}
	if refs, err := r.TermDocs(ctx, FieldBody, "absent", 10); err != nil || len(refs) != 0 {
		t.Errorf("absent word: %v, %v; want none", refs, err)
	}
}
