package audit

import (
	"context"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Meson build files (meson.build in any folder subdir() reaches) are code
// every `meson setup` runs on the user's machine: run_command runs a
// program at configure time, before anything is built. Each
// run_command's arguments are read as the command line it runs, its
// values worked out: string literals, variables assigned in the file,
// paths joined with /, find_program('x') as x, and get_option('name') as
// the option's default, read from the skill's meson.options or
// meson_options.txt (mesonOptionsOf links them). A shell run with -c
// ('sh', '-c', script, name, args…) is its script, with $1, $2… replaced
// by the arguments passed. The command is then judged by the shell rules
// at the call's line: curl piped into sh there is download-exec as in a
// script.

// isMesonBuild reports whether rel is a Meson build file.
func isMesonBuild(rel string) bool { return path.Base(rel) == "meson.build" }

// isMesonOptions reports whether rel is a Meson options file.
func isMesonOptions(rel string) bool {
	b := path.Base(rel)
	return b == "meson.options" || b == "meson_options.txt"
}

// mesonOptionsOf returns the skill's Meson options files for a
// meson.build that reads an option and runs a command, so get_option
// resolves to the option's default (and an edited default audits the
// file again: links are part of its cache key).
func mesonOptionsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if !isMesonBuild(rel) || !strings.Contains(content, "get_option(") || !strings.Contains(content, "run_command(") {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked, isMesonOptions, func(f, text string) *linkedFile { return &linkedFile{rel: f, text: text} })
}

var (
	// mesonRunCommand is a run_command call, up to its argument list.
	mesonRunCommand = lazyRE(`\brun_command\s*\(`)
	// mesonAssign is a variable assignment at a line's start: name in
	// group 1, value (to the line's end) in group 2.
	mesonAssign = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([^=\n][^\n]*)$`)
	// mesonCall is a call whose value mesonValue knows: group 1 the
	// function, group 2 its first argument's string.
	mesonCall = lazyRE(`^(get_option|find_program|files|join_paths)\(\s*'([^'\n]*)'`)
	// mesonOption is an option() of an options file: group 1 its name,
	// group 2 the rest of the call.
	mesonOption = lazyRE(`(?s)\boption\(\s*'([^'\n]+)'((?:[^()']|'[^'\n]*')*)\)`)
	// mesonOptValue is an option's default: value: 'x'.
	mesonOptValue = lazyRE(`\bvalue\s*:\s*'([^'\n]*)'`)
	// mesonKwarg is a keyword argument (check: false, env: {...}).
	mesonKwarg = lazyRE(`^[A-Za-z_]\w*\s*:`)
	// mesonPositional is $1…$9 or ${1}…${9} in a shell -c script.
	mesonPositional = lazyRE(`\$\{?([1-9])\}?`)
	// mesonSafeValue is a value substituted into a script as it is:
	// no quote, space or expansion it could break.
	mesonSafeValue = lazyRE(`^[A-Za-z0-9/:._~+=@%,-]+$`)
)

// scanMeson reads the run_command calls of a Meson build file (see
// above).
func scanMeson(sc *skillCtx, rel, content string) {
	if !isMesonBuild(rel) || !strings.Contains(content, "run_command") {
		return
	}
	code := stripMesonComments(content)
	opts := map[string]string{}
	for _, l := range sc.linked {
		if isMesonOptions(l.rel) {
			for _, m := range mesonOption.FindAllStringSubmatch(l.text, 256) {
				if v := mesonOptValue.FindStringSubmatch(m[2]); v != nil {
					opts[m[1]] = v[1]
				}
			}
		}
	}
	vars := map[string]string{}
	assigns := mesonAssign.FindAllStringSubmatchIndex(code, 1024)
	for _, m := range mesonRunCommand.FindAllStringIndex(code, 64) {
		for len(assigns) > 0 && assigns[0][0] < m[0] { // the variables set before the call
			a := assigns[0]
			if v, ok := mesonValue(strings.TrimSpace(code[a[4]:a[5]]), vars, opts); ok {
				vars[code[a[2]:a[3]]] = v
			}
			assigns = assigns[1:]
		}
		var argv []string
		for _, a := range callArgs(code[m[1]:]) {
			if mesonKwarg.MatchString(a) {
				continue
			}
			v, ok := mesonValue(a, vars, opts)
			if !ok {
				v = "x" // a value not worked out: a placeholder word
			}
			argv = append(argv, v)
		}
		if len(argv) == 0 {
			continue
		}
		line := 1 + strings.Count(code[:m[0]], "\n")
		before := len(sc.findings)
		scanShell(sc, rel, mesonCommandLine(argv), line, inScript)
		for i := before; i < len(sc.findings); i++ {
			sc.findings[i].Line = line // one call: its own line
		}
	}
}

// mesonCommandLine returns argv as a shell command line, or, for a shell
// run with -c, its script with the positional arguments it is given
// substituted where they are plain words.
func mesonCommandLine(argv []string) string {
	switch path.Base(argv[0]) {
	case "sh", "bash", "dash", "zsh", "ksh":
		if len(argv) >= 3 && argv[1] == "-c" {
			pos := argv[3:] // $0, $1, …
			return mesonPositional.ReplaceAllStringFunc(argv[2], func(p string) string {
				n := int(strings.Trim(p, "${}")[0] - '0')
				if n < len(pos) && mesonSafeValue.MatchString(pos[n]) {
					return pos[n]
				}
				return p
			})
		}
	}
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// mesonValue works out the string a Meson expression holds: a string
// literal, a known variable, get_option (its default), find_program,
// a path joined with / or a string concatenated with +; ok is false for
// anything else.
func mesonValue(expr string, vars, opts map[string]string) (string, bool) {
	expr = strings.TrimSpace(expr)
	if parts := mesonSplit(expr); len(parts) > 1 {
		var b strings.Builder
		for i, p := range parts {
			v, ok := mesonValue(p.text, vars, opts)
			if !ok {
				return "", false
			}
			if i > 0 && p.op == '/' {
				b.WriteByte('/')
			}
			b.WriteString(v)
		}
		return b.String(), true
	}
	switch {
	case strings.HasPrefix(expr, "'''"):
		if strings.HasSuffix(expr, "'''") && len(expr) >= 6 {
			return expr[3 : len(expr)-3], true
		}
	case strings.HasPrefix(expr, "'"):
		if strings.HasSuffix(expr, "'") && len(expr) >= 2 {
			return mesonUnescape(expr[1 : len(expr)-1]), true
		}
	case strings.HasPrefix(expr, "meson.") && strings.HasSuffix(expr, "()"):
		return "." /* a project folder */, true
	}
	if m := mesonCall.FindStringSubmatch(expr); m != nil {
		if m[1] == "get_option" {
			v, ok := opts[m[2]]
			return v, ok
		}
		return m[2], true
	}
	if v, ok := vars[expr]; ok {
		return v, true
	}
	return "", false
}

// mesonPart is one operand of a / or + expression and the operator
// before it.
type mesonPart struct {
	op   byte
	text string
}

// mesonSplit splits expr at its top-level / and + operators (outside
// strings and brackets).
func mesonSplit(expr string) []mesonPart {
	var out []mesonPart
	depth, start := 0, 0
	var op byte
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; c {
		case '\'':
			if strings.HasPrefix(expr[i:], "'''") {
				if j := strings.Index(expr[i+3:], "'''"); j >= 0 {
					i += j + 5
					continue
				}
				return nil
			}
			i = stringEnd(expr, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '/', '+':
			if depth == 0 {
				out = append(out, mesonPart{op, expr[start:i]})
				op, start = c, i+1
			}
		}
	}
	return append(out, mesonPart{op, expr[start:]})
}

// mesonUnescape undoes a Meson string's escapes (\' \\ \n \t).
func mesonUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return strings.NewReplacer(`\'`, `'`, `\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(s)
}

// mesonComment is a # comment running to a line's end, after code that
// holds no string literal (a # inside a string is text).
var mesonComment = lazyRE(`(?m)^([^'#\n]*)#[^\n]*$`)

// stripMesonComments blanks the comments of Meson code, keeping lines.
func stripMesonComments(s string) string {
	if !strings.Contains(s, "#") {
		return s
	}
	return mesonComment.ReplaceAllStringFunc(s, func(l string) string {
		return l[:strings.IndexByte(l, '#')]
	})
}
