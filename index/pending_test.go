package index

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/search"
	"github.com/skilldex/skilldex/store"
)

// TestNewSkillsWrittenWithoutPending: a write of skills the store does
// not hold records no pending list (write), so a crash between its two
// writes must be repaired from what the store and the search index hold:
// a new skill only in the search index is dropped from it, one only in the
// store is indexed from it.
func TestNewSkillsWrittenWithoutPending(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "body"))
	opts := Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
	c, err := Open(context.Background(), &opts)
	must(t, err)
	dir := c.DataDir()
	must(t, c.Close())

	// The crash: "ghost" reached the search index and not the store;
	// "orphan" reached the store and not the search index (its folder
	// exists, so the refresh keeps it).
	writeFile(t, filepath.Join(root, "orphan", "SKILL.md"), skillMD("orphan", "The orphan skill.", "lonely words"))
	ix, err := search.Open(filepath.Join(dir, indexFile), nil)
	must(t, err)
	must(t, ix.Index(search.Doc{ID: "ghost", Name: "ghost", Description: "A skill that was never stored."}))
	must(t, ix.Close())
	st, err := store.Open(filepath.Join(dir, storeFile), nil)
	must(t, err)
	orphan := &Skill{ID: "orphan", Name: "orphan", Description: "The orphan skill.", Dir: filepath.Join(root, "orphan"),
		RealDir: filepath.Join(root, "orphan"), SkillFile: "SKILL.md", Rel: "orphan", Depth: 1, Valid: true, UserInvocable: true}
	meta, err := encodeRecord(orphan)
	must(t, err)
	must(t, st.Put(store.Entry{ID: "orphan", Meta: meta}))
	if p, err := st.State(pendingKey); err == nil && len(p) > 0 {
		t.Fatalf("pending list left by the build: %q", p)
	}
	must(t, st.Close())

	c = open(t, &opts)
	if res, err := c.Search(context.Background(), SearchRequest{Query: "never stored"}); err != nil || len(res.Hits) != 0 {
		t.Errorf("a document only in the search index is served: %+v, %v", res, err)
	}
	res, err := c.Search(context.Background(), SearchRequest{Query: "orphan"})
	if err != nil || len(res.Hits) != 1 || res.Hits[0].ID != "orphan" {
		t.Errorf("a skill only in the store is not searchable: %+v, %v", res, err)
	}
}
