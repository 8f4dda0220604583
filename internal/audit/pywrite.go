package audit

import "strings"

// The files a Python script writes, for the rules that follow a download
// from the file it was saved to (dropper.go, pyloadexec.go,
// pyloadpath.go). Besides urlretrieve, open(path, 'wb') and
// Path.write_bytes, a script writes a file through a handle or a
// descriptor whose path it holds apart: tempfile.mkstemp returns a
// descriptor and a path (fd, path = mkstemp(); os.fdopen(fd, 'wb') or
// os.write(fd, data) writes path), os.open(path, O_WRONLY|O_CREAT) and
// Path(p).open('wb') write their path, a NamedTemporaryFile is a file
// opened for writing whose name is its path (tmp.name), and shutil's
// copies and moves and os.rename write their destination. A setup.py
// install hook that saves an 'accelerator' through mkstemp's descriptor
// and runs the path is the same dropper as one using open(path, 'wb').

var (
	// pyMkstemp binds a descriptor and a path from mkstemp: group 1 the
	// descriptor, group 2 the path.
	pyMkstemp = lazyRE(`(?m)^[ \t]*\(?[ \t]*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)[ \t]*\)?\s*=\s*(?:tempfile\.)?mkstemp\(`)
	// pyOSOpenWrite opens a path for writing by descriptor: group 1 the
	// path.
	pyOSOpenWrite = lazyRE(`\bos\.open\(\s*([^,()]+?)\s*,[^)\n]*\bO_(?:WRONLY|RDWR|CREAT)\b`)
	// pyMethodOpenWrite is a path object's open for writing
	// (Path(p).open('wb'), dest.open(mode='w')): group 1 the object.
	pyMethodOpenWrite = lazyRE(`([\w.]+(?:\([^()\n]*\))?)\.open\(\s*(?:mode\s*=\s*)?['"][bt]*[wax][bt+]*['"]`)
	// pyNamedTemp binds a NamedTemporaryFile: group 1 or 2 the name.
	pyNamedTemp = lazyRE(`\bNamedTemporaryFile\([^\n]*?\)\s+as\s+([A-Za-z_]\w*)|(?m)^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:tempfile\.)?NamedTemporaryFile\(`)
	// pyCopyTo copies or moves a file: group 1 the destination.
	pyCopyTo = lazyRE(`\b(?:shutil\.(?:copy2?|copyfile|move)|os\.(?:rename|replace))\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*([^,()]+?)\s*[,)]`)
)

// pyWrittenPaths returns the expressions of f (comments blanked) naming a
// file the script writes (see above).
func pyWrittenPaths(f string) []string {
	var out []string
	for _, w := range pyWriteSites(f) {
		out = append(out, w.expr)
	}
	return out
}

// pyWriteSite is an expression naming a file a Python script writes
// and its offset in the script.
type pyWriteSite struct {
	expr string
	off  int
	// call is the offset of the opening parenthesis of the call that
	// writes (open's, write_text's), -1 where the site has none of its
	// own: agent-tamper reads the data written there (pyagenttighten.go).
	call int
}

// pyWriteSites returns the files f (comments blanked) writes, as
// pyWrittenPaths, each with the offset of its expression.
func pyWriteSites(f string) []pyWriteSite {
	var out []pyWriteSite
	add := func(lo, hi int) {
		if lo < 0 {
			return
		}
		if g := strings.TrimSpace(f[lo:hi]); g != "" {
			out = append(out, pyWriteSite{g, lo + strings.Index(f[lo:hi], g), -1})
		}
	}
	for _, m := range pyWriteTo.FindAllStringSubmatchIndex(f, 32) {
		for g := 2; g < len(m); g += 2 {
			add(m[g], m[g+1])
		}
	}
	for _, m := range pyMethodOpenWrite.FindAllStringSubmatchIndex(f, 32) {
		lo, hi := m[2], m[3]
		obj := f[lo:hi]
		if i := strings.IndexByte(obj, '('); i >= 0 && strings.HasSuffix(obj, ")") {
			if base := obj[:i]; base == "Path" || strings.HasSuffix(base, ".Path") {
				lo, hi = lo+i+1, hi-1 // Path(dest).open('wb') writes dest
				obj = f[lo:hi]
			}
		}
		if obj != "os" && obj != "io" && obj != "gzip" && obj != "bz2" && obj != "lzma" && obj != "codecs" {
			add(lo, hi) // io.open(p, 'wb') is open's own match
		}
	}
	for _, m := range pyMkstemp.FindAllStringSubmatchIndex(f, 16) {
		fd := f[m[2]:m[3]]
		for _, use := range []string{"fdopen(" + fd, "open(" + fd, "os.write(" + fd} {
			if pyCallsWith(f, use) {
				add(m[4], m[5])
				break
			}
		}
	}
	for _, re := range []*lazyRegexp{pyOSOpenWrite, pyNamedTemp, pyCopyTo} {
		for _, m := range re.FindAllStringSubmatchIndex(f, 32) {
			for g := 2; g < len(m); g += 2 {
				add(m[g], m[g+1])
			}
		}
	}
	return out
}

// pyCallsWith reports whether f holds call (a call's name, its opening
// parenthesis and the start of its first argument: "fdopen(fd") as
// whole words: fdopen(fd, …), not fdopen(fd2, …) nor myfdopen(fd, …).
func pyCallsWith(f, call string) bool {
	for off := 0; ; {
		i := strings.Index(f[off:], call)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(call)
		if (i == 0 || !isIdentByte(f[i-1])) && (j == len(f) || !isIdentByte(f[j])) {
			return true
		}
		off = i + 1
	}
}
