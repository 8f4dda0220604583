package audit

import (
	"regexp"
	"strings"
)

// Premake (premake5.lua, run at every "premake5 gmake2") and other Lua
// build scripts download with http.download(url, path): a file saved at
// path. One that the same script then hands to a shell or interpreter
// (os.execute('sh "' .. script .. '"'), io.popen("powershell -File " ..
// script), os.execute(script)) runs what the server sent: download-exec,
// critical, or high when the script names a digest it checks
// (fetchDigest). A download only read as data is not this.

// luaDownloadTo is a Lua download saved to the path a variable holds
// (group 1).
var luaDownloadTo = lazyRE(`\bhttp\.download\s*\([^,\n]+,\s*([A-Za-z_]\w*)`)

// luaRunCall runs a command line in Lua; group 1 its argument text to the
// line's end.
var luaRunCall = lazyRE(`\b(?:os\.execute|io\.popen|os\.outputof)\s*\((.*)`)

// luaRunner is a shell or interpreter named at the start of a command.
var luaRunner = lazyRE(`(?:^|["'\s])(?:sh|bash|zsh|powershell|pwsh|python3?|node|cmd(?:\.exe)?\s+/c|chmod\s+\+x)\b`)

// scanLuaDownloadRun reports a Lua script that runs a file it downloaded
// (see above); code has its comments blanked.
func scanLuaDownloadRun(sc *skillCtx, rel, code, content string) {
	if !strings.Contains(code, "http.download") {
		return
	}
	for _, d := range luaDownloadTo.FindAllStringSubmatchIndex(code, 8) {
		v := regexp.QuoteMeta(code[d[2]:d[3]])
		named := regexp.MustCompile(`\.\.\s*` + v + `\b|\b` + v + `\s*\.\.|^\s*` + v + `\s*\)`)
		for _, r := range luaRunCall.FindAllStringSubmatchIndex(code[d[1]:], 16) {
			arg := code[d[1]+r[2] : d[1]+r[3]]
			if !named.MatchString(arg) || !luaRunner.MatchString(arg) && !strings.HasPrefix(strings.TrimSpace(arg), code[d[2]:d[3]]) {
				continue
			}
			ln := 1 + strings.Count(code[:d[1]+r[0]], "\n")
			sev, why := Critical, "downloads a file with http.download and runs it: the server decides what runs"
			if fetchDigest.MatchString(code) {
				sev, why = High, why+" (a digest is named; check it pins this file)"
			}
			sc.add(rel, ln, "download-exec", sev, why, trimmedLine(content, ln))
			return
		}
	}
}
