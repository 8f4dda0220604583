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
