package audit

import (
	"path"
	"strings"
)

// A Python script's own modules in a package of its skill are linked
// files too: from lib import metrics, session (lib/metrics.py,
// lib/session.py), import lib.session, from lib.session import context,
// from . import helpers and from ..lib import net. An absolute module
// path is looked for from the script's folder and from each folder above
// it up to the skill's root, as a script that puts its parent on
// sys.path, or is run from the skill's root with python -m, imports it;
// a relative one (leading dots) from the folder the dots name. A path
// that would leave the skill is never matched.

// pyFromImport is a Python from-import: group 1 the module (dots for a
// relative one), group 2 the names imported, in parentheses across
// lines or on one line.
var pyFromImport = lazyRE(`(?m)^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]*(\([^)]{0,1000}\)|[\w., \t]+)`)

// pyPlainImport is a Python import statement: group 1 the dotted module
// names, comma-separated.
var pyPlainImport = lazyRE(`(?m)^[ \t]*import[ \t]+([\w., \t]+)`)

// pyImportsFile reports whether the Python script rel (content) imports
// the skill's Python file f as a module (see above).
func pyImportsFile(rel, content, f string) bool {
	want := strings.TrimSuffix(f, ".py")
	if path.Base(want) == "__init__" {
		want = path.Dir(want)
	}
	dir := path.Dir(rel)
	matches := func(root, mod string) bool {
		p := path.Join(root, strings.ReplaceAll(mod, ".", "/"))
		return p == want && p != "." && !strings.HasPrefix(p, "../") && p != ".."
	}
	// absolute tries mod from the script's folder and each folder above.
	absolute := func(mod string) bool {
		for root := dir; ; root = path.Dir(root) {
			if matches(root, mod) {
				return true
			}
			if root == "." || root == "/" {
				return false
			}
		}
	}
	for _, m := range pyFromImport.FindAllStringSubmatch(content, 256) {
		mod := m[1]
		dots := len(mod) - len(strings.TrimLeft(mod, "."))
		mod = mod[dots:]
		var try func(string) bool
		if dots == 0 {
			try = absolute
		} else {
			root := dir
			for i := 1; i < dots; i++ {
				root = path.Dir(root)
			}
			try = func(s string) bool { return matches(root, s) }
		}
		if mod != "" && try(mod) {
			return true
		}
		for _, name := range strings.Split(strings.Trim(m[2], "()"), ",") {
			fs := strings.Fields(name)
			if len(fs) == 0 || !isPyIdent(fs[0]) {
				continue
			}
			sub := fs[0]
			if mod != "" {
				sub = mod + "." + sub
			}
			if try(sub) {
				return true
			}
		}
	}
	for _, m := range pyPlainImport.FindAllStringSubmatch(content, 256) {
		for _, name := range strings.Split(m[1], ",") {
			fs := strings.Fields(name)
			if len(fs) == 0 {
				continue
			}
			// import a.b.c binds a, a.b and a.b.c: each is a module imported
			for mod := fs[0]; mod != ""; {
				if absolute(mod) {
					return true
				}
				i := strings.LastIndexByte(mod, '.')
				if i < 0 {
					break
				}
				mod = mod[:i]
			}
		}
	}
	return false
}

// isPyIdent reports whether s is a Python identifier (ASCII).
func isPyIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}
