package search

import (
	"context"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	index "github.com/blevesearch/bleve_index_api"
)

// addCorrections adds low-weight clauses for query words that are in no
// name, description or tag: each is replaced by the indexed words at edit
// distance 1 (Damerau: a transposition counts as one edit), the most
// frequent first.
func (ix *Index) addCorrections(ctx context.Context, idx bleve.Index, r index.IndexReader, p *plan, text string,
	unknown []bool, meta []fieldWeight, add func(field, term string, ti int, boost float64) (uint64, error)) error {
	tune := ix.tune
	fr, ok := r.(index.IndexReaderFuzzy)
	if !ok {
		return nil
	}
	words, err := tokens(idx, analyzerPlain, text)
	if err != nil {
		return err
	}
	done := map[string]bool{}
	for _, w := range dedupe(words) {
		if n := utf8.RuneCountInString(w); n < tune.fuzzyMinLen || n > maxFuzzyLen || !allLetters(w) {
			continue
		}
		stem, err := tokens(idx, analyzerText, w)
		if err != nil {
			return err
		}
		if len(stem) != 1 {
			continue
		}
		ti := indexOf(p.terms, stem[0])
		if ti < 0 || !unknown[ti] || done[w] {
			continue
		}
		done[w] = true
		if tune.typoEnglish {
			// A real word is not a typo ("song" is not "gong"), nor is a
			// word some body uses.
			if isEnglish(w) {
				continue
			}
			if n, err := docFreq(ctx, r, fieldBody, stem[0]); err != nil {
				return err
			} else if n > 0 {
				continue
			}
		}
		cands, err := fuzzyTerms(fr, w, tune.fuzzyMaxTerms)
		if err != nil {
			return err
		}
		weight := make([]float64, len(cands))
		for i := range weight {
			weight[i] = tune.fuzzy
		}
		if tune.fuzzy2MinLen > 0 && utf8.RuneCountInString(w) >= tune.fuzzy2MinLen {
			// Long words may carry two slips ("postgress" for postgresql).
			c2, err := fuzzyTerms2(r, w, tune.fuzzy2Prefix, tune.fuzzyMaxTerms, cands)
			if err != nil {
				return err
			}
			for range c2 {
				weight = append(weight, tune.fuzzy*tune.fuzzy2)
			}
			cands = append(cands, c2...)
		}
		for i, c := range cands {
			cs, err := tokens(idx, analyzerText, c)
			if err != nil {
				return err
			}
			for _, s := range cs {
				for _, f := range meta {
					if _, err := add(f.field, s, ti, f.w*weight[i]); err != nil {
						return err
					}
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// termCount is a dictionary word and the number of documents holding it.
type termCount struct {
	term  string
	count uint64
}

// mostFrequent returns the terms of cs, most frequent first (ties by
// term), at most max of them. It sorts cs.
func mostFrequent(cs []termCount, max int) []string {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].count != cs[j].count {
			return cs[i].count > cs[j].count
		}
		return cs[i].term < cs[j].term
	})
	if len(cs) > max {
		cs = cs[:max]
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.term
	}
	return out
}

// fuzzyTerms returns up to max words of the plain field at edit distance 1
// from w (w itself excluded), most frequent first.
func fuzzyTerms(fr index.IndexReaderFuzzy, w string, max int) ([]string, error) {
	fd, err := fr.FieldDictFuzzy(fieldPlain, w, 1, "")
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	cs, err := dictTerms(fd, func(t string) bool { return t != w })
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	return mostFrequent(cs, max), nil
}

// dictTerms reads fd to its end, keeping the words keep accepts with their
// document counts, and closes it.
func dictTerms(fd index.FieldDict, keep func(term string) bool) ([]termCount, error) {
	defer fd.Close()
	var cs []termCount
	for {
		e, err := fd.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			return cs, nil
		}
		if keep(e.Term) {
			cs = append(cs, termCount{e.Term, e.Count})
		}
	}
}

// fuzzyTerms2 returns up to max words of the plain field at edit distance
// 2 from w (optimal string alignment: a transposition is one edit) that
// share its first prefix runes, leaving out the words of skip (those at
// distance 1), most frequent first. It walks the dictionary under the
// prefix and measures each word: bleve's distance-2 automaton costs about
// 1 ms to build per word.
func fuzzyTerms2(r index.IndexReader, w string, prefix, max int, skip []string) ([]string, error) {
	rw := []rune(w)
	if len(rw) <= prefix {
		return nil, nil
	}
	fd, err := r.FieldDictPrefix(fieldPlain, []byte(string(rw[:prefix])))
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	cs, err := dictTerms(fd, func(t string) bool {
		return t != w && !contains(skip, t) && osaDistance(rw, []rune(t), 2) == 2
	})
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	return mostFrequent(cs, max), nil
}

// osaDistance is the optimal string alignment distance of a and b (edits:
// insert, delete, substitute, swap adjacent runes), or limit+1 when it is
// above limit.
func osaDistance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			low = min(low, v)
		}
		if low > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(b)] > limit {
		return limit + 1
	}
	return prev[len(b)]
}
