package audit

import (
	"fmt"
	"path"
	"strings"
)

// A Jenkinsfile (Groovy) runs its sh steps on the agent with the job's
// credentials, and on the user's machine when the skill has them run it
// with jenkinsfile-runner or a local Jenkins: the step's string (sh
// 'cmd', sh "cmd", sh '''...''', sh(script: "...", returnStdout: true),
// sh label: 'x', script: '...') is read as a shell script, and a
// powershell or pwsh step's as PowerShell. Groovy's ${env.NAME} is the
// environment variable NAME. A secret variable (withCredentials binds the
// job's credentials to such names) sent by a sh step to a host not of
// its service is ci-secret-exposure, critical (scanCISecretVars).

var (
	// jenkinsStep opens a step's script string: group 1 the step, group
	// 2 the quote (''' """ ' ").
	jenkinsStep = lazyRE(`\b(sh|powershell|pwsh)\s*\(?\s*(?:(?:label|encoding|returnStdout|returnStatus)\s*:\s*(?:'[^'\n]*'|"[^"\n]*"|\w+)\s*,\s*)*(?:script\s*:\s*)?('''|"""|'|")`)
	// groovyEnvRef is ${env.NAME} in a Groovy string.
	groovyEnvRef = lazyRE(`\$\{env\.(\w+)\}`)
)

// isJenkinsfile reports whether rel is a Jenkins pipeline script: a
// Jenkinsfile, or Groovy code of a shared library or pipeline (it calls
// pipeline steps: steps.sh, sh(script: ...), withCredentials).
func isJenkinsfile(rel, content string) bool {
	b := path.Base(rel)
	if b == "Jenkinsfile" || strings.HasPrefix(b, "Jenkinsfile.") || strings.EqualFold(path.Ext(b), ".jenkinsfile") {
		return true
	}
	return strings.EqualFold(path.Ext(b), ".groovy") && jenkinsGroovy.MatchString(content)
}

var (
	// jenkinsGroovy is Groovy calling pipeline steps.
	jenkinsGroovy = lazyRE(`\bsteps\.sh\b|\bsh\s*\(\s*script\s*:|\bwithCredentials\b|\bpipeline\s*\{`)
	// jenkinsEnvDump prints the whole environment.
	jenkinsEnvDump = lazyRE(`(?:^|[;&|(]\s*)(?:env|printenv|export\s+-p|set)\s*(?:$|[|>;&)])`)
)

// scanJenkinsfile reads the scripts of a Jenkinsfile's sh, powershell and
// pwsh steps (see above).
func scanJenkinsfile(sc *skillCtx, rel, content string) {
	c := stripComments(content, kindJS)
	dumpLine, sendLine := 0, 0
	for _, m := range jenkinsStep.FindAllStringSubmatchIndex(c, 256) {
		q := c[m[4]:m[5]]
		end := strings.Index(c[m[1]:], q)
		if end < 0 || len(q) == 1 && strings.Contains(c[m[1]:m[1]+end], "\n") {
			continue
		}
		body := c[m[1] : m[1]+end]
		if len(q) == 1 && strings.HasSuffix(body, `\`) {
			continue // an escaped quote: leave the string to the other rules
		}
		script := groovyEnvRef.ReplaceAllString(strings.ReplaceAll(unescapeLit(body), `\$`, "$"), "$${$1}")
		ln := 1 + strings.Count(c[:m[1]], "\n")
		if c[m[2]:m[3]] == "sh" {
			if dumpLine == 0 && jenkinsEnvDump.MatchString(script) {
				dumpLine = ln
			}
			if sendLine == 0 && netToolRun.MatchString(" "+script) {
				sendLine = ln
			}
			scanShell(sc, rel, script, ln, inScript)
			// withCredentials binds the job's secrets to variables
			scanCISecretVars(sc, rel, script, ln, Critical, "")
		} else {
			scanPowerShell(sc, rel, script, ln, inScript)
		}
	}
	if dumpLine > 0 && sendLine > 0 {
		// one step captures the job's whole environment (its bound
		// credentials included), another sends: split across steps, as a
		// shared library's "build insights" does, it is the same theft
		sc.add(rel, sendLine, "ci-secret-exposure", Critical,
			fmt.Sprintf("captures the job's whole environment (line %d), its credentials included, and sends data with a network tool in another step", dumpLine),
			trimmedLine(content, sendLine))
	}
}
