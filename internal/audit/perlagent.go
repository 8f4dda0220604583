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

// phpWrite matches a PHP call that writes a file: file_put_contents,
// fopen (for writing when its mode says so: phpAgentWrite), and copy,
// rename and symlink onto their second argument (group 1).
var phpWrite = lazyRE(`\bfile_put_contents\s*\(|\bfopen\s*\(|\b(copy|rename|symlink)\s*\(`)

// scanPHPAgent reports a PHP script (content) that writes the agent's
// settings or instructions in the home folder ($home . '/.claude/CLAUDE.md'
// given to file_put_contents, a hook added to ~/.claude/settings.json),
// or rewrites the SKILL.md of skills it walks, as Perl's are read above
// (agentTamperLits), at the line of its first write. A Composer hook
// (post-autoload-dump, post-install-cmd) runs such a script at every
// install, so a PHP helper is as able as a shell one to decide what the
// agent obeys next. The bodies of its heredocs and nowdocs (<<<MD … MD;)
// are literals too: the text it writes is often held in one.
func scanPHPAgent(sc *skillCtx, rel, content string) {
	if !mayTamper(content, phpWrite) {
		return
	}
	c := codeCommentsBlanked(content, "php")
	w := phpAgentWrite(c)
	if w < 0 {
		return
	}
	var lits []litSpan
	for _, m := range strLit.FindAllStringIndex(c, 400) {
		body := perlHomePrefix.ReplaceAllString(strings.Trim(c[m[0]:m[1]], "\"'`"), "")
		lits = append(lits, litSpan{m[0], strings.TrimPrefix(body, "/")})
	}
	lits = append(lits, phpHeredocLits(c)...)
	agentTamperPlanted(sc, rel, c, lits, w, listsFolder.MatchString(c), false, false, func() string {
		if !instrNamed(lits) {
			return ""
		}
		return plantedWritten(sc, c, lits, phpPlantedSink)
	})
}

// phpPlantedSink is plantedSink in PHP, which writes a file's text with
// file_put_contents($path, $text) and a handle's with fwrite and fputs.
var phpPlantedSink = lazyRE(`\b(?:file_put_contents|fwrite|fputs|[Ww]rite\w*|[Aa]ppend\w*|print\w*|puts|say)\b\s*\(?`)

// phpHeredoc opens a PHP heredoc or nowdoc (<<<MD, <<<"MD", <<<'MD'):
// group 1 its closing label.
var phpHeredoc = lazyRE(`<<<[ \t]*['"]?([A-Za-z_]\w*)['"]?[ \t]*\r?\n`)

// phpHeredocLits returns the bodies of code's heredocs and nowdocs as
// literals at their openings, the body ending at the line holding only
// the label (indented, followed by ; , or ) since PHP 7.3).
func phpHeredocLits(code string) []litSpan {
	var out []litSpan
	for _, m := range phpHeredoc.FindAllStringSubmatchIndex(code, 16) {
		label := code[m[2]:m[3]]
		body := code[m[1]:]
		for i := 0; i < len(body); {
			j := strings.IndexByte(body[i:], '\n')
			line := body[i:]
			if j >= 0 {
				line = body[i : i+j]
			}
			if t := strings.TrimLeft(line, " \t"); strings.HasPrefix(t, label) && (len(t) == len(label) || !isIdentByte(t[len(label)])) {
				out = append(out, litSpan{m[0], body[:i]})
				break
			}
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return out
}

// phpAgentWrite returns the offset of the first write in code (comments
// blanked) that may reach the agent's files, or -1: fopen for reading
// writes nothing, and a write whose target is one literal with nothing
// interpolated ('report.md', "composer.json") reaches only that path,
// and counts only when it is one of the agent's.
func phpAgentWrite(code string) int {
	for _, m := range phpWrite.FindAllStringSubmatchIndex(code, 64) {
		args := stmtArgs(code[m[1]-1:])
		idx := 0
		if m[2] >= 0 {
			idx = 1
		}
		if idx >= len(args) {
			continue
		}
		if strings.HasPrefix(code[m[0]:], "fopen") {
			if len(args) < 2 {
				continue
			}
			mode, ok := perlPlainLit(strings.TrimSpace(args[1]))
			if ok && !strings.ContainsAny(mode, "waxc+") {
				continue
			}
		}
		if lit, ok := perlPlainLit(strings.TrimSpace(args[idx])); ok && !agentPathLit(lit) {
			continue
		}
		return m[0]
	}
	return -1
}
