package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/listing"
)

// TestPromptWrite updates the marked block of an AGENTS.md that has text
// before and after it, twice: the text around the block is untouched, the
// block is what `skilldex prompt` prints, and the second run changes
// nothing. A file without markers gets the block appended.
func TestPromptWrite(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	dir := t.TempDir()
	before := "# Agents\n\nRead the code before changing it.\r\nKeep lines short.\n\n"
	after := "\n\n## Testing\n\nRun go test ./... before pushing.\n"
	file := filepath.Join(dir, "AGENTS.md")
	if err := os.WriteFile(file, []byte(before+listing.BlockStart+"\nstale list\n"+listing.BlockEnd+after), 0o600); err != nil {
		t.Fatal(err)
	}
	want := run(t, "prompt", "--dir", ex, "--mem")
	if want.code != 0 {
		t.Fatalf("prompt: exit %d: %s", want.code, want.stderr)
	}
	var first []byte
	for i, state := range []string{"updated", "already up to date"} {
		r := run(t, "prompt", "--dir", ex, "--mem", "--write", file)
		if r.code != 0 || !strings.Contains(r.stdout, state) {
			t.Fatalf("run %d: exit %d, want %q in %q\n%s", i+1, r.code, state, r.stdout, r.stderr)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(got)
		if !strings.HasPrefix(doc, before+listing.BlockStart+"\n") || !strings.HasSuffix(doc, listing.BlockEnd+after) {
			t.Fatalf("run %d: the text around the block changed:\n%s", i+1, doc)
		}
		block := strings.TrimSuffix(strings.TrimPrefix(doc, before+listing.BlockStart+"\n"), listing.BlockEnd+after)
		if block != want.stdout {
			t.Errorf("run %d: block\n%s\nwant what prompt prints\n%s", i+1, block, want.stdout)
		}
		if i == 0 {
			first = got
		} else if string(got) != string(first) {
			t.Error("the second run changed the file")
		}
		if st, err := os.Stat(file); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("permissions not kept: %v %v", st.Mode(), err)
		}
	}

	plain := filepath.Join(dir, "CLAUDE.md")
	if err := os.WriteFile(plain, []byte("# Notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "prompt", "--dir", ex, "--mem", "--write", plain, "--format", "markdown"); r.code != 0 {
		t.Fatalf("append: exit %d: %s", r.code, r.stderr)
	}
	got, _ := os.ReadFile(plain)
	if !strings.HasPrefix(string(got), "# Notes\n\n"+listing.BlockStart+"\n## Available skills\n") || !strings.HasSuffix(string(got), listing.BlockEnd+"\n") {
		t.Errorf("appended block:\n%s", got)
	}

	broken := filepath.Join(dir, "BROKEN.md")
	if err := os.WriteFile(broken, []byte("x\n"+listing.BlockStart+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "prompt", "--dir", ex, "--mem", "--write", broken); r.code == 0 || !strings.Contains(r.stderr, "unbalanced") {
		t.Errorf("one marker: want a refusal, got exit %d: %s", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(broken); string(got) != "x\n"+listing.BlockStart+"\n" {
		t.Error("a refused write changed the file")
	}
}
