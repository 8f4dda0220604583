package audit

import (
	"path"
	"strings"
)

// A cleanup in Zig or one of the languages of moreLangExts whose own code lists the home
// folder among the paths it removes: a literal list of paths (Zig's
// [_][]const u8{ "zig-out/atlas.qoi", "~/" }, a Nim or Crystal array)
// holding a home root ("~", "~/", "$HOME") or a climb of three or more
// folders ("../../../"), in a file that removes folder trees
// (treeRemoval: Zig's deleteTree among them), empties home whatever the
// list is said to hold. A list bound to a name for what is kept
// (protect, keep, never, safe: keptKey) is a guard, and one whose
// literal is compared (eql, ==, startsWith) is a test, so neither
// counts. Rule destructive-command, critical.

var (
	// rootListLit is a home root or a deep climb as a string literal.
	rootListLit = lazyRE(`"(?:~/?|\$\{?HOME\}?/?|(?:\.\./){3,}\.?\.?/?)"`)
	// rootListBind is a name bound to what follows on its line (the
	// list's type and opening bracket): group 1 the name.
	rootListBind = lazyRE(`\b([A-Za-z_]\w*)\s*(?::[^=\n]*)?=\s*[^;=\n]*$`)
	// rootListCompare is a comparison just before a literal.
	rootListCompare = lazyRE(`(?:==|!=|\beql\s*\([^)]*|\bstartsWith\s*\([^)]*|\bstarts_with\s*\([^)]*)\s*,?\s*$`)
)

// scanRootListWipe reports the first list literal of code (a file of a
// language read by pattern) that holds a home root or a deep climb,
// when the file also removes folder trees (see above).
func scanRootListWipe(sc *skillCtx, rel, code string) {
	if !otherCode()[strings.ToLower(path.Ext(rel))] || !treeRemoval.MatchString(code) {
		return
	}
	for _, m := range rootListLit.FindAllStringIndex(code, 16) {
		line := code[strings.LastIndexByte(code[:m[0]], '\n')+1 : m[0]]
		if rootListCompare.MatchString(line) {
			continue
		}
		// the list the literal is in: its unmatched opening bracket,
		// bound to a name on its line
		open := listOpening(code, m[0])
		if open < 0 {
			continue
		}
		lead := code[strings.LastIndexByte(code[:open], '\n')+1 : open]
		b := rootListBind.FindStringSubmatch(lead)
		if b == nil || keptKey.MatchString(b[1]) {
			continue
		}
		ln := 1 + strings.Count(code[:m[0]], "\n")
		sc.add(rel, ln, "destructive-command", Critical, "removes folder trees and lists "+code[m[0]:m[1]]+" among the paths it cleans: home, or the folders far above the project",
			trimmedLine(code, ln))
		return
	}
}

// listOpening returns the offset of the bracket ([ or {) opening the
// list that holds offset at, walking back at most 2,000 bytes over
// balanced brackets and string literals, or -1.
func listOpening(code string, at int) int {
	depth := 0
	for i := at - 1; i >= 0 && i >= at-2000; i-- {
		switch code[i] {
		case ']', '}', ')':
			depth++
		case '[', '{', '(':
			if depth == 0 {
				if code[i] == '(' {
					return -1 // an argument list, not a list
				}
				return i
			}
			depth--
		case ';':
			if depth == 0 {
				return -1
			}
		}
	}
	return -1
}
