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
		for _, c := range cands {
			cs, err := tokens(idx, analyzerText, c)
			if err != nil {
				return err
			}
			for _, s := range cs {
				for _, f := range meta {
					if _, err := add(f.field, s, ti, f.w*tune.fuzzy); err != nil {
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

// fuzzyTerms returns up to max words of the plain field at edit distance 1
// from w (w itself excluded), most frequent first.
func fuzzyTerms(fr index.IndexReaderFuzzy, w string, max int) ([]string, error) {
	fd, err := fr.FieldDictFuzzy(fieldPlain, w, 1, "")
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	defer fd.Close()
	type cand struct {
		term  string
		count uint64
	}
	var cs []cand
	for {
		e, err := fd.Next()
		if err != nil {
			return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
		}
		if e == nil {
			break
		}
		if e.Term != w {
			cs = append(cs, cand{e.Term, e.Count})
		}
	}
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
	return out, nil
}
