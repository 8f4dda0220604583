package audit

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Rule credential-exfil: a data file linked by the key the script fetches
// (see credlist.go). A script need not name the data file it loads: an
// Asciidoctor extension takes the config's path from a document
// attribute, a CLI from a flag, so linkedOf's link by base name never
// sees the file. What the script does spell is the key it reads the list
// from (data.fetch("fingerprint_sources", []), cfg.get("paths"),
// conf["include"]), so a structured data file of the skill (YAML, JSON,
// TOML, a dotfile too) holding that key is the file it loads, and the
// strings under the key are what the loader hands the code. When those
// strings name credential files and the script reads files and sends data,
// scanListedCreds reports it as for a file named outright: moving the
// file's name into a build command hides the list one step further. Only
// the strings under the key are read (linkedFile.values), so a config
// whose other keys mention a credential path does not link.

// fetchedKeyRe is a string key a script reads out of parsed data: a
// fetch, get, dig or get_in call's first argument (Ruby's Hash#fetch,
// Python's dict.get) or a subscript of a quoted string (conf["paths"]).
// Group 1 (or 2) is the key.
var fetchedKeyRe = lazyRE(`\.(?:fetch|get|dig|get_in)\s*\(\s*["']([A-Za-z_][\w.-]{2,63})["']|\[\s*["']([A-Za-z_][\w.-]{2,63})["']\s*\]`)

// maxFetchedKeys bounds the distinct keys of one script matched against
// the skill's data files.
const maxFetchedKeys = 64

// fetchedKeys returns the distinct keys content reads out of parsed data
// (fetchedKeyRe), at most maxFetchedKeys.
func fetchedKeys(content string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range fetchedKeyRe.FindAllStringSubmatch(content, -1) {
		k := m[1] + m[2]
		if seen[k] {
			continue
		}
		seen[k] = true
		if out = append(out, k); len(out) >= maxFetchedKeys {
			break
		}
	}
	return out
}

// keyDataOf returns the structured data files of the skill (YAML, JSON,
// TOML) that rel neither names nor links already, holding a key that
// content fetches (fetchedKeys) and no data file it names holds, whose
// strings list credential files, each
// with key set and values the strings under that key, up to maxLinked
// links in all. Only a script that reads files is linked this way: the
// only reader of such links is scanListedCreds.
func keyDataOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string, linked []linkedFile) []linkedFile {
	if len(linked) >= maxLinked || !strings.Contains(content, `"`) && !strings.Contains(content, `'`) {
		return nil
	}
	keys := fetchedKeys(content)
	if len(keys) == 0 || !fileReadRe.MatchString(content) {
		return nil
	}
	have := map[string]bool{}
	for _, l := range linked {
		have[l.rel] = true
	}
	// a key a data file the script names holds is that file's: the
	// script loads the file it names (paths.json), not another file of
	// the skill with the same key
	keys = slices.DeleteFunc(keys, func(k string) bool {
		for _, l := range linked {
			if l.data && strings.Contains(l.text, k) {
				return true
			}
		}
		return false
	})
	if len(keys) == 0 {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked-len(linked), func(f string) bool {
		return !have[f] && structuredData(f)
	}, func(f, text string) *linkedFile {
		if !mayBeCred(text) && !strings.Contains(text, "credentials") {
			return nil
		}
		var v any
		for _, k := range keys {
			if !strings.Contains(text, k) {
				continue
			}
			if v == nil {
				if err := unmarshalData(linkedFile{rel: f, text: text}, &v); err != nil || v == nil {
					return nil
				}
			}
			under, ok := keyValue(v, k, 0)
			if !ok {
				continue
			}
			var vals []string
			collectStrings(under, &vals, 0)
			if creds, login := listedCreds(strings.Join(vals, "\n"), false); len(creds) > 0 && !login {
				return &linkedFile{rel: f, text: text, data: true, key: k, values: vals}
			}
		}
		return nil
	})
}

// keyValue returns the value of the key named k in v's maps (a map's own
// key first, then in its values by key order, down to 8 levels) and
// whether there was one.
func keyValue(v any, k string, depth int) (any, bool) {
	if depth > 8 {
		return nil, false
	}
	switch x := v.(type) {
	case map[string]any:
		if e, ok := x[k]; ok {
			return e, true
		}
		keys := make([]string, 0, len(x))
		for kk := range x {
			keys = append(keys, kk)
		}
		sort.Strings(keys)
		for _, kk := range keys {
			if e, ok := keyValue(x[kk], k, depth+1); ok {
				return e, true
			}
		}
	case []any:
		for _, e := range x {
			if e, ok := keyValue(e, k, depth+1); ok {
				return e, true
			}
		}
	}
	return nil, false
}

// keyLine returns the line of content (comments blanked) where the
// script fetches key quoted, 1 when it cannot be found.
func keyLine(rel, content string, li lineIndex, key string) int {
	code := hashCommentsBlanked(rel, content)
	for _, q := range []string{`"`, `'`} {
		if i := strings.Index(code, q+key+q); i >= 0 {
			return li.line(i)
		}
	}
	return 1
}
