package search

import (
	"slices"
	"strings"
	"unicode"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Queries in another language than the catalog's English: the index's
// analyzer removes English stop words only, so a Spanish "de", "la" or
// "para" is searched like a content word and matches skills that happen to
// hold it ("de novo", a German example sentence). A query written in one
// of the languages of engine.ForeignStopWords (Spanish, French, German,
// Portuguese, Italian, Dutch, Turkish, Russian and more; at least
// foreignMinStops distinct words, and a quarter of its words, are that
// language's stop words: engine.ForeignStopWords) has those words dropped
// before planning.

// foreignMinStops is how many of a language's stop words a query needs
// before it is taken for that language.
const foreignMinStops = 2

// foreignStops returns the words of text that are stop words of the
// language text is written in, or nil when it is not clearly written in
// one of engine.ForeignStopWords.
func foreignStops(text string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	if len(words) == 0 {
		return nil
	}
	var best []string
	var lang map[string]bool
	for _, m := range engine.ForeignStopWords() {
		var hit []string
		for _, w := range words {
			if m[w] && len([]rune(w)) > 1 && !contains(hit, w) {
				hit = append(hit, w)
			}
		}
		if len(hit) >= foreignMinStops && 4*len(hit) >= len(words) && len(hit) > len(best) {
			best, lang = hit, m
		}
	}
	// One-letter stop words ("o", "a", "e", "y") are no evidence of a
	// language (English has "a" too), but once the language is known
	// they are its articles and conjunctions, not the letter a skill
	// means ("O(n)", "a/b tests").
	for _, w := range words {
		if lang[w] && len([]rune(w)) == 1 && !contains(best, w) {
			best = append(best, w)
		}
	}
	return best
}

// dropForeignStops removes from terms the analysed forms of the query's
// foreign stop words (see foreignStops). It keeps terms unchanged when
// nothing else would be left.
func dropForeignStops(r *engine.Reader, text string, terms []string) []string {
	stops := foreignStops(text)
	if len(stops) == 0 {
		return terms
	}
	ts, err := r.Analyze(engine.Text, strings.Join(stops, " "))
	if err != nil {
		return terms
	}
	return withoutTerms(terms, func(t string) bool { return slices.Contains(ts, t) })
}
