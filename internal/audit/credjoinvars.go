package audit

import (
	"regexp"
	"strings"
)

// A credential path is written in pieces as often as in one run of
// parts: a folder bound to a variable and joined with the file name
// later (base = path.join(homedir(), ".config", "gh"); then
// path.join(base, "hosts.yml")), or a name joined from a literal list
// (["hosts", "yml"].join("."), Python's ".".join(["hosts", "yml"])). The
// program opens the joined path, so joinedCredPath reads the pieces put
// together: literal lists folded into one literal, and a variable's
// literal parts put before the parts it is joined with.

var (
	// litJoinJS is a JavaScript literal array joined with a literal
	// separator; litJoinPy the same in Python (sep.join([...]) or a
	// tuple). Group 1 and 2 are the list and the separator.
	litJoinJS = lazyRE(`\[((?:\s*(?:"[^"\n\\]*"|'[^'\n\\]*')\s*,)*\s*(?:"[^"\n\\]*"|'[^'\n\\]*')\s*,?\s*)\]\s*\.\s*join\(\s*("[^"\n\\]*"|'[^'\n\\]*')\s*\)`)
	litJoinPy = lazyRE(`("[^"\n\\]*"|'[^'\n\\]*')\s*\.\s*join\(\s*[\[(]((?:\s*(?:"[^"\n\\]*"|'[^'\n\\]*')\s*,)*\s*(?:"[^"\n\\]*"|'[^'\n\\]*')\s*,?\s*)[\])]\s*\)`)
	// quotedLit is one quoted string literal with no escapes.
	quotedLit = lazyRE(`"[^"\n\\]*"|'[^'\n\\]*'`)
	// varAssign is a variable assigned on one line (=, :=, const, let,
	// var): group 1 the name, group 2 the value.
	varAssign = lazyRE(`(?:^|[^\w$.])([A-Za-z_$][\w$]*)\s*:?=\s*([^=\n;][^\n;]*)`)
)

// foldLiteralJoins returns text with each literal list joined by a
// literal separator replaced by the joined literal, padded with spaces
// to the same length so byte offsets (and lines) stay those of text.
func foldLiteralJoins(text string) string {
	if !strings.Contains(text, "join(") {
		return text
	}
	fold := func(list, sep string, whole int) string {
		var parts []string
		for _, l := range quotedLit.FindAllString(list, -1) {
			parts = append(parts, l[1:len(l)-1])
		}
		j := strings.Join(parts, sep[1:len(sep)-1])
		if strings.Contains(j, `"`) || len(j)+2 > whole {
			return ""
		}
		return `"` + j + `"` + strings.Repeat(" ", whole-len(j)-2)
	}
	text = litJoinJS.re().ReplaceAllStringFunc(text, func(m string) string {
		g := litJoinJS.re().FindStringSubmatch(m)
		if r := fold(g[1], g[2], len(m)); r != "" {
			return r
		}
		return m
	})
	return litJoinPy.re().ReplaceAllStringFunc(text, func(m string) string {
		g := litJoinPy.re().FindStringSubmatch(m)
		if r := fold(g[2], g[1], len(m)); r != "" {
			return r
		}
		return m
	})
}

// envVarName reports whether a literal is an environment variable's
// name (XDG_CONFIG_HOME): in a folder's value it is the key of a lookup
// (os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) whose
// default is the path, not a part of the path.
func envVarName(s string) bool {
	letter := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9' || r == '_':
		default:
			return false
		}
	}
	return letter && strings.Contains(s, "_")
}

// joinedCredPathVia is joinedCredPath for a folder held in a variable:
// for each variable assigned a value with string literals in it, each
// place the variable is followed by joined literal parts (name, "a",
// "b", or pathlib's name / "a" / "b") is read as the value's literals then those parts. It returns the
// byte range of the parts joined to the variable and the path, or nil.
func joinedCredPathVia(text string) ([]int, string) {
	seen := map[string]bool{}
	for _, a := range varAssign.re().FindAllStringSubmatchIndex(text, 256) {
		name, value := text[a[2]:a[3]], text[a[4]:a[5]]
		if seen[name] {
			continue
		}
		var head []string
		for _, l := range quotedLit.FindAllString(value, 16) {
			if p := strings.Trim(strings.ReplaceAll(l[1:len(l)-1], `\`, "/"), "/"); p != "" && !envVarName(p) {
				head = append(head, p)
			}
		}
		if len(head) == 0 {
			continue
		}
		seen[name] = true
		use := regexp.MustCompile(`(?:^|[^\w$.])` + regexp.QuoteMeta(name) + `\s*[,/]\s*((?:"[^"\n\\]*"|'[^'\n\\]*')(?:\s*[,/]\s*(?:"[^"\n\\]*"|'[^'\n\\]*'))*)`)
		for _, u := range use.FindAllStringSubmatchIndex(text, 16) {
			parts := append([]string(nil), head...)
			for _, l := range quotedLit.FindAllString(text[u[2]:u[3]], 16) {
				if p := strings.Trim(strings.ReplaceAll(l[1:len(l)-1], `\`, "/"), "/"); p != "" {
					parts = append(parts, p)
				}
			}
			slash := pathlibJoined(text[u[0]:u[3]])
			if slash && partNamesCred(parts) {
				continue
			}
			for i := 0; i < len(parts)-1; i++ {
				p := "~/" + strings.Join(parts[i:], "/")
				if credPath.MatchString(p) && !pubKeyPath(p) && !(slash && settingsOnlyPath(p)) {
					return []int{u[2], u[3]}, p
				}
			}
		}
	}
	return nil, ""
}
