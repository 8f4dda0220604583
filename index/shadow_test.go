package index

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestIncrementalShadowing edits, breaks, removes and adds skills one at a
// time in two roots whose names collide, refreshing only what changed, and
// after every step compares the catalog's winners, shadowing and folder
// lookup with a full recomputation.
func TestIncrementalShadowing(t *testing.T) {
	roots := []string{t.TempDir(), t.TempDir()}
	names := []string{"alpha", "Beta", "beta", "gamma", "delta", "ALPHA"}
	r := rand.New(rand.NewPCG(1, 2))
	write := func(dir string, i int) {
		writeFile(t, filepath.Join(dir, "SKILL.md"), skillMD(names[r.IntN(len(names))], fmt.Sprintf("Skill %d.", i), ""))
	}
	var dirs []string
	for i := 0; i < 60; i++ {
		dir := filepath.Join(roots[i%2], fmt.Sprintf("g%d", i%3), fmt.Sprintf("s%02d", i))
		write(dir, i)
		dirs = append(dirs, dir)
	}
	c := open(t, &Options{Roots: []Root{{Path: roots[0]}, {Path: roots[1]}}})
	ctx := context.Background()
	for step := 0; step < 40; step++ {
		time.Sleep(2 * time.Millisecond) // distinct modification times
		k := r.IntN(len(dirs))
		var changed string
		switch op := r.IntN(4); op {
		case 0, 1:
			write(dirs[k], step)
			changed = filepath.Join(dirs[k], "SKILL.md")
		case 2:
			writeFile(t, filepath.Join(dirs[k], "SKILL.md"), "---\nname: [broken\n---\n")
			changed = filepath.Join(dirs[k], "SKILL.md")
		case 3:
			must(t, os.RemoveAll(dirs[k]))
			write(dirs[k], step) // recreated: a new folder at the same path
			changed = filepath.Join(dirs[k], "SKILL.md")
		}
		if _, err := c.RefreshPaths(ctx, []string{changed}); err != nil {
			t.Fatal(err)
		}
		gotName, gotShadow, gotDir := c.view.shadowState()
		wantName, wantShadow, wantDir := c.view.recomputed().shadowState()
		if !maps.Equal(gotName, wantName) || !maps.Equal(gotShadow, wantShadow) || !maps.Equal(gotDir, wantDir) {
			t.Fatalf("step %d: incremental\n%v\n%v\n%v\nfull\n%v\n%v\n%v", step, gotName, gotShadow, gotDir, wantName, wantShadow, wantDir)
		}
	}
}
