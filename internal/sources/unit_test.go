package sources

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		in, url, ref, secret, err string
	}{
		{in: "https://github.com/org/skills.git#v1.2", url: "https://github.com/org/skills.git", ref: "v1.2"},
		{in: "https://ghp_tok@github.com/org/skills", url: "https://github.com/org/skills", secret: "ghp_tok"},
		{in: "https://user:pa55@host/x.git#main", url: "https://host/x.git", ref: "main", secret: "user:pa55"},
		{in: "ssh://git:pw@host/x.git", url: "ssh://git@host/x.git", secret: "pw"},
		{in: "git@github.com:org/skills.git#abc1234", url: "git@github.com:org/skills.git", ref: "abc1234"},
		{in: "git://127.0.0.1:9418/x", url: "git://127.0.0.1:9418/x"},
		{in: dir, url: dir},
		{in: "ftp://host/x", err: "scheme ftp is not supported"},
		{in: "ext::sh -c evil", err: "neither a git URL"},
		{in: "https://host/x#", err: "empty ref"},
		{in: "https://host/x#--upload-pack=evil", err: "not a branch, tag or commit"},
		{in: "https://host/x#a..b", err: "not a branch, tag or commit"},
		{in: "-oProxyCommand=evil", err: "cannot start with '-'"},
		{in: filepath.Join(dir, "missing"), err: "neither a git URL"},
	} {
		sp, err := ParseSpec(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.in, err, c.err)
			}
			if err != nil && (strings.Contains(err.Error(), "pa55") || strings.Contains(err.Error(), "ghp_tok")) {
				t.Errorf("%s: error shows a secret: %v", c.in, err)
			}
			continue
		}
		if err != nil || sp.URL != c.url || sp.Ref != c.ref || sp.secret != c.secret {
			t.Errorf("%s: got %+v, %v; want url %s ref %s secret %s", c.in, sp, err, c.url, c.ref, c.secret)
		}
	}
}

func TestDefaultName(t *testing.T) {
	for in, want := range map[[2]string]string{
		{"https://github.com/anthropics/skills.git", ""}:    "skills",
		{"git@github.com:org/my repo.git", ""}:              "my-repo",
		{"https://github.com/org/monorepo", "tools/skills"}: "skills",
		{"/srv/git/catalog/", ""}:                           "catalog",
	} {
		if got := DefaultName(in[0], in[1]); got != want {
			t.Errorf("DefaultName(%q, %q) = %q, want %q", in[0], in[1], got, want)
		}
	}
}

func TestResolvesInside(t *testing.T) {
	targets := map[string]string{
		"a/ok":      "../b/file",
		"a/self":    ".",
		"a/up":      "self/../..",
		"a/out":     "../../x",
		"a/loop":    "loop2",
		"a/loop2":   "loop",
		"a/viaLink": "self/file",
		"a/git":     "../.git/config",
	}
	for p, want := range map[string]bool{"a/ok": true, "a/self": true, "a/up": false, "a/out": false, "a/loop": false, "a/viaLink": true, "a/git": false} {
		if got := resolvesInside(p, targets); got != want {
			t.Errorf("%s -> %s: inside %v, want %v", p, targets[p], got, want)
		}
	}
	for _, name := range []string{".git", ".GIT", ".git.", ".git ", "git~1"} {
		if !isGitName(name) {
			t.Errorf("%q not taken for .git", name)
		}
	}
}

// TestReadLockRefusesHostileEntries: a lockfile comes with a project,
// so its entries are checked before git sees them.
func TestReadLockRefusesHostileEntries(t *testing.T) {
	good := `{"sources":{"s":{"commit":"` + strings.Repeat("a", 40) + `","kind":"branch","ref":"main","skills":{},"url":"https://host/x.git"}},"version":1}`
	for name, body := range map[string]string{
		"option url":   strings.Replace(good, "https://host/x.git", "--upload-pack=touch /tmp/x", 1),
		"token in url": strings.Replace(good, "https://host", "https://tok@host", 1),
		"ext url":      strings.Replace(good, "https://host/x.git", "ext::sh -c id", 1),
		"bad name":     strings.Replace(good, `"s":`, `"../s":`, 1),
		"short commit": strings.Replace(good, strings.Repeat("a", 40), "abc", 1),
		"path escape":  strings.Replace(good, `"ref"`, `"path":"../..","ref"`, 1),
		"git path":     strings.Replace(good, `"ref"`, `"path":"a/.git","ref"`, 1),
		"unknown key":  strings.Replace(good, `"ref"`, `"hook":"x","ref"`, 1),
		"version 2":    strings.Replace(good, `"version":1`, `"version":2`, 1),
	} {
		p := filepath.Join(t.TempDir(), LockFileName)
		os.WriteFile(p, []byte(body), 0o644)
		if _, err := ReadLock(p); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	p := filepath.Join(t.TempDir(), LockFileName)
	os.WriteFile(p, []byte(good), 0o644)
	l, err := ReadLock(p)
	if err != nil {
		t.Fatal(err)
	}
	// Marshal is deterministic, keys sorted.
	b1, _ := l.Marshal()
	b2, _ := l.Marshal()
	if string(b1) != string(b2) || !strings.Contains(string(b1), "\"commit\": \""+strings.Repeat("a", 40)+"\",\n      \"kind\"") {
		t.Fatalf("marshal:\n%s", b1)
	}
}

func TestBytes(t *testing.T) {
	for in, want := range map[string]int64{"50MB": 50e6, "1GB": 1e9, "512KiB": 512 << 10, "1000": 1000, "1.5M": 1.5e6} {
		if got, err := ParseBytes(in); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v", in, got, err)
		}
	}
	if _, err := ParseBytes("lots"); err == nil {
		t.Error("ParseBytes(lots) accepted")
	}
}

// TestWriteLockRefusesLink: a lockfile that is a link (planted by a
// cloned repository) is not written through.
func TestWriteLockRefusesLink(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lockPath := filepath.Join(dir, LockFileName)
	if err := os.Symlink(victim, lockPath); err != nil {
		t.Fatal(err)
	}
	if err := WriteLock(lockPath, &Lock{}); err == nil {
		t.Fatal("wrote through a link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Fatalf("victim changed: %q", b)
	}
}

// TestResolvesInsideMatchesFilesystem checks the tree-link resolution
// against the kernel's: random trees of folders and links are written to
// disk inside an outer folder, and for every link that resolves
// (filepath.EvalSymlinks), resolvesInside must say inside exactly when
// the real path is inside the tree; loops must be refused.
func TestResolvesInsideMatchesFilesystem(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	comps := []string{".", "..", "d1", "d2", "l1", "l2", "l3"}
	places := []string{"", "d1/", "d1/d2/", "d2/"}
	checked := 0
	for iter := 0; iter < 300; iter++ {
		outer := t.TempDir()
		tree := filepath.Join(outer, "t")
		for _, d := range []string{"t/d1/d2", "t/d2", "d1", "d2"} {
			if err := os.MkdirAll(filepath.Join(outer, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		targets := map[string]string{}
		for _, l := range []string{"l1", "l2", "l3"} {
			p := places[rng.IntN(len(places))] + l
			var parts []string
			for n := 1 + rng.IntN(4); n > 0; n-- {
				parts = append(parts, comps[rng.IntN(len(comps))])
			}
			targets[p] = strings.Join(parts, "/")
			if err := os.Symlink(targets[p], filepath.Join(tree, p)); err != nil {
				t.Fatal(err)
			}
		}
		for p, target := range targets {
			real, err := filepath.EvalSymlinks(filepath.Join(tree, p))
			got := resolvesInside(p, targets)
			if err != nil {
				if strings.Contains(err.Error(), "too many links") && got {
					t.Errorf("%v: %s -> %s is a loop, taken as inside", targets, p, target)
				}
				continue // dangling: nothing to compare with
			}
			realTree, _ := filepath.EvalSymlinks(tree)
			inside := real == realTree || strings.HasPrefix(real, realTree+string(filepath.Separator))
			if got != inside {
				t.Errorf("%v: %s -> %s resolves to %s (inside %v), resolvesInside says %v", targets, p, target, real, inside, got)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d links resolved: the generator needs more folders", checked)
	}
}
