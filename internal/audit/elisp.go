package audit

import "strings"

// Emacs Lisp (.el files, and the init files Emacs loads at every start:
// init.el, early-init.el, .emacs, _emacs, .dir-locals.el) is read by
// pattern like the other languages of otherCode: an Emacs package runs with
// the user's full rights each time Emacs loads it, and its network calls
// and file reads are named calls, so a credential file read and a send in
// the same file are credential-exfil as in Ruby or Lua.
//
// Network calls (otherNetElisp): url.el's url-retrieve and
// url-retrieve-synchronously (a POST is url-request-method and
// url-request-data bound round them), url-copy-file, request.el's
// request, plz, the network process functions open-network-stream,
// make-network-process and open-gnutls-stream, and a network tool
// (curl, wget, nc, ncat, socat) started by call-process, process-file,
// start-process, make-process or shell-command. File reads
// (fileReadElisp): insert-file-contents (and -literally), find-file-noselect
// and with-temp-buffer reads through them, f.el's f-read. The home folder
// is "~/" in a literal, as in the other languages.

// otherNetElisp extends otherNet with Emacs Lisp's network calls.
const otherNetElisp = `|\(\s*url-retrieve(?:-synchronously)?\b|\(\s*url-copy-file\b|\(\s*request\s+["'(]|\(\s*plz\s+'|\(\s*(?:open-network-stream|make-network-process|open-gnutls-stream)\b` +
	`|\(\s*(?:call-process|process-file|start-process|start-file-process|call-process-shell-command|shell-command(?:-to-string)?)\s+(?:\S+\s+){0,3}?"(?:curl|wget|nc|ncat|socat)\b` +
	`|:command\s+\(\s*list\s+"(?:curl|wget|nc|ncat|socat)"`

// fileReadElisp extends fileReadRe with Emacs Lisp's file reads.
const fileReadElisp = `|\(\s*insert-file-contents(?:-literally)?\b|\(\s*find-file-noselect\b|\(\s*f-read(?:-text|-bytes)?\b`

// Removals of home in Emacs Lisp (rule destructive-command), read as
// scanHomeWipe reads Perl's and Ruby's once the Lisp forms are rewritten
// as calls (elispRemovalCalls, elispPaths): (delete-directory DIR t) and f.el's (f-delete DIR t) remove
// DIR recursively (without the t, delete-directory removes only an empty
// folder, so it is left alone); (delete-file F) removes a file. Home is
// (getenv "HOME"), "~" and "~/", (expand-file-name "~"), a variable bound
// to one by let, setq, defvar or defconst, and (expand-file-name ".ssh"
// home) or (concat home "/.ssh") joined to it.
var elispWipe = &wipeLang{
	home:    lazyRE(`\(\s*getenv\s+"(?:HOME|USERPROFILE)"\s*\)|\(\s*expand-file-name\s+"~/?"\s*\)|\(\s*file-name-as-directory\s+~\s*\)`),
	tree:    lazyRE(`\b(?:delete-directory|f-delete)\(`), // after elispRemovalCalls
	files:   lazyRE(`\bdelete-file\(`),
	homeVar: lazyRE(`\((?:\s*(?:setq|setq-local|defvar|defconst))?\s*([A-Za-z][\w-]*)\s+~\s*\)`),
	listing: lazyRE(`\(\s*directory-files\s+~\b`),
	rewrite: elispPaths,
}

var (
	// elispExpand is (expand-file-name "x" ~) or (concat ~ "/x"): the
	// path "~/x".
	elispExpand = lazyRE(`\(\s*expand-file-name\s+"([^"\\\n]*)"\s+~\s*\)|\(\s*concat\s+~\s+"/?([^"\\\n]*)"\s*\)`)
	// elispLit is (expand-file-name "x") or (file-truename "x"): "x".
	elispLit = lazyRE(`\(\s*(?:expand-file-name|file-truename|abbreviate-file-name)\s+("[^"\\\n]*")\s*\)`)
	// elispRemoval opens a removal form; group 1 its function.
	elispRemoval = lazyRE(`\(\s*(delete-directory|f-delete|delete-file)\s+`)
	// elispRecursive is the recursive flag after a removal's folder.
	elispRecursive = lazyRE(`^\s+(?:t|'t|:recursive\s+t)\b`)
)

// elispRemovalCalls rewrites Emacs Lisp's removals as calls:
// (delete-directory DIR t) as (delete-directory(DIR) t), and the same for
// f-delete with its flag and for delete-file; a delete-directory or
// f-delete without the recursive flag is left as it is (it removes an
// empty folder at most). Lines are kept.
func elispRemovalCalls(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range elispRemoval.FindAllStringSubmatchIndex(text, 64) {
		if m[0] < last {
			continue
		}
		end := sexpEnd(text, m[1])
		name := text[m[2]:m[3]]
		if end < 0 || name != "delete-file" && !elispRecursive.MatchString(text[end:]) {
			continue
		}
		b.WriteString(text[last:m[2]])
		// the space after the name (a line break kept) goes after the call
		b.WriteString(name + "(" + text[m[1]:end] + ")" + text[m[3]:m[1]])
		last = end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// sexpEnd returns the offset just past the Lisp expression starting at i
// of s (a string, a parenthesised form, or an atom), or -1 when it does
// not end within s.
func sexpEnd(s string, i int) int {
	if i >= len(s) {
		return -1
	}
	if s[i] == '"' {
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	}
	if s[i] != '(' {
		j := i
		for j < len(s) && !strings.ContainsRune(" \t\n()", rune(s[j])) {
			j++
		}
		return j
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			if e := sexpEnd(s, j); e < 0 {
				return -1
			} else {
				j = e - 1
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// elispPaths rewrites Emacs Lisp's path forms, home already written as
// ~: (expand-file-name ".ssh" ~) as "~/.ssh", (expand-file-name "x") as
// "x".
func elispPaths(code string) string {
	for range 3 {
		next := replaceKeepingLines(elispExpand, code, `"~/$1$2"`)
		next = replaceKeepingLines(elispLit, next, "$1")
		if next == code {
			break
		}
		code = next
	}
	return code
}

// elispCommentsBlanked blanks Emacs Lisp's ; comments (outside strings)
// and writes the function quote #' as ' so that scanHomeWipe's # comment
// stripping leaves the code whole; offsets and lines are kept.
func elispCommentsBlanked(text string) string {
	b := []byte(text)
	in := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case in:
		case c == '?' && i+1 < len(b):
			i++ // a character literal: ?; or ?"
		case c == '#' && i+1 < len(b) && b[i+1] == '\'':
			b[i] = ' '
		case c == ';':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

var (
	// elispNetProc opens a network connection in Emacs Lisp.
	elispNetProc = lazyRE(`\((?:make-network-process|open-network-stream|open-protocol-stream|make-serial-process)\b`)
	// elispProcStart starts a process; elispShellName is a shell's name
	// as a string.
	elispProcStart = lazyRE(`\((?:make-process|start-process|start-file-process|make-pipe-process)\b`)
	elispShellName = lazyRE(`"(?:/bin/|/usr/bin/)?(?:ba|z|da|k)?sh"`)
	// elispRelay writes what a process or connection sent to another.
	elispRelay = lazyRE(`\(process-send-string\s`)
)

var (
	// elispFilterFn names a network process's filter function: group 1.
	elispFilterFn = lazyRE(`:filter\s+(?:#?')?([\w-]+)`)
	// elispShellRun runs a string as a shell command: group 1 the
	// argument's first word (a variable, not a literal).
	elispShellRun = lazyRE(`\((?:shell-command-to-string|shell-command|call-process-shell-command|start-process-shell-command|async-shell-command)\s+([\w-]+)\b`)
)

// elispFilterRuns returns the offset of a shell run on what the network
// connection opened at n sends, or -1: the connection's :filter function
// (defun NAME (proc chunk) ...) hands a variable to the shell
// (shell-command-to-string line) within its own body.
func elispFilterRuns(code string, n int) int {
	end := sexpEnd(code, n)
	if end <= n {
		end = min(len(code), n+800)
	}
	f := elispFilterFn.FindStringSubmatch(code[n:end])
	if f == nil {
		return -1
	}
	d := strings.Index(code, "(defun "+f[1]+" ")
	if d < 0 {
		return -1
	}
	e := sexpEnd(code, d)
	if e <= d {
		return -1
	}
	if r := elispShellRun.FindStringIndex(code[d:e]); r != nil {
		return d + r[0]
	}
	return -1
}

// scanElispShell reports Emacs Lisp (an init file, a .dir-locals.el eval
// entry, a package) that starts an interactive shell as a process and
// opens a network connection, relaying between them (process filters
// writing with process-send-string): whoever is at the other end types
// into the shell, a reverse shell however it is named ("LSP bridge").
// Critical.
func scanElispShell(sc *skillCtx, rel, content string) {
	code := elispCommentsBlanked(content)
	n := elispNetProc.FindStringIndex(code)
	if n == nil {
		return
	}
	if f := elispFilterRuns(code, n[0]); f >= 0 {
		ln := 1 + strings.Count(code[:f], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, "runs as shell commands what a network connection sends (its :filter function gives each line to the shell): whoever is at the other end runs commands on this machine",
			trimmedLine(content, ln))
		return
	}
	if !elispRelay.MatchString(code) {
		return
	}
	shell := false
	for _, p := range elispProcStart.FindAllStringIndex(code, 16) {
		form := code[p[0]:min(len(code), p[0]+600)]
		if e := sexpEnd(code, p[0]); e > p[0] {
			form = code[p[0]:e]
		}
		// a shell given no command of its own (-c) reads its commands
		// from its input: the connection
		if elispShellName.MatchString(form) && !strings.Contains(form, `"-c"`) {
			shell = true
			break
		}
	}
	if !shell {
		return
	}
	ln := 1 + strings.Count(code[:n[0]], "\n")
	sc.add(rel, ln, "reverse-shell", Critical, "starts an interactive shell and relays it to a network connection (process-send-string between them): whoever is at the other end runs commands on this machine",
		trimmedLine(content, ln))
}
