package audit

import (
	"regexp"
	"strings"
)

// Rule download-exec for a JavaScript helper that saves a download to a
// path and a shell that runs that path: fetchSync(`${BASE}/install.sh`,
// installer) then spawnSync('sh', [installer]). The helper's own body may
// hide the download anywhere (a child node -e script, a library), but a
// call handing a URL and a path together, in a script that reaches the
// network, saves what the URL serves at the path; a shell given the same
// path runs the server's script. Critical, as curl -o f URL; sh f.

var (
	// jsShellPathRun runs a shell on a path held in a name: group 1 the
	// name.
	jsShellPathRun = lazyRE(`\b(?:spawnSync|spawn|execFileSync|execFile)\s*\(\s*['"\x60](?:/bin/|/usr/bin/)?(?:ba|z|da)?sh['"\x60]\s*,\s*\[\s*([A-Za-z_$][\w$]*)\s*[,\]]`)
	// jsURLConst binds a name to an http(s) URL literal: group 1 the name.
	jsURLConst = lazyRE(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*['"\x60]https?://`)
	// jsNetReach is a network module or call in the script.
	jsNetReach = lazyRE(`require\(\s*['"](?:node:)?https?['"]\s*\)|from\s+['"](?:node:)?https?['"]|\bfetch\s*\(|\baxios\b|\bgot\s*\(|\bundici\b`)
)

// scanJSDownloadRun reports a URL and a path handed together to a call
// and a shell run on that path (see above); c is the script with its
// comments blanked.
func scanJSDownloadRun(sc *skillCtx, rel, c string) {
	if !strings.Contains(c, "sh") || !jsNetReach.MatchString(c) {
		return
	}
	runs := jsShellPathRun.FindAllStringSubmatchIndex(c, 16)
	if runs == nil {
		return
	}
	urlish := []string{`https?://`}
	for _, m := range jsURLConst.FindAllStringSubmatch(c, 16) {
		urlish = append(urlish, `\b`+regexp.QuoteMeta(m[1])+`\b`)
	}
	url := regexp.MustCompile(strings.Join(urlish, "|"))
	for _, r := range runs {
		name := c[r[2]:r[3]]
		save := regexp.MustCompile(`\b[A-Za-z_$][\w$]*\s*\(\s*([^,()\n]+),\s*` + regexp.QuoteMeta(name) + `\s*[,)]`)
		for _, s := range save.FindAllStringSubmatchIndex(c[:r[0]], 8) {
			if url.MatchString(c[s[2]:s[3]]) {
				ln := 1 + strings.Count(c[:r[0]], "\n")
				sc.add(rel, ln, "download-exec", Critical, "saves what a URL serves to "+name+" and runs it with a shell: the server decides what runs",
					trimmedLine(sc.fileText, ln))
				return
			}
		}
	}
}

var (
	// jsDynImportVar imports a module named by a variable at run time:
	// group 1 the variable.
	jsDynImportVar = lazyRE(`\bimport\s*\(\s*([A-Za-z_$][\w$.]*)\s*\)`)
	// remoteModuleURL is a module served over http(s).
	remoteModuleURL = lazyRE(`https?://[^\s"'\x60]+\.(?:ts|js|mjs|tsx|jsx)\b`)
	// pinnedURL pins a version (@1.2.3, /v1.2.3/).
	pinnedURL = lazyRE(`@v?\d|/v\d+\.\d+`)
)

// scanJSRemoteImport reports a script that imports, at run time, a
// module whose URL a data file of the skill it reads (or the script
// itself, bound to the imported name) gives without a pinned version: Deno runs whatever the server
// holds then (download-exec, critical).
func scanJSRemoteImport(sc *skillCtx, rel, c string) {
	m := jsDynImportVar.FindStringSubmatchIndex(c)
	if m == nil {
		return
	}
	// in the script itself, only a URL the imported name is given
	// (const src = "https://..."); a data file it reads is its config
	var texts []string
	name := c[m[2]:m[3]]
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	own := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*[:=]\s*['"\x60]https?://[^'"\x60\s]+`)
	texts = append(texts, strings.Join(own.FindAllString(c, 8), "\n"))
	for _, l := range sc.linked {
		if l.data {
			texts = append(texts, l.text)
		}
	}
	for _, t := range texts {
		for _, u := range remoteModuleURL.FindAllString(t, 16) {
			if pinnedURL.MatchString(u) {
				continue // a pinned release
			}
			ln := 1 + strings.Count(c[:m[0]], "\n")
			sc.add(rel, ln, "download-exec", Critical, "imports at run time a module a URL serves, unpinned ("+Escape(u, 80)+"): the server decides what runs",
				trimmedLine(sc.fileText, ln))
			return
		}
	}
}
