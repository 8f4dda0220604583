package audit

import (
	"maps"
	"strconv"
	"strings"
	"sync"
)

// Which way a Python script moves the agent settings it writes, for rule
// agent-tamper (see agentdirection.go). pyAgentWritesTighten reads every
// write of a script: one whose path the walk of pyagentpath.go shows
// local is left to that walk; any other must write back the very file
// it read, serialised (json.dumps(new), json.dump(new, fh), a TOML or
// YAML dump) from a value the script loaded from that same path (the
// read and the write share one path expression in one scope, through
// the script's own functions: d = load_json(p) … p.write_text(…)),
// copied (json.loads(json.dumps(d)), deepcopy) or handed through its
// functions (new = tightened(d)); or copy that file to a backup beside
// it (shutil.copy2(p, p.with_name(p.name + ".bak"))). Then every change
// the script makes to that value, and to every name that may alias a
// part of it (perms = d.setdefault("permissions", {}), loop variables,
// a function's parameter it is handed to), must be one
// settingsChangeTightens accepts: an allow list set to a filter of its
// own entries, a mode set to "default", a bypass key popped, a deny
// list extended. A change it cannot read (a key held in a variable, an
// update from a name, the value handed to a function it does not know)
// keeps the write high.

var (
	// pyTightOpaque is code through which a script may change a value
	// the walk does not see.
	pyTightOpaque = lazyRE(`\bsetattr\(|\bglobals\(\)|\bvars\(|__dict__|__setitem__|__delitem__|\b__import__\(|\bimportlib\b|:=`)
	// pyCopyCall is a call of shutil or os that copies, moves or
	// renames a file onto its second argument.
	pyCopyCall = lazyRE(`\b(?:shutil\.(?:copy2?|copyfile|move)|os\.(?:rename|replace))\s*\(`)
)

// pyTightTables are the words pyAgentWritesTighten reads calls by, made
// on first use (lazy.go).
type pyTightTables struct {
	// loaders parse a settings file's text or handle.
	loaders map[string]bool
	// dumpers serialise a value to text (dumps) or to a handle, the
	// second argument (dump).
	dumpers map[string]bool
	// handleDumpers write a value to the handle in their second
	// argument.
	handleDumpers map[string]bool
	// pure are functions that read a value handed to them and
	// return none of its parts: handing them the settings changes
	// nothing.
	pure map[string]bool
	// pass are functions that return the value handed to them or
	// parts of it (a shallow copy, an element): what receives their
	// result is judged as the value itself.
	pass map[string]bool
	// pureMethods are methods that take the settings as an
	// argument without keeping them: a regex's tests, a string's join
	// and format, a stream's or logger's writes, a path's write_text and
	// write_bytes (every write of the script is judged on its own), a
	// lookup in another map.
	pureMethods map[string]bool
	// storeMethods store the value they are handed in their receiver.
	storeMethods map[string]bool
	// changers are the methods of a dict, list or set (all a parsed
	// settings file holds) that change it; any other method reads.
	changers map[string]bool
	// readMethods are the methods of a dict, list or string that
	// change nothing: what else is called on a part of the settings (a
	// method of an object holding them) may change them.
	readMethods map[string]bool
	// backupWords are the words a backup's path may be built from
	// besides the path it copies: its parts, path methods and a
	// timestamp.
	backupWords map[string]bool
}

// pyTightSets returns the tables, built once.
var pyTightSets = sync.OnceValue(func() *pyTightTables {
	return &pyTightTables{
		loaders: set("json.loads", "json.load", "tomllib.loads", "tomllib.load", "tomli.loads", "tomli.load",
			"toml.loads", "toml.load", "tomlkit.loads", "tomlkit.parse", "tomlkit.load", "yaml.safe_load", "yaml.load"),
		dumpers:       set("json.dumps", "toml.dumps", "tomli_w.dumps", "tomlkit.dumps", "yaml.safe_dump", "yaml.dump"),
		handleDumpers: set("json.dump", "toml.dump", "tomli_w.dump", "tomlkit.dump", "yaml.safe_dump", "yaml.dump"),
		pure: set("print", "len", "str", "repr", "bool", "int", "float", "isinstance", "type", "any", "all",
			"hash", "id", "abs", "round", "format", "json.dumps", "json.dump", "yaml.safe_dump", "yaml.dump", "toml.dumps",
			"toml.dump", "tomli_w.dumps", "tomli_w.dump", "tomlkit.dumps", "tomlkit.dump", "copy.deepcopy", "deepcopy",
			"pprint.pformat", "pprint.pprint", "shlex.quote", "callable", "hasattr", "ascii", "ord", "chr"),
		pass: set("list", "tuple", "set", "frozenset", "dict", "sorted", "reversed", "iter", "next", "enumerate",
			"zip", "filter", "map", "min", "max", "copy.copy", "dict.fromkeys"),
		pureMethods: set("write", "write_text", "write_bytes", "join", "format", "search", "match", "fullmatch", "findall", "finditer", "sub",
			"subn", "split", "debug", "info", "warning", "warn", "error", "critical", "exception", "log", "startswith",
			"endswith", "count", "index", "get", "dumps", "writelines", "echo", "secho", "unified_diff", "ndiff",
			"context_diff"),
		storeMethods: set("append", "extend", "insert", "add", "update", "setdefault", "put", "push", "appendleft",
			"extendleft"),
		changers: set("append", "extend", "insert", "add", "remove", "discard", "pop", "popitem", "clear", "update",
			"setdefault", "sort", "reverse", "difference_update", "intersection_update", "symmetric_difference_update"),
		readMethods: set("items", "keys", "values", "copy", "count", "index", "lower", "upper", "strip", "lstrip",
			"rstrip", "startswith", "endswith", "split", "rsplit", "splitlines", "replace", "format", "join", "encode",
			"decode", "casefold", "find", "rfind", "isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper",
			"partition", "rpartition", "title", "zfill", "removeprefix", "removesuffix", "ljust", "rjust", "center"),
		backupWords: set("Path", "pathlib", "str", "os", "fspath", "path", "join", "with_name", "with_suffix",
			"with_stem", "name", "stem", "suffix", "parent", "time", "strftime", "datetime", "now", "utcnow", "today",
			"date", "isoformat", "int", "timestamp", "format", "replace", "timezone", "utc", "getpid"),
	}
})

// pyAlias is a name that may hold the settings read back, or a part of
// them: the keys from their root to what it holds, or known false when
// the walk cannot tell which part (a loop variable, a function's
// result).
type pyAlias struct {
	path  []string
	known bool
	// value marks a name whose every binding the walk judged (the value
	// written and those it is built from): its path is the root.
	value bool
	// origin is the name of the value (or of the function parameter)
	// the part belongs to: a part set from another value's entries
	// (two files' settings mixed) is no filter of its own.
	origin string
	// bound is the line (index+1) binding an alias whose path holds
	// a loop variable's keys (pyagenttightenkey.go): another pass of
	// the loop bound another key's part there.
	bound int
}

// pyTight is pyAgentWritesTighten's walk over one script.
type pyTight struct {
	c, blank string
	fl       *pyPathFlow
	// names holds the aliases of the settings by scope (the index of a
	// def line, -1 for the module).
	names map[int]map[string]pyAlias
	// memo holds the verdict on a name or a function's returns,
	// "true" while a walk is in progress (a value built from itself
	// through copies is the value).
	memo map[string]bool
	// judged counts the writes found to write tightened settings back.
	judged int
	// wscope is the scope of the write judged, and trail the lines
	// there that bind the value it writes: the path it is read from
	// must not be bound anew between them and the write.
	wscope int
	trail  []int
	// at is the line (index) of scope wscope where the name walked is
	// read: the write, or the binding whose right side holds it. Only
	// the bindings that may reach it there are walked (reaching).
	at int
	// keyLine is the line (index+1, 0 for none) of scope keyScope
	// whose changes are being read: a loop variable used as a key
	// there is read as its loop's keys (pyagenttightenkey.go).
	keyLine, keyScope int
}

// pyAgentWritesTighten reports whether every write of the Python script
// c (comments blanked) is local (pyagentpath.go), a backup of a file
// beside it, or the settings file it read written back with only
// tightening changes, and at least one is the last (see above).
func pyAgentWritesTighten(c string) bool {
	if pyOpaqueWrite.MatchString(c) || pyTightOpaque.MatchString(c) || !pyWritesThroughHandles(c) {
		return false
	}
	calls, ok := pyWriteCalls(c)
	if !ok {
		return false
	}
	t := &pyTight{c: c, blank: pyBlankKeep(c), fl: newPyPathFlow(c), names: map[int]map[string]pyAlias{}, memo: map[string]bool{}}
	for _, s := range calls {
		if !t.write(s) {
			return false
		}
	}
	for _, m := range pyCopyCall.FindAllStringIndex(t.blank, 64) {
		if !t.copyTo(m[0], m[1]-1) {
			return false
		}
	}
	for _, re := range []*lazyRegexp{pyMkstemp, pyOSOpenWrite, pyNamedTemp} {
		for _, m := range re.FindAllStringSubmatchIndex(c, 32) {
			for g := 2; g < len(m); g += 2 {
				if m[g] >= 0 && t.fl.root(c[m[g]:m[g+1]], t.fl.scopeAt(m[g]), 0) != pyRootLocal {
					return false
				}
			}
		}
	}
	if strings.Contains(t.blank, "urlretrieve(") {
		return false
	}
	return t.judged > 0 && t.changesTighten()
}

// write judges one open for writing or write_text/write_bytes call.
func (t *pyTight) write(s pyWriteSite) bool {
	sc := t.fl.scopeAt(s.off)
	if t.fl.root(s.expr, sc, 0) == pyRootLocal {
		return true
	}
	if s.call < 0 || s.call >= len(t.blank) {
		return false
	}
	end := pyCloseParen(t.blank, s.call)
	if end >= len(t.c) {
		return false
	}
	args := pySplitArgs(t.c[s.call+1 : end])
	name := t.blank[max(0, s.call-len("write_bytes")):s.call]
	if strings.HasSuffix(name, "write_text") || strings.HasSuffix(name, "write_bytes") {
		if len(args) == 0 {
			return false
		}
		if t.backupData(strings.TrimSpace(args[0]), s.expr, sc) {
			return true
		}
		t.begin(sc)
		t.at = t.lineAt(s.off)
		if t.data(strings.TrimSpace(args[0]), sc, s.expr, 0) && t.sameFile(s.expr, sc, t.lineAt(s.off), t.lineAt(s.off)) {
			t.judged++
			return true
		}
		return false
	}
	// an open for writing: what its handle is given
	h, from, to := t.handleOf(s.call)
	if h == "" {
		return false
	}
	return t.handleWrites(h, s.expr, sc, t.lineAt(s.off), from, to)
}

// begin starts the judgement of a write in scope sc.
func (t *pyTight) begin(sc int) {
	t.wscope, t.trail, t.at = sc, t.trail[:0], -1
	clear(t.memo)
}

// sameFile reports whether the value bound on the trail's lines was read
// from the file the write at line w (its path evaluated at line open)
// writes: each binding comes before the write in a block the write
// stands in (so no earlier pass of a loop or a branch not taken left it
// there), and the path (a name) is not bound anew between them.
func (t *pyTight) sameFile(target string, sc, open, w int) bool {
	if open < 0 || w < 0 {
		return false
	}
	var binds []int
	if name := pyTightStrip(target); isPyIdent(name) {
		for _, b := range t.bindings(name, sc) {
			binds = append(binds, b.line)
		}
	}
	for _, v := range t.trail {
		if v >= w {
			return false
		}
		for i := v + 1; i < w; i++ {
			if t.fl.lines[i].indent < t.fl.lines[v].indent {
				return false
			}
		}
		if t.fl.lines[w].indent < t.fl.lines[v].indent {
			return false
		}
		for _, b := range binds {
			if b > min(v, open) && b < w || b == v {
				return false
			}
		}
	}
	return true
}

// handleOf returns the name an open call (its parenthesis at off) binds
// as a handle (with open(p, "w") as fh, fh = open(p, "w")) and the span
// of lines (indexes) the handle is used in: the with block, or the rest
// of the scope.
func (t *pyTight) handleOf(off int) (h string, from, to int) {
	li := t.lineAt(off)
	if li < 0 {
		return "", 0, 0
	}
	l := t.fl.lines[li]
	b := l.blank
	rel := off - l.off
	if strings.HasPrefix(b, "with ") || strings.HasPrefix(b, "async with ") {
		head := strings.TrimSuffix(strings.TrimSpace(b[strings.Index(b, "with ")+5:]), ":")
		base := l.off + strings.Index(b, "with ") + 5
		pos := 0
		for _, item := range pySplitArgs(head) {
			lo, hi := pos, pos+len(item)
			pos = hi + 1
			if rel < lo+base-l.off || rel >= hi+base-l.off {
				continue
			}
			i := strings.LastIndex(item, " as ")
			if i < 0 {
				return "", 0, 0
			}
			name := strings.TrimSpace(item[i+4:])
			if !isPyIdent(name) {
				return "", 0, 0
			}
			end := li + 1
			for end < len(t.fl.lines) && t.fl.lines[end].indent > l.indent {
				end++
			}
			return name, li + 1, end
		}
		return "", 0, 0
	}
	start := off - len(pyPrimaryBefore(t.c, t.blank, off))
	if start < l.off {
		return "", 0, 0
	}
	if m := pyAssignedTo.FindStringSubmatch(t.c[l.off:start]); m != nil && t.scopeLine(li) {
		end := li + 1
		for end < len(t.fl.lines) && (t.fl.lines[end].indent >= l.indent || t.fl.inScope(end, t.fl.scope[li])) {
			end++
		}
		return m[1], li + 1, end
	}
	return "", 0, 0
}

// scopeLine reports whether line li is a plain statement (not a
// compound header): the open on it is the value assigned.
func (t *pyTight) scopeLine(li int) bool {
	b := t.fl.lines[li].blank
	for _, kw := range []string{"if ", "elif ", "while ", "for ", "return ", "lambda"} {
		if strings.HasPrefix(b, kw) {
			return false
		}
	}
	return true
}

// handleWrites judges every use of handle h on lines [from, to): a
// write of data or a dump of a value written back to target, a flush,
// seek, truncate or close.
func (t *pyTight) handleWrites(h, target string, sc, open, from, to int) bool {
	any := false
	for i := from; i < to && i < len(t.fl.lines); i++ {
		l := t.fl.lines[i]
		for _, at := range pyWordsAt(l.blank, h) {
			after := l.blank[at+len(h):]
			switch {
			case strings.HasPrefix(after, ".write("):
				open := at + len(h) + len(".write")
				args := pySplitArgs(l.orig[open+1 : pyCloseParen(l.blank, open)])
				if len(args) != 1 {
					return false
				}
				if a := strings.TrimSpace(args[0]); !pyBlankLit(a) {
					t.begin(sc)
					t.at = i
					if !t.data(a, sc, target, 0) || !t.sameFile(target, sc, open, i) {
						return false
					}
					any = true
				}
			case strings.HasPrefix(after, ".flush(") || strings.HasPrefix(after, ".seek(") ||
				strings.HasPrefix(after, ".truncate(") || strings.HasPrefix(after, ".close(") || strings.HasPrefix(after, ".fileno("):
			default:
				fn, args, k := t.enclosingCall(l, at)
				if !pyTightSets().handleDumpers[fn] || k != 1 || len(args) < 2 {
					if !(pyTightSets().loaders[fn] && k == 0) {
						return false // a read of the same handle (r+) is allowed
					}
					continue
				}
				t.begin(sc)
				t.at = i
				if !t.value(strings.TrimSpace(args[0]), sc, target, nil, false, 0) || !t.sameFile(target, sc, open, i) {
					return false
				}
				any = true
			}
		}
	}
	if any {
		t.judged++
	}
	return any
}

// data judges text written to target: serialised settings read back
// from it (json.dumps(new) + "\n", a name every binding of which holds
// that), or its text with only tightening substitutions made
// (pyagenttighttext.go).
func (t *pyTight) data(e string, sc int, target string, depth int) bool {
	e = pyTightStrip(e)
	if depth > 8 || e == "" {
		return false
	}
	if parts := pySplitTop(e, '+'); len(parts) > 1 {
		n := 0
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if pyBlankLit(p) {
				continue
			}
			if !t.data(p, sc, target, depth+1) {
				return false
			}
			n++
		}
		return n == 1
	}
	if strings.HasSuffix(e, ")") {
		if open := pyOpenOf(e); open > 0 {
			fn, args := strings.TrimSpace(e[:open]), pySplitArgs(e[open+1:len(e)-1])
			if strings.HasSuffix(fn, ".encode") {
				return t.data(fn[:len(fn)-len(".encode")], sc, target, depth+1)
			}
			if pyTightSets().dumpers[fn] && len(args) > 0 {
				if (fn == "yaml.safe_dump" || fn == "yaml.dump") && len(args) > 1 && !strings.Contains(args[1], "=") {
					return false // a dump to a stream
				}
				return t.value(strings.TrimSpace(args[0]), sc, target, nil, false, depth+1)
			}
		}
	}
	if isPyIdent(e) {
		// each binding (one per branch: the TOML file's text or the
		// JSON file's dump) must be such data
		bs := t.bindings(e, sc)
		if len(bs) == 0 || t.augmented(e, sc) {
			return false
		}
		for _, bd := range bs {
			if bd.kind != "=" || !t.data(bd.rhs, sc, target, depth+1) {
				return false
			}
		}
		return true
	}
	return t.text(e, sc, target, nil, depth+1)
}

// pyBlankLit reports whether e is a string literal of blanks only ("\n").
func pyBlankLit(e string) bool {
	p, body, ok := pyStrLitWhole(e)
	return ok && !strings.ContainsAny(p, "fF") && pyTrimBlank(body) == ""
}

// pyTightStrip trims e and its enclosing parentheses.
func pyTightStrip(e string) string {
	e = strings.TrimSpace(e)
	for len(e) > 1 && e[0] == '(' && pyCloseParen(pyBlankKeep(e), 0) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	return e
}

// pySamePath reports whether path expressions a and b name one path:
// the same text once str(), Path() and os.fspath() around them are
// taken off.
func pySamePath(a, b string) bool {
	norm := func(e string) string {
		for {
			e = pyTightStrip(e)
			open := strings.IndexByte(e, '(')
			if open <= 0 || !strings.HasSuffix(e, ")") || pyOpenOf(e) != open {
				break
			}
			switch strings.TrimSpace(e[:open]) {
			case "str", "Path", "pathlib.Path", "os.fspath":
				e = e[open+1 : len(e)-1]
				continue
			}
			break
		}
		return strings.Join(strings.Fields(e), "")
	}
	x := norm(a)
	return x != "" && x == norm(b)
}

// value reports whether e, read in scope sc, is the settings read from
// the path target names there, copied or handed through the script's
// functions (params: the parameters of sc that hold such a value; ret:
// e is a function's return, which may also be None on a failed read).
func (t *pyTight) value(e string, sc int, target string, params map[string]bool, ret bool, depth int) bool {
	e = pyTightStrip(e)
	if depth > 16 || e == "" {
		return false
	}
	b := pyBlankKeep(e)
	if i := pyTopOp(b, " if "); i > 0 {
		if j := pyTopOp(b[i:], " else "); j > 0 {
			a, o := e[:i], e[i+j+len(" else "):]
			return t.valueOrEmpty(a, sc, target, params, ret, depth) && t.valueOrEmpty(o, sc, target, params, ret, depth) &&
				(t.value(a, sc, target, params, ret, depth+1) || t.value(o, sc, target, params, ret, depth+1))
		}
	}
	if parts := pyTopSplitWord(e, " or "); len(parts) > 1 {
		n := 0
		for _, p := range parts {
			if pyEmptyMap(p) {
				continue
			}
			if !t.value(p, sc, target, params, ret, depth+1) {
				return false
			}
			n++
		}
		return n > 0
	}
	if ret && (e == "None" || pyEmptyMap(e)) {
		return true // a failed read, or a missing file: no settings to widen
	}
	if isPyIdent(e) {
		return t.nameValue(e, sc, target, params, depth)
	}
	if judged, ok := t.elemValue(e, sc, target, params, depth); judged {
		return ok
	}
	if !strings.HasSuffix(e, ")") {
		return false
	}
	open := pyOpenOf(b)
	if open <= 0 {
		return false
	}
	fn, args := strings.TrimSpace(e[:open]), pySplitArgs(e[open+1:len(e)-1])
	switch {
	case fn == "json.loads" && len(args) > 0 && strings.HasPrefix(pyTightStrip(args[0]), "json.dumps("):
		inner := pyTightStrip(args[0])
		if pyCloseParen(pyBlankKeep(inner), len("json.dumps")) != len(inner)-1 {
			return false // json.dumps(d).replace(…): text changed before it is loaded
		}
		dargs := pySplitArgs(inner[len("json.dumps(") : len(inner)-1])
		return len(dargs) > 0 && t.value(dargs[0], sc, target, params, false, depth+1)
	case pyTightSets().loaders[fn]:
		return len(args) > 0 && t.loadsRead(strings.TrimSpace(args[0]), sc, target, depth+1)
	case fn == "copy.deepcopy" || fn == "deepcopy" || fn == "dict" || fn == "copy.copy":
		return len(args) == 1 && t.value(args[0], sc, target, params, false, depth+1)
	case strings.HasSuffix(fn, ".copy") && len(args) == 0:
		return t.value(fn[:len(fn)-len(".copy")], sc, target, params, false, depth+1)
	}
	if d, ok := t.fl.defs[fn]; ok && d >= 0 {
		return t.returns(d, args, sc, target, params, depth)
	}
	return false
}

// loadsRead reports whether e, handed to a loader, is the text or a
// handle of the file target names, or that text with an empty document
// in its place when the file is empty or missing (old or "{}",
// p.read_text() if p.exists() else "{}", or a name bound once to
// either): an empty document holds no settings, so it adds nothing the
// agent obeys.
func (t *pyTight) loadsRead(e string, sc int, target string, depth int) bool {
	e = pyTightStrip(e)
	if depth > 16 || e == "" {
		return false
	}
	if a, o, ok := pyCondArms(e); ok {
		// the condition only chooses; each arm is the read or an empty
		// document, and one of them is the read
		return (pyEmptyDocLit(a) || t.loadsRead(a, sc, target, depth+1)) &&
			(pyEmptyDocLit(o) || t.loadsRead(o, sc, target, depth+1)) &&
			!(pyEmptyDocLit(a) && pyEmptyDocLit(o))
	}
	if isPyIdent(e) {
		if bs := t.bindings(e, sc); len(bs) == 1 && bs[0].kind == "=" && !t.augmented(e, sc) {
			if _, _, ok := pyCondArms(pyTightStrip(bs[0].rhs)); ok || len(pyTopSplitWord(bs[0].rhs, " or ")) > 1 {
				return t.loadsRead(bs[0].rhs, sc, target, depth+1)
			}
		}
	}
	parts := pyTopSplitWord(e, " or ")
	if len(parts) < 2 {
		return t.readOf(e, sc, target, depth)
	}
	n := 0
	for _, p := range parts {
		if pyEmptyDocLit(p) {
			continue
		}
		if !t.readOf(p, sc, target, depth+1) {
			return false
		}
		n++
	}
	return n > 0
}

// pyCondArms splits a conditional expression (a if cond else o) at its
// top level into its two arms; ok is false for any other expression.
func pyCondArms(e string) (a, o string, ok bool) {
	b := pyBlankKeep(e)
	i := pyTopOp(b, " if ")
	if i <= 0 {
		return "", "", false
	}
	j := pyTopOp(b[i:], " else ")
	if j <= 0 {
		return "", "", false
	}
	return strings.TrimSpace(e[:i]), strings.TrimSpace(e[i+j+len(" else "):]), true
}

// pyEmptyDocLit reports whether e is a plain string literal holding an
// empty document: blanks or an empty object ("{}").
func pyEmptyDocLit(e string) bool {
	p, body, ok := pyStrLitWhole(pyTightStrip(e))
	if !ok || strings.ContainsAny(p, "fF") {
		return false
	}
	body = pyTrimBlank(body)
	return body == "" || body == "{}"
}

// valueOrEmpty is value, or an empty map ({}, dict()): what a script
// starts from when the file is missing.
func (t *pyTight) valueOrEmpty(e string, sc int, target string, params map[string]bool, ret bool, depth int) bool {
	return pyEmptyMap(e) || t.value(e, sc, target, params, ret, depth+1)
}

// pyEmptyMap reports whether e is an empty dict.
func pyEmptyMap(e string) bool {
	e = pyTightStrip(e)
	return e == "{}" || e == "dict()"
}

// returns reports whether every return of the function whose def is
// line d, called with args from scope sc, is the settings value: its
// parameters given such a value (or target itself) by the call are.
func (t *pyTight) returns(d int, args []string, sc int, target string, params map[string]bool, depth int) bool {
	return t.everyReturn(d, args, sc, target, params, depth, "()",
		func(a string, sc int, target string, params map[string]bool, depth int) bool {
			return t.value(a, sc, target, params, false, depth)
		},
		func(r string, d int, target string, params map[string]bool, depth int) bool {
			if r == "" {
				r = "None"
			}
			return t.value(r, d, target, params, true, depth)
		})
}

// everyReturn reports whether every return of the function whose def
// is line d, called with args from scope sc, passes ret, where the
// parameters given an argument that passes arg (and the one given
// target itself) are read as passing too. kind keeps the memo of each
// question apart; a recursive call is assumed to pass while it is
// being judged.
func (t *pyTight) everyReturn(d int, args []string, sc int, target string, params map[string]bool, depth int, kind string,
	arg func(a string, sc int, target string, params map[string]bool, depth int) bool,
	ret func(r string, d int, target string, params map[string]bool, depth int) bool) bool {
	m := pyDefRe.FindStringSubmatch(t.fl.lines[d].blank)
	if m == nil {
		return false
	}
	names := pyParams(m[2])
	raw := pySplitArgs(m[2])
	inner, innerTarget := map[string]bool{}, ""
	for i, a := range args {
		a = strings.TrimSpace(a)
		p := ""
		if k, v, kw := pyKwarg(a); kw {
			p, a = k, v
		} else if i < len(names) && i < len(raw) && !strings.HasPrefix(strings.TrimSpace(raw[i]), "*") {
			p = names[i]
		}
		if p == "" || strings.HasPrefix(a, "*") {
			return false
		}
		if target != "" && pySamePath(a, target) {
			innerTarget = p
		}
		if t.try(func() bool { return arg(a, sc, target, params, depth+1) }) {
			inner[p] = true
		}
	}
	key := kind + strconv.Itoa(d) + "@" + innerTarget + "@" + strings.Join(sortedStrings(mapKeys(inner)), ",")
	if v, ok := t.memo[key]; ok {
		return v
	}
	t.memo[key] = true
	ok, any := true, false
	for i, l := range t.fl.lines {
		if t.fl.scope[i] != d {
			continue
		}
		if strings.HasPrefix(l.blank, "return") && (len(l.blank) == len("return") || !isIdentByte(l.blank[len("return")])) {
			any = true
			if !ret(strings.TrimSpace(l.orig[len("return"):]), d, innerTarget, inner, depth+1) {
				ok = false
				break
			}
		}
	}
	t.memo[key] = ok && any
	return ok && any
}

// try runs walk, a question asked of one argument of a call (is it the
// settings?), and undoes what a walk that answers no left behind: the
// lines it put on the trail and the verdicts it memoised on the way. An
// argument that is not the settings (the path they are read from) binds
// nothing the written value is built from, so its binding must not be
// taken for one (sameFile would then see the path bound on the trail);
// and a name judged on the way is judged again, putting its lines on the
// trail, when the value's own walk reaches it.
func (t *pyTight) try(walk func() bool) bool {
	n, memo := len(t.trail), maps.Clone(t.memo)
	if walk() {
		return true
	}
	t.trail, t.memo = t.trail[:n], memo
	return false
}

// nameKey is pyNameKey for a name read in scope sc, with the line it is
// read at when sc is the written scope: which of its bindings reach
// that line, and so the verdict, depends on it.
func (t *pyTight) nameKey(kind, name string, sc int, target string, params map[string]bool) string {
	key := pyNameKey(kind, name, sc, target, params)
	if sc == t.wscope && t.at >= 0 {
		key += "#" + strconv.Itoa(t.at)
	}
	return key
}

// reaching returns the bindings of bs (of one name in scope sc) that may
// reach line t.at when sc is the written scope: a binding is left out
// when a later assignment to the name stands before t.at in a block that
// holds t.at (no line between them is indented less than it), since
// every path from the earlier binding to t.at then passes that one
// (a dict read in a loop that reports on each file, then read anew for
// the one written). A loop variable's binding kills nothing: the loop
// may run no pass. A binding on a later line reaches t.at only through a
// loop that holds t.at (Python has no other way back), so with no loop
// around t.at it is left out too: the same name bound again in another
// branch after the write (an --apply branch that returns, then a
// --propose branch binding the proposal anew) is not what was written.
func (t *pyTight) reaching(bs []pyBinding, sc int) []pyBinding {
	at := t.at
	if sc != t.wscope || at < 0 || at >= len(t.fl.lines) {
		return bs
	}
	if !t.inLoop(at, sc) {
		kept := bs[:0:0]
		for _, b := range bs {
			if b.line < 0 || b.line < at {
				kept = append(kept, b)
			}
		}
		bs = kept
	}
	dominates := func(k int) bool {
		ind := t.fl.lines[k].indent
		if t.fl.lines[at].indent < ind {
			return false
		}
		for i := k + 1; i < at; i++ {
			if t.fl.lines[i].indent < ind {
				return false
			}
		}
		return true
	}
	out := bs[:0:0]
	for _, b := range bs {
		killed := false
		for _, k := range bs {
			if k.kind == "=" && k.line > b.line && k.line < at && dominates(k.line) {
				killed = true
				break
			}
		}
		if !killed {
			out = append(out, b)
		}
	}
	return out
}

// inLoop reports whether line at of scope sc stands in the body of a
// for or while loop of that scope: a header on an earlier line of sc,
// indented less than every line from it to at.
func (t *pyTight) inLoop(at, sc int) bool {
	ind := t.fl.lines[at].indent
	for i := at - 1; i >= 0 && ind > 0; i-- {
		if t.fl.scope[i] != sc {
			if i == sc {
				return false // the def line: the scope starts below it
			}
			continue // a nested function's lines
		}
		l := t.fl.lines[i]
		if strings.TrimSpace(l.blank) == "" || l.indent >= ind {
			continue
		}
		ind = l.indent
		if pyLoopHead.MatchString(l.blank) {
			return true
		}
	}
	return false
}

// sortedStrings sorts a few strings (insertion sort: they are a
// function's parameters).
func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// pyNameKey is the memo key of a walk over a name: kind, the name, its
// scope, the target and the call's filled parameters in sorted order. The
// order matters beyond speed: a walk marks its key true before it recurses
// so that a cycle ends, and a key built in map order could miss that mark
// and resolve the cycle differently from run to run.
func pyNameKey(kind, name string, sc int, target string, params map[string]bool) string {
	key := kind + name + "@" + strconv.Itoa(sc) + "@" + target
	for _, k := range sortedStrings(mapKeys(params)) {
		key += "," + k
	}
	return key
}

// nameValue is value for a name: a parameter the call filled with the
// value, or a name every binding of which is the value.
func (t *pyTight) nameValue(name string, sc int, target string, params map[string]bool, depth int) bool {
	key := t.nameKey("", name, sc, target, params)
	if v, ok := t.memo[key]; ok {
		return v
	}
	t.memo[key] = true
	ok := t.nameValue0(name, sc, target, params, depth)
	t.memo[key] = ok
	if ok {
		t.alias(sc, name, pyAlias{known: true, value: true, origin: name})
	}
	return ok
}

// nameValue0 is nameValue's walk.
func (t *pyTight) nameValue0(name string, sc int, target string, params map[string]bool, depth int) bool {
	bs := t.reaching(t.bindings(name, sc), sc)
	if t.isParam(name, sc) {
		if !params[name] {
			return false
		}
		bs = append(bs, pyBinding{kind: "=", rhs: name, line: -1}) // the value the call gave it
	}
	if len(bs) == 0 {
		if sc < 0 {
			return false
		}
		if target != "" && len(t.bindings(pyTightStrip(target), sc)) > 0 || t.isParam(target, sc) {
			target = "" // the module's names read no path of this scope
		}
		sc, params = -1, nil
		bs = t.bindings(name, sc)
		if len(bs) == 0 {
			return false
		}
	}
	return t.everyBinding(bs, name, sc, func(rhs string) bool { return t.value(rhs, sc, target, params, false, depth+1) })
}

// everyBinding reports whether every binding in bs of name (in scope sc)
// is a plain `=` whose right side passes ok; a binding to name itself (a
// parameter, or a copy of itself) passes. The lines of the bindings in
// the written scope join the trail the finding cites.
func (t *pyTight) everyBinding(bs []pyBinding, name string, sc int, ok func(rhs string) bool) bool {
	for _, bd := range bs {
		if bd.kind != "=" {
			return false
		}
		at := t.at
		if sc == t.wscope && bd.line >= 0 {
			t.trail = append(t.trail, bd.line)
			t.at = bd.line
		}
		if bd.rhs == name {
			t.at = at
			continue
		}
		pass := ok(bd.rhs)
		t.at = at
		if !pass {
			return false
		}
	}
	return true
}

// readOf reports whether e is the text or a handle of the file target
// names: p.read_text(), open(p).read(), fh of with open(p) as fh, or a
// name bound to one.
func (t *pyTight) readOf(e string, sc int, target string, depth int) bool {
	e = pyTightStrip(e)
	if depth > 16 || e == "" || target == "" {
		return false
	}
	if isPyIdent(e) {
		bs := t.bindings(e, sc)
		if len(bs) == 0 && sc >= 0 && !t.isParam(e, sc) {
			return false
		}
		if len(bs) != 1 {
			return false
		}
		switch bs[0].kind {
		case "with":
			return t.opens(bs[0].rhs, target)
		case "=":
			return t.opens(bs[0].rhs, target) || t.readOf(bs[0].rhs, sc, target, depth+1)
		}
		return false
	}
	if t.opens(e, target) {
		return true
	}
	for _, m := range []string{".read_text(", ".read_bytes(", ".read("} {
		i := strings.LastIndex(e, m)
		if i <= 0 || !strings.HasSuffix(e, ")") || pyOpenOf(pyBlankKeep(e)) != i+len(m)-1 {
			continue
		}
		recv := e[:i]
		if m == ".read(" {
			return t.opens(recv, target) || isPyIdent(strings.TrimSpace(recv)) && t.readOf(recv, sc, target, depth+1)
		}
		return pySamePath(recv, target)
	}
	return false
}

// opens reports whether e opens the file target names: open(p, ...),
// p.open(...), io.open or codecs.open of it.
func (t *pyTight) opens(e, target string) bool {
	e = pyTightStrip(e)
	if !strings.HasSuffix(e, ")") {
		return false
	}
	open := pyOpenOf(pyBlankKeep(e))
	if open <= 0 {
		return false
	}
	fn, args := strings.TrimSpace(e[:open]), pySplitArgs(e[open+1:len(e)-1])
	switch {
	case fn == "open" || fn == "io.open" || fn == "codecs.open":
		return len(args) > 0 && pySamePath(args[0], target)
	case strings.HasSuffix(fn, ".open"):
		return pySamePath(fn[:len(fn)-len(".open")], target)
	}
	return false
}

// pyBinding is one binding of a name in a scope: kind "=" (an
// assignment, rhs its value), "with" (rhs the context expression),
// "for", "import" or "unpack" (rhs empty).
type pyBinding struct {
	kind, rhs string
	// line is the index of the binding's line.
	line int
}

// bindings returns the bindings of name by the lines of scope sc.
func (t *pyTight) bindings(name string, sc int) []pyBinding {
	var out []pyBinding
	for i, l := range t.fl.lines {
		if t.fl.scope[i] != sc {
			continue
		}
		b := l.blank
		if m := pyForIn.FindStringSubmatchIndex(b); m != nil {
			if pyCallsWith(b[m[2]:m[3]], name) {
				out = append(out, pyBinding{kind: "for", line: i})
			}
			continue
		}
		if strings.HasPrefix(b, "import ") || strings.HasPrefix(b, "from ") || strings.HasPrefix(b, "global ") ||
			strings.HasPrefix(b, "nonlocal ") || strings.HasPrefix(b, "def ") || strings.HasPrefix(b, "async def ") ||
			strings.HasPrefix(b, "class ") || strings.HasPrefix(b, "except ") {
			if pyCallsWith(b, name) && !strings.HasPrefix(b, "except ") || strings.HasPrefix(b, "except ") && strings.Contains(b, " as "+name) {
				out = append(out, pyBinding{kind: "import", line: i})
			}
			continue
		}
		if strings.HasPrefix(b, "with ") || strings.HasPrefix(b, "async with ") {
			head := strings.TrimSuffix(strings.TrimSpace(b[strings.Index(b, "with ")+5:]), ":")
			ohead := l.orig[strings.Index(b, "with ")+5:]
			ohead = ohead[:len(head)]
			pos := 0
			for _, item := range pySplitArgs(head) {
				oitem := ohead[pos : pos+len(item)]
				pos += len(item) + 1
				if i := strings.LastIndex(item, " as "); i >= 0 && strings.TrimSpace(item[i+4:]) == name {
					out = append(out, pyBinding{kind: "with", rhs: strings.TrimSpace(oitem[:i]), line: i})
				} else if i >= 0 && pyCallsWith(item[i+4:], name) {
					out = append(out, pyBinding{kind: "unpack", line: i})
				}
			}
			continue
		}
		eq := pyAssignAt(b)
		if eq < 0 {
			continue
		}
		lhs := strings.TrimSpace(b[:eq])
		if i := strings.IndexByte(lhs, ':'); i > 0 && isPyIdent(strings.TrimSpace(lhs[:i])) {
			lhs = strings.TrimSpace(lhs[:i]) // annotated
		}
		if lhs == name {
			out = append(out, pyBinding{kind: "=", rhs: strings.TrimSpace(l.orig[eq+1:]), line: i})
			continue
		}
		for k, part := range pySplitArgs(strings.Trim(lhs, "()[] ")) {
			if strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(part), "*")) == name && part != lhs {
				// an element of a tuple the script's own function
				// returns (pyagenttightenunpack.go)
				if rhs, ok := pyUnpackCall(lhs, l.orig[eq+1:], k, t.fl.defs); ok {
					out = append(out, pyBinding{kind: "=", rhs: rhs, line: i})
					continue
				}
				out = append(out, pyBinding{kind: "unpack", line: i})
			}
		}
	}
	return out
}

// isParam reports whether name is a parameter of the function whose
// def is line sc.
func (t *pyTight) isParam(name string, sc int) bool {
	if sc < 0 {
		return false
	}
	m := pyDefRe.FindStringSubmatch(t.fl.lines[sc].blank)
	if m == nil {
		return false
	}
	for _, p := range pyParams(m[2]) {
		if p == name {
			return true
		}
	}
	return false
}

// pyAssignAt returns the offset of the = of a plain assignment
// statement b (blanked), or -1: not ==, <=, >=, !=, an augmented
// operator, or a keyword argument inside brackets.
func pyAssignAt(b string) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '=':
			if depth != 0 {
				continue
			}
			if i+1 < len(b) && b[i+1] == '=' {
				i++
				continue
			}
			if i > 0 && strings.IndexByte("=<>!+-*/%&|^@:", b[i-1]) >= 0 {
				if b[i-1] == ':' {
					return -1 // a walrus
				}
				continue
			}
			return i
		}
	}
	return -1
}

// pyAugAt returns the offset of the operator of an augmented assignment
// statement b and the operator (+, -, |, &…), or -1.
func pyAugAt(b string) (int, byte) {
	depth := 0
	for i := 0; i+1 < len(b); i++ {
		switch c := b[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '+', '-', '|', '&', '*', '/', '%', '^', '@', '<', '>':
			if depth == 0 && b[i+1] == '=' && (c != '<' && c != '>' || i > 0 && b[i-1] == c) && (i+2 >= len(b) || b[i+2] != '=') {
				if (c == '<' || c == '>') && i > 0 {
					return i - 1, c
				}
				return i, c
			}
		}
	}
	return -1, 0
}

// pyTopSplitWord splits e at word outside brackets and literals.
func pyTopSplitWord(e, word string) []string {
	b := pyBlankKeep(e)
	var out []string
	for {
		i := pyTopOp(b, word)
		if i < 0 {
			return append(out, e)
		}
		out = append(out, e[:i])
		e, b = e[i+len(word):], b[i+len(word):]
	}
}

// pyWordsAt returns the offsets of name as a whole word in b, not as an
// attribute (x.name) or a keyword argument's name.
func pyWordsAt(b, name string) []int {
	var out []int
	for off := 0; off < len(b); {
		i := strings.Index(b[off:], name)
		if i < 0 {
			break
		}
		i += off
		j := i + len(name)
		off = i + 1
		if i > 0 && (isIdentByte(b[i-1]) || b[i-1] == '.') || j < len(b) && isIdentByte(b[j]) {
			continue
		}
		rest := strings.TrimLeft(b[j:], " ")
		if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && pyInsideBrackets(b, i) {
			continue // a keyword argument's name
		}
		out = append(out, i)
	}
	return out
}

// pyInsideBrackets reports whether offset i of b stands inside brackets.
func pyInsideBrackets(b string, i int) bool {
	depth := 0
	for k := 0; k < i; k++ {
		switch b[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
	return depth > 0
}

// lineAt returns the index of the logical line holding offset off.
func (t *pyTight) lineAt(off int) int {
	at := -1
	for i, l := range t.fl.lines {
		if l.off > off {
			break
		}
		at = i
	}
	return at
}

// inScope reports whether line i is inside scope sc (in it or in a
// function nested in it); every line is in the module's.
func (fl *pyPathFlow) inScope(i, sc int) bool {
	if sc < 0 {
		return true
	}
	for s, n := fl.scope[i], 0; s >= 0 && n < 64; s, n = fl.scope[s], n+1 {
		if s == sc {
			return true
		}
	}
	return false
}

// copyTo judges a shutil copy or move, or an os.rename (the call's name
// at off, its parenthesis at open): to a local path, or a copy (not a
// move) to a backup beside its source.
func (t *pyTight) copyTo(off, open int) bool {
	sc := t.fl.scopeAt(off)
	args := pySplitArgs(t.c[open+1 : min(pyCloseParen(t.blank, open), len(t.c))])
	if len(args) < 2 {
		return false
	}
	dst := strings.TrimSpace(args[1])
	if k, v, kw := pyKwarg(dst); kw && k == "dst" {
		dst = v
	}
	if t.fl.root(dst, sc, 0) == pyRootLocal {
		return true
	}
	if name := t.c[off:open]; strings.Contains(name, "move") || strings.HasPrefix(name, "os.") {
		return false
	}
	return t.backupOf(dst, strings.TrimSpace(args[0]), sc, 0)
}

// backupData reports whether data written to target is the text of a
// file target is a backup of (backup.write_text(p.read_text())).
func (t *pyTight) backupData(data, target string, sc int) bool {
	data = pyTightStrip(data)
	for _, m := range []string{".read_text(", ".read_bytes("} {
		i := strings.LastIndex(data, m)
		if i > 0 && strings.HasSuffix(data, ")") && pyOpenOf(pyBlankKeep(data)) == i+len(m)-1 && !pySamePath(target, data[:i]) {
			return t.backupOf(target, data[:i], sc, 0)
		}
	}
	return false
}

// backupOf reports whether path dst is built from path src only, with a
// suffix or a timestamp (p.with_name(p.name + ".bak"), f"{p}.bak"): a
// copy of a file beside itself, under a name no agent reads.
func (t *pyTight) backupOf(dst, src string, sc, depth int) bool {
	src = pyTightStrip(src)
	dst = pyTightStrip(dst)
	if depth > 4 || !isPyIdent(src) || dst == "" || homeRef.MatchString(dst) {
		return false
	}
	if isPyIdent(dst) {
		bs := t.bindings(dst, sc)
		if len(bs) != 1 || bs[0].kind != "=" {
			return false
		}
		return t.backupOf(bs[0].rhs, src, sc, depth+1)
	}
	for _, m := range strLit.FindAllString(dst, -1) {
		if agentPathLit(strings.Trim(m, "\"'`")) {
			return false
		}
	}
	b := pyBlankFStringExprLits(pyBlankKeep(dst))
	seen := false
	for _, w := range pyWordRe.FindAllStringIndex(b, -1) {
		word := b[w[0]:w[1]]
		if w[0] > 0 && b[w[0]-1] >= '0' && b[w[0]-1] <= '9' || w[1] < len(b) && (b[w[1]] == '"' || b[w[1]] == '\'') {
			continue // a number's digits, a literal's prefix
		}
		switch {
		case word == src:
			seen = true
		case pyTightSets().backupWords[word]:
		default:
			return false
		}
	}
	return seen
}

// pyBlankFStringExprLits blanks the text of the string literals left in
// b (blanked by pyBlankKeep) inside braces: those an f-string's
// expressions hold (f"{p.name}.{time.strftime('%Y%m%d')}"), whose
// letters are a format, not names the path is built from. A literal
// with a dot or a slash may name a file or folder and is kept.
func pyBlankFStringExprLits(b string) string {
	out := []byte(b)
	for i := 0; i < len(out); i++ {
		if out[i] != '{' {
			continue
		}
		j := strings.IndexByte(b[i:], '}')
		if j < 0 {
			break
		}
		for _, m := range strLit.FindAllStringIndex(b[i:i+j], -1) {
			if strings.ContainsAny(b[i+m[0]:i+m[1]], "./\\") {
				continue // a name or folder of the path itself, judged as words
			}
			for k := i + m[0] + 1; k < i+m[1]-1; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
		}
		i += j
	}
	return string(out)
}
