package audit

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// A policy or data file of a hardening skill names the agent's bypass
// modes as the things to take away: `"unsafe_modes": ["bypassPermissions"]`,
// `forbidden = ["danger-full-access"]`, `deny:` followed by
// `- bypassPermissions`. Such a list sets no switch; the file that sets
// one gives the switch as the value of the setting itself
// (`"defaultMode": "bypassPermissions"`). A list is read as a removal list
// only when the key holding it says so and no program of the skill that
// names the file takes an item of that key for anything but a membership
// test: a "forbidden" list whose item a script copies into the settings
// sets the switch all the same.

// removalKeyRe matches a key naming what is to be removed, forbidden or
// denied.
var removalKeyRe = lazyRE(`(?i)remove|strip|drop|forbid|disallow|deny|denied|blocked|block_?list|blacklist|banned|reject|prohibit|unsafe|dangerous|insecure|risky|revoke|never_?allow`)

// dataKeyRe matches the key just before a value or list opening:
// "key": , key = , key:
var dataKeyRe = lazyRE(`["']?([\w.-]+)["']?\s*[:=]\s*["']?$`)

// dataListKey returns the key whose value holds text[off:] in a JSON,
// YAML or TOML file: the key of the innermost list round it, or the key
// the value directly follows (also a YAML block list's key); "" when none
// is found. Double-quoted strings are stepped over whole.
func dataListKey(text string, off int) string {
	i := off - 1
	if i >= 0 && (text[i] == '"' || text[i] == '\'') {
		i--
	}
	depth := 0
	for ; i >= 0 && off-i < 4096; i-- {
		switch text[i] {
		case '"':
			j := strings.LastIndexByte(text[:i], '"')
			if j < 0 {
				return ""
			}
			i = j
		case ']', '}':
			depth++
		case '[':
			if depth == 0 {
				if m := dataKeyRe.FindStringSubmatch(text[max(0, i-200):i]); m != nil {
					return m[1]
				}
				return ""
			}
			depth--
		case '{':
			if depth == 0 {
				return ""
			}
			depth--
		case ':', '=':
			if depth == 0 {
				if m := dataKeyRe.FindStringSubmatch(text[max(0, i-200) : i+1]); m != nil {
					return m[1]
				}
				return ""
			}
		}
	}
	return ""
}

// memberTestSrc is the pattern (KEY replaced by the key) of a line
// that only tests membership in a list:
// Python's in / not in, JavaScript's includes/has/indexOf, Ruby's
// include?, PHP's in_array, Go's slices.Contains.
const memberTestSrc = `\bin\s+[\w.]*(?:\[\s*["']KEY["']\s*\]|\.KEY\b|\bKEY\b)|KEY\b["'\]]*\)?\s*\.(?:includes|has|indexOf|include\?|contains|count)\(|\b(?:in_array|Contains|contains)\([^\n]*\bKEY\b`

// removalList reports whether the switch at text[s:e] of a data file is
// an item of a list its key names as things to remove, forbid or deny,
// and no program reading the file (readers) uses that key other than to
// test membership.
func removalList(text string, s, e int, readers []linkedFile) bool {
	if strings.ContainsAny(text[s:e], ":=") {
		return false // the switch is a setting's value ("defaultMode": "bypass...")
	}
	key := dataListKey(text, s)
	if key == "" || !removalKeyRe.MatchString(key) || strings.Contains(strings.ToLower(key), "unblock") {
		return false
	}
	test := regexp.MustCompile(strings.ReplaceAll(memberTestSrc, "KEY", regexp.QuoteMeta(key)))
	for _, r := range readers {
		for _, line := range strings.Split(r.text, "\n") {
			if strings.Contains(line, key) && !test.MatchString(line) {
				return false
			}
		}
	}
	return true
}

// readersOf returns the programs of the skill that name the data file
// rel by base name (at most maxLinked), read as the audit reads every
// file; nil unless rel is a data file holding an approval switch. Their
// hashes are part of the data file's cache key.
func readersOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	base := path.Base(rel)
	if !isDataExt(strings.ToLower(path.Ext(base))) || !bypassRe.MatchString(content) {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked, func(f string) bool { return isProgram(f, "") }, func(f, text string) *linkedFile {
		if !namesFile(text, base) {
			return nil
		}
		return &linkedFile{rel: f, text: text}
	})
}
