package audit

import (
	"encoding/json"
	"io"
	"path"
	"strings"
)

// A Jupyter notebook (.ipynb, nbformat 4) is JSON whose code cells run
// in the notebook's kernel when anyone runs it (jupyter nbconvert
// --execute, papermill, Run All). Its code cells are read as Python when
// the kernel is Python (or names no language), each source line placed at
// the file line that holds it, so the Python rules see one script and
// report the notebook's own lines. IPython's shell escapes (!cmd, x =
// !cmd, %system, %sx) and shell cell magics (%%bash, %%sh, %%script sh)
// run their text in a shell and are read as shell; other magics are left
// out of the Python, but a %%writefile cell writing a shell script
// (.sh, .bash, .zsh) is that script and is read as shell. IPython fills
// a shell escape's {expr} and $name from the kernel's names before the
// shell runs it, so those are expanded with the names the Python binds
// (pycmdfold.go): !curl {u} | sh with u decoded from base64 is read with
// the URL. Cells of another kernel language (R, Julia) are not read: no
// rule reads those languages.
//
// A code cell can be hidden from whoever reads the notebook and still run
// with the rest: JupyterLab's collapsed input (metadata.jupyter
// .source_hidden), Jupyter Book and nbconvert tags (remove-input,
// remove-cell, hide-input, hide-cell), the hide_input extension, nteract's
// inputHidden, Colab's form view (cellView: form). A download run from
// such a cell is kept from review on purpose: a high download-exec or
// decoded-exec finding there is critical.

// isNotebook reports whether rel is a Jupyter notebook.
func isNotebook(rel string) bool { return strings.EqualFold(path.Ext(rel), ".ipynb") }

// nbLine is one source line of a cell and the 1-based file line whose
// JSON string holds (the start of) it.
type nbLine struct {
	text string
	line int
}

// notebookCode is a notebook's code read for the rules: py and sh are
// Python and shell texts whose line n is file line n (lines the notebook
// gives no code for are blank); hidden maps the lines of code cells
// hidden from view to how they are hidden.
type notebookCode struct {
	py, sh string
	hidden map[int]string
}

// nbCell is a code cell: its source lines, and how it is hidden from
// view ("" when it is shown).
type nbCell struct {
	lines  []nbLine
	hidden string
}

// nbShLine is a shell line of a notebook and whether IPython expands
// the kernel's names in it (a shell escape, not a cell magic's body).
type nbShLine struct {
	nbLine
	expand bool
}

// readNotebook splits content into notebookCode; ok is false when content
// is no notebook whose code the audit reads.
func readNotebook(content string) (notebookCode, bool) {
	cells, lang, ok := notebookCells(content)
	if !ok || (lang != "" && !strings.Contains(lang, "python")) {
		return notebookCode{}, false
	}
	var py, sh []string
	var shLines []nbShLine
	hidden := map[int]string{}
	place := func(out *[]string, cursor *int, l nbLine) int {
		at := max(l.line, *cursor) // a string holding several lines pushes the rest down
		for len(*out) < at {
			*out = append(*out, "")
		}
		(*out)[at-1] = l.text
		*cursor = at + 1
		return at
	}
	pyCur, shCur := 1, 1
	for _, c := range cells {
		if len(c.lines) == 0 {
			continue
		}
		first := strings.TrimSpace(c.lines[0].text)
		if shellCellMagic(first) || shellWriteFile(first) {
			for _, l := range c.lines[1:] {
				shLines = append(shLines, nbShLine{l, false})
			}
			continue
		}
		for _, l := range c.lines {
			t := strings.TrimSpace(l.text)
			if cmd, isShell := shellEscape(t); isShell {
				shLines = append(shLines, nbShLine{nbLine{cmd, l.line}, true})
				continue
			}
			if strings.HasPrefix(t, "%") {
				continue // another magic: not Python
			}
			if at := place(&py, &pyCur, l); c.hidden != "" {
				hidden[at] = c.hidden
			}
		}
	}
	// shell lines in file order, after the Python whose names they use
	pyText := strings.Join(py, "\n")
	var fold *pyFolder
	hiddenAt := func(line int) string {
		for _, c := range cells {
			if c.hidden != "" && len(c.lines) > 0 && line >= c.lines[0].line && line <= c.lines[len(c.lines)-1].line {
				return c.hidden
			}
		}
		return ""
	}
	for _, l := range shLines {
		if l.expand && strings.ContainsAny(l.text, "{$") {
			if fold == nil {
				fold = newPyFolder(stripComments(pyText, kindPython))
			}
			l.text = ipyExpand(l.text, fold)
		}
		at := place(&sh, &shCur, l.nbLine)
		if why := hiddenAt(l.line); why != "" {
			hidden[at] = why
		}
	}
	return notebookCode{py: pyText, sh: strings.Join(sh, "\n"), hidden: hidden}, true
}

// ipyExpand fills a shell escape's {expr} and $name (see above) with
// what the Python gives them, where the fold knows it; $$ is a dollar
// sign. Anything else stays as written: IPython leaves a line whose
// expansion fails to the shell unchanged.
func ipyExpand(cmd string, p *pyFolder) string {
	var sb strings.Builder
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '$':
			sb.WriteByte('$')
			i++
			continue
		case c == '$' && i+1 < len(cmd) && (isIdentByte(cmd[i+1]) && !(cmd[i+1] >= '0' && cmd[i+1] <= '9')):
			j := i + 1
			for j < len(cmd) && isIdentByte(cmd[j]) {
				j++
			}
			if _, bound := p.defs[cmd[i+1:j]]; bound {
				if v, ok := p.fold(cmd[i+1 : j]); ok {
					sb.WriteString(v)
					i = j - 1
					continue
				}
			}
		case c == '{' && i+1 < len(cmd) && cmd[i+1] != '{':
			if end := pyCloseAt(cmd, i); end > i+1 {
				if v, ok := p.fold(cmd[i+1 : end]); ok && p.resolved > 0 {
					sb.WriteString(v)
					i = end
					continue
				}
			}
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// shellCellMagic reports whether a cell's first line makes the whole
// cell run in a shell.
func shellCellMagic(first string) bool {
	f := strings.Fields(first)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "%%bash", "%%sh", "%%system", "%%!":
		return true
	case "%%script":
		return len(f) > 1 && (strings.HasSuffix(f[1], "sh") || strings.HasSuffix(f[1], "bash") || strings.HasSuffix(f[1], "zsh"))
	}
	return false
}

// shellWriteFile reports whether a cell's first line writes the cell to
// a shell script (%%writefile setup.sh, %%file -a run.bash).
func shellWriteFile(first string) bool {
	f := strings.Fields(first)
	if len(f) < 2 || f[0] != "%%writefile" && f[0] != "%%file" {
		return false
	}
	name := strings.ToLower(strings.Trim(f[len(f)-1], `'"`))
	return strings.HasSuffix(name, ".sh") || strings.HasSuffix(name, ".bash") || strings.HasSuffix(name, ".zsh")
}

// shellEscape returns the command of an IPython line that runs one in a
// shell (!cmd, out = !cmd, %system cmd, %sx cmd).
func shellEscape(t string) (string, bool) {
	for _, p := range []string{"%system ", "%sx ", "!"} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(t[len(p):]), true
		}
	}
	if i := strings.Index(t, "= !"); i > 0 && isPyTarget(t[:i]) {
		return strings.TrimSpace(t[i+3:]), true
	}
	return "", false
}

// isPyTarget reports whether s is an assignment's target list (names,
// commas, spaces).
func isPyTarget(s string) bool {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ',' && c != ' ' && !isIdentByte(c) {
			return false
		}
	}
	return s != ""
}

// notebookCells returns each code cell (its source lines, how it is
// hidden), in order, and the kernel's language lower-cased ("" when the
// metadata names none).
func notebookCells(content string) (cells []nbCell, lang string, ok bool) {
	d := json.NewDecoder(strings.NewReader(content))
	li := newLineIndex(content)
	lineAt := func() int { return li.line(max(0, int(d.InputOffset())-1)) }
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, "", false
	}
	seen := false
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, "", false
		}
		switch k {
		case "cells":
			seen = true
			if cells, ok = readCells(d, lineAt); !ok {
				return nil, "", false
			}
		case "metadata":
			var m struct {
				Kernelspec struct {
					Language string `json:"language"`
				} `json:"kernelspec"`
				LanguageInfo struct {
					Name string `json:"name"`
				} `json:"language_info"`
			}
			if d.Decode(&m) != nil {
				return nil, "", false
			}
			lang = strings.ToLower(m.Kernelspec.Language)
			if lang == "" {
				lang = strings.ToLower(m.LanguageInfo.Name)
			}
		default:
			if skipJSON(d) != nil {
				return nil, "", false
			}
		}
	}
	return cells, lang, seen
}

// readCells reads the cells array at d: each code cell.
func readCells(d *json.Decoder, lineAt func() int) ([]nbCell, bool) {
	var cells []nbCell
	ok := eachCell(d, lineAt, nil, func(typ string, src []nbLine, hidden string) {
		if typ == "code" {
			cells = append(cells, nbCell{src, hidden})
		}
	})
	if !ok {
		return nil, false
	}
	return cells, true
}

// eachCell reads the cells array at d, calling cell with each cell
// object's cell_type, source lines and how its metadata hides it from
// view (cellHidden) once the object is read (elements that are not
// objects are skipped). outputs, when not nil, reads a cell's outputs
// value where it stands, so it sees them in file order; nil skips them.
// It reports false on JSON that is not a cells array or when outputs
// does.
func eachCell(d *json.Decoder, lineAt func() int, outputs func() bool, cell func(typ string, src []nbLine, hidden string)) bool {
	if t, err := d.Token(); err != nil || t != json.Delim('[') {
		return false
	}
	return eachObject(d, func() bool {
		typ, src, hidden := "", []nbLine(nil), ""
		ok := eachField(d, func(k string) bool {
			switch {
			case k == "cell_type":
				t, err := d.Token()
				if err != nil {
					return false
				}
				if s, isStr := t.(string); isStr {
					typ = s
					return true
				}
				return skipOpened(d, t) == nil
			case k == "source":
				var err error
				src, err = readSource(d, lineAt)
				return err == nil
			case k == "metadata":
				var raw json.RawMessage
				if d.Decode(&raw) != nil {
					return false
				}
				hidden = cellHidden(raw)
				return true
			case k == "outputs" && outputs != nil:
				return outputs()
			}
			return skipJSON(d) == nil
		})
		if ok {
			cell(typ, src, hidden)
		}
		return ok
	})
}

// cellHidden returns how a cell's metadata hides its source from whoever
// views the notebook (see above), or "". Hiding only the outputs
// (outputs_hidden, remove-output) leaves the code in view and is not
// counted.
func cellHidden(raw json.RawMessage) string {
	var m struct {
		Jupyter struct {
			SourceHidden any `json:"source_hidden"`
		} `json:"jupyter"`
		HideInput   any `json:"hide_input"`
		InputHidden any `json:"inputHidden"`
		CellView    any `json:"cellView"`
		Tags        any `json:"tags"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	switch {
	case m.Jupyter.SourceHidden == true:
		return "its source is collapsed (jupyter.source_hidden)"
	case m.HideInput == true:
		return "its source is hidden (hide_input)"
	case m.InputHidden == true:
		return "its source is hidden (inputHidden)"
	case m.CellView == "form":
		return "its source is hidden behind a form (cellView: form)"
	}
	tags, _ := m.Tags.([]any)
	for _, t := range tags {
		s, _ := t.(string)
		switch strings.ReplaceAll(strings.ToLower(s), "_", "-") {
		case "remove-input", "remove-cell", "hide-input", "hide-cell":
			return "its source is left out of the rendered notebook (tag " + s + ")"
		}
	}
	return ""
}

// eachObject reads the rest of the JSON array whose '[' was just read
// from d, calling obj after each element's '{' (obj reads the object to
// its end); elements that are not objects are skipped. It reports false
// on malformed JSON or when obj does.
func eachObject(d *json.Decoder, obj func() bool) bool {
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return false
		}
		if t != json.Delim('{') {
			if skipOpened(d, t) != nil {
				return false
			}
			continue
		}
		if !obj() {
			return false
		}
	}
	_, err := d.Token() // ]
	return err == nil
}

// eachField reads the rest of the JSON object whose '{' was just read
// from d, calling field with each key while d stands at its value (field
// reads the value whole). It reports false on malformed JSON or when
// field does.
func eachField(d *json.Decoder, field func(key string) bool) bool {
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return false
		}
		key, _ := k.(string)
		if !field(key) {
			return false
		}
	}
	_, err := d.Token() // }
	return err == nil
}

// readSource reads a cell's source (a string or an array of strings)
// into lines, each at the file line of the string it starts in.
func readSource(d *json.Decoder, lineAt func() int) ([]nbLine, error) {
	var out []nbLine
	cur, curLine, open := "", 0, false
	add := func(s string, ln int) {
		for s != "" {
			if !open {
				cur, curLine, open = "", ln, true
			}
			part, rest, nl := strings.Cut(s, "\n")
			cur += part
			if !nl {
				return
			}
			out = append(out, nbLine{cur, curLine})
			open, s = false, rest
		}
	}
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch v := t.(type) {
	case string:
		add(v, lineAt())
	case json.Delim:
		if v != '[' {
			return nil, skipOpened(d, t)
		}
		for d.More() {
			t, err := d.Token()
			if err != nil {
				return nil, err
			}
			if s, isStr := t.(string); isStr {
				add(s, lineAt())
			} else if err := skipOpened(d, t); err != nil {
				return nil, err
			}
		}
		if _, err := d.Token(); err != nil {
			return nil, err
		}
	}
	if open {
		out = append(out, nbLine{cur, curLine})
	}
	return out, nil
}

// skipJSON skips the next value at d.
func skipJSON(d *json.Decoder) error {
	t, err := d.Token()
	if err != nil {
		return err
	}
	return skipOpened(d, t)
}

// skipOpened skips the rest of a value whose first token t was read.
func skipOpened(d *json.Decoder, t json.Token) error {
	if t != json.Delim('{') && t != json.Delim('[') {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := d.Token()
		if err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// scanNotebook reads a notebook's code cells as a Python script and its
// shell escapes as a shell script (see above).
func scanNotebook(sc *skillCtx, rel, content string) {
	scanNotebookProse(sc, rel, content)
	nb, ok := readNotebook(content)
	if !ok {
		return
	}
	before := len(sc.findings)
	if strings.TrimSpace(nb.py) != "" {
		scanScriptCode(sc, rel, nb.py, kindPython)
	}
	if strings.TrimSpace(nb.sh) != "" {
		scanShell(sc, rel, nb.sh, 1, inScript)
	}
	for i := before; i < len(sc.findings); i++ {
		f := &sc.findings[i]
		why := nb.hidden[f.Line]
		if why == "" || f.File != rel || f.Severity != High || f.RuleID != "download-exec" && f.RuleID != "decoded-exec" {
			continue
		}
		f.Severity = Critical
		f.Reason += Printable(" in a notebook cell hidden from view: " + why)
	}
}
