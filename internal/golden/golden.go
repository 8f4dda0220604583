// Package golden compares test output with golden files under testdata/
// and rewrites them when the test binary runs with -update. It is for
// tests only: importing it registers the -update flag.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// Check compares got with the file at path (relative to the package under
// test, e.g. "testdata/x.golden"): a difference is a test error that
// shows the lines that differ (-want +got, by go-cmp, so a long file's
// one changed line is not lost in a truncated log) and then got whole;
// with -update the file is written instead (folders created).
// A missing file is fatal and says how to create it.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run '%s' -update creates it)", err, t.Name())
	}
	if string(want) != string(got) {
		diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n"))
		t.Errorf("%s differs from the golden file (go test -run '%s' -update rewrites it)\n--- lines (-want +got) ---\n%s\n--- got ---\n%s", path, t.Name(), diff, got)
	}
}
