package audit

import (
	"path"
	"strconv"
	"strings"
	"sync"
)

// A Prolog program (SWI-Prolog, SICStus, GNU Prolog, YAP) that connects a
// socket, reads what the other end sends and runs it as a shell command
// (shell/1,2, process_create of a shell or of the text, system/1, popen/3,
// exec/3) or as a goal (call/N, a variable goal) is a reverse shell:
// whoever is at the other end runs commands on this machine (critical), as
// rmsockrun.go reads R and MATLAB. Prolog passes the text through logic
// variables and the file's own predicates (board_loop connects, calls
// board_session(Stream), which calls board_serve(S), which reads a line,
// splits it, joins it into Cmd and runs sh -c Cmd), often from a detached
// thread_create, so there is no sleep for the remote command loop rule to
// see. So each predicate gets a summary: which of its arguments come out
// holding a socket or data read from one (given what its callers pass in)
// and which of its arguments reach a run; a run of data read from a socket
// the file connects (or listens on) is the finding. A socket only to the
// loopback address (a local language server's channel), a fixed command
// run beside a socket, and a command that does not come from the socket
// are not findings. .pl is also Perl's extension: the file is read as
// Prolog only when its text is Prolog's (directives, clauses) and not
// Perl's.

var (
	// prologLooks is Prolog's text: a directive, or a clause whose body
	// starts on its own line.
	prologLooks = lazyRE(`(?m)^:-\s*(?:module|use_module|initialization|dynamic|discontiguous|ensure_loaded|set_prolog_flag|begin_tests|multifile|table|consult)\b|^[a-z]\w*(?:\([^\n]*\))?\s*:-\s*(?:%.*)?$`)
	// perlLooks is Perl's text, which a .pl file of Perl has.
	perlLooks = lazyRE(`(?m)^\s*(?:use\s+(?:strict|warnings|[A-Z]\w*(?:::\w+)*)\b[^\n]*;|my\s+[$@%]|sub\s+\w+\s*\{|package\s+[A-Za-z]\w*(?:::\w+)*\s*;)`)
	// prologShellExe is a shell or interpreter named as process_create's
	// program, whose arguments then are a command line.
	prologShellExe = lazyRE(`^(?:path\(\s*'?(?:ba|z|da|k|c|fi|tc)?sh'?\s*\)|path\(\s*'?(?:cmd|powershell|pwsh|python3?|perl|ruby|node)'?\s*\)|'(?:/usr)?(?:/local)?/bin/(?:ba|z|da|k)?sh')$`)
	// prologLoopback is a loopback address written as a socket's host.
	prologLoopback = lazyRE(`(?:^|[^\w.])'?(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)'?\s*:|ip\(\s*127\s*,|://(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3})\b`)
	// prologVar is a variable (the anonymous _ is dropped by its reader).
	prologVar = lazyRE(`(?:^|[^\w'])([A-Z_][A-Za-z0-9_]*)`)
	// prologHeadName is a clause head's or a goal's name, its arguments
	// following a '(' right after it.
	prologHeadName = lazyRE(`^(?:[a-z]\w*:)?([a-z]\w*)(\()?`)
)

// prologExts are the extensions a Prolog file may have; .pl and .pro are
// Perl's and qmake's too, so those are read only when prologLooks.
var prologExts = lazySet(".pl", ".pro", ".prolog", ".plt")

// isProlog reports whether rel with content is a Prolog source.
func isProlog(rel, content string) bool {
	ext := path.Ext(rel)
	if !prologExts()[ext] && !prologExts()[strings.ToLower(ext)] {
		if !strings.HasPrefix(content, "#!") {
			return false
		}
		sb, _, _ := strings.Cut(content, "\n")
		if !strings.Contains(sb, "swipl") && !strings.Contains(sb, "gprolog") && !strings.Contains(sb, "yap") && !strings.Contains(sb, "scryer-prolog") {
			return false
		}
	}
	return prologLooks.MatchString(content) && !perlLooks.MatchString(content)
}

// prologBlank returns content with comments blanked (code) and also with
// the insides of quoted atoms, strings and character codes blanked
// (bare); both keep every offset and newline.
func prologBlank(content string) (code, bare string) {
	c, b := []byte(content), []byte(content)
	blank := func(i int, both bool) {
		if c[i] != '\n' {
			b[i] = ' '
			if both {
				c[i] = ' '
			}
		}
	}
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; {
		case ch == '%':
			for ; i < len(c) && c[i] != '\n'; i++ {
				blank(i, true)
			}
		case ch == '/' && i+1 < len(c) && c[i+1] == '*':
			j := strings.Index(content[i+2:], "*/")
			end := len(c)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			for ; i < end; i++ {
				blank(i, true)
			}
			i--
		case ch == '0' && i+1 < len(c) && c[i+1] == '\'' && (i == 0 || !isWordByte(c[i-1])):
			// 0'c is a character code: its character is no quote
			j := i + 2
			if j < len(c) && (c[j] == '\\' || c[j] == '\'') {
				j++
			}
			for k := i + 1; k <= j && k < len(c); k++ {
				blank(k, false)
			}
			i = j
		case ch == '\'' || ch == '"' || ch == '`':
			j := i + 1
			for ; j < len(c); j++ {
				if c[j] == '\\' {
					blank(j, false)
					j++
					if j < len(c) {
						blank(j, false)
					}
					continue
				}
				if c[j] == ch {
					if j+1 < len(c) && c[j+1] == ch { // '' inside '...'
						blank(j, false)
						j++
						blank(j, false)
						continue
					}
					break
				}
				blank(j, false)
			}
			i = j
		}
	}
	return string(c), string(b)
}

// prologSymbolChar reports whether c is one of Prolog's symbol characters
// (a '.' after one is part of an operator such as =.., not a clause end).
func prologSymbolChar(c byte) bool {
	return strings.IndexByte("+-*/\\^<>=~:.?@#&$", c) >= 0
}

// prologSpan is a part of the file: [from, to).
type prologSpan struct{ from, to int }

// prologGoal is one goal of a clause body: its name (empty for an
// operator expression, "call" for a variable goal), its arguments and
// where it is.
type prologGoal struct {
	name string
	args []prologSpan
	at   prologSpan
	cmp  bool // a comparison: binds nothing
	// vars are the variables of each argument, read once.
	vars [][]string
}

// prologClause is one clause: its head's name and arguments and its
// body's goals.
type prologClause struct {
	name  string
	args  []prologSpan
	goals []prologGoal
	// vars are the variables of each head argument.
	vars [][]string
}

// prologSplit splits bare[from:to] at top-level occurrences of the
// separators sep reports (returning their length at i, or 0).
func prologSplit(bare string, from, to int, sep func(i int) int) []prologSpan {
	var out []prologSpan
	depth, start := 0, from
	for i := from; i < to; i++ {
		switch bare[i] {
		case '(', '[', '{':
			depth++
			continue
		case ')', ']', '}':
			depth--
			continue
		}
		if depth == 0 {
			if n := sep(i); n > 0 {
				out = append(out, prologSpan{start, i})
				start = i + n
				i += n - 1
			}
		}
	}
	return append(out, prologSpan{start, to})
}

// prologTrim narrows s to its text without surrounding blanks.
func prologTrim(bare string, s prologSpan) prologSpan {
	for s.from < s.to && strings.IndexByte(" \t\r\n", bare[s.from]) >= 0 {
		s.from++
	}
	for s.to > s.from && strings.IndexByte(" \t\r\n", bare[s.to-1]) >= 0 {
		s.to--
	}
	return s
}

// prologClose returns the offset of the bracket closing the one at open,
// or -1.
func prologClose(bare string, open, to int) int {
	depth := 0
	for i := open; i < to; i++ {
		switch bare[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// prologArgs splits the arguments between the '(' at open and its ')'.
func prologArgs(bare string, open, closing int) []prologSpan {
	if strings.TrimSpace(bare[open+1:closing]) == "" {
		return nil
	}
	parts := prologSplit(bare, open+1, closing, func(i int) int {
		if bare[i] == ',' {
			return 1
		}
		return 0
	})
	for i := range parts {
		parts[i] = prologTrim(bare, parts[i])
	}
	return parts
}

// prologMeta are the control predicates whose arguments are goals: the
// value the argument indexes of each that are goals, made on first use
// (TestInitIsCheap).
var prologMeta = sync.OnceValue(func() map[string][]int {
	return map[string][]int{
		"catch": {0, 2}, "catch_with_backtrace": {0, 2}, "forall": {0, 1}, "setup_call_cleanup": {0, 1, 2},
		"call_cleanup": {0, 1}, "once": {0}, "ignore": {0}, "not": {0}, "with_output_to": {1},
		"thread_create": {0}, "findall": {1}, "bagof": {1}, "setof": {1}, "aggregate_all": {1},
		"time": {0}, "call_with_time_limit": {1}, "with_mutex": {1}, "call_with_depth_limit": {0},
		"thread_create_in_pool": {1}, "forall_": {0},
	}
})

// prologCmpOp is an operator expression that compares and binds nothing.
var prologCmpOp = lazyRE(`==|\\==|@[<>]=?|@=<|=:=|=\\=|\\=@?=?|=@=|>=|=<|[^-=]>|<[^-=]`)

// prologGoals appends the goals of bare[s] to out, looking into
// conjunctions, disjunctions, if-then-else and the control predicates.
func prologGoals(bare string, s prologSpan, out *[]prologGoal, depth int) {
	if depth > 40 {
		return
	}
	parts := prologSplit(bare, s.from, s.to, func(i int) int {
		switch {
		case bare[i] == ',' || bare[i] == ';' || bare[i] == '|':
			return 1
		case strings.HasPrefix(bare[i:], "*->"):
			return 3
		case strings.HasPrefix(bare[i:], "->") && (i == 0 || bare[i-1] != '-'):
			return 2
		}
		return 0
	})
	for _, p := range parts {
		p = prologTrim(bare, p)
		for p.from < p.to && (bare[p.from] == '\\' && p.from+1 < p.to && bare[p.from+1] == '+') {
			p = prologTrim(bare, prologSpan{p.from + 2, p.to})
		}
		if p.from >= p.to {
			continue
		}
		if bare[p.from] == '(' || bare[p.from] == '{' {
			if prologClose(bare, p.from, p.to) == p.to-1 {
				prologGoals(bare, prologSpan{p.from + 1, p.to - 1}, out, depth+1)
				continue
			}
		}
		text := bare[p.from:p.to]
		if m := prologHeadName.FindStringSubmatchIndex(text); m != nil && m[4] >= 0 {
			open := p.from + m[4]
			if cl := prologClose(bare, open, p.to); cl == p.to-1 {
				name := text[m[2]:m[3]]
				args := prologArgs(bare, open, cl)
				if idx, ok := prologMeta()[name]; ok || name == "call" && len(args) == 1 && !prologIsVar(bare, args[0]) {
					if !ok {
						idx = []int{0}
					}
					for _, i := range idx {
						if i < len(args) {
							prologGoals(bare, args[i], out, depth+1)
						}
					}
					if name == "findall" || name == "bagof" || name == "setof" || name == "aggregate_all" {
						// the template's values are what the result holds
						*out = append(*out, prologGoal{name: "=", args: args, at: p})
					}
					continue
				}
				*out = append(*out, prologGoal{name: name, args: args, at: p})
				continue
			}
		}
		if m := prologHeadName.FindStringSubmatch(text); m != nil && len(m[0]) == len(text) {
			*out = append(*out, prologGoal{name: m[1], at: p}) // an atom goal: a call of arity 0
			continue
		}
		if prologIsVar(bare, p) {
			*out = append(*out, prologGoal{name: "call", args: []prologSpan{p}, at: p})
			continue
		}
		*out = append(*out, prologGoal{args: []prologSpan{p}, at: p, cmp: prologCmpOp.MatchString(text)})
	}
}

// prologIsVar reports whether bare[s] is one variable.
func prologIsVar(bare string, s prologSpan) bool {
	t := bare[s.from:s.to]
	if t == "" || !(t[0] == '_' || t[0] >= 'A' && t[0] <= 'Z') {
		return false
	}
	for i := 0; i < len(t); i++ {
		if !isWordByte(t[i]) {
			return false
		}
	}
	return true
}

// prologClauses splits bare into clauses and reads each one's head and
// goals.
func prologClauses(bare string) []prologClause {
	var out []prologClause
	start := 0
	for i := 0; i <= len(bare) && len(out) < rmSockRunMax; i++ {
		end := i == len(bare)
		if !end {
			if bare[i] != '.' || i+1 < len(bare) && strings.IndexByte(" \t\r\n%", bare[i+1]) < 0 || i > 0 && prologSymbolChar(bare[i-1]) {
				continue
			}
		}
		s := prologTrim(bare, prologSpan{start, i})
		start = i + 1
		if s.from >= s.to {
			continue
		}
		var c prologClause
		body := prologSpan{s.to, s.to}
		hs := prologSplit(bare, s.from, s.to, func(j int) int {
			if strings.HasPrefix(bare[j:], ":-") || strings.HasPrefix(bare[j:], "-->") {
				if j > s.from && prologSymbolChar(bare[j-1]) {
					return 0
				}
				if bare[j] == '-' {
					return 3
				}
				return 2
			}
			return 0
		})
		head := prologTrim(bare, hs[0])
		if len(hs) > 1 {
			body = prologSpan{hs[1].from, s.to}
		}
		if head.from < head.to {
			if m := prologHeadName.FindStringSubmatchIndex(bare[head.from:head.to]); m != nil {
				c.name = bare[head.from+m[2] : head.from+m[3]]
				if m[4] >= 0 {
					open := head.from + m[4]
					if cl := prologClose(bare, open, head.to); cl > open {
						c.args = prologArgs(bare, open, cl)
					}
				}
			}
		}
		prologGoals(bare, body, &c.goals, 0)
		c.vars = prologArgVars(bare, c.args)
		for g := range c.goals {
			c.goals[g].vars = prologArgVars(bare, c.goals[g].args)
		}
		out = append(out, c)
	}
	return out
}

// prologArgVars returns the variables of each of args.
func prologArgVars(bare string, args []prologSpan) [][]string {
	out := make([][]string, len(args))
	for i, s := range args {
		for _, m := range prologVar.FindAllStringSubmatch(bare[s.from:s.to], 256) {
			if m[1] != "_" {
				out[i] = append(out[i], m[1])
			}
		}
	}
	return out
}

// prologVal is what a variable may hold: a socket (s) or data read from
// one (d). Bit 63 of each is the file's own socket; bit i < 62 stands for
// what the caller passes as argument i: its socket in s, its data in d,
// and in r data the clause reads from argument i's socket.
type prologVal struct{ s, d, r uint64 }

// prologOwn is the bit of a socket the file itself connects.
const prologOwn = uint64(1) << 63

// or returns the union of v and w.
func (v prologVal) or(w prologVal) prologVal { return prologVal{v.s | w.s, v.d | w.d, v.r | w.r} }

// read is what reading from v yields: data of whatever socket v holds.
func (v prologVal) read() prologVal {
	return prologVal{d: v.s & prologOwn, r: v.s &^ prologOwn}
}

// prologSummary is what a predicate does with its arguments: what each
// argument holds when it returns, and which arguments' data (d) or
// sockets read (r) reach a run.
type prologSummary struct {
	out        []prologVal
	runD, runR uint64
	// runAt is where the run is (the first one the summary saw), which
	// the finding names rather than the call that reaches it.
	runAt int
}

// prologReads are the predicates that read their first argument (a
// stream) into their other arguments.
var prologReads = lazySet("read_line_to_string", "read_line_to_codes", "read_term", "read", "read_string",
	"read_stream_to_codes", "read_pending_codes", "read_pending_chars", "get_char", "get_code", "read_line",
	"json_read", "json_read_dict", "ws_receive", "udp_receive", "read_term_with_history", "csv_read_stream", "read_line_as_string")

// prologConnects open a socket: the goal's variables hold it unless its
// address is the loopback one.
var prologConnects = lazySet("tcp_connect", "tcp_bind", "socket_client_open", "socket_server_open", "socket_connect",
	"http_open_websocket", "tcp_open")

// prologSocketOps carry a socket from one argument to the others.
var prologSocketOps = lazySet("tcp_open_socket", "tcp_accept", "tcp_listen", "stream_pair", "ssl_negotiate",
	"socket_server_accept", "socket_accept", "tcp_select")

// prologOutputs write their arguments out and bind nothing from them.
var prologOutputs = lazySet("format", "write", "writeln", "print", "writeq", "write_canonical", "write_term", "nl",
	"flush_output", "close", "print_message", "debug", "portray_clause", "ws_send", "tcp_close_socket", "put_char",
	"assertion", "must_be", "is_list", "atom", "string", "var", "nonvar", "number", "sleep", "halt", "thread_join")

// prologSockRunAt returns the offset in bare of a run of what a socket
// the file connects sent, or -1.
func prologSockRunAt(code, bare string) int {
	clauses := prologClauses(bare)
	defs := map[string][]int{}
	for i, c := range clauses {
		if c.name != "" {
			k := c.name + "/" + strconv.Itoa(len(c.args))
			defs[k] = append(defs[k], i)
		}
	}
	sums := map[string]*prologSummary{}
	for k, cs := range defs {
		sums[k] = &prologSummary{out: make([]prologVal, len(clauses[cs[0]].args)), runAt: -1}
	}
	// callers are the clauses calling each predicate, analysed again
	// when its summary grows (a worklist: a chain of helpers settles in
	// one pass per link, whichever order the file defines them in)
	callers := map[string][]int{}
	for i, c := range clauses {
		for _, g := range c.goals {
			if k := g.name + "/" + strconv.Itoa(len(g.args)); sums[k] != nil {
				callers[k] = append(callers[k], i)
			}
		}
	}
	work := make([]int, 0, len(clauses))
	queued := make([]bool, len(clauses))
	for i := len(clauses) - 1; i >= 0; i-- {
		work = append(work, i)
		queued[i] = true
	}
	found := -1
	for budget := 64 * (len(clauses) + 1); len(work) > 0 && budget > 0; budget-- {
		i := work[len(work)-1]
		work, queued[i] = work[:len(work)-1], false
		c := clauses[i]
		if !prologClauseRun(code, bare, c, sums, &found) {
			continue
		}
		for _, j := range callers[c.name+"/"+strconv.Itoa(len(c.args))] {
			if !queued[j] {
				work, queued[j] = append(work, j), true
			}
		}
	}
	return found
}

// prologClauseRun analyses one clause given the summaries so far, widens
// its predicate's summary (reporting whether it grew) and records in
// found the earliest run of the file's own socket data.
func prologClauseRun(code, bare string, c prologClause, sums map[string]*prologSummary, found *int) bool {
	vals := map[string]prologVal{}
	valOf := func(vs []string) prologVal {
		var v prologVal
		for _, n := range vs {
			v = v.or(vals[n])
		}
		return v
	}
	grew := false
	set := func(vs []string, v prologVal) {
		for _, n := range vs {
			if w := vals[n].or(v); w != vals[n] {
				vals[n] = w
				grew = true
			}
		}
	}
	for i, vs := range c.vars {
		if i < 62 {
			set(vs, prologVal{s: 1 << i, d: 1 << i})
		}
	}
	var runD, runR uint64
	runAt := -1
	run := func(v prologVal, at int) {
		if v.d&prologOwn != 0 && (*found < 0 || at < *found) {
			*found = at
		}
		if v.d&^prologOwn != 0 || v.r != 0 {
			runD |= v.d &^ prologOwn
			runR |= v.r
			if runAt < 0 || at < runAt {
				runAt = at
			}
		}
	}
	for range 12 {
		grew = false
		for _, g := range c.goals {
			n := len(g.args)
			switch {
			case g.cmp:
			case sums[g.name+"/"+strconv.Itoa(n)] != nil:
				sum := sums[g.name+"/"+strconv.Itoa(n)]
				in := make([]prologVal, n)
				for i, vs := range g.vars {
					in[i] = valOf(vs)
				}
				for i, vs := range g.vars {
					if i >= 62 {
						break
					}
					bit := uint64(1) << i
					if sum.runD&bit != 0 {
						run(prologVal{d: in[i].d, r: in[i].r}, sum.runAt)
					}
					if sum.runR&bit != 0 {
						run(in[i].read(), sum.runAt)
					}
					if i < len(sum.out) {
						set(vs, prologApply(sum.out[i], in))
					}
				}
			case prologConnects()[g.name]:
				if !prologLoopback.MatchString(code[g.at.from:g.at.to]) {
					for _, vs := range g.vars {
						set(vs, prologVal{s: prologOwn})
					}
				}
				fallthrough
			case prologSocketOps()[g.name] || g.name == "=" || g.name == "":
				var v prologVal
				for _, vs := range g.vars {
					v = v.or(valOf(vs))
				}
				for _, vs := range g.vars {
					set(vs, v)
				}
			case prologReads()[g.name] && n >= 2:
				v := valOf(g.vars[0]).read()
				for _, vs := range g.vars[1:] {
					set(vs, v)
				}
			case g.name == "shell" || g.name == "system" || g.name == "popen" || g.name == "exec" || g.name == "call":
				if n > 0 {
					run(valOf(g.vars[0]), g.at.from)
				}
			case g.name == "win_shell":
				if n > 1 {
					run(valOf(g.vars[1]), g.at.from)
				}
			case g.name == "process_create":
				if n > 0 {
					run(valOf(g.vars[0]), g.at.from)
				}
				if n > 1 && prologShellExe.MatchString(code[g.args[0].from:g.args[0].to]) {
					run(valOf(g.vars[1]), g.at.from)
				}
			case g.name == "format" && n == 3 && strings.Contains(bare[g.args[0].from:g.args[0].to], "("):
				// format(atom(Cmd), Fmt, Args) builds Cmd from Args
				set(g.vars[0], valOf(g.vars[2]))
			case prologOutputs()[g.name]:
			default: // a builtin computing its arguments from each other
				var v prologVal
				for _, vs := range g.vars {
					v = v.or(valOf(vs))
				}
				v.s = 0 // what is computed from a socket is no socket
				for _, vs := range g.vars {
					set(vs, v)
				}
			}
		}
		if !grew {
			break
		}
	}
	sum := sums[c.name+"/"+strconv.Itoa(len(c.args))]
	if c.name == "" || sum == nil {
		return false
	}
	changed := false
	if sum.runD|runD != sum.runD || sum.runR|runR != sum.runR {
		sum.runD |= runD
		sum.runR |= runR
		changed = true
	}
	if runAt >= 0 && (sum.runAt < 0 || runAt < sum.runAt) {
		sum.runAt = runAt
	}
	for i, vs := range c.vars {
		if i < len(sum.out) {
			if w := sum.out[i].or(valOf(vs)); w != sum.out[i] {
				sum.out[i] = w
				changed = true
			}
		}
	}
	return changed
}

// prologApply turns a summary's value (in terms of the callee's
// arguments) into the caller's, given what the caller passes.
func prologApply(v prologVal, in []prologVal) prologVal {
	out := prologVal{s: v.s & prologOwn, d: v.d & prologOwn}
	for i, a := range in {
		if i >= 62 {
			break
		}
		bit := uint64(1) << i
		if v.s&bit != 0 {
			out.s |= a.s
		}
		if v.d&bit != 0 {
			out.d |= a.d
			out.r |= a.r
		}
		if v.r&bit != 0 {
			out = out.or(a.read())
		}
	}
	return out
}

// scanPrologSockRun reports a Prolog file that runs what it reads from a
// socket it connects (see above).
func scanPrologSockRun(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "tcp_") && !strings.Contains(content, "socket") && !strings.Contains(content, "websocket") {
		return
	}
	if !isProlog(rel, content) {
		return
	}
	code, bare := prologBlank(content)
	p := prologSockRunAt(code, bare)
	if p < 0 {
		return
	}
	ln := 1 + strings.Count(code[:p], "\n")
	for _, f := range sc.findings {
		if f.File == rel && f.RuleID == "reverse-shell" {
			return
		}
	}
	sc.add(rel, ln, "reverse-shell", Critical, "connects a socket, reads what the other end sends and runs it as a shell command or goal: whoever is at the other end runs commands on this machine (reverse shell)",
		trimmedLine(content, ln))
}
