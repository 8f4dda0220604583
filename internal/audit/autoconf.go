package audit

import (
	"path"
	"strings"
)

// Autoconf input (configure.ac, configure.in, aclocal.m4, the m4/*.m4
// macros a project ships) is m4 wrapped around shell: configure is the
// shell the macros expand to, run by every ./configure on the user's
// machine. m4Shell rewrites such a file, line for line, into the shell
// its macros carry, so the shell rules read it as they read a script:
// curl piped into sh inside AS_IF, AC_CACHE_CHECK or an AC_DEFUN body is
// download-exec as in any script. m4 is read as m4 reads it: a macro's
// arguments split at unquoted commas, one level of [ ] quotes removed
// from each; an argument that holds shell (AS_IF's, AC_DEFUN's body,
// AC_CACHE_CHECK's commands, an unknown macro's) is read again as shell,
// one that holds messages, names or C source (AC_MSG_WARN, AC_DEFINE,
// AC_LANG_PROGRAM) becomes the no-op :, and dnl comments are dropped.

// isAutoconf reports whether rel is an autoconf input file: m4 macros or
// configure.ac / configure.in.
func isAutoconf(rel string) bool {
	switch strings.ToLower(path.Base(rel)) {
	case "configure.ac", "configure.in":
		return true
	}
	return strings.EqualFold(path.Ext(rel), ".m4")
}

// m4TextMacros are autoconf and m4 macros none of whose arguments is
// shell: messages, names, values, C source. They are read as the no-op :.
var m4TextMacros = lazySet("AC_MSG_CHECKING", "AC_MSG_RESULT", "AC_MSG_NOTICE", "AC_MSG_WARN", "AC_MSG_ERROR", "AC_MSG_FAILURE",
	"AC_ARG_VAR", "AS_HELP_STRING", "AC_HELP_STRING", "AC_DEFINE", "AC_DEFINE_UNQUOTED", "AC_SUBST", "AC_INIT", "AC_PREREQ",
	"AC_REQUIRE", "AC_BEFORE", "AC_COPYRIGHT", "AC_REVISION", "AC_CONFIG_SRCDIR", "AC_CONFIG_HEADERS", "AC_CONFIG_FILES",
	"AC_CONFIG_MACRO_DIR", "AC_CONFIG_MACRO_DIRS", "AC_CONFIG_AUX_DIR", "AM_INIT_AUTOMAKE", "AM_CONDITIONAL",
	"AC_LANG_PROGRAM", "AC_LANG_SOURCE", "AC_LANG_CALL", "AC_LANG_PUSH", "AC_LANG_POP", "AC_LANG", "AU_ALIAS", "AC_OBSOLETE",
	"AC_CHECK_PROG", "AC_CHECK_PROGS", "AC_PATH_PROG", "AC_PATH_PROGS", "AC_CHECK_TOOL", "AC_PATH_TOOL", "AS_ECHO", "AS_ECHO_N",
	"AS_VAR_SET", "AS_VAR_GET", "AS_TR_SH", "AS_TR_CPP")

// m4ShellFrom gives, for macros some of whose leading arguments are not
// shell (a name, a message, a cache variable, a C program), the index of
// their first shell argument; every argument from it on is read as shell.
var m4ShellFrom = map[string]int{
	"AC_DEFUN": 1, "AU_DEFUN": 1, "AC_DEFUN_ONCE": 1, "m4_defun": 1, "m4_defun_once": 1,
	"AC_CACHE_CHECK": 2, "AC_CACHE_VAL": 1, "AC_ARG_ENABLE": 2, "AC_ARG_WITH": 2,
	"AC_RUN_IFELSE": 1, "AC_COMPILE_IFELSE": 1, "AC_LINK_IFELSE": 1, "AC_PREPROC_IFELSE": 1,
	"AC_CONFIG_COMMANDS": 1, "AC_CHECK_HEADER": 1, "AC_CHECK_HEADERS": 1, "AC_CHECK_FUNC": 1, "AC_CHECK_FUNCS": 1,
	"AC_CHECK_LIB": 2, "AC_SEARCH_LIBS": 2, "PKG_CHECK_MODULES": 2, "PKG_CHECK_EXISTS": 1,
	"m4_ifdef": 1, "m4_ifndef": 1, "m4_ifval": 1, "m4_ifblank": 1, "m4_ifnblank": 1, "m4_ifset": 1, "m4_if": 2,
}

// m4Quadrigraphs are autoconf's spellings of characters m4 would eat
// (@<:@ is [, @S|@ is $), as configure holds them.
var m4Quadrigraphs = strings.NewReplacer("@<:@", "[", "@:>@", "]", "@S|@", "$", "@%:@", "#", "@{:@", "(", "@:}@", ")", "@&t@", "")

// maxM4Depth bounds how deeply macro calls nested in arguments are read.
const maxM4Depth = 24

// m4Shell returns content, autoconf m4, as the shell its macros carry, of
// as many lines (see above).
func m4Shell(content string) string {
	var w m4Writer
	w.scan(content, 0)
	return m4Quadrigraphs.Replace(w.b.String())
}

// m4Writer builds m4Shell's output. pending is set after a macro call:
// shell text following it on the same line is a new statement.
type m4Writer struct {
	b       strings.Builder
	pending bool
}

// sep ends the statement written so far, when there is one: a ; unless
// the output ends a line, a list or a keyword that takes a statement.
func (w *m4Writer) sep() {
	s := strings.TrimRight(w.b.String(), " \t")
	if s == "" {
		return
	}
	switch s[len(s)-1] {
	case '\n', ';', '&', '|', '(', '{':
		return
	}
	switch s[strings.LastIndexAny(s, " \t\n;")+1:] {
	case "then", "do", "else", "in":
		return
	}
	w.b.WriteString(";")
}

// lit writes shell text, first ending a statement a macro call left open
// when the text goes on with another word.
func (w *m4Writer) lit(c byte) {
	if w.pending && c != ' ' && c != '\t' {
		w.pending = false
		if !strings.ContainsRune("\n;)|&#", rune(c)) {
			w.b.WriteString("; ")
		}
	}
	w.b.WriteByte(c)
}

// scan writes s, m4 text whose unquoted part is shell, as shell.
func (w *m4Writer) scan(s string, depth int) {
	for i := 0; i < len(s); {
		c := s[i]
		wordStart := i == 0 || strings.IndexByte(" \t\n;&|()", s[i-1]) >= 0
		switch {
		case c == '#' && wordStart: // an m4 and shell comment: kept as it is
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			w.b.WriteString(s[i : i+j])
			i += j
		case c == '[': // quoted: written without its quotes, not read for macros
			j := m4QuoteEnd(s, i)
			for _, q := range []byte(s[i+1 : max(i+1, j-1)]) {
				w.lit(q)
			}
			i = j
		case isIdentByte(c) && (i == 0 || !isIdentByte(s[i-1])) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			name := s[i:j]
			if name == "dnl" {
				k := strings.IndexByte(s[j:], '\n')
				if k < 0 {
					return
				}
				i = j + k
				continue
			}
			if j < len(s) && s[j] == '(' && m4MacroName(name) && !m4FuncDef(s[j:]) {
				args, end := m4Args(s, j+1)
				w.call(name, args, depth)
				i = end
				continue
			}
			for _, b := range []byte(name) {
				w.lit(b)
			}
			i = j
		default:
			w.lit(c)
			i++
		}
	}
}

// call writes a macro call: its shell arguments as statements, the rest
// as :, keeping every newline of the call.
func (w *m4Writer) call(name string, args []string, depth int) {
	w.pending = false
	w.sep()
	from := 0
	if f, ok := m4ShellFrom[name]; ok {
		from = f
	}
	text := m4TextMacros()[name] || (strings.HasPrefix(name, "m4_") && !m4HasShellFrom(name))
	wrote := false
	for k, a := range args {
		a = m4Unquote(a)
		if text || k < from || depth >= maxM4Depth {
			if !wrote {
				w.b.WriteString(" :")
				wrote = true
			}
			w.b.WriteString(strings.Repeat("\n", strings.Count(a, "\n")))
			continue
		}
		w.sep()
		w.scan(a, depth+1)
		w.pending = false
		wrote = true
	}
	if !wrote {
		w.b.WriteString(" :")
	}
	w.pending = true
}

// m4HasShellFrom reports whether name is an m4_ macro m4ShellFrom lists.
func m4HasShellFrom(name string) bool {
	_, ok := m4ShellFrom[name]
	return ok
}

// m4MacroName reports whether name is read as a macro when a parenthesis
// follows it: an m4_ builtin, or an autoconf-style name (AC_INIT,
// AX_CHECK_FLAG, _AS_ECHO) in capitals with an underscore, which shell
// code does not call with a parenthesis.
func m4MacroName(name string) bool {
	if strings.HasPrefix(name, "m4_") {
		return true
	}
	if len(name) < 4 || !strings.Contains(strings.Trim(name, "_"), "_") {
		return false
	}
	for _, c := range []byte(name) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// m4FuncDef reports whether s, text from an opening parenthesis, is a
// shell function definition's () rather than a macro's argument list.
func m4FuncDef(s string) bool {
	if !strings.HasPrefix(s, "()") {
		return false
	}
	rest := strings.TrimLeft(s[2:], " \t\n")
	return strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "(")
}

// m4QuoteEnd returns the index just past the ] closing the m4 quote that
// opens at s[i] (len(s) when it is not closed).
func m4QuoteEnd(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}

// m4Args collects the arguments of a macro call whose list opens before
// s[i], as m4 does: split at commas outside quotes and nested
// parentheses, ended by the matching ), quotes and comments kept (and
// leading space, so every newline stays). It returns them and the index
// just past the list.
func m4Args(s string, i int) ([]string, int) {
	var args []string
	start, paren, quote := i, 0, 0
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case quote > 0:
			switch c {
			case '[':
				quote++
			case ']':
				quote--
			}
		case c == '[':
			quote++
		case c == '#':
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j - 1
			} else {
				i = len(s) - 1
			}
		case c == '(':
			paren++
		case c == ')':
			if paren == 0 {
				return append(args, s[start:i]), i + 1
			}
			paren--
		case c == ',' && paren == 0:
			args = append(args, s[start:i])
			start = i + 1
		}
	}
	return append(args, s[start:]), len(s)
}

// m4Unquote removes one level of m4 quotes from an argument.
func m4Unquote(a string) string {
	if !strings.ContainsAny(a, "[]") {
		return a
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(a); i++ {
		switch c := a[i]; c {
		case '[':
			depth++
			if depth == 1 {
				continue
			}
		case ']':
			if depth == 1 {
				depth--
				continue
			}
			if depth > 0 {
				depth--
			}
		}
		b.WriteByte(a[i])
	}
	return b.String()
}
