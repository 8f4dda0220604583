package audit

import (
	"path"
	"strings"
)

// A fish script (a conf.d file fish runs at every start, a function it
// autoloads) runs commands as a shell script does, but its syntax is not
// the POSIX shell's: blocks close with end, set assigns, (cmd) is a
// command substitution, "; and" chains. fishShell rewrites it, line for
// line, into the shell the shell rules read, so curl piped into sh, a
// line appended to ~/.bashrc, a systemd unit or a crontab written by a
// fish function is judged as in a shell script. Lines keep their numbers.

// fishBlockOpen is a line opening a fish block: group 1 its keyword,
// group 2 the rest.
var fishBlockOpen = lazyRE(`^(function|for|if|while|switch|begin)\b\s*(.*)$`)

// fishSubst is an opening parenthesis starting a command substitution:
// at the start of a word.
var fishSubst = lazyRE(`(^|[\s=;|&])\(`)

// fishSet is fish's set: group 1 the variable, group 2 its value.
var fishSet = lazyRE(`^set\s+(?:-[a-zA-Z]+\s+)*([A-Za-z_]\w*)\s*(.*)$`)

// isFish reports whether rel is a fish script.
func isFish(rel string) bool { return strings.EqualFold(path.Ext(rel), ".fish") }

// fishShell returns content, a fish script, as a POSIX shell script of as
// many lines: blocks become their shell forms (function NAME → NAME() {,
// for/while → do … done, if … end → then … fi, else if → elif), set x v
// becomes x="v", (cmd) becomes $(cmd), "; and"/"; or" become && and ||,
// "not" becomes !. switch and case lines are left blank, their bodies
// kept.
func fishShell(content string) string {
	lines := strings.Split(content, "\n")
	var stack []string // the closing word of each open block
	for i, raw := range lines {
		l := strings.TrimSpace(raw)
		if l == "" || strings.HasPrefix(l, "#") {
			lines[i] = ""
			continue
		}
		cont := strings.HasSuffix(l, "\\")
		if i > 0 && strings.HasSuffix(strings.TrimSpace(lines[i-1]), "\\") {
			lines[i] = fishExpr(l) // a continued line: no block keyword
			continue
		}
		switch m := fishBlockOpen.FindStringSubmatch(l); {
		case l == "end":
			if n := len(stack); n > 0 {
				lines[i], stack = stack[n-1], stack[:n-1]
			} else {
				lines[i] = ""
			}
		case l == "else":
			lines[i] = "else"
		case strings.HasPrefix(l, "else if "):
			lines[i] = "elif " + fishCond(strings.TrimPrefix(l, "else if ")) + "; then"
		case strings.HasPrefix(l, "case ") || l == "case":
			lines[i] = ""
		case m != nil:
			kw, rest := m[1], m[2]
			switch kw {
			case "function":
				name := strings.Fields(rest + " f")[0]
				lines[i], stack = "fish_"+shellName(name)+"() {", append(stack, "}")
			case "for":
				lines[i], stack = "for "+fishExpr(rest)+"; do", append(stack, "done")
			case "while":
				lines[i], stack = "while "+fishCond(rest)+"; do", append(stack, "done")
			case "if":
				lines[i], stack = "if "+fishCond(rest)+"; then", append(stack, "fi")
			case "switch":
				lines[i], stack = "", append(stack, "")
			case "begin":
				lines[i], stack = "{", append(stack, "}")
			}
		default:
			if sm := fishSet.FindStringSubmatch(l); sm != nil {
				lines[i] = sm[1] + "=\"" + strings.ReplaceAll(fishExpr(sm[2]), `"`, `'`) + "\""
				if cont {
					lines[i] = sm[1] + "=" + fishExpr(sm[2])
				}
				continue
			}
			lines[i] = fishExpr(l)
		}
	}
	return strings.Join(lines, "\n")
}

// fishCond is a block's condition: its commands, with not as !.
func fishCond(s string) string {
	return fishExpr(strings.TrimSuffix(strings.TrimSpace(s), ";"))
}

// fishExpr rewrites one fish command line's chains, negations and
// command substitutions.
func fishExpr(s string) string {
	s = strings.ReplaceAll(s, "; and not ", " && ! ")
	s = strings.ReplaceAll(s, "; or not ", " || ! ")
	s = strings.ReplaceAll(s, "; and ", " && ")
	s = strings.ReplaceAll(s, "; or ", " || ")
	if strings.HasPrefix(s, "not ") {
		s = "! " + s[4:]
	}
	return fishSubst.ReplaceAllString(s, "$1$$(")
}

// shellName keeps the letters, digits and _ of a fish function's name.
func shellName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
