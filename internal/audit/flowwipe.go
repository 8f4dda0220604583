package audit

import (
	"regexp"
	"strings"
)

// Removal of home joined to a listed target through a helper (rule
// destructive-command): a cleaner whose removal sits in a function of
// its own (function remove(p) { fs.rmSync(p, {recursive: true}) },
// def nuke(p): shutil.rmtree(p)) and whose callers pass it the home
// folder joined to each target (for (const d of userDirs()) remove(d),
// where userDirs returns targets.map((t) => path.join(os.homedir(), t)))
// removes each target under home as surely as a removal written on the
// join's own line. The removal's argument is followed to where its value
// comes from: a variable's assignment, the list a loop binding it walks
// (for … of/in, range, .forEach/.map callbacks), the arguments callers
// pass the function's parameter, and the return (or yield) of a function
// called there, a few steps deep; when one of them is home joined to a
// variable (homeJoinRE), the data files and in-code lists the code walks
// are read as targets under home, as datawipe.go and inlinewipe.go read
// them. A removal whose argument comes from nothing joined to home is
// judged only by its absolute targets, as before.

var (
	// flowFuncHead is a named function's head (JavaScript, TypeScript,
	// Python, Ruby, Go, Rust, Perl, PHP, Lua): name in group 1 or 3,
	// parameters in group 2 or 4 (an arrow function bound to a name).
	flowFuncHead = lazyRE(`\b(?:function|def|func|fn|sub)\s+(\w+)\s*(?:<[^>\n]*>)?\(([^)]*)\)|\b(?:const|let|var)\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:async\s*)?\(([^)]*)\)\s*(?::[^=\n]+)?=>`)
	// flowReturn is a return or yield statement's value (group 1).
	flowReturn = lazyRE(`\b(?:return|yield)\s+([^;\n]+)`)
	// flowCall is a whole call: its function's name (past a receiver) in
	// group 1.
	flowCall = lazyRE(`^(?:[\w.]*\.)?(\w+)\s*\(`)
)

// flowBudget bounds the expressions followed for one code file, so a
// file of many helpers calling each other costs a bounded number of
// searches.
const flowBudget = 24

// homeJoinFlow returns the offset in code of a home join (join) that the
// first argument of the removal at r takes its value from, followed
// through variables, loops, a helper's parameters and functions'
// returns, or -1. seen holds the expressions already followed for this
// file (shared by its removals, at most flowBudget).
func homeJoinFlow(code string, r []int, join *regexp.Regexp, seen map[string]bool) int {
	args := stmtArgs(code[r[1]-1:])
	if len(args) == 0 {
		return -1
	}
	return flowFrom(code, strings.TrimSpace(args[0]), r[0], join, 0, seen)
}

// flowFrom returns the offset of a home join expression e (found before
// at in code, for variables and parameters) takes its value from, or -1.
func flowFrom(code, e string, at int, join *regexp.Regexp, depth int, seen map[string]bool) int {
	e = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(e), "&"))
	if depth > 5 || e == "" || len(e) > 400 || seen[e] || len(seen) >= flowBudget {
		return -1
	}
	seen[e] = true
	if len(e) > 2 && e[0] == '(' && balanced(e, 0) == e {
		e = strings.TrimSpace(e[1 : len(e)-1]) // a loop's list in parentheses: for my $t (@targets)
	}
	if m := join.FindStringIndex(e); m != nil {
		if i := strings.Index(code, e); i >= 0 {
			return i + m[0]
		}
		return at
	}
	name := strings.TrimLeft(e, "$@")
	if identRe.MatchString(name) {
		q := regexp.QuoteMeta(name)
		// assignments: const p = …, p = …, p := …
		as := regexp.MustCompile(`(?m)(?:^|[^\w.])[\$@]?` + q + `\s*(?::\s*[\w:<>\[\]]+\s*)?:?=\s*([^=\n;][^\n;]*)`)
		for _, m := range as.FindAllStringSubmatchIndex(code, 8) {
			if o := flowFrom(code, code[m[2]:m[3]], m[2], join, depth+1, seen); o >= 0 {
				return o
			}
		}
		// elements added to a list it names: push @t, …; t.append(…);
		// t.push(…); t << …
		for _, m := range flowAdds(name).FindAllStringSubmatchIndex(code, 8) {
			g := 2 // the group of the alternative that matched
			if m[g] < 0 {
				g = 4
			}
			if o := flowFrom(code, code[m[g]:m[g+1]], m[g], join, depth+1, seen); o >= 0 {
				return o
			}
		}
		// loops binding it: the list walked
		for _, l := range inlineLists(code, name, len(code)) {
			if o := flowFrom(code, l, at, join, depth+1, seen); o >= 0 {
				return o
			}
		}
		// a parameter of the function around at: its callers' arguments
		if fn, i := flowParam(code, name, at); fn != "" {
			call := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\s*\(`)
			for _, m := range call.FindAllStringIndex(code, 16) {
				if flowIsHead(code, m[0]) {
					continue
				}
				cargs := stmtArgs(code[m[1]-1:])
				if i < len(cargs) {
					if o := flowFrom(code, cargs[i], m[0], join, depth+1, seen); o >= 0 {
						return o
					}
				}
			}
		}
		return -1
	}
	// a call of a function the code defines: what it returns or yields
	if m := flowCall.FindStringSubmatch(e); m != nil {
		if body, off := flowFuncBody(code, m[1]); body != "" {
			if t := strings.TrimLeft(body, " \t"); t != "" && t[0] != '{' && t[0] != ':' && t[0] != '\n' {
				// an arrow function's expression body is its return
				lead := len(body) - len(t)
				if o := flowFrom(code, balanced(body, lead), off+lead, join, depth+1, seen); o >= 0 {
					return o
				}
			}
			for _, rm := range flowReturn.FindAllStringSubmatchIndex(body, 8) {
				if o := flowFrom(code, body[rm[2]:rm[3]], off+rm[2], join, depth+1, seen); o >= 0 {
					return o
				}
			}
		}
	}
	return -1
}

// flowParam returns the name of the innermost named function before at
// whose parameters hold name, and name's index among them, or "", -1.
func flowParam(code, name string, at int) (string, int) {
	ms := flowFuncHead.re().FindAllStringSubmatchIndex(code[:min(at, len(code))], -1)
	for k := len(ms) - 1; k >= 0; k-- {
		m := ms[k]
		fn, ps := "", ""
		if m[2] >= 0 {
			fn, ps = code[m[2]:m[3]], code[m[4]:m[5]]
		} else {
			fn, ps = code[m[6]:m[7]], code[m[8]:m[9]]
		}
		for i, p := range splitTop(ps) {
			p = strings.TrimSpace(strings.SplitN(p, "=", 2)[0])
			if w := wordRe.FindString(strings.TrimLeft(p, "$@&*")); w == name {
				return fn, i
			}
		}
		return "", -1
	}
	return "", -1
}

// flowIsHead reports whether the call at i is the function's own head
// (function f(, def f(, const f = (…) =>).
func flowIsHead(code string, i int) bool {
	before := strings.TrimRight(code[:i], " \t")
	for _, kw := range []string{"function", "def", "func", "fn", "sub"} {
		if strings.HasSuffix(before, kw) {
			return true
		}
	}
	return false
}

// flowFuncBody returns the body of the function fn that code defines
// (from its head to the next function head, at most 4,000 bytes) and its
// offset, or "", 0.
func flowFuncBody(code, fn string) (string, int) {
	heads := flowFuncHead.re().FindAllStringSubmatchIndex(code, -1)
	for k, m := range heads {
		name := ""
		if m[2] >= 0 {
			name = code[m[2]:m[3]]
		} else {
			name = code[m[6]:m[7]]
		}
		if name != fn {
			continue
		}
		end := len(code)
		if k+1 < len(heads) {
			end = heads[k+1][0]
		}
		end = min(end, m[1]+4000)
		return code[m[1]:end], m[1]
	}
	return "", 0
}

// flowAdds matches an element added to the list named name, its
// expression in group 1 (Perl) or 2 (the others): Perl's push/unshift (push @t, e), Python's
// append/insert/add, JavaScript's push/unshift, Ruby's <<.
func flowAdds(name string) *regexp.Regexp {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`(?m)\b(?:push|unshift)\s*\(?\s*@` + q + `\s*,\s*([^\n;]+)|(?:^|[^\w.$])` + q + `\s*(?:\.\s*(?:append|push|unshift|add|insert)\s*\(|<<)\s*([^\n;]+)`)
}
