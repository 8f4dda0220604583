package audit

import "testing"

// TestPerItemLineIsNoSilence: "one line" given to each of several items
// is the format of a listing that names them all to the user, not the
// silence half; "one line" as the length of the whole reply, or narrowed
// with only, still is.
func TestPerItemLineIsNoSilence(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Show the diff to the user and explain each new rule in one line.", false},
		{"Tell the user the result, one line per changed file.", false},
		{"Give the user the outcome of every host in a single line.", false},
		{"Reply to the user with the diff in one line.", true},
		{"Tell the user only the result, in one line for each host.", true},
	} {
		if got := clauseSilenced(c.text, nil); got != c.want {
			t.Errorf("clauseSilenced(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
