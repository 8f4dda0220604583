package audit

import (
	"regexp"
	"strings"
)

// Rules reverse-shell and download-exec for the process APIs of Deno and
// Bun, and Node's child_process given a shell: a script that hands what
// a server answered (a fetch response, a WebSocket message) to a shell
// runs the server's commands. The answer is followed through the
// script's variables as jsTainted does, through WebSocket message
// handlers' parameters, and into the parameters of the script's own
// functions it is passed to (runLine(cmd) taints runLine's parameter).
// In a loop that never ends or a timer (while (true), for (;;),
// setInterval) it is a remote command loop (reverse-shell); once, it is
// download-exec. Both are critical: a program name or a fixed command
// with arguments from a server is not matched, only a shell given them
// or a program name that is itself the answer.

var (
	// jsProcCall starts a process; group 1 names the API.
	jsProcCall = lazyRE(`(?:^|[^.\w$])(new\s+Deno\.Command|Deno\.run|Bun\.spawn(?:Sync)?|spawn|spawnSync|execFile|execFileSync|exec|execSync)\s*\(`)
	// jsShellLit is a shell and its command flag written as literals,
	// or Node's shell: true option.
	jsShellLit = lazyRE("['\"`](?:/bin/|/usr/bin/)?(?:ba|z|da|k)?sh['\"`]\\s*,\\s*['\"`]-c['\"`]|['\"`](?:powershell|pwsh)(?:\\.exe)?['\"`][^\\]\\n]{0,80}?['\"`]-(?:Command|c|EncodedCommand)['\"`]|['\"`]cmd(?:\\.exe)?['\"`]\\s*,\\s*['\"`]/[cCkK]['\"`]|\\bshell\\s*:\\s*true\\b")
	// jsShellProg is a shell named as a process call's program, and
	// jsShellFlag its command flag among the call's arguments.
	jsShellProg = lazyRE("^['\"`](?:/bin/|/usr/bin/)?(?:(?:ba|z|da|k)?sh|powershell|pwsh|cmd)(?:\\.exe)?['\"`]$")
	jsShellFlag = lazyRE("['\"`](?:-c|-Command|-EncodedCommand|/[cC])['\"`]")
	// jsMsgParam names a WebSocket (or worker) message handler's
	// parameter: what the peer sent.
	jsMsgParam = lazyRE(`\.onmessage\s*=\s*(?:async\s*)?(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)|addEventListener\(\s*['"]message['"]\s*,\s*(?:async\s*)?(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)|\.on\(\s*['"]message['"]\s*,\s*(?:async\s*)?(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)`)
	// jsEndlessLoop is a loop that never ends, or a timer that repeats.
	jsEndlessLoop = lazyRE(`\bwhile\s*\(\s*(?:true|1|!0)\s*\)|\bfor\s*\(\s*;\s*;\s*\)|\bsetInterval\s*\(`)
	// jsFuncDecl declares a function: group 1 its name, group 2 its
	// parameter list (function f(a, b), const f = async (a) => ...).
	jsFuncDecl = lazyRE(`\bfunction\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)|\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:function\s*\w*\s*)?\(([^)]*)\)\s*(?:=>|\{)`)
)

// scanJSProcess reports a shell run on what a server answered (see
// above); c is the script with comments blanked.
func scanJSProcess(sc *skillCtx, rel, c string) {
	if !jsNet.MatchString(c) && !jsMsgParam.MatchString(c) {
		return
	}
	calls := jsProcCall.FindAllStringSubmatchIndex(c, 64)
	if len(calls) == 0 {
		return
	}
	for _, f := range sc.findings {
		if f.File == rel && (f.RuleID == "reverse-shell" || f.RuleID == "download-exec") && f.Severity == Critical {
			return
		}
	}
	t := jsAnswerVars(c)
	for _, m := range calls {
		api := strings.Join(strings.Fields(c[m[2]:m[3]]), " ")
		args := callArgs(c[m[1]:])
		if len(args) == 0 {
			continue
		}
		all := strings.Join(args, ",")
		if !jsAnswer.MatchString(all) && !mentionsAny(all, t) {
			continue
		}
		switch {
		case api == "exec" || api == "execSync":
			// Node's exec runs a shell itself; without child_process it
			// is a RegExp's or the script's own exec
			if !jsChildProcess.MatchString(c) || !mentionsAny(args[0], t) && !jsAnswer.MatchString(args[0]) {
				continue
			}
		case jsShellLit.MatchString(all), mentionsAny(args[0], t) && !staticString(args[0]),
			jsShellProg.MatchString(args[0]) && jsShellFlag.MatchString(all):
		default:
			if !shellArrayIn(c, all) {
				continue
			}
		}
		li := newLineIndex(c)
		ln := li.line(m[2])
		if jsEndlessLoop.MatchString(c) || pollSleep.MatchString(c) {
			sc.add(rel, ln, "reverse-shell", Critical, "polls a server and runs the commands it answers with in a shell ("+api+"): a remote command loop", strings.TrimSpace(lineText(c, li, ln)))
		} else {
			sc.add(rel, ln, "download-exec", Critical, "runs a command a server answered with in a shell ("+api+")", strings.TrimSpace(lineText(c, li, ln)))
		}
		return
	}
}

// shellArrayIn reports whether a process call's arguments name a
// variable assigned an array that holds a shell and its command flag
// (const sh = ["/bin/sh", "-c", line]; spawn(sh[0], sh.slice(1))).
func shellArrayIn(c, args string) bool {
	for _, a := range jsAssign.FindAllStringSubmatch(c, 512) {
		if jsShellLit.MatchString(a[2]) && mentionsAny(args, map[string]bool{a[1]: true}) {
			return true
		}
	}
	return false
}

// jsAnswerVars returns jsTainted's variables of c plus WebSocket message
// parameters, and the parameters of the script's functions called with
// one of them, closed over assignments to a fixed point.
func jsAnswerVars(c string) map[string]bool {
	t, assigns := jsTaintedAssigns(c)
	for _, m := range jsMsgParam.FindAllStringSubmatch(c, 16) {
		for _, v := range m[1:] {
			if v != "" {
				t[v] = true
			}
		}
	}
	// Each declared function's parameters and where it is called, found
	// once: the passes below only test the calls' arguments.
	type decl struct {
		params []string
		calls  [][]int
	}
	var decls []decl
	for _, d := range jsFuncDecl.FindAllStringSubmatch(c, 64) {
		name, params := d[1], d[2]
		if name == "" {
			name, params = d[3], d[4]
		}
		call := regexp.MustCompile(`(?:^|[^.\w$])` + regexp.QuoteMeta(name) + `\s*\(`)
		decls = append(decls, decl{strings.Split(params, ","), call.FindAllStringIndex(c, 16)})
	}
	for pass := 0; pass < 8; pass++ {
		grew := false
		for _, d := range decls {
			for _, cm := range d.calls {
				for i, a := range callArgs(c[cm[1]:]) {
					if i >= len(d.params) || !mentionsAny(a, t) && !jsAnswer.MatchString(a) {
						continue
					}
					p := jsIdent.FindString(d.params[i])
					if p != "" && !t[p] {
						t[p], grew = true, true
					}
				}
			}
		}
		// An assignment from a server's answer is already in t (jsTainted),
		// so spreading with jsSpreadAssigns adds only what t's growth reaches.
		if jsSpreadAssigns(assigns, t) {
			grew = true
		}
		if !grew {
			break
		}
	}
	return t
}
