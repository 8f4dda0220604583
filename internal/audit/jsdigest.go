package audit

import "strings"

// The digest judgement of a JavaScript or TypeScript dropper (dropper.go),
// as pydigest.go's for Python: a download saved and run, or unpacked and
// run, is a pinned release (medium) only when a check of a digest against
// a pinned one stops the script on a mismatch before the run, where the
// run happens:
//
//   - if (<digest> !== PIN) throw … / process.exit(…) / Deno.exit(…) /
//     process.abort() (return too, in the function that runs the file),
//     with the digest crypto's createHash(…).update(…).digest(…),
//     crypto.subtle.digest(…), timingSafeEqual, a name assigned one, a
//     hash object updated with the download, or a call of a function of
//     the script computing one (if (!(await verify(bytes, PIN))) throw);
//     a disjunct of || counts (if (!pin || got !== pin) throw);
//   - if (<digest> === PIN) { … } with the run inside its block;
//   - assert(<digest> === PIN), assert.strictEqual(<digest>, PIN);
//   - a call, before the run and in its function, of a function of the
//     script holding such a check that throws or exits.
//
// The digest must be of the download: its side of the comparison names
// the written file, what the server answered, or a name holding either.
// The check pins nothing when its expected digest came from the network
// (a network call in it, a name holding a server's answer:
// (await fetch(url + ".sha256")).text(), or a file the script wrote read
// back), and a digest only printed or logged (console.warn on a mismatch)
// leaves the run high.

var (
	// jsDigestCall computes or compares a digest.
	jsDigestCall = lazyRE(`\.digest\(|\btimingSafeEqual\(`)
	// jsStopWord stops the script.
	jsStopWord = lazyRE(`\bthrow\b|\bprocess\.(?:exit|abort)\(|\bDeno\.exit\(|\bBun\.exit\(`)
	// jsAssertCall is node:assert's check: group 1 the method, if any.
	jsAssertCall = lazyRE(`(?:^|[^.\w$])assert(?:\.(strictEqual|equal|deepStrictEqual|ok))?\s*\(`)
	// jsHashUpdate feeds a hash object: group 1 the object.
	jsHashUpdate = lazyRE(`\b([A-Za-z_$][\w$]*)\.update\(`)
	// jsReadBack reads a file's contents.
	jsReadBack = lazyRE(`\breadFile(?:Sync)?\(|\bDeno\.readTextFile(?:Sync)?\(|\bDeno\.readFile(?:Sync)?\(|\bBun\.file\(`)
)

// jsDef is a function the script declares: its name, parameters and the
// span of its body.
type jsDef struct {
	name       string
	params     []string
	start, end int
}

// jsDefs returns the functions of f (jsFuncDecl) with their bodies'
// spans.
func jsDefs(f string) []jsDef {
	var out []jsDef
	for _, m := range jsFuncDecl.FindAllStringSubmatchIndex(f, 128) {
		name, params := "", ""
		if m[2] >= 0 {
			name, params = f[m[2]:m[3]], f[m[4]:m[5]]
		} else {
			name, params = f[m[6]:m[7]], f[m[8]:m[9]]
		}
		body, _ := jsFuncBody(f, m[1])
		start := m[1] + strings.Index(f[m[1]:], body)
		var ps []string
		for _, p := range strings.Split(params, ",") {
			if id := jsIdent.FindString(p); id != "" {
				ps = append(ps, id)
			}
		}
		out = append(out, jsDef{name, ps, start, start + len(body)})
	}
	return out
}

// jsScopeAt returns the innermost function of defs whose body holds
// offset at, or -1 for the top level.
func jsScopeAt(defs []jsDef, at int) int {
	return innermostAt(len(defs), func(i int) (int, int) { return defs[i].start, defs[i].end }, at)
}

// jsDigestJudge holds what the judgement of one script reads.
type jsDigestJudge struct {
	f    string
	defs []jsDef
	// digest are the names holding a digest and the functions computing
	// one (not fetching their pin); server the names holding a server's
	// answer; written those holding the files the script wrote; file
	// those holding the download or its bytes.
	digest, server, written, file map[string]bool
}

// jsDigestGates reports whether a pinned digest check stops the script f
// (comments blanked) on a mismatch before the run at offset at (see
// above); written are the names holding the files the script wrote.
func jsDigestGates(f string, at int, written map[string]bool) bool {
	if !jsDigestCall.MatchString(f) {
		return false
	}
	j := &jsDigestJudge{f: f, defs: jsDefs(f), server: jsTainted(f), written: written, digest: map[string]bool{}}
	for _, d := range j.defs {
		if body := f[d.start:d.end]; jsDigestCall.MatchString(body) && !jsNet.MatchString(body) {
			j.digest[d.name] = true
		}
	}
	assigns := jsAssign.FindAllStringSubmatch(f, 2000)
	for range 3 {
		for _, a := range assigns {
			if j.digestExpr(a[2]) && !jsNet.MatchString(a[2]) {
				for _, n := range jsNamesIn(a[1]) {
					j.digest[n] = true
				}
			}
		}
	}
	j.file = map[string]bool{}
	for n := range written {
		j.file[n] = true
	}
	for n := range j.server {
		j.file[n] = true
	}
	// the data a write puts in a file the script runs is the download
	for _, m := range jsWriteTo.FindAllStringIndex(f, 32) {
		if args := callArgs(f[strings.IndexByte(f[m[0]:], '(')+m[0]+1:]); len(args) > 1 && identRe.MatchString(strings.TrimSpace(args[1])) {
			j.file[strings.TrimSpace(args[1])] = true
		}
	}
	j.file = derivedNames(f, j.file, true)
	// a hash object fed the download holds its digest
	for _, m := range jsHashUpdate.FindAllStringSubmatchIndex(f, 64) {
		if args := callArgs(f[m[1]:]); len(args) > 0 && jsMentions(args[0], j.file) {
			j.file[f[m[2]:m[3]]] = true
		}
	}
	scope := jsScopeAt(j.defs, at)
	if j.gatesIn(at, scope, true, j.file) {
		return true
	}
	// a function of the script whose check throws or exits, called
	// before the run where the run happens with the download, or whose
	// value the run's file is
	for i, d := range j.defs {
		if i == scope {
			continue
		}
		in := map[string]bool{}
		for n := range j.file {
			in[n] = true
		}
		for _, p := range d.params {
			in[p] = true
		}
		if !j.gatesIn(d.end, i, false, derivedNames(f, in, true)) {
			continue
		}
		for k := wordIndex(f, d.name, 0); k >= 0 && k < at; k = wordIndex(f, d.name, k+len(d.name)) {
			rest := strings.TrimLeft(f[k+len(d.name):], " \t")
			if !strings.HasPrefix(rest, "(") || jsScopeAt(j.defs, k) != scope || k >= d.start && k < d.end || k > 0 && f[k-1] == '.' {
				continue
			}
			// handed the download, or returning it (dropperpath.go: the
			// function is among the names holding the written file)
			if jsMentions(strings.Join(callArgs(rest[1:]), ","), j.file) || written[d.name] {
				return true
			}
		}
	}
	return false
}

// gatesIn reports whether a check in function scope (-1: top level)
// before offset at stops it on a mismatch, or holds at inside the block
// a match takes; ret lets a return stop it (the run's own function).
func (j *jsDigestJudge) gatesIn(at, scope int, ret bool, file map[string]bool) bool {
	f := j.f
	stops := func(block string) bool {
		return jsStopWord.MatchString(block) || ret && jsReturn.MatchString(block+"\n")
	}
	for _, m := range jsIfHead.FindAllStringIndex(f[:at], 512) {
		if jsScopeAt(j.defs, m[0]) != scope {
			continue
		}
		cond := callArgs(f[m[1]:])
		if len(cond) != 1 {
			continue
		}
		closeAt := jsCloseAt(f, m[1]-1)
		if closeAt < m[1] {
			continue
		}
		bs, be := jsStmtAfter(f, closeAt+1)
		block := f[bs:be]
		for _, part := range jsTopSplit(cond[0], "||") {
			if pos, ok := j.condDigest(part, file); ok && !pos && stops(block) {
				return true
			}
		}
		for _, part := range jsTopSplit(cond[0], "&&") {
			if pos, ok := j.condDigest(part, file); ok && pos && bs <= at && at < be {
				return true
			}
		}
	}
	for _, m := range jsAssertCall.FindAllStringSubmatchIndex(f[:at], 64) {
		if jsScopeAt(j.defs, m[0]) != scope {
			continue
		}
		args := callArgs(f[m[1]:])
		cond := ""
		switch {
		case len(args) >= 2 && m[2] >= 0 && f[m[2]:m[3]] != "ok":
			cond = args[0] + " === " + args[1]
		case len(args) >= 1:
			cond = args[0]
		}
		if pos, ok := j.condDigest(cond, file); ok && pos {
			return true
		}
	}
	return false
}

// jsStmtAfter returns the span of the statement an if runs, starting
// after its condition's closing parenthesis at f[i]: a braced block's
// inside, or one statement up to its ; or line end.
func jsStmtAfter(f string, i int) (int, int) {
	for i < len(f) && (f[i] == ' ' || f[i] == '\t' || f[i] == '\n' || f[i] == '\r') {
		i++
	}
	if i >= len(f) {
		return i, i
	}
	if f[i] == '{' {
		end := jsCloseAt(f, i)
		if end < i {
			end = min(len(f), i+maxPyBlock)
		}
		return i + 1, end
	}
	e := balanced(f, i)
	return i, i + len(e)
}

// jsTopSplit splits e at op (|| or &&) outside brackets and strings.
func jsTopSplit(e, op string) []string {
	var out []string
	for {
		k := pyTopOp(e, op)
		if k < 0 {
			return append(out, e)
		}
		out = append(out, e[:k])
		e = e[k+len(op):]
	}
}

// digestExpr reports whether expression e computes or holds a digest.
func (j *jsDigestJudge) digestExpr(e string) bool {
	return jsDigestCall.MatchString(e) || len(j.digest) > 0 && jsMentions(e, j.digest)
}

// serverPin reports whether expression e holds text from the network: a
// network call or answer, a name holding a server's answer, or a file
// the script wrote read back.
func (j *jsDigestJudge) serverPin(e string) bool {
	if jsNet.MatchString(e) || jsAnswer.MatchString(e) || mentionsAny(e, j.server) {
		return true
	}
	return jsReadBack.MatchString(e) && jsMentions(e, j.written)
}

// condDigest reads a condition as a digest check of the download (its
// digest side names one of file): pos when it holds on a match (digest
// === PIN, timingSafeEqual(…), verify(…)), else on a mismatch (!==, !…);
// ok false when it is no digest check, checks something else, or its pin
// came from the network.
func (j *jsDigestJudge) condDigest(cond string, file map[string]bool) (pos, ok bool) {
	cond = strings.TrimSpace(cond)
	neg := false
	for {
		switch {
		case strings.HasPrefix(cond, "!") && !strings.HasPrefix(cond, "!="):
			neg, cond = !neg, strings.TrimSpace(cond[1:])
			continue
		case strings.HasPrefix(cond, "await "):
			cond = strings.TrimSpace(cond[6:])
			continue
		case strings.HasPrefix(cond, "(") && jsCloseAt(cond, 0) == len(cond)-1:
			cond = strings.TrimSpace(cond[1 : len(cond)-1])
			continue
		}
		break
	}
	for _, op := range []string{"!==", "===", "!=", "=="} {
		k := pyTopOp(cond, op)
		if k < 0 {
			continue
		}
		l, r := cond[:k], cond[k+len(op):]
		ld, rd := j.digestExpr(l), j.digestExpr(r)
		if ld == rd {
			return false, false // no digest, or two compared
		}
		pin, dig := r, l
		if rd {
			pin, dig = l, r
		}
		if !jsMentions(dig, file) || j.serverPin(pin) {
			return false, false
		}
		return (op[0] == '=') != neg, true
	}
	// a call comparing or verifying: timingSafeEqual(a, b), verify(bytes,
	// PIN); its arguments not naming the download are its pin
	open := strings.IndexByte(cond, '(')
	if open < 0 || !j.digestExpr(cond[:open+1]) && !jsDigestCall.MatchString(cond) || jsNet.MatchString(cond) {
		return false, false
	}
	args := callArgs(cond[open+1:])
	named := false
	for _, a := range args {
		if jsMentions(a, file) {
			named = true
		} else if j.serverPin(a) {
			return false, false
		}
	}
	if !named {
		return false, false
	}
	return !neg, true
}

// jsCloseAt returns the offset of the bracket closing the one at s[i]
// (strings and template literals skipped), or -1.
func jsCloseAt(s string, i int) int { return closeOf(s, i, "'\"`", false) }
