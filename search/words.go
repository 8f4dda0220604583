package search

import (
	"bytes"
	_ "embed"
	"strings"
	"sync"

	"github.com/bits-and-blooms/bloom/v3"
)

// lemmaFalsePositive is the false-positive rate the lemma filter is built
// for: the share of non-words the filter takes for words. A false positive
// only leaves a misspelling uncorrected, which is the error typo correction
// can afford (changing a real word is the one it cannot).
const lemmaFalsePositive = 1e-4

// lemmaFilter is a Bloom filter holding WordNet 3.0's single-word lemmas and
// irregular forms (data/english-words.txt, see data/README.md and
// data/WORDNET-LICENSE), built by TestSearchData (go test ./search -run
// TestSearchData -update rewrites it). A filter rather than the list: a
// quarter of the size in the binary, and no word is ever missing.
//
//go:embed data/english-words.bloom
var lemmaFilter []byte

// lemmas is lemmaFilter, read on first use. The bytes are checked by
// TestSearchData, so a read error is a broken build.
var lemmas = sync.OnceValue(func() *bloom.BloomFilter {
	var f bloom.BloomFilter
	if _, err := f.ReadFrom(bytes.NewReader(lemmaFilter)); err != nil {
		panic("search: data/english-words.bloom: " + err.Error())
	}
	return &f
})

// isLemma reports whether w (lower case) is a word of data/english-words.txt
// (a non-word answers true at the rate lemmaFalsePositive).
func isLemma(w string) bool {
	return w != "" && lemmas().TestString(w)
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
