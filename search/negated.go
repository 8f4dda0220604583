package search

import (
	"regexp"
	"strings"
)

// negatedName matches a name the query rules out: "not", "instead of",
// "rather than" or "other than", then one to three words written as names
// (a capital first letter, two or more letters or digits: "SerpApi",
// "GitHub Actions", "PICO-8"), ended by punctuation, a lower-case word or
// the text's end.
var negatedName = regexp.MustCompile(`\b(?:[Nn]ot|[Ii]nstead of|[Rr]ather than|[Oo]ther than)((?:\s+[A-Z][\p{L}\p{N}.+#-]*[\p{L}\p{N}+#]){1,3})\b`)

// dropNegatedNames returns text without the names it rules out ("use the
// composio_search toolkit (not SerpApi)" searches no SerpApi): a name the
// user excludes is no evidence for the skill that holds it, and as a rare
// name it would otherwise outweigh the rest of the query. Only names are
// dropped; "not working" or "rather than by hand" keep their words, which
// describe the task.
func dropNegatedNames(text string) string {
	if !strings.Contains(text, "not ") && !strings.Contains(text, "Not ") && !strings.Contains(text, " than ") && !strings.Contains(text, "nstead of ") {
		return text
	}
	return negatedName.ReplaceAllStringFunc(text, func(m string) string {
		sub := negatedName.FindStringSubmatch(m)
		return strings.TrimSuffix(m, sub[1])
	})
}
