package audit

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// lookupOutput returns what a program lookup prints, so a variable set
// from one is the program it names: command -v, which, type -p/-P and
// zsh's whence -p print the path of each program found, one a line, and
// SH=$(command -v bash sh) runs bash when ${SH} is used as a command.
// The names stand for their paths (the rules match a program by its base
// name); options and a lookup whose output is sent elsewhere (>/dev/null)
// print nothing. ok is false for any other command.
func (s *shScan) lookupOutput(st *syntax.Stmt, ce *syntax.CallExpr) (string, bool) {
	fields, err := safeFields(s.newConfig(), ce.Args...)
	if err != nil || len(fields) < 2 {
		return "", false
	}
	args := fields[1:]
	switch path.Base(fields[0]) {
	case "command":
		if args[0] != "-v" {
			return "", false
		}
	case "which":
	case "type", "whence":
		if args[0] != "-p" && args[0] != "-P" {
			return "", false
		}
	default:
		return "", false
	}
	var names []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return "", false
	}
	for _, r := range st.Redirs {
		if (r.N == nil || r.N.Value == "1") && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrAll || r.Op == syntax.AppAll || r.Op == syntax.RdrClob) {
			return "", true
		}
	}
	return strings.Join(names, "\n"), true
}

// makeShellOutput returns what make's $(shell cmd) gives when cmd is a
// command the shell normaliser evaluates without running anything (echo,
// printf, a decoder pipeline, a program lookup: stmtOutput), with
// newlines turned into spaces as make does; ok is false otherwise, and
// the call is then left for the shell rules as $(cmd), as it is when cmd
// still holds an expansion or a substitution make left to the shell.
func makeShellOutput(cmd string) (string, bool) {
	if len(cmd) > maxVarBytes || strings.ContainsAny(cmd, "$`") {
		return "", false
	}
	var f *syntax.File
	if err := safely(func() (err error) {
		f, err = syntax.NewParser().Parse(strings.NewReader(cmd), "")
		return err
	}); err != nil || len(f.Stmts) != 1 {
		return "", false
	}
	s := &shScan{}
	out, ok := s.stmtOutput(f.Stmts[0])
	if !ok {
		return "", false
	}
	return strings.ReplaceAll(strings.TrimRight(out, "\n"), "\n", " "), true
}
