package search

import "testing"

func TestIsEnglish(t *testing.T) {
	for w, want := range map[string]bool{
		"song": true, "songs": true, "paying": true, "stopped": true, "studies": true, "quickly": true,
		"gong": true, "faucet": true, "kubernetes": false, "playwrigth": false, "dashbaord": false,
		"terrafrom": false, "manifst": false, "zzzz": false, "": false,
	} {
		if got := isEnglish(w); got != want {
			t.Errorf("isEnglish(%q) = %v, want %v", w, got, want)
		}
	}
}
