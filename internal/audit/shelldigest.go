package audit

import (
	"path"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule download-exec in shell: a download saved and run (curl -o f URL;
// sh f), or an archive unpacked and a file of it run, is medium rather
// than high when a digest check of the downloaded file gates the run: a
// pinned release, the author's choice. A check is one of
//
//   - a digest program checking a list of sums (sha256sum -c, shasum -a
//     256 -c, b2sum --check), the list given on its input (echo "$SHA
//     $f" | sha256sum -c -, a here-string, <(printf …)) or as a file;
//   - a test comparing a digest of the file ($(sha256sum "$f" | cut -d'
//     ' -f1), or a variable assigned one) with another word ([ "$got" =
//     "$SHA" ], [[ … != … ]], test), or the status of the check before
//     it ([ $? -ne 0 ]).
//
// The check pins nothing when its expected digest came from the network:
// a list or a word the script fetched (curl "$URL.sha256" | sha256sum -c,
// want=$(curl …), a sums file it downloaded, or text computed from one).
// It gates the run only when a mismatch stops the script before the run:
// under set -e (errexit) as a statement of its own, or followed by ||
// exit (|| { …; exit 1; }, || die with die a function of the script that
// exits), inside if ! check; then …; exit; fi, or with the run in the
// branch the match takes (check && sh "$f", if check; then sh "$f"; fi);
// a function of the script holding the check counts where it is called.
// A check whose failure the script goes on past (|| echo warning, no
// set -e), a check after the run or in a subshell, a check of another
// file, and a check whose program the script replaces with a function
// or alias of its own (sha256sum() { …; }) leave the run high.

// digestState is what a shell scan keeps to judge digest checks (see
// above).
type digestState struct {
	// roots are the parsed files of the scan and the line offset of
	// each (a script that does not parse whole is parsed line by line).
	roots []shRoot
	// checks are the statements that check a digest against a pinned
	// one (a pipeline's statement for echo … | sha256sum -c).
	checks map[*syntax.Stmt]digestCheck
	// errexit are the lines where set -e or set +e ran.
	errexit []errexitMark
	// digestVars are the variables holding a file's digest, with the
	// path keys naming the files; serverVars those holding text from
	// the network; fetched the path keys of files a fetch wrote (or a
	// command wrote from what a fetch wrote).
	digestVars map[string][]string
	serverVars map[string]bool
	fetched    map[string]bool
	// signed are the path keys of files a signature check verifies
	// (gpg --verify SIG FILE): a sums list fetched with its signature
	// and verified against a key is the release's, not the server's.
	signed map[string]bool
	// sigJudged counts the signature checks judged (each walks the
	// script).
	sigJudged int
	// aliased is set when the script aliases a program a check runs
	// (alias sha256sum=true).
	aliased bool
	// keys maps a saved download's word (as the run rule holds it) to
	// its path key.
	keys map[string]string
	// pending are the downloads made executable and not yet run
	// (chmod +x f): judged at the run, or at the chmod if none follows.
	pending map[string]pendingRun
	// funcs are the script's functions by name (scriptFuncs); funcRoots
	// counts the roots already read into it.
	funcs     map[string]*syntax.Stmt
	funcRoots int
}

// shRoot is one parsed file of a scan and its line offset.
type shRoot struct {
	f   *syntax.File
	off int
}

// errexitMark is a set -e (on) or set +e at a line of the scan.
type errexitMark struct {
	line int
	on   bool
}

// pendingRun is a download made executable at line by statement st.
type pendingRun struct {
	line int
	st   *syntax.Stmt
}

// digestCheck is one digest check: pos when the statement succeeds on a
// match (sha256sum -c, [ "$got" = "$SHA" ]), else on a mismatch ([
// "$got" != "$SHA" ]); names are the path keys of the files it checks,
// any set for a sums file that names them itself. status marks a test
// of the previous statement's exit status instead ([ $? -eq 0 ], pos,
// or -ne, not pos).
type digestCheck struct {
	pos, any, status bool
	names            []string
	// pin is the path key of the pinned side of a comparison (a
	// function's parameter, $2, is judged at each call).
	pin string
}

// maxDigestDepth bounds how deep the judgement follows the script's
// functions and nested conditions.
const maxDigestDepth = 6

// digestProgs are the programs that print or check a digest.
var digestProgs = lazySet("sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "b2sum", "b3sum", "md5sum", "gsha256sum", "gsha512sum")

// nameOnlyProgs print or use the names of the files they are given, not
// their text: a sums line printed with the name of a download holds no
// text from the network.
var nameOnlyProgs = lazySet("echo", "printf", "basename", "dirname", "realpath", "readlink", "stat", "ls", "test", "[", "wc", "file", "du", "mkdir", "rm", "touch", "chmod", "mv", "cp", "install", "ln")

// digestProgCall reports whether c computes a digest (a digest program,
// openssl dgst, BSD sha256, certutil -hashfile).
func digestProgCall(c call) bool {
	switch {
	case digestProgs()[c.name], c.name == "sha256" || c.name == "sha512" || c.name == "md5":
		return true
	case c.name == "openssl":
		return len(c.args) > 0 && (c.args[0] == "dgst" || c.args[0] == "sha256" || c.args[0] == "sha512")
	case c.name == "certutil":
		return hasArgExact(c.args, "-hashfile")
	}
	return false
}

// sigVerifyCall reports whether c verifies a file's signature: gpg
// --verify, gpgv, minisign -V, signify -V, cosign verify-blob,
// ssh-keygen -Y verify.
func sigVerifyCall(c call) bool {
	switch c.name {
	case "gpg", "gpg2":
		return hasArgExact(c.args, "--verify")
	case "gpgv", "gpgv2":
		return true
	case "minisign", "signify", "signify-openbsd":
		return hasArg(c.args, "-V")
	case "cosign":
		return hasArgExact(c.args, "verify-blob")
	case "ssh-keygen":
		return hasArgExact(c.args, "-Y") && hasArgExact(c.args, "verify")
	}
	return false
}

// sumsCheckCall reports whether c has a digest program check a list of
// sums.
func sumsCheckCall(c call) bool {
	return digestProgs()[c.name] && (hasArg(c.args, "-c") || hasArgExact(c.args, "--check"))
}

// digestRoot remembers a parsed file of the scan.
func (s *shScan) digestRoot(f *syntax.File, off int) {
	if len(s.dg.roots) < 4096 {
		s.dg.roots = append(s.dg.roots, shRoot{f, off})
	}
}

// digestStmt records what one statement tells the judgement: set -e,
// the assignments of digests and of fetched text, the files a fetch
// writes, and the statement as a digest check.
func (s *shScan) digestStmt(st *syntax.Stmt, c call, ok bool, line int) {
	if ok && c.name == "set" {
		for i, a := range c.args {
			on := strings.HasPrefix(a, "-")
			switch {
			case (a == "-o" || a == "+o") && i+1 < len(c.args) && c.args[i+1] == "errexit":
			case len(a) > 1 && (a[0] == '-' || a[0] == '+') && a[1] != '-' && a[1] != 'o' && strings.Contains(a[1:], "e"):
			default:
				continue
			}
			if len(s.dg.errexit) < 256 {
				s.dg.errexit = append(s.dg.errexit, errexitMark{line, on})
			}
		}
	}
	if ok && c.name == "alias" {
		for _, a := range c.args {
			if n, _, found := strings.Cut(a, "="); found && (digestProgs()[n] || checkTools()[n]) {
				s.dg.aliased = true
			}
		}
	}
	if ok && sigVerifyCall(c) && s.failureStops(st) {
		for _, k := range s.argKeys(c) {
			if s.dg.signed == nil {
				s.dg.signed = map[string]bool{}
			}
			if len(s.dg.signed) < maxDownloads {
				s.dg.signed[normPath(k)] = true
			}
		}
	}
	s.digestAssign(st)
	s.digestWrites(st, c, ok)
	if chk, found := s.digestCheckOf(st, c, ok); found {
		if s.dg.checks == nil {
			s.dg.checks = map[*syntax.Stmt]digestCheck{}
		}
		if len(s.dg.checks) < 256 {
			s.dg.checks[st] = chk
		}
	}
}

// digestAssign records the variables a statement assigns a digest or
// fetched text to (and forgets them when it assigns anything else).
func (s *shScan) digestAssign(st *syntax.Stmt) {
	for _, a := range stmtAssigns(st) {
		if a.Name == nil || a.Value == nil || a.Array != nil || a.Index != nil {
			continue
		}
		n := a.Name.Value
		server := s.serverWord(a.Value, 0)
		names, digest := s.digestOf(a.Value)
		if a.Append {
			server = server || s.dg.serverVars[n]
			digest = false
		}
		if server {
			if s.dg.serverVars == nil {
				s.dg.serverVars = map[string]bool{}
			}
			if len(s.dg.serverVars) < maxVars {
				s.dg.serverVars[n] = true
			}
		} else {
			delete(s.dg.serverVars, n)
		}
		if digest {
			if s.dg.digestVars == nil {
				s.dg.digestVars = map[string][]string{}
			}
			if len(s.dg.digestVars) < maxVars {
				s.dg.digestVars[n] = names
			}
		} else {
			delete(s.dg.digestVars, n)
		}
	}
}

// digestWrites records the files a statement writes with what came from
// the network: a fetch's output file (curl -o f, wget -O f, curl -O by
// the URL's name) or redirected output, and the redirected output of a
// command given fetched text or a fetched file (grep linux sums >
// mine). The key of a saved download is kept for the run rule.
func (s *shScan) digestWrites(st *syntax.Stmt, c call, ok bool) {
	if !ok {
		return
	}
	fetch := isFetch(c)
	if fetch {
		kc, _ := s.keyCall(c)
		for i, a := range c.args {
			if !outputFlag(a) || i+1 >= len(c.args) {
				continue
			}
			k := c.args[i+1]
			if len(kc.args) == len(c.args) {
				k = kc.args[i+1]
			}
			s.noteFetched(k)
			if s.dg.keys == nil {
				s.dg.keys = map[string]string{}
			}
			if len(s.dg.keys) < maxDownloads {
				s.dg.keys[c.args[i+1]] = k
			}
		}
	}
	if copyCalls()[c.name] && len(c.args) > 1 {
		// a copy or move of a fetched file is fetched text under
		// another name
		for _, w := range c.raw.Args[1 : len(c.raw.Args)-1] {
			if s.fetchedFile(s.pathKey(w), s.word(w)) {
				s.noteFetched(s.pathKey(c.raw.Args[len(c.raw.Args)-1]))
				break
			}
		}
	}
	server := fetch
	if !server && !digestProgCall(c) {
		for _, w := range c.raw.Args[1:] {
			if s.serverWord(w, 0) || !nameOnlyProgs()[c.name] && s.fetchedFile(s.pathKey(w), s.word(w)) {
				server = true
				break
			}
		}
	}
	if !server {
		return
	}
	for _, r := range st.Redirs {
		if r.Word != nil && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrAll || r.Op == syntax.AppAll || r.Op == syntax.RdrClob) {
			s.noteFetched(s.pathKey(r.Word))
		}
	}
}

// noteFetched remembers the path key of a file written from the network.
func (s *shScan) noteFetched(k string) {
	if s.dg.fetched == nil {
		s.dg.fetched = map[string]bool{}
	}
	if len(s.dg.fetched) < maxDownloads {
		s.dg.fetched[normPath(k)] = true
	}
}

// fetchedFile reports whether a file (its path key and its word as the
// normaliser expands it) was written from the network.
func (s *shScan) fetchedFile(key, word string) bool {
	if s.dg.signed[normPath(key)] {
		return false
	}
	if key != "" && s.dg.fetched[normPath(key)] {
		return true
	}
	return word != "" && !strings.HasPrefix(word, "-") && s.fetchedArchive(word)
}

// varRefs returns the names of the variables a word expands.
func varRefs(w *syntax.Word) []string {
	var out []string
	syntax.Walk(w, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil && len(out) < 64 {
			out = append(out, p.Param.Value)
		}
		return true
	})
	return out
}

// substCalls returns the simple commands of the command and process
// substitutions of w, with their statements, in order: a pipeline's
// stages, and the commands of a subshell or list inside one ($( (sha256sum
// f || shasum -a 256 f) | cut -d' ' -f1)).
func (s *shScan) substCalls(w *syntax.Word) ([]call, []*syntax.Stmt) {
	var calls []call
	var stmts []*syntax.Stmt
	for _, sub := range substs(w) {
		syntax.Walk(sub, func(n syntax.Node) bool {
			st, ok := n.(*syntax.Stmt)
			if !ok || len(calls) >= 32 {
				return len(calls) < 32
			}
			if c, ok := s.callOf(st); ok {
				calls, stmts = append(calls, c), append(stmts, st)
			}
			return true
		})
	}
	return calls, stmts
}

// serverWord reports whether a word holds text from the network: a
// fetch in its substitutions, a variable assigned fetched text, or a
// substitution reading a file written from the network (cut -d' ' -f1
// "$f.sha256"); a digest program's reading of a file is its digest, not
// the file's text.
func (s *shScan) serverWord(w *syntax.Word, depth int) bool {
	if w == nil || depth > maxDigestDepth {
		return false
	}
	for _, v := range varRefs(w) {
		if s.dg.serverVars[v] {
			return true
		}
		if _, ok := s.rs.fetched[v]; ok {
			return true
		}
	}
	if s.fetchedWord(w) {
		return true
	}
	calls, stmts := s.substCalls(w)
	for i, c := range calls {
		if digestProgCall(c) || nameOnlyProgs()[c.name] {
			continue
		}
		for _, a := range c.raw.Args[1:] {
			if s.fetchedFile(s.pathKey(a), s.word(a)) || s.serverWord(a, depth+1) {
				return true
			}
		}
		if s.readsFetched(stmts[i]) {
			return true
		}
	}
	return false
}

// readsFetched reports whether a statement reads its input from a file
// written from the network (< sums.txt).
func (s *shScan) readsFetched(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrIn && r.Word != nil && s.fetchedFile(s.pathKey(r.Word), s.word(r.Word)) {
			return true
		}
	}
	return false
}

// digestOf reports whether a word holds a digest of a file: a digest
// program in its substitutions, or a variable assigned one; with the
// path keys naming the files digested (the arguments and input
// redirections of the substitution's commands).
func (s *shScan) digestOf(w *syntax.Word) ([]string, bool) {
	var names []string
	found := false
	for _, v := range varRefs(w) {
		if n, ok := s.dg.digestVars[v]; ok {
			names, found = append(names, n...), true
		}
	}
	calls, stmts := s.substCalls(w)
	digest := false
	for _, c := range calls {
		digest = digest || digestProgCall(c)
	}
	if !digest {
		return names, found
	}
	for i, c := range calls {
		names = append(names, s.argKeys(c)...)
		for _, r := range stmts[i].Redirs {
			if r.Op == syntax.RdrIn && r.Word != nil {
				names = append(names, s.pathKey(r.Word))
			}
		}
	}
	return names, true
}

// argKeys returns the path keys of a call's words that are not options.
func (s *shScan) argKeys(c call) []string {
	var out []string
	for _, w := range c.raw.Args[1:] {
		k := s.pathKey(w)
		if k != "" && !strings.HasPrefix(k, "-") && len(out) < 32 {
			out = append(out, k)
		}
	}
	return out
}

// digestCheckOf reads a statement as a digest check against a pinned
// digest (see digestCheck), found false for any other statement or a
// check against a digest from the network.
func (s *shScan) digestCheckOf(st *syntax.Stmt, c call, ok bool) (digestCheck, bool) {
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if !isPipe(x) {
			return digestCheck{}, false
		}
		stages := flattenPipe(x)
		last, ok := s.callOf(stages[len(stages)-1])
		if !ok || !sumsCheckCall(last) {
			return digestCheck{}, false
		}
		return s.sumsCheck(stages[len(stages)-1], last, stages[:len(stages)-1])
	case *syntax.TestClause:
		return s.testCheck(x.X)
	}
	if !ok {
		return digestCheck{}, false
	}
	if sumsCheckCall(c) {
		return s.sumsCheck(st, c, nil)
	}
	if c.name != "[" && c.name != "test" {
		return digestCheck{}, false
	}
	ws := c.raw.Args[1:]
	if n := len(ws); c.name == "[" && n > 0 && wordText(ws[n-1]) == "]" {
		ws = ws[:n-1]
	}
	neg := false
	if len(ws) == 4 && wordText(ws[0]) == "!" {
		neg, ws = true, ws[1:]
	}
	if len(ws) != 3 {
		return digestCheck{}, false
	}
	chk, found := s.compareCheck(ws[0], wordText(ws[1]), ws[2])
	chk.pos = chk.pos != neg
	return chk, found
}

// testCheck reads a [[ … ]] expression as a digest check.
func (s *shScan) testCheck(x syntax.TestExpr) (digestCheck, bool) {
	switch t := x.(type) {
	case *syntax.ParenTest:
		return s.testCheck(t.X)
	case *syntax.UnaryTest:
		if t.Op != syntax.TsNot {
			return digestCheck{}, false
		}
		chk, found := s.testCheck(t.X)
		chk.pos = !chk.pos
		return chk, found
	case *syntax.BinaryTest:
		l, lok := t.X.(*syntax.Word)
		r, rok := t.Y.(*syntax.Word)
		if !lok || !rok {
			return digestCheck{}, false
		}
		return s.compareCheck(l, t.Op.String(), r)
	}
	return digestCheck{}, false
}

// compareCheck reads a comparison of two words: a digest of a file
// against a pinned word, or the status $? against 0.
func (s *shScan) compareCheck(l *syntax.Word, op string, r *syntax.Word) (digestCheck, bool) {
	eq := op == "=" || op == "==" || op == "-eq"
	if !eq && op != "!=" && op != "-ne" {
		return digestCheck{}, false
	}
	lt, rt := wordText(l), wordText(r)
	if lt == "0" {
		lt, rt = rt, lt
	}
	if lt == "$?" && rt == "0" {
		return digestCheck{pos: eq, status: true}, true
	}
	if op == "-eq" || op == "-ne" {
		return digestCheck{}, false
	}
	for _, p := range [2][2]*syntax.Word{{l, r}, {r, l}} {
		names, ok := s.digestOf(p[0])
		if !ok || len(names) == 0 {
			continue
		}
		if _, other := s.digestOf(p[1]); other || s.serverWord(p[1], 0) || strings.TrimSpace(wordText(p[1])) == "" {
			return digestCheck{}, false
		}
		return digestCheck{pos: eq, names: names, pin: s.pathKey(p[1])}, true
	}
	return digestCheck{}, false
}

// sumsCheck reads a digest program's check of a list of sums: the list
// from a file argument, an input redirection or here-string, or the
// stages before it in a pipeline. Pinned unless the list came from the
// network; its names are the list's words when the script spells them,
// any for a file.
func (s *shScan) sumsCheck(st *syntax.Stmt, c call, before []*syntax.Stmt) (digestCheck, bool) {
	chk := digestCheck{pos: true}
	var words []*syntax.Word
	skip := false
	for _, w := range c.raw.Args[1:] {
		t := wordText(w)
		switch {
		case skip:
			skip = false
		case t == "-a" || t == "--algorithm" || t == "-l" || t == "--length":
			skip = true
		case t == "-" || strings.HasPrefix(t, "-") && len(t) > 1:
		case len(substs(w)) > 0 && strings.HasPrefix(t, "<("):
			words = append(words, w) // <(printf …): its text is the list
		default:
			if s.fetchedFile(s.pathKey(w), s.word(w)) {
				return chk, false
			}
			chk.any = true
		}
	}
	for _, r := range st.Redirs {
		switch {
		case r.Word == nil:
		case r.Op == syntax.RdrIn:
			if s.fetchedFile(s.pathKey(r.Word), s.word(r.Word)) {
				return chk, false
			}
			chk.any = true
		case r.Op == syntax.WordHdoc:
			words = append(words, r.Word)
		}
		if r.Hdoc != nil {
			words = append(words, r.Hdoc)
		}
	}
	for _, w := range words {
		if s.serverWord(w, 0) {
			return chk, false
		}
		chk.names = append(chk.names, s.pathKey(w))
		calls, _ := s.substCalls(w)
		for _, sc := range calls {
			chk.names = append(chk.names, s.argKeys(sc)...)
		}
	}
	for _, b := range before {
		bc, ok := s.callOf(b)
		if !ok {
			return chk, false
		}
		if s.fetchCall(bc) || s.readsFetched(b) {
			return chk, false
		}
		for _, w := range bc.raw.Args[1:] {
			if s.serverWord(w, 0) || !nameOnlyProgs()[bc.name] && s.fetchedFile(s.pathKey(w), s.word(w)) {
				return chk, false
			}
		}
		chk.names = append(chk.names, s.argKeys(bc)...)
	}
	return chk, chk.any || len(chk.names) > 0
}

// errexitAt reports whether set -e is in force at a line of the scan:
// the last set -e or +e before it, or a shebang with -e.
func (s *shScan) errexitAt(line int) bool {
	on := false
	if s.line0 == 1 && len(s.lines) > 0 && strings.HasPrefix(s.lines[0], "#!") {
		for _, f := range strings.Fields(s.lines[0])[1:] {
			if len(f) > 1 && f[0] == '-' && f[1] != '-' && strings.Contains(f, "e") {
				on = true
			}
		}
	}
	for _, m := range s.dg.errexit {
		if m.line < line {
			on = m.on
		}
	}
	return on
}

// digestJudge judges, for one run, whether a digest check gates it.
type digestJudge struct {
	s    *shScan
	keys []string
	off  int
	// args are the words of the call whose function body is being
	// judged: a check of "$1" checks the call's first argument.
	args []*syntax.Word
	// steps counts the judgement's work, shared by the judges it
	// makes: functions calling each other in conditions branch, and a
	// hostile script must not stall the audit.
	steps *int
}

// maxDigestSteps bounds the work of one judgement.
const maxDigestSteps = 20000

// step counts one step of the judgement, false once over budget.
func (j digestJudge) step() bool {
	*j.steps++
	return *j.steps <= maxDigestSteps
}

// digestGates reports whether a pinned digest check of a file named by
// keys gates the run at statement run (see above).
func (s *shScan) digestGates(run *syntax.Stmt, keys []string) bool {
	if len(s.dg.checks) == 0 || run == nil {
		return false
	}
	var ks []string
	for _, k := range keys {
		if k = normPath(k); k != "" && !strings.Contains(k, "$(…)") {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 || s.digestShadowed() {
		return false
	}
	for _, r := range s.dg.roots {
		stack := stackTo(r.f, run)
		if stack == nil {
			continue
		}
		j := digestJudge{s: s, keys: ks, off: r.off, steps: new(int)}
		return j.gated(append(stack, run))
	}
	return false
}

// failureStops reports whether the failure of statement st stops the
// script: st read as a check that always matches gates what follows it
// (set -e, || exit, if ! st; then exit; fi).
func (s *shScan) failureStops(st *syntax.Stmt) bool {
	if s.dg.sigJudged++; s.dg.sigJudged > maxDownloads {
		return false
	}
	for _, r := range s.dg.roots {
		stack := stackTo(r.f, st)
		if stack == nil {
			continue
		}
		top := st
	climb:
		for i := len(stack) - 1; i > 0; i-- {
			switch p := stack[i].(type) {
			case *syntax.BinaryCmd:
				if isPipe(p) {
					return false
				}
			case *syntax.IfClause:
				if !inList(p.Cond, top) {
					break climb
				}
			default:
				break climb
			}
			up, ok := stack[i-1].(*syntax.Stmt)
			if !ok {
				break
			}
			top = up
		}
		if s.dg.checks == nil {
			s.dg.checks = map[*syntax.Stmt]digestCheck{}
		}
		old, had := s.dg.checks[st]
		s.dg.checks[st] = digestCheck{pos: true, any: true}
		stops := digestJudge{s: s, off: r.off, steps: new(int)}.stmtGates(top, nil, true, 0)
		if had {
			s.dg.checks[st] = old
		} else {
			delete(s.dg.checks, st)
		}
		return stops
	}
	return false
}

// digestShadowed reports whether the script replaces a program its
// checks run with its own (a function or an alias named sha256sum, test,
// cut…): such a check passes whatever the file holds.
func (s *shScan) digestShadowed() bool {
	if s.dg.aliased {
		return true
	}
	for n, body := range s.scriptFuncs() {
		if (digestProgs()[n] || checkTools()[n]) && !digestWrapper(n, body) {
			return true
		}
	}
	return false
}

// digestWrapper reports whether body, the body of the script's function
// name, runs a real digest program other than name on its first
// argument in every call it makes to one ("sha256() { if command -v
// sha256sum …; then sha256sum "$1" | cut …; else shasum -a 256 "$1" |
// cut …; fi; }"): it picks the platform's program, and what it prints
// is the file's digest, so it fakes no check.
func digestWrapper(name string, body *syntax.Stmt) bool {
	if body == nil {
		return false
	}
	found, ok := false, true
	syntax.Walk(body, func(n syntax.Node) bool {
		ce, isCall := n.(*syntax.CallExpr)
		if !isCall || len(ce.Args) == 0 || !ok {
			return ok
		}
		prog := path.Base(wordText(ce.Args[0]))
		if !digestProgs()[prog] {
			return true
		}
		if prog == name {
			ok = false // calls itself: the name is not the real program
			return false
		}
		first := false
		for _, a := range ce.Args[1:] {
			if t := wordText(a); t == "$1" || t == "${1}" {
				first = true
			}
		}
		found, ok = found || first, ok && first
		return true
	})
	return found && ok
}

// checkTools are the programs a digest check runs besides the digest
// programs: a function of the script with one of their names fakes it.
var checkTools = lazySet("test", "[", "[[", "cut", "awk", "gawk", "mawk", "printf", "echo", "tr", "grep", "openssl", "sha256", "sha512", "md5", "certutil")

// stackTo returns the ancestors of target in f (outermost first), nil
// when f does not hold it.
func stackTo(f *syntax.File, target syntax.Node) []syntax.Node {
	var stack, found []syntax.Node
	nodes := 0
	syntax.Walk(f, func(n syntax.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if nodes++; nodes > maxKeyNodes {
			return false
		}
		if n == target {
			found = append([]syntax.Node{}, stack...)
			return false
		}
		stack = append(stack, n)
		return true
	})
	return found
}

// gated walks out from the run (the last node of chain) through its
// enclosing lists and conditions: a statement before it in a list that
// stops the script on a mismatch, or a condition it runs under that
// holds only on a match, gates it. The walk ends at a function's body.
func (j digestJudge) gated(chain []syntax.Node) bool {
	for i := len(chain) - 1; i > 0; i-- {
		child, parent := chain[i], chain[i-1]
		switch p := parent.(type) {
		case *syntax.File:
			return j.listGates(p.Stmts, child)
		case *syntax.Block:
			if j.listGates(p.Stmts, child) {
				return true
			}
		case *syntax.Subshell:
			if j.listGates(p.Stmts, child) {
				return true
			}
		case *syntax.WhileClause:
			if j.listGates(p.Do, child) {
				return true
			}
		case *syntax.ForClause:
			if j.listGates(p.Do, child) {
				return true
			}
		case *syntax.CaseItem:
			if j.listGates(p.Stmts, child) {
				return true
			}
		case *syntax.IfClause:
			if ec, ok := child.(*syntax.IfClause); ok && ec == p.Else {
				if j.condNeg(p.Cond, nil, 0) {
					return true // the else branch of a mismatch test
				}
				continue
			}
			if j.listGates(p.Then, child) || j.listGates(p.Cond, child) {
				return true
			}
			if inList(p.Then, child) && j.condPos(p.Cond, nil, 0) {
				return true
			}
		case *syntax.BinaryCmd:
			if child == p.Y && (p.Op == syntax.AndStmt && j.condPos([]*syntax.Stmt{p.X}, nil, 0) || p.Op == syntax.OrStmt && j.condNeg([]*syntax.Stmt{p.X}, nil, 0)) {
				return true
			}
		case *syntax.FuncDecl:
			return false
		}
	}
	return false
}

// inList reports whether node is one of the statements of list.
func inList(list []*syntax.Stmt, node syntax.Node) bool {
	for _, st := range list {
		if st == node {
			return true
		}
	}
	return false
}

// listGates reports whether a statement before node in list gates what
// follows it.
func (j digestJudge) listGates(list []*syntax.Stmt, node syntax.Node) bool {
	var prev *syntax.Stmt
	for _, st := range list {
		if st == node {
			return false
		}
		if j.stmtGates(st, prev, false, 0) {
			return true
		}
		prev = st
	}
	return false
}

// matches reports whether a check is of the run's file, with a pin
// that, passed as a parameter, is not text from the network.
func (j digestJudge) matches(c digestCheck) bool {
	for _, f := range strings.Fields(c.pin + " " + strings.Join(c.names, " ")) {
		if w := j.param(f); w != nil && j.s.serverWord(w, 0) {
			return false
		}
	}
	if c.any {
		return true
	}
	for _, n := range c.names {
		for _, f := range strings.Fields(n) {
			f = normPath(strings.TrimPrefix(f, "*"))
			if w := j.param(f); w != nil {
				f = normPath(j.s.pathKey(w))
			}
			for _, k := range j.keys {
				// a bare name checks the file of that name (a check in
				// its folder, a file saved by its URL's name); two paths
				// must be the same path
				bare := !strings.Contains(f, "/") || !strings.Contains(k, "/")
				if f == k || bare && path.Base(f) == path.Base(k) && path.Base(k) != "." && path.Base(k) != "/" {
					return true
				}
			}
		}
	}
	return false
}

// check returns the digest check a statement is, resolving a status
// test against prev (the statement before it).
func (j digestJudge) check(st, prev *syntax.Stmt, depth int) (pos, ok bool) {
	c, found := j.s.dg.checks[st]
	if !found {
		return false, false
	}
	if c.status {
		if prev == nil || depth > maxDigestDepth {
			return false, false
		}
		if j.condPos([]*syntax.Stmt{prev}, nil, depth+1) {
			return c.pos, true
		}
		return false, false
	}
	return c.pos, j.matches(c)
}

// condPos reports whether the condition list (its last statement)
// succeeds only when the file matched its pinned digest.
func (j digestJudge) condPos(list []*syntax.Stmt, prev *syntax.Stmt, depth int) bool {
	return j.cond(list, prev, true, depth)
}

// condNeg reports whether the condition list succeeds only when the file
// did not match its pinned digest.
func (j digestJudge) condNeg(list []*syntax.Stmt, prev *syntax.Stmt, depth int) bool {
	return j.cond(list, prev, false, depth)
}

// cond is condPos (want true) or condNeg (want false).
func (j digestJudge) cond(list []*syntax.Stmt, prev *syntax.Stmt, want bool, depth int) bool {
	if len(list) == 0 || depth > maxDigestDepth || !j.step() {
		return false
	}
	st := list[len(list)-1]
	if len(list) > 1 {
		prev = list[len(list)-2]
	}
	if st.Negated {
		want = !want
	}
	if pos, ok := j.check(st, prev, depth); ok {
		return pos == want
	}
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		switch {
		case x.Op == syntax.AndStmt && want:
			return j.cond([]*syntax.Stmt{x.X}, prev, want, depth+1) || j.cond([]*syntax.Stmt{x.Y}, x.X, want, depth+1)
		case x.Op == syntax.OrStmt && want:
			return j.cond([]*syntax.Stmt{x.X}, prev, want, depth+1) && j.cond([]*syntax.Stmt{x.Y}, x.X, want, depth+1)
		}
	case *syntax.Block:
		return j.cond(x.Stmts, prev, want, depth+1)
	case *syntax.CallExpr:
		if body := j.funcBody(st); body != nil && want {
			// a function succeeds only on a match when its last
			// statement does, or when it returns or exits on a mismatch
			in := j.enter(st)
			if in.cond(body, nil, true, depth+1) {
				return true
			}
			var p *syntax.Stmt
			for _, b := range body {
				if in.stmtGates(b, p, true, depth+1) {
					return true
				}
				p = b
			}
		}
	}
	return false
}

// stmtGates reports whether st, run before the run, stops the script (or
// the function, with ret) on a mismatch: a check under set -e, check ||
// exit, mismatch && exit, if ! check; then exit; fi, if check; …; else
// exit; fi, a block holding one, or a call of a function of the script
// whose body holds one.
func (j digestJudge) stmtGates(st, prev *syntax.Stmt, ret bool, depth int) bool {
	if depth > maxDigestDepth || !j.step() {
		return false
	}
	errexit := j.s.errexitAt(int(st.Pos().Line()) + j.off)
	if pos, ok := j.check(st, prev, depth); ok {
		return errexit && pos && !st.Negated
	}
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.OrStmt:
			return j.condPos([]*syntax.Stmt{x.X}, prev, depth+1) && j.stops([]*syntax.Stmt{x.Y}, ret, depth+1)
		case syntax.AndStmt:
			if errexit && j.stmtGates(x.Y, x.X, ret, depth+1) {
				return true // the last command of an && list exits under set -e
			}
			return j.condNeg([]*syntax.Stmt{x.X}, prev, depth+1) && j.stops([]*syntax.Stmt{x.Y}, ret, depth+1)
		}
	case *syntax.IfClause:
		if j.condNeg(x.Cond, prev, depth+1) && j.stops(x.Then, ret, depth+1) {
			return true
		}
		return x.Else != nil && len(x.Else.Cond) == 0 && j.condPos(x.Cond, prev, depth+1) && j.stops(x.Else.Then, ret, depth+1)
	case *syntax.Block:
		var p *syntax.Stmt
		for _, b := range x.Stmts {
			if j.stmtGates(b, p, ret, depth+1) {
				return true
			}
			p = b
		}
	case *syntax.CallExpr:
		body := j.funcBody(st)
		if body == nil {
			return false
		}
		in := j.enter(st)
		var p *syntax.Stmt
		for _, b := range body {
			if in.stmtGates(b, p, false, depth+1) {
				return true
			}
			p = b
		}
		return errexit && !st.Negated && j.condPos([]*syntax.Stmt{st}, prev, depth+1)
	}
	return false
}

// stops reports whether a list ends the script (exit, a function of the
// script that exits, false under set -e) or, with ret, the function
// (return) on every path through it.
func (j digestJudge) stops(list []*syntax.Stmt, ret bool, depth int) bool {
	if depth > maxDigestDepth || !j.step() {
		return false
	}
	for _, st := range list {
		switch x := st.Cmd.(type) {
		case *syntax.Block:
			if j.stops(x.Stmts, ret, depth+1) {
				return true
			}
		case *syntax.CallExpr:
			c, ok := j.s.callOf(st)
			if !ok {
				continue
			}
			switch {
			case c.name == "exit", c.name == "return" && ret, c.name == "false" && j.s.errexitAt(int(st.Pos().Line())+j.off):
				return true
			}
			if body := j.funcBody(st); body != nil && j.enter(st).stops(body, false, depth+1) {
				return true
			}
		}
	}
	return false
}

// param returns the call's argument a positional parameter ($1, ${2})
// names, or nil.
func (j digestJudge) param(f string) *syntax.Word {
	f = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(f, "$"), "{"), "}")
	if len(f) != 1 || f[0] < '1' || f[0] > '9' || int(f[0]-'1') >= len(j.args) {
		return nil
	}
	return j.args[f[0]-'1']
}

// enter returns the judge for the body of the function st calls.
func (j digestJudge) enter(st *syntax.Stmt) digestJudge {
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
		j.args = ce.Args[1:]
	}
	return j
}

// funcBody returns the statements of the script's function a call
// statement calls, or nil.
func (j digestJudge) funcBody(st *syntax.Stmt) []*syntax.Stmt {
	if st == nil {
		return nil
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return nil
	}
	body := j.s.scriptFuncs()[wordText(ce.Args[0])]
	if body == nil {
		return nil
	}
	switch b := body.Cmd.(type) {
	case *syntax.Block:
		return b.Stmts
	case *syntax.Subshell:
		return nil // its exit ends only the subshell
	}
	return []*syntax.Stmt{body}
}

// digestRunKeys returns the words naming a saved download: its word as
// the run rule holds it and its path key.
func (s *shScan) digestRunKeys(f string) []string {
	keys := []string{f}
	if i := strings.Index(f, "://"); i >= 0 {
		u := f[i+3:]
		if q := strings.IndexAny(u, "?#"); q >= 0 {
			u = u[:q]
		}
		keys = append(keys, path.Base(u)) // saved by the URL's name
	}
	if k, ok := s.dg.keys[f]; ok {
		keys = append(keys, k)
	}
	return keys
}

// flushPending reports the downloads made executable and never run, at
// their chmod, judged there.
func (s *shScan) flushPending() {
	if len(s.dg.pending) == 0 {
		return
	}
	fs := make([]string, 0, len(s.dg.pending))
	for f := range s.dg.pending {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	for _, f := range fs {
		p := s.dg.pending[f]
		s.reportSavedRun(p.line, f, p.st)
	}
	s.dg.pending = nil
}

// reportSavedRun reports a saved download made executable or run at
// line, judged at statement st.
func (s *shScan) reportSavedRun(line int, f string, st *syntax.Stmt) {
	base, reason := High, "a downloaded file is made executable or run"
	if s.w == inCode || s.w == inQuote {
		base = Medium // saved first, so it can be read before it runs
	} else if s.digestGates(st, s.digestRunKeys(f)) {
		base, reason = Medium, "a downloaded file is run after a check of its digest against a pinned one stops the script on a mismatch: check the digest is the release's"
	} else if host, ok := s.confirmed(line); ok {
		base, reason = Medium, reason+confirmedReason(host)
	}
	s.add(line, "download-exec", base, reason, "")
}
