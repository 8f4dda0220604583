package sources

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestLiveRefresh: a catalog open over a source's root link sees the new
// commit after Refresh moves the link and the catalog refreshes (as serve
// --refresh-sources does): the new skill is found, a changed file is read
// with its new content, a removed skill is gone, and ids do not change.
func TestLiveRefresh(t *testing.T) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "live")
	r.Commit("one", map[string]string{
		"a/SKILL.md":    gittest.SkillMD("alpha-live", "Alpha skill for live tests.", "version one"),
		"a/notes.md":    "notes one\n",
		"gone/SKILL.md": gittest.SkillMD("gone-skill", "A skill that will be removed.", "x"),
	})
	lockPath := filepath.Join(t.TempDir(), LockFileName)
	m := testManager(t)
	sp, _ := ParseSpec(srv.URL("live"))
	if _, err := m.Add(ctxT(t), lockPath, sp, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	ors, err := m.Origins(lockPath, "project")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := index.Open(ctxT(t), &index.Options{Roots: []index.Root{{Path: ors[0].Root, Label: "project"}}, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	changed := make(chan index.Change, 8)
	cat.Subscribe(func(c index.Change) { changed <- c })

	r.Commit("two", map[string]string{
		"a/SKILL.md":   gittest.SkillMD("alpha-live", "Alpha skill for live tests.", "version two"),
		"a/notes.md":   "notes two\n",
		"gone":         "\x00delete",
		"new/SKILL.md": gittest.SkillMD("newcomer-skill", "Arrived with the second commit.", "y"),
	})
	if _, moved, err := m.Refresh(ctxT(t), lockPath); err != nil || !moved {
		t.Fatalf("refresh: moved %v, %v", moved, err)
	}
	if _, err := cat.Refresh(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	default:
		t.Fatal("no change notification after the catalog refresh")
	}
	res, err := cat.Search(ctxT(t), index.SearchRequest{Query: "arrived second commit", Limit: 5})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Name != "newcomer-skill" {
		t.Fatalf("search after the move: %+v %v", res, err)
	}
	if _, err := cat.Resolve("gone-skill"); err == nil {
		t.Fatal("the removed skill is still served")
	}
	l, err := cat.Load(ctxT(t), "alpha-live")
	if err != nil || !strings.Contains(l.Content, "version two") || l.Skill.ID != "a" {
		t.Fatalf("load after the move: %+v %v", l, err)
	}
	f, err := cat.ReadFile(ctxT(t), "alpha-live", "notes.md")
	if err != nil || f.Content != "notes two\n" {
		t.Fatalf("read_file after the move: %+v %v", f, err)
	}
}
