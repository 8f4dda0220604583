package audit

import "strings"

// A script's own helper often wraps the request: function get(url) {
// return new Promise(r => https.get(url, res => { ...; res.on('end', () =>
// r(body)) })) }, then const src = await get(u). What such a function
// returns or resolves is what the server answered, so its name is
// followed like a variable holding the answer: an assignment from a call
// of it holds the answer, and handing that to eval or the vm module is
// running the server's code (rule download-exec, see jsremote.go).

// jsResolveCall is a promise's resolve call (its parameter by its
// usual name), whose argument is what the function's promise yields.
var jsResolveCall = lazyRE(`(?:^|[^.\w$])resolve\s*\(`)

// jsAnswerFuncs returns the names of c's declared functions (jsFuncDecl:
// function f(...) {...}, const f = (...) => ..., const f = function(...)
// {...}) that return or resolve an expression holding a server's answer:
// one jsAnswer matches or that uses a variable of t. Names already in t
// are skipped.
func jsAnswerFuncs(c string, t map[string]bool) []string {
	var out []string
	for _, m := range jsFuncDecl.re().FindAllStringSubmatchIndex(c, 64) {
		name := ""
		if m[2] >= 0 {
			name = c[m[2]:m[3]]
		} else {
			name = c[m[6]:m[7]]
		}
		if t[name] {
			continue
		}
		if body, block := jsFuncBody(c, m[1]); jsReturnsAnswer(body, block, t) {
			out = append(out, name)
		}
	}
	return out
}

// jsFuncBody returns the body of the function whose head ends at off:
// the text between its braces (block true), or an arrow function's
// expression up to the end of its statement (block false).
func jsFuncBody(c string, off int) (string, bool) {
	i := off
	if i > 0 && c[i-1] == '{' {
		i--
	}
	for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r') {
		i++
	}
	if i < len(c) && c[i] == ':' {
		// TypeScript's return type (function f(): Promise<string> {):
		// the body is the block after it, not an arrow's expression
		i = jsSkipReturnType(c, i)
	}
	if i >= len(c) {
		return "", false
	}
	if c[i] != '{' {
		end := i
		for depth := 0; end < len(c) && end-i < 4000; end++ {
			switch ch := c[end]; ch {
			case '\'', '"', '`':
				end = stringEnd(c, end, ch != '`')
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			}
			if depth < 0 || depth == 0 && end < len(c) && (c[end] == ';' || c[end] == '\n') {
				break
			}
		}
		return c[i:min(end, len(c))], false
	}
	depth := 0
	for j := i; j < len(c) && j-i < 20000; j++ {
		switch ch := c[j]; ch {
		case '\'', '"', '`':
			j = stringEnd(c, j, ch != '`')
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return c[i+1 : j], true
			}
		}
	}
	return c[i+1 : min(len(c), i+20000)], true
}

// jsReturnsAnswer reports whether a function body returns or resolves an
// expression holding a server's answer (see jsAnswerFuncs).
func jsReturnsAnswer(body string, block bool, t map[string]bool) bool {
	holds := func(e string) bool { return jsAnswer.MatchString(e) || mentionsAny(e, t) }
	if !block {
		return holds(body)
	}
	for _, r := range jsReturn.FindAllStringSubmatch(body, 32) {
		if holds(r[1]) {
			return true
		}
	}
	for _, loc := range jsResolveCall.FindAllStringIndex(body, 32) {
		if a := callArgs(body[loc[1]:]); len(a) > 0 && holds(a[0]) {
			return true
		}
	}
	return false
}

// jsSkipReturnType returns the offset of the body's opening brace after
// the TypeScript return type annotation starting at c[i] (':'), skipping
// the type's own brackets (Promise<{ ok: boolean }>), or len(c).
func jsSkipReturnType(c string, i int) int {
	depth := 0
	for j := i + 1; j < len(c) && j-i < 400; j++ {
		switch c[j] {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			if depth > 0 && (c[j] != '>' || c[j-1] != '=') {
				depth--
			}
		case '{':
			if depth == 0 && j > i+1 && strings.TrimSpace(c[i+1:j]) != "" {
				return j
			}
			depth++
		case '}':
			depth--
		case ';', '=':
			if depth == 0 {
				return len(c)
			}
		}
	}
	return len(c)
}
