package search

import (
	_ "embed"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/search/internal/engine"
)

// conceptsText is the concept thesaurus: how people describe a problem ->
// the words skill authors use for its solution (see data/concepts.txt).
//
//go:embed data/concepts.txt
var conceptsText string

// concept is one analysed thesaurus line.
type concept struct {
	phrase  string   // lower-cased trigger as written, for phrases with stop words
	trigger []string // analysed trigger words (stop words removed)
	expand  []string // analysed expansion words
}

// loadConcepts analyses the thesaurus with the index's text analyzer.
func loadConcepts(r *engine.Reader) []concept {
	var out []concept
	for line := range strings.Lines(conceptsText) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lhs, rhs, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		trig, err1 := r.Analyze(engine.Text, lhs)
		exp, err2 := r.Analyze(engine.Text, rhs)
		if err1 != nil || err2 != nil || len(trig) == 0 || len(exp) == 0 {
			continue
		}
		out = append(out, concept{phrase: strings.ToLower(strings.TrimSpace(lhs)), trigger: dedupe(trig), expand: dedupe(exp)})
	}
	return out
}

// conceptExpansion is one expansion term to search for, standing in for
// the query term at index term.
type conceptExpansion struct {
	text string
	term int
}

// expandConcepts returns the expansion terms of the thesaurus lines the
// query triggers: a one-word trigger matches its analysed form among the
// query terms; a longer one matches when all its analysed words are query
// terms and, if it has stop words ("drop off", "on call"), when the phrase
// itself is in the query. A Korean trigger word also matches a query word
// it begins (hangulPrefixes); a Chinese or Japanese one must be written
// as one run in the query (cjkContiguous). Expansions already among the
// terms are skipped.
func (ix *Index) expandConcepts(r *engine.Reader, text string, terms []string) []conceptExpansion {
	ix.conceptsOnce.Do(func() {
		ix.concepts = loadConcepts(r)
		ix.conceptsBy = make(map[string][]int, len(ix.concepts))
		for i, c := range ix.concepts {
			ix.conceptsBy[c.trigger[0]] = append(ix.conceptsBy[c.trigger[0]], i)
		}
	})
	lower := " " + strings.Join(strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == '.' || r == '?' || r == '!' || r == ';' || r == ':'
	}), " ") + " "
	var out []conceptExpansion
	seen := map[string]bool{}
	for _, t := range terms {
		seen[t] = true
	}
	// The lines whose first trigger word is a query term, in file order.
	var lines []int
	for _, t := range terms {
		lines = append(lines, ix.conceptsBy[t]...)
		for _, p := range hangulPrefixes(t) {
			lines = append(lines, ix.conceptsBy[p]...)
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	for _, li := range lines {
		c := ix.concepts[li]
		anchor, best := -1, 0
		for _, w := range c.trigger {
			i := conceptTermIndex(terms, w)
			if i < 0 {
				anchor = -1
				break
			}
			if n := utf8.RuneCountInString(w); n > best {
				anchor, best = i, n
			}
		}
		if anchor < 0 {
			continue
		}
		if len(strings.Fields(c.phrase)) > len(c.trigger) && !strings.Contains(lower, " "+c.phrase+" ") {
			continue
		}
		if !cjkContiguous(c.phrase, text) {
			continue
		}
		for _, e := range c.expand {
			if !seen[e] {
				seen[e] = true
				out = append(out, conceptExpansion{text: e, term: anchor})
			}
		}
	}
	return out
}

// Korean writes particles and verb endings onto the word they follow
// (챗봇이, 보안을, 점검하고), and the text analyzer keeps a run of hangul
// whole (the CJK bigram filter pairs only Han and kana), so a thesaurus
// line's 챗봇 would never equal a query's 챗봇이. Because those endings
// are suffixes, a hangul trigger word of at least minHangulTrigger
// syllables matches a query word that begins with it.
const minHangulTrigger = 2

// hangulPrefixes returns the leading runs of term, shortest first, of at
// least minHangulTrigger syllables and shorter than term, when term starts
// with hangul; nil otherwise.
func hangulPrefixes(term string) []string {
	var out []string
	n := 0
	for i, r := range term {
		if !unicode.Is(unicode.Hangul, r) {
			break
		}
		if n >= minHangulTrigger {
			out = append(out, term[:i])
		}
		n++
	}
	return out
}

// conceptTermIndex returns the index in terms of the thesaurus trigger
// word w: its own position, or for a hangul word (see hangulPrefixes) the
// first query term that begins with it; -1 when it is absent.
func conceptTermIndex(terms []string, w string) int {
	if i := indexOf(terms, w); i >= 0 {
		return i
	}
	if r, _ := utf8.DecodeRuneInString(w); !unicode.Is(unicode.Hangul, r) || utf8.RuneCountInString(w) < minHangulTrigger {
		return -1
	}
	for i, t := range terms {
		if strings.HasPrefix(t, w) {
			return i
		}
	}
	return -1
}

// cjkContiguous reports whether every word of phrase written in Han, kana
// (Chinese, Japanese) occurs as one run in text. The analyzer splits such
// runs into characters and pairs, so without this a trigger matched when
// its pairs were anywhere in the query: メール (mail) fired on a query
// holding メーカー and ルール, whose pairs are メー and ール.
func cjkContiguous(phrase, text string) bool {
	for _, w := range strings.Fields(phrase) {
		if strings.IndexFunc(w, isHanOrKana) >= 0 && !strings.Contains(strings.ToLower(text), w) {
			return false
		}
	}
	return true
}

// isHanOrKana reports whether r is a Han ideograph or a kana (including
// the katakana prolonged sound mark ー).
func isHanOrKana(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == 'ー'
}
