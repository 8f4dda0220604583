package search

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"sort"
	"strings"
	"sync"
)

// englishWordsGz is WordNet 3.0's single-word lemmas and irregular forms
// (see data/README.md and data/WORDNET-LICENSE).
//
//go:embed data/english-words.txt.gz
var englishWordsGz []byte

// englishWords holds the sorted word list as one newline-separated blob
// with the start offset of each word: ~1 MB instead of a map's ~4 MB.
var englishWords struct {
	once  sync.Once
	blob  string
	start []uint32
}

func loadEnglishWords() {
	zr, err := gzip.NewReader(bytes.NewReader(englishWordsGz))
	if err != nil {
		panic("search: embedded word list: " + err.Error()) // a broken build, not bad input
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		panic("search: embedded word list: " + err.Error())
	}
	englishWords.blob = string(b)
	off := uint32(0)
	for off < uint32(len(b)) {
		englishWords.start = append(englishWords.start, off)
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			break
		}
		off += uint32(i) + 1
	}
}

func wordAt(i int) string {
	s := englishWords.blob[englishWords.start[i]:]
	if j := strings.IndexByte(s, '\n'); j >= 0 {
		s = s[:j]
	}
	return s
}

// isLemma reports whether w (lower case) is in the word list.
func isLemma(w string) bool {
	englishWords.once.Do(loadEnglishWords)
	n := len(englishWords.start)
	i := sort.Search(n, func(i int) bool { return wordAt(i) >= w })
	return i < n && wordAt(i) == w
}

// isEnglish reports whether the lower-case word w is an English word: in
// the list, or a regular inflection of one ("songs", "paying", "tested",
// "stopped", "quickly", "bigger").
func isEnglish(w string) bool {
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
