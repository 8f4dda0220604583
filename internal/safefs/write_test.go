package safefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteRefusesPlantedLinks: a repository's planted link, as the file
// or as a folder on the way, is an ErrLink naming it, and the file the
// link points at is untouched (the init-agent .mcp.json.bak -> ../.bashrc
// and prompt --write AGENTS.md -> authorized_keys attacks).
func TestWriteRefusesPlantedLinks(t *testing.T) {
	home := t.TempDir()
	victim := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(victim, []byte("user's own\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(home, "repo")
	os.MkdirAll(repo, 0o755)
	os.Symlink("../.bashrc", filepath.Join(repo, ".mcp.json.bak"))
	os.Symlink(home, filepath.Join(repo, ".vscode"))
	for _, rel := range []string{".mcp.json.bak", ".vscode/.bashrc", ".vscode/mcp.json"} {
		err := WriteFileAtomic(repo, rel, []byte("/* echo PWNED */ {}"), 0o644)
		if !errors.Is(err, ErrLink) {
			t.Errorf("write %s: err %v, want ErrLink", rel, err)
		}
		if _, err := ReadFileNoFollow(repo, rel, 1<<20); !errors.Is(err, ErrLink) {
			t.Errorf("read %s: err %v, want ErrLink", rel, err)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "user's own\n" {
		t.Errorf("the link's target changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(home, "mcp.json")); err == nil {
		t.Error("a file was written through the .vscode link")
	}
	t.Chdir(repo)
	if err := WritePath(".mcp.json.bak", []byte("x"), 0o644); !errors.Is(err, ErrLink) {
		t.Errorf("WritePath through a relative link: %v", err)
	}
	if err := WritePath(filepath.Join(repo, ".vscode", "mcp.json"), []byte("x"), 0o644); !errors.Is(err, ErrLink) {
		t.Errorf("WritePath through an absolute path with a link below the working folder: %v", err)
	}
}

// TestWriteFileAtomic: a new file gets perm and its folders; a rewrite
// keeps the old file's permissions; no temporary file is left behind.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFileAtomic(dir, ".cursor/mcp.json", []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, ".cursor", "mcp.json")
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(dir, ".cursor/mcp.json", []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ReadFileNoFollow(dir, ".cursor/mcp.json", 10)
	if err != nil || string(b) != "two" {
		t.Fatalf("read back %q, %v", b, err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after rewrite, want 0600 kept", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(filepath.Dir(p)); len(ents) != 1 {
		t.Errorf("folder holds %d entries, want only the file", len(ents))
	}
	if _, err := ReadFileNoFollow(dir, "missing.json", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
	if err := WriteFileAtomic(dir, "../x", nil, 0o644); !errors.Is(err, ErrOutside) {
		t.Errorf("../x: %v, want ErrOutside", err)
	}
}
