package audit

import (
	"path"
	"strings"
)

// Gradle build, settings and init scripts (Groovy .gradle, Kotlin
// .gradle.kts) run with the user's rights at every build; an init script
// in ~/.gradle/init.d runs at every build of every project. Rule
// download-exec: a script applied from a URL (apply from: 'https://...',
// apply(from = "...")) runs what the server sends at every build: high,
// critical over plain http or to an IP address; text fetched from a URL
// (URL(...).readText(), .text, openStream) in a script that evaluates
// code (evaluate, Eval.me, GroovyShell, a ScriptEngine's eval) is
// critical. The commands a script runs (commandLine, ProcessBuilder,
// Runtime.exec, Groovy's "...".execute()) are read as shell when their
// words are string literals.

var (
	// gradleApplyURL applies a script from a URL; group 1 is the URL.
	gradleApplyURL = lazyRE(`\bapply\s*(?:\(\s*from\s*=\s*|from\s*:\s*|\(\s*from\s*:\s*)['"]((?:https?)://[^'"\s]+)['"]`)
	// gradleFetch reads a URL's content; gradleEval runs a string as code.
	gradleFetch = lazyRE(`\b(?:URL|URI)\s*\([^)\n]*\)[\w.()]*\.(?:readText|readBytes|text|openStream|getText)\b|\.toURL\(\)\.(?:readText|text|openStream)\b`)
	gradleEval  = lazyRE(`\bevaluate\s*\(|\bEval\.(?:me|x|xy|xyz)\s*\(|\bGroovyShell\s*\(|\bScriptEngineManager\s*\(|\.eval\s*\(`)
	// gradleCommand is a process started from a list of words (group 1
	// the call's opening) or a Groovy string's execute() (group 2 the
	// string's body).
	gradleCommand = lazyRE(`(\bcommandLine\s*\(?|\bProcessBuilder\s*\(|\b(?:listOf|arrayOf)\s*\(|\[)|(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*\.execute\s*\(`)
)

// gradleListRuns are the programs a bare list of words (listOf, arrayOf,
// [...]) is read as a command for.
var gradleListRuns = lazySet("sh", "bash", "zsh", "dash", "cmd", "cmd.exe", "powershell", "pwsh", "curl", "wget")

// isGradle reports whether a file is a Gradle script.
func isGradle(rel string) bool {
	b := strings.ToLower(path.Base(rel))
	return strings.HasSuffix(b, ".gradle") || strings.HasSuffix(b, ".gradle.kts")
}

// scanGradle runs the Gradle rules (see above) over one script.
func scanGradle(sc *skillCtx, rel, content string) {
	c := stripComments(content, kindJS)
	li := newLineIndex(c)
	at := func(off int) (int, string) {
		ln := li.line(off)
		return ln, strings.TrimSpace(lineText(content, newLineIndex(content), ln))
	}
	for _, m := range gradleApplyURL.FindAllStringSubmatchIndex(c, 16) {
		u := c[m[2]:m[3]]
		sev, reason := High, "applies a script from "+u+": the server decides what runs at every build"
		if strings.HasPrefix(u, "http://") || ipHostURL(u) {
			sev, reason = Critical, reason+" (plain http or an IP address: anyone on the way too)"
		}
		ln, ev := at(m[0])
		sc.add(rel, ln, "download-exec", sev, reason, ev)
	}
	if f := gradleFetch.FindStringIndex(c); f != nil {
		if e := gradleEval.FindStringIndex(c); e != nil {
			ln, ev := at(e[0])
			sc.add(rel, ln, "download-exec", Critical, "fetches text from a URL and evaluates code in the same build script: the server decides what runs", ev)
		}
	}
	for _, m := range gradleCommand.FindAllStringSubmatchIndex(c, 64) {
		var cmd string
		switch {
		case m[4] >= 0:
			cmd = unescapeLit(c[m[4]:m[5]])
		case m[6] >= 0:
			cmd = unescapeLit(c[m[6]:m[7]])
		default:
			open := c[m[2]:m[3]]
			rest := c[m[1]:]
			var args []string
			if strings.HasSuffix(open, "(") || open == "[" {
				args = callArgs(rest)
			} else {
				// Groovy's commandLine 'a', 'b' without parentheses
				line, _, _ := strings.Cut(rest, "\n")
				args = callArgs(line + ")")
			}
			words := make([]string, 0, len(args))
			for _, a := range args {
				if !staticString(a) {
					words = nil
					break
				}
				words = append(words, unescapeLit(a[1:len(a)-1]))
			}
			if len(words) < 2 || !strings.HasPrefix(open, "commandLine") && !strings.HasPrefix(open, "ProcessBuilder") && !gradleListRuns()[path.Base(words[0])] {
				continue // a list of words that is not a command
			}
			cmd = cmakeShellLine(words)
		}
		if strings.TrimSpace(cmd) == "" {
			continue
		}
		ln, _ := at(m[0])
		before := len(sc.findings)
		scanShell(sc, rel, cmd, ln, inScript)
		for i := before; i < len(sc.findings); i++ {
			sc.findings[i].Line = ln
		}
	}
}
