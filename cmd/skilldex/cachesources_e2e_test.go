package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestCacheListFollowsLockfile: cache list shows a catalog's git sources
// as its lockfile locks them now, not as they were when the catalog was
// last opened: after skilldex add it lists the new source, after
// skilldex remove no longer the removed one, with no catalog opened in
// between (piped, --json and in a terminal). A lockfile that is gone or
// broken shows the recorded sources, marked.
func TestCacheListFollowsLockfile(t *testing.T) {
	srv := gittest.StartDaemon(t)
	gittest.NewRepo(t, srv.Base, "one").Commit("one", map[string]string{
		"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "Use pdftotext.")})
	gittest.NewRepo(t, srv.Base, "two").Commit("one", map[string]string{
		"skills/beta/SKILL.md": gittest.SkillMD("beta-csv", "Clean CSV files.", "Read the file.")})
	home, project := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	sk := func(args ...string) e2etest.Result {
		t.Helper()
		return e2etest.MustRunIn(t, project, env, args...)
	}
	lockPath := filepath.Join(project, sources.LockFileName)
	m := &sources.Manager{Cache: filepath.Join(home, ".cache", "skilldex", "sources")}
	link := func(name string) string { return m.RootLink(lockPath, name) }

	sk("add", srv.URL("one")+"#main", "--path", "skills", "--name", "one")
	sk("list") // opens the catalog: its record names source one
	sk("add", srv.URL("two")+"#main", "--path", "skills", "--name", "two")

	// The data dir's record still says what the catalog was opened with:
	// what cache list shows of two comes from the lockfile.
	var entries []config.DataDir
	e2etest.MustJSON(t, sk("cache", "list", "--json"), &entries)
	if len(entries) != 1 {
		t.Fatalf("want the project's catalog alone, got %+v", entries)
	}
	recFile := filepath.Join(entries[0].Dir, config.CatalogRecordFile)
	recorded, err := os.ReadFile(recFile)
	must(t, err)
	if !strings.Contains(string(recorded), link("one")) || strings.Contains(string(recorded), link("two")) {
		t.Fatalf("the catalog was opened in between or never recorded: %s", recorded)
	}
	sourcesOf := func(e config.DataDir) map[string]config.ListedRoot {
		out := map[string]config.ListedRoot{}
		for _, r := range e.Roots {
			if r.Source != "" {
				out[r.Source] = r
			}
		}
		return out
	}
	got := sourcesOf(entries[0])
	if len(got) != 2 || got["one"].Path != link("one") || got["two"].Path != link("two") ||
		got["two"].Lock != lockPath || got["two"].Label != "project" || got["two"].LockError != "" {
		t.Fatalf("cache list --json after add: %+v", entries[0].Roots)
	}
	// Piped: the documented columns, the source in SKILL FOLDERS.
	rows := cacheRows(t, sk("cache", "list").Stdout)
	if len(rows) != 1 || !strings.Contains(rows[0][4], link("two")+" (source two in "+lockPath+")") ||
		!strings.Contains(rows[0][4], link("one")+" (source one in "+lockPath+")") {
		t.Fatalf("cache list after add: %q", rows)
	}

	sk("remove", "one")
	e2etest.MustJSON(t, sk("cache", "list", "--json"), &entries)
	if got := sourcesOf(entries[0]); len(got) != 1 || got["two"].Path != link("two") {
		t.Fatalf("cache list --json after remove: %+v", entries[0].Roots)
	}
	rows = cacheRows(t, sk("cache", "list").Stdout)
	if len(rows) != 1 || strings.Contains(rows[0][4], "source one") || !strings.Contains(rows[0][4], "source two") {
		t.Fatalf("cache list after remove: %q", rows)
	}
	if now, _ := os.ReadFile(recFile); string(now) != string(recorded) {
		t.Fatalf("cache list rewrote the record: %s", now)
	}
	// In a terminal (util-linux script), wide enough for the cell.
	if _, err := exec.LookPath("script"); err == nil {
		c := exec.Command("script", "-qefc", "stty cols 4000; "+shellQuote(binary(t))+" cache list", "/dev/null")
		c.Dir, c.Env = project, append(env, "TERM=xterm")
		out, err := c.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "source two in") || strings.Contains(string(out), "source one") {
			t.Fatalf("cache list in a terminal: %v\n%s", err, out)
		}
	} else {
		t.Log("util-linux script not installed: the terminal run of skilldex cache list is skipped")
	}

	// A lockfile gone or broken: the recorded sources, marked, not none.
	for _, tc := range []struct{ content, why string }{
		{"", "lockfile gone"},
		{"{broken", "not a skilldex lockfile"},
	} {
		if err := os.Remove(lockPath); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if tc.content != "" {
			must(t, os.WriteFile(lockPath, []byte(tc.content), 0o644))
		}
		e2etest.MustJSON(t, sk("cache", "list", "--json"), &entries)
		got := sourcesOf(entries[0])
		if len(got) != 1 || got["one"].Path != link("one") || !strings.Contains(got["one"].LockError, tc.why) {
			t.Fatalf("%s: cache list --json: %+v", tc.why, entries[0].Roots)
		}
		rows = cacheRows(t, sk("cache", "list").Stdout)
		if want := "(source one in " + lockPath + ", as last recorded: "; len(rows) != 1 || !strings.Contains(rows[0][4], want) ||
			!strings.Contains(rows[0][4], tc.why) || strings.Contains(rows[0][4], "source two") {
			t.Fatalf("%s: cache list: %q", tc.why, rows)
		}
	}
}

// cacheRows are the rows of cache list's piped table, checking its
// header.
func cacheRows(t *testing.T, out string) [][]string {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if lines[0] != "DATA DIR\tSIZE\tLAST USED\tSTATE\tSKILL FOLDERS" {
		t.Fatalf("cache list header: %q", lines[0])
	}
	var rows [][]string
	for _, l := range lines[1:] {
		cells := strings.Split(l, "\t")
		if len(cells) != 5 {
			t.Fatalf("cache list row: %q", l)
		}
		rows = append(rows, cells)
	}
	return rows
}
