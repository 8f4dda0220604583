package audit

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Code a shell script hands an interpreter on its standard input runs as
// surely as code given with -c, and is as easy to hide a program in: a
// here-document (python3 - "$f" <<'PY' … PY, bash <<'EOF' … EOF, node
// <<'JS' … JS), a here-string (bash <<< "$cmd") or cat of a
// here-document piped into the interpreter (cat <<'EOF' | sh). The code
// is read with the rules of its language (shell, Python, JavaScript;
// Perl, Ruby and PHP for a reverse shell, as their -e code is), at its
// own lines. An interpreter given an agent's settings or instructions as
// an argument while its inline code writes a file rewrites them
// (agent-tamper, as cp or tee into them would).

// stdinHdoc returns the here-document or here-string st redirects into
// its command's standard input, and the line of its first line in the
// scanned code (1-based).
func (s *shScan) stdinHdoc(st *syntax.Stmt, lineOff, line int) (string, int, bool) {
	for _, r := range st.Redirs {
		switch {
		case (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil:
			return s.hdocSource(r.Hdoc, lineOff), int(r.Hdoc.Pos().Line()) + lineOff, true
		case r.Op == syntax.WordHdoc && r.Word != nil:
			return s.word(r.Word), line, true
		}
	}
	return "", 0, false
}

// stdinCode reads the code statement st (call c, at line) hands c's
// interpreter on its standard input (see above).
func (s *shScan) stdinCode(st *syntax.Stmt, c call, lineOff, line int) {
	if !readsStdin(c) {
		return
	}
	code, first, ok := s.stdinHdoc(st, lineOff, line)
	if !ok || strings.TrimSpace(code) == "" {
		return
	}
	s.inlineWrite(line, c, code)
	s.inlineCode(c, code, first, "code on standard input")
}

// pipedStdinCode reads the here-document a bare cat in stages (a
// pipeline) passes on to an interpreter in the next stage that reads its
// standard input (cat <<'EOF' | python3 -).
func (s *shScan) pipedStdinCode(stages []*syntax.Stmt, calls []call, ok []bool, lineOff int) {
	for i := 0; i+1 < len(stages); i++ {
		if !ok[i] || !ok[i+1] || calls[i].name != "cat" || len(operands(calls[i].args)) > 0 || !readsStdin(calls[i+1]) {
			continue
		}
		line := s.lineOf(stages[i+1], lineOff)
		code, first, found := s.stdinHdoc(stages[i], lineOff, s.lineOf(stages[i], lineOff))
		if !found || strings.TrimSpace(code) == "" {
			continue
		}
		s.inlineWrite(line, calls[i+1], code)
		s.inlineCode(calls[i+1], code, first, "code on standard input")
	}
}

// inlineCode reads code given inline to interpreter c (on standard input,
// or after -c/-e: what names the form in a finding's reason), its first
// line at line first of the scanned code.
func (s *shScan) inlineCode(c call, code string, first int, what string) {
	switch {
	case isShell(c.name):
		s.nestedShell(first, code)
	case strings.HasPrefix(c.name, "python"):
		scanCode(s.sc, s.rel, code, s.line0+first-1, kindPython, s.w)
	case c.name == "node" || c.name == "nodejs" || c.name == "deno" || c.name == "bun":
		scanCode(s.sc, s.rel, code, s.line0+first-1, kindJS, s.w)
	case c.name == "perl" || c.name == "ruby" || c.name == "php":
		if scriptSocket.MatchString(code) && scriptExec.MatchString(code) {
			s.add(first, "reverse-shell", Critical, c.name+" "+what+" connects a socket to a shell (reverse shell)", "")
		}
	}
}

// inlineFileWrite matches code that opens or writes a file: Python's
// open(…, "w"/"a") and write_text; JavaScript's writeFile and
// appendFile; Ruby's File.write and File.open(…, "w"/"a"); Perl's open
// for writing. Printing (json.dump to sys.stdout) is not a write.
var inlineFileWrite = lazyRE(`\bopen\((?:[^()\n]|\([^()\n]*\))*['"][wa]\+?b?['"]|\.write_text\(|\b(?:write|append)File(?:Sync)?\(|\bFile\.(?:write|open\([^)\n]*['"][wa])|\bopen\s*\(?\s*(?:my\s+)?\$\w+\s*,\s*['"]\+?>`)

// inlineWrite reports interpreter c, given inline code that writes a
// file, run with an agent's settings or instructions as an argument
// (python3 - .claude/settings.local.json <<'PY' … json.dump(cfg,
// open(sys.argv[1], "w"))): the code rewrites them (rule agent-tamper).
func (s *shScan) inlineWrite(line int, c call, code string) {
	if !inlineFileWrite.MatchString(code) {
		return
	}
	for _, a := range c.args {
		if t := strings.Trim(a, `"'`); agentFile.MatchString(t) {
			s.agentTamper(line, c.name+" is given "+t+", the agent's own settings or instructions, with inline code that writes a file: what it obeys next comes from this skill")
			return
		}
	}
}
