package audit

import (
	"path"
	"strings"
)

// Telling a shell call from its look-alikes, for the remote command loop
// (remoteloop.go). A remote command loop runs the commands a server
// answers with in a shell; the same words name other things in ordinary
// code, most of all in JavaScript libraries, which also fetch and set
// timers in the same file:
//   - RegExp.prototype.exec (re.exec(str), the way every parser matches)
//     is no shell: a JavaScript exec or execSync runs a command only when
//     it is child_process's, so the script has to load child_process, and
//     a method call's receiver has to be bound to it;
//   - a JavaScript template literal (`${x}`) is a string, not Perl's,
//     Ruby's, PHP's or the shell's command substitution;
//   - in those languages a backquote inside a double-quoted string or a
//     comment (die "bad port `$p'") is a quotation mark, not a command.

// jsChildProcess finds child_process loaded (require or import, node:
// prefix or not).
var jsChildProcess = lazyRE(`\brequire\(\s*['"](?:node:)?child_process['"]\s*\)|\bfrom\s+['"](?:node:)?child_process['"]|\bimport\(\s*['"](?:node:)?child_process['"]\s*\)`)

// jsChildProcessBinding finds a name bound to the child_process module:
// const cp = require('child_process'), import * as cp from
// 'node:child_process', import cp from 'child_process'.
var jsChildProcessBinding = lazyRE(`(\w+)\s*=\s*(?:await\s+)?(?:require|import)\(\s*['"](?:node:)?child_process['"]\s*\)|import\s+(?:\*\s+as\s+)?(\w+)\s+from\s+['"](?:node:)?child_process['"]`)

// shellCallAt reports whether the shellFromVar match code[start:end] is
// a shell run on a variable (see above).
func shellCallAt(code string, start, end int, js bool) bool {
	var cp childProcessFacts
	return cp.shellCallAt(code, start, end, js)
}

// childProcessFacts is what shellCallAt needs to know of a whole file
// (whether it loads child_process, the names bound to it), read once per
// file: a bundled library has thousands of RegExp exec( calls, and reading
// the whole file again for each one is quadratic in its size.
type childProcessFacts struct {
	read, loaded bool
	names        map[string]bool
}

// load reads code's child_process facts the first time it is called and
// reports whether code loads child_process.
func (f *childProcessFacts) load(code string) bool {
	if f.read {
		return f.loaded
	}
	f.read = true
	f.loaded = jsChildProcess.MatchString(code)
	if !f.loaded {
		return false
	}
	f.names = map[string]bool{}
	for _, b := range jsChildProcessBinding.FindAllStringSubmatch(code, -1) {
		f.names[b[1]], f.names[b[2]] = true, true
	}
	return true
}

// shellCallAt is shellCallAt for matches in the one file f was or will
// be loaded from.
func (f *childProcessFacts) shellCallAt(code string, start, end int, js bool) bool {
	m := code[start:end]
	if strings.HasPrefix(m, "`") {
		if js {
			return false // a template literal
		}
		ls := strings.LastIndexByte(code[:start], '\n') + 1
		before := strings.TrimLeft(code[ls:start], " \t")
		if strings.HasPrefix(before, "#") || strings.HasPrefix(before, "//") || strings.HasPrefix(before, "*") {
			return false // a comment
		}
		return strings.Count(before, `"`)%2 == 0 // not inside a "..." string
	}
	if !js || !(strings.HasPrefix(m, "exec") || strings.HasPrefix(m, "execSync")) {
		return true
	}
	if !f.load(code) {
		return false // no child_process: a RegExp's exec or the script's own function
	}
	i := start
	for i > 0 && (code[i-1] == ' ' || code[i-1] == '\t') {
		i--
	}
	if i == 0 || code[i-1] != '.' {
		return true // exec(cmd), destructured from child_process
	}
	// a method call: the receiver has to be child_process itself
	r := i - 1
	for r > 0 && isIdentByte(code[r-1]) {
		r--
	}
	recv := code[r : i-1]
	if recv == "child_process" || strings.HasSuffix(strings.TrimSpace(code[max(0, r-40):i-1]), "child_process')") || strings.HasSuffix(strings.TrimSpace(code[max(0, r-40):i-1]), `child_process")`) {
		return true
	}
	if recv == "" {
		return false
	}
	return f.names[recv]
}

// hashCommentsBlanked returns text with its whole-line # comments and POD
// blanked (stripHashComments) when rel is Perl, Ruby or PHP, whose
// comments and documentation name %ENV or quote a `command` in prose;
// other text is returned as it is. Offsets and lines are kept.
func hashCommentsBlanked(rel, text string) string {
	if hashCommentExts()[strings.ToLower(path.Ext(rel))] {
		return stripHashComments(text)
	}
	return text
}

// hashCommentExts are the languages read by pattern whose comments start
// with #.
var hashCommentExts = lazySet(".pl", ".pm", ".rb", ".php", ".fish", ".ex", ".exs", ".r", ".jl", ".nim", ".nims", ".nimble", ".cr", ".tcl", ".raku", ".rakumod", ".nu", ".janet", ".elv")

// jsWired finds a JavaScript socket wired to a process: a stream piped
// (client.pipe(sh.stdin), sh.stdout.pipe(client)), streams given as a
// child's stdio, a data handler that runs a command, a write to a child's
// input, or a web stream (Deno's, Bun's) piped into a child's input
// (conn.readable.pipeTo(child.stdin)). A socket and child_process in one
// file are otherwise two unrelated things (an editor extension that
// starts its language server and talks to it over TCP), not a reverse
// shell, and a process's output alone piped to a connection (a log
// shipper) takes no commands.
var jsWired = lazyRE(`\.pipe\(|\bstdio\s*:\s*\[\s*[A-Za-z_$]|(?s:\.on\(\s*['"]data['"].{0,300}?\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\s*\()|\.stdin\.write\(|\.pipeTo\(\s*[\w$.]*\.stdin\b`)
