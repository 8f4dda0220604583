package audit

import "regexp"

// PatternErrors compiles every rule pattern (built lazily, see lazy.go)
// and returns the errors.
func PatternErrors() (n int, errs []error) {
	for i := range lazyN {
		l := &lazyPool[i]
		if _, err := regexp.Compile(l.src); err != nil {
			errs = append(errs, err)
		}
	}
	return lazyN, errs
}

// SetMaxShellNodes lowers the shell walk's node budget until the
// returned function restores it.
func SetMaxShellNodes(n int) (restore func()) {
	old := maxShellNodes
	maxShellNodes = n
	return func() { maxShellNodes = old }
}

// JoinedCredPathForTest exposes joinedCredPath to the fuzz target.
func JoinedCredPathForTest(s string) ([]int, string) { return joinedCredPath(s) }
