package audit

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// scriptFuncs returns the script's shell functions by name (the last
// definition of a name wins), from every file the scan has parsed so
// far. A script parsed line by line gains roots as the scan goes: the
// ones not yet read are added at each call, so a lookup made mid-scan
// does not hide the functions defined after it from a later one.
func (s *shScan) scriptFuncs() map[string]*syntax.Stmt {
	if s.dg.funcs == nil {
		s.dg.funcs = map[string]*syntax.Stmt{}
	}
	for ; s.dg.funcRoots < len(s.dg.roots); s.dg.funcRoots++ {
		nodes := 0
		syntax.Walk(s.dg.roots[s.dg.funcRoots].f, func(n syntax.Node) bool {
			if nodes++; nodes > maxKeyNodes {
				return false
			}
			if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil && len(s.dg.funcs) < 256 {
				s.dg.funcs[fd.Name.Value] = fd.Body
			}
			return true
		})
	}
	return s.dg.funcs
}

// metaOnlyCmd reports a command that reads or tightens a file's
// metadata (mode, owner, name, type), never its content, and sends
// nothing: stat, ls -ld, test -e/-f/-d, a chmod that only removes
// group/other bits (or sets the owner's), chown, a find that only
// matches (-perm, -type) and prints, and the printing and control
// builtins a check reports with (read of the names a find prints).
func metaOnlyCmd(c call) bool {
	switch c.name {
	case "stat", "ls", "test", "[", "basename", "dirname", "realpath", "readlink", "echo", "printf", "return", "true", "false", ":", "shift", "exit", "chown", "chgrp", "id", "whoami", "date", "umask", "read":
		// read takes standard input: a file reaches it only through a
		// redirection or a pipe from a reader, both judged on their own
		return true
	case "chmod":
		return chmodTightens(c.args)
	case "find":
		// -exec runs a program on each match (cat, curl), -delete and
		// -fprint* change files: only matching and printing is a check
		return !hasArg(c.args, "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls")
	}
	return false
}

// chmodTightens reports a chmod whose mode only takes permissions away
// from the group and others or sets the owner's own (600, 0700, go-rwx,
// u=rw,go=): one that widens a file (644, 777, o+r, +x) or whose mode is
// not written out is not a hygiene fix.
func chmodTightens(args []string) bool {
	mode := ""
	for _, a := range args {
		switch {
		case a == "--":
		case a == "-R" || a == "-f" || a == "-v" || a == "-c" || a == "--recursive" || a == "--silent" || a == "--quiet" || a == "--verbose" || a == "--changes":
		case mode == "" && strings.HasPrefix(a, "-") && strings.Trim(a[1:], "rwxXst") == "" && len(a) > 1:
			mode = a // chmod -w FILE: a mode, not an option
		case strings.HasPrefix(a, "-"):
			return false // --reference=FILE copies another file's mode
		case mode == "":
			mode = a
		}
	}
	if mode == "" {
		return false
	}
	if v, err := strconv.ParseUint(mode, 8, 16); err == nil {
		return v&0o7077 == 0
	}
	for _, clause := range strings.Split(mode, ",") {
		ops := strings.TrimLeft(clause, "ugoa")
		who := clause[:len(clause)-len(ops)]
		owner := who != "" && strings.Trim(who, "u") == ""
		if ops == "" {
			return false
		}
		for rest := ops; rest != ""; {
			op := rest[0]
			if op != '-' && op != '+' && op != '=' {
				return false
			}
			perms := rest[1:]
			if i := strings.IndexAny(perms, "-+="); i >= 0 {
				perms, rest = perms[:i], perms[i:]
			} else {
				rest = ""
			}
			if strings.Trim(perms, "rwxXstugo") != "" {
				return false
			}
			if op != '-' && perms != "" && (!owner || strings.Trim(perms, "rwxX") != "") {
				return false // adds bits for the group or others, or setuid
			}
		}
	}
	return true
}

// funcNamed returns the body of the script's function a command name
// (lower-cased, as call holds it) runs, or nil.
func (s *shScan) funcNamed(name string) *syntax.Stmt {
	funcs := s.scriptFuncs()
	if body := funcs[name]; body != nil {
		return body
	}
	for fn, body := range funcs {
		if strings.ToLower(fn) == name {
			return body
		}
	}
	return nil
}

// maxMetaFuncDepth bounds how deep metaOnlyFunc follows functions that
// call functions, and maxMetaFuncNodes the nodes it walks in all.
const (
	maxMetaFuncDepth = 8
	maxMetaFuncNodes = 4096
)

// metaOnlyFunc reports whether the script defines name as a shell
// function that is a metadata check, whatever its length: every command
// of its body, and of each function of the script it calls, is a
// metaOnlyCmd, and no redirection reads a file into it (< FILE, $(<
// FILE)). Such a function called with ~/.ssh or a key checks its mode;
// one that cats, copies, base64s, sources or reads the file, or runs
// anything that sends, is not one.
func (s *shScan) metaOnlyFunc(name string) bool {
	nodes := 0
	return s.metaOnlyBody(name, 0, map[string]bool{}, &nodes)
}

func (s *shScan) metaOnlyBody(name string, depth int, seen map[string]bool, nodes *int) bool {
	body := s.funcNamed(name)
	if body == nil || depth > maxMetaFuncDepth {
		return false
	}
	if seen[name] {
		return true // a recursive call: the body is judged where it was entered
	}
	seen[name] = true
	ok := true
	syntax.Walk(body, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		if *nodes++; *nodes > maxMetaFuncNodes {
			ok = false
			return false
		}
		st, isStmt := n.(*syntax.Stmt)
		if !isStmt {
			return true
		}
		for _, r := range st.Redirs {
			if (r.Op == syntax.RdrIn || r.Op == syntax.RdrInOut) && (r.Word == nil || wordText(r.Word) != "/dev/null") {
				ok = false
				return false
			}
		}
		if ce, isCall := st.Cmd.(*syntax.CallExpr); isCall && len(ce.Args) > 0 {
			c, called := s.callOf(st)
			switch {
			case !called:
				ok = false
			case s.funcNamed(c.name) != nil:
				// the script's own function shadows a program of its name
				ok = s.metaOnlyBody(c.name, depth+1, seen, nodes)
			default:
				ok = metaOnlyCmd(c)
			}
		}
		return ok
	})
	return ok
}

// credReadOf names the credential store call c reads, or "". A call of a
// function the script defines that is a metadata check (metaOnlyFunc:
// check_mode "$HOME/.ssh" 700 whose body stats the path and tightens
// it with chmod go-rwx) is a permission check, not a read; a function
// whose body cats its argument, or sends anything, still counts, and so
// does any other read of the same path. The function's definition is
// looked up only for a call that would be a read: judging every call
// made a long pipeline slow.
func (s *shScan) credReadOf(c call) string {
	what := credRead(c)
	if what != "" && s.metaOnlyFunc(c.name) {
		return ""
	}
	return what
}
