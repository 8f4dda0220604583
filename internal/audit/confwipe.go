package audit

import (
	"regexp"
	"strings"
)

// Removal targets a config file names through a base key (rule
// destructive-command): a cleanup script that keeps a table of base
// folders (my %base = (home => $ENV{HOME}, cache => …);
// BASES = {"home": Path.home()}; const base = { home: os.homedir() })
// and removes the base a config line selects joined to the rest of the
// line ("$base{$1}/$2", os.path.join(BASES[k], rest), base[k] + "/" +
// rest) removes under home whatever its .conf, .ini or list file says:
// @home/Documents/../* is every entry of home. Such a table is read as
// key → base (home, or a folder under it when the entry is home joined
// to a literal), and a listed value whose first path segment, its sigils
// (@ $ % { } < > : [ ]) left out, is one of those keys is read as that
// base joined to the rest, then judged as rm -rf of it is (wipeTarget).
// Values listed in these files may carry trailing comments (# or ;
// after white space) and a final glob segment (/* or /.*: every entry of
// the folder), as the list readers of shells, Perl and Python take them.

var (
	// baseMapHead is the start of a map literal bound to a name: Perl
	// (my %base = (, $base = {), Python, Ruby, JavaScript, PHP, Lua;
	// name in group 1, the opening bracket ends the match.
	baseMapHead = lazyRE(`(?m)(?:^|[\s;(])(?:my\s+|our\s+|local\s+|const\s+|let\s+|var\s+)?[%$]?([A-Za-z_]\w*)\s*(?::\s*[\w\[\], ]+)?=\s*[({\[]`)
	// baseMapEntry is one key → value entry of a map literal: key in
	// group 1 or 2, value (to the entry's end) in group 3.
	baseMapEntry = lazyRE(`(?s)^(?:["']([\w.-]+)["']|([A-Za-z_]\w*))\s*(?:=>|:|=)\s*(.+)$`)
	// homeSubLit is a literal joined to home by a call
	// (os.path.join(expanduser("~"), ".cache")): the path in group 1.
	homeSubLit = lazyRE(`^[^,]*,\s*["']/?([\w.][\w./-]*)["']`)
	// homeJoinLit is home joined to a literal path: the path in group 1.
	homeJoinLit = lazyRE(`^[^"'/]*?\}?["']?\s*(?:\.\s*|\+\s*|,\s*)?["']?/([\w.][\w./-]*)`)
)

// homeBases returns the map literals of code that hold home: each map's
// name to its keys' bases ("~" or "~/sub"), nil when there is none.
func homeBases(code string) map[string]map[string]string {
	if !homeJoin.MatchString(code) {
		return nil
	}
	var out map[string]map[string]string
	for _, m := range baseMapHead.FindAllStringSubmatchIndex(code, 64) {
		body := balanced(code, m[1]-1)
		if len(body) < 2 || !homeJoin.MatchString(body) {
			continue
		}
		keys := map[string]string{}
		inner := strings.TrimRight(body[1:], ")}]")
		for _, ent := range splitTopOn(inner, ",") {
			e := baseMapEntry.FindStringSubmatch(strings.TrimSpace(ent))
			if e == nil {
				continue
			}
			v := e[3]
			h := homeJoin.FindStringIndex(v)
			if h == nil {
				continue
			}
			base := "~"
			if l := homeJoinLit.FindStringSubmatch(v[h[1]:]); l != nil {
				base = "~/" + strings.TrimRight(l[1], "/")
			} else if l := homeSubLit.FindStringSubmatch(v[h[1]:]); l != nil {
				base = "~/" + strings.TrimRight(l[1], "/")
			}
			keys[e[1]+e[2]] = base
		}
		if len(keys) == 0 {
			continue
		}
		if out == nil {
			out = map[string]map[string]string{}
		}
		out[code[m[2]:m[3]]] = keys
	}
	return out
}

// baseLookupJoin reports whether code joins a lookup of one of the maps
// (bases) with a key held in a variable to a further path: "$base{$1}/$2",
// $base->{$k} . "/$r", os.path.join(BASES[k], rest), base[k] + "/" + r,
// File.join(base[k], r), filepath.Join(base[k], r).
func baseLookupJoin(code string, bases map[string]map[string]string) bool {
	for name := range bases {
		q := regexp.QuoteMeta(name)
		look := `[\$@%]?\b` + q + `\s*(?:->\s*)?(?:\{\s*[\$@]?[\w:]+\s*\}|\[\s*[\$@]?[\w.:]+\s*\]|\.get\(\s*\w+[^)\n]*\))`
		re, err := regexp.Compile(look + `\s*(?:\}?["']?\s*[./+]|/)|\b(?:join|Join|joinpath|catfile|catdir|Combine|resolve)\s*\(\s*` + look + `\s*,`)
		if err == nil && re.MatchString(code) {
			return true
		}
	}
	return false
}

// baseKeyed returns v with its first path segment replaced by the base
// of the key it names in bases (sigils left out), or v.
func baseKeyed(v string, bases map[string]map[string]string) string {
	seg, rest, _ := strings.Cut(strings.TrimSpace(v), "/")
	key := strings.Trim(seg, "@$%{}<>:[]")
	if key == "" || key == seg && !strings.Contains(v, "/") {
		return v
	}
	for _, keys := range bases {
		if b, ok := keys[key]; ok {
			if rest == "" {
				return b
			}
			return b + "/" + rest
		}
	}
	return v
}

// inlineComment is a trailing comment of a list or config line: # or ;
// after white space, to the line's end.
var inlineComment = lazyRE(`\s+[#;].*$`)

// trailingGlob strips a final glob segment (/* or /.*) from v, which
// removing every entry of a folder reads as the folder itself; ok is
// false when v still holds a wildcard.
func trailingGlob(v string) (string, bool) {
	for _, s := range []string{"/*", "/.*"} {
		if strings.HasSuffix(v, s) {
			v = strings.TrimSuffix(v, s)
			if v == "" {
				v = "/"
			}
			return v, !strings.ContainsAny(v, "*?")
		}
	}
	return v, !strings.ContainsAny(v, "*?")
}
