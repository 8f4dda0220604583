package audit

import (
	"html"
	"path"
	"strings"
)

// A JetBrains IDE (IntelliJ IDEA, Android Studio, GoLand...) shares run
// configurations as XML files (.run/NAME.run.xml, or
// .idea/runConfigurations/NAME.xml). A Shell Script configuration
// (type="ShConfigurationType") keeps its script inline in an attribute,
// <option name="SCRIPT_TEXT" value="..."/>, XML-escaped, its newlines
// written &#10;. The IDE runs that text with the configuration's
// interpreter (INTERPRETER_PATH, /bin/bash by default) whenever the
// configuration is picked from the Run menu, so it is a shell script of
// the skill and every shell rule reads it: the file is also read under
// its name with .sh added (or the interpreter's extension), holding only
// the decoded script text, and each finding is reported under the
// file's own name at the line of the attribute that holds it.

var (
	// ideaScriptText is a Shell Script run configuration's inline
	// script: group 1 its XML-escaped text.
	ideaScriptText = lazyRE(`<option\s+name\s*=\s*"SCRIPT_TEXT"\s+value\s*=\s*"([^"]*)"`)
	// ideaInterpreter is the configuration's interpreter: group 1 its
	// path.
	ideaInterpreter = lazyRE(`<option\s+name\s*=\s*"INTERPRETER_PATH"\s+value\s*=\s*"([^"]*)"`)
)

// ideaRunScript returns the inline scripts of a JetBrains Shell Script
// run configuration (see above), decoded, the name they are read under
// (rel with the interpreter's extension added) and, for each of their
// lines, the line of the file that holds it; ok is false when the file
// holds none.
func ideaRunScript(rel, content string) (code, lrel string, lines []int, ok bool) {
	if !strings.EqualFold(path.Ext(rel), ".xml") || !strings.Contains(content, "ShConfigurationType") || !strings.Contains(content, "SCRIPT_TEXT") {
		return "", "", nil, false
	}
	var b strings.Builder
	li := newLineIndex(content)
	for _, m := range ideaScriptText.FindAllStringSubmatchIndex(content, 16) {
		text := html.UnescapeString(content[m[2]:m[3]])
		if strings.TrimSpace(text) == "" {
			continue
		}
		at := li.line(m[2])
		b.WriteString(text)
		b.WriteByte('\n')
		for range strings.Count(text, "\n") + 1 {
			lines = append(lines, at)
		}
	}
	if len(lines) == 0 {
		return "", "", nil, false
	}
	ext := ".sh"
	if m := ideaInterpreter.FindStringSubmatch(content); m != nil {
		name := strings.TrimRight(path.Base(strings.ReplaceAll(m[1], `\`, "/")), "0123456789.")
		name = strings.TrimSuffix(strings.ToLower(name), ".exe")
		if e, ok := shebangExt()[name]; ok {
			ext = e
		}
	}
	return b.String(), rel + ext, lines, true
}

// fileUnderLines reads content as the file lrel, as fileUnder does, and
// reports each finding under rel at lines[its line-1], the line of rel
// that holds the text it was found in.
func (sc *skillCtx) fileUnderLines(a *auditor, rel, lrel, content string, lines []int) {
	n := len(sc.findings)
	sc.fileUnder(a, rel, lrel, content)
	for i := n; i < len(sc.findings); i++ {
		f := &sc.findings[i]
		if f.File == rel && f.Line >= 1 && f.Line <= len(lines) {
			f.Line = lines[f.Line-1]
		}
	}
}
