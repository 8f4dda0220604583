package audit

import "strings"

// The import-path form of Python's downloaded-code loading
// (pyloadexec.go): a script that saves a downloaded .py file, archive
// (.zip, .pyz, .whl, .egg) or compiled module into a folder, puts that
// folder or archive on Python's import path (sys.path.insert, append,
// extend, a slice or list assignment, site.addsitedir) and then imports
// by a computed name (__import__, importlib.import_module) runs what the
// server sent as spec_from_file_location does. The folder is a name
// holding the downloaded file (its parent, os.path.dirname of it) or a
// name the saved path is built from (CACHE in target = CACHE / (n +
// '.py'), a function cache_dir()) that the script itself assigns or
// defines.

var (
	// pySysPathAdd is an entry put on Python's import path; the match
	// ends where the entry's expression begins.
	pySysPathAdd = lazyRE(`\bsys\.path\.(?:insert\(\s*[^,()\n]+,|append\(|extend\(\s*[\[(])|\bsys\.path\s*(?:\[[^\]\n]*\]\s*)?\+?=\s*\[|\bsite\.addsitedir\(`)
	// pyDynImport is an import by a computed name: group 1 names it.
	pyDynImport = lazyRE(`(?:^|[^\w.])(__import__|(?:[A-Za-z_][\w.]*\.)?import_module)\s*\(`)
	// pyCodeFile is a file name of Python code or an archive of it.
	pyCodeFile = lazyRE(`\.(?:py|pyc|pyz|pyd|so|zip|whl|egg)\b`)
)

// pyDownloadFolders returns the names of f (comments blanked) that hold
// the folder or archive of a Python code file it downloaded (see above),
// t the names pyFetchedNames found; nil when no downloaded file is code.
func pyDownloadFolders(f string, t map[string]bool) map[string]bool {
	defined := map[string]bool{}
	for _, m := range pyConstDecl.FindAllStringSubmatch(f, 2000) {
		defined[m[1]] = true
	}
	for name := range pyFuncBodies(f) {
		defined[name] = true
	}
	var out map[string]bool
	for _, w := range pyWrittenPaths(f) {
		vals := []string{w}
		if isPyIdent(w) {
			vals = append(vals, assignedValues(f, w, 4)...)
		}
		code := false
		for _, v := range vals {
			code = code || pyCodeFile.MatchString(v)
		}
		if !code {
			continue
		}
		if out == nil {
			out = map[string]bool{}
			for n := range t {
				out[n] = true
			}
		}
		for _, v := range vals[1:] {
			for _, n := range jsNamesIn(v) {
				if defined[n] && n != w {
					out[n] = true
				}
			}
		}
	}
	return out
}

// pyImportPathRun returns the offset in c of the first import by a
// computed name after a downloaded code folder is put on the import
// path, or -1.
func pyImportPathRun(c string, t map[string]bool) int {
	if !strings.Contains(c, "sys.path") && !strings.Contains(c, "addsitedir") {
		return -1
	}
	dirs := pyDownloadFolders(c, t)
	if len(dirs) == 0 {
		return -1
	}
	for _, m := range pySysPathAdd.FindAllStringIndex(c, 32) {
		args := callArgs(c[m[1]:])
		if len(args) == 0 || !jsMentions(args[0], dirs) {
			continue
		}
		for _, d := range pyDynImport.FindAllStringSubmatchIndex(c[m[1]:], 32) {
			if a := callArgs(c[m[1]+d[1]:]); len(a) > 0 {
				return m[1] + d[2]
			}
		}
	}
	return -1
}
