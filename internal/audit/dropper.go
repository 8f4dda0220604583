package audit

import (
	"sort"
	"strings"
)

// Rule download-exec for a dropper in JavaScript or Python: a script that
// makes network calls, writes a file and then runs that file (JavaScript:
// spawn, execFile, fork, exec of a command naming it, Bun.spawn, new
// Deno.Command; Python: subprocess's run, call, check_call, check_output
// and Popen, os.system, os.popen, os.exec*, os.spawn*, os.startfile; the
// file as the command, or as the script of a shell or interpreter: sh
// FILE, powershell -File FILE, node FILE) runs whatever the server sent,
// as a shell script does with curl -o x; sh x (the path followed through
// moves and functions' returns: dropperpath.go). Writes are writeFile,
// createWriteStream, Bun.write, Deno.writeFile, and urlretrieve, open(...,
// 'wb'), write_bytes and write_text. The written path is followed through
// the script's assignments (const [cmd, args] = runner(dest)). High, as
// a download saved and run in shell; critical when the run is hidden
// (detached, unref'd, a new session, or with its output discarded) or the
// run's name is joined from string literals (cp['sp' + 'awn']): both hide
// it from the person who ran the script, typically an npm postinstall.
// Medium when a check of the download's digest against a pinned one
// stops the script on a mismatch before the run (jsdigest.go for
// JavaScript, pydigest.go for Python): a pinned binary installer.
//
// String literals joined with + inside brackets (cp['sp' + 'awn'],
// require('child_' + 'process')) are folded before the scan, and naming
// a process or code API that way is itself obfuscation (high).

var (
	// jsWriteTo is a file write: group 1 the path argument.
	jsWriteTo = lazyRE(`\b(?:writeFileSync|writeFile|createWriteStream|Bun\.write|Deno\.writeFile(?:Sync)?|Deno\.writeTextFile(?:Sync)?)\s*\(\s*([^,()]+?)\s*[,)]`)
	// jsRunCall is a call that starts a process: group 1 names it.
	jsRunCall = lazyRE(`(?:^|[^\w$])(spawnSync|spawn|execFileSync|execFile|execSync|exec|fork|Bun\.spawnSync|Bun\.spawn|new\s+Deno\.Command)\s*\(`)
	// pyWriteTo is a file write in Python: group 1 or 2 or 3 the path.
	pyWriteTo = lazyRE(`\burlretrieve\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*([^,()]+?)\s*[,)]|\bopen\(\s*([^,()]+?)\s*,\s*(?:mode\s*=\s*)?['"][bt]*[wax][bt+]*['"]|([\w.]+)\.write_(?:bytes|text)\(`)
	// pyRunCall is a call that starts a process: group 1 names it.
	pyRunCall = lazyRE(`(?:^|[^\w.])((?:subprocess\.)?(?:run|call|check_call|check_output|Popen)|os\.system|os\.popen|os\.exec\w+|os\.spawn\w+|os\.startfile)\s*\(`)
	// pyAssign is an assignment: group 1 the targets, group 2 the value.
	pyAssign = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*=\s*([^=\n][^\n]*)`)
	// unpackWords names an unpacking program in a command line or argv
	// a script builds (tar, unzip, 7z).
	unpackWords = lazyRE(`['"\x60\s](?:tar|gtar|bsdtar|unzip|7z|7za|7zz)\s|['"\x60](?:tar|gtar|bsdtar|unzip|7z|7za|7zz)['"\x60]`)
	// jsLitJoin is two or more string literals joined with +.
	jsLitJoin = lazyRE(`(?:'[^'\\\n]*'|"[^"\\\n]*")(?:\s*\+\s*(?:'[^'\\\n]*'|"[^"\\\n]*"))+`)
)

// jsHiddenName reports whether name is a process or code API whose name
// joined from pieces hides what the script calls.
func jsHiddenName(name string) bool {
	switch name {
	case "spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork",
		"child_process", "node:child_process", "eval", "Function", "runInThisContext", "runInNewContext":
		return true
	}
	return false
}

// jsInterpreter reports whether cmd runs the file given as its first
// argument (a shell or an interpreter).
func jsInterpreter(cmd string) bool {
	switch cmd {
	case "sh", "bash", "zsh", "/bin/sh", "/bin/bash", "powershell", "powershell.exe", "pwsh",
		"cmd", "cmd.exe", "node", "python", "python3", "perl", "ruby", "osascript", "process.execPath":
		return true
	}
	return false
}

// foldJSJoins returns c with every joined run of string literals inside
// brackets or a call's parentheses folded into one literal, padded with
// spaces before it so offsets and lines stay, and whether a process or
// code API was named that way (its offset in folded, or -1). A bracket
// access of a folded name (cp['sp' + 'awn']) becomes a member access
// (cp .spawn).
func foldJSJoins(c string) (string, int) {
	if !strings.Contains(c, "+") {
		return c, -1
	}
	b := []byte(c)
	hidden := -1
	for _, m := range jsLitJoin.FindAllStringIndex(c, 256) {
		var sb strings.Builder
		for _, l := range jsLitPart.FindAllStringIndex(c[m[0]:m[1]], -1) {
			sb.WriteString(c[m[0]+l[0]+1 : m[0]+l[1]-1])
		}
		name := sb.String()
		before := strings.TrimRight(c[:m[0]], " \t")
		after := strings.TrimLeft(c[m[1]:], " \t")
		open, close := len(before) > 0 && (before[len(before)-1] == '[' || before[len(before)-1] == '('), strings.HasPrefix(after, "]") || strings.HasPrefix(after, ")")
		if !open || !close {
			continue
		}
		if jsHiddenName(name) && hidden < 0 {
			hidden = m[0]
		}
		s, e := len(before)-1, m[1]+strings.Index(c[m[1]:], string(after[0]))+1
		var repl string
		if before[len(before)-1] == '[' && isDollarName(name) {
			repl = "." + name // cp['sp' + 'awn'] -> cp .spawn
		} else {
			s, e = m[0], m[1]
			repl = "'" + name + "'"
		}
		if len(repl) > e-s {
			continue
		}
		copy(b[s:e], strings.Repeat(" ", e-s-len(repl))+repl)
	}
	return string(b), hidden
}

// jsLitPart is one string literal of a jsLitJoin match.
var jsLitPart = lazyRE(`'[^'\\\n]*'|"[^"\\\n]*"`)

// isDollarName reports whether s is one name of JavaScript or Ruby: an
// identifier in which $ counts as a letter.
func isDollarName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// scanJSDropper reports a JavaScript script that runs a file it wrote
// after a network call (see above); c is the script with comments
// blanked.
func scanJSDropper(sc *skillCtx, rel, c string) {
	f, hidden := foldJSJoins(c)
	consts := jsConstStrings(f)
	if hidden < 0 {
		hidden = jsConstHiddenName(f, consts)
	}
	li := newLineIndex(c)
	if hidden >= 0 {
		ln := li.line(hidden)
		sc.add(rel, ln, "obfuscation", High, "names a process or code API by joining string literals, to hide what it calls", strings.TrimSpace(lineText(c, li, ln)))
	}
	if !jsNetJoined(f) {
		return
	}
	extra, _ := jsBracketRuns(f, consts)
	scanDropper(sc, rel, c, f, li, hidden >= 0, true, extra, jsInterpreterVars(f))
}

// scanPyDropper is scanJSDropper for Python.
func scanPyDropper(sc *skillCtx, rel, c string) {
	li := newLineIndex(c)
	extra, hidden := pyGetattrRuns(c, pyConstStrings(c))
	if hidden >= 0 {
		ln := li.line(hidden)
		sc.add(rel, ln, "obfuscation", High, "names a process API by joining string literals, to hide what it calls", strings.TrimSpace(lineText(c, li, ln)))
	}
	if !pyNet.MatchString(c) && !strings.Contains(c, "urlretrieve") && !codeFetchLit.MatchString(c) {
		return
	}
	extra = append(extra, pyAliasRuns(c)...)
	scanDropper(sc, rel, c, c, li, hidden >= 0, false, extra, pyInterpreterVars(c))
}

// scanDropper reports the first process call of f (c folded) that runs a
// file the script writes; li indexes c, joined is set when a process
// API's name was joined from literals, js for JavaScript (else Python).
// The calls of extra (a process API called through a constant) are
// scanned too, and a variable of interp is read as a shell or
// interpreter.
func scanDropper(sc *skillCtx, rel, c, f string, li lineIndex, joined, js bool, extra []jsRun, interp map[string]bool) {
	runRe, hidden := pyRunCall, []string{"start_new_session", "DEVNULL", "DETACHED_PROCESS", "nohup", "setsid"}
	if js {
		runRe, hidden = jsRunCall, []string{"detached", "unref()", "'ignore'", `"ignore"`}
	}
	written := map[string]bool{}
	if js {
		for _, m := range jsWriteTo.FindAllStringSubmatch(f, 32) {
			if g := strings.TrimSpace(m[1]); g != "" {
				written[g] = true
			}
		}
	} else {
		for _, g := range pyWrittenPaths(f) {
			written[g] = true
		}
	}
	runs := extra
	for _, m := range runRe.FindAllStringSubmatchIndex(f, 64) {
		runs = append(runs, jsRun{f[m[2]:m[3]], m[2], m[1]})
	}
	sort.Slice(runs, func(i, j int) bool { return runs[i].at < runs[j].at })
	var p *pyFolder
	if !js {
		p = newPyFolder(f)
	}
	saved, rendered := codeFetchWrites(f, runs, js, p)
	for _, g := range saved {
		written[g] = true
	}
	tainted := dropperPaths(f, written, js) // dropperpath.go
	vcsFetch := func(words []string) bool {
		return vcsFetchCmd(words, func(n string) bool { return vcsHeldBy(f, n, written) })
	}
	unpack := newCodeUnpack(f, js, tainted, interp)
	if len(written) == 0 && len(rendered) == 0 && !unpack.any() && !unpackWords.MatchString(f) {
		return
	}
	for _, r := range runs {
		name := r.name
		if js && (name == "exec" || name == "fork") && !strings.Contains(f, "child_process") {
			continue // RegExp's exec, a worker's fork
		}
		args := codeArgvBound(callArgs(f[r.after:]), js, p)
		shell := name == "os.system" || name == "os.popen" || js && strings.HasPrefix(name, "exec") && !strings.HasPrefix(name, "execFile")
		segs, line := codeCommand(args, shell, js)
		fromArchive, other := unpack.walk(segs, unpack.cwdIn(r.at, args), r.at)
		runsFile := runsWritten(args, tainted, shell, interp)
		switch {
		case runsFile && line:
			// not only named to an archive program, or as where a
			// fetch or a clone saves
			runsFile = jsMentions(other, tainted) && jsMentions(nonFetchText(segs, vcsFetch), tainted)
		case runsFile && (len(segs) == 1 && vcsFetch(segs[0]) || !js && len(args) > 0 && vcsFetchTable(pyArgvTable(args[0], p), vcsFetch)):
			// [vcs, 'clone', url, dest] downloads into dest, as does a
			// pick from a table of such argvs (dropperclone.go)
			runsFile = false
		}
		runsFile = runsFile || runsRendered(segs, rendered, interp)
		if !runsFile && !fromArchive {
			continue
		}
		sev, why := High, "writes a file after a network call and runs it: the server decides what runs"
		if !runsFile {
			why = "unpacks an archive it downloaded and runs a file from it: the server decides what runs"
		}
		rest := f[r.after:min(len(f), r.after+600)]
		switch {
		case js && jsDigestGates(f, r.at, tainted) || !js && pyDigestGates(f, r.at, tainted):
			sev, why = Medium, "writes a downloaded file and runs it after a check of its digest against a pinned one stops the script on a mismatch: check the digest is the release's"
			if !runsFile {
				why = "runs a file from a downloaded archive after a check of its digest against a pinned one stops the script on a mismatch: check the digest is the release's"
			}
		case joined || containsAny(rest, hidden):
			sev, why = Critical, "writes a file after a network call and runs it hidden (detached, output discarded, or its call's name joined from pieces): the server decides what runs"
			if !runsFile {
				why = "unpacks an archive it downloaded and runs a file from it hidden (detached, output discarded, or its call's name joined from pieces): the server decides what runs"
			}
		}
		if !js {
			why += pyInstallNote(rel)
		}
		ln := li.line(r.at)
		sc.add(rel, ln, "download-exec", sev, why, strings.TrimSpace(lineText(c, li, ln)))
		return
	}
}

// derivedNames returns the names holding a written path: the paths' own
// expressions and every variable assigned (destructuring too) from an
// expression naming one, over three rounds of the script's assignments.
func derivedNames(f string, written map[string]bool, js bool) map[string]bool {
	t := map[string]bool{}
	for w := range written {
		t[w] = true
	}
	var assigns [][]string
	if js {
		assigns = jsAssign.FindAllStringSubmatch(f, 2000)
	} else {
		assigns = pyAssign.FindAllStringSubmatch(f, 2000)
	}
	for round := 0; round < 3; round++ {
		grew := false
		for _, a := range assigns {
			if !jsMentions(a[2], t) {
				continue
			}
			for _, n := range jsNamesIn(a[1]) {
				if !t[n] {
					t[n], grew = true, true
				}
			}
		}
		if !grew {
			break
		}
	}
	return t
}

// jsNamesIn returns the identifiers of an assignment's target (a name or
// a destructuring pattern).
func jsNamesIn(target string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(target, func(r rune) bool { return r > 127 || !isIdentByte(byte(r)) }) {
		if isDollarName(w) {
			out = append(out, w)
		}
	}
	return out
}

// jsMentions reports whether expr names one of t: an identifier as a
// whole word, or a literal path as its text.
func jsMentions(expr string, t map[string]bool) bool {
	for n := range t {
		if n == "" {
			continue
		}
		for off := 0; ; {
			i := strings.Index(expr[off:], n)
			if i < 0 {
				break
			}
			i += off
			j := i + len(n)
			if !isDollarName(n) || (i == 0 || !isIdentByte(expr[i-1]) && expr[i-1] != '.') && (j == len(expr) || !isIdentByte(expr[j])) {
				return true
			}
			off = i + 1
		}
	}
	return false
}

// runsWritten reports whether a process call with args runs a written
// file: as the command, or as the first file argument of a shell or
// interpreter, given as arguments or as an argument list (Python's
// ["sh", path]); shell is set for a call whose one string is a command
// line (exec, os.system); a name of interp holds a shell or interpreter.
func runsWritten(args []string, t map[string]bool, shell bool, interp map[string]bool) bool {
	if len(args) == 0 {
		return false
	}
	if !shell && strings.HasPrefix(args[0], "[") {
		if inner := callArgs(args[0][1:]); len(inner) > 0 {
			args = inner
		}
	}
	if jsMentions(args[0], t) {
		return true
	}
	if shell || len(args) < 2 {
		return false
	}
	cmd := strings.Trim(args[0], "'\"`")
	script := strings.TrimSpace(args[1])
	if strings.HasPrefix(script, "[") {
		// spawn('node', [script, data]): the script is the list's first
		// element that is not an option
		for _, e := range callArgs(script[1:]) {
			if e = strings.TrimSpace(e); !strings.HasPrefix(strings.Trim(e, "'\"`"), "-") {
				script = e
				break
			}
		}
	}
	return (jsInterpreter(cmd) || interp[cmd]) && jsMentions(script, t)
}
