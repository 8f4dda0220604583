package audit

import "strings"

// joinedPartsRe matches a run of two or more quoted string literals
// separated only by commas or slashes: the parts of one path-join call
// (filepath.Join(home, ".config", "gh", "hosts.yml"), Path.Combine,
// File.join, os.path.join, Paths.get, path.join) or of one pathlib path
// joined with its / operator (Path.home() / ".config" / "gh" /
// "hosts.yml"), which names the same file.
var joinedPartsRe = lazyRE(`(?:"[^"\n\\]*"|'[^'\n\\]*')(?:\s*[,/]\s*(?:"[^"\n\\]*"|'[^'\n\\]*'))+`)

// toolRuleLit is an agent permission rule, a tool's name and its
// pattern (Read(~/.ssh/**), Bash(curl:*)): a list of them is a deny, ask
// or allow list, each entry whole, not the parts of one path joined.
var toolRuleLit = lazyRE(`^[A-Z]\w*\(.*\)$`)

// joinedCredPath returns the byte range and the path (as "~/a/b/c") of
// the first run of joined string parts in text that, put together under
// the home folder, names a credential file credPath knows
// (".config", "gh", "hosts.yml" is ~/.config/gh/hosts.yml), or nil.
// Single parts that name a credential on their own are credPartRe's; this
// catches a path whose parts are each harmless words, also when the
// parts come in pieces (credjoinvars.go). The caller checks that the
// script refers to the home folder.
func joinedCredPath(text string) ([]int, string) {
	text = foldLiteralJoins(text) // see credjoinvars.go
	if l, p := joinedCredPathRun(text); l != nil {
		return l, p
	}
	return joinedCredPathVia(text)
}

// joinedCredPathRun is joinedCredPath for one run of literal parts.
func joinedCredPathRun(text string) ([]int, string) {
	for _, l := range joinedPartsRe.FindAllStringIndex(text, -1) {
		var parts []string
		rules := false
		for _, p := range quotedLit.FindAllString(text[l[0]:l[1]], -1) {
			p = p[1 : len(p)-1]
			rules = rules || toolRuleLit.MatchString(p)
			p = strings.Trim(strings.ReplaceAll(p, `\`, "/"), "/")
			if p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) < 2 || rules {
			continue
		}
		slash := pathlibJoined(text[l[0]:l[1]])
		if slash && partNamesCred(parts) {
			continue
		}
		// any suffix of the run may be the part after the home folder
		for i := 0; i < len(parts)-1; i++ {
			p := "~/" + strings.Join(parts[i:], "/")
			if credPath.MatchString(p) && !pubKeyPath(p) && !(slash && settingsOnlyPath(p)) {
				return l, p
			}
		}
	}
	return nil, ""
}

// pathlibJoined reports whether a run of literal parts is joined with
// pathlib's / operator: a / between two of its literals.
func pathlibJoined(run string) bool {
	return strings.Contains(quotedLit.ReplaceAllString(run, ""), "/")
}

// partNamesCred reports whether one part of a pathlib run names a
// credential on its own (".ssh", ".aws"): the literal reading
// (credPartRe, with its settings-file and needle checks:
// Path.home() / ".ssh" / "config" is no key) reads such a path, as it
// did before pathlib runs were joined.
func partNamesCred(parts []string) bool {
	for _, p := range parts {
		if credPartRe.MatchString(`"` + p + `"`) {
			return true
		}
	}
	return false
}
