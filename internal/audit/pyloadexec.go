package audit

import (
	"path"
	"strings"
)

// Rule download-exec for Python that loads code it downloaded: a script
// that makes network calls and hands a file it wrote, or text a server
// sent, to Python's own code loaders runs whatever the server sent, as a
// dropper that starts the file as a process does (dropper.go). The
// loaders are importlib's spec_from_file_location and the machinery's
// SourceFileLoader, SourcelessFileLoader and ExtensionFileLoader (then
// exec_module or load_module), imp.load_source, load_compiled,
// load_dynamic and load_package, runpy.run_path, zipimport.zipimporter,
// execfile, and exec or eval of the text (exec(compile(src, ...)),
// exec(open(path).read())). The file or text is followed through the
// script's assignments, through its functions (a function that returns
// the written path or the server's answer taints its calls: path =
// download(name)), and through the skill's own modules the script
// imports (from plugins import download); a downloaded file's folder put
// on sys.path and then imported from is read too (pyloadpath.go). High,
// as a download saved and run; critical for exec or eval of the text a
// server answered itself (exec(compile(resp.read().decode(), ...))),
// which is curl | python with no file left to look at, wherever the URL
// comes from (a literal, the skill's config file). Medium when the code
// that loads it checks a digest (hashlib's hexdigest, hmac.compare_digest)
// in the function that loads it, or in a function of the script it calls
// there (verify(src, pinned)): a pinned plugin. A digest computed
// elsewhere in the script (over the archives it installs) does not pin
// the code it runs.

var (
	// pyCodeLoad is a call that loads or runs Python code from a file or
	// text: group 1 names it.
	pyCodeLoad = lazyRE(`(?:^|[^\w.])((?:[A-Za-z_][\w.]*\.)?(?:spec_from_file_location|SourceFileLoader|SourcelessFileLoader|ExtensionFileLoader|load_source|load_compiled|load_dynamic|load_package|run_path|zipimporter)|exec|eval|execfile)\s*\(`)
	// pyDefLine is a function definition: group 1 its indent, group 2
	// its name.
	pyDefLine = lazyRE(`(?m)^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)\s*\(`)
	// pyReturnOf is a return statement: group 1 its value.
	pyReturnOf = lazyRE(`(?m)^[ \t]+return[ \t]+([^\n]+)`)
	// pyAsBound is a with or except clause binding a name: group 1 the
	// expression, group 2 the name.
	pyAsBound = lazyRE(`(?m)^[ \t]*(?:async[ \t]+)?with[ \t]+([^\n]+?)[ \t]+as[ \t]+([A-Za-z_]\w*)[ \t]*[:,]`)
)

// pyLoadArg returns the index of the argument of loader name (as
// pyCodeLoad names it) that holds the file or code it runs.
func pyLoadArg(name string) int {
	base := name[strings.LastIndexByte(name, '.')+1:]
	switch base {
	case "spec_from_file_location", "SourceFileLoader", "SourcelessFileLoader", "ExtensionFileLoader",
		"load_source", "load_compiled", "load_dynamic", "load_package":
		return 1
	}
	return 0
}

// pyFetchedNames returns the names of Python script f (comments blanked)
// that hold a file it wrote after a network call or text a network call
// answered, function names included (see above); nil when f makes no
// network call. extra are names already known to hold such a value
// (functions imported from the skill's own modules).
func pyFetchedNames(f string, extra []string) map[string]bool {
	seeds := map[string]bool{}
	for _, n := range extra {
		seeds[n] = true
	}
	if pyNet.MatchString(f) || strings.Contains(f, "urlretrieve") {
		for _, g := range pyWrittenPaths(f) {
			seeds[g] = true
		}
		for _, m := range pyAssign.FindAllStringSubmatch(f, 2000) {
			if pyNet.MatchString(m[2]) {
				for _, n := range jsNamesIn(m[1]) {
					seeds[n] = true
				}
			}
		}
		for _, m := range pyAsBound.FindAllStringSubmatch(f, 256) {
			if pyNet.MatchString(m[1]) {
				seeds[m[2]] = true
			}
		}
	}
	if len(seeds) == 0 {
		return nil
	}
	t := derivedNames(f, seeds, false)
	// A function returning a tainted value taints its calls; two rounds
	// follow a function that returns another's result.
	for round := 0; round < 2; round++ {
		grew := false
		for name, body := range pyFuncBodies(f) {
			if t[name] {
				continue
			}
			for _, r := range pyReturnOf.FindAllStringSubmatch(body, 16) {
				if jsMentions(r[1], t) {
					t[name], grew = true, true
					break
				}
			}
		}
		if !grew {
			break
		}
		t = derivedNames(f, t, false)
	}
	return t
}

// pyFuncBodies returns the bodies of f's functions by name: the lines
// after each def indented deeper than it. A name defined twice keeps its
// first body.
func pyFuncBodies(f string) map[string]string {
	out := map[string]string{}
	for _, s := range pyFuncSpans(f) {
		if _, ok := out[s.name]; !ok {
			out[s.name] = f[s.start:s.end]
		}
	}
	return out
}

// pyFuncSpan is a function of a Python file: its name, the text of its
// parameter list (after the opening parenthesis) and its body's offsets
// in the file.
type pyFuncSpan struct {
	name, params string
	start, end   int
}

// pyFuncSpans returns the functions of f in file order (at most 256),
// each body the lines after its def indented deeper than it.
func pyFuncSpans(f string) []pyFuncSpan {
	var out []pyFuncSpan
	for _, m := range pyDefLine.FindAllStringSubmatchIndex(f, 256) {
		name, indent := f[m[4]:m[5]], m[3]-m[2]
		start := strings.IndexByte(f[m[1]:], '\n')
		if start < 0 {
			continue
		}
		start += m[1] + 1
		end := start
		for end < len(f) {
			nl := strings.IndexByte(f[end:], '\n')
			line := f[end:]
			if nl >= 0 {
				line = f[end : end+nl]
			}
			if t := strings.TrimLeft(line, " \t"); t != "" && len(line)-len(t) <= indent {
				break
			}
			if nl < 0 {
				end = len(f)
				break
			}
			end += nl + 1
		}
		out = append(out, pyFuncSpan{name, f[m[1]:min(end, m[1]+2000)], start, end})
	}
	return out
}

// pyModuleNames returns the names under which script rel may call the
// functions of the skill's own Python modules it imports (linked) that
// names marks in their module (pyFetchedNames: return a downloaded file
// or text; pyAnswerNames: return what a server answered): the bare name
// and module.name.
func pyModuleNames(rel string, linked []linkedFile, names func(f string, extra []string) map[string]bool) []string {
	var out []string
	for _, l := range linked {
		if l.data || strings.ToLower(path.Ext(l.rel)) != ".py" || l.rel == rel {
			continue
		}
		c := stripComments(l.text, kindPython)
		t := names(c, nil)
		if len(t) == 0 {
			continue
		}
		stem := strings.TrimSuffix(path.Base(l.rel), path.Ext(l.rel))
		for name := range pyFuncBodies(c) {
			if t[name] {
				out = append(out, name, stem+"."+name)
			}
		}
	}
	return out
}

// scanPyLoadExec reports the first code loader of Python script c
// (comments blanked) given a file it wrote after a network call or text
// a server sent (see above).
func scanPyLoadExec(sc *skillCtx, rel, c string) {
	if !pyCodeLoad.MatchString(c) && !pyDynImport.MatchString(c) {
		return
	}
	t := pyFetchedNames(c, pyModuleNames(rel, sc.linked, pyFetchedNames))
	if len(t) == 0 {
		return
	}
	li := newLineIndex(c)
	var answered map[string]bool // computed for the first exec or eval
	report := func(at int, base string, arg string) {
		sev, why := High, "loads Python code it downloaded ("+base+"): the server decides what runs"
		if base == "exec" || base == "eval" {
			if answered == nil {
				answered = pyAnswerNames(c, pyModuleNames(rel, sc.linked, pyAnswerNames))
			}
			if jsMentions(arg, answered) {
				sev, why = Critical, "runs Python source a server sent ("+base+"): the server decides what runs, each time the script runs"
			}
		}
		if pyDigestChecked(c, at) {
			sev, why = Medium, "loads Python code it downloaded ("+base+") after computing a digest: check the digest is pinned"
		}
		ln := li.line(at)
		sc.add(rel, ln, "download-exec", sev, why+pyInstallNote(rel), strings.TrimSpace(lineText(c, li, ln)))
	}
	for _, m := range pyCodeLoad.FindAllStringSubmatchIndex(c, 128) {
		name := c[m[2]:m[3]]
		args := callArgs(c[m[1]:])
		k := pyLoadArg(name)
		if k >= len(args) {
			continue
		}
		arg := args[k]
		if i := strings.IndexByte(arg, '='); i > 0 && isPyIdent(strings.TrimSpace(arg[:i])) && !strings.HasPrefix(arg[i:], "==") {
			arg = arg[i+1:] // a keyword argument (location=path)
		}
		if !jsMentions(arg, t) {
			continue
		}
		at := m[2]
		base := name[strings.LastIndexByte(name, '.')+1:]
		if strings.HasSuffix(base, "Loader") || base == "spec_from_file_location" {
			// the module runs where the loader executes it
			rest := c[m[1]:min(len(c), m[1]+600)]
			if i := strings.Index(rest, "exec_module("); i >= 0 {
				at = m[1] + i
			} else if i := strings.Index(rest, "load_module("); i >= 0 {
				at = m[1] + i
			}
		}
		report(at, base, arg)
		return
	}
	if at := pyImportPathRun(c, t); at >= 0 {
		report(at, "a downloaded folder on sys.path, then an import by name", "")
	}
}

// pyDigestChecked reports whether the Python code c checks a digest
// (hexdigest, compare_digest) where the loader at offset at runs: in the
// body of the function holding at (the whole file at top level), or in
// a function of c called from that body. A digest the script computes
// over other downloads, in another function, leaves this one unpinned.
func pyDigestChecked(c string, at int) bool {
	digest := func(s string) bool {
		return strings.Contains(s, "hexdigest(") || strings.Contains(s, "compare_digest(")
	}
	scope := c
	top := true
	for _, m := range pyDefLine.FindAllStringSubmatchIndex(c, 256) {
		if m[0] > at {
			break
		}
		if m[3]-m[2] != 0 {
			continue // a method or nested function: its outer def decides
		}
		body := pyFuncBodies(c[m[0]:])[c[m[4]:m[5]]]
		if start := strings.Index(c[m[0]:], body); body != "" && start >= 0 && at < m[0]+start+len(body) {
			scope, top = body, false
		}
	}
	if top || digest(scope) {
		return digest(scope)
	}
	for name, body := range pyFuncBodies(c) {
		if !digest(body) {
			continue
		}
		for i := wordIndex(scope, name, 0); i >= 0; i = wordIndex(scope, name, i+len(name)) {
			if strings.HasPrefix(strings.TrimLeft(scope[i+len(name):], " \t"), "(") {
				return true
			}
		}
	}
	return false
}
