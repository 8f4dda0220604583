package audit

import (
	"path"
	"strings"
)

// Rule download-exec in D: a program (a dub pre-build command's rdmd
// script, a tool the skill ships) that downloads with std.net.curl
// (download, get, byChunk) or the requests package (getContent),
// unpacks an archive (tar -x run by execute or executeShell, std.zip's
// ZipArchive) and hands the shell a command it builds (executeShell("sh
// " ~ buildPath(dir, setup)), spawnShell(cmd), execute(["sh", script]))
// runs what the server sent: the shell's curl … | tar -x; sh setup.sh.
// Critical; medium when the program names a digest (a pinned archive).
// A download unpacked and never run, and a fixed command line (dub
// build, git describe), are not this.

var (
	// dNetFetch is a download in D.
	dNetFetch = lazyRE(`\bstd\.net\.curl\b[^;\n]*;[\s\S]*?\b(?:download|byChunk|byChunkAsync|byLine|get)\s*(?:!\s*\w+\s*)?\(|\bgetContent\s*\(\s*[a-z_"]`)
	// dUnpack unpacks an archive.
	dUnpack = lazyRE(`"tar"\s*,\s*"-?[A-Za-z]*x|\btar\s+-?[A-Za-z]*x[A-Za-z]*\b|\bZipArchive\b|"unzip"`)
	// dShellBuilt hands the shell a command the program builds: a name,
	// or a literal joined (~) to more.
	dShellBuilt = lazyRE(`\b(?:executeShell|spawnShell|pipeShell)\s*\(\s*(?:[a-z_]\w*|"[^"\n]*"\s*~)|\b(?:execute|spawnProcess|pipeProcess)\s*\(\s*\[\s*"(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh"\s*,\s*[a-z_]`)
	// dDigest names a digest of what was fetched.
	dDigest = lazyRE(`(?i)\bsha256Of\b|\bSHA256\b|\bdigest\s*!|\bsha512Of\b|\bchecksum\b`)
)

// scanDFetchRun reports a D program that downloads, unpacks and runs a
// command it builds through the shell (see above).
func scanDFetchRun(sc *skillCtx, rel, content string) {
	if ext := strings.ToLower(path.Ext(rel)); ext != ".d" || !strings.Contains(content, "Shell") && !strings.Contains(content, "\"sh\"") {
		return
	}
	code := stripComments(content, kindJS)
	r := dShellBuilt.FindStringIndex(code)
	if r == nil || !dNetFetch.MatchString(code) || !dUnpack.MatchString(code) {
		return
	}
	ln := 1 + strings.Count(code[:r[0]], "\n")
	sev, reason := Critical, "downloads an archive, unpacks it and runs a command it builds through the shell: the server decides what runs on this machine"
	if dDigest.MatchString(code) {
		sev, reason = Medium, "downloads an archive, unpacks it and runs a command it builds through the shell after naming a digest: check the digest is pinned in the skill"
	}
	sc.add(rel, ln, "download-exec", sev, reason, trimmedLine(content, ln))
}
