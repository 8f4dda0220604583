package engine

import (
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
)

// What a Doc is indexed as beyond its own text: the whole name as one
// key, a synthetic description for a description that is only a title,
// and the terms feedback reads back. All of it is part of the on-disk
// format (see FormatVersion).

// NormalizeName lower-cases s and joins its words with "-", so "Skill
// Creator", "skill_creator" and "skill-creator" all become "skill-creator".
func NormalizeName(s string) string {
	var b strings.Builder
	word := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if !word && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(unicode.ToLower(r))
			word = true
			continue
		}
		word = false
	}
	return b.String()
}

// stemExceptions are indexed and searched unstemmed: porter would conflate
// each with unrelated words ("relational" and public "relations",
// "general" and "generate", "executive" and "execute", "news" and "new").
// Part of the mapping: changing it changes FormatVersion's mappingVersion.
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

// metaTerms returns the distinct terms of the name and the indexed
// description as ana analyses them, space-separated (analysed terms hold
// no spaces), then the description's conversion targets (withTargets).
func (d *Doc) metaTerms(ana analysis.Analyzer) string {
	desc := d.indexedDescription()
	descToks := ana.Analyze([]byte(desc))
	return withTargets(distinctTerms(ana.Analyze([]byte(d.Name)), descToks), conversionTargets(desc, descToks))
}

// distinctTerms returns the distinct terms of the token streams,
// space-separated, in order of first appearance.
func distinctTerms(streams ...analysis.TokenStream) string {
	seen := map[string]bool{}
	var b strings.Builder
	for _, toks := range streams {
		for _, tok := range toks {
			t := string(tok.Term)
			if seen[t] || strings.ContainsAny(t, " \t\n") {
				continue
			}
			seen[t] = true
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(t)
		}
	}
	return b.String()
}
