package audit

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Two shell shapes the pipeline rules do not see:
//
// A command fetched into a variable and run later (job=$(curl …);
// sh -c "$job", eval "$job"): a download run unseen, as curl | sh is,
// spelt in two statements. In a script that also sleeps (a poll) it is
// a remote command loop, reported under reverse-shell like the loops of
// the other languages (remoteloop.go).
//
// A script written by a script (printf '%s\n' '#!/bin/sh' … > /usr/local/bin/x,
// cat > hook.sh <<EOF … EOF): its text is code that runs later, so it is
// scanned as shell where it is written, line for line where the layout
// allows.

// remoteState is what a shell scan keeps for the shapes above.
type remoteState struct {
	// fetched maps variables assigned from a network fetch to the line
	// of the assignment.
	fetched map[string]int
	// runs are the lines where a fetched variable is run as code.
	runs []remoteRun
	// slept is set when the scan meets a sleep command.
	slept bool
	// fetchFuncs maps the shell functions whose body fetches to
	// standard output, in lower case, to the fetcher (noteFetchFunc).
	fetchFuncs map[string]string
}

// remoteRun is a place where a shell script runs a fetched variable as
// code: line is 1-based within the scanned code, runner the command that
// runs it (sh -c, eval, an interpreter) and v the variable's name.
// finishRemote reports it once the whole script is read: a remote
// command loop if the script also sleeps, a download run otherwise.
type remoteRun struct {
	line      int
	runner, v string
}

// remoteStmt runs the checks above on one statement: it marks variables
// assigned from a fetch, notes a shell, eval or interpreter given one as
// code, and scans a script the statement writes to a file.
func (s *shScan) remoteStmt(st *syntax.Stmt, c call, ok bool, line int) {
	var as []*syntax.Assign
	switch x := st.Cmd.(type) {
	case *syntax.FuncDecl:
		s.noteFetchFunc(x)
	case *syntax.CallExpr:
		as = x.Assigns
	case *syntax.DeclClause:
		as = x.Args
	}
	for _, a := range as {
		if a.Name == nil || a.Value == nil || !s.fetchedWord(a.Value) {
			continue
		}
		if s.rs.fetched == nil {
			s.rs.fetched = map[string]int{}
		}
		if len(s.rs.fetched) < maxVars {
			s.rs.fetched[a.Name.Value] = line
		}
	}
	if !ok {
		return
	}
	if c.name == "sleep" {
		s.rs.slept = true
	}
	if len(s.rs.fetched) > 0 {
		if v := s.runsFetched(c); v != "" {
			s.rs.runs = append(s.rs.runs, remoteRun{line, c.name, v})
		}
	}
	s.writtenScript(st, c, line)
}

// fetchedWord reports whether a word's command substitutions fetch from
// the network (a stage of a pipeline counts: $(curl … | jq -r .run)),
// directly or through a function the script defines around a fetcher
// that prints what it downloads (get() { curl -fsSL "$@"; }; s=$(get URL)),
// as the pipeline rules read get URL | sh.
func (s *shScan) fetchedWord(w *syntax.Word) bool {
	for _, sub := range substs(w) {
		stages := []*syntax.Stmt{sub}
		if bc, ok := sub.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) {
			stages = flattenPipe(bc)
		}
		for _, st := range stages {
			if c, ok := s.callOf(st); ok && s.fetchCall(c) {
				return true
			}
		}
	}
	return false
}

// runsFetched returns the fetched variable a call runs as a command: the
// command word of sh -c's code, of eval's words or of an interpreter's
// -c or -e code, or the call's own command word ($job args). A fetched
// value used as data inside a command (sh -c "tar xzf tool-$version.tgz")
// is not run.
func (s *shScan) runsFetched(c call) string {
	args := c.raw.Args
	var code []string
	switch {
	case c.name == "eval":
		var parts []string
		for _, w := range args[1:] {
			parts = append(parts, wordText(w))
		}
		code = append(code, strings.Join(parts, " "))
	case interpreters()[c.name]:
		for i := 1; i+1 < len(args); i++ {
			switch wordText(args[i]) {
			case "-c", "-e", "-r", "--eval", "-Command", "-command":
				code = append(code, wordText(args[i+1]))
			}
		}
	}
	if wordText(args[0]) != c.name && strings.HasPrefix(wordText(args[0]), "$") {
		if v := s.fetchedVarIn(args[0]); v != "" {
			return v
		}
	}
	for _, src := range code {
		if v := s.commandVar(src); v != "" {
			return v
		}
	}
	return ""
}

// commandVar parses code as shell and returns a fetched variable that is
// the command word of one of its commands, or "".
func (s *shScan) commandVar(code string) string {
	if strings.TrimSpace(code) == "" || len(code) > maxVarBytes {
		return ""
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(code), "")
	if err != nil {
		return ""
	}
	v := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && v == "" {
			v = s.fetchedVarIn(ce.Args[0])
		}
		return v == ""
	})
	return v
}

// fetchedVarIn returns a fetched variable a word expands, or "".
func (s *shScan) fetchedVarIn(w *syntax.Word) string {
	v := ""
	syntax.Walk(w, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && v == "" {
			if _, ok := s.rs.fetched[pe.Param.Value]; ok {
				v = pe.Param.Value
			}
		}
		return v == ""
	})
	return v
}

// finishRemote reports the fetched commands run: a remote command loop
// when the scan also sleeps between polls, a download run otherwise.
func (s *shScan) finishRemote() {
	for _, r := range s.rs.runs {
		if s.rs.slept {
			s.add(r.line, "reverse-shell", Critical, fmt.Sprintf("polls a server and runs the commands it answers with (%s runs $%s, fetched at line %d): a remote command loop", r.runner, r.v, s.line0+s.rs.fetched[r.v]-1), "")
			continue
		}
		s.downloadExecVar(r)
	}
}

// downloadExecVar ranks a fetched command run through a variable as
// download-exec ranks curl | sh.
func (s *shScan) downloadExecVar(r remoteRun) {
	base := Critical
	reason := fmt.Sprintf("a command fetched from the network into $%s (line %d) is run by %s unseen", r.v, s.line0+s.rs.fetched[r.v]-1, r.runner)
	if s.w == inCode || s.w == inProse || s.w == inQuote {
		base = High
	}
	s.add(r.line, "download-exec", base, reason, "")
}

// scriptTarget matches a file a written script is run from: a shell
// script, a bin folder, a git hook, an init or profile script.
var scriptTarget = lazyRE(`(?i)\.(?:sh|bash|zsh|ksh)$|(?:^|/)(?:s?bin|hooks|init\.d|profile\.d|cron\.\w+)/[^/]+$`)

// writtenScript scans the text a statement writes to a file (echo,
// printf or a here-document redirected to it) as shell, when it is a
// script: it starts with #! or the file is where scripts run from.
func (s *shScan) writtenScript(st *syntax.Stmt, c call, line int) {
	if s.sc.shDepth >= maxShellDepth || s.sc.inLiteral {
		return
	}
	target := ""
	var hdoc *syntax.Word
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
			if r.Word != nil {
				target = s.word(r.Word)
			}
		case syntax.Hdoc, syntax.DashHdoc:
			hdoc = r.Hdoc
		}
	}
	if target == "" && c.name == "tee" && len(c.args) > 0 {
		target = c.args[len(c.args)-1]
	}
	if target == "" || strings.HasPrefix(target, "/dev/") {
		return
	}
	lineOff := line - int(st.Pos().Line())
	text, first := "", 0
	switch {
	case hdoc != nil:
		text, first = s.hdocSource(hdoc, lineOff), int(hdoc.Pos().Line())
	case c.name == "printf" || c.name == "echo":
		text, first = s.printedLines(c, lineOff)
	}
	if strings.TrimSpace(text) == "" {
		return
	}
	if !strings.HasPrefix(strings.TrimSpace(text), "#!") && !scriptTarget.MatchString(strings.Trim(target, `"'`)) {
		return
	}
	if first > 0 {
		line = first + lineOff // the text's own first line
	}
	s.nestedShell(line, text)
}

// printedLines returns what echo or printf writes, and the source line
// of its first line when each argument is printed on a line of its own
// from a line of its own (printf '%s\n' 'line1' 'line2' …), so findings
// in it keep their lines; else the text and 0. Arguments are taken as
// written (a $(…) in double quotes stays the command it runs).
func (s *shScan) printedLines(c call, lineOff int) (string, int) {
	args := c.raw.Args[1:]
	if c.name == "printf" && len(args) > 1 && wordText(args[0]) == `%s\n` {
		rest := args[1:]
		first := int(rest[0].Pos().Line())
		prev := first - 1
		var b strings.Builder
		for _, w := range rest {
			l := int(w.Pos().Line())
			if l <= prev || w.End().Line() != w.Pos().Line() {
				// not one per line: printf repeats its format for each
				var all []string
				for _, w := range rest {
					all = append(all, s.wordSource(w, lineOff))
				}
				return strings.Join(all, "\n"), 0
			}
			b.WriteString(strings.Repeat("\n", l-prev-1))
			b.WriteString(s.wordSource(w, lineOff))
			b.WriteString("\n")
			prev = l
		}
		return b.String(), first
	}
	if c.name == "printf" {
		return printfText(c.args), 0
	}
	return strings.Join(c.args, " "), 0
}

// wordSource returns a one-line word as written, less its quotes when it
// is one quoted string.
func (s *shScan) wordSource(w *syntax.Word, lineOff int) string {
	i := int(w.Pos().Line()) + lineOff - 1
	a, b := int(w.Pos().Col())-1, int(w.End().Col())-1
	if w.End().Line() != w.Pos().Line() || i < 0 || i >= len(s.lines) || a < 0 || b > len(s.lines[i]) || a >= b {
		return wordText(w)
	}
	src := s.lines[i][a:b]
	if len(w.Parts) == 1 {
		switch w.Parts[0].(type) {
		case *syntax.SglQuoted:
			return strings.TrimSuffix(strings.TrimPrefix(src, "'"), "'")
		case *syntax.DblQuoted:
			return strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(src, `"`), `"`), `\"`, `"`)
		}
	}
	return src
}

// hdocSource returns a here-document's body as written.
func (s *shScan) hdocSource(h *syntax.Word, lineOff int) string {
	a, b := int(h.Pos().Line())+lineOff-1, int(h.End().Line())+lineOff
	if a < 0 || b > len(s.lines) || a >= b {
		return wordText(h)
	}
	return strings.Join(s.lines[a:b], "\n")
}
