package sources

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// prunedNames are the names of the trees a report removed.
func prunedNames(rep *PruneReport) []string {
	var out []string
	for _, p := range rep.Removed {
		out = append(out, p.Name)
	}
	slices.Sort(out)
	return out
}

// TestPrune: two projects on one cache, against git daemon. A tree stays
// while a root link or a given lockfile uses it; an update's old tree, the
// tree of a deleted project, an old interrupted extraction and a
// read-only leftover go, but not a tree written within the grace period;
// a dry run removes nothing; a link planted in
// trees/ is reported, left, and never followed.
func TestPrune(t *testing.T) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "catalog")
	first := r.Commit("one", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "one")})
	m := testManager(t)
	lockP := filepath.Join(t.TempDir(), LockFileName)
	lockQ := filepath.Join(t.TempDir(), LockFileName)
	sp, _ := ParseSpec(srv.URL("catalog") + "#main")
	if _, err := m.Add(ctxT(t), lockP, sp, AddOptions{Path: "skills"}); err != nil {
		t.Fatal(err)
	}
	pinned, _ := ParseSpec(srv.URL("catalog") + "#" + first)
	if _, err := m.Add(ctxT(t), lockQ, pinned, AddOptions{Path: "skills", Name: "old"}); err != nil {
		t.Fatal(err)
	}
	second := r.Commit("two", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms and merge them.", "two")})
	if _, err := m.Update(ctxT(t), lockP, UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	treeA, treeB := filepath.Base(m.treeDir(first, "skills")), filepath.Base(m.treeDir(second, "skills"))
	trees := filepath.Join(m.Cache, "trees")

	// Nothing to prune: P's link uses B, Q's link uses A.
	rep, err := m.Prune(PruneOptions{})
	if err != nil || len(rep.Removed) != 0 || rep.Kept != 2 || len(rep.Links) != 0 {
		t.Fatalf("nothing to prune: %+v, %v", rep, err)
	}

	// Plant a link to a folder outside, a read-only leftover tree, an old
	// and a fresh interrupted extraction.
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "precious"), []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(trees, "0000000000000000000000000000000000000000")); err != nil {
		t.Fatal(err)
	}
	leftover := filepath.Join(trees, strings.Repeat("e", 40))
	if err := os.MkdirAll(filepath.Join(leftover, "ro"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(leftover, "ro", "f"), []byte("12345"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(leftover, "ro", "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(leftover, "ro"), 0o555); err != nil {
		t.Fatal(err)
	}
	oldTmp, freshTmp := filepath.Join(trees, ".tmp-old"), filepath.Join(trees, ".tmp-fresh")
	for _, d := range []string{oldTmp, freshTmp} {
		if err := os.MkdirAll(filepath.Join(d, "t"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A tree written just now that nothing links yet (an add between
	// its extraction and its link) is kept; the others are backdated
	// past the grace period.
	fresh := filepath.Join(trees, strings.Repeat("f", 40))
	if err := os.MkdirAll(filepath.Join(fresh, "s"), 0o755); err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-2 * time.Hour)
	for _, d := range []string{oldTmp, leftover, filepath.Join(trees, treeA)} {
		if err := os.Chtimes(d, long, long); err != nil {
			t.Fatal(err)
		}
	}

	// Project Q is deleted; a copy of its lockfile elsewhere, given to
	// prune, still keeps A.
	keeper := filepath.Join(t.TempDir(), LockFileName)
	raw, err := os.ReadFile(lockQ)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keeper, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(lockQ); err != nil {
		t.Fatal(err)
	}
	rep, err = m.Prune(PruneOptions{Locks: []string{keeper}, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	wantDry := []string{".tmp-old", strings.Repeat("e", 40)}
	if got := prunedNames(rep); !slices.Equal(got, wantDry) || !rep.DryRun || rep.Bytes != 5+int64(len(outside)) || rep.Kept != 2 || rep.Recent != 2 ||
		!slices.Equal(rep.Links, []string{mustAbs(t, lockQ) + ": old"}) || !slices.Equal(rep.Skipped, []string{strings.Repeat("0", 40)}) {
		t.Fatalf("dry run with the keeper: %+v", rep)
	}
	for _, p := range []string{oldTmp, leftover, m.rootLink(lockQ, "old")} {
		if _, err := os.Lstat(p); err != nil {
			t.Fatalf("a dry run removed %s: %v", p, err)
		}
	}

	// Without it, A goes too.
	rep, err = m.Prune(PruneOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".tmp-old", treeA, strings.Repeat("e", 40)}
	slices.Sort(want)
	if got := prunedNames(rep); !slices.Equal(got, want) {
		t.Fatalf("dry run: removed %v, want %v", got, want)
	}
	rep, err = m.Prune(PruneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := prunedNames(rep); !slices.Equal(got, want) || rep.DryRun || rep.Kept != 1 || rep.Recent != 2 {
		t.Fatalf("prune: %+v", rep)
	}
	for _, p := range []string{oldTmp, leftover, filepath.Join(trees, treeA), m.rootLink(lockQ, "old"), filepath.Dir(m.rootLink(lockQ, "old"))} {
		if _, err := os.Lstat(p); !os.IsNotExist(err) {
			t.Fatalf("%s left: %v", p, err)
		}
	}
	for _, p := range []string{freshTmp, fresh, filepath.Join(trees, treeB), filepath.Join(trees, strings.Repeat("0", 40)), filepath.Join(outside, "precious")} {
		if _, err := os.Lstat(p); err != nil {
			t.Fatalf("%s removed: %v", p, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "precious")); string(b) != "keep me" {
		t.Fatal("the planted link was followed")
	}
	// P still serves B.
	ors, err := m.Origins(lockP, "project")
	if err != nil || len(ors) != 1 || ors[0].State != "ok" {
		t.Fatalf("origins after prune: %+v, %v", ors, err)
	}
	if got := searchOrigins(t, ors, "merge"); len(got) != 1 || got[0] != "alpha-pdf" {
		t.Fatalf("search after prune: %v", got)
	}
	// An unreadable lockfile given to prune stops it before anything goes.
	bad := filepath.Join(t.TempDir(), LockFileName)
	if err := os.WriteFile(bad, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Prune(PruneOptions{Locks: []string{bad}}); err == nil || !strings.Contains(err.Error(), "nothing was pruned") {
		t.Fatalf("bad lockfile: %v", err)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
