package search

import (
	"strings"
	"testing"
)

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

// TestIsLemmaEveryWord checks the in-place binary search finds every line
// of the list and nothing between them.
func TestIsLemmaEveryWord(t *testing.T) {
	words := strings.Split(strings.TrimSuffix(englishWords, "\n"), "\n")
	if len(words) < 80000 {
		t.Fatalf("%d words", len(words))
	}
	for _, w := range words {
		if !isLemma(w) {
			t.Fatalf("isLemma(%q) = false", w)
		}
		if isLemma(w + "\x00") {
			t.Fatalf("isLemma(%q) = true", w+"\x00")
		}
	}
}
