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
// It holds only its source and an atomic pointer: two scans racing to
// the first use may both compile it, and the first stored wins; a
// pattern compiles to the same program either way.
type lazyRegexp struct {
	src      string
	compiled atomic.Pointer[regexp.Regexp]
}

// lazyPool holds the patterns the package's variables make at init, so
// that making one allocates nothing (a heap object each and a growing
// list of them were half of init's 60 KiB); lazyPool[:lazyN] is every
// pattern, for the test that compiles them all. lazySealed is set by
// init, after every package variable: a pattern made later (none is
// today) is allocated on its own, since two scans may make it at once.
var (
	lazyPool   [1600]lazyRegexp
	lazyN      int
	lazySealed bool
)

func init() { lazySealed = true }

// lazyRE returns the lazyRegexp of src. It panics at init when the
// package's patterns outgrow lazyPool, so that every test run says to
// raise its size.
func lazyRE(src string) *lazyRegexp {
	if lazySealed {
		return &lazyRegexp{src: src}
	}
	if lazyN == len(lazyPool) {
		panic("internal/audit: more than len(lazyPool) patterns made at init: raise lazyPool's size (lazy.go)")
	}
	l := &lazyPool[lazyN]
	l.src = src
	lazyN++
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
// names and a method value, and the map is made once, when a scan first
// asks (the same reason as lazyRE). A lazyNames costs init two small
// allocations where sync.OnceValue's closures cost five.
func lazySet(names ...string) func() map[string]bool {
	return (&lazyNames{names: names}).set
}

// lazyNames is lazySet's state: the names and, after the first call,
// their set.
type lazyNames struct {
	once  sync.Once
	names []string
	m     map[string]bool
}

// set returns the names' set, made on the first call.
func (l *lazyNames) set() map[string]bool {
	l.once.Do(func() { l.m = set(l.names...) })
	return l.m
}
