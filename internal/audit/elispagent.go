package audit

import (
	"path"
	"strings"
)

// Emacs Lisp that rewrites the agent's own settings or instructions
// (rule agent-tamper), read as Perl's and Raku's are (perlagent.go): a
// string literal naming an agent's folder and one naming its settings or
// instruction files (~/.claude/CLAUDE.md, ~/.codex/config.toml,
// ~/.claude.json), the home folder and a write (with-temp-file,
// write-region, append-to-file, f.el's f-write and f-append,
// json-write-file, copy-file, rename-file). An Emacs package that does
// this when its mode is enabled changes what every later agent session
// obeys: high, and critical when the text it inserts into the file is
// itself an injection (elispPlanted).

var (
	// elispWrite is an Emacs Lisp form that writes a file.
	elispWrite = lazyRE(`\(\s*(?:with-temp-file|write-region|append-to-file|write-file|f-write(?:-text|-bytes)?|f-append(?:-text|-bytes)?|json-write-file|copy-file|rename-file)\s`)
	// elispStrLit is an Emacs Lisp string, which may span lines.
	elispStrLit = lazyRE(`"(?:[^"\\]|\\.)*"`)
	// elispInsertSink is a form whose arguments are the text written
	// into the buffer or file: insert and its variants, princ, and the
	// text argument of write-region, append-to-file, f-write and
	// f-append.
	elispInsertSink = lazyRE(`\(\s*(?:insert(?:-before-markers)?|princ|write-region|append-to-file|f-write(?:-text)?|f-append(?:-text)?)\s`)
	// elispDefine binds a name to a value (defconst, defvar, defcustom,
	// setq) or defines a function: group 1 the form, group 2 the name.
	elispDefine = lazyRE(`\(\s*(defconst|defvar|defcustom|setq|defun|defsubst|cl-defun)\s+([^\s()"]+)`)
)

// isElispFile reports whether rel is read as Emacs Lisp (init files are
// read under .el by readRel).
func isElispFile(rel string) bool {
	return strings.EqualFold(path.Ext(rel), ".el")
}

// scanElispAgent reports Emacs Lisp (content) that writes the agent's
// settings or instructions in the home folder (see above), at its first
// write.
func scanElispAgent(sc *skillCtx, rel, content string) {
	if !isElispFile(rel) || !mayTamper(content, elispWrite) {
		return
	}
	c := elispCommentsBlanked(content)
	w := elispWrite.FindStringIndex(c)
	if w == nil {
		return
	}
	var lits []litSpan
	for _, m := range elispStrLit.FindAllStringIndex(c, 400) {
		if m[0] > 0 && c[m[0]-1] == '?' {
			continue // a character literal ?" is no string
		}
		lits = append(lits, litSpan{m[0], c[m[0]+1 : m[1]-1]})
	}
	agentTamperPlanted(sc, rel, c, lits, w[0], listsFolder.MatchString(c) || strings.Contains(c, "(directory-files"), false, false,
		func() string {
			if !instrNamed(lits) {
				return ""
			}
			return plantedInjectionIn(sc, elispPlanted(c, lits))
		})
}

// elispPlanted returns the text Emacs Lisp code (comments blanked)
// inserts or writes, its literals joined in order: a literal within the
// arguments of an insert form (elispInsertSink), or within the value or
// body of a name (defconst, defvar, setq, defun) that such a form, or a
// value already written, names. A literal only compared with the file's
// text (string-match-p "marker:begin" text) is not written.
func elispPlanted(code string, lits []litSpan) string {
	type named struct {
		name string
		span [2]int
	}
	var names []named
	for _, m := range elispDefine.FindAllStringSubmatchIndex(code, 256) {
		end := sexpEnd(code, m[0])
		if end < 0 {
			end = len(code)
		}
		names = append(names, named{code[m[4]:m[5]], [2]int{m[5], end}})
	}
	var regions [][2]int
	for _, m := range elispInsertSink.FindAllStringIndex(code, 256) {
		at := strings.LastIndexByte(code[:m[1]], '(')
		end := sexpEnd(code, at)
		if end < 0 {
			end = len(code)
		}
		regions = append(regions, [2]int{m[1], end})
	}
	done := make([]bool, len(names))
	for k := 0; k < len(regions); k++ {
		for i, n := range names {
			if !done[i] && mentions(code, regions[k], n.name, nil) {
				done[i] = true
				regions = append(regions, n.span)
			}
		}
	}
	var b strings.Builder
	for _, l := range lits {
		for _, r := range regions {
			if r[0] <= l.off && l.off < r[1] {
				b.WriteString(unescapeLit(l.body))
				b.WriteByte(' ')
				break
			}
		}
		if b.Len() > 64<<10 {
			break
		}
	}
	return b.String()
}
