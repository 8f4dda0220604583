package audit

import "strings"

// The digest judgement of a Python dropper (dropper.go): a download saved
// and run, or unpacked and run, is a pinned release (medium) only when a
// check of a digest against a pinned one stops the script on a mismatch
// before the run, where the run happens:
//
//   - if <digest> != PIN: raise / sys.exit(…) / exit(…) / os._exit(…)
//     (return too, in the function that runs the file), with the digest
//     hashlib's hexdigest() or digest(), hmac.compare_digest, a name
//     assigned one, or a call of a function of the script computing one
//     (if not verify(path, PIN): sys.exit(1));
//   - if <digest> == PIN: with the run inside its block;
//   - assert <digest> == PIN;
//   - a digest program checking sums run with check=True (check_call,
//     check_output): subprocess.run(["sha256sum", "-c", sums],
//     check=True), input=f"{PIN}  {path}";
//   - a call, before the run and in its function, of a function of the
//     script holding such a check that raises or exits.
//
// The digest must be of the download: its side of the comparison names
// the written file, what the server answered, or a name holding either
// (with open(path, "rb") as fh, data = r.content, got = sha256_of(path);
// a function's parameters, where it is called with one). A check of
// another file (the skill's config) pins nothing of the download.
//
// The check pins nothing when its expected digest came from the network:
// a network call in it, a name holding a server's answer
// (requests.get(url + ".sha256").text), or a file the script wrote read
// back (open(sums_path).read()); nor when a digest function fetches its
// own pin. A digest only printed or logged leaves the run high.

var (
	// pyDigestCall computes or compares a digest.
	pyDigestCall = lazyRE(`\bhexdigest\(|\.digest\(\s*\)|\bcompare_digest\(`)
	// pySumsCheckText has a digest program check sums: in an argv or a
	// command line.
	pySumsCheckText = lazyRE(`\b(?:sha(?:1|224|256|384|512)sum|shasum|b2sum|md5sum)\b[^\n]*?(?:['"\s]-c['"\s]|--check\b)`)
	// pyCondLine is an if or elif line: group 1 its indent, group 2 the
	// rest after the keyword.
	pyCondLine = lazyRE(`(?m)^([ \t]*)(?:if|elif)[ \t]+([^\n]+)$`)
	// pyAssertLine is an assert: group 1 its condition.
	pyAssertLine = lazyRE(`(?m)^[ \t]*assert[ \t]+([^\n]+)$`)
	// pyStopWord stops the script (raise, sys.exit, exit, os._exit).
	pyStopWord = lazyRE(`\braise\b|\bsys\.exit\(|(?:^|[^\w.])(?:exit|quit)\(|\bos\._exit\(|\bSystemExit\b`)
	// pyReturnWord leaves the function.
	pyReturnWord = lazyRE(`\breturn\b`)
	// pyReadCall reads a file's text.
	pyReadCall = lazyRE(`\bopen\(|\.read_text\(|\.read_bytes\(|\.read\(`)
)

// maxPyBlock bounds the bytes of one block the judgement reads.
const maxPyBlock = 1 << 16

// pyDef is a function of a Python script: its name and the span of its
// body.
type pyDef struct {
	name       string
	start, end int
	params     []string
}

// pyDefs returns the functions of f with the spans of their bodies (the
// lines after the def indented deeper than it).
func pyDefs(f string) []pyDef {
	var out []pyDef
	for _, m := range pyDefLine.FindAllStringSubmatchIndex(f, 256) {
		indent := m[3] - m[2]
		start := strings.IndexByte(f[m[1]:], '\n')
		if start < 0 {
			continue
		}
		var params []string
		for _, a := range callArgs(f[m[1] : m[1]+start]) {
			a = strings.TrimLeft(strings.TrimSpace(a), "*")
			if k := strings.IndexAny(a, ":="); k >= 0 {
				a = strings.TrimSpace(a[:k])
			}
			if isPyIdent(a) && a != "self" {
				params = append(params, a)
			}
		}
		start += m[1] + 1
		out = append(out, pyDef{f[m[4]:m[5]], start, pyBlockEnd(f, start, indent), params})
	}
	return out
}

// pyBlockEnd returns the end of the block starting at f[start] whose
// lines are indented deeper than indent (blank lines kept inside).
func pyBlockEnd(f string, start, indent int) int {
	end := start
	for end < len(f) {
		if end-start > maxPyBlock {
			return end // a block this long is read in part
		}
		nl := strings.IndexByte(f[end:], '\n')
		line := f[end:]
		if nl >= 0 {
			line = f[end : end+nl]
		}
		if t := strings.TrimLeft(line, " \t"); t != "" && len(line)-len(t) <= indent {
			break
		}
		if nl < 0 {
			return len(f)
		}
		end += nl + 1
	}
	return end
}

// pyScopeAt returns the innermost function of defs whose body holds
// offset at, or -1 for the top level.
func pyScopeAt(defs []pyDef, at int) int {
	return innermostAt(len(defs), func(i int) (int, int) { return defs[i].start, defs[i].end }, at)
}

// innermostAt returns the index of the innermost of n nested spans
// (span(i) gives span i's start and end offsets) that holds offset at,
// or -1 when none does: the function a line of a script belongs to,
// whatever the language's function type.
func innermostAt(n int, span func(i int) (start, end int), at int) int {
	best, bestStart := -1, 0
	for i := range n {
		s, e := span(i)
		if s <= at && at < e && (best < 0 || s >= bestStart) {
			best, bestStart = i, s
		}
	}
	return best
}

// pyDigestJudge holds what the judgement of one script reads.
type pyDigestJudge struct {
	f    string
	defs []pyDef
	// digest are the names holding a digest or a digest's comparison,
	// and the functions computing one (not fetching their pin).
	digest map[string]bool
	// server are the names holding a server's answer, written the
	// names holding a file the script wrote, file those holding the
	// download or its bytes (the written files, the answers, what is
	// opened or computed from them).
	server, written, file map[string]bool
	// conds, asserts and procs are the script's if/elif lines, asserts
	// and process calls with the function each is in (pyScopeAt), read
	// once.
	conds, asserts []pyScoped
	procs          []pyScopedRun
}

// pyScoped is a regexp match of a Python script and the function it is
// in.
type pyScoped struct {
	m     []int
	scope int
}

// pyScopedRun is a process call and the function it is in.
type pyScopedRun struct {
	r     jsRun
	scope int
}

// pyDigestGates reports whether a pinned digest check stops the Python
// script f on a mismatch before the run at offset at (see above);
// written are the names holding the files the script wrote.
func pyDigestGates(f string, at int, written map[string]bool) bool {
	if !pyDigestCall.MatchString(f) && !pySumsCheckText.MatchString(f) {
		return false
	}
	j := &pyDigestJudge{f: f, defs: pyDefs(f), server: pyAnswerNames(f, nil), written: written, digest: map[string]bool{}}
	if j.server == nil {
		j.server = map[string]bool{}
	}
	for name, body := range pyFuncBodies(f) {
		if (pyDigestCall.MatchString(body) || pySumsCheckText.MatchString(body)) && !pyNet.MatchString(body) {
			j.digest[name] = true
		}
	}
	for range 3 {
		for _, a := range pyAssign.FindAllStringSubmatch(f, 2000) {
			if j.digestExpr(a[2]) && !j.serverPin(a[2]) {
				for _, n := range jsNamesIn(a[1]) {
					j.digest[n] = true
				}
			}
		}
	}
	for _, m := range pyCondLine.FindAllStringSubmatchIndex(f, 512) {
		j.conds = append(j.conds, pyScoped{m, pyScopeAt(j.defs, m[0])})
	}
	for _, m := range pyAssertLine.FindAllStringSubmatchIndex(f, 256) {
		j.asserts = append(j.asserts, pyScoped{m, pyScopeAt(j.defs, m[0])})
	}
	for _, r := range pyProcessCalls(f, 128) {
		j.procs = append(j.procs, pyScopedRun{r, pyScopeAt(j.defs, r.at)})
	}
	j.file = map[string]bool{}
	for n := range written {
		j.file[n] = true
	}
	for n := range j.server {
		j.file[n] = true
	}
	withs := pyWithItems(f)
	for range 2 {
		for _, w := range withs {
			if jsMentions(w[0], j.file) {
				j.file[w[1]] = true
			}
		}
		j.file = derivedNames(f, j.file, false)
	}
	scope := pyScopeAt(j.defs, at)
	if j.gatesIn(at, scope, true, j.file) {
		return true
	}
	// a function of the script whose check raises or exits, called
	// before the run where the run happens
	// (given the file: its parameters hold it there)
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
		if !j.gatesIn(d.end, i, false, in) {
			continue
		}
		for k := wordIndex(f, d.name, 0); k >= 0 && k < at; k = wordIndex(f, d.name, k+len(d.name)) {
			rest := strings.TrimLeft(f[k+len(d.name):], " \t")
			if !strings.HasPrefix(rest, "(") || pyScopeAt(j.defs, k) != scope || k >= d.start-1 && k < d.end || strings.HasSuffix(strings.TrimRight(f[:k], " \t"), "def") {
				continue
			}
			if jsMentions(strings.Join(callArgs(rest[1:]), ","), j.file) {
				return true
			}
		}
	}
	return false
}

// gatesIn reports whether a check in function scope (-1: top level)
// before offset at stops it on a mismatch, or holds at inside the block
// a match takes; ret lets a return stop it (the run's own function).
func (j *pyDigestJudge) gatesIn(at, scope int, ret bool, file map[string]bool) bool {
	f := j.f
	stops := func(block string) bool {
		return pyStopWord.MatchString(block) || ret && pyReturnWord.MatchString(block)
	}
	for _, c := range j.conds {
		m := c.m
		if m[0] >= at {
			break
		}
		if c.scope != scope {
			continue
		}
		cond, inline := pyCondSplit(f[m[4]:m[5]])
		pos, ok := j.condDigest(cond, file)
		if !ok {
			continue
		}
		indent := m[3] - m[2]
		blockStart, blockEnd := m[5], m[5]
		block := inline
		if strings.TrimSpace(inline) == "" {
			blockStart = min(len(f), m[5]+1)
			blockEnd = pyBlockEnd(f, blockStart, indent)
			block = f[blockStart:blockEnd]
		}
		if !pos && stops(block) {
			return true
		}
		if pos && blockStart <= at && at < blockEnd {
			return true
		}
	}
	for _, c := range j.asserts {
		m := c.m
		if m[0] >= at {
			break
		}
		if c.scope != scope {
			continue
		}
		if pos, ok := j.condDigest(f[m[2]:m[3]], file); ok && pos {
			return true
		}
	}
	for _, p := range j.procs {
		r := p.r
		if p.scope != scope || r.at >= at || r.after < 1 || r.after > len(f) {
			continue
		}
		end := pyCloseAt(f, r.after-1)
		if end < r.after {
			end = min(len(f), r.after+600) - 1
		}
		text := f[r.at : end+1]
		if !pySumsCheckText.MatchString(text) || j.serverPin(text) || codeFetchLit.MatchString(text) || !jsMentions(text, file) {
			continue
		}
		if strings.Contains(r.name, "check_call") || strings.Contains(r.name, "check_output") || pyCheckTrue.MatchString(text) {
			return true
		}
	}
	return false
}

// pyCheckTrue is subprocess's check=True.
var pyCheckTrue = lazyRE(`\bcheck\s*=\s*True\b`)

// pyCondSplit splits the text after if or elif into the condition and
// the body written on the same line (after the colon outside brackets
// and strings).
func pyCondSplit(s string) (cond, inline string) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\'', '"':
			i = stringEnd(s, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ':':
			if depth == 0 && (i+1 >= len(s) || s[i+1] != '=') {
				return strings.TrimSpace(s[:i]), s[i+1:]
			}
		}
	}
	return strings.TrimSpace(s), ""
}

// pyTopOp returns the index of op (==, !=, a word with its spaces: " if ") in e outside brackets and
// strings, or -1.
func pyTopOp(e, op string) int {
	depth := 0
	for i := 0; i+len(op) <= len(e); i++ {
		switch ch := e[i]; ch {
		case '\'', '"':
			i = stringEnd(e, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(e[i:], op) {
				return i
			}
		}
	}
	return -1
}

// digestExpr reports whether expression e computes or holds a digest.
func (j *pyDigestJudge) digestExpr(e string) bool {
	if pyDigestCall.MatchString(e) || pySumsCheckText.MatchString(e) {
		return true
	}
	return len(j.digest) > 0 && jsMentions(e, j.digest)
}

// serverPin reports whether expression e holds text from the network: a
// network call, a name holding a server's answer, or a file the script
// wrote read back.
func (j *pyDigestJudge) serverPin(e string) bool {
	if pyNet.MatchString(e) || len(j.server) > 0 && jsMentions(e, j.server) {
		return true
	}
	return pyReadCall.MatchString(e) && jsMentions(e, j.written)
}

// condDigest reads a condition as a digest check of the download (its
// digest side names one of file): pos when it holds on a match (digest
// == PIN, compare_digest(…), verify(…)), else on a mismatch (!=, not
// …); ok false when it is no digest check, checks something else, or
// its pin came from the network.
func (j *pyDigestJudge) condDigest(cond string, file map[string]bool) (pos, ok bool) {
	cond = strings.TrimSpace(cond)
	neg := false
	for {
		switch {
		case strings.HasPrefix(cond, "not ") || strings.HasPrefix(cond, "not("):
			neg, cond = !neg, strings.TrimSpace(cond[3:])
			continue
		case strings.HasPrefix(cond, "(") && pyCloseAt(cond, 0) == len(cond)-1:
			cond = strings.TrimSpace(cond[1 : len(cond)-1])
			continue
		}
		break
	}
	for _, op := range []string{"!=", "=="} {
		k := pyTopOp(cond, op)
		if k < 0 {
			continue
		}
		l, r := cond[:k], cond[k+2:]
		ld, rd := j.digestExpr(l), j.digestExpr(r)
		if ld == rd {
			return false, false // no digest, or two compared
		}
		pin, dig := r, l
		if rd {
			pin, dig = l, r
		}
		if !jsMentions(dig, file) || j.serverPin(pin) || pySumsCheckText.MatchString(cond) && j.serverPin(cond) {
			return false, false
		}
		return (op == "==") != neg, true
	}
	if !j.digestExpr(cond) || j.serverPin(cond) || !jsMentions(cond, file) {
		return false, false
	}
	return !neg, true
}
