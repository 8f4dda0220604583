package audit

import "strings"

// Rule credential-read in a Jupyter notebook: its Python cells are read
// as one script by the Python key reader (keyinspect.go), and a notebook
// shows one more thing a script does not: the value of each cell's last
// expression, displayed under the cell (and stored in the file's outputs
// when it is saved). A cell ending in `text` or `text[:64]` prints the
// key as surely as print(text); one ending in a test (`"ENCRYPTED" in
// text`, `len(text)`) shows a yes, a no or a number. And the kernel keeps
// every name a cell binds for the next cell run, by the user or the
// agent: content read into a name the code never looks at again is kept
// for that, not inspected.

// nbKeyReadInspected reports whether the notebook content, whose Python
// code the audit reads as py (comments blanked), only inspects the key it
// reads: the code does (pyKeyTaint), every name holding what it read is
// looked at again, and no cell's last expression shows a value holding
// it.
func nbKeyReadInspected(content, py string) bool {
	fl, ok := pyKeyTaint(py)
	if !ok {
		return false
	}
	blank := pyBlankStrings(py)
	for key := range fl.tainted {
		name := key[strings.IndexByte(key, 0)+1:]
		n := 0
		for _, w := range pyWordRe.FindAllString(blank, -1) {
			if w == name {
				n++
			}
		}
		if n < 2 {
			return false // bound and never looked at: kept in the kernel
		}
	}
	cells, _, ok := notebookCells(content)
	if !ok {
		return false
	}
	for _, cell := range cells {
		if len(cell.lines) == 0 || shellCellMagic(strings.TrimSpace(cell.lines[0].text)) {
			continue
		}
		var code []string
		for _, l := range cell.lines {
			t := strings.TrimSpace(l.text)
			if _, isShell := shellEscape(t); isShell || strings.HasPrefix(t, "%") {
				continue
			}
			code = append(code, strings.TrimRight(l.text, "\r\n"))
		}
		last, indented := pyLastStatement(pyBlankStrings(strings.Join(code, "\n")))
		if last == "" || indented || !pyShowsValue(last) {
			continue
		}
		names, reads := pyTaintIn(last, fl) // a cell's line, at module level
		if (len(names) > 0 || reads) && !pyInspectOnly(last, names, reads) {
			return false
		}
	}
	return true
}

// pyLastStatement returns the last logical line of the blanked Python
// code (lines joined while brackets are open or a backslash continues
// them), trimmed, and whether it starts indented (inside a block, so no
// value of it is shown).
func pyLastStatement(blank string) (string, bool) {
	var cur strings.Builder
	last, indented := "", false
	depth, startIndented, open := 0, false, false
	for _, l := range strings.Split(blank, "\n") {
		if !open {
			if strings.TrimSpace(l) == "" {
				continue
			}
			startIndented = l[0] == ' ' || l[0] == '\t'
			cur.Reset()
		}
		cur.WriteString(l)
		cur.WriteByte(' ')
		for _, r := range l {
			switch r {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(0, depth-1)
			}
		}
		open = depth > 0 || strings.HasSuffix(strings.TrimSpace(l), "\\")
		if !open {
			last, indented = strings.TrimSpace(cur.String()), startIndented
		}
	}
	return last, indented
}

// pyShowsValue reports whether the logical line l is an expression whose
// value a notebook shows under its cell: not a statement (assignment,
// keyword, definition), not ended with ; (which hides it).
func pyShowsValue(l string) bool {
	switch {
	case strings.HasSuffix(l, ";"), pyCondRe.MatchString(l), pyAssignRe.MatchString(l), pyForRe.MatchString(l), pyWithRe.MatchString(l):
		return false
	}
	for _, kw := range []string{"return", "yield", "del ", "print(", "print (", "with ", "for ", "async ", "lambda"} {
		if strings.HasPrefix(l, kw) {
			return false
		}
	}
	return true
}
