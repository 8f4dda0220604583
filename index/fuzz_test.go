package index

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/hostile"
)

// Seed corpora: the f.Add calls below (the hostile paths), plus link
// targets taken from SKILL.md files of ../shared/corpus in
// testdata/fuzz/<FuzzName>/ (go test fuzz v1 format).

func FuzzCleanRel(f *testing.F) {
	for _, p := range []string{"references/a.md", "..", "a/../../b", `a\b`, "/etc/passwd", "~/x", "C:x", "a\x00b", "./a", "a//b/", ""} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, rel string) {
		clean, err := CleanRel(rel)
		if err != nil {
			if !errors.Is(err, ErrOutside) && !errors.Is(err, ErrFileNotFound) {
				t.Fatalf("CleanRel(%q) = %v; want ErrOutside or ErrFileNotFound", rel, err)
			}
			return
		}
		switch {
		case clean != path.Clean(clean), clean == ".", clean == "..", strings.HasPrefix(clean, "../"),
			strings.HasPrefix(clean, "/"), strings.ContainsAny(clean, "\\\x00"),
			len(rel) > maxPathLen:
			t.Fatalf("CleanRel(%q) = %q, which is not a clean path inside the folder", rel, clean)
		}
		if dir := "/skill"; !within(dir, filepath.Join(dir, filepath.FromSlash(clean))) {
			t.Fatalf("CleanRel(%q) = %q leaves the folder once joined", rel, clean)
		}
	})
}

// FuzzReadFile reads fuzzed (name, path) pairs from a hostile tree: the
// answer is one of the tree's own files or an error with a sentinel, and
// the canary outside the root never appears.
func FuzzReadFile(f *testing.F) {
	tr := hostile.Build(f)
	c, err := Open(context.Background(), &Options{Roots: []Root{{Path: tr.Root}}, Mem: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { c.Close() })
	for _, p := range tr.Paths() {
		f.Add("s", p)
	}
	for _, n := range tr.Names() {
		f.Add(n, "SKILL.md")
	}
	f.Add("s", "references/guide.md")
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, name, rel string) {
		file, err := c.ReadFile(ctx, name, rel)
		if err != nil {
			if tr.Leaks(err.Error()) {
				t.Fatalf("ReadFile(%q, %q) error leaked the canary", name, rel)
			}
			for _, s := range []error{ErrNotFound, ErrBadName, ErrInvalid, ErrOutside, ErrFileNotFound, ErrTooLarge, ErrBinary} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("ReadFile(%q, %q) = %v; want a sentinel error", name, rel, err)
		}
		if tr.Leaks(file.Content) {
			t.Fatalf("ReadFile(%q, %q) leaked the canary", name, rel)
		}
		s, err := c.Resolve(file.SkillID)
		if err != nil || !within(tr.Root, s.RealDir) {
			t.Fatalf("ReadFile(%q, %q) served skill %q outside the root (%v)", name, rel, file.SkillID, err)
		}
	})
}

// FuzzFolderName opens a catalog whose one skill lives in a folder named
// by the fuzzer (any bytes a Linux file name may hold: not empty, not "."
// or "..", no "/" or NUL, at most 255 bytes), twice over one data dir: the
// warm start serves the skill under the same id, from the same folder, as
// the cold one (issue 14 B3: a name that is not UTF-8 crashed it).
func FuzzFolderName(f *testing.F) {
	for _, n := range []string{"pdf", "bad\xffname", "\xc3", "é", "a b", "-", "x\x01y", "\"quoted\"", `back\slash`, "{\"b64\":\"eA==\"}", "\ufffd", "1:x", "x~2"} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if name == "" || name == "." || name == ".." || len(name) > 255 || strings.ContainsAny(name, "/\x00") {
			return
		}
		base := t.TempDir()
		root := filepath.Join(base, "root")
		dir := filepath.Join(root, name)
		writeFile(t, filepath.Join(root, "other", "SKILL.md"), skillMD("other", "Another skill.", "body"))
		writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD("fuzzed", "The fuzzed skill.", "body"))
		writeFile(t, filepath.Join(dir, "references", name), "ref")
		opts := &Options{Roots: []Root{{Path: root}}, DataDir: filepath.Join(base, "data")}
		for run := range 2 {
			c, err := Open(context.Background(), opts)
			if err != nil {
				t.Fatalf("open %d: %v", run, err)
			}
			id := name
			if strings.TrimSpace(name) == "" {
				id = "1:" + name // see skillIDs
			}
			s, err := c.Resolve("fuzzed")
			if err != nil || s.ID != id || s.Dir != dir {
				c.Close()
				t.Fatalf("open %d: %q in %q, %v; want id %q in %q", run, s.ID, s.Dir, err, name, dir)
			}
			// A file name CleanRel refuses (a backslash) is never readable.
			if _, err := CleanRel("references/" + name); err != nil {
				c.Close()
				continue
			}
			file, err := c.ReadFile(context.Background(), id, "references/"+name)
			if err != nil || file.Content != "ref" {
				c.Close()
				t.Fatalf("open %d: read_file: %v", run, err)
			}
			if err := c.Close(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
