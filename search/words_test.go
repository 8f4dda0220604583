package search

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/bits-and-blooms/bloom/v3"

	"github.com/skilldex/skilldex/internal/golden"
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

// readLines returns the lines of a file under data/.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// TestIsLemmaEveryWord checks the filter holds every line of the list and
// takes non-words for words at about the rate it was built for.
func TestIsLemmaEveryWord(t *testing.T) {
	words := readLines(t, "data/english-words.txt")
	if len(words) < 80000 {
		t.Fatalf("%d words", len(words))
	}
	falsePos := 0
	for _, w := range words {
		if !isLemma(w) {
			t.Fatalf("isLemma(%q) = false", w)
		}
		if isLemma(w + "q") { // almost never a word ("iraq" is one)
			falsePos++
		}
	}
	// words+"q" are (almost all) non-words: expect about n*1e-4 of them in;
	// ten times that is a filter built wrong.
	if max := int(10 * lemmaFalsePositive * float64(len(words))); falsePos > max {
		t.Errorf("%d of %d non-words taken for words, want at most %d", falsePos, len(words), max)
	}
}

// TestSearchData checks the packed data under data/ against its source
// (english-words.txt); `go test ./search -run TestSearchData -update`
// rewrites the packed file after the source changed.
func TestSearchData(t *testing.T) {
	words := readLines(t, "data/english-words.txt")
	f := bloom.NewWithEstimates(uint(len(words)), lemmaFalsePositive)
	for _, w := range words {
		f.AddString(w)
	}
	var want bytes.Buffer
	if _, err := f.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	if golden.Updating() {
		if err := os.WriteFile("data/english-words.bloom", want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(lemmaFilter, want.Bytes()) {
		t.Error("data/english-words.bloom is not the filter of data/english-words.txt (go test ./search -run TestSearchData -update rewrites it)")
	}
}
