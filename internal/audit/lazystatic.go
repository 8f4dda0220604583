package audit

import (
	"regexp"
	"sync"
)

// staticRE is a regular expression compiled on its first use, like
// lazyRegexp, but declared as a value (var x = staticRE{src: `…`}): the
// compiler lays it out as static data, so package init allocates nothing
// for it, where each lazyRE costs a few allocations at init. Patterns
// are compiled by the tests that exercise their rule, since staticRE
// values are not listed in lazyAll.
type staticRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

func (s *staticRE) get() *regexp.Regexp {
	s.once.Do(func() { s.re = regexp.MustCompile(s.src) })
	return s.re
}

// MatchString reports whether text holds a match of s.
func (s *staticRE) MatchString(text string) bool { return s.get().MatchString(text) }
