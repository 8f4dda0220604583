package audit

import (
	"encoding/json"
	"path"
	"regexp"
	"sort"
	"strings"
)

// PHP reverse shells and Composer's install hooks.
//
// A PHP reverse shell opens a socket (fsockopen, pfsockopen,
// stream_socket_client, socket_create) and wires a process to it: the
// socket as proc_open's descriptors (the process's stdin and stdout are
// the remote party), a shell command redirected to the socket's file
// descriptor (exec("/bin/sh -i <&3 >&3 2>&3")), or a loop running what it
// reads from the socket (fwrite($s, shell_exec(fgets($s)))). The address
// does not matter (long2ip(3405803821), a config value, a DNS name): no
// skill needs a process driven from a network socket.

var (
	// phpSockAssign is a socket opened and assigned to a variable.
	phpSockAssign = lazyRE(`\$(\w+)\s*=\s*@?\s*(?:\\?(?:fsockopen|pfsockopen|stream_socket_client|socket_create)\s*\()`)
	// phpProcOpen starts a process with descriptors chosen by the code.
	phpProcOpen = lazyRE(`\bproc_open\s*\(`)
	// phpShellExec runs a command line.
	phpShellExec = lazyRE(`\b(?:exec|shell_exec|system|passthru|popen|proc_open|pcntl_exec)\s*\(|` + "`")
	// phpFdRedirect is a shell redirection to or from a numbered file
	// descriptor (<&3, >&3, 2>&3): the socket's, in a PHP reverse shell.
	phpFdRedirect = lazyRE(`[<>]&\s*[3-9]\b`)
)

// scanPHP reports a PHP reverse shell (see above) in a script whose
// comments are left in (a commented-out shell is rare and still names
// its author's intent).
func scanPHP(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "sock") {
		return
	}
	for _, m := range phpSockAssign.FindAllStringSubmatchIndex(text, 8) {
		v := regexp.QuoteMeta(text[m[2]:m[3]])
		rest := text[m[1]:]
		reason, at := "", -1
		if at = procOnSocket(rest, v); at >= 0 {
			reason = "opens a socket and starts a process whose input and output are that socket (reverse shell)"
		} else if e := phpShellExec.FindStringIndex(rest); e != nil && phpFdRedirect.MatchString(rest) {
			reason, at = "opens a socket and runs a shell redirected to its file descriptor (reverse shell)", e[0]
		} else if at = readRunLoop(rest, v); at >= 0 {
			reason = "opens a socket and runs the commands it reads from it (reverse shell)"
		}
		if reason == "" {
			continue
		}
		// the line where the process meets the socket, which shows both
		off := m[1] + at
		ln := 1 + strings.Count(text[:off], "\n")
		sc.add(rel, ln, "reverse-shell", Critical, reason, lineAround(text, off, off))
		return
	}
}

// procOnSocket returns the offset in code of a proc_open call whose
// descriptor spec (the array given, or the array the variable given was
// assigned) holds the socket variable v, or -1.
func procOnSocket(code, v string) int {
	elem := regexp.MustCompile(`(?:^|[\[(,>])\s*\$` + v + `\b\s*(?:[,\])]|$)`)
	for _, m := range phpProcOpen.FindAllStringIndex(code, 8) {
		args := callArgs(code[m[1]:])
		if len(args) < 2 {
			continue
		}
		spec := args[1]
		if strings.HasPrefix(spec, "$") && identRe.MatchString(spec[1:]) {
			a := regexp.MustCompile(`\$` + regexp.QuoteMeta(spec[1:]) + `\s*=\s*`).FindStringIndex(code)
			if a == nil {
				continue
			}
			spec = code[a[1]:min(len(code), a[1]+400)]
			if end := strings.IndexByte(spec, ';'); end >= 0 {
				spec = spec[:end]
			}
		}
		if elem.MatchString(spec) {
			return m[0]
		}
	}
	return -1
}

// readRunLoop returns the offset in code of a command run on what was
// read from the socket variable v (shell_exec(fgets($s)), or a variable
// assigned from such a read), or -1.
func readRunLoop(code, v string) int {
	read := `(?:trim\s*\(\s*)?(?:fgets|fread|stream_get_line|socket_read)\s*\(\s*\$` + v + `\b`
	run := `\b(?:shell_exec|exec|system|passthru|popen|proc_open)\s*\(\s*`
	if m := regexp.MustCompile(run + read).FindStringIndex(code); m != nil {
		return m[0]
	}
	for _, r := range regexp.MustCompile(`\$(\w+)\s*=\s*`+read).FindAllStringSubmatch(code, 4) {
		if m := regexp.MustCompile(run + `\$` + regexp.QuoteMeta(r[1]) + `\b`).FindStringIndex(code); m != nil {
			return m[0]
		}
	}
	return -1
}

// composerEvents are the Composer script events that run by themselves
// when the root package is installed, updated or created, or when its
// autoloader is dumped (getcomposer.org/doc/articles/scripts.md).
var composerEvents = []string{"pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd", "pre-autoload-dump", "post-autoload-dump",
	"post-root-package-install", "post-create-project-cmd", "pre-package-install", "post-package-install", "pre-package-update", "post-package-update",
	"pre-operations-exec", "pre-status-cmd", "post-status-cmd", "pre-archive-cmd", "post-archive-cmd", "pre-command-run", "pre-file-download", "post-file-download", "pre-pool-create", "init"}

// scanComposerScripts runs the shell rules over the event scripts of a
// composer.json, which `composer install` in the project runs by itself
// as package.json's lifecycle scripts run on `npm install`. An entry is
// a command line, a list of them, "@php …" or "@composer …" (run with
// Composer's own PHP and Composer), "@other" (another script of the same
// file, followed) or a PHP callback (Class::method, not a command).
func scanComposerScripts(sc *skillCtx, rel, text string) {
	var pkg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil || len(pkg.Scripts) == 0 {
		return
	}
	entries := func(name string) []string {
		raw, ok := pkg.Scripts[name]
		if !ok {
			return nil
		}
		var one string
		if json.Unmarshal(raw, &one) == nil {
			return []string{one}
		}
		var many []string
		if json.Unmarshal(raw, &many) == nil {
			return many
		}
		return nil
	}
	seen := map[string]bool{}
	var run func(event, name string, depth int)
	run = func(event, name string, depth int) {
		if seen[name] || depth > 8 {
			return
		}
		seen[name] = true
		for _, cmd := range entries(name) {
			cmd = strings.TrimSpace(cmd)
			switch {
			case strings.HasPrefix(cmd, "@php "), strings.HasPrefix(cmd, "@composer "):
				cmd = cmd[1:]
			case strings.HasPrefix(cmd, "@putenv "):
				continue
			case strings.HasPrefix(cmd, "@"):
				run(event, strings.Fields(cmd[1:] + " ")[0], depth+1)
				continue
			case !strings.ContainsAny(cmd, " /|;&$") && strings.Contains(cmd, "::"):
				continue // a PHP callback
			}
			line := 1
			if i := strings.Index(text, `"`+event+`"`); i >= 0 {
				line += strings.Count(text[:i], "\n")
			}
			scanShell(sc, rel, cmd, line, inScript)
		}
	}
	events := append([]string(nil), composerEvents...)
	sort.Strings(events)
	for _, e := range events {
		run(e, e, 0)
	}
}

// isComposerJSON reports whether rel is a Composer manifest.
func isComposerJSON(rel string) bool {
	return path.Base(rel) == "composer.json"
}
