package audit

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestWordHits: the automaton finds exactly what strings.Contains finds,
// for every word and many ranges of random text over a small alphabet
// (so words overlap, nest and repeat).
func TestWordHits(t *testing.T) {
	words := []string{"a", "ab", "abc", "bca", "cab", "ca", "aaa", "b.c", "@", "you are", "env", "environment", "nv"}
	wl := newWordList(words, []string{"ab", "abc"}) // duplicates are one word
	if len(wl.words) != len(words) {
		t.Fatalf("%d distinct words, want %d", len(wl.words), len(words))
	}
	rng := rand.New(rand.NewSource(1))
	alphabet := "abc. @youarenvimt"
	for n := 0; n < 300; n++ {
		b := make([]byte, rng.Intn(80))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		text := string(b)
		h := wl.find(text)
		for k := 0; k < 20; k++ {
			s := rng.Intn(len(text) + 1)
			e := s + rng.Intn(len(text)-s+1)
			got := h.in(s, e)
			any := false
			for _, w := range words {
				want := strings.Contains(text[s:e], w)
				any = any || want
				set := wl.set([]string{w})
				if got.meets(&set) != want {
					t.Fatalf("text %q [%d:%d]: word %q found=%v, strings.Contains=%v", text, s, e, w, got.meets(&set), want)
				}
			}
			if h.any(s, e) != any {
				t.Fatalf("text %q [%d:%d]: any=%v, want %v", text, s, e, h.any(s, e), any)
			}
		}
		for _, w := range words {
			set := wl.set([]string{w})
			if h.all.meets(&set) != strings.Contains(text, w) {
				t.Fatalf("text %q: all has %q = %v", text, w, h.all.meets(&set))
			}
		}
	}
}

// TestFoldedWordHits: a folded list finds in any text what the plain
// list finds in the text lower-cased.
func TestFoldedWordHits(t *testing.T) {
	words := []string{"ab", "abc", "b.c", "you are", "key", "e-mail"}
	plain, folded := newWordList(words), newFoldedWordList(words)
	rng := rand.New(rand.NewSource(2))
	alphabet := "aAbBcC. yYoOuUrReEkK-mMiIlL"
	for n := 0; n < 300; n++ {
		b := make([]byte, rng.Intn(60))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		text := string(b)
		got, want := folded.find(text), plain.find(asciiLower(text))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("text %q: folded %+v, lower-cased %+v", text, got, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a folded list took an upper-case word")
		}
	}()
	newFoldedWordList([]string{"Key"})
}
