package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
)

// targetMark prefixes a conversion target in the stored terms field
// (fieldTerms): it never starts an analysed term, so MetaTerms can tell
// the two apart.
const targetMark = ">"

// conversionTargets returns the analysed terms of desc that follow "to" or
// "into" (an article between them skipped): the formats or states a skill
// turns things into, as in "Convert files and office documents to
// Markdown" (the term of "Markdown"). toks is desc's token stream, whose
// Start offsets index desc. The list is in description order, without
// duplicates; verbs after "to" ("to create") come along and are harmless,
// since the ranking only compares these terms with a query's own source
// and target words.
func conversionTargets(desc string, toks analysis.TokenStream) []string {
	var out []string
	for _, tok := range toks {
		if tok.Start < 0 || tok.Start > len(desc) || len(tok.Term) == 0 {
			continue
		}
		before := strings.TrimRightFunc(desc[:tok.Start], unicode.IsSpace)
		w, rest := lastWord(before)
		switch strings.ToLower(w) {
		case "a", "an", "the":
			w, _ = lastWord(strings.TrimRightFunc(rest, unicode.IsSpace))
		}
		switch strings.ToLower(w) {
		case "to", "into":
			t := string(tok.Term)
			if !contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// lastWord splits s into its trailing run of letters and what comes
// before it; w is "" when s does not end with a letter.
func lastWord(s string) (w, rest string) {
	i := len(s)
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) {
			break
		}
		i -= n
	}
	return s[i:], s[:i]
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// withTargets appends the conversion targets to the stored terms, each
// marked with targetMark.
func withTargets(terms string, targets []string) string {
	if len(targets) == 0 {
		return terms
	}
	var b strings.Builder
	b.WriteString(terms)
	for _, t := range targets {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(targetMark)
		b.WriteString(t)
	}
	return b.String()
}
