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
// out of the Python. Cells of another kernel language (R, Julia) are not
// read: no rule reads those languages.

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
// gives no code for are blank); ok is false when the text is not a
// notebook (not JSON, no cells) or its kernel is not Python.
type notebookCode struct {
	py, sh string
}

// readNotebook splits content into notebookCode; ok is false when content
// is no notebook whose code the audit reads.
func readNotebook(content string) (notebookCode, bool) {
	cells, lang, ok := notebookCells(content)
	if !ok || (lang != "" && !strings.Contains(lang, "python")) {
		return notebookCode{}, false
	}
	var py, sh []string
	place := func(out *[]string, cursor *int, l nbLine) {
		at := max(l.line, *cursor) // a string holding several lines pushes the rest down
		for len(*out) < at {
			*out = append(*out, "")
		}
		(*out)[at-1] = l.text
		*cursor = at + 1
	}
	pyCur, shCur := 1, 1
	for _, c := range cells {
		if len(c) == 0 {
			continue
		}
		first := strings.TrimSpace(c[0].text)
		if shellCellMagic(first) {
			for _, l := range c[1:] {
				place(&sh, &shCur, l)
			}
			continue
		}
		for _, l := range c {
			t := strings.TrimSpace(l.text)
			if cmd, isShell := shellEscape(t); isShell {
				place(&sh, &shCur, nbLine{cmd, l.line})
				continue
			}
			if strings.HasPrefix(t, "%") {
				continue // another magic: not Python
			}
			place(&py, &pyCur, l)
		}
	}
	return notebookCode{py: strings.Join(py, "\n"), sh: strings.Join(sh, "\n")}, true
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

// notebookCells returns the source lines of each code cell, in order, and
// the kernel's language lower-cased ("" when the metadata names none).
func notebookCells(content string) (cells [][]nbLine, lang string, ok bool) {
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

// readCells reads the cells array at d: each code cell's source lines.
func readCells(d *json.Decoder, lineAt func() int) ([][]nbLine, bool) {
	var cells [][]nbLine
	ok := eachCell(d, lineAt, nil, func(typ string, src []nbLine) {
		if typ == "code" {
			cells = append(cells, src)
		}
	})
	if !ok {
		return nil, false
	}
	return cells, true
}

// eachCell reads the cells array at d, calling cell with each cell
// object's cell_type and source lines once the object is read (elements
// that are not objects are skipped). outputs, when not nil, reads a
// cell's outputs value where it stands, so it sees them in file order;
// nil skips them. It reports false on JSON that is not a cells array or
// when outputs does.
func eachCell(d *json.Decoder, lineAt func() int, outputs func() bool, cell func(typ string, src []nbLine)) bool {
	if t, err := d.Token(); err != nil || t != json.Delim('[') {
		return false
	}
	return eachObject(d, func() bool {
		typ, src := "", []nbLine(nil)
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
			case k == "outputs" && outputs != nil:
				return outputs()
			}
			return skipJSON(d) == nil
		})
		if ok {
			cell(typ, src)
		}
		return ok
	})
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
	if strings.TrimSpace(nb.py) != "" {
		scanScriptCode(sc, rel, nb.py, kindPython)
	}
	if strings.TrimSpace(nb.sh) != "" {
		scanShell(sc, rel, nb.sh, 1, inScript)
	}
}
