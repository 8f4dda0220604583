package audit

import (
	"strings"
)

// Credential paths a data file lists as whole values (rule
// credential-exfil, see credlist.go). listedCreds reads a data file's
// paths word by word, which misses two spellings a sync manifest uses:
// a path with a space in it (Chrome's "User Data\Default\Login Data",
// macOS's "Library/Application Support/Google/Chrome"), and one written
// for Windows, rooted at an environment variable with backslashes that
// JSON doubles ("%LOCALAPPDATA%\\Google\\Chrome\\User Data\\Local
// State", "%APPDATA%\\GitHub CLI\\hosts.yml"). A PowerShell script
// expands them with [Environment]::ExpandEnvironmentVariables, a Python
// one with os.path.expandvars, and reads the same files as ~/.config
// paths name on Linux, so each value (a quoted string, or the value of
// a list item or key: value line) is read whole, its separators made
// slashes and its root (%USERPROFILE%, %APPDATA%, %LOCALAPPDATA%,
// $env:…, C:\Users\name) made the home-relative folder it stands for,
// then judged as a credential path like any other.

// listedValue is a string value of a data file (v, its escapes undone),
// its text as written (raw) and its offset in the file.
type listedValue struct {
	v, raw string
	off    int
}

// maxListedValue bounds the length of a value read as a path.
const maxListedValue = 300

// listedValues returns the quoted strings of a data file and the plain
// values of its lines (a list item, the value after key: or key =, with
// no quote, bracket or parenthesis: File.expand_path("~/.aws/config") in
// a module is code, its string read as a quoted one) that hold a path
// separator or a %VAR% root; a quoted string's JSON escapes \\ and \"
// are undone.
func listedValues(text string) []listedValue {
	var out []listedValue
	add := func(v, raw string, off int) {
		v = strings.TrimSpace(v)
		if len(v) < 4 || len(v) > maxListedValue || !strings.ContainsAny(v, `/\%`) {
			return
		}
		out = append(out, listedValue{v, raw, off})
	}
	for i := 0; i < len(text); i++ {
		q := text[i]
		if q != '"' && q != '\'' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(text) && text[j] != q && text[j] != '\n' && j-i <= maxListedValue; j++ {
			if q == '"' && text[j] == '\\' && j+1 < len(text) && (text[j+1] == '\\' || text[j+1] == '"') {
				j++
			}
			b.WriteByte(text[j])
		}
		if j < len(text) && text[j] == q {
			add(b.String(), text[i+1:j], i)
			i = j
		}
	}
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		start := off
		off += len(line)
		l := strings.TrimSpace(line)
		if l == "" || strings.ContainsAny(l[:1], `"'{[#;`) {
			continue
		}
		l = strings.TrimSpace(strings.TrimPrefix(l, "- "))
		if k := strings.IndexAny(l, ":="); k > 0 && dataKey(strings.TrimSpace(l[:k])) && !(k+1 < len(l) && (l[k+1] == '\\' || l[k+1] == '/')) {
			l = strings.TrimSpace(l[k+1:]) // a key's value, not a drive (C:\)
		}
		if l == "" || strings.ContainsAny(l, "\"'()[]{}`;") {
			continue // a quoted string (read above) or code, not a plain value
		}
		if k := strings.Index(l, " #"); k >= 0 {
			l = l[:k]
		}
		add(l, l, start+strings.Index(line, l))
	}
	return out
}

// dataKey reports whether k is a key of a data file's line: letters,
// digits, '_', '-' and '.'.
func dataKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if b := k[i]; !(b == '_' || b == '-' || b == '.' || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z') {
			return false
		}
	}
	return true
}

// winRoots are the roots of a path written for Windows (or with an
// environment variable) and the home-relative folder each stands for.
var winRoots = []struct{ form, home string }{
	{"%USERPROFILE%", "~"}, {"$env:USERPROFILE", "~"}, {"${env:USERPROFILE}", "~"}, {"%HOMEDRIVE%%HOMEPATH%", "~"}, {"$env:HOME", "~"},
	{"${HOME}", "~"}, {"$HOME", "~"}, {"%HOME%", "~"},
	{"%APPDATA%", "~/AppData/Roaming"}, {"$env:APPDATA", "~/AppData/Roaming"}, {"${env:APPDATA}", "~/AppData/Roaming"}, {"$APPDATA", "~/AppData/Roaming"},
	{"%LOCALAPPDATA%", "~/AppData/Local"}, {"$env:LOCALAPPDATA", "~/AppData/Local"}, {"${env:LOCALAPPDATA}", "~/AppData/Local"}, {"$LOCALAPPDATA", "~/AppData/Local"},
	{"$XDG_CONFIG_HOME", "~/.config"}, {"${XDG_CONFIG_HOME}", "~/.config"},
}

// homeValuePath returns v with its separators made slashes and a root of
// winRoots (or C:\Users\name) made the folder under ~ it stands for.
func homeValuePath(v string) string {
	v = strings.ReplaceAll(v, `\`, "/")
	for strings.Contains(v, "//") {
		v = strings.ReplaceAll(v, "//", "/")
	}
	for _, r := range winRoots {
		if len(v) >= len(r.form) && strings.EqualFold(v[:len(r.form)], r.form) && (len(v) == len(r.form) || v[len(r.form)] == '/') {
			return r.home + v[len(r.form):]
		}
	}
	if len(v) > 9 && v[1] == ':' && strings.EqualFold(v[2:9], "/Users/") {
		if k := strings.IndexByte(v[9:], '/'); k > 0 {
			return "~" + v[9+k:]
		}
	}
	return v
}

// winCredStore matches the Windows homes of credential stores credPath
// names by their Unix paths: gh's hosts.yml under %APPDATA%\GitHub CLI,
// gcloud's folder under %APPDATA%, and the Credential Manager's and
// DPAPI's files (Microsoft\Credentials, Protect, Vault) that unwrap the
// rest.
var winCredStore = lazyRE(`(?i)^~/AppData/(?:Roaming/GitHub CLI/hosts\.yml$|Roaming/gcloud(?:/|$)|(?:Roaming|Local)/Microsoft/(?:Credentials|Protect|Vault)(?:/|$))`)

// listedCredValues returns the credential paths of the values of text
// (a data file; lower its lower-cased text) that seen and prev (the
// paths listedCreds found word by word) do not hold or hold part of, less those listed to
// leave alone (keptOut), and whether each stands under a key naming a
// file to log in with.
func listedCredValues(text, lower string, seen map[string]bool, prev []string) (out []string, login bool) {
	login = true
	for _, lv := range listedValues(text) {
		p := homeValuePath(lv.v)
		if seen[lv.raw] || seen[p] || holdsAny(lv.raw, out) || holdsAny(lv.raw, prev) || keptOut(lower, lv.off) || pubKeyPath(p) || settingsOnlyPath(p) {
			continue
		}
		if !credPath.MatchString(p) && !winCredStore.MatchString(p) {
			continue
		}
		seen[lv.raw], seen[p] = true, true
		out = append(out, lv.raw) // as written: what the report quotes
		login = login && loginUse(lower, lv.off)
	}
	return out, login
}

// holdsAny reports whether v holds one of parts.
func holdsAny(v string, parts []string) bool {
	for _, p := range parts {
		if strings.Contains(v, p) {
			return true
		}
	}
	return false
}

// winCredStoreHint reports whether text may name one of winCredStore's
// stores that credHints does not hint at.
func winCredStoreHint(text string) bool {
	return strings.Contains(text, "Microsoft") || strings.Contains(text, "GitHub CLI")
}
