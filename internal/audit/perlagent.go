package audit

import (
	"path"
	"strings"
)

// Perl code that rewrites the agent's own settings or instructions, or
// the SKILL.md of the other skills installed for it (rule agent-tamper),
// read as Go's, Lua's and Ruby's are: a string literal naming an agent's
// folder, one naming its instruction files or installed skills (with a
// listing of folders for the latter: File::Find, opendir, glob), the
// home folder and a write.

// perlWrite matches a Perl write: open for writing or appending (two- or
// three-argument form, sysopen), File::Copy's copy and move, rename,
// File::Slurp's write_file and append_file, Path::Tiny's spew and append.
var perlWrite = lazyRE(`\bopen\s*\(?\s*(?:my\s+)?[\$\w:]+\s*,\s*(?:['"](?:\+?>>?|\+<)|q[qw]?\s*[({]\s*\+?>)|\bsysopen\s*\(|\bFile::Copy::(?:copy|move)\s*\(|\b(?:copy|move|rename)\s*\(|\b(?:write_file|append_file|write_text|overwrite_file)\s*\(|->\s*(?:spew|append)(?:_utf8|_raw)?\s*\(`)

// perlHomePrefix matches a variable interpolated at the start of a
// literal ($ENV{HOME}, $home, ${root}) and the slash after it.
var perlHomePrefix = lazyRE(`^(?:\$ENV\{\s*['"]?\w+['"]?\s*\}|\$\{?\w+\}?)/`)

// scanPerlAgent reports a Perl script (content) that writes the agent's
// settings or instructions in the home folder, or rewrites the SKILL.md
// of skills it walks (agentTamperLits), at the line of its first write.
func scanPerlAgent(sc *skillCtx, rel, content string) {
	if !mayTamper(content, perlWrite) {
		return
	}
	c := stripHashComments(content)
	w := perlAgentWrite(c)
	if w < 0 {
		return
	}
	var lits []litSpan
	for _, m := range strLit.FindAllStringIndex(c, 400) {
		// "$ENV{HOME}/.codex/skills", $h . '/.claude/CLAUDE.md': the part
		// after the home folder.
		body := perlHomePrefix.ReplaceAllString(strings.Trim(c[m[0]:m[1]], "\"'`"), "")
		lits = append(lits, litSpan{m[0], strings.TrimPrefix(body, "/")})
	}
	agentTamperLits(sc, rel, c, lits, w)
}

// perlAgentWrite returns the offset of the first write in code (comments
// blanked) that may reach the agent's files, or -1: a write whose target
// is one literal with nothing interpolated (">", "report.md") reaches
// only that path, and counts only when it is one of the agent's.
func perlAgentWrite(code string) int {
	for _, m := range perlWrite.FindAllStringIndex(code, 64) {
		if rest, ok := strings.CutPrefix(code[m[0]:], "open"); ok {
			if args := stmtArgs(rest); len(args) < 2 {
				continue
			} else if lit, ok := perlPlainLit(strings.TrimSpace(args[len(args)-1])); ok {
				lit = strings.TrimLeft(lit, "+<> ")
				if lit != "" && !agentPathLit(lit) {
					continue
				}
			}
		}
		return m[0]
	}
	return -1
}

// perlPlainLit returns the text of s when s is one quoted Perl literal
// that interpolates nothing (single quotes, or double quotes with no $
// or @), else false.
func perlPlainLit(s string) (string, bool) {
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') || s[len(s)-1] != s[0] {
		return "", false
	}
	body := s[1 : len(s)-1]
	if strings.ContainsAny(body, `"'`) || (s[0] == '"' && strings.ContainsAny(body, "$@")) {
		return "", false
	}
	return body, true
}

// rakuWrite matches a Raku write: spurt (a sub or an IO::Path method),
// an open for writing or appending, and copy, move and rename.
var rakuWrite = lazyRE(`\bspurt\b|\.open\s*\(\s*:(?:w|a|append|create)\b|\b(?:copy|move|rename)\s*\(`)

// scanRakuAgent reports a Raku program writing the agent's settings or
// instructions in the home folder ($home.add('.claude/CLAUDE.md').spurt)
// as Perl's are read above, at its first write.
func scanRakuAgent(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".raku", ".rakumod", ".p6", ".pm6":
	default:
		return
	}
	if !mayTamper(content, rakuWrite) {
		return
	}
	c := stripHashComments(content)
	w := rakuWrite.FindStringIndex(c)
	if w == nil {
		return
	}
	var lits []litSpan
	for _, m := range strLit.FindAllStringIndex(c, 400) {
		lits = append(lits, litSpan{m[0], strings.Trim(c[m[0]:m[1]], "\"'`")})
	}
	agentTamperLits(sc, rel, c, lits, w[0])
}
