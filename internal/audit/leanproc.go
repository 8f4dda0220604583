package audit

import "strings"

// Rule credential-exfil in Lean 4 (.lean: a lakefile's script or
// post_update hook, which lake runs, and the Lake modules it imports):
// IO.Process.output or spawn with cmd := "curl" is otherNet's already
// (otherNetLangs). A lakefile more often wraps the call in a helper
// taking the command as a String (def runChecked (cmd : String) ... :=
// IO.Process.output { cmd := cmd, ... }) and calls it with "curl": the
// helper's call with a network tool's name is the same send.

var (
	// leanCmdHelper is a Lean def whose first explicit parameter is a
	// String: group 1 the def's name, group 2 the parameter's.
	leanCmdHelper = lazyRE(`(?m)^[ \t]*(?:(?:private|protected|partial|unsafe|noncomputable)\s+)*def\s+([\w.']+)\s*\((\w+)\s*:\s*String\)`)
	// leanToolArg is a network tool's name as a string literal opening
	// the text.
	leanToolArg = lazyRE(`^\s+"` + netToolName + `"`)
)

// leanHelperSend returns the first call, in Lean code, of a helper that
// starts a process with its String parameter as the command (cmd :=
// param in its body, up to the next declaration) with a network tool's
// name as that argument, or nil.
func leanHelperSend(text string) []int {
	if !strings.Contains(text, "IO.Process.") || !strings.Contains(text, "cmd :=") {
		return nil
	}
	for _, h := range leanCmdHelper.FindAllStringSubmatchIndex(text, 32) {
		name, param := text[h[2]:h[3]], text[h[4]:h[5]]
		body := text[h[1]:]
		if e := leanDeclEnd(body); e >= 0 {
			body = body[:e]
		}
		if !strings.Contains(body, "IO.Process.") || !leanCmdIs(body, param) {
			continue
		}
		for u := wordIndex(text, name, 0); u >= 0; u = wordIndex(text, name, u+len(name)) {
			if u >= h[2] && u < h[1] {
				continue // the definition itself
			}
			if a := leanToolArg.FindStringIndex(text[u+len(name):]); a != nil {
				return []int{u, u + len(name) + a[1]}
			}
		}
	}
	return nil
}

// leanDeclEnd returns the offset in body of the next top-level
// declaration (a line opening at column 0 with a word), or -1.
func leanDeclEnd(body string) int {
	for off := 0; ; {
		i := strings.IndexByte(body[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
		if off < len(body) && (body[off] >= 'a' && body[off] <= 'z' || body[off] == '@') {
			return off
		}
	}
}

// leanCmdIs reports whether body sets a process's cmd field to param
// (cmd := param).
func leanCmdIs(body, param string) bool {
	for off := 0; ; {
		i := strings.Index(body[off:], "cmd :=")
		if i < 0 {
			return false
		}
		off += i + len("cmd :=")
		rest := strings.TrimLeft(body[off:], " \t")
		if strings.HasPrefix(rest, param) && (len(rest) == len(param) || !isIdentByte(rest[len(param)])) {
			return true
		}
	}
}
