package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestGet: Get finds a skill by its exact id only (never by name, as
// Resolve does), invalid ones too, and reports a missing id.
func TestGet(t *testing.T) {
	dir := t.TempDir()
	for name, fm := range map[string]string{"a": "name: other\ndescription: A tool.\n", "bad": "description: no name\n"} {
		must(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, name, "SKILL.md"), []byte("---\n"+fm+"---\n\nBody.\n"), 0o644))
	}
	c, err := Open(context.Background(), &Options{Roots: []Root{{Path: dir}}, Mem: true})
	must(t, err)
	defer c.Close()
	if s, ok := c.Get("a"); !ok || s.Name != "other" || !s.Valid {
		t.Errorf("Get(a) = %+v, %v", s, ok)
	}
	if _, ok := c.Get("other"); ok {
		t.Error("Get found a skill by its name")
	}
	if s, ok := c.Get("bad"); !ok || s.Valid {
		t.Errorf("Get(bad) = valid %v, found %v; want the invalid skill", s.Valid, ok)
	}
	if _, ok := c.Get("nope"); ok {
		t.Error("Get found a missing id")
	}
}

// TestRecordsReadOnly: Records hands out the catalog's own records, and
// the catalog never changes one it holds: a skill shadowed by a refresh
// gets a new record, while the record handed out before still says what
// it said (a reader holding it without the lock never sees it change).
func TestRecordsReadOnly(t *testing.T) {
	hi, lo := t.TempDir(), t.TempDir()
	write := func(root, folder string) {
		must(t, os.MkdirAll(filepath.Join(root, folder), 0o755))
		must(t, os.WriteFile(filepath.Join(root, folder, "SKILL.md"), []byte("---\nname: pdf\ndescription: Reads PDF files.\n---\n\nBody.\n"), 0o644))
	}
	write(lo, "b-pdf")
	ctx := context.Background()
	c, err := Open(ctx, &Options{Roots: []Root{{Path: hi}, {Path: lo}}, Mem: true})
	must(t, err)
	defer c.Close()
	before := c.Records(ListOptions{IncludeShadowed: true})
	if len(before) != 1 || before[0].ShadowedBy != "" {
		t.Fatalf("before: %+v", before)
	}
	if again := c.Records(ListOptions{IncludeShadowed: true}); again[0] != before[0] {
		t.Error("Records copied the record")
	}
	write(hi, "a-pdf") // the first root wins the name from now on
	_, err = c.Refresh(ctx)
	must(t, err)
	if before[0].ShadowedBy != "" {
		t.Errorf("the record handed out before the refresh changed: ShadowedBy %q", before[0].ShadowedBy)
	}
	after := c.Records(ListOptions{IncludeShadowed: true})
	shadowed := 0
	for _, s := range after {
		if s.ShadowedBy != "" {
			shadowed++
			if s == before[0] {
				t.Error("the shadowed skill's record is the one handed out before, changed in place")
			}
		}
	}
	if len(after) != 2 || shadowed != 1 {
		t.Errorf("after the refresh: %d records, %d shadowed; want 2 and 1", len(after), shadowed)
	}
}
