package filewatcher

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWalkTree pins what both walks report on a tree with the cases that
// matter: a folder linked from outside the root (followed, named through
// the link), a link back up to the root and a link to its own folder (no
// loop: each real folder entered once), two names for one folder (the
// first by name is entered, the other reported), a dangling link
// (skipped), node_modules (skipped) and a folder below the depth bound
// (reported by the full walk, not entered).
func TestWalkTree(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	out := filepath.Join(base, "elsewhere", "pdf")
	for _, d := range []string{
		filepath.Join(root, "a", "references"),
		filepath.Join(root, "a", "node_modules", "pkg"),
		filepath.Join(root, "d1", "d2", "d3"),
		filepath.Join(out, "scripts"),
	} {
		must(t, os.MkdirAll(d, 0o755))
	}
	for _, f := range []string{
		filepath.Join(root, "a", "SKILL.md"),
		filepath.Join(root, "a", "references", "r.md"),
		filepath.Join(root, "a", "node_modules", "pkg", "index.js"),
		filepath.Join(root, "d1", "d2", "d3", "deep.md"),
		filepath.Join(out, "SKILL.md"),
		filepath.Join(out, "scripts", "run.sh"),
	} {
		must(t, os.WriteFile(f, []byte("x"), 0o644))
	}
	must(t, os.Symlink(out, filepath.Join(root, "pdf")))                 // a folder outside the root
	must(t, os.Symlink(root, filepath.Join(out, "loop")))                // back up to the root
	must(t, os.Symlink(".", filepath.Join(root, "a", "self")))           // its own folder
	must(t, os.Symlink("a", filepath.Join(root, "b")))                   // a second name ("a" comes first)
	must(t, os.Symlink("missing", filepath.Join(root, "a", "dangling"))) // dangling
	must(t, os.Symlink("SKILL.md", filepath.Join(root, "a", "doc.md")))  // a link to a file

	rel := func(ps []string) string {
		for i, p := range ps {
			r, err := filepath.Rel(root, p)
			must(t, err)
			ps[i] = filepath.ToSlash(r)
		}
		slices.Sort(ps)
		return strings.Join(ps, " ")
	}
	var folders []string
	walkFolders(root, root, 2, func(p string) { folders = append(folders, p) })
	want := ". a a/references a/self b d1 d1/d2 pdf pdf/loop pdf/scripts"
	if got := rel(folders); got != want {
		t.Errorf("walkFolders:\n got %s\nwant %s", got, want)
	}
	// Where the platform gives no inode, folders are told apart by their
	// real path, with the same result.
	folders = nil
	byPath := &treeWalk{root: root, maxDepth: 2, byPath: true, fn: func(p string, _ fs.FileInfo) { folders = append(folders, p) }}
	byPath.enter(root)
	if got := rel(folders); got != want {
		t.Errorf("walkFolders by real path:\n got %s\nwant %s", got, want)
	}

	var all []string
	dirs := map[string]bool{}
	walkTree(root, root, 2, func(p string, info fs.FileInfo) {
		all = append(all, p)
		if info.IsDir() {
			dirs[p] = true
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			t.Errorf("%s: information of the link, not of its target", p)
		}
	})
	want = ". a a/SKILL.md a/doc.md a/references a/references/r.md a/self b d1 d1/d2 d1/d2/d3 pdf pdf/SKILL.md pdf/loop pdf/scripts pdf/scripts/run.sh"
	if got := rel(all); got != want {
		t.Errorf("walkTree:\n got %s\nwant %s", got, want)
	}
	if !dirs[filepath.Join(root, "d1", "d2", "d3")] || dirs[filepath.Join(root, "a", "doc.md")] {
		t.Errorf("walkTree: folders and files told apart wrongly: %v", dirs)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
