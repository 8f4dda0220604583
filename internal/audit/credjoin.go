package audit

import (
	"path"
	"strings"
)

// Rule credential-exfil across a program's modules: a script that
// imports or sources its skill's own modules (linkedOf: from lib import
// metrics, session; . lib.sh; require('./lib/env')), where one file of
// that program reads credentials in bulk and another sends data over the
// network, is the theft of one file split in two: the caller hands what
// one module gathered to the other (metrics.send(stats, session.context())).
// Bulk reads are those the same-file rule takes as theft with any send:
// the whole environment serialised or enumerated (os.environ.items(),
// JSON.stringify(process.env), Ruby's ENV.to_h), an enumeration kept by a
// secret-name test (env::vars() with k.contains("TOKEN")), a credential
// file named and read in the module (~/.aws/credentials opened), and the
// OS credential manager (git credential fill). One named variable
// (os.environ["GITHUB_TOKEN"]) is not joined: an API client's settings
// module and its transport are the ordinary shape of a package. Critical,
// at the line of the script that imports the reading module (or the
// sending one, when the script itself reads). Read and send in one file
// is the same-file rule's.

// bulkCredRead returns what the program file rel (text) reads in bulk
// (see above), or "".
func bulkCredRead(rel, text string) string {
	switch kindOf(rel, text) {
	case kindPython:
		if envDumpIndex(pyEnvDump, text) != nil || wholeEnvIn(text) >= 0 {
			return "the whole environment"
		}
	case kindJS:
		if envDumpIndex(jsEnvDump, text) != nil || wholeEnvIn(text) >= 0 {
			return "the whole environment"
		}
	default:
		if !otherCode()[strings.ToLower(path.Ext(rel))] {
			break
		}
		if secretEnvEnum(text) != nil {
			return "the environment's secret variables"
		}
		if otherEnvDump.FindStringIndex(hashCommentsBlanked(rel, text)) != nil {
			return "the whole environment"
		}
	}
	if m := credStoreRead.FindStringIndex(hashCommentsBlanked(rel, text)); m != nil {
		return credStoreName(text[m[0]:m[1]])
	}
	if mayBeCred(text) && fileReadRe.MatchString(text) {
		lower := strings.ToLower(text)
		if k := kindOf(rel, text); k == kindJS || k == kindPython {
			if p := homeJoinedCred(text, lower); p != "" {
				return p
			}
		}
		for _, m := range credPath.FindAllStringIndex(text, 16) {
			p := text[m[0]:m[1]]
			// the whole path the match starts (~/.ssh of ~/.ssh/config)
			end := pathEnd(text, m[1])
			if !pubKeyPath(text[m[0]:end]) && !settingsOnlyPath(text[m[0]:end]) && !keptOut(lower, m[0]) {
				return strings.TrimSpace(p)
			}
		}
	}
	return ""
}

// homeJoinCall is a JavaScript or Python home folder joined in one call
// with the literal parts after it (join(homedir(), ".npmrc"),
// path.join(os.homedir(), '.aws', 'credentials'), os.path.join(
// Path.home(), ".netrc"), Path.home() / ".pypirc"): group 1 those parts.
var homeJoinCall = lazyRE(`(?:\bhomedir\(\)|\bPath\.home\(\)|\bexpanduser\(\s*['"]~['"]\s*\))((?:\s*[,/]\s*['"][^'"\n]{1,60}['"])+)`)

// homeJoinedCred returns the credential path a JavaScript or Python
// program joins to the home folder in one call (homeJoinCall: ~/.npmrc,
// ~/.aws/credentials), or "": the program names and reads the file as
// surely as one spelling ~/.npmrc, so it is a bulk read for the module
// join. A public key, a settings file (~/.aws/config, ~/.ssh/config), a
// path the program only tests text against (credNeedle) or keeps out
// (keptOut) is none.
func homeJoinedCred(text, lower string) string {
	for _, m := range homeJoinCall.FindAllStringSubmatchIndex(text, 16) {
		var parts []string
		for _, q := range quotedLit.FindAllString(text[m[2]:m[3]], 8) {
			if q = strings.Trim(q[1:len(q)-1], "/"); q != "" {
				parts = append(parts, q)
			}
		}
		p := "~/" + strings.Join(parts, "/")
		if credPath.MatchString(p) && !pubKeyPath(p) && !settingsOnlyPath(p) && !keptOut(lower, m[2]) && !credNeedle(text, m[2], m[3]) {
			return p
		}
	}
	return ""
}

// pathEnd returns the offset in s where the path running on at offset i
// ends: at white space, a quote, a separator or a closing bracket.
func pathEnd(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\n\r'\"`,;)]}", s[i]) < 0 {
		i++
	}
	return i
}

// scanModuleJoin reports the script rel (content) whose program reads
// credentials in bulk in one file and sends in another (see above);
// linked are the files it names or imports.
func scanModuleJoin(sc *skillCtx, rel, content string, linked []linkedFile) {
	linked = nonGoLinks(linked)
	type part struct{ rel, text string }
	parts := []part{{rel, content}}
	for _, l := range linked {
		if !l.data {
			parts = append(parts, part{l.rel, l.text})
		}
	}
	if len(parts) < 2 {
		return
	}
	for _, r := range parts {
		what := bulkCredRead(r.rel, r.text)
		if what == "" {
			continue
		}
		for _, s := range parts {
			if s.rel == r.rel || programSend(s.rel, s.text) == nil {
				continue
			}
			// the line of the script that brings in the other file
			other := r.rel
			if other == rel {
				other = s.rel
			}
			named := path.Base(other)
			if !namesFile(content, named) {
				named = strings.TrimSuffix(named, path.Ext(named))
			}
			li := newLineIndex(content)
			ln := li.firstLine(hashCommentsBlanked(rel, content), named, 1)
			in := r.rel
			if r.rel == rel {
				in = "this file"
			}
			sc.add(rel, ln, "credential-exfil", Critical, "reads "+Escape(what, 80)+" in "+in+" and sends data over the network in "+s.rel+"; this program joins the two", strings.TrimSpace(lineText(content, li, ln)))
			return
		}
	}
}
