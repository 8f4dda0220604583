package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule credential-read, a private key read in a shell script that only
// inspects what it read (keyinspect.go has the Python reader): an SSH key
// inventory greps each key for ENCRYPTED, looks at its first line, counts
// its bytes, and prints names, modes and fingerprints (ssh-keygen -l,
// stat and ls read no content). Every credential read of the script is
// followed to where its output goes: a command that prints nothing of
// what it reads (grep -q, -c or -l, wc, file, cmp -s, a digest such as
// sha256sum, openssl … -noout) is a test; a command that passes content
// on (head, tail, cat, sed -n, cut, tr, grep, base64…) is followed down
// its pipeline to such a test, to a [ ]/[[ ]]/case test of its
// substitution, or into a variable whose every use is a test, a length,
// a here-string or pipe into a test, or another such variable. Output
// that reaches the terminal, a file, another command's arguments, or a
// command not listed (cp, tar, gpg, an interpreter) may leave: high
// stays.

// shSink is where the output of a statement (or of the pipeline it ends)
// goes.
type shSink int

const (
	sinkOut     shSink = iota // the terminal, or what runs the script
	sinkTest                  // a test's operand: [ "$(…)" = x ], case $(…) in
	sinkCapture               // a variable: v=$(…)
	sinkArg                   // another command's argument, a loop's words
)

// shOut places a statement: the pipeline it is a stage of (pipe, idx),
// and where the pipeline's output goes (sink, capture for sinkCapture).
type shOut struct {
	pipe    []*syntax.Stmt
	idx     int
	sink    shSink
	capture string
}

// shKeys is the inspect-only state of one shell scan: the files it
// parsed, where each statement's output goes (built on the first
// credential read), the reads seen, whether one may leave, and the
// variables holding content.
type shKeys struct {
	files []*syntax.File
	ctx   map[*syntax.Stmt]shOut
	built int // files[:built] are in ctx
	reads int
	leak  bool
	vars  map[string]bool
}

// maxKeyNodes bounds the nodes the inspect-only walks visit per script.
const maxKeyNodes = 200000

// keyFile records a parsed file of the script (a script that does not
// parse whole is parsed line by line, one file each).
func (s *shScan) keyFile(f *syntax.File) {
	if s.w != inScript || len(s.keys.files) >= 4096 {
		return
	}
	s.keys.files = append(s.keys.files, f)
}

// keyRead judges the credential read c at statement st: a test, or
// content followed to a test or a variable, or content that may leave.
func (s *shScan) keyRead(st *syntax.Stmt, c call) {
	k := &s.keys
	k.reads++
	if k.leak || s.w != inScript || shInspector(c) {
		return
	}
	if !shContentFilter(c) || !s.outputQuiet(st, 0) {
		k.leak = true
	}
}

// keysInspected reports whether every credential read of the script was
// only inspected (see above).
func (s *shScan) keysInspected() bool {
	k := &s.keys
	return k.reads > 0 && !k.leak && s.keyVarsRead()
}

// shInspector reports a command that reads a file (or its input) and
// prints nothing of its content: a match's yes or no, a count, file
// names, a type, a digest.
func shInspector(c call) bool {
	switch c.name {
	case "grep", "egrep", "fgrep", "rg", "zgrep":
		for _, f := range []string{"-q", "-c", "-l", "-L", "--quiet", "--silent", "--count", "--files-with-matches", "--files-without-match"} {
			if hasArg(c.args, f) {
				return true
			}
		}
	case "wc", "file", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "md5sum", "md5", "shasum", "b2sum", "cksum", "stat":
		return true
	case "cmp":
		return hasArg(c.args, "-s") || hasArg(c.args, "--silent") || hasArg(c.args, "--quiet")
	case "diff":
		return hasArg(c.args, "-q") || hasArg(c.args, "--brief")
	case "openssl":
		return hasArgExact(c.args, "-noout") && !hasArgExact(c.args, "-text") && !hasArgExact(c.args, "-out") && !hasArgExact(c.args, "-pubout")
	}
	return false
}

// shSedWrites matches a sed script that writes a file or runs a command
// (w file, e command) rather than printing.
var shSedWrites = lazyRE(`(?:^|[;/}\s])[wWe]\s*\S|\bw$`)

// shContentFilter reports a command that prints (part of) what it reads
// to its standard output and does nothing else with it.
func shContentFilter(c call) bool {
	switch c.name {
	case "head", "tail", "cat", "cut", "tr", "sort", "uniq", "fold", "rev", "nl", "grep", "egrep", "fgrep", "base64", "xxd", "od", "hexdump", "strings", "echo", "printf":
		return true
	case "sed":
		for _, a := range c.args {
			if strings.HasPrefix(a, "-i") || a == "--in-place" || shSedWrites.MatchString(a) {
				return false
			}
		}
		return true
	case "awk", "gawk", "mawk":
		for _, a := range c.args {
			if strings.ContainsAny(a, ">|") || strings.Contains(a, "system") || strings.Contains(a, "getline") {
				return false
			}
		}
		return true
	}
	return false
}

// stdoutTarget returns where st sends its standard output by a
// redirection: a file name, "&" for another descriptor, or "" for none.
func stdoutTarget(st *syntax.Stmt) string {
	for _, r := range st.Redirs {
		if r.N != nil && r.N.Value != "1" {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
			if r.Word != nil {
				return wordText(r.Word)
			}
		case syntax.DplOut:
			return "&"
		}
	}
	return ""
}

// outputQuiet reports whether the output of st stays unseen: discarded,
// piped on through filters into a test, a test's operand, or captured in
// a variable (then judged by its uses, keyVarsRead).
func (s *shScan) outputQuiet(st *syntax.Stmt, depth int) bool {
	if t := stdoutTarget(st); t != "" {
		return t == "/dev/null"
	}
	s.buildKeyCtx()
	o, ok := s.keys.ctx[st]
	if !ok {
		return false
	}
	if o.pipe != nil && o.idx+1 < len(o.pipe) {
		next := o.pipe[o.idx+1]
		nc, ok := s.callOf(next)
		switch {
		case !ok:
			return false
		case shInspector(nc):
			return true
		case shContentFilter(nc) && depth < 16:
			return s.outputQuiet(next, depth+1)
		}
		return false
	}
	switch o.sink {
	case sinkTest:
		return true
	case sinkCapture:
		if s.keys.vars == nil {
			s.keys.vars = map[string]bool{}
		}
		if len(s.keys.vars) >= 16 {
			return false
		}
		s.keys.vars[o.capture] = true
		return true
	}
	return false
}

// walkWithStack walks f calling visit with each node and its ancestors
// (innermost last), within maxKeyNodes nodes; false when the budget ran
// out.
func walkWithStack(f *syntax.File, visit func(n syntax.Node, stack []syntax.Node)) bool {
	var stack []syntax.Node
	nodes := 0
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if nodes++; nodes > maxKeyNodes {
			return false
		}
		visit(n, stack)
		stack = append(stack, n)
		return true
	})
	return nodes <= maxKeyNodes
}

// buildKeyCtx places every statement of the files parsed so far (shOut).
func (s *shScan) buildKeyCtx() {
	k := &s.keys
	if k.ctx == nil {
		k.ctx = map[*syntax.Stmt]shOut{}
	}
	var mark func(st *syntax.Stmt, sink shSink, v string, depth int)
	mark = func(st *syntax.Stmt, sink shSink, v string, depth int) {
		if depth > 64 {
			return
		}
		bc, ok := st.Cmd.(*syntax.BinaryCmd)
		switch {
		case ok && isPipe(bc):
			k.ctx[st] = shOut{sink: sink, capture: v}
			stages := flattenPipe(bc)
			for i, p := range stages {
				k.ctx[p] = shOut{pipe: stages, idx: i, sink: sink, capture: v}
			}
		case ok:
			k.ctx[st] = shOut{sink: sink, capture: v}
			mark(bc.X, sink, v, depth+1)
			mark(bc.Y, sink, v, depth+1)
		default:
			k.ctx[st] = shOut{sink: sink, capture: v}
		}
	}
	for ; k.built < len(k.files); k.built++ {
		if !walkWithStack(k.files[k.built], func(n syntax.Node, stack []syntax.Node) {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				sink, v := substSink(stack)
				for _, st := range n.Stmts {
					mark(st, sink, v, 0)
				}
			case *syntax.Stmt:
				if _, seen := k.ctx[n]; !seen {
					mark(n, sinkOut, "", 0)
				}
			}
		}) {
			k.leak = true
		}
	}
}

// substSink says where the output of a command substitution whose
// ancestors are stack goes.
func substSink(stack []syntax.Node) (shSink, string) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *syntax.Assign:
			if n.Name != nil && n.Array == nil {
				return sinkCapture, n.Name.Value
			}
			return sinkArg, ""
		case *syntax.TestClause, *syntax.ArithmExp, *syntax.ArithmCmd:
			return sinkTest, ""
		case *syntax.CaseClause:
			if i+1 < len(stack) && stack[i+1] == syntax.Node(n.Word) {
				return sinkTest, ""
			}
			return sinkArg, ""
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				if name := wordText(n.Args[0]); name == "[" || name == "test" {
					return sinkTest, ""
				}
			}
			return sinkArg, ""
		case *syntax.Stmt:
			return sinkArg, ""
		}
	}
	return sinkArg, ""
}

// keyVarsRead reports whether every variable found holding content
// (keys.vars, growing as uses assign it on) is only tested, measured, or
// passed on quietly (see above).
func (s *shScan) keyVarsRead() bool {
	k := &s.keys
	done := map[string]bool{}
	for rounds := 0; rounds < 32; rounds++ {
		var todo []string
		for v := range k.vars {
			if !done[v] {
				todo = append(todo, v)
			}
		}
		if len(todo) == 0 {
			return !k.leak
		}
		for _, v := range todo {
			done[v] = true
			for _, f := range k.files {
				ok := true
				if !walkWithStack(f, func(n syntax.Node, stack []syntax.Node) {
					if pe, isPE := n.(*syntax.ParamExp); isPE && ok && pe.Param != nil && pe.Param.Value == v && !pe.Length {
						ok = s.keyVarUseRead(stack)
					}
				}) || !ok {
					return false
				}
			}
			if k.leak {
				return false
			}
		}
	}
	return false
}

// keyVarUseRead reports whether a use of a variable holding content,
// with ancestors stack, is a test, an assignment (the variable assigned
// then holds it: keys.vars), or input to a command whose output stays
// unseen (outputQuiet).
func (s *shScan) keyVarUseRead(stack []syntax.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *syntax.TestClause, *syntax.ArithmExp, *syntax.ArithmCmd:
			return true
		case *syntax.CaseClause:
			return i+1 < len(stack) && stack[i+1] == syntax.Node(n.Word)
		case *syntax.Assign:
			if n.Name == nil || len(s.keys.vars) >= 16 {
				return false
			}
			s.keys.vars[n.Name.Value] = true
			return true
		case *syntax.Redirect:
			if n.Op != syntax.WordHdoc {
				return false
			}
			// a here-string: the statement's command reads it
			for j := i - 1; j >= 0; j-- {
				if st, ok := stack[j].(*syntax.Stmt); ok {
					c, ok := s.callOf(st)
					return ok && (shInspector(c) || shContentFilter(c) && s.outputQuiet(st, 0))
				}
			}
			return false
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				if name := wordText(n.Args[0]); name == "[" || name == "test" {
					return true
				}
			}
			for j := i - 1; j >= 0; j-- {
				if st, ok := stack[j].(*syntax.Stmt); ok {
					c, ok := s.callOf(st)
					return ok && (c.name == "echo" || c.name == "printf") && s.outputQuiet(st, 0)
				}
			}
			return false
		case *syntax.Stmt:
			return false
		}
	}
	return false
}
