package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
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
func (ix *Index) dropFraming(idx bleve.Index, terms []string) []string {
	ix.framingOnce.Do(func() {
		ts, err := tokens(idx, analyzerText, strings.Join(framingWords, " "))
		if err != nil {
			return
		}
		ix.framing = make(map[string]bool, len(ts))
		for _, t := range ts {
			ix.framing[t] = true
		}
	})
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !ix.framing[t] {
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

// stemExceptions are indexed and searched unstemmed: porter would conflate
// each with unrelated words ("relational" and public "relations",
// "general" and "generate", "executive" and "execute", "news" and "new").
// Part of the mapping: changing it needs a new mappingVersion.
var stemExceptions = []interface{}{
	"relational", "general", "generally", "generic", "generics", "executive", "executives", "news",
	"organic", "animal", "animals", "authority", "university", "universal",
}

// maxTitleWords is the longest description (in words) still treated as a
// mere title ("Contract & Proposal Writer", "Incident Commander Skill").
const maxTitleWords = 6

// synthWords is how many words of the body a synthetic description takes.
const synthWords = 80

// indexedDescription is the description as indexed: the frontmatter's,
// followed, when that is only a title, by the opening prose of the body
// (skipping headings, front-matter-like "**Tier:**" lines, tables and
// code), so that such skills have the usual evidence in their
// description field.
func (d *Doc) indexedDescription() string {
	if !isTitle(d.Description) || d.Body == "" {
		return d.Description
	}
	syn := synthDescription(d.Body, synthWords)
	if syn == "" {
		return d.Description
	}
	return d.Description + "\n" + syn
}

// synthDescription returns up to n words of body prose: list items and
// paragraphs, not headings, tables, code blocks, rules, quotes or
// "**Key:** value" metadata lines.
func synthDescription(body string, n int) string {
	var words []string
	fence := false
	for line := range strings.Lines(body) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = !fence
			continue
		}
		if fence || t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, ">") ||
			strings.HasPrefix(t, "---") || strings.HasPrefix(t, "<") {
			continue
		}
		if strings.HasPrefix(t, "**") && strings.Contains(t, ":**") && len(strings.Fields(t)) <= 8 {
			continue // **Tier:** POWERFUL
		}
		for _, w := range strings.Fields(t) {
			words = append(words, w)
			if len(words) == n {
				return strings.Join(words, " ")
			}
		}
	}
	return strings.Join(words, " ")
}

// isTitle reports whether a description is only a title: at most
// maxTitleWords words, no closing full stop, and most words capitalised
// ("Contract & Proposal Writer", "/em -challenge — Pre-Mortem Plan
// Analysis"), unlike a short sentence ("Fill PDF forms.").
func isTitle(desc string) bool {
	desc = strings.TrimSpace(desc)
	words := strings.Fields(desc)
	if len(words) == 0 || len(words) > maxTitleWords || strings.HasSuffix(desc, ".") {
		return false
	}
	var letters, upper int
	for _, w := range words {
		for _, r := range w {
			if unicode.IsLetter(r) {
				letters++
				if unicode.IsUpper(r) {
					upper++
				}
				break
			}
		}
	}
	return letters > 0 && 2*upper >= letters
}
