package audit

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Python and JavaScript code that names a startup or SSH file in a
// string literal installs something only if it writes there (rule
// persistence). Two readings keep code that only looks at such files
// from being read as writing them:
//
//   - a process run is a write only when the program could install
//     something: one that prints what exists (ssh-keygen, ssh-add, ls,
//     stat, crontab -l, launchctl list, systemctl status…) installs
//     nothing, so a script whose only "writes" are such runs, and that
//     writes no file itself, writes nowhere (an SSH key inventory calling
//     ssh-keygen -l, a login-items report calling launchctl list);
//   - a literal only looked for or read is not where code writes: a
//     name compared or tested for membership where the test leaves what
//     it matches out (if p.name in SKIP or …: continue; [p for p in ps
//     if p not in ("authorized_keys", "config")]; if (SKIP.has(f))
//     continue;), SKIP a collection used for nothing else, or a path
//     opened for reading or inspected (open(os.path.expanduser(
//     "~/.ssh/authorized_keys")); ak = Path.home() / ".ssh" /
//     "authorized_keys" with every use of ak a read).
//
// Anything else keeps the literal a write target: a file written, a
// program that can write, a path given to a function of the script or
// used in a string, a collection walked, a name selected by a test and
// then written (if p.name == "authorized_keys": p.write_text(…), or its
// double negation, != with continue), a test joined with "and".

// inspectOnlyProg reports a program that prints what exists and writes
// no file, whatever its arguments; ssh-keygen writes only keys and
// certificates, which run nothing.
func inspectOnlyProg(name string) bool {
	switch name {
	case "ssh-keygen", "ssh-add", "ls", "stat", "id", "whoami", "uname", "hostname", "which", "sw_vers", "file", "wc", "du", "df":
		return true
	}
	return false
}

// inspectVerb reports a subcommand of a startup manager that only
// reports: launchctl list, systemctl status, crontab -l.
func inspectVerb(prog, verb string) bool {
	switch prog {
	case "launchctl":
		switch verb {
		case "list", "print", "print-disabled", "blame", "version":
			return true
		}
	case "systemctl":
		switch verb {
		case "status", "list-units", "list-timers", "list-unit-files", "is-enabled", "is-active", "is-failed", "show", "cat":
			return true
		}
	case "crontab":
		return verb == "-l"
	}
	return false
}

// installsNothing reports whether argv (its program and the literal
// arguments known) runs a program that only reports (see above).
func installsNothing(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	prog := path.Base(argv[0])
	if inspectOnlyProg(prog) {
		return true
	}
	for _, a := range argv[1:] {
		if a == "--user" || a == "--no-pager" || a == "-u" {
			continue
		}
		return inspectVerb(prog, a)
	}
	return false
}

// procNonRun names what the subprocess module holds besides its run
// functions: constants and exceptions, no process started.
func procNonRun(name string) bool {
	switch name {
	case "PIPE", "STDOUT", "DEVNULL", "CalledProcessError", "TimeoutExpired", "CompletedProcess", "SubprocessError", "list2cmdline":
		return true
	}
	return false
}

// procRun names the subprocess module's run functions.
func procRun(name string) bool {
	switch name {
	case "run", "call", "check_call", "check_output", "Popen", "getoutput", "getstatusoutput":
		return true
	}
	return false
}

var (
	// otherRuns starts a process other than through the calls
	// persistWrites reads (subprocess.run(…), os.system(…), exec(…),
	// execSync(…)): a run imported by name, os.popen and the exec and
	// spawn families, asyncio's, child_process's spawn, execFile and
	// fork, Bun's and Deno's.
	otherRuns = lazyRE(`\bfrom\s+subprocess\s+import\b|\bimport\s+subprocess\s+as\b|\bos\.(?:popen|exec\w*|spawn\w*|posix_spawn\w*|startfile)\s*\(|\bpty\.spawn\s*\(|\bcreate_subprocess_(?:exec|shell)\s*\(|\bgetattr\s*\(\s*(?:subprocess|os|child_process|cp)\b|\b(?:spawn|spawnSync|execFile|execFileSync|fork)\s*\(|\bBun\.spawn|\bDeno\.(?:Command|run)\b|\bchild_process\b[^\n]*\[`)
	// shellMeta is text a shell reads as more than words: a command
	// string holding one may redirect or chain.
	shellMeta = lazyRE("[;&|<>$`(){}\\n]")
	// firstStrLit is a string literal at the start of text (no f-string
	// or template with a placeholder).
	firstStrLit = lazyRE(`^\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|` + "`([^`$\\\\]*)`" + `)`)
)

// runArgv returns the program and literal arguments of a process run
// whose arguments start at rest (after its opening parenthesis): an argv
// list (["ssh-keygen", "-l", "-f", str(p)]: the literals up to the
// first other element) or a command string of plain words; ok is false
// when the program is not a literal.
func runArgv(rest string) ([]string, bool) {
	rest = strings.TrimLeft(rest, " \t\n")
	if strings.HasPrefix(rest, "[") {
		var argv []string
		r := rest[1:]
		for {
			m := firstStrLit.FindStringSubmatch(r)
			if m == nil {
				break
			}
			argv = append(argv, m[1]+m[2]+m[3])
			r = strings.TrimLeft(r[len(m[0]):], " \t\n")
			if !strings.HasPrefix(r, ",") {
				break
			}
			r = r[1:]
		}
		return argv, len(argv) > 0
	}
	m := firstStrLit.FindStringSubmatch(rest)
	if m == nil {
		return nil, false
	}
	cmd := m[1] + m[2] + m[3]
	if shellMeta.MatchString(cmd) {
		return nil, false
	}
	f := strings.Fields(cmd)
	return f, len(f) > 0
}

// persistWrites reports whether code c (comments blanked) may write a
// startup file: a match of write (pyWrite or jsWrite) that is a file
// write, or a process run of a program that could install something.
func persistWrites(c string, write *lazyRegexp) bool {
	ms := write.FindAllStringIndex(c, 64)
	if len(ms) == 64 || len(ms) > 0 && otherRuns.MatchString(c) {
		// too many to read one by one, or processes started some other
		// way, which a reporting run beside them does not vouch for
		return true
	}
	for _, m := range ms {
		hit := c[m[0]:m[1]]
		rest := c[m[1]:]
		switch {
		case hit == "subprocess.":
			name := rest[:len(rest)-len(strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"))]
			if procNonRun(name) {
				continue
			}
			after := rest[len(name):]
			if !procRun(name) || !strings.HasPrefix(after, "(") {
				return true
			}
			if argv, ok := runArgv(after[1:]); !ok || !installsNothing(argv) {
				return true
			}
		case hit == ".write(" && pyScratchWrite(c, m[0]):
			// the program's own output or a temporary file
			// (persisttemp.go)
			continue
		case pyUserOutWrite(c, m[0], m[1]):
			// a report to the path the user gives on the command line
			// (persistoutarg.go)
			continue
		case hit == "os.system(" || hit == "execSync(" || hit == "exec(":
			if argv, ok := runArgv(rest); !ok || !installsNothing(argv) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// persistInspect holds what the persistence rule reads of one file once:
// whether it writes, the code, and a copy with every string literal's
// text blanked, so brackets and names inside literals are not code.
type persistInspect struct {
	c, masked string
	// writes: the code may write a startup file (persistWrites); when
	// it does not, c and masked are left empty.
	writes bool
	// write is the language's write pattern (persistWrites), read again
	// over a loop's body (loopReadsOnly).
	write *lazyRegexp
	// checks counts the literals read, uses the verdict on each name
	// whose uses were read, by kind and binding line (bounding the work
	// on a file of many).
	checks int
	uses   map[string]bool
}

// maxInspectLits bounds the literals of one file persistLitInspected
// reads; past it a literal is taken as a write target.
const maxInspectLits = 64

// newPersistInspect prepares code c (comments blanked) for
// persistLitInspected, and reads whether it writes (persistWrites with
// write, pyWrite or jsWrite).
func newPersistInspect(c string, write *lazyRegexp) *persistInspect {
	if !persistWrites(c, write) {
		return &persistInspect{}
	}
	b := []byte(c)
	for _, m := range strLit.FindAllStringIndex(c, -1) {
		for i := m[0] + 1; i < m[1]-1; i++ {
			if b[i] != '\n' {
				b[i] = '_'
			}
		}
	}
	return &persistInspect{c: c, masked: string(b), writes: true, write: write}
}

var (
	// lookedBefore is the code before a value compared or searched for
	// (== "x", name.endswith("x"), x in "x", x in ("a", "b") once the
	// collection's own opening is taken off); group 1 is a negation
	// (!=, not in, not name.endswith, !name.includes), group 2 an "in".
	lookedBefore = lazyRE(`(?:(!)==?|===?)\s*$|(?:\b(not)\s+|(!))?[\w.\[\]()]*\.(?:endswith|startswith|endsWith|startsWith|includes|indexOf|has|__contains__)\s*\(?\s*$|(?:\b(not)\s+)?\bfnmatch(?:\.fnmatch)?\s*\([^()]*,\s*$|(?:\b(not)\s+)?\b(in)\s*$`)
	// lookedAfter is the code after a value compared or tested for
	// membership ("x" == name, ".bashrc" not in name); group 1 a
	// negation.
	lookedAfter = lazyRE(`^\s*(?:(!)==?|===?|(not\s+)?in\b)`)
	// iterHead is the code before "in" that makes it a loop over the
	// value (for p in …, for (const k in …)), not a membership test.
	iterHead = lazyRE(`\bfor\s*\(?\s*(?:(?:const|let|var)\s+)?\(?\w+(?:\s*,\s*\w+)*\s*\)?\s*$`)
	// membershipCall is a membership test called on a collection after
	// it: NAME.has(x), [...].includes(x).
	membershipCall = lazyRE(`^\s*\.(?:has|includes|indexOf|__contains__)\s*\(`)
	// memberIn is the "in" of a membership test ending where its
	// container starts; group 1 is its "not".
	memberIn = lazyRE(`\b(not\s+)?in\s*$`)
	// negatedBefore is a "not" or "!" just before a collection or name a
	// membership call is made on (!SKIP.has(x)).
	negatedBefore = lazyRE(`(?:\bnot\s+|!)\s*$`)
	// collectionDef is an assignment of a collection (NAME = {…}, const
	// NAME = new Set([…])) ending where its bracket opens; group 1 is
	// the name.
	collectionDef = lazyRE(`(?:^|\n)[ \t]*(?:(?:const|let|var|final)\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]*)?=\s*(?:frozenset\(|set\(|tuple\(|new\s+Set\(|Object\.freeze\()?\s*$`)
	// ifHead is the start of an if statement on its line (Python's if
	// and elif, JavaScript's if ( with an else before it).
	ifHead = lazyRE(`^[ \t]*(?:(?:\}\s*)?(?:else\s+)?if\s*\(|(?:el)?if\b)`)
	// condAnd joins conditions so the test alone does not decide.
	condAnd = lazyRE(`\band\b|&&`)
	// condOr joins conditions so the test alone does not decide a body
	// that runs when it fails.
	condOr = lazyRE(`\bor\b|\|\|`)
	// condJoin starts more condition after a bracketed one.
	condJoin = lazyRE(`^(?:\b(?:and|or)\b|&&|\|\||[=!<>+*/%-])`)
	// exitBody is a body that leaves the loop or function: what the
	// test matched is skipped.
	exitBody = lazyRE(`^\{?\s*(?:continue|break|return)\b`)
	// compFilter is a comprehension's or filter's condition before the
	// test: what it matches is left out of the result when negated.
	compFilter = lazyRE(`\bfor\b[^\n]*\bif\b|\.filter\(|\bfilter\(\s*lambda\b`)
	// pathBuild is a call that builds a path from its arguments: the
	// literal is still the path in the value it returns.
	pathBuild = lazyRE(`(?:\bexpanduser|\bexpandvars|\bjoin|\bjoinpath|\bPath|\bPurePath|\bPosixPath|\bresolve|\babspath|\brealpath|\bnormpath)\s*$`)
	// readCall is a call that reads or inspects the path it is given.
	readCall = lazyRE(`(?:\bopen|\bexists|\bisfile|\bisdir|\bislink|\bgetsize|\bgetmtime|\bstat|\blstat|\baccess|\breadFileSync|\breadFile|\bexistsSync|\bstatSync|\blstatSync|\baccessSync)\s*$`)
	// readMethod is a method call after a path that reads or inspects
	// it (ak.read_text(), ak.exists(), ak.stat().st_mode).
	readMethod = lazyRE(`^\s*\)*\s*\.(?:read_text|read_bytes|exists|is_file|is_dir|is_symlink|stat|lstat|owner|group)\s*\(`)
	// readOpenMethod is a path's open method given no mode or a read
	// mode.
	readOpenMethod = lazyRE(`^\s*\)*\s*\.open\(\s*(?:(?:mode\s*=\s*)?['"]r?b?t?['"])?\s*[,)]`)
	// writeMode is an open mode or flag that writes.
	writeMode = lazyRE(`['"][rbt]*[wax+][rbt+]*['"]|\bflags?\s*[:=]|O_WRONLY|O_RDWR|O_APPEND|O_CREAT`)
	// assignHead is the start of a line binding a name to a path built
	// from parts, up to the value.
	assignHead = lazyRE(`^[ \t]*(?:(?:const|let|var|final)\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]*)?=\s*[\w.\s/(),"'+` + "`" + `-]*$`)
	// boundPathTail is what may follow the value to the end of its line
	// in such a binding: more parts, closing brackets.
	boundPathTail = lazyRE(`^[\w.\s/(),"'+` + "`" + `-]*$`)
)

// opener returns the offset of the innermost bracket still open at off
// in the masked code (scanning back at most 4,000 bytes), or -1.
func (p *persistInspect) opener(off int) int {
	depth := 0
	for i := off - 1; i >= 0 && i >= off-4000; i-- {
		switch p.masked[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// closer returns the offset of the bracket closing the one at open, or
// -1.
func (p *persistInspect) closer(open int) int {
	s := p.masked[:min(len(p.masked), open+4000)]
	if i := pyCloseParen(s, open); i < len(s) {
		return i
	}
	return -1
}

// lineStart returns the offset where the line holding off starts.
func (p *persistInspect) lineStart(off int) int {
	return strings.LastIndexByte(p.masked[:off], '\n') + 1
}

// lineEnd returns the offset where the line holding off ends.
func (p *persistInspect) lineEnd(off int) int {
	if i := strings.IndexByte(p.masked[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(p.masked)
}

// inLiteral reports whether offset off lies inside a string literal.
func (p *persistInspect) inLiteral(off int) bool {
	return p.masked[off] != p.c[off]
}

// lookedAt reports whether the code of its line before offset at
// compares or searches for what follows (lookedBefore; a membership
// test's "in" not a loop's), and whether the test is negated.
func (p *persistInspect) lookedAt(at int) (looked, neg bool) {
	ls := p.lineStart(at)
	from := max(ls, at-200)
	m := lookedBefore.FindStringSubmatchIndex(p.masked[from:at])
	if m == nil {
		return false, false
	}
	if m[12] >= 0 && iterHead.MatchString(p.masked[ls:from+m[12]]) {
		return false, false
	}
	return true, m[2] >= 0 || m[4] >= 0 || m[6] >= 0 || m[8] >= 0 || m[10] >= 0
}

// looked reports whether the value at [s, e) (a literal) is compared or
// searched for where it stands, or is an element of a collection written
// where it is looked in (name in ("authorized_keys", "config"),
// name.endswith((".bashrc", ".zshrc")), [".bashrc", ".zshrc"].includes(name)),
// and where the test is.
func (p *persistInspect) looked(s, e int) (bool, bool, int) {
	if ok, neg := p.lookedAt(s); ok {
		return true, neg, s
	}
	if m := lookedAfter.FindStringSubmatchIndex(p.masked[e:min(len(p.masked), e+40)]); m != nil {
		return true, m[2] >= 0 || m[4] >= 0, s
	}
	o := p.opener(s)
	if o < 0 {
		return false, false, 0
	}
	if ok, neg := p.lookedAt(o); ok {
		return true, neg, o
	}
	cl := p.closer(o)
	if p.masked[o] == '[' && cl >= 0 && membershipCall.MatchString(p.masked[cl+1:min(len(p.masked), cl+40)]) {
		return true, negatedBefore.MatchString(p.masked[p.lineStart(o):o]), o
	}
	return false, false, 0
}

// excludes reports whether a test at offset at (neg: negated) leaves
// what it matches out of what the code goes on with: a positive test
// in an if whose body leaves the loop or function (if p.name in SKIP or
// …: continue), a negated one in an if whose body does not, or in a
// comprehension's or filter's condition ([p for p in ps if p.name not
// in SKIP]). A test joined to another with "and" decides nothing alone.
func (p *persistInspect) excludes(at int, neg bool) bool {
	ls, le := p.lineStart(at), p.lineEnd(at)
	if neg && compFilter.MatchString(p.masked[ls:at]) {
		return !condAnd.MatchString(p.masked[ls:le])
	}
	h := ifHead.FindStringIndex(p.masked[ls:le])
	if h == nil || ls+h[1] > at {
		return false
	}
	// the condition ends at the bracket closing JavaScript's if (…), or
	// at the last colon of a Python if line
	condEnd := -1
	if p.masked[ls+h[1]-1] == '(' {
		if cl := p.closer(ls + h[1] - 1); cl > at && cl < le {
			rest := strings.TrimSpace(p.masked[cl+1 : le])
			if condJoin.MatchString(rest) {
				return false // if (a) or b: the bracket is not all of it
			}
			if !strings.HasPrefix(rest, ":") {
				condEnd = cl
			}
		}
	}
	if condEnd < 0 {
		condEnd = strings.LastIndexByte(p.masked[ls:le], ':')
		if condEnd < 0 {
			return false
		}
		condEnd += ls
	}
	if condEnd < at {
		return false
	}
	cond := p.masked[ls+h[1] : condEnd]
	if condAnd.MatchString(cond) || neg && condOr.MatchString(cond) {
		return false
	}
	body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p.masked[condEnd+1:le]), "{"))
	if body == "" {
		rest := p.masked[min(len(p.masked), le+1):]
		for _, l := range strings.SplitN(rest, "\n", 4) {
			if t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "{")); t != "" {
				body = t
				break
			}
		}
	}
	return neg != exitBody.MatchString(body)
}

// readAt reports whether the path value at [s, e) is only read where it
// stands: given (through path-building calls) to a call that reads or
// inspects it, or followed by such a method.
func (p *persistInspect) readAt(s, e int) bool {
	for range 8 {
		after := p.masked[e:min(len(p.masked), e+80)]
		if readMethod.MatchString(after) || readOpenMethod.MatchString(after) {
			return true
		}
		o := p.opener(s)
		if o < 0 || p.masked[o] != '(' {
			return false
		}
		head := p.masked[max(0, o-60):o]
		cl := p.closer(o)
		if cl < 0 {
			return false
		}
		switch {
		case readCall.MatchString(head):
			return !writeMode.MatchString(p.c[o:cl])
		case pathBuild.MatchString(head):
			s, e = o, cl+1 // the built path is the value now
		default:
			return false
		}
	}
	return false
}

// boundName returns the name a line binds the path value at [s, e) to
// (ak = Path.home() / ".ssh" / "authorized_keys", AK =
// os.path.join(home, ".ssh", "authorized_keys")), or "".
func (p *persistInspect) boundName(s, e int) string {
	m := assignHead.FindStringSubmatch(p.masked[p.lineStart(s):s])
	if m == nil || !boundPathTail.MatchString(p.masked[e:p.lineEnd(e)]) {
		return ""
	}
	return m[1]
}

// maxNameUses bounds the uses of one name read.
const maxNameUses = 200

// usesOnly reports whether every use of name in the code but on the line
// at def passes ok (given the use's offsets; kind names ok for the memo),
// and there is at least one; a use inside a string (an f-string, a
// template) fails.
func (p *persistInspect) usesOnly(name string, def int, kind string, ok func(s, e int) bool) bool {
	key := fmt.Sprintf("%s %s %d", kind, name, p.lineStart(def))
	if v, seen := p.uses[key]; seen {
		return v
	}
	if p.uses == nil {
		p.uses = map[string]bool{}
	}
	v := p.usesOnlyOnce(name, def, ok)
	p.uses[key] = v
	return v
}

// usesOnlyOnce is usesOnly without the memo.
func (p *persistInspect) usesOnlyOnce(name string, def int, ok func(s, e int) bool) bool {
	re, err := regexp.Compile(`\b` + regexp.QuoteMeta(name) + `\b`)
	if err != nil {
		return false
	}
	uses := 0
	ms := re.FindAllStringIndex(p.c, maxNameUses)
	if len(ms) == maxNameUses {
		return false
	}
	for _, m := range ms {
		if p.lineStart(m[0]) == p.lineStart(def) {
			continue
		}
		if p.inLiteral(m[0]) || !ok(m[0], m[1]) {
			return false
		}
		uses++
	}
	return uses > 0
}

// memberTest reports whether the name at [s, e) is tested for
// membership (x in NAME, x not in NAME, NAME.has(x); not a loop, for x
// in NAME) where the test leaves what it matches out (excludes).
func (p *persistInspect) memberTest(s, e int) bool {
	ls := p.lineStart(s)
	if m := memberIn.FindStringSubmatchIndex(p.masked[ls:s]); m != nil {
		if iterHead.MatchString(p.masked[ls : ls+m[0]]) {
			return false
		}
		return p.excludes(s, m[2] >= 0)
	}
	if membershipCall.MatchString(p.masked[e:min(len(p.masked), e+40)]) {
		return p.excludes(s, negatedBefore.MatchString(p.masked[ls:s]))
	}
	return false
}

// persistLitInspected reports whether the literal at [s, e) of the code
// is only looked for or read (see above), not a place written.
func (p *persistInspect) persistLitInspected(s, e int) bool {
	if p.checks++; p.checks > maxInspectLits {
		return false
	}
	if ok, neg, at := p.looked(s, e); ok {
		return p.excludes(at, neg)
	}
	if p.readAt(s, e) {
		return true
	}
	if o := p.opener(s); o >= 0 {
		from := max(0, o-200)
		if m := collectionDef.FindStringSubmatchIndex(p.masked[from:o]); m != nil {
			return p.usesOnly(p.masked[from+m[2]:from+m[3]], from+m[2], "member", p.memberTest)
		}
	}
	if name := p.boundName(s, e); name != "" {
		return p.usesOnly(name, s, "read", p.readAt)
	}
	return p.loopReadsOnly(s)
}

// loopHead is a Python for loop's head ending where the collection it
// iterates opens (for rc in (, for rc in [); group 1 is the loop's name,
// group 2 its indent.
var loopHead = lazyRE(`(?:^|\n)([ \t]*)for\s+([A-Za-z_]\w*)\s+in\s*$`)

// loopReadsOnly reports whether the literal at s stands (alone or in a
// path built from it: HOME / ".bashrc") in the collection a Python for
// loop iterates, and the loop only reads each item: its body writes
// nothing (persistWrites) and uses the loop's name only where readAt
// holds (rc.read_text()) or inside a string (f"{rc}:{n}" in a report).
// A doctor that scans the shell's startup files for dangerous aliases
// reads them; a loop that appends to them, or hands the name to code
// the body does not show (targets.append(rc)), is not vouched for.
func (p *persistInspect) loopReadsOnly(s int) bool {
	o := p.opener(s)
	for range 4 {
		if o < 0 {
			return false
		}
		if p.masked[o] != '(' && p.masked[o] != '[' {
			return false
		}
		if m := loopHead.FindStringSubmatch(p.masked[max(0, p.lineStart(o)-1):o]); m != nil {
			return p.loopBodyReads(m[1], m[2], o)
		}
		if !pathBuild.MatchString(p.masked[max(0, o-60):o]) {
			return false
		}
		o = p.opener(o)
	}
	return false
}

// loopBodyReads is loopReadsOnly's test of the body of the loop whose
// collection opens at o, indented deeper than indent.
func (p *persistInspect) loopBodyReads(indent, name string, o int) bool {
	cl := p.closer(o)
	if cl < 0 {
		return false
	}
	start := p.lineEnd(cl)
	end := start
	for end < len(p.c) {
		next := p.lineEnd(end + 1)
		line := p.c[end+1 : next]
		if t := strings.TrimLeft(line, " \t"); t != "" && !strings.HasPrefix(t, "#") && len(line)-len(t) <= len(indent) {
			break
		}
		end = next
	}
	if end == start || p.write == nil || persistWrites(p.c[start:end], p.write) {
		return false
	}
	re, err := regexp.Compile(`\b` + regexp.QuoteMeta(name) + `\b`)
	if err != nil {
		return false
	}
	for _, m := range re.FindAllStringIndex(p.c[start:end], maxNameUses) {
		a, b := start+m[0], start+m[1]
		if !p.inLiteral(a) && !p.readAt(a, b) {
			return false
		}
	}
	return true
}
