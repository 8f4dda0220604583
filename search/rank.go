package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// Name-IDF variants of tuning.nameIDF.
const (
	nameIDFOff  = 0
	nameIDFBody = 1
	nameIDFDesc = 2
)

// framingWords are how agents and people frame a task, not what it is
// about ("The user wants me to...", "Can you help..."). Stemmed with the
// text analyzer before use.
var framingWords = []string{
	"user", "users", "want", "wants", "wanted", "ask", "asks", "asked", "asking", "can", "could", "would",
	"should", "one", "help", "helps", "need", "needs", "needed", "like", "please", "someone", "something",
	"thing", "things", "way", "just", "really", "actually", "also", "tell", "let", "lets", "make", "sure",
	"me", "us", "we", "our", "i", "my", "you", "your", "task", "going", "get", "gets", "trying", "try",
}

// dropFraming removes framing terms (see framingWords) from the analysed
// query terms, unless nothing else is left.
func (ix *Index) dropFraming(r *engine.Reader, terms []string) []string {
	ix.framingOnce.Do(func() {
		ts, err := r.Analyze(engine.Text, strings.Join(framingWords, " "))
		if err != nil {
			return
		}
		ix.framing = make(map[string]bool, len(ts))
		for _, t := range ts {
			ix.framing[t] = true
		}
	})
	return withoutTerms(terms, func(t string) bool { return ix.framing[t] })
}

// withoutTerms returns terms less those drop reports, or terms unchanged
// when nothing else would be left (a query of only such words is still
// searched for them).
func withoutTerms(terms []string, drop func(string) bool) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !drop(t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return terms
	}
	return out
}

// termWeights gives each analysed query term its weight: 1, except single
// CJK characters in a query that also has CJK bigrams, which get
// tune.cjkUnigram (common characters like 用, 写, 给 say little once the
// pairs are matched).
func termWeights(terms []string, tune *tuning) []float64 {
	w := make([]float64, len(terms))
	bigram := false
	for _, t := range terms {
		if isCJK(t) && utf8.RuneCountInString(t) == 2 {
			bigram = true
		}
	}
	for i, t := range terms {
		w[i] = 1
		if bigram && tune.cjkUnigram > 0 && isCJK(t) && utf8.RuneCountInString(t) == 1 {
			w[i] = tune.cjkUnigram
		}
	}
	return w
}

// isCJK reports whether s is made of Han, Hiragana or Katakana characters.
func isCJK(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return false
		}
	}
	return s != ""
}

// nameIDFFactor is the multiplier of a term's name clause (see
// tuning.nameIDF); df holds its document frequency in name, description,
// tags and body.
func nameIDFFactor(docs uint64, df [4]uint64, tune *tuning) float64 {
	var other uint64
	switch tune.nameIDF {
	case nameIDFBody:
		other = df[3]
	case nameIDFDesc:
		other = df[1]
	default:
		return 1
	}
	if df[0] == 0 || float64(df[3]) < tune.nameIDFMinBody*float64(docs) ||
		(tune.nameIDFMaxName > 0 && df[0] > tune.nameIDFMaxName) {
		return 1
	}
	f := bm25IDF(docs, other) / bm25IDF(docs, df[0])
	return min(1, max(f, tune.nameIDFFloor))
}

// properNouns returns the words of text (lower-cased) written with a
// capital first letter and the rest lower case, except a sentence's first
// word (at the start of text or after ".", "!", "?", ":" or a line break):
// how English writes a name ("through Tisane", "in Raven Tools"), told
// apart from a capitalised sentence start and from acronyms.
func properNouns(text string) map[string]bool {
	out := map[string]bool{}
	start := true // the next word begins a sentence
	rs := []rune(text)
	for i := 0; i < len(rs); {
		r := rs[i]
		if !unicode.IsLetter(r) {
			switch r {
			case '.', '!', '?', ':', '\n':
				start = true
			}
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		w := rs[i:j]
		if !start && unicode.IsUpper(w[0]) && len(w) > 1 && strings.ToLower(string(w[1:])) == string(w[1:]) {
			out[strings.ToLower(string(w))] = true
		}
		start = false
		i = j
	}
	return out
}

// rareNames gives each of the rare terms (in at most tune.rareNameMaxDF
// names and tune.rareNameMaxDocs documents of any field) tune.rareName
// times its weight in the coverage fraction of p, when every word of text
// that analyses to it is one no English dictionary holds: "DocuSeal" or
// "Claid" names the service a connector skill is about, while "fix", the
// name of some small catalog's only debugging skill, is a task word.
func rareNames(r *engine.Reader, text string, terms []string, rare []int, p *plan, tune *tuning) error {
	if len(rare) == 0 {
		return nil
	}
	words, err := queryWords(r, text, terms)
	if err != nil {
		return err
	}
	var proper map[string]bool
	if tune.rareNameProper {
		proper = properNouns(text)
	}
	typed := make(map[int]bool, len(rare))
	english := make(map[int]bool, len(rare))
	for _, w := range words {
		typed[w.term] = true
		if isEnglish(w.word) && !proper[w.word] {
			english[w.term] = true
		}
	}
	for _, ti := range rare {
		if typed[ti] && !english[ti] {
			p.totalWeight += p.weights[ti] * (tune.rareName - 1)
			p.weights[ti] *= tune.rareName
		}
	}
	return nil
}
