package sandbox

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the package's tests a temporary folder of their own
// (TMPDIR), so workDirs sees only the working folders these tests make:
// other packages' tests run scripts at the same time (go test runs
// packages in parallel) and their working folders in the shared /tmp
// would look like leaks.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sandbox-tests-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
