package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestSourcesPruneCLI: sources prune in this process (execute, as main
// does), after an update left the old commit's tree behind: a dry run
// says what would go and removes nothing, prune removes it and the
// catalog still serves the new commit; a link planted in trees/ is left
// alone.
func TestSourcesPruneCLI(t *testing.T) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "catalog")
	first := r.Commit("one", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "one")})
	_, home := fakeUser(t)
	ok := func(res result, want ...string) {
		t.Helper()
		if res.code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", res.code, res.stdout, res.stderr)
		}
		for _, w := range want {
			if !strings.Contains(res.stdout, w) {
				t.Fatalf("stdout lacks %q:\n%s\nstderr: %s", w, res.stdout, res.stderr)
			}
		}
	}
	ok(cli(t, "add", srv.URL("catalog")+"#main", "--path", "skills"))
	ok(cli(t, "sources", "prune"), "removed 0 trees, freed 0 B; 1 tree in use kept")
	r.Commit("two", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms and merge them.", "two")})
	ok(cli(t, "update"))
	trees := filepath.Join(home, ".cache", "skilldex", "sources", "trees")
	old := filepath.Join(trees, first+"-"+pathHash("skills"))
	backdate(t, old)
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "precious"), "keep me")
	if err := os.Symlink(outside, filepath.Join(trees, "planted")); err != nil {
		t.Fatal(err)
	}

	res := cli(t, "sources", "prune", "--dry-run")
	ok(res, "would remove "+old+" (", "would remove 1 tree, would free ", "1 tree in use kept")
	if !strings.Contains(res.stderr, "left "+filepath.Join(trees, "planted")+" alone") {
		t.Fatalf("the planted link is not reported:\n%s", res.stderr)
	}
	if _, err := os.Stat(old); err != nil {
		t.Fatal("a dry run removed the tree")
	}
	var rep sources.PruneReport
	res = cli(t, "sources", "prune", "--dry-run", "--json")
	ok(res)
	if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil || len(rep.Removed) != 1 || !rep.DryRun || rep.Bytes <= 0 {
		t.Fatalf("--json: %v %s", err, res.stdout)
	}
	ok(cli(t, "sources", "prune"), "removed "+old+" (", "removed 1 tree, freed ")
	if _, err := os.Lstat(old); !os.IsNotExist(err) {
		t.Fatalf("the old tree is left: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(outside, "precious")); err != nil || string(b) != "keep me" {
		t.Fatalf("the planted link was followed: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(trees, "planted")); err != nil {
		t.Fatalf("the planted link was removed: %v", err)
	}
	ok(cli(t, "search", "merge"), "alpha-pdf")
	// A bad --lock stops it, nothing removed.
	bad := filepath.Join(t.TempDir(), "skilldex.lock")
	writeFile(t, bad, "{not json")
	if res := cli(t, "sources", "prune", "--lock", bad); res.code == 0 || !strings.Contains(res.stderr, "nothing was pruned") {
		t.Fatalf("bad --lock: %d %s", res.code, res.stderr)
	}
}

// TestSourcesPrunePiped runs sources prune from the built binary, piped
// and (with util-linux script) in a pseudo-terminal.
func TestSourcesPrunePiped(t *testing.T) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "catalog")
	first := r.Commit("one", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms.", "one")})
	home, project := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	sk := func(args ...string) e2etest.Result {
		t.Helper()
		return e2etest.MustRunIn(t, project, env, args...)
	}
	// Before anything was added there is no cache: said, not a silent 0.
	if res := sk("sources", "prune"); !strings.Contains(res.Stderr, "no sources cache at ") || !strings.Contains(res.Stdout, "removed 0 trees") {
		t.Fatalf("prune without a cache:\n%s\n%s", res.Stdout, res.Stderr)
	}
	sk("add", srv.URL("catalog")+"#main", "--path", "skills")
	r.Commit("two", map[string]string{"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms and merge them.", "two")})
	sk("update")
	// Just written, the old tree is kept (an add may be about to link
	// it); an hour later it goes.
	if res := sk("sources", "prune", "--dry-run"); !strings.Contains(res.Stdout, "would remove 0 trees") || !strings.Contains(res.Stderr, "kept 1 tree written in the last hour") {
		t.Fatalf("piped dry run of a fresh tree:\n%s\n%s", res.Stdout, res.Stderr)
	}
	backdate(t, filepath.Join(home, ".cache", "skilldex", "sources", "trees", first+"-"+pathHash("skills")))
	if res := sk("sources", "prune", "--dry-run"); !strings.Contains(res.Stdout, first) || !strings.Contains(res.Stdout, "would remove 1 tree") {
		t.Fatalf("piped dry run:\n%s", res.Stdout)
	}
	if _, err := exec.LookPath("script"); err == nil {
		c := exec.Command("script", "-qefc", shellQuote(binary(t))+" sources prune", "/dev/null")
		c.Dir, c.Env = project, append(env, "TERM=xterm")
		out, err := c.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "removed 1 tree, freed ") || !strings.Contains(string(out), first) {
			t.Fatalf("prune in a terminal: %v\n%s", err, out)
		}
	} else {
		t.Log("util-linux script not installed: prune runs piped instead of in a terminal")
		if res := sk("sources", "prune"); !strings.Contains(res.Stdout, "removed 1 tree") {
			t.Fatalf("piped prune:\n%s", res.Stdout)
		}
	}
	if res := sk("sources", "prune"); !strings.Contains(res.Stdout, "removed 0 trees") {
		t.Fatalf("second prune:\n%s", res.Stdout)
	}
	if res := sk("search", "merge"); !strings.Contains(res.Stdout, "alpha-pdf") {
		t.Fatalf("search after prune:\n%s", res.Stdout)
	}
}

// pathHash is the suffix a tree's folder name gets for a --path
// (sources.Manager's treeDir).
func pathHash(p string) string {
	sum := sha256.Sum256([]byte(p))
	return hex.EncodeToString(sum[:4])
}

// backdate sets the modification time of the tree folder dir two hours
// back, past prune's grace period.
func backdate(t *testing.T, dir string) {
	t.Helper()
	long := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(dir, long, long); err != nil {
		t.Fatal(err)
	}
}
