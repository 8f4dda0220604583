package engine

import (
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/cs"
	"github.com/blevesearch/bleve/v2/analysis/lang/da"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/es"
	"github.com/blevesearch/bleve/v2/analysis/lang/fi"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/hu"
	"github.com/blevesearch/bleve/v2/analysis/lang/id"
	"github.com/blevesearch/bleve/v2/analysis/lang/it"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/lang/no"
	"github.com/blevesearch/bleve/v2/analysis/lang/pt"
	"github.com/blevesearch/bleve/v2/analysis/lang/ro"
	"github.com/blevesearch/bleve/v2/analysis/lang/ru"
	"github.com/blevesearch/bleve/v2/analysis/lang/sv"
	"github.com/blevesearch/bleve/v2/analysis/lang/tr"
)

// ForeignStopWords returns the stop word lists bleve ships for Spanish,
// French, German, Portuguese, Italian, Dutch, Turkish, Russian,
// Czech, Romanian, Hungarian, Swedish, Danish, Norwegian, Finnish and
// Indonesian (Snowball's and Lucene's), each less
// English's (which the Text analyzer drops anyway, and which say nothing
// of a text's language: "a", "in"). Words are lower case; the maps are
// shared and must not be modified.
var ForeignStopWords = sync.OnceValue(func() []map[string]bool {
	english := analysis.NewTokenMap()
	if err := english.LoadBytes(en.EnglishStopWords); err != nil {
		return nil
	}
	var out []map[string]bool
	for _, b := range [][]byte{
		es.SpanishStopWords, fr.FrenchStopWords, de.GermanStopWords, pt.PortugueseStopWords, it.ItalianStopWords, nl.DutchStopWords,
		tr.TurkishStopWords, ru.RussianStopWords, cs.CzechStopWords, ro.RomanianStopWords, hu.HungarianStopWords,
		sv.SwedishStopWords, da.DanishStopWords, no.NorwegianStopWords, fi.FinnishStopWords, id.IndonesianStopWords,
	} {
		m := analysis.NewTokenMap()
		if err := m.LoadBytes(b); err != nil {
			continue // a list bleve ships always loads; without it that language is not told
		}
		words := make(map[string]bool, len(m))
		for w := range m {
			if _, ok := english[w]; !ok {
				words[w] = true
			}
		}
		out = append(out, words)
	}
	return out
})
