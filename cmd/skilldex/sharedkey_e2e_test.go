package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestSessionsShareTheServerAcrossAdd: after `skilldex add` and
// `skilldex remove`, a new agent session (a second `skilldex serve` on
// stdio, as an agent starts it) and a one-shot command reach the shared
// server already running for the project (same pid, same socket, one
// catalog data dir) and see the sources as the lockfile has them now,
// without waiting for the server's lockfile watcher. With no server running,
// a cold start over the same data dir serves exactly what the lockfile
// locks after further adds and removes.
func TestSessionsShareTheServerAcrossAdd(t *testing.T) {
	srv := gittest.StartDaemon(t)
	one := gittest.NewRepo(t, srv.Base, "one")
	one.Commit("one", map[string]string{"a/SKILL.md": gittest.SkillMD("alpha-one", "Alpha skill from the first repository.", "one")})
	two := gittest.NewRepo(t, srv.Base, "two")
	two.Commit("two", map[string]string{"b/SKILL.md": gittest.SkillMD("beta-two", "Beta skill from the second repository.", "two")})
	home, project := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	writeSkill(t, filepath.Join(project, ".claude", "skills"), "own-skill", "A skill of the project's own folder.")
	sk := func(args ...string) e2etest.Result {
		t.Helper()
		return e2etest.MustRunIn(t, project, env, args...)
	}
	listed := func() []string {
		t.Helper()
		var skills []struct {
			Name string `json:"name"`
		}
		e2etest.MustJSON(t, e2etest.RunIn(t, project, env, "list", "--json"), &skills)
		var out []string
		for _, s := range skills {
			out = append(out, s.Name)
		}
		slices.Sort(out)
		return out
	}
	// servers are the shared servers of this test's user (its home names
	// their data dir).
	servers := func() []mcpshare.Status {
		t.Helper()
		var all []mcpshare.Status
		e2etest.MustJSON(t, e2etest.RunIn(t, project, env, "serve", "--status", "--json"), &all)
		var out []mcpshare.Status
		for _, st := range all {
			if strings.Contains(st.Serving, home) {
				out = append(out, st)
			}
		}
		return out
	}
	dataDirs := func() []string {
		t.Helper()
		var dirs []config.DataDir
		e2etest.MustJSON(t, e2etest.RunIn(t, project, env, "cache", "list", "--json"), &dirs)
		var out []string
		for _, d := range dirs {
			out = append(out, d.Dir)
		}
		return out
	}

	sk("add", srv.URL("one"))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	first := startLiveServe(t, ctx, project, env, "first", "--share=auto")
	if got := first.search("alpha first repository"); !strings.Contains(got, "alpha-one") {
		t.Fatalf("first session, before: %s", got)
	}
	before := servers()
	if len(before) != 1 || before[0].Stdio != 1 {
		t.Fatalf("shared servers at the start: %+v", before)
	}
	dirs := dataDirs()
	if len(dirs) != 1 {
		t.Fatalf("catalog data dirs at the start: %v", dirs)
	}

	// Added, and a new session at once: the same server, which serves
	// the new source to it on its first search.
	sk("add", srv.URL("two"))
	second := startLiveServe(t, ctx, project, env, "second", "--share=auto")
	if got := second.search("beta second repository"); !strings.Contains(got, "beta-two") {
		t.Fatalf("second session right after add: %s", got)
	}
	if got := second.search("alpha first repository"); !strings.Contains(got, "alpha-one") {
		t.Fatalf("second session lost the first source: %s", got)
	}
	after := servers()
	if len(after) != 1 || after[0].PID != before[0].PID || after[0].Socket != before[0].Socket || after[0].Stdio != 2 {
		t.Fatalf("after add, a second session reached another server:\nbefore %+v\nafter  %+v", before, after)
	}
	// Its status names the one data dir and the roots it serves now.
	if sv := after[0].Serving; !strings.HasPrefix(sv, "data dir "+dirs[0]+";") || !strings.Contains(sv, string(filepath.Separator)+"two") {
		t.Fatalf("status after add: %s (data dir %s)", sv, dirs[0])
	}
	// The first session, on the same server, has it too.
	if got := first.search("beta second repository"); !strings.Contains(got, "beta-two") {
		t.Fatalf("first session after add: %s", got)
	}

	// Removed, and a one-shot command at once: answered by the same
	// server, without the removed source.
	sk("remove", "one")
	if got := listed(); !slices.Equal(got, []string{"beta-two", "own-skill"}) {
		t.Fatalf("list right after remove: %v", got)
	}
	st := servers()
	if len(st) != 1 || st[0].PID != before[0].PID || st[0].CLICalls == 0 {
		t.Fatalf("the one-shot command did not ask the running server: %+v", st)
	}
	if got := dataDirs(); !slices.Equal(got, dirs) {
		t.Fatalf("catalog data dirs after add and remove: %v, want %v", got, dirs)
	}

	// Cold: no server; the sources change again; a one-shot command opens
	// the same data dir and serves exactly the lockfile's sources.
	first.close()
	second.close()
	sk("serve", "--stop")
	for len(servers()) > 0 {
		select {
		case <-ctx.Done():
			t.Fatalf("the shared server never stopped: %+v", servers())
		case <-time.After(50 * time.Millisecond):
		}
	}
	sk("add", srv.URL("one"))
	sk("remove", "two")
	if got := listed(); !slices.Equal(got, []string{"alpha-one", "own-skill"}) {
		t.Fatalf("cold list after add and remove: %v", got)
	}
	if res := sk("search", "beta second repository"); strings.Contains(res.Stdout, "beta-two") {
		t.Fatalf("cold search finds the removed source: %s", res.Stdout)
	}
	if got := dataDirs(); !slices.Equal(got, dirs) {
		t.Fatalf("catalog data dirs after the cold start: %v, want %v", got, dirs)
	}
	// A new session starts a server over that data dir, which serves the
	// same.
	third := startLiveServe(t, ctx, project, env, "third", "--share=auto")
	if got := third.search("alpha first repository"); !strings.Contains(got, "alpha-one") {
		t.Fatalf("new server: %s", got)
	}
	if got := third.search("beta second repository"); strings.Contains(got, "beta-two") {
		t.Fatalf("new server serves the removed source: %s", got)
	}
	if st := servers(); len(st) != 1 || st[0].PID == before[0].PID || st[0].Socket != before[0].Socket {
		t.Fatalf("the new server: %+v (the first was %+v)", st, before[0])
	}
}
