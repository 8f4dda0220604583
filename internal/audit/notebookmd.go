package audit

import (
	"encoding/json"
	"strings"
)

// A notebook's prose is read as markdown: its markdown and raw cells, and
// the rendered outputs saved with its code cells (an output's text/markdown
// and text/html data, which Jupyter, VS Code and GitHub render as HTML).
// An agent asked to fill in or run a notebook reads all of it as text,
// while a person sees only the rendered page: a hidden <div>, an HTML
// comment or a hidden span there is an instruction to the model that
// nobody reviewing the notebook sees, as in a skill's markdown files.

// renderedMIME lists the output data kinds a notebook front end renders
// as markdown or HTML (nbformat 4 display_data and execute_result data).
var renderedMIME = map[string]bool{"text/markdown": true, "text/html": true}

// notebookProse returns a notebook's prose (see above) as one markdown
// text whose line n is file line n (a string holding several lines
// pushes the rest down; cells are kept apart by a blank line); ok is
// false when content is not a notebook (not JSON, no cells array).
func notebookProse(content string) (string, bool) {
	d := json.NewDecoder(strings.NewReader(content))
	li := newLineIndex(content)
	lineAt := func() int { return li.line(max(0, int(d.InputOffset())-1)) }
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	var out []string
	cursor := 1
	place := func(lines []nbLine) {
		for _, l := range lines {
			at := max(l.line, cursor)
			for len(out) < at {
				out = append(out, "")
			}
			out[at-1] = l.text
			cursor = at + 1
		}
		cursor++ // a blank line ends the block
	}
	seen := false
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return "", false
		}
		if k != "cells" {
			if skipJSON(d) != nil {
				return "", false
			}
			continue
		}
		seen = true
		if !readProseCells(d, lineAt, place) {
			return "", false
		}
	}
	return strings.Join(out, "\n"), seen
}

// readProseCells reads the cells array at d, handing place the source
// lines of each markdown or raw cell and of each rendered output, in
// file order. It reports false on JSON that is not a cells array.
func readProseCells(d *json.Decoder, lineAt func() int, place func([]nbLine)) bool {
	outputs := func() bool { return readRenderedOutputs(d, lineAt, place) }
	return eachCell(d, lineAt, outputs, func(typ string, src []nbLine, _ string) {
		if typ == "markdown" || typ == "raw" {
			place(src)
		}
	})
}

// readRenderedOutputs reads a code cell's outputs array at d, handing
// place each output's text/markdown and text/html data.
func readRenderedOutputs(d *json.Decoder, lineAt func() int, place func([]nbLine)) bool {
	t, err := d.Token()
	if err != nil {
		return false
	}
	if t != json.Delim('[') {
		return skipOpened(d, t) == nil
	}
	return eachObject(d, func() bool {
		return eachField(d, func(k string) bool {
			if k != "data" {
				return skipJSON(d) == nil
			}
			return readRenderedData(d, lineAt, place)
		})
	})
}

// readRenderedData reads an output's data object at d (MIME type to a
// string or an array of strings), handing place the rendered kinds.
func readRenderedData(d *json.Decoder, lineAt func() int, place func([]nbLine)) bool {
	t, err := d.Token()
	if err != nil {
		return false
	}
	if t != json.Delim('{') {
		return skipOpened(d, t) == nil
	}
	return eachField(d, func(mime string) bool {
		if !renderedMIME[mime] {
			return skipJSON(d) == nil
		}
		src, err := readSource(d, lineAt)
		if err != nil {
			return false
		}
		place(src)
		return true
	})
}

// scanNotebookProse reads a notebook's prose as a markdown file (see
// above), each finding on the notebook's own line.
func scanNotebookProse(sc *skillCtx, rel, content string) {
	doc, ok := notebookProse(content)
	if !ok || strings.TrimSpace(doc) == "" {
		return
	}
	scanMarkdown(sc, rel, doc, newLineIndex(doc))
}
