package index

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParallelWalkMatchesSequential walks a root whose top-level folders
// hold nested skills, files and links into each other, in parallel
// (discover) and in one sequential walk, and requires the same skills with
// the same folders and files, in the same order.
func TestParallelWalkMatchesSequential(t *testing.T) {
	root := t.TempDir()
	for i := range 6 {
		top := filepath.Join(root, fmt.Sprintf("repo%d", i))
		for j := range 3 {
			dir := filepath.Join(top, "skills", fmt.Sprintf("s%d", j))
			writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD(fmt.Sprintf("s%d-%d", i, j), "A skill.", ""))
			writeFile(t, filepath.Join(dir, "references", "r.md"), "ref")
			if j == 2 {
				writeFile(t, filepath.Join(dir, "inner", "SKILL.md"), skillMD(fmt.Sprintf("inner%d", i), "Nested.", ""))
			}
		}
	}
	writeFile(t, filepath.Join(root, "loose.md"), "a file at the root belongs to no skill")
	// Links into an earlier and a later top-level folder, and a cycle.
	must(t, os.Symlink(filepath.Join(root, "repo1", "skills"), filepath.Join(root, "repo4", "linked-earlier")))
	must(t, os.Symlink(filepath.Join(root, "repo5", "skills", "s0"), filepath.Join(root, "repo0", "linked-later")))
	must(t, os.Symlink(root, filepath.Join(root, "repo2", "loop")))

	par, _ := discover([]Root{{Path: root}}, 0)
	seq := &walker{maxDepth: DefaultMaxDepth, visited: map[string]bool{}}
	seq.walk(0, root, root, ".", 0, nil)
	describe := func(fs []*found) string {
		var b strings.Builder
		for _, f := range fs {
			fmt.Fprintf(&b, "%s %s [", f.rel, f.realDir)
			for _, fi := range f.files {
				b.WriteString(fi.Path + " ")
			}
			b.WriteString("]\n")
		}
		return b.String()
	}
	if got, want := describe(par), describe(seq.found); got != want {
		t.Errorf("parallel walk:\n%s\nsequential walk:\n%s", got, want)
	}
	if len(par) != 6*4 {
		t.Errorf("%d skills, want 24", len(par))
	}
}

// TestOverlappingRootsWalkedOnce: a root inside a later root is walked
// once; its warnings are not reported twice.
func TestOverlappingRootsWalkedOnce(t *testing.T) {
	base := t.TempDir()
	for _, n := range []string{"a", "b", "c"} {
		writeFile(t, filepath.Join(base, "inner", n, "SKILL.md"), skillMD(n, "Skill "+n+".", ""))
		writeFile(t, filepath.Join(base, "outer-"+n, "SKILL.md"), skillMD("outer-"+n, "Skill outer "+n+".", ""))
	}
	if err := os.Symlink(filepath.Join(base, "inner", "a"), filepath.Join(base, "inner", "a", "loop")); err != nil {
		t.Fatal(err)
	}
	found, diags := discover([]Root{{Path: filepath.Join(base, "inner")}, {Path: base}}, 0)
	cycles := 0
	for _, d := range diags {
		if d.Code == "symlink-cycle" {
			cycles++
		}
	}
	if cycles != 1 {
		t.Errorf("%d symlink-cycle warnings, want 1: %v", cycles, diags)
	}
	if len(found) != 6 {
		t.Errorf("%d skills found, want 6", len(found))
	}
}
