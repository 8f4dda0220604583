package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A shell script turns an agent's approvals or sandbox off (rule
// approval-bypass) with any command that carries the switch: the agent's
// own flags (claude --dangerously-skip-permissions, codex -c
// approval_policy=never), a jq or sed edit of its settings, a settings
// CLI, an exported variable, or a here-document the script writes out.
// The commands are read as the shell runs them, words expanded through
// the script's variables (m=bypass; … "${m}Permissions"), so a switch
// spelled in pieces is the switch. A switch a command only looks for is
// not set: the pattern of grep, rg or test, a value compared (==, !=,
// jq's test or contains), the search side of a sed substitution
// (s/"bypassPermissions"/"default"/), and text echoed to the terminal
// (a warning) rather than into a file or another command. Ranked as a
// script's switch: high, medium after the script asks the user yes or
// no (read), or where SKILL.md offers the switch to the user for consent
// (skillOffersSwitch), unless it or SKILL.md tells the agent not to ask.
// Code handed to Python, JavaScript or a shell is read by their rules
// (stdincode.go).

// switchCheckCmd reports a command that searches for or tests text (or,
// read, prints a question): a switch given to one is looked for, not set.
func switchCheckCmd(name string) bool {
	switch name {
	case "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "test", "[", "[[", "read":
		return true
	}
	return false
}

// printCmd reports a command that writes its words or standard input to
// standard output.
func printCmd(name string) bool { return name == "echo" || name == "printf" || name == "cat" }

// switchLooked matches the text of a word before a switch that makes it
// a value looked for: a comparison, or a search function's argument.
var switchLooked = lazyRE(`(?:[=!]==?|=~)\s*["'\x60]?$|\b(?:test|contains|startswith|endswith|index|match|inside|includes)\s*\(\s*["'\x60]?$`)

// sedSearch reports whether the text of a sed script before a switch
// (before) puts it in a search: the pattern of an s command
// (s/PATTERN/…) or an address (/PATTERN/d), not a replacement or an
// appended line.
func sedSearch(before string) bool {
	for i := len(before) - 2; i >= 0; i-- {
		if before[i] != 's' || i > 0 && isWordByte(before[i-1]) {
			continue
		}
		d := before[i+1]
		if d == '\\' || d == '\n' || d == ' ' || isWordByte(d) {
			continue
		}
		return strings.Count(before[i+2:], string(d)) == strings.Count(before[i+2:], `\`+string(d))
	}
	t := strings.TrimLeft(before, " \t'\"")
	return strings.HasPrefix(t, "/") && !strings.Contains(t[1:], "/")
}

// fullReader reports whether inlineCode reads code given to interpreter
// c with a language's whole rules (its switches included).
func fullReader(c call) bool {
	return isShell(c.name) || strings.HasPrefix(c.name, "python") || c.name == "node" || c.name == "nodejs" || c.name == "deno" || c.name == "bun"
}

// writesOut reports whether st sends its output into a file.
func writesOut(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
			return true
		}
	}
	return false
}

// switchStmt reports an approval-bypass switch set by statement st (call
// c when ok) of a script, at line (see above); piped says its output
// goes on to another command of a pipeline.
func (s *shScan) switchStmt(st *syntax.Stmt, c call, ok bool, line, lineOff int, piped bool) {
	if s.w != inScript || s.sc.inLiteral {
		return
	}
	var words []string
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if !ok {
			return // a bare assignment: its later uses are expanded
		}
		for _, a := range x.Assigns {
			if a.Name != nil && a.Value != nil {
				words = append(words, a.Name.Value+"="+s.word(a.Value))
			}
		}
	case *syntax.DeclClause:
		// export X=…: the environment of every later command
		if x.Variant == nil || x.Variant.Value != "export" {
			return
		}
		for _, a := range x.Args {
			if a.Name != nil && a.Value != nil {
				words = append(words, a.Name.Value+"="+s.word(a.Value))
			}
		}
	default:
		return
	}
	sed := false
	if ok {
		if switchCheckCmd(c.name) || printCmd(c.name) && !piped && !writesOut(st) {
			return
		}
		sed = c.name == "sed"
		words = append(append(words, c.name), c.args...)
	}
	s.switchWords(words, line, sed)
	for _, r := range st.Redirs {
		switch {
		case ok && readsStdin(c) && fullReader(c):
			// read as code (stdincode.go)
		case (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil:
			first := int(r.Hdoc.Pos().Line()) + lineOff
			for i, l := range strings.Split(s.hdocSource(r.Hdoc, lineOff), "\n") {
				s.switchWords([]string{l}, first+i, false)
			}
		case r.Op == syntax.WordHdoc && r.Word != nil:
			s.switchWords([]string{s.word(r.Word)}, line, false)
		}
	}
}

// maxSwitchWords bounds the text of one statement read for a switch.
const maxSwitchWords = 64 << 10

// switchWords reports a switch among words (one statement's, at line)
// that is set rather than looked for (switchLooked; sedSearch when sed
// edits with them): high, as a script's switch is; medium after the
// script asks the user yes or no, unless the script or the skill's
// instructions (sc.topic) tell the agent not to ask or tell the user.
func (s *shScan) switchWords(words []string, line int, sed bool) {
	var b strings.Builder
	starts := make([]int, 0, len(words))
	for _, w := range words {
		if b.Len()+len(w) > maxSwitchWords {
			break
		}
		starts = append(starts, b.Len())
		b.WriteString(w)
		b.WriteByte(' ')
	}
	text := b.String()
	for _, m := range bypassRe.FindAllStringIndex(text, 8) {
		ws := 0
		for _, st := range starts {
			if st <= m[0] {
				ws = st
			}
		}
		before := text[ws:m[0]]
		if switchLooked.MatchString(before) || sed && sedSearch(before) {
			continue
		}
		ln := line + strings.Count(text[:m[0]], "\n")
		sev, reason := High, "turns off the agent's approval prompts or sandbox, so every later command runs unchecked"
		switch {
		case fileSilenced(s.sc.fileText) || fileSilenced(s.sc.topic):
			reason += ", and the skill tells the agent not to ask or tell the user"
		case s.askedBefore(ln):
			sev, reason = Medium, reason+"; after the script asks the user yes or no"
		case skillOffersSwitch(s.sc, s.rel, text[m[0]:m[1]]):
			sev, reason = Medium, reason+"; SKILL.md offers it to the user for consent"
		}
		s.add(ln, "approval-bypass", sev, reason, lineAround(text, m[0], m[1]))
		return
	}
}
