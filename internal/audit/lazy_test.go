package audit_test

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestInitIsCheap runs this test binary again with no test selected and
// GODEBUG=inittrace=1, and reads what the package's init allocated: the
// rules' patterns and word automata are built on first use (lazy.go),
// not at the start of every skilldex process. It was 4 MB with them
// built at init.
func TestInitIsCheap(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	m := regexp.MustCompile(`(?m)^init github\.com/skilldex/skilldex/internal/audit @\S+ ms, \S+ ms clock, (\d+) bytes`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no inittrace line for internal/audit in:\n%s", bytes.TrimSpace(out))
	}
	n, _ := strconv.Atoi(string(m[1]))
	if n > 64<<10 {
		t.Errorf("internal/audit's init allocated %d bytes, want at most 64 KiB: build tables and patterns on first use (lazy.go)", n)
	}
}

// TestPatternsCompile compiles every rule pattern: they are compiled on
// first use, so a bad one would otherwise panic only when its rule first
// runs.
func TestPatternsCompile(t *testing.T) {
	n, errs := audit.PatternErrors()
	if n < 40 {
		t.Errorf("%d patterns registered, want every rule's (over 40)", n)
	}
	for _, err := range errs {
		t.Error(err)
	}
}
