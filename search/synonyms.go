package search

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"strings"
	"sync"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// synonymsGzip is data/synonyms.txt (WordNet synonyms, see data/README.md),
// gzipped by TestSearchData (-update rewrites it): a third of the size in
// the binary. Only the second search of an unsure query reads it.
//
//go:embed data/synonyms.txt.gz
var synonymsGzip []byte

// synonymsText maps an English word to its WordNet synonyms, one word a
// line: "word syn1 syn2 ...", sorted by word; decompressed on first use.
// The bytes are checked by TestSearchData, so an error is a broken build.
var synonymsText = sync.OnceValue(func() string {
	zr, err := gzip.NewReader(bytes.NewReader(synonymsGzip))
	if err != nil {
		panic("search: data/synonyms.txt.gz: " + err.Error())
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		panic("search: data/synonyms.txt.gz: " + err.Error())
	}
	return string(b)
})

// synonymsOf returns the synonyms of the lower-case word w, or nil.
func synonymsOf(w string) []string {
	b := synonymsText()
	lo, hi := 0, len(b)
	for lo < hi {
		mid := (lo + hi) / 2
		// the line holding mid
		start := strings.LastIndexByte(b[:mid], '\n') + 1
		end := strings.IndexByte(b[start:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += start
		}
		line := b[start:end]
		key, rest, _ := strings.Cut(line, " ")
		switch {
		case key == w:
			return strings.Fields(rest)
		case key < w:
			lo = end + 1
		default:
			hi = start
		}
	}
	return nil
}

// synonymTerms returns the analysed WordNet synonyms of the query's words,
// each anchored to the query term it stands in for, at tune.synonym;
// synonyms already among the terms are skipped.
func (ix *Index) synonymTerms(r *engine.Reader, text string, p *plan) ([]fbTerm, error) {
	words, err := queryWords(r, text, p.terms)
	if err != nil {
		return nil, err
	}
	var out []fbTerm
	seen := map[string]bool{}
	for _, qw := range words {
		w, ti := qw.word, qw.term
		if p.fb&(1<<uint(ti)) != 0 {
			continue
		}
		if max := ix.tune.synonymMaxDF; max > 0 && p.metaDF[ti] > uint64(max*float64(p.docs)) {
			continue // a word skills use often enough needs no stand-in
		}
		for _, s := range synonymsOf(w) {
			st, err := r.Analyze(engine.Text, s)
			if err != nil {
				return nil, err
			}
			for _, t := range st {
				if !seen[t] && !contains(p.terms, t) {
					seen[t] = true
					out = append(out, fbTerm{text: t, w: ix.tune.synonym, anchor: ti})
				}
			}
		}
	}
	return out, nil
}
