package audit

import (
	"path"
	"strings"
)

// CI pipelines written as code: Drone's .drone.star (Starlark) and
// .drone.jsonnet, and the Jsonnet libraries they import (.libsonnet),
// build their steps in functions, and a step's shell is a list of string
// literals under a commands key, a command often written as literals
// joined with + over several lines and with the file's constants
// ("curl -X POST " + DASHBOARD). Each commands list is read as one
// shell script (every rule of the shell), each command at the line it
// starts on: the literals joined, a constant of the file put in as its
// value, any other name as a variable ($NAME).

// pipelineCodeExts are the files read here.
var pipelineCodeExts = lazySet(".star", ".jsonnet", ".libsonnet")

var (
	// pipelineCommands opens a commands list: "commands": [, commands: [.
	pipelineCommands = lazyRE(`["']?\bcommands["']?\s*:\s*\[`)
	// pipelineConst is a top-level constant set to one string literal:
	// NAME = "x" (Starlark) or local NAME = 'x'; (Jsonnet).
	pipelineConst = lazyRE(`(?m)^(?:local\s+)?([A-Za-z_]\w*)\s*=\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*;?\s*$`)
)

// scanPipelineCode reads the commands lists of a pipeline file (see
// above) as shell.
func scanPipelineCode(sc *skillCtx, rel, content string) {
	if !pipelineCodeExts()[strings.ToLower(path.Ext(rel))] || !strings.Contains(content, "commands") {
		return
	}
	content = pipelineCommentsBlanked(content)
	consts := map[string]string{}
	for _, m := range pipelineConst.FindAllStringSubmatch(content, 64) {
		consts[m[1]] = unquoteCodeLit(m[2])
	}
	lines := strings.Count(content, "\n") + 1
	for _, m := range pipelineCommands.FindAllStringIndex(content, 32) {
		list := balanced(content, m[1]-1)
		if len(list) < 2 {
			continue
		}
		out := make([]string, lines)
		base := m[1] - 1
		for _, el := range splitTopOn(list[1:len(list)-1], ",") {
			off := strings.Index(content[base:], el)
			if off < 0 {
				continue
			}
			text := pipelineElement(el, consts)
			if strings.TrimSpace(text) == "" {
				continue
			}
			ln := strings.Count(content[:base+off+len(el)-len(strings.TrimLeft(el, " \t\r\n"))], "\n")
			if out[ln] != "" {
				out[ln] += "; "
			}
			out[ln] += text
			base += off + len(el)
		}
		scanShell(sc, rel, strings.Join(out, "\n"), 1, inScript)
	}
}

// pipelineElement returns the command one element of a commands list
// makes: its string literals joined, a constant of consts put in as its
// value, any other name as $NAME; "% (...)" formatting and calls are
// left out.
func pipelineElement(el string, consts map[string]string) string {
	var b strings.Builder
	for i := 0; i < len(el); {
		c := el[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(el) && el[j] != c {
				if el[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(el) {
				return b.String()
			}
			b.WriteString(unquoteCodeLit(el[i : j+1]))
			i = j + 1
		case c == '%' || c == '(':
			return b.String() // formatting arguments or a call: not command text
		case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i
			for j < len(el) && (el[j] == '_' || el[j] == '.' || el[j] >= '0' && el[j] <= '9' || el[j] >= 'A' && el[j] <= 'Z' || el[j] >= 'a' && el[j] <= 'z') {
				j++
			}
			name := el[i:j]
			if v, ok := consts[name]; ok {
				b.WriteString(v)
			} else {
				b.WriteString("$" + strings.ReplaceAll(strings.ToUpper(name), ".", "_"))
			}
			i = j
		default:
			i++
		}
	}
	return b.String()
}

// unquoteCodeLit returns the value of a one-line quoted literal of
// Starlark or Jsonnet: its quotes gone and its backslash escapes
// resolved (\n stays as written: a command on one line).
func unquoteCodeLit(lit string) string {
	if len(lit) < 2 {
		return ""
	}
	s := lit[1 : len(lit)-1]
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] != 'n' && s[i+1] != 't' {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// pipelineCommentsBlanked blanks the # and // comments of Starlark and
// Jsonnet outside string literals, lines and offsets kept.
func pipelineCommentsBlanked(text string) string {
	b := []byte(text)
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote || c == '\n' {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' || c == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}
