package audit

import (
	"path"
	"strings"
)

// Tcl writes its path parts and lists as bare words, not string
// literals: foreach rel {.netrc .git-credentials} { ... [file join $home
// $rel] }, [file join ~ .netrc], [list .aws/credentials]. scanOtherTaintIn
// reads string literals joined to the home folder (homeRef), so the bare
// words of those three forms are read as literals in a .tcl file, and
// Tcl's own ways of naming home ([file normalize ~], [file join ~ ...],
// Tcl 9's [file home]) are homeRef's (homeRefLangs). A Tcl script that
// reads ~/.git-credentials and calls http::geturl is then credential-exfil
// as a Ruby or Lua one is.

var (
	// tclWordListOpen opens a Tcl list of bare words: a foreach's braced
	// list, a [list ...] command, or [file join ...]'s arguments. The
	// words run to the closing brace or bracket (group 1 the opener).
	tclWordListOpen = lazyRE(`\bforeach\s+\w+\s+(\{)|\[\s*(?:list|file\s+join)\s`)
)

// tclHomeRef names the home folder in Tcl (added to homeRef by
// homeRefLangs).
const tclHomeRef = `|\[\s*file\s+(?:normalize|join|nativename)\s+~|\[\s*file\s+home\s*\]`

// tclListWords returns the bare words (not $variables, [commands] or
// quoted strings) of c's Tcl word lists (see above) at their offsets,
// for a .tcl file; nil for any other.
func tclListWords(lang, c string) []litSpan {
	if !strings.EqualFold(path.Ext(lang), ".tcl") {
		return nil
	}
	var out []litSpan
	for _, m := range tclWordListOpen.FindAllStringSubmatchIndex(c, maxWordLists) {
		start, closer := m[1], byte(']')
		if m[2] >= 0 {
			closer = '}'
		}
		end := strings.IndexAny(c[start:], string(closer)+"[\n")
		if end < 0 || end > 4000 {
			continue
		}
		body := c[start : start+end]
		for off := 0; off < len(body); {
			for off < len(body) && isBlank(body[off]) {
				off++
			}
			w := off
			for off < len(body) && !isBlank(body[off]) {
				off++
			}
			if off > w && !strings.ContainsAny(body[w:w+1], `$"{}`) {
				out = append(out, litSpan{start + w, body[w:off]})
			}
		}
	}
	return out
}
