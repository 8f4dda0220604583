package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Which way a shell script moves the agent settings it rewrites with jq,
// for rule agent-tamper (see agentdirection.go). A script that runs
// `jq FILTER "$settings" > "$tmp"` and then `mv "$tmp" "$settings"`
// writes back the very file jq read, changed only by FILTER; jqTightens
// reads FILTER as a pipe of updates (.permissions.allow |=
// map(select(…)), .permissions.defaultMode = "default",
// del(.skipDangerousModePermissionPrompt), .permissions.deny += [...],
// each perhaps under if … then … else . end) and hands each to
// settingsChangeTightens. Any other jq (a merge, a variable, a second
// input, --slurpfile, -n), another write to the temporary file, or a
// different file read keeps the move high.

// jqOut is a file a jq run's output was redirected to: the file jq read
// (expanded) and whether its filter only tightens.
type jqOut struct {
	input string
	tight bool
}

// jqKey names a redirection or operand word for jqOut: its source form
// and its expansion, so two temporary files both made by $(mktemp) are
// told apart by their variables.
func (s *shScan) jqKey(w *syntax.Word) string {
	return strings.Trim(wordText(w), `"'`) + "\x00" + strings.Trim(s.word(w), `"'`)
}

// jqStmt records a jq run whose output statement st redirects into a
// file, and forgets a recorded file any other statement writes.
func (s *shScan) jqStmt(st *syntax.Stmt, c call, ok bool) {
	for _, r := range st.Redirs {
		if r.Word == nil || r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.RdrClob && r.Op != syntax.RdrAll && r.Op != syntax.AppAll {
			continue
		}
		key := s.jqKey(r.Word)
		delete(s.jqOuts, key)
		if !ok || c.name != "jq" || r.Op == syntax.AppOut || r.Op == syntax.AppAll {
			continue
		}
		filter, input, good := jqArgs(c.args)
		if !good {
			continue
		}
		if s.jqOuts == nil {
			s.jqOuts = map[string]jqOut{}
		}
		if len(s.jqOuts) < 64 {
			s.jqOuts[key] = jqOut{input: strings.Trim(input, `"'`), tight: jqTightens(filter, 0)}
		}
	}
	if ok {
		for _, t := range fileWrites(c) {
			for k := range s.jqOuts {
				if strings.HasSuffix(k, "\x00"+strings.Trim(t, `"'`)) {
					delete(s.jqOuts, k)
				}
			}
		}
	}
}

// jqPipe records each sponge a jq run pipes into (jq FILTER "$f" |
// sponge "$f") whose filter only tightens, with the file jq read.
func (s *shScan) jqPipe(calls []call, ok []bool) {
	for i := 0; i+1 < len(calls); i++ {
		if !ok[i] || !ok[i+1] || calls[i].name != "jq" || calls[i+1].name != "sponge" || calls[i+1].raw == nil {
			continue
		}
		if filter, input, good := jqArgs(calls[i].args); good && jqTightens(filter, 0) {
			if s.jqSponges == nil {
				s.jqSponges = map[*syntax.CallExpr]string{}
			}
			if len(s.jqSponges) < 64 {
				s.jqSponges[calls[i+1].raw] = strings.Trim(input, `"'`)
			}
		}
	}
}

// jqTightWrite reports whether call c writes target with what a jq run
// over target itself gave, and the jq filter only tightens: a mv or cp
// of the file jq's output was redirected to, or a sponge jq pipes into.
func (s *shScan) jqTightWrite(c call, target string) bool {
	if c.name == "sponge" && c.raw != nil {
		in, found := s.jqSponges[c.raw]
		return found && in == strings.Trim(target, `"'`)
	}
	if c.name != "mv" && c.name != "cp" || c.raw == nil {
		return false
	}
	var words []*syntax.Word
	for _, w := range c.raw.Args[1:] {
		if t := wordText(w); !strings.HasPrefix(t, "-") {
			words = append(words, w)
		}
	}
	if ops := operands(c.args); len(words) != 2 || len(ops) != 2 {
		return false
	}
	out, found := s.jqOuts[s.jqKey(words[0])]
	return found && out.tight && out.input == strings.Trim(target, `"'`)
}

// jqArgs returns the filter and the one input file of a jq call's
// arguments; false when jq reads its filter from a file, reads no file
// or more than one, slurps, or is handed files or JSON it merges in.
func jqArgs(args []string) (filter, input string, ok bool) {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--arg" || a == "--argjson":
			i += 2 // a name and a value the filter may use (a variable fails it)
		case a == "--indent":
			i++
		case a == "-f" || a == "--from-file" || a == "--slurpfile" || a == "--rawfile" || a == "-n" || a == "--null-input" ||
			a == "-s" || a == "--slurp" || a == "--args" || a == "--jsonargs" || a == "--stream" || a == "--seq" ||
			a == "-R" || a == "--raw-input" || a == "-L":
			return "", "", false
		case strings.HasPrefix(a, "-") && a != "-":
			if strings.ContainsAny(a[1:], "nsRf") && !strings.HasPrefix(a, "--") {
				return "", "", false // -n, -s, -R, -f folded into short options
			}
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) != 2 {
		return "", "", false
	}
	return ops[0], ops[1], true
}

// jqTightens reports whether jq filter f only tightens the settings it
// is run on: a pipe of updates each settingsChangeTightens accepts.
func jqTightens(f string, depth int) bool {
	f = jqStrip(f)
	if depth > 8 || f == "" || jqUnsafeWord(f) {
		return false
	}
	segs := jqSplit(f, "|")
	if len(segs) > 1 {
		for _, s := range segs {
			if !jqTightens(s, depth+1) {
				return false
			}
		}
		return true
	}
	if len(jqSplit(f, ",")) > 1 {
		return false // several outputs
	}
	switch {
	case f == ".":
		return true
	case strings.HasPrefix(f, "if ") && strings.HasSuffix(f, "end"):
		return jqIfTightens(f, depth)
	case strings.HasPrefix(f, "del(") && jqClose(f, 3) == len(f)-1:
		for _, p := range jqSplit(f[4:len(f)-1], ",") {
			parts := jqSplit(p, "|")
			path, entries, ok := jqPath(parts[0])
			if !ok {
				return false
			}
			for _, sel := range parts[1:] {
				if !jqIsSelect(sel) {
					return false
				}
			}
			if entries {
				path = append(path, "")
			}
			if !settingsChangeTightens(path, changeDelete, "") {
				return false
			}
		}
		return true
	}
	op, at := jqUpdateOp(f)
	if at < 0 {
		return false
	}
	path, entries, ok := jqPath(f[:at])
	if !ok || entries {
		return false
	}
	rhs := jqStrip(f[at+len(op):])
	switch op {
	case "=":
		if v, lit := jqLit(rhs); lit {
			return settingsChangeTightens(path, changeSet, v)
		}
		rel, ok := jqRelative(rhs, path)
		if !ok {
			return false
		}
		rhs = rel
		fallthrough
	case "|=":
		if v, lit := jqLit(rhs); lit {
			return settingsChangeTightens(path, changeSet, v)
		}
		for _, stage := range jqSplit(rhs, "|") {
			ch, ok := jqStage(stage)
			if !ok {
				return false
			}
			if ch >= 0 && !settingsChangeTightens(path, ch, "") {
				return false
			}
		}
		return true
	case "+=":
		return settingsChangeTightens(path, changeAdd, "")
	case "-=":
		return settingsChangeTightens(path, changeRemove, "")
	case "//=":
		v, lit := jqLit(rhs)
		return lit && (v == "[]" || v == "{}" || v == "null" || settingsChangeTightens(path, changeSet, v))
	}
	return false
}

// jqRelative rewrites the right side of an assignment to path that
// starts from the same path's value ((.permissions.deny // []) + [...] |
// unique, [.permissions.allow[] | select(…)]) as an update of it (. +
// [...] | unique, [.[] | select(…)]); false when it starts elsewhere.
func jqRelative(rhs string, path []string) (string, bool) {
	same := func(e string) bool {
		e = jqStrip(e)
		if alt := jqSplit(e, "//"); len(alt) == 2 {
			if v, lit := jqLit(alt[1]); !lit || v != "[]" && v != "{}" {
				return false
			}
			e = alt[0]
		}
		keys, entries, ok := jqPath(e)
		return ok && !entries && samePath(keys, path)
	}
	stages := jqSplit(rhs, "|")
	first := jqStrip(stages[0])
	switch {
	case same(first):
		stages[0] = "."
	case strings.HasPrefix(first, "[") && jqClose(first, 0) == len(first)-1:
		parts := jqSplit(first[1:len(first)-1], "|")
		p := jqStrip(parts[0])
		if len(parts) != 2 || !strings.HasSuffix(p, "[]") || !same(p[:len(p)-2]) {
			return "", false
		}
		stages[0] = "[.[] |" + parts[1] + "]"
	default:
		found := false
		for _, op := range []string{"+", "-"} {
			if terms := jqSplit(first, op); len(terms) == 2 && same(terms[0]) {
				stages[0], found = ". "+op+terms[1], true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	return strings.Join(stages, "|"), true
}

// jqIfTightens judges if C then A elif C2 then B else E end: each branch
// a tightening filter (the conditions only read).
func jqIfTightens(f string, depth int) bool {
	body := f[len("if ") : len(f)-len("end")]
	parts := jqSplitWords(body)
	if len(parts) < 2 {
		return false
	}
	// parts alternate: cond, then-branch, [cond, then-branch]..., [else-branch]
	for i := 1; i < len(parts); i += 2 {
		if !jqTightens(parts[i], depth+1) {
			return false
		}
	}
	if len(parts)%2 == 1 && !jqTightens(parts[len(parts)-1], depth+1) {
		return false
	}
	return true
}

// jqSplitWords splits the inside of an if at its top-level then, elif
// and else: cond, branch, cond, branch, …, else-branch.
func jqSplitWords(b string) []string {
	return jqTopSplit(b, func(i int) int {
		if jqWordAt(b, i, "then") || jqWordAt(b, i, "elif") || jqWordAt(b, i, "else") {
			return 4
		}
		return 0
	})
}

// jqTopSplit splits f at the separators sepLen finds (given an offset,
// the length of the separator starting there, 0 for none), asked only
// outside strings, brackets and if … end.
func jqTopSplit(f string, sepLen func(i int) int) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '"':
			i = jqStringEnd(f, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case jqWordAt(f, i, "if"):
			depth++
		case jqWordAt(f, i, "end"):
			depth--
		case depth == 0:
			if n := sepLen(i); n > 0 {
				out = append(out, f[start:i])
				start = i + n
			}
		}
	}
	return append(out, f[start:])
}

// jqStage judges one stage of an update's right side (.x |= STAGE |
// STAGE): the change it makes to the list or map it is given, -1 for
// none (sort, unique, a default for a missing key), false when unknown.
func jqStage(s string) (settingsChange, bool) {
	s = jqStrip(s)
	switch {
	case s == "." || s == "sort" || s == "unique" || strings.HasPrefix(s, "unique_by(") || strings.HasPrefix(s, "sort_by("):
		return -1, true
	case strings.HasPrefix(s, ". //"):
		v, lit := jqLit(strings.TrimSpace(s[len(". //"):]))
		return -1, lit && (v == "[]" || v == "{}")
	case strings.HasPrefix(s, "map(") && jqClose(s, 3) == len(s)-1:
		return changeRemove, jqIsSelect(s[4 : len(s)-1])
	case strings.HasPrefix(s, "with_entries(") && jqClose(s, 12) == len(s)-1:
		return changeRemove, jqIsSelect(s[13 : len(s)-1])
	case strings.HasPrefix(s, "[") && jqClose(s, 0) == len(s)-1:
		parts := jqSplit(s[1:len(s)-1], "|")
		if len(parts) != 2 || jqStrip(parts[0]) != ".[]" {
			return 0, false
		}
		return changeRemove, jqIsSelect(parts[1])
	case strings.HasPrefix(s, "del(") && jqClose(s, 3) == len(s)-1:
		for _, p := range jqSplit(s[4:len(s)-1], ",") {
			parts := jqSplit(p, "|")
			if _, _, ok := jqPath(parts[0]); !ok {
				return 0, false
			}
			for _, sel := range parts[1:] {
				if !jqIsSelect(sel) {
					return 0, false
				}
			}
		}
		return changeRemove, true
	}
	for _, op := range []string{"-", "+"} {
		if terms := jqSplit(s, op); len(terms) == 2 && jqStrip(terms[0]) == "." && jqArray(terms[1]) {
			if op == "-" {
				return changeRemove, true
			}
			return changeAdd, true
		}
	}
	return 0, false
}

// jqArray reports whether s is one array literal: the other operand of
// . - […] or . + […], with no operator after it (. - ["a"] + ["b"] adds
// "b").
func jqArray(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "[") && jqClose(s, 0) == len(s)-1
}

// jqIsSelect reports whether s is select(C): it keeps or drops what it
// is given, unchanged.
func jqIsSelect(s string) bool {
	s = jqStrip(s)
	return strings.HasPrefix(s, "select(") && jqClose(s, 6) == len(s)-1
}

// jqUnsafeWord reports words of jq through which a filter reaches data
// or code the walk does not read: other inputs, the environment,
// definitions, reductions, path functions, variables.
func jqUnsafeWord(f string) bool {
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == '"':
			i = jqStringEnd(f, i)
		case f[i] == '$':
			return true
		default:
			for _, w := range []string{"input", "inputs", "env", "def", "reduce", "foreach", "setpath", "delpaths", "getpath", "paths", "limit", "label", "include", "import", "splits", "tojson", "fromjson", "walk", "recurse", "to_entries", "from_entries", "add", "first", "last"} {
				if jqWordAt(f, i, w) {
					return true
				}
			}
		}
	}
	return false
}

// jqWordAt reports whether word w stands at offset i of f as a whole
// word (not a key after a dot).
func jqWordAt(f string, i int, w string) bool {
	if !strings.HasPrefix(f[i:], w) {
		return false
	}
	if i > 0 && (isWordByte(f[i-1]) || f[i-1] == '.' || f[i-1] == '$') {
		return false
	}
	j := i + len(w)
	return j >= len(f) || !isWordByte(f[j])
}

// jqStringEnd returns the offset of the quote closing the string that
// opens at offset i of f (string interpolations \(…) inside skipped).
func jqStringEnd(f string, i int) int {
	for j := i + 1; j < len(f); j++ {
		switch f[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(f)
}

// jqClose returns the offset of the bracket closing the one at offset i.
func jqClose(f string, i int) int {
	depth := 0
	for j := i; j < len(f); j++ {
		switch f[j] {
		case '"':
			j = jqStringEnd(f, j)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(f)
}

// jqStrip trims f and the parentheses around it.
func jqStrip(f string) string {
	f = strings.TrimSpace(f)
	for len(f) > 1 && f[0] == '(' && jqClose(f, 0) == len(f)-1 {
		f = strings.TrimSpace(f[1 : len(f)-1])
	}
	return f
}

// jqSplit splits f at sep outside strings, brackets and if … end; "|"
// is not split at |=, nor "-" or "+" at -=, +=.
func jqSplit(f, sep string) []string {
	return jqTopSplit(f, func(i int) int {
		switch {
		case !strings.HasPrefix(f[i:], sep),
			i+len(sep) < len(f) && f[i+len(sep)] == '=',
			(sep == "-" || sep == "+") && i+1 < len(f) && f[i+1] == sep[0]:
			return 0
		}
		return len(sep)
	})
}

// jqUpdateOp returns the top-level update operator of f (=, |=, +=,
// -=, //=) and its offset, or -1.
func jqUpdateOp(f string) (string, int) {
	depth := 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '"':
			i = jqStringEnd(f, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0 && c == '=':
			if i+1 < len(f) && f[i+1] == '=' {
				return "", -1 // a comparison, not an update
			}
			switch {
			case i >= 2 && f[i-2:i] == "//":
				return "//=", i - 2
			case i >= 1 && (f[i-1] == '|' || f[i-1] == '+' || f[i-1] == '-'):
				return f[i-1 : i+1], i - 1
			case i >= 1 && strings.IndexByte("!<>*/%", f[i-1]) >= 0:
				return "", -1
			}
			return "=", i
		}
	}
	return "", -1
}

// jqPath reads a path expression (.permissions.allow, ."a-b",
// .["x"], .a?): its keys, and whether it ends at the entries of a list
// or map (.allow[], .allow[0]).
func jqPath(p string) (keys []string, entries, ok bool) {
	p = jqStrip(p)
	if !strings.HasPrefix(p, ".") {
		return nil, false, false
	}
	i := 0
	for i < len(p) {
		if entries {
			return nil, false, false // a key after the entries
		}
		switch {
		case p[i] == '.' && i+1 < len(p) && p[i+1] == '"':
			end := jqStringEnd(p, i+1)
			keys = append(keys, p[i+2:end])
			i = end + 1
		case p[i] == '.' && i+1 < len(p) && p[i+1] == '[':
			i++
		case p[i] == '.':
			j := i + 1
			for j < len(p) && isWordByte(p[j]) {
				j++
			}
			if j == i+1 {
				if len(p) == 1 {
					return nil, false, false // . itself
				}
				return nil, false, false
			}
			keys = append(keys, p[i+1:j])
			i = j
		case p[i] == '[':
			end := jqClose(p, i)
			if end >= len(p) {
				return nil, false, false
			}
			in := strings.TrimSpace(p[i+1 : end])
			switch {
			case in == "" || strings.Trim(in, "0123456789-") == "":
				entries = true
			case strings.HasPrefix(in, `"`) && jqStringEnd(in, 0) == len(in)-1:
				keys = append(keys, in[1:len(in)-1])
			default:
				return nil, false, false
			}
			i = end + 1
		case p[i] == '?':
			i++
		default:
			return nil, false, false
		}
	}
	return keys, entries, len(keys) > 0
}

// jqLit reads a jq literal a key may be set to: true, false, null, a
// string (no interpolation), a number, [] or {}.
func jqLit(s string) (string, bool) {
	s = jqStrip(s)
	switch s {
	case "true", "false", "null", "[]", "{}":
		return s, true
	}
	if strings.HasPrefix(s, `"`) && jqStringEnd(s, 0) == len(s)-1 && !strings.Contains(s, `\(`) {
		return s[1 : len(s)-1], true
	}
	if s != "" && strings.Trim(s, "0123456789.-") == "" {
		return s, true
	}
	return "", false
}
