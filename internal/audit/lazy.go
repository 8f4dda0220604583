package audit

import (
	"regexp"
	"sync"
	"sync/atomic"
)

// Every skilldex process links this package (serve audits, and one
// binary holds every command), but most processes never audit: a one-shot
// search or list. Compiling the rules' patterns and building the word
// automata at package init cost 8-21 ms and 4 MB of heap at the start of
// every process (GODEBUG=inittrace=1); they are built on first
// use instead: patterns through lazyRegexp, tables through
// sync.OnceValue. TestInitIsCheap holds the package's init to a few
// kilobytes.

// lazyRegexp is a regular expression compiled on its first use. Its
// methods are those of regexp.Regexp the rules call, with the same
// results; the pattern must compile (TestPatternsCompile compiles every
// one, as regexp.MustCompile at init did).
// It holds only its source and an atomic pointer (24 bytes per pattern
// at init, against 48 with a sync.Once): two scans racing to the first
// use may both compile it, and the first stored wins; a pattern compiles
// to the same program either way.
type lazyRegexp struct {
	src      string
	compiled atomic.Pointer[regexp.Regexp]
}

// lazyRE returns the lazyRegexp of src.
func lazyRE(src string) *lazyRegexp {
	l := &lazyRegexp{src: src}
	lazyAll = append(lazyAll, l)
	return l
}

// re returns the compiled pattern, compiling it on the first call.
func (l *lazyRegexp) re() *regexp.Regexp {
	if r := l.compiled.Load(); r != nil {
		return r
	}
	l.compiled.CompareAndSwap(nil, regexp.MustCompile(l.src))
	return l.compiled.Load()
}

// lazyAll lists every lazyRegexp made at init, for the test that
// compiles them all (a pattern that does not compile would otherwise
// panic only when its rule first runs).
var lazyAll []*lazyRegexp

func (l *lazyRegexp) String() string                 { return l.src }
func (l *lazyRegexp) MatchString(s string) bool      { return l.re().MatchString(s) }
func (l *lazyRegexp) FindString(s string) string     { return l.re().FindString(s) }
func (l *lazyRegexp) FindStringIndex(s string) []int { return l.re().FindStringIndex(s) }
func (l *lazyRegexp) FindStringSubmatch(s string) []string {
	return l.re().FindStringSubmatch(s)
}
func (l *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l.re().FindStringSubmatchIndex(s)
}
func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.re().FindAllStringIndex(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.re().FindAllStringSubmatch(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.re().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRegexp) ReplaceAllStringFunc(src string, f func(string) string) string {
	return l.re().ReplaceAllStringFunc(src, f)
}
func (l *lazyRegexp) FindAllString(s string, n int) []string { return l.re().FindAllString(s, n) }
func (l *lazyRegexp) Split(s string, n int) []string         { return l.re().Split(s, n) }
func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	return l.re().ReplaceAllString(src, repl)
}

// lazySet is set built on first use: package init keeps only the
// closure, and the map is made once, when a scan first asks (the same
// reason as lazyRE).
func lazySet(names ...string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return set(names...) })
}
