package audit

import (
	"path"
	"strings"
)

// A program that writes a shell script out (a warmer, a hook, a cron
// job's body) holds it as a here-document: Ruby's and Crystal's <<-SH,
// Perl's <<'SH', PHP's <<<SH. A here-document whose text opens with a
// shell's shebang is that script, whatever the program does with it
// next, so it is read as one: curl piped into sh in it is judged as in a
// shell script. Interpolations (#{url}, ${x}) become $V. Lines keep
// their numbers.

// heredocOpen is a here-document's opening: group 1 its terminator.
var heredocOpen = lazyRE(`<<<?[-~]?\s*['"]?([A-Za-z_]\w*)['"]?`)

// heredocInterp is an interpolation in a here-document of the languages
// read by pattern.
var heredocInterp = lazyRE(`#\{[^}\n]*\}|\{\$[^}\n]*\}`)

// scanHeredocScripts reads each here-document of code (a file of a
// language read by pattern) that opens with a shell shebang as a shell
// script.
func scanHeredocScripts(sc *skillCtx, rel, code string) {
	if !otherCode[strings.ToLower(path.Ext(rel))] || !strings.Contains(code, "#!") {
		return
	}
	if strings.EqualFold(path.Ext(rel), ".tcl") {
		scanTclBraceScripts(sc, rel, code)
	}
	if !strings.Contains(code, "<<") {
		return
	}
	for _, m := range heredocOpen.FindAllStringSubmatchIndex(code, 32) {
		nl := strings.IndexByte(code[m[1]:], '\n')
		if nl < 0 {
			return
		}
		start := m[1] + nl + 1
		term := code[m[2]:m[3]]
		body, end := start, -1
		for off := start; off < len(code); {
			e := strings.IndexByte(code[off:], '\n')
			line := code[off:]
			if e >= 0 {
				line = code[off : off+e]
			}
			if strings.TrimSpace(line) == term {
				end = off
				break
			}
			if e < 0 {
				break
			}
			off += e + 1
		}
		if end < 0 {
			continue
		}
		text := code[body:end]
		if k, ok := shebangKind(strings.TrimLeft(text, " \t")); !ok || k != kindShell {
			continue
		}
		ln := 1 + strings.Count(code[:body], "\n")
		scanShell(sc, rel, heredocInterp.ReplaceAllString(dedentLines(text), "$$V"), ln, inScript)
	}
}

// dedentLines removes the indent the first line of text has from every
// line that starts with it (a squiggly here-document's indent).
func dedentLines(text string) string {
	first := strings.TrimLeft(text, " \t")
	indent := text[:len(text)-len(first)]
	if indent == "" || strings.Contains(indent, "\n") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, indent)
	}
	return strings.Join(lines, "\n")
}

// tclBraceShebang opens a Tcl brace-quoted text that is a shell script:
// {#!/bin/sh.
var tclBraceShebang = lazyRE(`\{#!`)

// scanTclBraceScripts reads each brace-quoted text of Tcl code that opens
// with a shell shebang ({#!/bin/sh ...}, written out by a writeFile
// helper) as a shell script, as here-documents are read above: Tcl's
// braces quote without substitution.
func scanTclBraceScripts(sc *skillCtx, rel, code string) {
	for _, m := range tclBraceShebang.FindAllStringIndex(code, 16) {
		end := tclBraceEnd(code, m[0])
		if end < 0 {
			continue
		}
		text := code[m[0]+1 : end]
		if k, ok := shebangKind(text); !ok || k != kindShell {
			continue
		}
		ln := 1 + strings.Count(code[:m[0]], "\n")
		scanShell(sc, rel, text, ln, inScript)
	}
}

// tclBraceEnd returns the offset of the brace closing the one at open,
// or -1 (Tcl counts nested braces; a backslash escapes one).
func tclBraceEnd(code string, open int) int {
	depth := 0
	for i := open; i < len(code) && i-open < 64<<10; i++ {
		switch code[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
