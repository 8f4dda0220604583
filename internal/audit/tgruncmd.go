package audit

import (
	"path"
	"strings"
)

// Terragrunt runs the command of a run_cmd("cmd", "arg", ...) call while
// it parses the configuration (terragrunt.hcl, a root.hcl included by
// every unit), so on every terragrunt command, plan and validate too;
// a hook's execute = ["cmd", "arg", ...] list (before_hook, after_hook,
// error_hook) runs at the commands it names. Either is a shell command
// in an HCL file, written as a list of string or heredoc arguments
// ("sh", "-c", <<-EOT ... EOT). scanTerragruntCmds hands each command to
// the shell reader at its lines: a script sending a credential file
// from a run_cmd is what a curl line sending it in a .sh file is.

var (
	// tgCmdOpen opens a run_cmd call's or a hook's execute list.
	tgCmdOpen = lazyRE(`\brun_cmd\s*\(|\bexecute\s*=\s*\[`)
	// hclHeredocOpen opens an HCL heredoc (<<EOT, <<-EOT): group 1 its
	// closing word.
	hclHeredocOpen = lazyRE(`^<<-?([A-Za-z_]\w*)[ \t]*\n`)
	// tgRunCmdFlag is one of run_cmd's own leading options, not part
	// of the command.
	tgRunCmdFlag = lazyRE(`^--terragrunt-(?:quiet|global-cache)$`)
	// tgShellC is a shell taking its script as the argument after -c.
	tgShellC = lazyRE(`^(?:/(?:usr/)?bin/)?(?:ba|z|k|da)?sh$`)
)

// hclArg is one argument of a command list: its text (HCL escapes and
// interpolations read, see hclShellText) and the file line it starts at.
type hclArg struct {
	text string
	line int
}

// scanTerragruntCmds reads each run_cmd call and hook execute list of an
// HCL file as a shell command (see above).
func scanTerragruntCmds(sc *skillCtx, rel, content string) {
	if !strings.EqualFold(path.Ext(rel), ".hcl") || !strings.Contains(content, "run_cmd") && !strings.Contains(content, "execute") {
		return
	}
	for _, m := range tgCmdOpen.FindAllStringIndex(content, 64) {
		args := hclArgList(content, m[1])
		for len(args) > 0 && tgRunCmdFlag.MatchString(args[0].text) {
			args = args[1:]
		}
		if len(args) == 0 {
			continue
		}
		if len(args) >= 3 && tgShellC.MatchString(args[0].text) && strings.HasPrefix(args[1].text, "-") && strings.HasSuffix(args[1].text, "c") {
			// sh -c SCRIPT: the script, at its own lines
			scanShell(sc, rel, args[2].text, args[2].line, inScript)
			continue
		}
		words := make([]string, len(args))
		for i, a := range args {
			words[i] = shellQuote(a.text)
		}
		scanShell(sc, rel, strings.Join(words, " "), args[0].line, inScript)
	}
}

// hclArgList reads the arguments of a list opening at off in text
// (quoted strings and heredocs separated by commas, to the closing ) or
// ]); it stops at the first argument of another form (a variable, a
// function call), returning those before it.
func hclArgList(text string, off int) []hclArg {
	var args []hclArg
	i := off
	for len(args) < 64 {
		for i < len(text) && strings.ContainsRune(" \t\r\n,", rune(text[i])) {
			i++
		}
		if i >= len(text) {
			return args
		}
		line := 1 + strings.Count(text[:i], "\n")
		switch {
		case text[i] == '"':
			s, end, ok := hclQuoted(text, i)
			if !ok {
				return args
			}
			args, i = append(args, hclArg{hclShellText(s), line}), end
		case strings.HasPrefix(text[i:], "<<"):
			h := hclHeredocOpen.FindStringSubmatchIndex(text[i:])
			if h == nil {
				return args
			}
			word, body := text[i+h[2]:i+h[3]], i+h[1]
			end := hclHeredocEnd(text, body, word)
			if end < 0 {
				return args
			}
			args = append(args, hclArg{hclShellText(text[body:end]), line + 1})
			i = end + strings.Index(text[end:], word) + len(word)
		default:
			return args
		}
	}
	return args
}

// hclQuoted returns the body of the HCL string opening at text[i] (with
// \" and \\ read), the offset past its closing quote, and whether it
// closed on its line.
func hclQuoted(text string, i int) (string, int, bool) {
	var b strings.Builder
	for j := i + 1; j < len(text); j++ {
		switch c := text[j]; c {
		case '\\':
			if j+1 < len(text) {
				j++
				switch text[j] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(text[j])
				}
			}
		case '$':
			if strings.HasPrefix(text[j:], "$${") {
				b.WriteString("$${")
				j += 2
				continue
			}
			if k := hclInterpEnd(text, j); k > j {
				// an interpolation, kept whole: its own strings may
				// hold quotes
				b.WriteString(text[j:k])
				j = k - 1
				continue
			}
			b.WriteByte(c)
		case '"':
			return b.String(), j + 1, true
		case '\n':
			return "", j, false
		default:
			b.WriteByte(c)
		}
	}
	return "", len(text), false
}

// hclInterpEnd returns the offset past the interpolation ${...} opening
// at text[j] (its braces counted, strings inside it skipped), or j when
// none opens there or it does not close on its line.
func hclInterpEnd(text string, j int) int {
	if !strings.HasPrefix(text[j:], "${") {
		return j
	}
	depth, quoted := 0, false
	for k := j + 1; k < len(text); k++ {
		switch c := text[k]; {
		case c == '\n':
			return j
		case quoted && c == '\\':
			k++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				return k + 1
			}
		}
	}
	return j
}

// hclHeredocEnd returns the offset of the line closing a heredoc whose
// body starts at body (the word alone on its line, indented or not), or
// -1.
func hclHeredocEnd(text string, body int, word string) int {
	for at := body; at < len(text); {
		nl := strings.IndexByte(text[at:], '\n')
		l := text[at:]
		if nl >= 0 {
			l = text[at : at+nl]
		}
		if strings.TrimSpace(l) == word {
			return at
		}
		if nl < 0 {
			return -1
		}
		at += nl + 1
	}
	return -1
}

// hclShellText returns an HCL string's text as the shell sees it: $${
// (HCL's escape) is the shell's ${, and an HCL interpolation ${...}
// (a value filled in at parse time, unknown here) becomes one word, X.
func hclShellText(s string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			b.WriteString("${")
			i += 2
		case hclInterpEnd(s, i) > i:
			b.WriteByte('X')
			i = hclInterpEnd(s, i) - 1
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
