package audit

import (
	"net/url"
	"path"
	"regexp"
	"strings"
)

// Dhall resolves a remote import (https://host/package.dhall) at every
// evaluation (dhall-to-yaml, dhall-to-json), and an import's `using`
// clause gives the request headers: a record or toMap { Authorization =
// env:TOKEN as Text } names environment variables whose values Dhall
// sends to the import's host. The Dhall manual's own example sends a
// GitHub token to raw.githubusercontent.com, the service it logs in to;
// a secret sent to a host that is not its service's (an AWS secret key,
// any token to a schema mirror) is credential-exfil, critical, as a
// script reading the variable and posting it is.

// dhallUsing is a remote import with a `using` clause (after an optional
// sha256 integrity check): group 1 the URL, group 2 how the headers
// start (a name bound by let, toMap or a list).
var dhallUsing = lazyRE(`(https?://[^\s()]+)(?:\s+sha256:[0-9a-fA-F]{64})?\s+using\s+\(?\s*(toMap\b|\[|[A-Za-z_][\w-]*)`)

// dhallEnv is an environment import: group 1 or 2 the variable's name
// (env:NAME, env:"NAME").
var dhallEnv = lazyRE(`\benv:(?:"([^"\n]+)"|([A-Za-z_]\w*))`)

// scanDhallImports reports a .dhall file whose remote import sends a
// secret environment variable in its headers to a host not of the
// variable's service (psServiceLabels, psOwnHost).
func scanDhallImports(sc *skillCtx, rel, content string) {
	if !strings.EqualFold(path.Ext(rel), ".dhall") || !strings.Contains(content, "using") {
		return
	}
	code := dhallCommentsBlanked(content)
	for _, m := range dhallUsing.FindAllStringSubmatchIndex(code, 16) {
		u, err := url.Parse(code[m[2]:m[3]])
		if err != nil || u.Hostname() == "" {
			continue
		}
		host := strings.ToLower(u.Hostname())
		headers := dhallHeaders(code, m[4], code[m[4]:m[5]])
		for _, e := range dhallEnv.FindAllStringSubmatch(headers, 16) {
			name := e[1] + e[2]
			if !secretName.MatchString(name) && !credEnvRe.MatchString(name) {
				continue
			}
			if labels := psServiceLabels(name); labels != nil && psOwnHost(host, labels) || psLocalHost(host) {
				continue
			}
			ln := 1 + strings.Count(code[:m[0]], "\n")
			sc.add(rel, ln, "credential-exfil", Critical,
				"sends the secret variable "+Escape(name, 60)+" as a request header of a remote import from "+Escape(host, 80)+
					", not a host of the service it is for, at every evaluation of the file", trimmedLine(content, ln))
			return
		}
	}
}

// dhallHeaders returns the text of an import's headers expression
// starting at at: a toMap record or list up to its closing bracket, or
// the expression bound to name by `let name =` (to the next let or in).
func dhallHeaders(code string, at int, start string) string {
	if start == "toMap" || start == "[" {
		rest := code[at:]
		open := strings.IndexAny(rest, "{[")
		if open < 0 {
			return ""
		}
		depth := 0
		for i := open; i < len(rest) && i-open < 4000; i++ {
			// brackets in a string's ${} interpolations pair up too
			switch rest[i] {
			case '{', '[', '(':
				depth++
			case '}', ']', ')':
				if depth--; depth == 0 {
					return rest[open : i+1]
				}
			}
		}
		return ""
	}
	d := regexp.MustCompile(`(?m)^\s*let\s+` + "`?" + regexp.QuoteMeta(start) + "`?" + `\s*(?::[^=\n]*)?=`).FindStringIndex(code)
	if d == nil {
		return ""
	}
	body := code[d[1]:]
	if end := dhallBindingEnd.FindStringIndex(body); end != nil {
		body = body[:end[0]]
	}
	return body
}

// dhallBindingEnd is where a let binding's expression ends: the next let
// or the in at the start of a line.
var dhallBindingEnd = lazyRE(`(?m)^\s*(?:let|in)\s`)

// dhallCommentsBlanked returns Dhall code with its -- line comments and
// {- -} block comments blanked, keeping offsets.
func dhallCommentsBlanked(code string) string {
	b := []byte(code)
	inStr := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"' && (i == 0 || b[i-1] != '\\'):
			inStr = !inStr
		case inStr:
		case b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '{' && i+1 < len(b) && b[i+1] == '-':
			for ; i < len(b) && !(b[i] == '-' && i+1 < len(b) && b[i+1] == '}'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		}
	}
	return string(b)
}
