package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestServeFollowsLockfile: a running serve (no --refresh-sources) serves
// a source `skilldex add` locked after it started, without a restart: the
// client gets list_changed and search_skills finds the skill; `skilldex
// remove` takes it away again; a lockfile entry the cache lacks is logged
// with what to run. In process and through the shared server.
func TestServeFollowsLockfile(t *testing.T) {
	for _, share := range []string{"off", "auto"} {
		t.Run("share="+share, func(t *testing.T) { testServeFollowsLockfile(t, share) })
	}
}

func testServeFollowsLockfile(t *testing.T, share string) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "live")
	r.Commit("one", map[string]string{"a/SKILL.md": gittest.SkillMD("alpha-live", "Alpha skill for live tests.", "one")})
	home, project := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	// A folder of the project's own, so the catalog is not empty.
	writeSkill(t, filepath.Join(project, ".claude", "skills"), "own-skill", "A skill of the project's own folder.")
	sk := func(args ...string) e2etest.Result {
		t.Helper()
		return e2etest.MustRunIn(t, project, env, args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	live := startLiveServe(t, ctx, project, env, "follow", "--share="+share)
	changed, stderr, search := live.changed, live.stderr, live.search
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for !ok() {
			select {
			case <-changed:
			case <-time.After(200 * time.Millisecond):
			case <-ctx.Done():
				t.Fatalf("%s never happened; serve's stderr:\n%s", what, stderr.String())
			}
		}
	}
	if got := search("own skill project folder"); !strings.Contains(got, "own-skill") {
		t.Fatalf("before: %s", got)
	}
	if got := search("alpha live"); strings.Contains(got, "alpha-live") {
		t.Fatalf("served before it was added: %s", got)
	}
	// Drain what the start may have sent.
	for len(changed) > 0 {
		<-changed
	}

	sk("add", srv.URL("live")+"#main")
	select {
	case <-changed:
	case <-ctx.Done():
		t.Fatalf("no list_changed after skilldex add; serve's stderr:\n%s", stderr.String())
	}
	waitFor("the added source's skill in search", func() bool { return strings.Contains(search("alpha live"), "alpha-live") })
	if got := search("own skill project folder"); !strings.Contains(got, "own-skill") {
		t.Fatalf("the project's own skill went: %s", got)
	}

	sk("remove", "live")
	waitFor("the removed source's skill gone from search", func() bool { return !strings.Contains(search("alpha live"), "alpha-live") })

	if share != "off" {
		return // the daemon logs to its own stderr
	}
	// A hand-written entry the cache lacks: logged with what to run.
	lock := filepath.Join(project, "skilldex.lock")
	if err := os.WriteFile(lock, []byte(`{"sources": {"later": {"url": "`+srv.URL("live")+`"}}, "version": 1}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("the unfetched source reported", func() bool {
		return strings.Contains(stderr.String(), "source later in "+lock+" is not locked") && strings.Contains(stderr.String(), "run skilldex sync")
	})
	sk("sync")
	waitFor("the synced source's skill in search", func() bool { return strings.Contains(search("alpha live"), "alpha-live") })
}
