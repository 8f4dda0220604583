package index

import (
	"context"
	"errors"
	"fmt"
	"github.com/skilldex/skilldex/internal/longtest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// heapBound is the most the heap may grow while a catalog indexes the
// hostile files of TestHostileFiles: files over MaxFileSize (1 MiB) are
// never read, so the 50 MB SKILL.md costs a stat, and the parser's limits
// (64 KiB frontmatter, 20,000 YAML nodes, depth 64) stop the YAML bombs
// before they expand.
const heapBound = 64 << 20

// heapAlloc is the live heap after a collection.
func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestHostileFiles indexes a root of hostile SKILL.md files beside a good
// skill: the catalog opens, the good skill is served, each hostile one is
// kept out with a diagnostic saying why, and the heap grows by less than
// heapBound.
func TestHostileFiles(t *testing.T) {
	root := t.TempDir()
	good := skillMD("good", "A well-formed skill.", "Body.")
	var b strings.Builder
	b.WriteString("---\nname: keys\ndescription: d\n")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "%s: 1\n", strings.ToLower(fmt.Sprintf("k%x", i)))
	}
	b.WriteString("---\n")
	manyKeys := b.String()
	laughs := "---\nname: lol\ndescription: boom\na0: &a0 lol\n"
	for i := 1; i <= 9; i++ {
		laughs += fmt.Sprintf("a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	laughs += "---\n"
	nested := "---\nname: deep\ndescription: d\nm: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n---\n"
	nestedMap := "---\nname: deepmap\ndescription: d\nm:\n"
	for i := 1; i < 200; i++ {
		nestedMap += strings.Repeat(" ", i) + fmt.Sprintf("k%d:\n", i)
	}
	nestedMap += "---\n"
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i * 7)
	}
	files := map[string]string{
		"good/SKILL.md":      good,
		"many-keys/SKILL.md": manyKeys,
		"laughs/SKILL.md":    laughs,
		"nested/SKILL.md":    nested,
		"nestedmap/SKILL.md": nestedMap,
		"utf8/SKILL.md":      "---\nname: utf8\ndescription: bad \xff\xfe bytes\n---\nbody \xc3\x28\n",
		"binary/SKILL.md":    string(binary),
		"longline/SKILL.md":  skillMD("longline", "One line of almost 1 MiB.", strings.Repeat("word ", (MaxFileSize-200)/5)),
	}
	for rel, content := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(rel)), content)
	}
	// 50 MB, sparse: the catalog must never read it.
	writeFile(t, filepath.Join(root, "huge", "SKILL.md"), skillMD("huge", "Huge.", ""))
	must(t, os.Truncate(filepath.Join(root, "huge", "SKILL.md"), 50<<20))

	before := heapAlloc()
	start := time.Now()
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	took := time.Since(start)
	grew := int64(heapAlloc()) - int64(before)
	t.Logf("indexed %d hostile files in %v; heap grew %.1f MB (bound %d MB)", len(files)+1, took, float64(grew)/(1<<20), heapBound>>20)
	if grew > heapBound {
		t.Errorf("heap grew %d bytes; bound %d", grew, heapBound)
	}

	served := map[string]bool{}
	for _, s := range c.List(ListOptions{}) {
		served[s.ID] = true
	}
	for _, id := range []string{"good", "longline"} {
		if !served[id] {
			t.Errorf("%s is not served", id)
		}
	}
	l, err := c.Load(context.Background(), "longline")
	if err != nil || len(l.Content) < MaxFileSize-300 {
		t.Errorf("Load(longline): %v", err)
	}
	diags := map[string]string{}
	for _, d := range c.Diagnostics() {
		rel, _ := filepath.Rel(root, filepath.Dir(d.File))
		if d.Severity == "error" {
			diags[rel] += d.Code + ": " + d.Message + "\n"
		}
	}
	for _, id := range []string{"many-keys", "laughs", "nested", "nestedmap", "utf8", "binary", "huge"} {
		if served[id] {
			t.Errorf("hostile skill %s is served", id)
		}
		if diags[id] == "" {
			t.Errorf("no error diagnostic says why %s was skipped", id)
			continue
		}
		t.Logf("%s: %s", id, strings.TrimSpace(diags[id]))
		if _, err := c.Load(context.Background(), id); !errors.Is(err, ErrInvalid) {
			t.Errorf("Load(%s) = %v; want ErrInvalid", id, err)
		}
	}
}

// TestVanishingFiles removes files between listing and reading: the read
// answers not found (never stale content) and the catalog stays up.
func TestVanishingFiles(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", "See [r](references/r.md)."))
	writeFile(t, filepath.Join(root, "a", "references", "r.md"), "r")
	writeFile(t, filepath.Join(root, "b", "SKILL.md"), skillMD("b", "Skill b.", ""))
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	ctx := context.Background()
	if len(c.List(ListOptions{})) != 2 {
		t.Fatal("want two skills listed")
	}
	must(t, os.Remove(filepath.Join(root, "a", "references", "r.md")))
	if _, err := c.ReadFile(ctx, "a", "references/r.md"); !errors.Is(err, ErrFileNotFound) {
		t.Errorf("ReadFile of a removed file = %v; want ErrFileNotFound", err)
	}
	must(t, os.RemoveAll(filepath.Join(root, "b")))
	if _, err := c.Load(ctx, "b"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load of a removed skill = %v; want ErrNotFound", err)
	}
	if _, err := c.Load(ctx, "a"); err != nil {
		t.Errorf("the other skill: %v", err)
	}
}

// TestUnreadableFolder makes a skill folder unreadable: the walk reports it
// and serves the rest. Root reads every folder whatever its mode, so the
// test skips when run as root (tools tests inject the failure through a
// catalog wrapper instead).
func TestUnreadableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permission bits do not stop root from reading")
	}
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "a", "SKILL.md"), skillMD("a", "Skill a.", ""))
	writeFile(t, filepath.Join(root, "locked", "x", "SKILL.md"), skillMD("x", "Skill x.", ""))
	must(t, os.Chmod(filepath.Join(root, "locked"), 0))
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "locked"), 0o755) })
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	if got := ids(c.List(ListOptions{})); strings.Join(got, ",") != "a" {
		t.Errorf("served %v; want a", got)
	}
	found := false
	for _, d := range c.Diagnostics() {
		found = found || (d.Code == "folder-unreadable" && strings.HasSuffix(d.File, "locked"))
	}
	if !found {
		t.Errorf("no folder-unreadable diagnostic for the locked folder: %v", c.Diagnostics())
	}
}

// TestManyEmptyFolders walks a root of empty folders: 10,000 by default,
// 100,000 with SKILLDEX_LONG=1 (about 10x slower); the walk finishes and
// finds nothing.
func TestManyEmptyFolders(t *testing.T) {
	n := 2000
	if longtest.Enabled() {
		n = 100000
	}
	if testing.Short() {
		n = 1000
	}
	root := t.TempDir()
	// Two levels, 100 wide, so no folder holds 100,000 entries.
	for i := 0; i < 100; i++ {
		must(t, os.Mkdir(filepath.Join(root, fmt.Sprintf("d%03d", i)), 0o755))
	}
	for i := 0; i < n; i++ {
		must(t, os.Mkdir(filepath.Join(root, fmt.Sprintf("d%03d", i%100), fmt.Sprintf("e%06d", i)), 0o755))
	}
	before := heapAlloc()
	start := time.Now()
	c := open(t, &Options{Roots: []Root{{Path: root}}, Mem: true})
	took := time.Since(start)
	t.Logf("%d empty folders walked in %v; heap grew %.1f MB", n, took, float64(int64(heapAlloc())-int64(before))/(1<<20))
	if c.Len() != 0 {
		t.Errorf("found %d skills in empty folders", c.Len())
	}
	start = time.Now()
	if _, err := c.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Logf("rescan: %v", time.Since(start))
}
