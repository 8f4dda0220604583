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
	if !otherCode()[strings.ToLower(path.Ext(rel))] || !strings.Contains(code, "#!") {
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

// A JVM build's settings hold shell scripts as triple-quoted strings:
// TeamCity's Kotlin DSL gives a script step its text as
// scriptContent = """...""" (or a val holding it), Groovy and Scala
// programs write hooks out of """...""", Java as a text block. Such a
// string that opens with a shell shebang, or is a TeamCity script step's
// content (the agent runs it with sh), is that script and is read as a
// shell script, as here-documents are read above. Kotlin's raw strings
// have no escapes, so a literal dollar is spelled ${'$'} (Groovy's \$):
// those are the shell's $; any other interpolation ${...} is $V, and a
// bare $name stays a shell variable.

// rawStringExts are the languages whose triple-quoted strings are read
// as scripts here.
var rawStringExts = lazySet(".kt", ".kts", ".java", ".groovy", ".scala", ".sc")

// rawTemplate is a literal dollar written as a Kotlin template (${'$'},
// ${"$"}) or Groovy's escape (\$), or another interpolation ${expr}.
var rawTemplate = lazyRE(`\$\{\s*(?:'\$'|"\$")\s*\}|\\\$|\$\{[^}\n]*\}`)

// rawShellText is a JVM string's text as the shell gets it: a literal
// dollar is $, another interpolation $V.
func rawShellText(s string) string {
	return rawTemplate.ReplaceAllStringFunc(s, func(m string) string {
		if m == `\$` || strings.Contains(m, "'$'") || strings.Contains(m, `"$"`) {
			return "$"
		}
		return "$V"
	})
}

// teamcityScriptContent is the assignment of a TeamCity script step's
// text, just before the opening quotes.
var teamcityScriptContent = lazyRE(`\bscriptContent\s*=\s*$`)

// scanRawStringScripts reads each triple-quoted string of a Kotlin, Java,
// Groovy or Scala file that is a shell script (see above).
func scanRawStringScripts(sc *skillCtx, rel, code string) {
	if !rawStringExts()[strings.ToLower(path.Ext(rel))] || !strings.Contains(code, `"""`) {
		return
	}
	for off, n := 0, 0; off < len(code) && n < 64; n++ {
		i := strings.Index(code[off:], `"""`)
		if i < 0 {
			return
		}
		quote := off + i
		open := quote + 3
		j := strings.Index(code[open:], `"""`)
		if j < 0 {
			return
		}
		end := open + j
		off = end + 3
		for off < len(code) && code[off] == '"' { // """a"""" closes on the last three
			off++
		}
		text := code[open:end]
		lead := strings.TrimLeft(text, " \t\r\n")
		k, ok := shebangKind(lead)
		lineStart := strings.LastIndexByte(code[:quote], '\n') + 1
		if !(ok && k == kindShell) && !teamcityScriptContent.MatchString(code[lineStart:quote]) {
			continue
		}
		body := open // the script's first line, with its indent
		if ws := text[:len(text)-len(lead)]; strings.Contains(ws, "\n") {
			body += strings.LastIndexByte(ws, '\n') + 1
		}
		scanShell(sc, rel, rawShellText(dedentLines(code[body:end])), 1+strings.Count(code[:body], "\n"), inScript)
	}
}
