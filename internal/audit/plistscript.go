package audit

import (
	"encoding/xml"
	"path"
	"strings"
	"sync"
)

// macOS tools keep the scripts they run inside XML property lists, as
// strings no script rule reads, XML-escaped (&amp;&amp;, 2&gt;/dev/null):
//   - an Alfred workflow's info.plist: each object's config holds its
//     inline script under `script`, run by the interpreter its `type`
//     names (0 /bin/bash, 5 /bin/zsh, 6 osascript AppleScript, 7
//     osascript JavaScript) whenever its keyword, hotkey or Script
//     Filter fires, and an AppleScript action's under `applescript`;
//   - an Automator workflow (document.wflow, .workflow bundles): a Run
//     Shell Script action's COMMAND_STRING, run by the action's `shell`;
//   - a Keyboard Maestro macro (.kmmacros): an ExecuteShellScript or
//     ExecuteAppleScript action's Text;
//   - a launchd job (LaunchAgents, LaunchDaemons) or any other argv
//     array: ProgramArguments of a shell given -c (or python -c, node,
//     ruby or perl -e) and the script text after it.
//
// Each is a program of the skill as much as a .sh file is, so it is
// also read, XML entities decoded, as a file of its language (a script's
// own #! line first, then the interpreter the plist names), under the
// plist's name with that language's extension added; each finding is
// reported under the plist's own name at the line that holds the text.

// plistScriptFiles are the extensions of the property lists read for
// scripts (a .wflow is an Automator document, a .kmmacros a Keyboard
// Maestro export; both are plists).
var plistScriptFiles = lazySet(".plist", ".wflow", ".kmmacros")

// alfredScriptType maps an Alfred script object's `type` to the
// extension of the language it runs: 0 /bin/bash and 5 /bin/zsh (read
// as shell), 6 osascript AppleScript and 7 osascript JavaScript. Other
// types (external script files, read as files of the skill already) are
// read only by the script's #! line.
func alfredScriptType(t string) (string, bool) {
	switch t {
	case "0", "5":
		return ".sh", true
	case "6":
		return ".applescript", true
	case "7":
		return ".js", true
	}
	return "", false
}

// argvScriptFlags maps an interpreter named as an argv's program (its
// base name, version digits dropped) to the option after which its next
// argument is the script text, and the extension of its language; made
// on first use (TestInitIsCheap).
var argvScriptFlags = sync.OnceValue(func() map[string][2]string {
	return map[string][2]string{
		"sh": {"c", ".sh"}, "bash": {"c", ".sh"}, "zsh": {"c", ".sh"}, "dash": {"c", ".sh"}, "ksh": {"c", ".sh"},
		"python": {"c", ".py"}, "node": {"e", ".js"}, "ruby": {"e", ".rb"}, "perl": {"e", ".pl"},
	}
})

// plistText is a string value of a property list: its decoded text and
// the file lines of its first and last character.
type plistText struct {
	text       string
	line, last int
}

// plistFrame is one open dict or array: a dict's keys with their string
// or integer values, the key whose value comes next, and an array's
// strings in order.
type plistFrame struct {
	dict   bool
	key    string
	values map[string]plistText
	items  []plistText
}

// embeddedScripts gathers the scripts of one file by extension: their
// text, and for each line of it the line of the file that holds it.
type embeddedScripts struct {
	order []string
	code  map[string]*strings.Builder
	lines map[string][]int
}

// add appends the script t to those read as ext; an empty one is
// skipped.
func (e *embeddedScripts) add(ext string, t plistText) {
	if strings.TrimSpace(t.text) == "" {
		return
	}
	if x := scriptShebangExt(t.text); x != "" {
		ext = x
	}
	if ext == "" {
		return // a type the rules do not read, and no #! line
	}
	if e.code == nil {
		e.code, e.lines = map[string]*strings.Builder{}, map[string][]int{}
	}
	b := e.code[ext]
	if b == nil {
		b = &strings.Builder{}
		e.code[ext] = b
		e.order = append(e.order, ext)
	}
	b.WriteString(t.text)
	b.WriteByte('\n')
	n := strings.Count(t.text, "\n") + 1
	for i := range n {
		at := t.line // text whose newlines were written as &#10;
		if t.last-t.line == n-1 {
			at = t.line + i
		}
		e.lines[ext] = append(e.lines[ext], at)
	}
}

// scriptShebangExt returns the extension of the language a script's #!
// line names, or "" when it has none the rules read.
func scriptShebangExt(text string) string {
	if appleScriptShebang(text) {
		return ".applescript"
	}
	if l := shebangRel("x", text); l != "x" {
		return strings.TrimPrefix(l, "x")
	}
	return ""
}

// interpreterExt returns the extension of the language of an
// interpreter given as a path or name (/bin/zsh, /usr/bin/python3), or
// "" for one the rules do not read.
func interpreterExt(name string) string {
	name = strings.TrimRight(strings.ToLower(path.Base(strings.TrimSpace(name))), "0123456789.")
	if name == "osascript" {
		return ".applescript"
	}
	return shebangExt()[name]
}

// plistScripts returns the scripts embedded in a property list (see
// above), by language: for each, its text, the name it is read under
// (rel with the language's extension added) and, for each of its lines,
// the line of the file that holds it. A list that stops parsing keeps
// what was read before.
func plistScripts(rel, content string) (codes, lrels []string, lines [][]int) {
	if !plistScriptFiles()[strings.ToLower(path.Ext(rel))] || !strings.Contains(content, "<plist") {
		return nil, nil, nil
	}
	var found embeddedScripts
	li := newLineIndex(content)
	dec := xml.NewDecoder(strings.NewReader(content))
	dec.Strict = false
	var stack []*plistFrame
	var text strings.Builder
	textStart := -1
	for {
		start := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil { // io.EOF, or where the list stops parsing
			break
		}
		var top *plistFrame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "dict", "array":
				stack = append(stack, &plistFrame{dict: t.Name.Local == "dict", values: map[string]plistText{}})
			case "key", "string", "integer":
				text.Reset()
				textStart = int(dec.InputOffset())
			}
		case xml.CharData:
			if textStart >= 0 {
				text.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "dict", "array":
				if top == nil {
					continue
				}
				stack = stack[:len(stack)-1]
				if top.dict {
					plistDictScripts(top.values, &found)
				} else {
					plistArgvScript(top.items, &found)
				}
				if len(stack) > 0 {
					stack[len(stack)-1].key = ""
				}
			case "key", "string", "integer":
				if textStart < 0 || top == nil {
					textStart = -1
					continue
				}
				v := plistText{text: text.String(), line: li.line(textStart), last: li.line(max(start-1, textStart))}
				textStart = -1
				switch {
				case top.dict && t.Name.Local == "key":
					top.key = v.text
					continue
				case top.dict:
					if top.key != "" {
						top.values[top.key] = v
					}
				case t.Name.Local == "string":
					top.items = append(top.items, v)
				}
				if top.dict {
					top.key = ""
				}
			default:
				if top != nil && top.dict && t.Name.Local != "true" && t.Name.Local != "false" {
					top.key = "" // a date, real or data value
				}
			}
		}
	}
	for _, ext := range found.order {
		codes = append(codes, found.code[ext].String())
		lrels = append(lrels, rel+ext)
		lines = append(lines, found.lines[ext])
	}
	return codes, lrels, lines
}

// plistDictScripts adds the scripts a dict holds: an Alfred object's
// script and applescript, an Automator action's COMMAND_STRING and a
// Keyboard Maestro action's Text.
func plistDictScripts(v map[string]plistText, found *embeddedScripts) {
	if s, ok := v["script"]; ok {
		if t, ok := v["type"]; ok {
			if ext, ok := alfredScriptType(strings.TrimSpace(t.text)); ok {
				found.add(ext, s)
			} else {
				found.add("", s) // only by its #! line
			}
		}
	}
	if s, ok := v["applescript"]; ok {
		found.add(".applescript", s)
	}
	if s, ok := v["COMMAND_STRING"]; ok {
		ext := ".sh" // Automator's default shell, /bin/bash or /bin/zsh
		if sh, ok := v["shell"]; ok {
			if x := interpreterExt(sh.text); x != "" {
				ext = x
			}
		}
		found.add(ext, s)
	}
	if s, ok := v["Text"]; ok {
		switch v["MacroActionType"].text {
		case "ExecuteShellScript":
			found.add(".sh", s)
		case "ExecuteAppleScript":
			found.add(".applescript", s)
		case "ExecuteJavaScriptForAutomation":
			found.add(".js", s)
		}
	}
}

// plistArgvScript adds the script of an argv array that starts an
// interpreter with its script as an argument (ProgramArguments of
// /bin/bash, -c, the script; /usr/bin/env zsh -lc too).
func plistArgvScript(items []plistText, found *embeddedScripts) {
	if len(items) > 1 && path.Base(strings.TrimSpace(items[0].text)) == "env" {
		items = items[1:]
	}
	if len(items) < 3 {
		return
	}
	name := strings.TrimRight(strings.ToLower(path.Base(strings.TrimSpace(items[0].text))), "0123456789.")
	fl, ok := argvScriptFlags()[name]
	if !ok {
		return
	}
	for i := 1; i+1 < len(items); i++ {
		o := strings.TrimSpace(items[i].text)
		if !strings.HasPrefix(o, "-") || strings.HasPrefix(o, "--") {
			return // the script file or its arguments: no inline script
		}
		if strings.Contains(o[1:], fl[0]) {
			found.add(fl[1], items[i+1])
			return
		}
	}
}
