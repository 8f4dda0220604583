package search

import (
	_ "embed"
	"slices"
	"strings"
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
// itself is in the query. Expansions already among the terms are skipped.
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
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	for _, li := range lines {
		c := ix.concepts[li]
		anchor, best := -1, 0
		for _, w := range c.trigger {
			i := indexOf(terms, w)
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
		for _, e := range c.expand {
			if !seen[e] {
				seen[e] = true
				out = append(out, conceptExpansion{text: e, term: anchor})
			}
		}
	}
	return out
}
