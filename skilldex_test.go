package skilldex_test

import (
	"context"
	"errors"
	"io/fs"
	"testing"

	"github.com/skilldex/skilldex"
)

// TestOpenErrors: a folder that does not exist, a file, and no roots are
// errors, never an empty catalog; an empty query is ErrEmptyQuery.
func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"examples/no-such-folder"}}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing root: %v, want fs.ErrNotExist", err)
	}
	if _, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"skilldex.go"}}); err == nil {
		t.Error("a file as root: no error")
	}
	if _, err := skilldex.Open(ctx, skilldex.Options{}); err == nil {
		t.Error("no roots: no error")
	}
	cat, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"examples/skills"}, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	if _, err := cat.Search(ctx, "  ", 5); !errors.Is(err, skilldex.ErrEmptyQuery) {
		t.Errorf("empty query: %v, want ErrEmptyQuery", err)
	}
	if n := len(cat.List()); n != 5 {
		t.Errorf("List: %d skills, want the 5 examples", n)
	}
}
