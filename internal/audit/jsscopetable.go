package audit

import (
	"regexp"
	"strings"
)

// A cleanup that keeps a table of base folders (const SCOPES = {
// workspace: () => gitRoot(), home: () => os.homedir() }) and walks the
// folder a config value selects (const dir = SCOPES[scope]?.()) removes
// under whichever base the config names: the destructive base sits in
// the table and the choice in a JSON file, where neither a reader of the
// removal nor one of the config sees both. The lookup is read as the
// entry its literal key names, and as any of the table's entries when
// the key is computed; a function entry called by the lookup is read
// as what it returns. This is the JavaScript form of the Perl and
// Python base tables (docs/audit.md, destructive-command).

// jsTableLookup is a whole lookup of an object held in a name: the
// table's name in group 1, the key in group 2, and in group 3 the call
// of the entry, if any (SCOPES[scope], SCOPES[scope]?.(), SCOPES.home()).
var jsTableLookup = lazyRE(`^(\w+)(?:\[\s*([^\[\]]+?)\s*\]|\.(\w+))(\s*(?:\?\.)?\(\s*\))?$`)

// maxJSTableEntries bounds the entries of one table read.
const maxJSTableEntries = 32

// jsTableLookupPath evaluates a lookup e of an object literal the code c
// binds to a name (const or let, once) as a path, as jsEvalPath does:
// "~" for home, "/" for the root, or "" when no entry it may select works
// out to home, its parent or the root.
func jsTableLookupPath(c, e string, depth int) string {
	m := jsTableLookup.FindStringSubmatch(e)
	if m == nil {
		return ""
	}
	name, key, called := m[1], m[2], m[4] != ""
	if key == "" {
		key = "'" + m[3] + "'"
	}
	decl := regexp.MustCompile(`\b(?:const|let|var)\s+`+regexp.QuoteMeta(name)+`\s*=\s*\{`).FindAllStringIndex(c, 2)
	if len(decl) != 1 {
		return "" // no table, or one bound twice: its entries at the lookup are unknown
	}
	body := balanced(c, decl[0][1]-1)
	if len(body) < 2 {
		return ""
	}
	want := ""
	if l := strLit.FindString(key); l == key {
		want = strings.Trim(key, "\"'`")
	}
	for i, entry := range splitTop(body[1 : len(body)-1]) {
		if i >= maxJSTableEntries {
			break
		}
		k, v, ok := strings.Cut(entry, ":")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), "\"'`[]")
		if want != "" && k != want {
			continue
		}
		v = strings.TrimSpace(v)
		if called {
			v = jsNullaryBody(v)
		}
		if p := jsEvalPath(c, v, depth+1); p == "~" || p == "~/.." || p == "/" {
			return p
		}
	}
	return ""
}

// jsArrowNullary is an arrow function of no parameters whose body is one
// expression; the expression in group 1.
var jsArrowNullary = lazyRE(`^(?:async\s*)?\(\s*\)\s*=>\s*([^{][\s\S]*)$`)

// jsNullaryBody returns what calling the table entry v with no arguments
// yields, as an expression: an arrow function's body, the value of a
// one-statement function's return, a named function's call, or "".
func jsNullaryBody(v string) string {
	if m := jsArrowNullary.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	if strings.HasPrefix(v, "function") || strings.HasPrefix(v, "(") || strings.HasPrefix(v, "async") {
		if i := strings.IndexByte(v, '{'); i >= 0 {
			if r := jsReturn.FindStringSubmatch(balanced(v, i)); r != nil {
				return r[1]
			}
		}
		return ""
	}
	if identRe.MatchString(v) {
		return v + "()"
	}
	return ""
}
