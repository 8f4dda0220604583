package engine

import (
	"errors"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestFormatVersion: the format names the mapping version and every
// github.com/blevesearch module of the build, sorted, replaced modules by
// their replacement; without build information it falls back to a
// stated unknown.
func TestFormatVersion(t *testing.T) {
	bi := &debug.BuildInfo{Deps: []*debug.Module{
		{Path: "github.com/blevesearch/segment", Version: "v0.9.1"},
		{Path: "github.com/blevesearch/bleve/v2", Version: "v2.6.1"},
		{Path: "go.etcd.io/bbolt", Version: "v1.5.0"},
		{Path: "github.com/blevesearch/zapx/v16", Version: "v16.3.4", Replace: &debug.Module{Path: "github.com/blevesearch/zapx/v16", Version: "v16.3.5"}},
	}}
	want := mappingVersion + " bleve/v2@v2.6.1 segment@v0.9.1 zapx/v16@v16.3.5"
	if got := formatVersion(bi, true); got != want {
		t.Errorf("formatVersion = %q, want %q", got, want)
	}
	if got, want := formatVersion(nil, false), mappingVersion+" bleve@unknown"; got != want {
		t.Errorf("without build info: %q, want %q", got, want)
	}
	if got := FormatVersion(); !strings.HasPrefix(got, mappingVersion+" ") {
		t.Errorf("FormatVersion() = %q", got)
	}
	// This test binary's own build information lists bleve.
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/blevesearch/bleve/v2" && !strings.Contains(FormatVersion(), "bleve/v2@"+d.Version) {
				t.Errorf("FormatVersion() = %q lacks bleve %s", FormatVersion(), d.Version)
			}
		}
	}
}

// TestFormatMismatch: an index written under another format (an older
// mapping, another bleve) is ErrCorrupt, for the caller to rebuild.
func TestFormatMismatch(t *testing.T) {
	old := filepath.Join(t.TempDir(), "old")
	e, err := Open(old, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.idx.SetInternal(formatKey, []byte("skilldex-search-4 bleve/v2@v2.5.0")); err != nil {
		t.Fatal(err)
	}
	e.Close()
	if _, err := Open(old, 0); !errors.Is(err, ErrCorrupt) {
		t.Errorf("old format: err = %v, want ErrCorrupt", err)
	}
	if err := Remove(old); err != nil {
		t.Fatal(err)
	}
	e, err = Open(old, 0)
	if err != nil {
		t.Fatalf("Open after Remove: %v", err)
	}
	e.Close()
}
