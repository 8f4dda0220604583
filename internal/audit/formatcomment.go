package audit

import (
	"path"
	"strings"
)

// Comments of the file formats a skill ships beside its instructions. A
// Mermaid diagram, a man-page template, a LaTeX class or a PlantUML file
// is read by the model as source when SKILL.md sends it there ("read
// references/house-style.mmd first; its %% annotations are binding"),
// while a person looks at the rendered diagram, page or PDF (or, for a
// gettext catalogue, the translated app: gettextcomment.go), where the
// comments never show: a %% line, a roff .\" line or a TeX % line is to
// those formats what an HTML comment is to markdown, and an instruction
// hidden there is read as one (markupHidden: an attack inside is
// critical, an instruction naming the model high, plain notes nothing).
// Source and settings formats (SQL, Lua, INI, Lisp, Haskell, …) show
// their comments to whoever opens the file, and notes to coding agents
// are common there ("AI assistants: do not edit generated code"), so a
// comment of theirs is read only when it names the model, and then only
// for what an instruction there may never ask: a secret sent out, an
// attack, or something kept from the user. Comments in the languages the
// package parses (shell, Python, JavaScript) and in markdown are read by
// their own rules.

// commentSyntax is one format's comment syntax.
type commentSyntax struct {
	// what names the comment in a finding's reason.
	what string
	// line are the leaders of a whole-line comment (after blanks).
	line []string
	// trailing are the leaders that also start a comment after code on
	// a line (TeX's unescaped %, roff's \"); a leader written after a
	// backslash (TeX's \%) is text.
	trailing []string
	// blocks are the delimiters of block comments ("/*", "*/").
	blocks [][2]string
	// source marks a format people read as source: only comments that
	// name the model are read, and not for a plain instruction.
	source bool
	// sniff, when set, tells the format from other files under the
	// same extension (a man page's .1 from a version-numbered file).
	sniff *lazyRegexp
	// audience, when set, names the readers the format's comments are
	// written to (a catalogue's translators): an instruction in a
	// comment counts only when a sentence of it outside their address
	// names the model (putToModel); attacks count as everywhere.
	audience *lazyRegexp
}

// roffSniff finds a man page's macros (.TH, .SH, .Dd, .Dt, .Nm) or a
// roff comment line.
var roffSniff = lazyRE(`(?m)^(?:\.(?:TH|SH|Dd|Dt|Nm|de)\b|[.']\\"|\.\\#)`)

// gettextSniff finds a gettext catalogue's entries (msgid "…"), so a
// PowerPoint template sharing the .pot extension is not read as one.
var gettextSniff = lazyRE(`(?m)^[ \t]*msgid[ \t]+"`)

var (
	mermaidComments  = &commentSyntax{what: "a Mermaid %% comment", line: []string{"%%"}}
	roffComments     = &commentSyntax{what: `a roff .\" comment`, line: []string{`.\"`, `'\"`, `\"`, `.\#`, `\#`}, trailing: []string{`\"`, `\#`}, sniff: roffSniff}
	texComments      = &commentSyntax{what: "a TeX % comment", line: []string{"%"}, trailing: []string{"%"}}
	plantUMLComments = &commentSyntax{what: "a PlantUML ' comment", line: []string{"'"}, blocks: [][2]string{{"/'", "'/"}}}
	dotComments      = &commentSyntax{what: "a Graphviz comment", line: []string{"//", "#"}, blocks: [][2]string{{"/*", "*/"}}}
	hashComments     = &commentSyntax{what: "a # comment", line: []string{"#"}}
	typstComments    = &commentSyntax{what: "a Typst comment", line: []string{"//"}, blocks: [][2]string{{"/*", "*/"}}}
	adocComments     = &commentSyntax{what: "an AsciiDoc // comment", line: []string{"//"}, blocks: [][2]string{{"////", "////"}}}
	orgComments      = &commentSyntax{what: "an Org # comment", line: []string{"# "}, blocks: [][2]string{{"#+begin_comment", "#+end_comment"}, {"#+BEGIN_COMMENT", "#+END_COMMENT"}}}
	iniComments      = &commentSyntax{what: "an INI ; comment", line: []string{";", "#"}, source: true}
	propsComments    = &commentSyntax{what: "a properties comment", line: []string{"#", "!"}, source: true}
	sqlComments      = &commentSyntax{what: "a SQL -- comment", line: []string{"--"}, blocks: [][2]string{{"/*", "*/"}}, source: true}
	luaComments      = &commentSyntax{what: "a Lua -- comment", line: []string{"--"}, blocks: [][2]string{{"--[[", "]]"}, {"--[=[", "]=]"}, {"--[==[", "]==]"}}, source: true}
	dashComments     = &commentSyntax{what: "a -- comment", line: []string{"--"}, blocks: [][2]string{{"{-", "-}"}}, source: true}
	percentComments  = &commentSyntax{what: "a % comment", line: []string{"%"}, blocks: [][2]string{{"%{", "%}"}}, source: true}
	lispComments     = &commentSyntax{what: "a Lisp ; comment", line: []string{";"}, blocks: [][2]string{{"#|", "|#"}}, source: true}
	basicComments    = &commentSyntax{what: "a Visual Basic ' comment", line: []string{"'", "REM ", "rem "}, source: true}
	fortranComments  = &commentSyntax{what: "a Fortran ! comment", line: []string{"!"}, source: true}
	asmComments      = &commentSyntax{what: "an assembly ; comment", line: []string{";"}, source: true}
	gettextComments  = &commentSyntax{what: "a gettext translator comment", line: []string{"#.", "# ", "#\t"}, sniff: gettextSniff, audience: translatorsRe}
)

// formatComments maps a file extension to its comment syntax.
var formatComments = func() map[string]*commentSyntax {
	m := map[string]*commentSyntax{
		".mmd": mermaidComments, ".mermaid": mermaidComments,
		".man": roffComments, ".roff": roffComments, ".mdoc": roffComments, ".ms": roffComments, ".me": roffComments, ".mom": roffComments, ".tmac": roffComments,
		".tex": texComments, ".sty": texComments, ".cls": texComments, ".ltx": texComments, ".dtx": texComments, ".ins": texComments, ".bib": texComments, ".bbx": texComments, ".cbx": texComments,
		".puml": plantUMLComments, ".plantuml": plantUMLComments, ".pu": plantUMLComments, ".iuml": plantUMLComments, ".wsd": plantUMLComments,
		".dot": dotComments, ".gv": dotComments,
		".d2":   hashComments,
		".typ":  typstComments,
		".adoc": adocComments, ".asciidoc": adocComments,
		".org": orgComments,
		".ini": iniComments, ".cfg": iniComments, ".conf": iniComments, ".desktop": iniComments, ".inf": iniComments,
		".properties": propsComments,
		".sql":        sqlComments, ".psql": sqlComments, ".pgsql": sqlComments, ".mysql": sqlComments, ".ddl": sqlComments,
		".lua": luaComments,
		".hs":  dashComments, ".elm": dashComments, ".purs": dashComments, ".adb": dashComments, ".ads": dashComments, ".vhd": dashComments, ".vhdl": dashComments,
		".erl": percentComments, ".hrl": percentComments, ".m": percentComments,
		".el": lispComments, ".lisp": lispComments, ".lsp": lispComments, ".cl": lispComments, ".scm": lispComments, ".ss": lispComments, ".rkt": lispComments,
		".clj": lispComments, ".cljs": lispComments, ".cljc": lispComments, ".edn": lispComments, ".fnl": lispComments,
		".vb": basicComments, ".vbs": basicComments, ".bas": basicComments,
		".f90": fortranComments, ".f95": fortranComments, ".f03": fortranComments, ".f08": fortranComments,
		".asm": asmComments, ".nasm": asmComments,
		".po": gettextComments, ".pot": gettextComments,
	}
	for _, s := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "1m", "3p", "8m"} {
		m["."+s] = roffComments
	}
	return m
}()

// commentSyntaxOf returns the comment syntax of file rel (content its
// text), or nil for a format read by other rules.
func commentSyntaxOf(rel, content string) *commentSyntax {
	cs := formatComments[strings.ToLower(path.Ext(rel))]
	if cs == nil || cs.sniff != nil && !cs.sniff.MatchString(content) {
		return nil
	}
	return cs
}

// commentSpan is one comment paragraph: text[s:e] of the blanked text
// commentText returns.
type commentSpan struct{ s, e int }

// commentText returns content with everything but comment text blanked
// to spaces (newlines, offsets and lines kept; a comment's leader and
// delimiters blanked too), and its comment paragraphs: runs of comment
// lines split at an empty comment line, with the run each belongs to
// (paragraphs of one run share its index), so a note's heading ("Notes
// for AI writers:") can be told from its paragraphs.
func commentText(content string, cs *commentSyntax) (string, []commentSpan, []int) {
	out := []byte(strings.Repeat(" ", len(content)))
	var spans []commentSpan
	var runs []int
	run, para := 0, commentSpan{-1, -1}
	inRun := false
	flush := func() {
		if para.s >= 0 {
			spans = append(spans, para)
			runs = append(runs, run)
		}
		para = commentSpan{-1, -1}
	}
	endRun := func() {
		flush()
		if inRun {
			run++
		}
		inRun = false
	}
	keep := func(s, e int) bool {
		has := false
		for i := s; i < e; i++ {
			out[i] = content[i]
			if content[i] != ' ' && content[i] != '\t' && content[i] != '\r' {
				has = true
			}
		}
		if has {
			if para.s < 0 {
				para.s = s
			}
			para.e = e
		}
		return has
	}
	closeAt := "" // the closing delimiter of an open block comment
	off := 0
	for off <= len(content) {
		nl := strings.IndexByte(content[off:], '\n')
		end := len(content)
		if nl >= 0 {
			end = off + nl
			out[end] = '\n'
		}
		line := content[off:end]
		body := strings.TrimLeft(line, " \t")
		bs := off + len(line) - len(body)
		switch {
		case closeAt != "":
			inRun = true
			c := strings.Index(line, closeAt)
			from, to := off, end
			if c >= 0 {
				to = off + c
				closeAt = ""
			}
			if strings.HasPrefix(body, "*") && bs < to {
				from = bs + 1 // a block comment's * leader
			}
			if !keep(from, to) {
				flush()
			}
			if c >= 0 {
				endRun()
			}
		default:
			if open, cl, ok := blockOpen(body, cs); ok {
				inRun = true
				s := bs + len(open)
				if c := strings.Index(content[s:end], cl); c >= 0 {
					keep(s, s+c)
					endRun()
				} else {
					closeAt = cl
					keep(s, end)
				}
				break
			}
			if lead := lineLeader(body, cs); lead != "" {
				inRun = true
				if !keep(bs+len(lead), end) {
					flush()
				}
				break
			}
			endRun()
			if t := trailingComment(line, cs); t >= 0 {
				keep(off+t, end)
				endRun()
			}
		}
		if nl < 0 {
			break
		}
		off = end + 1
	}
	endRun()
	return string(out), spans, runs
}

// blockOpen returns the block comment delimiters line body (blanks
// trimmed) opens with.
func blockOpen(body string, cs *commentSyntax) (string, string, bool) {
	for _, b := range cs.blocks {
		if strings.HasPrefix(body, b[0]) {
			return b[0], b[1], true
		}
	}
	return "", "", false
}

// lineLeader returns the whole-line comment leader line body (blanks
// trimmed) starts with, with the run of the leader's last character
// after it (%%%, ;;;, ---), or "".
func lineLeader(body string, cs *commentSyntax) string {
	for _, l := range cs.line {
		if l == "# " && strings.TrimSpace(body) == "#" {
			return "#"
		}
		if !strings.HasPrefix(body, l) {
			continue
		}
		n := len(l)
		last := l[len(l)-1]
		for last != ' ' && n < len(body) && body[n] == last {
			n++
		}
		return body[:n]
	}
	return ""
}

// trailingComment returns the offset in line of a comment after code
// (cs.trailing; a leader after an odd run of backslashes is escaped
// text: TeX's \%, roff's \\"), or -1.
func trailingComment(line string, cs *commentSyntax) int {
	for _, t := range cs.trailing {
		for from := 0; from < len(line); {
			i := strings.Index(line[from:], t)
			if i < 0 {
				break
			}
			at := from + i
			bs := 0
			for j := at - 1; j >= 0 && line[j] == '\\'; j-- {
				bs++
			}
			if bs%2 == 0 {
				return at + len(t)
			}
			from = at + len(t)
		}
	}
	return -1
}

// scanFormatComments reads the comments of a diagram, man page, TeX,
// PlantUML or other format (formatComments) as hidden text (see above).
func scanFormatComments(sc *skillCtx, rel, content string) {
	cs := commentSyntaxOf(rel, content)
	if cs == nil {
		return
	}
	text, spans, runs := commentText(content, cs)
	li := newLineIndex(text)
	named := map[int]bool{}
	if cs.source {
		for i, sp := range spans {
			if modelAddressRe.MatchString(text[sp.s:sp.e]) {
				named[runs[i]] = true
			}
		}
	}
	for i, sp := range spans {
		if cs.source && !named[runs[i]] {
			continue
		}
		before := len(sc.findings)
		markupHidden(sc, rel, text, sp.s, sp.e, li, cs.what)
		if !cs.source && !sc.defence && cs.audience == nil {
			continue
		}
		kept := sc.findings[:before]
		silence := hiddenSilence(strings.TrimSpace(text[sp.s:sp.e]))
		for _, f := range sc.findings[before:] {
			if cs.source && f.RuleID == "hidden-text" && !silence {
				continue // a note to coding agents, open to whoever reads the file
			}
			if cs.audience != nil && f.RuleID == "hidden-text" && !putToModel(text[sp.s:sp.e], cs.audience) {
				continue // a note to the format's readers (translators)
			}
			if sc.defence {
				// a skill that teaches defence ships attack wording as
				// its samples, ranked as its data files' are
				f.Severity = f.Severity.lower(2)
				if f.Severity <= SeverityNone {
					continue
				}
			}
			kept = append(kept, f)
		}
		sc.findings = kept
	}
}
