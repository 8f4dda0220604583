package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestServeSourcesFollowsLock: with the catalog open and a Follower
// running without --refresh-sources, a source added to the lockfile is
// served after the folder (which keeps its shadowing), a lockfile broken
// by hand keeps the roots it had, an entry the cache lacks is logged with
// what to run and nothing is fetched, and a removed source's skills go.
func TestServeSourcesFollowsLock(t *testing.T) {
	knobs(t, time.Hour, lockPoll) // the watcher follows, not the safety net
	fx := newFollowFixture(t)
	// A repository whose source also has a skill named like the folder's.
	gittest.NewRepo(t, fx.srv.Base, "shadow").Commit("one", map[string]string{
		"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "fetched"),
		"skills/mine/SKILL.md":  gittest.SkillMD("mine", "The fetched copy of mine.", "fetched"),
	})
	folder := fx.base[0].Path
	lockPath := filepath.Join(t.TempDir(), LockFileName)
	m, cat, logs := fx.m, fx.cat, fx.logs
	fx.run(t, fx.follower([][2]string{{lockPath, "project"}}))
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		fx.waitFor(t, what, ok)
	}
	served := func(name string) (index.Skill, bool) {
		for _, s := range cat.List(index.ListOptions{}) {
			if s.Name == name {
				return s, true
			}
		}
		return index.Skill{}, false
	}

	fx.add(t, lockPath, "shadow")
	// Roots reports the new roots just after the refresh has published
	// the skills under them: wait for both.
	waitFor("the added source served", func() bool { _, ok := served("alpha-pdf"); return ok && len(cat.Roots()) == 2 })
	if s, _ := served("mine"); s.Dir != filepath.Join(folder, "mine") {
		t.Fatalf("the folder's skill lost its name to the source: %+v", s)
	}
	if roots := cat.Roots(); len(roots) != 2 || roots[1].Path != m.RootLink(lockPath, "skills") || roots[1].Label != "project" {
		t.Fatalf("roots %+v", roots)
	}

	// Broken by hand: logged, the roots kept.
	good, _ := os.ReadFile(lockPath)
	if err := os.WriteFile(lockPath, []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("the broken lockfile logged", func() bool { return strings.Contains(logs.String(), "cannot read the lockfile") })
	if _, ok := served("alpha-pdf"); !ok || len(cat.Roots()) != 2 {
		t.Fatal("a broken lockfile dropped its sources")
	}
	if err := os.WriteFile(lockPath, good, 0o644); err != nil {
		t.Fatal(err)
	}

	// An entry the cache lacks: logged once, nothing fetched.
	lock, err := ReadLock(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	lock.Sources["later"] = &LockedSource{URL: fx.srv.URL("catalog")}
	if err := WriteLock(lockPath, lock); err != nil {
		t.Fatal(err)
	}
	waitFor("the unlocked entry logged", func() bool {
		return strings.Contains(logs.String(), "source later in "+lockPath+" is not locked") && strings.Contains(logs.String(), "run skilldex sync")
	})
	if _, err := os.Lstat(m.RootLink(lockPath, "later")); !os.IsNotExist(err) {
		t.Fatalf("the follower fetched without --refresh-sources: %v", err)
	}

	// Removed: its skills go, the folder's copy of mine stays.
	if _, err := m.Remove(lockPath, "skills"); err != nil {
		t.Fatal(err)
	}
	waitFor("the removed source gone", func() bool { _, ok := served("alpha-pdf"); return !ok })
	if s, ok := served("mine"); !ok || s.Dir != filepath.Join(folder, "mine") {
		t.Fatalf("mine after remove: %+v %v", s, ok)
	}
	if n := strings.Count(logs.String(), "source later in"); n != 1 {
		t.Fatalf("the unlocked entry was logged %d times:\n%s", n, logs.String())
	}
}

// TestFollowerCatchUp: CatchUp serves a source added to the lockfile
// before it returns, without the poll (Run never runs here), and a
// removed one's skills are gone when it returns; with nothing changed it
// leaves the catalog alone.
func TestFollowerCatchUp(t *testing.T) {
	fx := newFollowFixture(t)
	lockPath := filepath.Join(t.TempDir(), LockFileName)
	cat := fx.cat
	changes := 0
	cat.Subscribe(func(index.Change) { changes++ }) // refreshes run on the caller's goroutine here
	f := fx.follower([][2]string{{lockPath, "project"}})
	served := fx.served
	f.CatchUp(ctxT(t)) // no lockfile yet: the roots stay
	if len(cat.Roots()) != 1 || changes != 0 {
		t.Fatalf("roots %v, %d changes", cat.Roots(), changes)
	}

	fx.add(t, lockPath, "catalog")
	f.CatchUp(ctxT(t))
	if !served("alpha-pdf") || len(cat.Roots()) != 2 {
		t.Fatalf("after add and CatchUp: roots %v", cat.Roots())
	}
	before := changes
	f.CatchUp(ctxT(t))
	if changes != before {
		t.Fatal("CatchUp with nothing changed changed the catalog")
	}

	if _, err := fx.m.Remove(lockPath, "skills"); err != nil {
		t.Fatal(err)
	}
	f.CatchUp(ctxT(t))
	if served("alpha-pdf") || !served("mine") || len(cat.Roots()) != 1 {
		t.Fatalf("after remove and CatchUp: roots %v", cat.Roots())
	}
}
