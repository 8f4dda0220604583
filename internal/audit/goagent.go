package audit

import (
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// Go read by tokens, as Python and JavaScript are (code.go), with the
// standard library's go/scanner (exact comments and literals, raw strings
// included; no parse, so a file that does not build is still read):
//   - a program that writes into the agent's folders in the home folder
//     (os.WriteFile, os.OpenFile, os.Create) its settings or
//     instructions (CLAUDE.md, AGENTS.md, settings.json), or the SKILL.md
//     of the skills it walks (filepath.Glob, filepath.Walk/WalkDir,
//     os.ReadDir) is rule agent-tamper, as in Python and JavaScript;
//   - a string literal that holds shell code (a hook script the program
//     writes out, a command it hands to sh -c) is read by the shell
//     rules, as Python's and Ruby's are.

// goWrite is a Go call that writes a file.
var goWrite = lazyRE(`\b(?:os|ioutil)\.WriteFile\(|\bos\.(?:OpenFile|Create)\(|\brenameio\.WriteFile\(|\batomic\.WriteFile\(`)

// maxGoLits bounds the string literals read from one Go file.
const maxGoLits = 4000

// goTokens returns src with its comments blanked (newlines kept, so
// offsets keep their lines) and its string literals, unquoted, at their
// offsets.
func goTokens(src string) (string, []litSpan) {
	b := []byte(src)
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(b))
	var s scanner.Scanner
	s.Init(file, b, func(token.Position, string) {}, scanner.ScanComments)
	var lits []litSpan
	for len(lits) < maxGoLits {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		switch tok {
		case token.COMMENT:
			for i := off; i < off+len(lit) && i < len(b); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
		case token.STRING:
			if body, err := strconv.Unquote(lit); err == nil {
				lits = append(lits, litSpan{off, body})
			}
		}
	}
	return string(b), lits
}

// scanGoCode runs the token rules over a Go file (see above).
func scanGoCode(sc *skillCtx, rel, content string) {
	tamper := mayTamper(content, goWrite)
	shell := litHintWords().matchAny(content)
	if !tamper && !shell {
		return
	}
	c, lits := goTokens(content)
	if w := goAgentWrite(c); tamper && w >= 0 {
		// at the write: a Go file names its folders in declarations
		agentTamperLits(sc, rel, c, lits, w)
	}
	if !shell {
		return
	}
	li := newLineIndex(c)
	for _, l := range lits {
		if len(l.body) <= 3 || !shellish.MatchString(l.body) {
			continue
		}
		sc.inLiteral = true
		scanShell(sc, rel, l.body, li.line(l.off), inScript)
		sc.inLiteral = false
	}
}

// goAgentWrite returns the offset of the first write in code (comments
// blanked) that may reach the agent's files, or -1: a write to a path
// spelled out in one string literal ("report.txt") reaches only that
// path, and counts only when it is one of the agent's.
func goAgentWrite(code string) int {
	for _, m := range goWrite.FindAllStringIndex(code, 64) {
		args := stmtArgs(code[m[1]-1:])
		if len(args) == 0 {
			continue
		}
		a := strings.TrimSpace(args[0])
		if lit, err := strconv.Unquote(a); err == nil && !agentPathLit(lit) {
			continue
		}
		return m[0]
	}
	return -1
}
