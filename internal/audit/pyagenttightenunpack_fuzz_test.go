package audit

import "testing"

// FuzzPyUnpackCall: the readers of a tuple unpacked from a call never
// panic, and an element they give back names the call it was read from.
func FuzzPyUnpackCall(f *testing.F) {
	for _, s := range []string{"old, new|proposed(path)", "(a, b)|f(x)[1]", "a, *b|f()", "a|g(h(x), [1, 2])", "x, y|(1, 2)", "[a, b]|mod.fn(p)[0]", "a, b|f(]"} {
		f.Add(s, 1)
	}
	defs := map[string]int{"proposed": 3, "f": 1, "mod.fn": 2, "g": -1}
	f.Fuzz(func(t *testing.T, s string, idx int) {
		lhs, rhs := s, s
		for i := 0; i < len(s); i++ {
			if s[i] == '|' {
				lhs, rhs = s[:i], s[i+1:]
				break
			}
		}
		if e, ok := pyUnpackCall(lhs, rhs, idx, defs); ok {
			if call, _, isElem := pyCallElem(e); !isElem || call == "" {
				t.Fatalf("pyUnpackCall(%q, %q, %d) = %q, not an element of a call", lhs, rhs, idx, e)
			}
		}
		pyCallElem(rhs)
		pyCallOf(rhs)
		if idx >= 0 {
			pyTupleElem(rhs, idx%8)
		}
	})
}
