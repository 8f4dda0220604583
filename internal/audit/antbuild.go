package audit

import (
	"path"
	"strings"
)

// An Ant build file (build.xml, or any XML file with a <project> and its
// <target>s, as a skill's template copied into a project) runs its tasks
// at every ant call: <loadfile> and <loadproperties> (and <property
// file=...>) read a file into properties, and ant-contrib's <post>, <get>
// of a URL carrying a property, or <exec> of curl or wget send them. A
// credential file under ${user.home} (or ${env.HOME}) read that way in a
// file that also sends is credential-exfil, critical, as in any script;
// Ant has no other use for the contents of ~/.git-credentials than to
// pass them on. A build reading its own files, or sending nothing, is
// not this.

var (
	// antLoadTask is a task reading a file into properties: group 1 the
	// path (srcFile= or file=).
	antLoadTask = lazyRE(`(?is)<(?:loadfile|loadproperties|property|loadresource)\b[^>]*?\b(?:srcfile|file)\s*=\s*["']([^"']+)["']`)
	// antHomeProp is Ant's name for the home folder in a path.
	antHomeProp = lazyRE(`\$\{(?:user\.home|env\.HOME|env\.USERPROFILE)\}`)
	// antSendTask is a task that sends to a server: ant-contrib's post,
	// a get whose URL carries a property, an exec of a network tool, or
	// an HTTP task library's request.
	antSendTask = lazyRE(`(?is)<post\b|<get\b[^>]*\bsrc\s*=\s*["'][a-z]+://[^"']*\$\{|<exec\b[^>]*\bexecutable\s*=\s*["'](?:[^"']*/)?` + netToolName + `["']|<http(?:\.post|:post|\s)`)
)

// isAntBuild reports whether an XML file is an Ant build file.
func isAntBuild(rel, content string) bool {
	return strings.EqualFold(path.Ext(rel), ".xml") && strings.Contains(content, "<project") && strings.Contains(content, "<target")
}

// scanAntCredExfil reports an Ant build file that reads a credential
// file under the home folder into properties and sends (see above).
func scanAntCredExfil(sc *skillCtx, rel, content string) {
	if !isAntBuild(rel, content) {
		return
	}
	send := antSendTask.FindStringIndex(content)
	if send == nil {
		return
	}
	for _, m := range antLoadTask.FindAllStringSubmatchIndex(content, 64) {
		p := content[m[2]:m[3]]
		loc := antHomeProp.FindStringIndex(p)
		if loc == nil || loc[0] != 0 {
			continue
		}
		home := "~" + p[loc[1]:]
		if !credIn(home) {
			continue
		}
		ln := 1 + strings.Count(content[:send[0]], "\n")
		sc.add(rel, ln, "credential-exfil", Critical, "reads "+home+" into an Ant property and sends data over the network in the same build file", trimmedLine(content, ln))
		return
	}
}
