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
