package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule destructive-command for a removal under a root the script may
// leave empty: `rm -rf "$root"/*` is `rm -rf /*` when $root expands to
// nothing, and it does when the script never assigns root, or assigns
// it only an argument or an environment variable ($1, $CACHE_DIR) that
// nothing checks. Such a removal is ranked as rm -rf /* is. A check that
// the value is set stops the script or skips the removal first, so it is
// not a finding: ${root:?} (in the removal or anywhere before it), a
// test of the variable or of the value it came from ([ -z "$root" ] &&
// exit, [ -n "$1" ] ||, [ -d "$root" ]), a test of the argument count
// ($#) for an argument, or set -u when no expansion gives the variable a
// default. A root assigned anything else (a literal, $(mktemp -d),
// "$HOME/x", a default ${1:-build}), a variable of the runtime (PWD, a
// CI runner's workspace), an argument of a function (its callers pass
// it) or a script that sources another file (which may assign it) are
// left alone.

// emptyRootRuntime are variables the runtime always sets: never empty.
var emptyRootRuntime = lazySet("PWD", "HOME", "GITHUB_WORKSPACE", "RUNNER_TEMP", "RUNNER_TOOL_CACHE", "CI_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PROJECT_DIR")

// emptyRootFacts is what a script says about its variables: how each
// name is assigned, which names a test or a ${x:?} checks (by offset),
// whether set -u is on (its offset, -1 off), which names have a
// default somewhere, and whether it sources another file.
type emptyRootFacts struct {
	// from maps a name assigned only plain expansions to the names it
	// takes its value from; other marks a name assigned anything else.
	from      map[string][]string
	other     map[string]bool
	checked   map[string]int // name -> offset of its first check
	argcCheck int            // offset of the first $# test, -1 none
	nounset   int
	defaulted map[string]bool
	sources   bool
	funcs     [][2]int // offsets of function bodies
}

// emptyRootWipes returns the rm calls of f that remove everything under
// a root the script may leave empty (see the top of this file), with
// the variable each names.
func emptyRootWipes(f *syntax.File) map[*syntax.CallExpr]string {
	var rms []*syntax.CallExpr
	facts := &emptyRootFacts{from: map[string][]string{}, other: map[string]bool{}, checked: map[string]int{}, argcCheck: -1, nounset: -1, defaulted: map[string]bool{}}
	check := func(name string, off int) {
		if name == "#" && (facts.argcCheck < 0 || off < facts.argcCheck) {
			facts.argcCheck = off
		}
		if o, ok := facts.checked[name]; !ok || off < o {
			facts.checked[name] = off
		}
	}
	assign := func(a *syntax.Assign) {
		if a == nil || a.Name == nil {
			return
		}
		name := a.Name.Value
		if a.Array != nil || a.Index != nil || a.Append || a.Naked {
			if !a.Naked {
				facts.other[name] = true
			}
			return
		}
		if src, ok := plainParam(a.Value); ok {
			facts.from[name] = append(facts.from[name], src)
			return
		}
		facts.other[name] = true
	}
	steps := 0
	syntax.Walk(f, func(n syntax.Node) bool {
		if steps++; steps > 200000 {
			return false
		}
		switch n := n.(type) {
		case *syntax.FuncDecl:
			if n.Body != nil {
				facts.funcs = append(facts.funcs, [2]int{int(n.Body.Pos().Offset()), int(n.Body.End().Offset())})
			}
		case *syntax.ParamExp:
			if n.Param == nil || n.Exp == nil {
				break
			}
			switch n.Exp.Op {
			case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
				check(n.Param.Value, int(n.Pos().Offset()))
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
				facts.defaulted[n.Param.Value] = true
			}
		case *syntax.TestClause:
			for _, name := range paramsIn(n) {
				check(name, int(n.Pos().Offset()))
			}
		case *syntax.DeclClause:
			for _, a := range n.Args {
				assign(a)
			}
		case *syntax.ForClause:
			if wi, ok := n.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				facts.other[wi.Name.Value] = true
			}
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				assign(a)
			}
			if len(n.Args) == 0 {
				break
			}
			name := wordText(n.Args[0])
			switch name {
			case "[", "test", "[[":
				for _, name := range paramsIn(n) {
					check(name, int(n.Pos().Offset()))
				}
			case "set":
				for i, a := range n.Args[1:] {
					t := wordText(a)
					if t == "-o" && i+2 < len(n.Args) && wordText(n.Args[i+2]) == "nounset" || len(t) > 1 && t[0] == '-' && t[1] != '-' && t[1] != 'o' && strings.Contains(t, "u") {
						if facts.nounset < 0 {
							facts.nounset = int(n.Pos().Offset())
						}
					}
				}
			case "source", ".":
				facts.sources = true
			case "read", "getopts", "mapfile", "readarray", "printf", "let", "export", "local", "declare", "typeset", "readonly":
				for _, a := range n.Args[1:] {
					if t := wordText(a); isIdentBytes(strings.SplitN(t, "=", 2)[0]) {
						facts.other[strings.SplitN(t, "=", 2)[0]] = true
					}
				}
			case "rm":
				rms = append(rms, n)
			default:
				if len(n.Args) > 1 && (name == "sudo" || name == "command" || name == "doas") && wordText(n.Args[1]) == "rm" {
					rms = append(rms, n)
				}
			}
		}
		return true
	})
	out := map[*syntax.CallExpr]string{}
	for _, ce := range rms {
		off := int(ce.Pos().Offset())
		for _, w := range ce.Args[1:] {
			name, ok := rootGlob(w)
			if !ok {
				continue
			}
			if facts.mayBeEmpty(name, off, 0) {
				out[ce] = name
				break
			}
		}
	}
	return out
}

// mayBeEmpty reports whether name may expand to nothing at offset off:
// never assigned or assigned only from names that may, with no check of
// it (or of them) before off.
func (fs *emptyRootFacts) mayBeEmpty(name string, off, depth int) bool {
	if depth > 4 || emptyRootRuntime()[name] || fs.other[name] {
		return false
	}
	if o, ok := fs.checked[name]; ok && o < off {
		return false
	}
	positional := name == "@" || name == "*" || name != "" && name[0] >= '0' && name[0] <= '9'
	if positional {
		if fs.argcCheck >= 0 && fs.argcCheck < off {
			return false
		}
		for _, b := range fs.funcs {
			if off >= b[0] && off < b[1] {
				return false // a function's argument: its callers pass it
			}
		}
	}
	srcs, assigned := fs.from[name]
	if !assigned {
		// set -u stops at the expansion of an unset name, unless an
		// expansion of it gives a default
		if fs.nounset >= 0 && fs.nounset < off && !fs.defaulted[name] {
			return false
		}
		return positional || !fs.sources
	}
	for _, src := range srcs {
		if src == name || !fs.mayBeEmpty(src, off, depth+1) {
			return false
		}
	}
	return true
}

// plainParam returns the name a word expands alone, with nothing around
// it and no operator ($1, "${CACHE_DIR}"; an empty default ${1:-} too,
// which gives nothing); ok false for anything else.
func plainParam(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return "", false
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 {
		return "", false
	}
	if pe.Exp != nil {
		empty := pe.Exp.Word == nil || len(pe.Exp.Word.Parts) == 0
		if !(empty && (pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.DefaultUnsetOrNull)) {
			return "", false
		}
	}
	return pe.Param.Value, true
}

// rootGlob returns the variable of an rm operand that is a variable
// then /, /* or /.* unquoted ("$root"/*, "${root}/"*, $dir/*): with the
// variable empty, the root filesystem or everything in it.
func rootGlob(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) == 0 {
		return "", false
	}
	var name string
	var rest strings.Builder
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp:
			if i != 0 {
				return "", false
			}
			n, ok := plainParam(&syntax.Word{Parts: []syntax.WordPart{p}})
			if !ok {
				return "", false
			}
			name = n
		case *syntax.DblQuoted:
			for k, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.ParamExp:
					if i != 0 || k != 0 {
						return "", false
					}
					n, ok := plainParam(&syntax.Word{Parts: []syntax.WordPart{q}})
					if !ok {
						return "", false
					}
					name = n
				case *syntax.Lit:
					if strings.ContainsAny(q.Value, "*") {
						return "", false // quoted: no glob
					}
					rest.WriteString(q.Value)
				default:
					return "", false
				}
			}
		case *syntax.Lit:
			if i == 0 {
				return "", false
			}
			rest.WriteString(p.Value)
		default:
			return "", false
		}
	}
	switch rest.String() {
	case "/", "/*", "/.*", "/*/":
		return name, name != ""
	}
	return "", false
}

// paramsIn returns the names a test expands.
func paramsIn(n syntax.Node) []string {
	var out []string
	syntax.Walk(n, func(m syntax.Node) bool {
		if pe, ok := m.(*syntax.ParamExp); ok && pe.Param != nil {
			out = append(out, pe.Param.Value)
		}
		return true
	})
	return out
}
