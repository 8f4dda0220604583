// Package longtest is the switch for tests that are slow by nature (a
// build of the whole shared corpus, a differential check over every
// skill of it, a hundred thousand folders): they run in full only when
// SKILLDEX_LONG=1, as CI runs them; without it they skip, or run on a
// sample where one is as good a check for everyday runs.
package longtest

import (
	"os"
	"testing"
)

// Enabled reports whether the long tests are switched on
// (SKILLDEX_LONG=1).
func Enabled() bool { return os.Getenv("SKILLDEX_LONG") == "1" }

// Skip skips tb unless the long tests are switched on; what says what the
// test does, for the skip message.
func Skip(tb testing.TB, what string) {
	tb.Helper()
	if !Enabled() {
		tb.Skipf("%s: slow by nature, runs with SKILLDEX_LONG=1", what)
	}
}
