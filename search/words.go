package search

import (
	_ "embed"
	"strings"
)

// englishWords is WordNet 3.0's single-word lemmas and irregular forms,
// sorted, one a line (see data/README.md and data/WORDNET-LICENSE). It is
// searched in place (binary search over the lines): no start-up cost, no
// heap.
//
//go:embed data/english-words.txt
var englishWords string

// isLemma reports whether w (lower case) is a line of englishWords.
func isLemma(w string) bool {
	b := englishWords
	lo, hi := 0, len(b) // both at line starts (or the end)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := strings.LastIndexByte(b[lo:mid], '\n') + 1 + lo
		if start > mid { // no newline in b[lo:mid]: the line starts at lo
			start = lo
		}
		end := strings.IndexByte(b[start:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += start
		}
		switch line := b[start:end]; {
		case line == w:
			return true
		case line < w:
			lo = end + 1
		default:
			hi = start
		}
	}
	return false
}

// isEnglish reports whether the lower-case word w is an English word: in
// the list, or a regular inflection of one ("songs", "paying", "tested",
// "stopped", "quickly", "bigger").
func isEnglish(w string) bool {
	if w == "" {
		return false
	}
	if isLemma(w) {
		return true
	}
	for _, suf := range []string{"s", "es", "ed", "ing", "ly", "er", "est"} {
		base, ok := strings.CutSuffix(w, suf)
		if !ok || len(base) < 2 {
			continue
		}
		if isLemma(base) || isLemma(base+"e") {
			return true
		}
		// stopped -> stop, running -> run
		if n := len(base); n >= 3 && base[n-1] == base[n-2] && isLemma(base[:n-1]) {
			return true
		}
		// studies -> study, tried -> try
		if b, ok := strings.CutSuffix(base, "i"); ok && isLemma(b+"y") {
			return true
		}
	}
	return false
}
