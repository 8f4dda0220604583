package search

import (
	"strings"
	"unicode"
)

// artifactWords are the nouns of things written for a host program: a
// script, plugin or extension runs inside that program and is written
// against its API.
var artifactWords = map[string]bool{
	"script": true, "scripts": true, "userscript": true,
	"plugin": true, "plugins": true, "addon": true, "addons": true, "addin": true,
	"extension": true, "extensions": true, "macro": true, "macros": true,
	"mod": true, "mods": true, "recipe": true, "recipes": true,
	"module": true, "modules": true,
}

// hostArtifact reports whether one of names (unknown words of the query,
// lower case, see markUnknown) is followed, within three words of text,
// by a noun of artifactWords: the query asks for a script, plugin, macro,
// extension, mod, recipe or module of a program no skill mentions
// ("an Aseprite Lua script", "an Audacity Nyquist plugin", "a BitBake
// recipe"). A name after the noun ("a plugin for Foo") does not count:
// it is as often what the plugin talks to as where it runs.
func hostArtifact(text string, names []string) bool {
	if len(names) == 0 {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for i, w := range words {
		if !contains(names, w) {
			continue
		}
		for _, next := range words[i+1 : min(i+4, len(words))] {
			if artifactWords[next] {
				return true
			}
		}
	}
	return false
}
