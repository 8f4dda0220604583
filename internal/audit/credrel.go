package audit

import "strings"

// relCredPath reports whether a string literal is a path relative to
// home ('.claude/.credentials.json', '.codex/auth.json',
// '.config/gh/hosts.yml') that names a credential file once joined to
// home: the same files credPath names after ~/, written as the part a
// script joins to the home folder it read ("$home/$f"), with or
// without the separator concatenation needs (HOME .. "/.aws/credentials",
// (str home "/.aws/credentials")): no tool names a folder at the root
// whose name starts with a dot.
func relCredPath(lit string) bool {
	p := strings.Trim(lit, `'"`)
	if len(p) > 1 && (p[0] == '/' || p[0] == '\\') && p[1] == '.' {
		p = p[1:]
	}
	if len(p) < 3 || p[0] != '.' || p[1] == '.' || !strings.ContainsAny(p, `/\`) || strings.ContainsAny(p, " \t\n$") {
		return false
	}
	return credPath.MatchString("~/" + p)
}
