package audit

import "strings"

// An editor extension or a script driving VS Code's configuration API
// need not spell the approval switch in one literal beside the call that
// sets it (bypasseditor.go reads `cfg.update("chat.tools.autoApprove",
// true, …)`): it may keep the settings in a table of [key, value] pairs
// and set them in a loop (`for (const [key, value] of DEFAULTS) await
// cfg.update(key, value, ConfigurationTarget.Global)`), or build each key
// from parts (`k("chat", "tools", "autoApprove")` with `const k =
// (...p) => p.join(".")`, `["chat", "tools", "autoApprove"].join(".")`,
// `"chat.tools." + "autoApprove"`). When a JavaScript or TypeScript
// program calls the configuration API's update with a key that is not a
// literal, the keys its tables and calls build are read whole and judged
// as the literal ones are (editorJudge): the program writes them into
// the editor's settings, an approval bypass (high, as the literal form).
// A table whose keys set nothing of the kind (formatOnSave, a switch set
// false) is not reported.

// editorUpdateVar matches a configuration update whose key is not a
// string literal: `.update(` followed by anything but a quote.
var editorUpdateVar = lazyRE(`\.update\(\s*[^\s"'\x60)]`)

// editorJoinHelper matches a function of the program that joins its rest
// parameter with a literal separator: `const k = (...parts: string[]) =>
// parts.join(".")`, `function key(...p) { return p.join(".") }`. Group 1
// (or 4) is its name, group 3 (or 6) the separator.
var editorJoinHelper = lazyRE(`(?:\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:function\s*)?\(\s*\.\.\.([A-Za-z_$][\w$]*)(?:\s*:\s*[\w$\[\]<>]+)?\s*\)\s*(?::\s*[\w$]+\s*)?=>\s*\{?\s*(?:return\s+)?[A-Za-z_$][\w$]*\.join\(\s*["'\x60]([^"'\x60]*)["'\x60]\s*\)|\bfunction\s+([A-Za-z_$][\w$]*)\s*\(\s*\.\.\.([A-Za-z_$][\w$]*)(?:\s*:\s*[\w$\[\]<>]+)?\s*\)\s*(?::\s*[\w$]+\s*)?\{\s*return\s+[A-Za-z_$][\w$]*\.join\(\s*["'\x60]([^"'\x60]*)["'\x60]\s*\))`)

// editorConstStr matches a const bound to an expression (group 1 the
// name, group 2 the start of the expression).
var editorConstStr = lazyRE(`\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*`)

// editorKeyReader evaluates the settings keys a program builds.
type editorKeyReader struct {
	code, blank string
	// joins maps a join helper's name to its separator.
	joins map[string]string
}

// newEditorKeyReader reads code's join helpers.
func newEditorKeyReader(code string) *editorKeyReader {
	r := &editorKeyReader{code: code, blank: jsBlankStrings(code), joins: map[string]string{}}
	for _, m := range editorJoinHelper.FindAllStringSubmatch(code, 16) {
		if m[1] != "" {
			r.joins[m[1]] = m[3]
		} else {
			r.joins[m[4]] = m[6]
		}
	}
	return r
}

// key evaluates expression e (raw text, its blanked twin b) to the key
// it builds: a plain literal, literals joined with +, an array of
// literals joined with .join(sep), a join helper called with literals,
// or a const bound to one of those; false for anything else.
func (r *editorKeyReader) key(e, b string, depth int) (string, bool) {
	e, b = strings.TrimSpace(e), strings.TrimSpace(b)
	if depth > 4 || e == "" || len(e) != len(b) {
		return "", false
	}
	if l := strLit.FindStringIndex(e); l != nil && l[0] == 0 && l[1] == len(e) {
		s := litContent(e)
		return s, s != "" || len(e) == 2
	}
	if parts := jsSplitTop(b, '+'); len(parts) > 1 {
		var sb strings.Builder
		off := 0
		for _, p := range parts {
			s, ok := r.key(e[off:off+len(p)], p, depth+1)
			if !ok {
				return "", false
			}
			sb.WriteString(s)
			off += len(p) + 1
		}
		return sb.String(), true
	}
	if isJSIdent(e) {
		for _, m := range editorConstStr.FindAllStringSubmatchIndex(r.code, 64) {
			if r.code[m[2]:m[3]] != e {
				continue
			}
			end := strings.IndexAny(r.blank[m[1]:], ";\n")
			if end < 0 {
				end = len(r.blank) - m[1]
			}
			return r.key(r.code[m[1]:m[1]+end], r.blank[m[1]:m[1]+end], depth+1)
		}
		return "", false
	}
	open := strings.IndexByte(b, '(')
	if open <= 0 || !strings.HasSuffix(b, ")") || pyCloseParen(b, open) != len(b)-1 {
		return "", false
	}
	fn := strings.TrimSpace(b[:open])
	args, argsB := e[open+1:len(e)-1], b[open+1:len(b)-1]
	sep, ok := r.joins[fn]
	var list, listB string
	switch {
	case ok:
		list, listB = args, argsB
	case strings.HasSuffix(fn, ".join") && strings.HasPrefix(fn, "[") && strings.HasSuffix(strings.TrimSpace(fn[:len(fn)-len(".join")]), "]"):
		s, okSep := r.key(args, argsB, depth+1)
		if !okSep {
			return "", false
		}
		sep = s
		arr := strings.TrimSpace(e[:open])
		arr = strings.TrimSpace(arr[:len(arr)-len(".join")])
		arrB := strings.TrimSpace(b[:open])
		arrB = strings.TrimSpace(arrB[:len(arrB)-len(".join")])
		if pyCloseParen(arrB, 0) != len(arrB)-1 {
			return "", false
		}
		list, listB = arr[1:len(arr)-1], arrB[1:len(arrB)-1]
	default:
		return "", false
	}
	var parts []string
	off := 0
	for _, p := range pySplitArgs(listB) {
		s, ok := r.key(list[off:off+len(p)], p, depth+1)
		if !ok {
			return "", false
		}
		parts = append(parts, s)
		off += len(p) + 1
	}
	return strings.Join(parts, sep), len(parts) > 0
}

// jsSplitTop splits blanked expression b at op outside brackets.
func jsSplitTop(b string, op byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case op:
			if depth == 0 {
				out = append(out, b[start:i])
				start = i + 1
			}
		}
	}
	return append(out, b[start:])
}

// isJSIdent reports whether s is one JavaScript identifier.
func isJSIdent(s string) bool {
	return s != "" && jsIdentRe.MatchString(s)
}

var jsIdentRe = lazyRE(`^[A-Za-z_$][\w$]*$`)

// editorBuiltSwitches returns the editor approval switches a program
// (comments blanked) sets through the configuration API with keys that
// are not plain literals: the [key, value] pairs of its array literals
// and its update calls whose key it builds, each judged by editorJudge
// under the section the update is made in.
func editorBuiltSwitches(code string, limit int) []editorSwitch {
	if !strings.Contains(code, "getConfiguration(") || !editorUpdateVar.MatchString(code) {
		return nil
	}
	r := newEditorKeyReader(code)
	section := editorVarSection(code)
	var out []editorSwitch
	judge := func(keyOff int, keyE, keyB, val, section string) {
		if len(out) >= limit {
			return
		}
		k, ok := r.key(keyE, keyB, 0)
		if !ok || k == "" {
			return
		}
		if w := editorJudge(k, val); w != "" {
			out = append(out, editorSwitch{keyOff, w})
		} else if section != "" {
			if w := editorJudge(section+k, val); w != "" {
				out = append(out, editorSwitch{keyOff, w})
			}
		}
	}
	b := r.blank
	// [key, value] pairs: an array literal of two elements whose first
	// is not a plain literal beside a ':' (an object key reads as set
	// already) and whose second starts a value.
	for i := 0; i < len(b) && len(out) < limit; i++ {
		if b[i] != '[' {
			continue
		}
		end := pyCloseParen(b, i)
		if end >= len(b) {
			continue
		}
		els := pySplitArgs(b[i+1 : end])
		if len(els) != 2 {
			continue
		}
		off := i + 1 + len(els[0]) + 1
		lead := len(els[0]) - len(strings.TrimLeft(els[0], " \t\r\n"))
		judge(i+1+lead, code[i+1:i+1+len(els[0])], els[0], strings.TrimLeft(code[off:end], " \t\r\n"), section)
	}
	// update calls with a built key
	for _, m := range editorUpdateVar.FindAllStringIndex(b, 64) {
		open := strings.LastIndexByte(b[:m[1]], '(')
		end := pyCloseParen(b, open)
		if end >= len(b) {
			continue
		}
		args := pySplitArgs(b[open+1 : end])
		if len(args) < 2 {
			continue
		}
		off := open + 1 + len(args[0]) + 1
		lead := len(args[0]) - len(strings.TrimLeft(args[0], " \t\r\n"))
		sec := section // the section of the chain or variable the call is made on
		before := code[max0(open+1-200) : open+1]
		if u := editorUpdateCall.FindStringSubmatchIndex(before); u != nil {
			if s := editorUpdateSection(code, before, u); s != "" {
				sec = s
			}
		}
		judge(open+1+lead, code[open+1:open+1+len(args[0])], args[0], strings.TrimLeft(code[off:off+len(args[1])], " \t\r\n"), sec)
	}
	return out
}

// editorVarSection returns the one section the program's configuration
// variables are given (`getConfiguration("chat.tools")`), with a trailing
// dot, or "" when they are given none or several.
func editorVarSection(code string) string {
	sec := ""
	for _, v := range editorConfigVar.FindAllStringSubmatch(code, 16) {
		if sec != "" && sec != v[2]+"." {
			return ""
		}
		sec = v[2] + "."
	}
	return sec
}

// scanEditorBuiltApprovals reports the approval switches
// editorBuiltSwitches finds in a JavaScript or TypeScript program, high
// (ranked as a script's) and written by the program: its update calls
// put them in force. Rule approval-bypass, as scanEditorApprovals.
func scanEditorBuiltApprovals(sc *skillCtx, rel, code string) {
	found := editorBuiltSwitches(code, 3)
	if len(found) == 0 {
		return
	}
	li := newLineIndex(code)
	sev := sc.rank(High, inScript, false)
	for _, f := range found {
		ln := li.line(f.off)
		sc.add(rel, ln, "approval-bypass", sev, "turns an editor agent's approvals off ("+f.what+"), written into the editor's settings through its configuration API with a key the program builds", strings.TrimSpace(lineText(code, li, ln)))
	}
}
