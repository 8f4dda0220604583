package audit

import (
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

// isJenkinsfile reports whether rel is a Jenkins pipeline script.
func isJenkinsfile(rel string) bool {
	b := path.Base(rel)
	return b == "Jenkinsfile" || strings.HasPrefix(b, "Jenkinsfile.") || strings.EqualFold(path.Ext(b), ".jenkinsfile")
}

// scanJenkinsfile reads the scripts of a Jenkinsfile's sh, powershell and
// pwsh steps (see above).
func scanJenkinsfile(sc *skillCtx, rel, content string) {
	c := stripComments(content, kindJS)
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
			scanShell(sc, rel, script, ln, inScript)
			// withCredentials binds the job's secrets to variables
			scanCISecretVars(sc, rel, script, ln, Critical, "")
		} else {
			scanPowerShell(sc, rel, script, ln, inScript)
		}
	}
}
