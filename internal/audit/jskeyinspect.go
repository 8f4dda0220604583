package audit

import (
	"strings"
	"sync"
)

// Rule credential-read, a private key read in a JavaScript or TypeScript
// script that only inspects what it read (keyinspect.go has the Python
// reader): an SSH key inventory opens each key with readFileSync or
// fs.promises.readFile to look at its header (BEGIN OPENSSH PRIVATE KEY,
// ENCRYPTED, the KDF name inside the base64 body) and prints names, modes
// and yes/no answers. The content is followed through the script's
// statements: a read or a name assigned from one, an item added to a
// container (push, set, add), a callback's parameters where content is
// handed to it. It counts as inspected when every use is a test
// (startsWith, includes, ===, .length, !) or an assignment through
// methods that parse it (split, filter, Buffer.from, readUInt32BE,
// subarray, toString, a hash's update and digest). Printed, written,
// returned, thrown, put in a template literal, or handed to any other
// function, the content may leave: high stays, and so does a script that
// copies files or starts a shell (copyFile, exec, a cp or cat run as a
// process). Statements are split at every line end, ; and brace, so an
// expression spread over lines is judged piece by piece: a piece naming
// the content outside a test counts as output.

var (
	// jsKeyCopy is a copy, move or link of files, a write stream, or a
	// shell or copying tool started as a process (a tool's name as the
	// program spawn or execFile starts: 'base64' elsewhere is an
	// encoding's name).
	jsKeyCopy = lazyRE(`\b(?:copyFile|copyFileSync|cp|cpSync|rename|renameSync|link|linkSync|symlink|symlinkSync|createWriteStream)\s*\(|(?:^|[^.\w$])exec(?:Sync)?\s*\(|\b(?:child_process|childProcess|cp)\.exec(?:Sync)?\s*\(|\bshell\s*:\s*true|\b(?:spawn|spawnSync|execFile|execFileSync|fork)\s*\(\s*['"\x60](?:cp|scp|rsync|cat|mv|tar|zip|dd|base64|xxd|od|hexdump|head|tail|install|ln|sftp|curl|wget|nc|tee|gpg|openssl|sh|bash|zsh|pwsh|cmd(?:\.exe)?)['"\x60 ]`)
	// jsReadCall is a call that reads a file's content or opens it.
	jsReadCall = lazyRE(`\b(?:readFileSync|readFile|readTextFile|readTextFileSync|createReadStream|readSync|openSync|open)\s*\(`)
	// jsCallRe is a call: the callee's dotted name before (.
	jsCallRe = lazyRE(`([\w$.]*)\s*\(`)
	// jsWordRe is a name.
	jsWordRe = lazyRE(`[A-Za-z_$][\w$]*`)
	// jsAssignRe is an assignment or declaration: its target and value.
	jsAssignRe = lazyRE(`^(?:(?:export\s+)?(?:const|let|var)\s+)?([\w$.\s,{}\[\]:]+?)\s*(?::\s*[\w$<>\[\]|.\s]+?)?\s*(?:[-+*/%|&^]|\*\*|<<|>>>?|\?\?|\|\||&&)?=\s*([^=>][\s\S]*)$`)
	// jsControlRe starts a statement whose parenthesised head is a
	// condition or a loop head.
	jsControlRe = lazyRE(`^(?:\}\s*)?(?:else\s+)?(if|while|switch|for)\s*(?:await\s*)?\(`)
	// jsForOfRe is a for…of or for…in head: its variables and what it
	// walks.
	jsForOfRe = lazyRE(`^\(\s*(?:const|let|var)?\s*([\w$\s,{}\[\]]+?)\s+(?:of|in)\s+([\s\S]+)\)$`)
	// jsArrowParams are the parameters of an arrow function or a
	// function expression.
	jsArrowParams = lazyRE(`\(\s*((?:[\w$]+(?:\s*:\s*[\w$<>\[\]]+)?\s*,?\s*)*)\)\s*(?::\s*[\w$<>\[\]]+\s*)?=>|\b([\w$]+)\s*=>|\bfunction\s*[\w$]*\s*\(([^)]*)\)|\bcatch\s*\(\s*([\w$]+)\s*\)`)
	// jsTestAfter is the code after a name that makes its use a test or a
	// size: a comparison, a method answering yes, no or a position, a
	// length.
	jsTestAfter = lazyRE(`^\s*(?:[=!]==?|<=?|>=?|instanceof\b|\.\s*(?:startsWith|endsWith|includes|indexOf|lastIndexOf|search|localeCompare|test|has|some|every|equals)\s*\(|\.\s*(?:length|byteLength|size)\b\s*(?:[^\s(]|$))`)
	// jsTestBefore is the code before a name that makes its use a test:
	// a comparison, a negation, typeof, a search in another value.
	jsTestBefore = lazyRE(`(?:[=!]==?|<=?|>=?|!|\btypeof|\.\s*(?:test|includes|startsWith|endsWith|indexOf|has)\s*\()\s*$`)
	// jsNonKeySet is a declaration of a name bound to text.
	jsNonKeySet = lazyRE(`(?m)^[ \t]*(?:(?:export\s+)?(?:const|let|var)\s+)?([\w$]+)[ \t]*=[ \t]*(.+)$`)
	// jsNonKeyFile is an SSH file that holds no private key.
	jsNonKeyFile = lazyRE(`['"\x60](?:config|known_hosts[\w.]*|authorized_keys\w*|[\w.-]*\.pub|environment)['"\x60]`)
)

// jsPureFuncs take content and give back a value derived from it without
// sending, printing or storing it.
var jsPureFuncs = sync.OnceValue(func() map[string]bool {
	return set("split", "slice", "substring", "substr", "trim", "trimStart", "trimEnd", "toString", "toLowerCase", "toUpperCase",
		"replace", "replaceAll", "match", "matchAll", "join", "filter", "map", "find", "findIndex", "some", "every", "includes", "startsWith",
		"endsWith", "indexOf", "lastIndexOf", "at", "charAt", "charCodeAt", "codePointAt", "padStart", "padEnd", "concat", "reduce", "flat",
		"flatMap", "keys", "values", "entries", "subarray", "readUInt8", "readUInt16BE", "readUInt16LE", "readUInt32BE", "readUInt32LE",
		"readInt8", "readInt16BE", "readInt32BE", "readInt32LE", "readBigUInt64BE", "readBigUInt64LE", "equals", "compare", "from", "isBuffer",
		"parseInt", "parseFloat", "Number", "String", "Boolean", "BigInt", "atob", "btoa", "isArray", "decode", "encode", "test", "exec",
		"search", "localeCompare", "normalize", "createHash", "createHmac", "update", "digest", "sort", "reverse", "has", "get", "parse",
		"stringify", "fromCharCode", "getUint8", "getUint16", "getUint32", "min", "max", "abs", "floor", "ceil", "round", "trunc", "Uint8Array",
		"DataView", "TextDecoder", "TextEncoder", "length", "count", "hasOwnProperty", "all", "allSettled", "resolve")
})

// jsMutators add an argument to their receiver, which then holds it.
var jsMutators = lazySet("push", "unshift", "add", "set", "append", "splice")

// jsKeywords are not variables.
var jsKeywords = sync.OnceValue(func() map[string]bool {
	return set("const", "let", "var", "await", "new", "return", "typeof", "instanceof", "in", "of", "if", "else", "for", "while",
		"true", "false", "null", "undefined", "this", "async", "function", "yield", "void", "delete", "throw", "case", "default", "break",
		"continue", "try", "catch", "finally", "switch", "do", "export", "import", "from", "as", "class", "extends", "super", "static")
})

// jsKeyReadInspected reports whether the JavaScript or TypeScript script
// code (comments blanked) only inspects what it reads (see above).
func jsKeyReadInspected(code string) bool {
	if jsKeyCopy.MatchString(code) {
		return false
	}
	if len(code) > 1<<20 {
		return false // past what the reader follows: the read stays high
	}
	blank := jsBlankStrings(code)
	stmts := jsStatements(code, blank)
	nonKey := map[string]bool{}
	for _, m := range jsNonKeySet.FindAllStringSubmatch(code, 2000) {
		if jsNonKeyFile.MatchString(m[2]) && !privateKeyRe.MatchString(m[2]) {
			nonKey[m[1]] = true
		}
	}
	tainted := map[string]bool{}
	for pass := 0; pass < 8; pass++ {
		n := len(tainted)
		for _, st := range stmts {
			if len(st.blank) > 8192 && jsWordRe.MatchString(st.blank) {
				if len(jsUses(st.blank, "", tainted, nonKey)) > 0 {
					return false // a piece too long to follow (minified code)
				}
				continue
			}
			if !jsStmtInspected(st, tainted, nonKey) {
				return false
			}
		}
		if len(tainted) == n {
			return true
		}
	}
	return false
}

// jsStmt is one statement piece: its text with string contents blanked
// (blank), and the same span of the code (raw) for the file names its
// reads are given.
type jsStmt struct{ blank, raw string }

// jsBlankStrings blanks the inside of every string literal and regular
// expression literal of code (comments already blanked), keeping the
// quotes, the offsets and the ${…} expressions of template literals.
func jsBlankStrings(code string) string {
	b := []byte(code)
	prevSig := byte(0) // last character before i that is not blank
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(b) && b[j] != c && b[j] != '\n' {
				if b[j] == '\\' && j+1 < len(b) && b[j+1] != '\n' {
					b[j] = ' '
					j++
				}
				b[j] = ' '
				j++
			}
			i = j
		case c == '`':
			i = jsBlankTemplate(b, i)
		case c == '/' && jsRegexStart(b, i, prevSig):
			j, class := i+1, false
			for j < len(b) && b[j] != '\n' && (b[j] != '/' || class) {
				switch b[j] {
				case '\\':
					b[j] = ' '
					j++
				case '[':
					class = true
				case ']':
					class = false
				}
				if j < len(b) && b[j] != '\n' {
					b[j] = ' '
				}
				j++
			}
			i = j
		}
		if i < len(b) && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' {
			prevSig = b[i]
		}
	}
	return string(b)
}

// jsBlankTemplate blanks the text of the template literal opening at
// b[open] but its ${…} expressions, and returns the offset of its closing
// backquote (or len(b)).
func jsBlankTemplate(b []byte, open int) int {
	for j := open + 1; j < len(b); j++ {
		switch {
		case b[j] == '\\':
			b[j] = ' '
			if j+1 < len(b) && b[j+1] != '\n' {
				j++
				b[j] = ' '
			}
		case b[j] == '`':
			return j
		case b[j] == '$' && j+1 < len(b) && b[j+1] == '{':
			depth := 0
			for j++; j < len(b); j++ {
				if b[j] == '{' {
					depth++
				} else if b[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				} else if b[j] == '`' {
					j = jsBlankTemplate(b, j)
				}
			}
		case b[j] != '\n':
			b[j] = ' '
		}
	}
	return len(b)
}

// jsRegexStart reports whether the / at b[i] opens a regular expression
// literal rather than dividing: what stands before it (prev, the last
// character that is not blank, or a keyword) cannot end a value.
func jsRegexStart(b []byte, i int, prev byte) bool {
	if i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*') {
		return false
	}
	if prev == 0 || strings.IndexByte("(,=:[!&|?{};+-*%<>~^", prev) >= 0 {
		return true
	}
	j := i - 1
	for j >= 0 && (b[j] == ' ' || b[j] == '\t') {
		j--
	}
	k := j
	for k >= 0 && isWordByte(b[k]) {
		k--
	}
	switch string(b[k+1 : j+1]) {
	case "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "yield", "await":
		return true
	}
	return false
}

// jsStatements splits the blanked code (blank; code the same text with
// its strings) into statement pieces at every line end, ; and brace.
func jsStatements(code, blank string) []jsStmt {
	var out []jsStmt
	start := 0
	flush := func(end int) {
		if t := strings.TrimSpace(blank[start:end]); t != "" && len(out) < 50000 {
			lead := len(blank[start:end]) - len(strings.TrimLeft(blank[start:end], " \t\n"))
			out = append(out, jsStmt{t, strings.TrimSpace(code[start+lead : end])})
		}
		start = end + 1
	}
	for i := 0; i < len(blank); i++ {
		switch blank[i] {
		case '\n', ';', '{', '}':
			flush(i)
		}
	}
	flush(len(blank))
	return out
}

// jsSpan is a use of content in a statement: a tainted name, or a read
// call from its name to its closing parenthesis.
type jsSpan struct{ s, e int }

// jsUses returns the spans of content in s: tainted names (not a
// property after a dot, nor an object key before a colon) and read calls
// not of a file in nonKey (raw is s with its strings).
func jsUses(s, raw string, tainted, nonKey map[string]bool) []jsSpan {
	var out []jsSpan
	for _, m := range jsWordRe.FindAllStringIndex(s, -1) {
		w := s[m[0]:m[1]]
		if !tainted[w] || m[0] > 0 && s[m[0]-1] == '.' {
			continue
		}
		out = append(out, jsSpan{m[0], m[1]})
	}
	for _, m := range jsReadCall.FindAllStringIndex(s, -1) {
		if m[0] > 0 && s[m[0]-1] == '.' && strings.HasSuffix(strings.TrimRight(s[:m[0]-1], " "), "window") {
			continue
		}
		end := pyCloseParen(s, m[1]-1)
		arg := ""
		if len(raw) == len(s) {
			arg = raw[m[1]:end]
		}
		first, _, _ := strings.Cut(arg, ",")
		first = strings.TrimSpace(first)
		if nonKey[first] || jsNonKeyFile.MatchString(first) && !privateKeyRe.MatchString(first) {
			continue
		}
		out = append(out, jsSpan{m[0], min(len(s), end+1)})
	}
	return out
}

// jsTested reports whether the use u of content in s is a test (a
// comparison, a yes/no method, a size, a negation), whose value holds
// none of it.
func jsTested(s string, u jsSpan) bool {
	return jsTestAfter.MatchString(s[u.e:]) || jsTestBefore.MatchString(s[:u.s])
}

// jsUntested returns the uses in s that are not tests.
func jsUntested(s string, uses []jsSpan) []jsSpan {
	var out []jsSpan
	for _, u := range uses {
		if !jsTested(s, u) {
			out = append(out, u)
		}
	}
	return out
}

// jsStmtInspected checks one statement piece: it adds the names it
// taints and reports false when content may leave through it.
func jsStmtInspected(st jsStmt, tainted, nonKey map[string]bool) bool {
	s, raw := st.blank, st.raw
	if len(raw) != len(s) {
		raw = ""
	}
	uses := jsUses(s, raw, tainted, nonKey)
	if len(uses) == 0 {
		return true
	}
	// a callback handed content: its parameters hold it; their
	// declarations are not uses
	b := []byte(s)
	for _, m := range jsArrowParams.FindAllStringSubmatchIndex(s, -1) {
		for g := 2; g < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			for _, p := range strings.Split(s[m[g]:m[g+1]], ",") {
				name, _, _ := strings.Cut(p, ":")
				if name = strings.TrimSpace(name); name != "" && !jsKeywords()[name] {
					tainted[name] = true
				}
			}
			for i := m[g]; i < m[g+1]; i++ {
				b[i] = ' '
			}
		}
	}
	s = string(b)
	uses = jsUses(s, raw, tainted, nonKey)
	taint := func(target string) {
		for _, w := range jsWordRe.FindAllString(target, -1) {
			if !jsKeywords()[w] {
				tainted[w] = true
			}
		}
	}
	if m := jsControlRe.FindStringSubmatchIndex(s); m != nil {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		head := s[open:min(len(s), end+1)]
		if f := jsForOfRe.FindStringSubmatch(head); f != nil && s[m[2]:m[3]] == "for" {
			if len(jsUntested(f[2], jsUses(f[2], "", tainted, nonKey))) > 0 {
				taint(f[1])
			}
			if !jsCallsInspected(f[2], "", tainted, nonKey) {
				return false
			}
		} else if !jsCallsInspected(head, "", tainted, nonKey) {
			return false
		}
		if end+1 >= len(s) {
			return true
		}
		rest := strings.TrimSpace(s[end+1:])
		return jsStmtInspected(jsStmt{rest, ""}, tainted, nonKey)
	}
	for _, kw := range []string{"return", "throw", "yield", "export default", "module.exports ="} {
		if rest, ok := strings.CutPrefix(s, kw); ok && (rest == "" || !isWordByte(rest[0])) {
			return len(jsUntested(s, uses)) == 0 && jsCallsInspected(s, raw, tainted, nonKey)
		}
	}
	if strings.HasPrefix(s, "case ") || strings.HasPrefix(s, "else") || strings.HasPrefix(s, "try") || strings.HasPrefix(s, "catch") {
		return jsCallsInspected(s, raw, tainted, nonKey)
	}
	if m := jsAssignRe.FindStringSubmatchIndex(s); m != nil && !strings.ContainsAny(s[m[2]:m[3]], "(") {
		target, value := s[m[2]:m[3]], s[m[4]:m[5]]
		vraw := ""
		if raw != "" {
			vraw = raw[m[4]:m[5]]
		}
		vuses := jsUses(value, vraw, tainted, nonKey)
		if len(vuses) == 0 {
			return true
		}
		if strings.HasPrefix(s, "export") || strings.HasPrefix(target, "module.exports") || strings.HasPrefix(target, "exports.") || strings.HasPrefix(target, "globalThis.") || strings.HasPrefix(target, "process.") {
			return len(jsUntested(value, vuses)) == 0 // exported: another module may show it
		}
		if !jsCallsInspected(value, vraw, tainted, nonKey) {
			return false
		}
		if len(jsUntested(value, vuses)) > 0 {
			// the target, or the object it is a field or item of, holds it
			if i := strings.IndexAny(target, ".["); i > 0 && !strings.ContainsAny(target, "{,") {
				target = target[:i]
			}
			taint(target)
		}
		return true
	}
	// an expression statement: content only tested, handed to a parsing
	// method, or added to a container (whose root then holds it)
	if !jsCallsInspected(s, raw, tainted, nonKey) {
		return false
	}
	for _, u := range jsUntested(s, uses) {
		if !jsInsideCall(s, u, tainted, nonKey) {
			return false
		}
	}
	return true
}

// jsInsideCall reports whether the use u of content stands inside the
// arguments of a call, or is the receiver of a method call, that
// jsCallsInspected let through: its value goes no further than that
// call.
func jsInsideCall(s string, u jsSpan, tainted, nonKey map[string]bool) bool {
	if strings.HasPrefix(strings.TrimLeft(s[u.e:], " "), ".") {
		return true // a method of the content: checked by jsCallsInspected
	}
	depth := 0
	for i := u.s - 1; i >= 0; i-- {
		switch s[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth == 0 {
				return s[i] == '('
			}
			depth--
		}
	}
	return false
}

// jsCallsInspected reports whether every call in s that is handed
// content, or called on it, is a pure one or a mutator (whose receiver
// is then tainted); a sink or an unknown function is false. raw is s with
// its strings, or "".
func jsCallsInspected(s, raw string, tainted, nonKey map[string]bool) bool {
	for _, m := range jsCallRe.FindAllStringSubmatchIndex(s, -1) {
		open := m[1] - 1
		end := pyCloseParen(s, open)
		callee := s[m[2]:m[3]]
		last := callee[strings.LastIndexByte(callee, '.')+1:]
		if jsKeywords()[last] && !strings.Contains(callee, ".") || last == "" && callee == "" && !jsChained(s, m[2]) {
			continue // a parenthesised expression after a keyword
		}
		araw := ""
		if raw != "" {
			araw = raw[open+1 : end]
		}
		args := jsUntested(s[open+1:end], jsUses(s[open+1:end], araw, tainted, nonKey))
		recv := jsReceiverTainted(s, m[2], callee, tainted)
		if len(args) == 0 && !recv {
			continue
		}
		switch {
		case jsMutators()[last] && strings.Contains(callee, ".") && len(args) > 0:
			if root := jsWordRe.FindString(callee); root != "" {
				tainted[root] = true
			}
		case jsPureFuncs()[last]:
		default:
			return false
		}
	}
	return true
}

// jsChained reports whether the call whose callee starts at at is
// called on the value before it (a call's or an index's result).
func jsChained(s string, at int) bool {
	t := strings.TrimRight(s[:at], " ")
	return t != "" && (t[len(t)-1] == ')' || t[len(t)-1] == ']')
}

// jsReceiverTainted reports whether the method call whose callee (a
// dotted name) starts at at in s is called on content: its first name is
// tainted, or the chain it continues (text.split("\n").filter(…)) starts
// at a tainted name or a read.
func jsReceiverTainted(s string, at int, callee string, tainted map[string]bool) bool {
	if !strings.Contains(callee, ".") {
		return false
	}
	if root := jsWordRe.FindString(callee); root != "" && strings.HasPrefix(callee, root) {
		return tainted[root]
	}
	// .filter( after a call or index: walk back over the chain
	i := at
	for i > 0 {
		j := i - 1
		for j >= 0 && s[j] == ' ' {
			j--
		}
		if j < 0 {
			break
		}
		switch c := s[j]; {
		case c == ')' || c == ']':
			depth := 0
			for ; j >= 0; j-- {
				if s[j] == ')' || s[j] == ']' {
					depth++
				} else if s[j] == '(' || s[j] == '[' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			i = max(j, 0)
		case isWordByte(c) || c == '$' || c == '.':
			k := j
			for k >= 0 && (isWordByte(s[k]) || s[k] == '$' || s[k] == '.') {
				k--
			}
			name := s[k+1 : j+1]
			root := jsWordRe.FindString(name)
			if tainted[root] && strings.HasPrefix(name, root) || jsReadCall.MatchString(name+"(") {
				return true
			}
			if !strings.HasPrefix(name, ".") {
				return false
			}
			i = k + 1
		default:
			return false
		}
	}
	return false
}
