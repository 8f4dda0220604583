package audit

import (
	"slices"
	"sort"
	"strings"
)

// The prefilters of the rules (the words a phrase needs, the miner and
// bypass hints, gitleaks' rule keywords) were strings.Contains calls, one
// pass over the text per word: some 70 passes over every file, most of
// the audit's time after the patterns themselves. A wordList finds every
// occurrence of all its words in one pass, and a wordHits answers "which
// words occur in text[s:e]" for any range of the file from that pass.
//
// The matcher is Aho-Corasick compiled to a dense automaton over byte
// classes: one table lookup per byte of text. github.com/BobuSumisu/aho-corasick
// (gitleaks' prefilter) follows failure links at run time and indexes
// 2 KiB per state; on the corpus it cost as much as the Contains calls
// it replaced.

// wordList is a fixed list of words and their automaton. Matching is
// exact on bytes: callers lower-case text as the words are.
type wordList struct {
	words []string
	id    map[string]int
	// class maps a byte to its class: 0 for bytes in no word, else one
	// class per distinct byte of the words.
	class  [256]uint16
	nclass int
	// delta[state*nclass+class] is the next state, premultiplied by
	// nclass, with the sign bit set when it has outputs; state 0 is the
	// root.
	delta []int32
	// out[state] lists the words that end at this state (its own word
	// and those of its suffix states), as ids.
	out [][]uint16
}

// newWordList builds the automaton over the distinct words of lists,
// matched exactly.
func newWordList(lists ...[]string) *wordList { return buildWordList(false, lists) }

// newFoldedWordList builds the automaton over the distinct words of
// lists, which must be lower-case: matching any text with it finds what
// newWordList's automaton finds in the text with its ASCII letters
// lower-cased (asciiLower), without making that copy of every file.
func newFoldedWordList(lists ...[]string) *wordList { return buildWordList(true, lists) }

func buildWordList(fold bool, lists [][]string) *wordList {
	wl := &wordList{id: map[string]int{}}
	for _, l := range lists {
		for _, w := range l {
			if _, ok := wl.id[w]; !ok && w != "" {
				wl.id[w] = len(wl.words)
				wl.words = append(wl.words, w)
			}
		}
	}
	wl.nclass = 1
	for _, w := range wl.words {
		for i := 0; i < len(w); i++ {
			if wl.class[w[i]] == 0 {
				wl.class[w[i]] = uint16(wl.nclass)
				wl.nclass++
			}
		}
	}
	if fold {
		for c := 'A'; c <= 'Z'; c++ {
			if wl.class[c] != 0 {
				panic("audit: a folded word list holds an upper-case letter")
			}
			wl.class[c] = wl.class[c+'a'-'A']
		}
	}
	// the trie: goto[state*nclass+class], -1 for no edge
	k := wl.nclass
	trie := []int32{}
	newState := func() int32 {
		for i := 0; i < k; i++ {
			trie = append(trie, -1)
		}
		wl.out = append(wl.out, nil)
		return int32(len(wl.out) - 1)
	}
	newState()
	for id, w := range wl.words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := int(wl.class[w[i]])
			if trie[int(s)*k+c] < 0 {
				t := newState()
				trie[int(s)*k+c] = t
			}
			s = trie[int(s)*k+c]
		}
		wl.out[s] = append(wl.out[s], uint16(id))
	}
	// breadth first: failure links, then every missing edge filled from
	// the failure state, so matching never backtracks
	n := len(wl.out)
	wl.delta = make([]int32, n*k)
	fail := make([]int32, n)
	queue := []int32{}
	for c := 0; c < k; c++ {
		if t := trie[c]; t >= 0 {
			wl.delta[c] = t
			fail[t] = 0
			queue = append(queue, t)
		} else {
			wl.delta[c] = 0
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for c := 0; c < k; c++ {
			t := trie[int(u)*k+c]
			if t < 0 {
				wl.delta[int(u)*k+c] = wl.delta[int(fail[u])*k+c]
				continue
			}
			wl.delta[int(u)*k+c] = t
			fail[t] = wl.delta[int(fail[u])*k+c]
			wl.out[t] = append(wl.out[t], wl.out[fail[t]]...)
			queue = append(queue, t)
		}
	}
	// premultiply and flag, so matching is one lookup and one test a byte
	for i, t := range wl.delta {
		x := t * int32(k)
		if len(wl.out[t]) > 0 {
			x |= outFlag
		}
		wl.delta[i] = x
	}
	return wl
}

// outFlag marks a state with outputs in wordList.delta.
const outFlag = -1 << 31

// maxWords bounds the words a wordSet holds (the first maxWords of a
// wordList): sets are for the file's word list; longer lists (gitleaks'
// keywords) are only asked whether any word occurs in a range.
const maxWords = 320

// wordSet is a set of a wordList's words, by id.
type wordSet [maxWords / 64]uint64

func (s *wordSet) add(id int) { s[id/64] |= 1 << (id % 64) }

// meets reports whether s and t share a word.
func (s *wordSet) meets(t *wordSet) bool {
	for i := range s {
		if s[i]&t[i] != 0 {
			return true
		}
	}
	return false
}

// set returns the set of words, which must all be among wl's first
// maxWords.
func (wl *wordList) set(words []string) wordSet {
	var s wordSet
	for _, w := range words {
		id, ok := wl.id[w]
		if !ok || id >= maxWords {
			panic("audit: word " + w + " not in the word list's first maxWords")
		}
		s.add(id)
	}
	return s
}

// wordHits are the occurrences of a wordList's words in one text, in
// order of their end offset.
type wordHits struct {
	start, end []int32 // byte offsets: the word is text[start:end]
	id         []uint16
	all        wordSet // every word (of the first maxWords) that occurs anywhere
}

// find returns every occurrence of wl's words in lower (lower-cased as
// the words are, unless wl is folded).
func (wl *wordList) find(lower string) *wordHits {
	h := &wordHits{}
	k := int32(wl.nclass)
	delta, class := wl.delta, &wl.class
	x := int32(0)
	for i := 0; i < len(lower); i++ {
		x = delta[x&^outFlag+int32(class[lower[i]])]
		if x >= 0 {
			continue
		}
		for _, id := range wl.out[(x&^outFlag)/k] {
			h.start = append(h.start, int32(i+1-len(wl.words[id])))
			h.end = append(h.end, int32(i+1))
			h.id = append(h.id, id)
			if id < maxWords {
				h.all.add(int(id))
			}
		}
	}
	return h
}

// matchAny reports whether any of wl's words occurs in lower.
func (wl *wordList) matchAny(lower string) bool {
	delta, class := wl.delta, &wl.class
	x := int32(0)
	for i := 0; i < len(lower); i++ {
		if x = delta[x&^outFlag+int32(class[lower[i]])]; x < 0 {
			return true
		}
	}
	return false
}

// in returns the words that occur wholly inside text[s:e].
func (h *wordHits) in(s, e int) wordSet {
	var out wordSet
	i := sort.Search(len(h.end), func(i int) bool { return int(h.end[i]) > s })
	for ; i < len(h.end) && int(h.end[i]) <= e; i++ {
		if int(h.start[i]) >= s && h.id[i] < maxWords {
			out.add(int(h.id[i]))
		}
	}
	return out
}

// startsIn returns, sorted and relative to s, the offsets in text[s:e]
// where a word of set occurs wholly inside the range and begins at an
// RE2 word boundary of text[s:e]: at its start, or after a byte that is
// not an ASCII word character. text is the text the hits were found in
// (before lower-casing).
func (h *wordHits) startsIn(text string, s, e int, set *wordSet) []int {
	var out []int
	i := sort.Search(len(h.end), func(i int) bool { return int(h.end[i]) > s })
	for ; i < len(h.end) && int(h.end[i]) <= e; i++ {
		st, id := int(h.start[i]), int(h.id[i])
		if st < s || id >= maxWords || set[id/64]&(1<<(id%64)) == 0 {
			continue
		}
		if st > s && isWordByte(text[st-1]) {
			continue
		}
		out = append(out, st-s)
	}
	sort.Ints(out)
	return slices.Compact(out)
}

// isWordByte reports an ASCII word character ([0-9A-Za-z_], RE2's \w).
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// any reports whether a word occurs wholly inside text[s:e].
func (h *wordHits) any(s, e int) bool {
	i := sort.Search(len(h.end), func(i int) bool { return int(h.end[i]) > s })
	for ; i < len(h.end) && int(h.end[i]) <= e; i++ {
		if int(h.start[i]) >= s {
			return true
		}
	}
	return false
}

// indexAll returns the byte offsets of the occurrences of sub in s, each
// search going on after the previous match (so they do not overlap), in
// order; nil for an empty sub.
func indexAll(s, sub string) []int {
	if sub == "" {
		return nil
	}
	var at []int
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return at
		}
		at = append(at, off+i)
		off += i + len(sub)
	}
}
