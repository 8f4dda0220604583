package audit

import "strings"

// An enumeration of the environment filtered down to one prefix the
// program owns (Object.keys(process.env).filter((k) => /^debug_/i.test(k)),
// the way the debug package and its many bundled copies read their
// settings) selects the program's own settings, not the user's
// credentials: it is not the whole environment. A filter that tests
// secret words (/TOKEN|SECRET|KEY/), a CI or cloud prefix whose names
// hold tokens (CI_, GITHUB_, AWS_: envCredPrefix) or no anchored prefix
// stays a dump.

// envPrefixTest is an anchored-prefix test of a name: /^debug_/i.test(k),
// k.startsWith('npm_config_'), k.indexOf('REACT_APP_') === 0.
var envPrefixTest = lazyRE(`/\^\w+/[a-z]*\.test\(|\.startsWith\(\s*['"\x60]\w+['"\x60]\s*\)|\.indexOf\(\s*['"\x60]\w+['"\x60]\s*\)\s*===?\s*0\b`)

// envSecretWord is a word naming secrets in a filter's test.
var envSecretWord = lazyRE(`(?i)token|secret|key|pass|auth|cred|session|cookie|private`)

// envDumpIndex returns the first match of dump in c that is not an
// enumeration filtered to the program's own prefix (see above), or nil.
func envDumpIndex(dump *lazyRegexp, c string) []int {
	for _, m := range dump.FindAllStringIndex(c, 16) {
		if !ownPrefixFilter(c[m[1]:]) {
			return m
		}
	}
	return nil
}

// ownPrefixFilter reports whether rest, the code after an enumeration of
// the environment, filters it at once by an anchored prefix with no
// secret word in the filter.
func ownPrefixFilter(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r\n")
	if !strings.HasPrefix(rest, ".filter(") {
		return false
	}
	// the filter's callback: up to its closing parenthesis
	depth, end := 0, -1
	for i := len(".filter"); i < len(rest) && i < 400; i++ {
		switch rest[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				end = i
			}
		}
		if end >= 0 {
			break
		}
	}
	if end < 0 {
		return false
	}
	// every test in the filter an anchored prefix, none naming secrets
	// (the callback's own names, key among them, are not looked at)
	body := rest[:end]
	tests := envPrefixTest.FindAllStringIndex(body, -1)
	if len(tests) == 0 || envAnyRegexTest.MatchString(envPrefixTest.ReplaceAllString(body, "")) {
		return false
	}
	for _, t := range tests {
		if envSecretWord.MatchString(body[t[0]:t[1]]) || envCredPrefix.MatchString(body[t[0]:t[1]]) {
			return false
		}
	}
	return true
}

// envAnyRegexTest is any regular-expression test in a filter.
var envAnyRegexTest = lazyRE(`/[^/\n]+/[a-z]*\.test\(`)
