package search

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// addCorrections adds low-weight clauses for query words that are in no
// name, description or tag (unknown, by term; words maps the query's
// words to their terms, queryWords): each is replaced by the indexed
// words at edit distance 1 (Damerau: a transposition counts as one
// edit), the most frequent first.
func (ix *Index) addCorrections(ctx context.Context, r *engine.Reader, p *plan, words []queryWord,
	unknown []bool, meta []fieldWeight, add func(field, term string, ti int, boost float64) (uint64, error)) error {
	tune := ix.tune
	for _, qw := range words {
		w, ti := qw.word, qw.term
		if n := utf8.RuneCountInString(w); n < tune.fuzzyMinLen || n > maxFuzzyLen || !allLetters(w) || !unknown[ti] ||
			p.foreign && n <= tune.foreignTypoMax {
			continue
		}
		if tune.typoEnglish {
			// A real word is not a typo ("song" is not "gong"), nor is a
			// word some body uses.
			if isEnglish(w) {
				continue
			}
			if p.bodyDF != nil {
				if p.bodyDF[ti] > 0 {
					continue
				}
			} else if n, err := r.DocFreq(ctx, engine.FieldBody, p.terms[ti]); err != nil {
				return err
			} else if n > 0 {
				continue
			}
		}
		cands, err := fuzzyTerms(r, w, tune.fuzzyMaxTerms)
		if err != nil {
			return err
		}
		if tune.rareNameTypo && tune.rareName > 0 {
			if err := rareCorrection(ctx, r, p, ti, cands, meta, &tune); err != nil {
				return err
			}
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
			cs, err := r.Analyze(engine.Text, c)
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

// rareCorrection gives term ti of p the rare-name weight (rareNames) when
// one of cands, its corrections at edit distance 1, is a rare name: in at
// least one and at most tune.rareNameMaxDF names and in at most
// tune.rareNameMaxDocs documents of any field.
func rareCorrection(ctx context.Context, r *engine.Reader, p *plan, ti int, cands []string, meta []fieldWeight, tune *tuning) error {
	for _, c := range cands {
		// One word analyses to one term; a candidate that splits (a
		// hyphenated word) names no single service.
		cs, err := r.Analyze(engine.Text, c)
		if err != nil || len(cs) != 1 {
			return err
		}
		nameDF, maxDF, err := nameRarity(ctx, r, cs[0], meta)
		if err != nil {
			return err
		}
		if nameDF > 0 && nameDF <= tune.rareNameMaxDF && maxDF <= tune.rareNameMaxDocs {
			p.markRare(ti, tune.rareName)
			return nil
		}
	}
	return nil
}

// fuzzyTerms returns up to max words of the plain field at edit distance 1
// from w (w itself excluded), most frequent first.
func fuzzyTerms(r *engine.Reader, w string, max int) ([]string, error) {
	cs, err := r.FuzzyTerms(w)
	if err != nil {
		return nil, err
	}
	return engine.MostFrequent(cs, max), nil
}

// fuzzyTerms2 returns up to max words of the plain field at edit distance
// 2 from w (optimal string alignment: a transposition is one edit) that
// share its first prefix runes, leaving out the words of skip (those at
// distance 1), most frequent first. It walks the dictionary under the
// prefix and measures each word: building bleve's distance-2 automaton
// per word costs more than the walk.
func fuzzyTerms2(r *engine.Reader, w string, prefix, max int, skip []string) ([]string, error) {
	rw := []rune(w)
	if len(rw) <= prefix {
		return nil, nil
	}
	cs, err := r.PrefixTerms(string(rw[:prefix]), func(t string) bool {
		return t != w && !contains(skip, t) && osaDistance(rw, []rune(t), 2) == 2
	})
	if err != nil {
		return nil, fmt.Errorf("search: fuzzy %q: %w", w, err)
	}
	return engine.MostFrequent(cs, max), nil
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
