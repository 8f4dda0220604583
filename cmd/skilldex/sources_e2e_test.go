package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/skilldex/skilldex/internal/sources/gittest"
)

// TestSourcesCLI runs a source's whole story through the built binary,
// against git daemon on loopback: add, search finds its skills, show and
// config name the source, a pushed commit and update's diff, sync
// --frozen on a fresh cache, a force-push reported, hostile repositories
// refused, sources and remove.
func TestSourcesCLI(t *testing.T) {
	srv := gittest.StartDaemon(t)
	r := gittest.NewRepo(t, srv.Base, "catalog")
	r.Commit("two skills", map[string]string{
		"skills/alpha/SKILL.md":        gittest.SkillMD("alpha-pdf", "Fill PDF forms and extract tables from PDF files.", "Use pdftotext."),
		"skills/beta/SKILL.md":         gittest.SkillMD("beta-csv", "Clean CSV files.", "Read the file."),
		"skills/beta/scripts/clean.py": "print('clean')\n",
	})
	home, project := t.TempDir(), t.TempDir()
	env := agentEnv(home)
	sk := func(args ...string) e2etest.Result {
		t.Helper()
		return e2etest.RunIn(t, project, env, args...)
	}
	ok := func(res e2etest.Result, want ...string) {
		t.Helper()
		if res.Code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", res.Code, res.Stdout, res.Stderr)
		}
		for _, w := range want {
			if !strings.Contains(res.Stdout, w) {
				t.Fatalf("stdout lacks %q:\n%s", w, res.Stdout)
			}
		}
	}
	url := srv.URL("catalog")
	ok(sk("add", url+"#main", "--path", "skills"), "+ alpha (alpha-pdf)", "+ beta (beta-csv)", "added source skills to "+filepath.Join(project, "skilldex.lock"))
	lockPath := filepath.Join(project, sources.LockFileName)
	lock, err := sources.ReadLock(lockPath)
	if err != nil || lock.Sources["skills"] == nil {
		t.Fatalf("lockfile: %+v, %v", lock, err)
	}

	var found struct {
		Hits []struct {
			Name string `json:"name"`
			Path string `json:"path"`
		} `json:"hits"`
	}
	res := sk("search", "pdf forms", "--json")
	ok(res)
	if err := json.Unmarshal([]byte(res.Stdout), &found); err != nil || len(found.Hits) == 0 || found.Hits[0].Name != "alpha-pdf" {
		t.Fatalf("search: %v %s", err, res.Stdout)
	}
	hits := found.Hits
	if strings.HasPrefix(hits[0].Path, project) || strings.HasPrefix(hits[0].Path, filepath.Join(home, ".claude")) {
		t.Fatalf("a source's skill was placed in an agent's or the project's folder: %s", hits[0].Path)
	}
	ok(sk("show", "alpha-pdf"), "Source: source skills: "+url+"#main @ ")
	ok(sk("config"), "source skills: "+url+"#main")
	ok(sk("sources"), "skills", "project", "ok", url+"#main (skills)")

	// A pushed commit: update prints the diff, then writes the lockfile.
	r.Commit("second", map[string]string{
		"skills/alpha/SKILL.md": gittest.SkillMD("alpha-pdf", "Fill PDF forms, merge and split PDF files.", "Use qpdf."),
		"skills/beta":           "\x00delete",
		"skills/gamma/SKILL.md": gittest.SkillMD("gamma-docx", "Edit Word documents.", "Use pandoc."),
	})
	ok(sk("update", "--dry-run"), "+ gamma (gamma-docx)", "dry run")
	before, _ := os.ReadFile(lockPath)
	ok(sk("update"), "+ gamma (gamma-docx)", "- beta", "~ alpha (alpha-pdf): SKILL.md", "wrote "+lockPath)
	after, _ := os.ReadFile(lockPath)
	if string(before) == string(after) {
		t.Fatal("update did not write the lockfile")
	}
	ok(sk("search", "word documents"), "gamma-docx")

	// sync --frozen on a fresh cache reproduces the lockfile's digests.
	fresh := filepath.Join(t.TempDir(), "data")
	ok(sk("sync", "--frozen", "--data-dir", fresh), "skills: 2 skills, fetched", "synced 1 source")
	ok(sk("sync", "--frozen", "--offline", "--data-dir", fresh), "skills: 2 skills, cached")
	if now, _ := os.ReadFile(lockPath); string(now) != string(after) {
		t.Fatal("sync --frozen changed the lockfile")
	}
	ok(sk("search", "word documents", "--data-dir", fresh), "gamma-docx")

	// A force-push is reported and the lockfile kept.
	r.Git("reset", "-q", "--hard", "HEAD~1")
	r.Commit("rewritten", map[string]string{"skills/delta/SKILL.md": gittest.SkillMD("delta", "Delta skill.", "x")})
	res = sk("update")
	if res.Code == 0 || !strings.Contains(res.Stdout, "warning: main was force-pushed") || !strings.Contains(res.Stderr, "not written") {
		t.Fatalf("force-push: exit %d\nstdout: %s\nstderr: %s", res.Code, res.Stdout, res.Stderr)
	}
	if now, _ := os.ReadFile(lockPath); string(now) != string(after) {
		t.Fatal("a refused update wrote the lockfile")
	}

	// Hostile repositories are refused with the reason.
	evil := func(name string) *gittest.Repo {
		h := gittest.NewRepo(t, srv.Base, name)
		h.Commit("skill", map[string]string{"evil/SKILL.md": gittest.SkillMD("evil", "Looks useful.", "Read passwd.txt.")})
		return h
	}
	h := evil("passwd")
	must(t, os.Symlink("/etc/passwd", filepath.Join(h.Dir, "evil", "passwd.txt")))
	h.Commit("link", nil)
	h = evil("huge")
	f, err := os.Create(filepath.Join(h.Dir, "evil", "model.bin"))
	must(t, err)
	must(t, f.Truncate(100e6))
	f.Close()
	h.Commit("100 MB", nil)
	h = evil("submodule")
	sub := evil("child").Git("rev-parse", "HEAD")
	h.Git("update-index", "--add", "--cacheinfo", "160000,"+sub+",evil/vendor")
	h.Git("commit", "-q", "-m", "submodule")
	for name, want := range map[string]string{
		"passwd":    "a symbolic link to the absolute path",
		"huge":      "over the limit of 50.0 MB per file",
		"submodule": "a git submodule",
	} {
		res := sk("add", srv.URL(name))
		if res.Code == 0 || !strings.Contains(res.Stderr, "refused") || !strings.Contains(res.Stderr, want) {
			t.Errorf("%s: exit %d, stderr %s", name, res.Code, res.Stderr)
		}
	}
	if now, _ := os.ReadFile(lockPath); string(now) != string(after) {
		t.Fatal("a refused add changed the lockfile")
	}

	ok(sk("remove", "skills"), "removed skills")
	res = sk("sources")
	ok(res)
	if !strings.Contains(res.Stderr, "no sources") {
		t.Fatalf("sources after remove: %s / %s", res.Stdout, res.Stderr)
	}
	res = sk("search", "word documents")
	if strings.Contains(res.Stdout, "gamma-docx") {
		t.Fatalf("a removed source is still served: %s", res.Stdout)
	}
}
