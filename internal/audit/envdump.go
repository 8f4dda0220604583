package audit

import "strings"

// The whole environment handed to a serialiser or a send, however deep in
// the expression (JSON.stringify({p: process.platform, e: process.env}),
// Buffer.from(...), json.dumps({"env": dict(os.environ)})), is read as
// the whole environment (rule credential-exfil with a network call in
// the same file): every token and key the user has exported goes with
// it. The environment given to a child process (spawn(cmd, args, {env:
// process.env}), subprocess.run(..., env=os.environ)) is not: the
// enclosing call decides.

// envWholeRe finds the environment object itself; a read of one
// variable (process.env.X, os.environ["X"], .get) is excluded after the
// match.
var envWholeRe = lazyRE(`\bprocess\.env\b|\bos\.environ\b`)

// envSinks are the calls (their last name) that serialise, encode or
// send their argument.
var envSinks = lazySet("stringify", "inspect", "entries", "keys", "values", "assign", "fromEntries", "structuredClone", "URLSearchParams", "from", "btoa",
	"encodeURIComponent", "end", "write", "send", "post", "put", "patch", "fetch", "request", "sendBeacon", "emit",
	"dumps", "dump", "str", "repr", "b64encode", "urlencode", "sendall", "sendto", "encode", "format")

// wholeEnvIn returns the offset of the first use of the whole
// environment inside a call of envSinks (up to four calls out), or -1.
func wholeEnvIn(c string) int {
	for _, m := range envWholeRe.FindAllStringIndex(c, 32) {
		rest := strings.TrimLeft(c[m[1]:], " \t")
		if rest != "" && strings.ContainsRune(".[(?", rune(rest[0])) && !strings.HasPrefix(rest, "...") {
			continue // one variable, a method (os.environ.get), an index
		}
		if strings.HasPrefix(rest, ")") && ownPrefixFilter(rest[1:]) {
			continue // names filtered to the program's own prefix (envfilter.go)
		}
		if enclosedBySink(c, m[0]) {
			return m[0]
		}
	}
	return -1
}

// enclosedBySink walks back from off through up to four unclosed
// parentheses and reports whether one is the call of an envSinks name.
// A child-process option (env: / env=) before the first one ends the
// walk: that is a child's environment, not a dump.
func enclosedBySink(c string, off int) bool {
	depth, calls := 0, 0
	if childEnvLead.MatchString(c[max(0, off-24):off]) {
		return false
	}
	for i := off - 1; i >= 0 && off-i < 2000; i-- {
		switch c[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			if depth > 0 {
				depth--
			}
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			name, k := calleeAt(c, i)
			if envSinks()[name] {
				// a copy made for a child's env option is not a dump
				// (env: Object.assign({}, process.env, {X: "1"}))
				for k > 0 && (isIdentByte(c[k-1]) || c[k-1] == '.') {
					k--
				}
				return !childEnvLead.MatchString(c[max(0, k-24):k])
			}
			if calls++; calls >= 4 {
				return false
			}
		case ';':
			if depth == 0 {
				return false
			}
		}
	}
	return false
}

// calleeAt returns the identifier written just before the '(' at c[i]
// (spaces and tabs may stand between) and the offset where it begins; ""
// when none does.
func calleeAt(c string, i int) (string, int) {
	j := i
	for j > 0 && (c[j-1] == ' ' || c[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && isIdentByte(c[k-1]) {
		k--
	}
	return c[k:j], k
}

// childEnvLead is what precedes an environment given to a child process
// or runtime: an env option or keyword, an env field (go.env = ...).
var childEnvLead = lazyRE(`(?i)\benv\s*[:=]\s*$|\bprocessEnv\s*:\s*$`)

// isIdentByte reports whether b may stand in a JavaScript or PHP
// identifier (ASCII letters, digits, _ and $), for walking back from an
// offset to the start of a called name.
func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
