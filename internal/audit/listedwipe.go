package audit

import (
	"regexp"
	"strings"
	"sync"
)

// Removal of every entry of a folder held in a variable (rule
// destructive-command): remove_tree(catdir($r, $_)) for readdir($dh)
// after opendir($dh, $r), where $r walks a list that holds home or a key
// folder in it. The list is read from its assignments and pushes, and a
// map of a join with home over a word list (map { catdir($home, $_) }
// qw(Documents .ssh)) is read as the paths it makes, so a cleanup that
// empties ~/.ssh, ~/.gnupg or home itself through one variable is
// read as rm -rf of each.

// varChild and homeWordMap are built on first use by listedWipeInit, so
// package init stays cheap.
var (
	listedWipeOnce        sync.Once
	varChild, homeWordMap *regexp.Regexp
)

// listedWipeInit builds varChild and homeWordMap once.
func listedWipeInit() {
	listedWipeOnce.Do(func() {
		// varChild is one entry straight under a folder held in a variable:
		// catdir($r, $_), File.join(dir, e), filepath.Join(dir, e.Name()).
		varChild = regexp.MustCompile(`^(?:File\.join|File::Spec->cat(?:file|dir)|cat(?:file|dir)|filepath\.Join|path\.Join)\(\s*([\$@]?\w+)\s*,\s*[\$\w]+(?:\.Name\(\))?\s*\)$|^["']\$\{?(\w+)\}?/(?:\$\{?\w+\}?|\$_)["']$`)
		// homeWordMap is a map of home joined to each element of a list
		// (map { File::Spec->catdir(~, $_) } qw(a b), map { "~/$_" }
		// ('a', 'b'), map { ~ . "/$_" } @names): the list follows the match.
		homeWordMap = regexp.MustCompile(`\bmap\s*\{\s*(?:(?:File::Spec->cat(?:dir|file)|cat(?:dir|file))\(\s*~\s*,\s*\$_\s*\)|"~/\$(?:_|\{_\})"|~\s*\.\s*(?:"/\$_"|['"]/['"]\s*\.\s*\$_))\s*;?\s*\}\s*`)
	})
}

// listedChildWipe returns what removing a, one entry of a folder held in
// a variable whose entries the code lists, destroys when that folder is
// (or walks a list holding) home or a key folder in home, or "".
func listedChildWipe(code, a string, lang *wipeLang, depth, at int) string {
	listedWipeInit()
	m := varChild.FindStringSubmatch(strings.TrimSpace(a))
	if m == nil {
		return ""
	}
	v := strings.TrimLeft(m[1]+m[2], "$@")
	q := regexp.QuoteMeta(v)
	// the folder's entries are listed: opendir($dh, $v), Dir.children(v),
	// os.ReadDir(v)
	if !regexp.MustCompile(`opendir\s*\(?\s*(?:my\s+)?[\$\w]+\s*,\s*\$` + q + `\b|\bDir\.(?:children|entries|each_child|foreach)\(\s*` + q + `\b|\b(?:os|ioutil)\.ReadDir\(\s*` + q + `\b`).MatchString(code) {
		return ""
	}
	if w := wipeArgOf(code, "$"+v, lang, true, depth+1, false, at); w != "" {
		return "every entry of " + strings.TrimPrefix(w, "the ")
	}
	l := loopListOf(code, v, at)
	if l == "" {
		return ""
	}
	if w := wipeListOf(code, l, lang, depth, at); w != "" {
		return "every entry of " + strings.TrimPrefix(w, "the ")
	}
	return ""
}

// wipeListOf returns the first folder a Perl or Ruby list (an @array
// or a name) holds that removing would destroy, reading its
// assignments and pushes, or "".
func wipeListOf(code, list string, lang *wipeLang, depth, at int) string {
	name := strings.TrimLeft(strings.TrimSpace(list), "$@")
	if !identRe.MatchString(name) {
		return ""
	}
	q := regexp.QuoteMeta(name)
	src := regexp.MustCompile(`(?:^|[^\w])@?` + q + `\s*=[^=~>]([^;]*);|\bpush\s*\(?\s*@?` + q + `\s*,([^;]*);|\b` + q + `\s*(?:<<|\.push\()([^;\n]*)`)
	for _, m := range src.FindAllStringSubmatch(code, 8) {
		rhs := m[1] + m[2] + m[3]
		if t := homeMapWipe(code, rhs); t != "" {
			return t
		}
		for _, a := range stmtArgs(rhs) {
			a = strings.TrimSuffix(strings.TrimSpace(strings.SplitN(a, " if ", 2)[0]), ")")
			if w := wipeArgOf(code, a, lang, true, depth+1, false, at); w != "" {
				return w
			}
		}
	}
	return ""
}

// homeMapWipe returns what removing the paths of a map of home joined to
// each element of a list in expression e destroys (map { catdir($home,
// $_) } qw(src .ssh), or over a parenthesized list of quoted strings, or
// an array the code binds to one), the first element that is home, a key
// folder or the user's own files, or "". The list is what the map is
// given: its qw() words or string literals, or the strings the array it
// names is assigned.
func homeMapWipe(code, e string) string {
	listedWipeInit()
	for _, m := range homeWordMap.FindAllStringIndex(e, 4) {
		rest := e[m[1]:]
		var words []string
		if strings.HasPrefix(rest, "@") {
			words = listStrings(code, rest)
		} else {
			words = literalsOf(balanced(rest, 0))
		}
		for _, w := range words {
			if t := wipeTarget("~/" + w); t != "" {
				return t
			}
		}
	}
	return ""
}
