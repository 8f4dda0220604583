package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule persistence: a startup file edited in place. A script that
// rewrites a shell rc file (or another persistence target) by running a
// filter over it (awk, sed without -i, grep) into a temporary file and
// moving that back, as managed-block tools do, installs that file's own
// lines plus what the filter's program and values add; those are on the
// filter's command line, so they can be read. When that line fetches,
// connects, decodes or backgrounds nothing (rcPayloadRisky, and none of
// harmlessPayload's download-and-run words) and names no file the script
// wrote or downloaded, the edit is ranked as a readable rc change: low
// once the user is asked (a yes/no prompt in the script, or SKILL.md
// telling the agent to wait for the user's yes), medium otherwise. A
// risky filter line leaves the write unknown content (high unasked).

// editedMark starts a staged value (shScan.staged) for a file that holds
// a persistence file's lines as a filter rewrote them; the file's path
// follows.
const editedMark = "\x00edited:"

// rcFilters are the commands that print a file's lines, changed.
var rcFilters = lazySet("awk", "gawk", "mawk", "nawk", "sed", "gsed", "grep", "perl")

// editedFrom returns the persistence file a filter call c reads, when
// its output (redirected to a file) is that file rewritten and the
// filter's command line adds nothing risky; "" otherwise.
func (s *shScan) editedFrom(c call) string {
	if !rcFilters()[c.name] {
		return ""
	}
	if c.name == "perl" && !hasArgExact(c.args, "-pe") && !hasArgExact(c.args, "-ne") {
		return ""
	}
	src := ""
	for _, a := range c.args {
		if a = strings.Trim(a, `"'`); persistTarget.MatchString(a) {
			src = a
		}
	}
	if src == "" {
		return ""
	}
	if !s.quietText(strings.Join(c.args, " "), "system(", "getline <", "| getline", "|getline") {
		return ""
	}
	return src
}

// quietText reports text for a startup file that fetches, connects,
// decodes, backgrounds and runs nothing (rcPayloadRisky, no URL, none of
// the download-and-run words nor the extra ones) and names no file the
// script wrote or downloaded.
func (s *shScan) quietText(text string, extra ...string) bool {
	lower := strings.ToLower(text)
	return !rcPayloadRisky.MatchString(text) && !strings.Contains(text, "://") && !s.runsWritten(text) &&
		!containsAny(lower, []string{"iwr ", "irm ", "invoke-webrequest", "downloadstring", "frombase64", "eval "}) &&
		!containsAny(lower, extra)
}

// editedCopy reports whether every source of a copy is the target
// itself as a filter rewrote it (editedFrom, recorded by stageWrite).
func (s *shScan) editedCopy(target string, sources []string) bool {
	target = strings.Trim(target, `"'`)
	for _, src := range sources {
		if s.staged[strings.Trim(src, `"'`)] != editedMark+target {
			return false
		}
	}
	return len(sources) > 0
}

// rcEditConsent matches SKILL.md telling the agent to get the user's yes
// before a change: consentDocRe, or waiting for their yes, approval or
// go-ahead.
var rcEditConsent = lazyRE(`(?i)\bwait\s+for\s+(?:a|an|the\s+user'?s|their|explicit)?\s*(?:yes|approval|ok(?:ay)?|go-ahead)\b`)

// skillAsks reports whether the skill's instructions (name, description
// and SKILL.md body, sc.topic) ask for the user's yes and say nothing
// against asking (silenceRe).
func (s *shScan) skillAsks() bool {
	t := s.sc.topic
	return (consentDocRe.MatchString(t) || rcEditConsent.MatchString(t)) && !silenceRe.MatchString(t)
}

// rcEdit ranks the move of an edited copy back onto its persistence
// target (see above).
func (s *shScan) rcEdit(line int, target string) {
	if (s.consented(line) || s.skillAsks()) && userLevel(target) {
		s.add(line, "persistence", Low, "rewrites "+target+" from a filter of its own lines whose command line fetches and runs nothing, after the user is asked", "")
		return
	}
	s.add(line, "persistence", Medium, "rewrites "+target+" from a filter of its own lines whose command line fetches and runs nothing", "")
}

// maxPrintedDepth bounds how deep printedEdit follows the script's
// functions into the functions they call.
const maxPrintedDepth = 4

// printedEdit returns the persistence file whose rewrite a statement
// redirected to a file prints, when what it prints is that file's own
// lines through a filter (editedFrom) plus lines the scan can read: a
// call of one of the script's functions, or a group `{ strip; echo;
// block; }`, each of whose commands is such a filter of the same file,
// an echo or printf whose arguments fetch, connect and run nothing, or a
// function of the script made of the same (its `if` tests `[`/`test`
// checks). Managed-block tools rewrite an rc file so: the block they add
// is on their command lines. Anything else (another program, a file read
// in, a redirection inside, a command substitution but date's) returns "".
func (s *shScan) printedEdit(st *syntax.Stmt) string {
	var stmts []*syntax.Stmt
	switch cmd := st.Cmd.(type) {
	case *syntax.Block:
		stmts = cmd.Stmts
	case *syntax.CallExpr:
		// the statement itself, without the redirection being staged
		stmts = []*syntax.Stmt{{Cmd: cmd}}
	default:
		return ""
	}
	rc := ""
	nodes := 0
	if !s.printsEdit(stmts, 0, &rc, &nodes) {
		return ""
	}
	return rc
}

// printsEdit reports whether every statement of stmts prints only the
// file rc's own lines through a filter or readable text (printedEdit),
// setting rc to the file the filters read (all must read the same one).
func (s *shScan) printsEdit(stmts []*syntax.Stmt, depth int, rc *string, nodes *int) bool {
	for _, st := range stmts {
		if *nodes++; *nodes > maxMetaFuncNodes || len(st.Redirs) > 0 || st.Background || st.Negated {
			return false
		}
		if ic, ok := st.Cmd.(*syntax.IfClause); ok {
			if !s.printsEditIf(ic, depth, rc, nodes) {
				return false
			}
			continue
		}
		c, ok := s.callOf(st)
		if !ok {
			return false
		}
		switch {
		case c.name == "echo" || c.name == "printf":
			if !s.printsReadable(c) {
				return false
			}
		case s.funcNamed(c.name) != nil:
			body := s.funcNamed(c.name)
			blk, ok := body.Cmd.(*syntax.Block)
			if !ok || depth >= maxPrintedDepth || len(body.Redirs) > 0 || !s.printsEdit(blk.Stmts, depth+1, rc, nodes) {
				return false
			}
		default:
			from := s.editedFrom(c)
			if from == "" || (*rc != "" && *rc != from) {
				return false
			}
			*rc = from
		}
	}
	return true
}

// printsEditIf is printsEdit for an if clause: its conditions are checks
// (metaOnlyCmd: `[`, test) and each branch prints as printsEdit allows.
func (s *shScan) printsEditIf(ic *syntax.IfClause, depth int, rc *string, nodes *int) bool {
	for ; ic != nil; ic = ic.Else {
		for _, cond := range ic.Cond {
			c, ok := s.callOf(cond)
			if !ok || len(cond.Redirs) > 0 || (c.name != "[" && c.name != "test" && c.name != "[[") {
				return false
			}
		}
		if !s.printsEdit(ic.Then, depth, rc, nodes) {
			return false
		}
	}
	return true
}

// printsReadable reports an echo or printf whose text fetches, connects,
// decodes and runs nothing and names no file the script wrote or
// downloaded (editedFrom's test of a filter's command line), with no
// command substitution but a date.
func (s *shScan) printsReadable(c call) bool {
	for _, w := range c.raw.Args {
		for _, sub := range substs(w) {
			sc, ok := s.callOf(sub)
			if !ok || sc.name != "date" {
				return false
			}
		}
	}
	return s.quietText(strings.Join(c.args, " "))
}
