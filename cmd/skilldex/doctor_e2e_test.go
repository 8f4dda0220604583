package main

import (
	"path/filepath"
	"strings"
	"testing"

	g "github.com/skilldex/skilldex/internal/golden"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	g.Check(t, filepath.Join("testdata", name), []byte(got))
}

// TestDoctorClean: a catalog without problems exits 0.
func TestDoctorClean(t *testing.T) {
	r := run(t, "doctor", "--dir", filepath.Join(repoRoot(t), "examples", "skills"), "--mem")
	if r.code != 0 || !strings.Contains(r.stdout, "0 errors, 0 warnings") {
		t.Errorf("doctor on the examples: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
