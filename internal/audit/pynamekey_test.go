package audit

import "testing"

// TestPyNameKeyIgnoresMapOrder: the memo key of a name walk lists the
// call's filled parameters in one order whatever order the map yields them
// in, so a walk's in-progress mark is found again inside a cycle.
func TestPyNameKeyIgnoresMapOrder(t *testing.T) {
	want := "text:cfg@3@path,a,b,c,d,e,f,g,h"
	for i := 0; i < 50; i++ {
		params := map[string]bool{}
		for _, k := range []string{"h", "c", "a", "f", "b", "g", "e", "d"} {
			params[k] = true
		}
		got := pyNameKey("text:", "cfg", 3, "path", params)
		if got != want {
			t.Fatalf("pyNameKey = %q, want %q", got, want)
		}
	}
}
