package audit

import (
	"path"
	"regexp"
	"strings"
)

// OPA's Rego policies run wherever a policy is evaluated (opa eval,
// conftest test, Gatekeeper, a CI gate), with the evaluating process's
// environment: opa.runtime().env is that environment as an object, and
// http.send makes an HTTP request with any value the policy builds. A
// policy that takes the environment in bulk (iterates it, filters it by
// name prefixes, hands the whole object on) and puts what it took into
// an http.send request carries the CI job's or the developer's tokens
// off the machine at every evaluation: credential-exfil, critical, as a
// script posting its environment is. One variable selected by name
// (opa.runtime().env.STAGE, env["API_TOKEN"] in an Authorization
// header) is a policy's setting or its own service's credential, and an
// environment read only for a local decision (allow if env.STAGE ==
// "prod") sends nothing: neither is reported.
//
// The policy is read by rule: a top-level rule (its head at brace depth
// zero) holding a bulk use of the environment, or a bulk use of a rule
// or local variable that holds it, holds the environment; a rule whose
// body calls http.send and holds the environment sends it.

// regoEnvSrc is the evaluating process's environment (opa.runtime().env,
// opa.runtime()["env"]) or the environment a caller hands in as input
// (input.env).
var regoEnvSrc = lazyRE(`\bopa\.runtime\(\s*\)\s*(?:\.\s*env\b|\[\s*"env"\s*\])|\binput\s*(?:\.\s*env\b|\[\s*"env"\s*\])`)

// regoRuntimeBind binds a name to opa.runtime() (rt := opa.runtime()),
// whose .env is then the environment: group 1 the name.
var regoRuntimeBind = lazyRE(`\b([A-Za-z_]\w*)\s*:?=\s*opa\.runtime\(\s*\)(?:\s*[\n;}]|\s*$)`)

// regoSend is a call of Rego's HTTP client.
var regoSend = lazyRE(`\bhttp\.send\s*\(`)

// regoOneOf is a call that takes one value or a summary out of an
// object, not its content: a bulk use as its first argument keeps no
// secret (count(env), object.keys(env) gives names, object.get(env, "X",
// "") one variable).
var regoOneOf = lazyRE(`(?:\bcount|\bobject\.keys|\bobject\.get|\bis_object|\btype_name)\s*\(\s*$`)

// regoChunk is one top-level statement of a policy: its text's offsets
// and the name its head defines ("" for package and import).
type regoChunk struct {
	start, end int
	head       string
}

// scanRegoSend reports a .rego policy that sends the environment it
// takes in bulk with http.send (see above).
func scanRegoSend(sc *skillCtx, rel, content string) {
	if !strings.EqualFold(path.Ext(rel), ".rego") || !strings.Contains(content, "http.send") || !strings.Contains(content, "env") {
		return
	}
	if off, what := regoEnvSendOf(content); off >= 0 {
		ln := 1 + strings.Count(content[:off], "\n")
		sc.add(rel, ln, "credential-exfil", Critical,
			"sends "+what+" with http.send: the environment of whatever evaluates the policy (a CI job's or the user's tokens) leaves the machine at every evaluation",
			trimmedLine(content, ln))
	}
}

// regoEnvSendOf returns the offset of the first http.send call in a rule
// that holds the environment taken in bulk, and what it takes, or -1.
func regoEnvSendOf(content string) (int, string) {
	code := regoBlanked(content, true)
	// src keeps the strings: the environment may be selected as
	// opa.runtime()["env"]
	src := regoBlanked(content, false)
	chunks := regoChunks(code)
	// global: names of rules holding the environment; local: a chunk's
	// own variables holding it (chunk index to names)
	global := map[string]bool{}
	local := map[int]map[string]bool{}
	tainted := map[int]string{}
	nameRe := map[string]*regexp.Regexp{} // a held name's references, compiled once
	// the names bound to opa.runtime() (rules or locals alike: a
	// runtime object holds no secret until its env is taken)
	var srcs []*regexp.Regexp
	for _, m := range regoRuntimeBind.FindAllStringSubmatch(code, 8) {
		srcs = append(srcs, regexp.MustCompile(`\b`+regexp.QuoteMeta(m[1])+`\s*(?:\.\s*env\b|\[\s*"env"\s*\])`))
	}
	for changed, rounds := true, 0; changed && rounds < 16; rounds++ {
		changed = false
		for i, ch := range chunks {
			text := code[ch.start:ch.end]
			var uses [][]int // spans of environment references, chunk-relative
			uses = append(uses, regoEnvSrc.FindAllStringIndex(src[ch.start:ch.end], 16)...)
			for _, re := range srcs {
				uses = append(uses, re.FindAllStringIndex(text, 16)...)
			}
			names := []string{}
			for n := range global {
				names = append(names, n)
			}
			for n := range local[i] {
				names = append(names, n)
			}
			for _, n := range names {
				re := nameRe[n]
				if re == nil {
					re = regexp.MustCompile(`(?:^|[^\w.])` + regexp.QuoteMeta(n) + `\b`)
					nameRe[n] = re
				}
				for _, m := range re.FindAllStringIndex(text, 32) {
					if text[m[0]] != n[0] {
						m[0]++
					}
					uses = append(uses, m)
				}
			}
			for _, u := range uses {
				what := strings.Join(strings.Fields(content[ch.start+u[0]:ch.start+u[1]]), "")
				if !regoBulkUse(text, u) {
					continue
				}
				if y, isHead, ok := regoBoundTo(text, u); ok {
					// the whole of it held under another name
					if isHead && y == ch.head {
						if !global[y] {
							global[y], changed = true, true
						}
					} else if !isHead {
						if local[i] == nil {
							local[i] = map[string]bool{}
						}
						if !local[i][y] {
							local[i][y], changed = true, true
						}
					}
					continue
				}
				if _, ok := tainted[i]; !ok {
					tainted[i], changed = what, true
				}
				if ch.head != "" && !global[ch.head] {
					global[ch.head], changed = true, true
				}
			}
		}
	}
	for i, ch := range chunks {
		what, ok := tainted[i]
		if !ok {
			continue
		}
		if s := regoSend.FindStringIndex(code[ch.start:ch.end]); s != nil {
			if !strings.Contains(what, "env") {
				what = "the environment (opa.runtime().env, through " + Escape(what, 40) + ")"
			} else {
				what = "the environment (" + Escape(what, 40) + ")"
			}
			return ch.start + s[0], what
		}
	}
	return -1, ""
}

// regoBulkUse reports whether the reference at u in text uses the whole
// object: not one field selected from it (.NAME, ["NAME"]), not a
// definition of the name (name := ...), not a field of another value
// (x.name) and not handed to a call that keeps one value or a summary.
func regoBulkUse(text string, u []int) bool {
	rest := strings.TrimLeft(text[u[1]:], " \t")
	if strings.HasPrefix(rest, ".") && len(rest) > 1 && (isIdentByte(rest[1]) || rest[1] == ' ') {
		return false // .NAME: one field
	}
	if strings.HasPrefix(rest, "[") {
		in := strings.TrimLeft(rest[1:], " \t")
		if strings.HasPrefix(in, `"`) {
			return false // ["NAME"]: one field (the string's text is blanked)
		}
	}
	if strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") {
		return false // the name defined, not used
	}
	if u[0] > 0 && text[u[0]-1] == '.' {
		return false
	}
	return !regoOneOf.MatchString(text[:u[0]])
}

// regoBoundTo returns the name the reference at u is bound to whole
// (y := ref, y = ref, the reference being the whole right-hand side),
// and whether y is the rule's head (at the chunk's start) rather than a
// local variable of its body.
func regoBoundTo(text string, u []int) (string, bool, bool) {
	after := strings.TrimLeft(text[u[1]:], " \t")
	if after != "" && after[0] != '\n' && after[0] != ';' && after[0] != '}' && after[0] != '\r' {
		return "", false, false
	}
	before := strings.TrimRight(text[:u[0]], " \t")
	switch {
	case strings.HasSuffix(before, ":="):
		before = before[:len(before)-2]
	case strings.HasSuffix(before, "=") && !strings.HasSuffix(before, "==") && !strings.HasSuffix(before, "!=") && !strings.HasSuffix(before, "<=") && !strings.HasSuffix(before, ">="):
		before = before[:len(before)-1]
	default:
		return "", false, false
	}
	before = strings.TrimRight(before, " \t")
	i := len(before)
	for i > 0 && isIdentByte(before[i-1]) {
		i--
	}
	if i == len(before) {
		return "", false, false
	}
	return before[i:], strings.TrimSpace(before[:i]) == "", true
}

// regoChunks splits a policy (comments and string contents blanked) at
// its top-level statements: a line opening at brace depth zero with a
// word other than else starts one.
func regoChunks(code string) []regoChunk {
	var out []regoChunk
	depth := 0
	for off := 0; off < len(code); {
		end := strings.IndexByte(code[off:], '\n')
		if end < 0 {
			end = len(code)
		} else {
			end += off + 1
		}
		line := code[off:end]
		if depth == 0 && len(line) > 0 && isIdentByte(line[0]) && !strings.HasPrefix(line, "else") {
			if len(out) > 0 {
				out[len(out)-1].end = off
			}
			f := strings.FieldsFunc(line, func(r rune) bool { return r > 127 || !isIdentByte(byte(r)) })
			head := ""
			if len(f) > 0 {
				head = f[0]
				if head == "default" && len(f) > 1 {
					head = f[1]
				}
				if head == "package" || head == "import" {
					head = ""
				}
			}
			out = append(out, regoChunk{start: off, end: len(code), head: head})
		}
		for i := 0; i < len(line); i++ {
			switch line[i] {
			case '{', '[', '(':
				depth++
			case '}', ']', ')':
				if depth > 0 {
					depth--
				}
			}
		}
		off = end
	}
	return out
}

// regoBlanked returns a policy with its # comments blanked and, with
// strs, the text of its strings ("...", `raw`) blanked inside the
// quotes, lengths and newlines kept: a brace or a word in a string is
// neither code nor a reference.
func regoBlanked(s string, strs bool) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '#':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case '"':
			for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
				if b[i] == '\\' && i+1 < len(b) && b[i+1] != '\n' {
					if strs {
						b[i] = ' '
					}
					i++
				}
				if strs {
					b[i] = ' '
				}
			}
		case '`':
			for i++; i < len(b) && b[i] != '`'; i++ {
				if strs && b[i] != '\n' {
					b[i] = ' '
				}
			}
		}
	}
	return string(b)
}
