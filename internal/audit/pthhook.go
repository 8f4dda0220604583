package audit

import "strings"

// Python runs the import lines of every .pth file in site-packages, and
// sitecustomize.py and usercustomize.py, at every interpreter start. A
// script that writes one there (site.getsitepackages(), the user site)
// installs code that runs again with every Python program the user
// starts, the persistence a shell startup file gives: rule persistence,
// critical when what it writes is an import line (or a customize
// module). Packaging tools write .pth files of paths only, which hold no
// import and are not reported.

var (
	// pthSite names the interpreter's site-packages folders.
	pthSite = lazyRE(`\bsite\.(?:getsitepackages|getusersitepackages)\s*\(|\bsite\.USER_SITE\b|\bsysconfig\.get_paths\(\s*\)\s*\[\s*["'](?:purelib|platlib)["']|\bsysconfig\.get_path\(\s*["'](?:purelib|platlib)["']`)
	// pthFile is a .pth file or a customize module named in a literal.
	pthFile = lazyRE(`["'][\w.-]*\.pth["']|["'](?:site|user)customize\.py["']`)
	// pthImport is an import line written into one.
	pthImport = lazyRE(`["'](?:import\s+\w|[^"'\n]*;\s*import\s+\w)`)
)

// scanPthHook reports Python code (comments blanked; content for
// evidence) writing a startup hook into site-packages (see above).
func scanPthHook(sc *skillCtx, rel, code, content string) {
	if !strings.Contains(code, "site") {
		return
	}
	s := pthSite.FindStringIndex(code)
	f := pthFile.FindStringIndex(code)
	if s == nil || f == nil || !pyWrite.MatchString(code) {
		return
	}
	ln := 1 + strings.Count(code[:f[0]], "\n")
	if !pthImport.MatchString(code[f[1]:min(len(code), f[1]+200)]) && !strings.Contains(code[f[0]:f[1]], "customize") {
		return // a .pth of paths (an editable install) runs nothing
	}
	sc.add(rel, ln, "persistence", Critical, "writes "+strings.Trim(code[f[0]:f[1]], `"'`)+" into site-packages, importing code: Python runs it at every interpreter start, with every Python program the user starts",
		trimmedLine(content, ln))
}
