package audit

import (
	"path"
	"strings"
)

// swiftUsesType reports whether Swift content (the file rel) uses the
// skill's Swift file f as a module's file: a Swift target's files share
// one module with no import between them, so a type used by name
// (ASCKeyLocator.locate(), KeyStore(...)) comes from the file of its name
// in the same folder. f's base name less .swift is taken as the type.
func swiftUsesType(rel, content, f string) bool {
	if path.Dir(rel) != path.Dir(f) {
		return false
	}
	typ := strings.TrimSuffix(path.Base(f), path.Ext(f))
	if typ == "" || !isIdent(typ) || typ[0] < 'A' || typ[0] > 'Z' {
		return false
	}
	for i := wordIndex(content, typ, 0); i >= 0; i = wordIndex(content, typ, i+len(typ)) {
		if rest := content[i+len(typ):]; strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "(") {
			return true
		}
	}
	return false
}
