package audit

import (
	"regexp"
	"strings"
)

// Rule persistence, Python: a write to a scratch file is no write to a
// startup file. An inventory that hands each key line to ssh-keygen -l
// through a tempfile.NamedTemporaryFile writes only that temporary file,
// which the tempfile module names in the system's temporary folder (and
// deletes); the program's own output (sys.stdout.write) is a report to
// the user. Either is a write persistWrites need not count, as long as
// the program moves, renames or links no file: a temporary file renamed
// over authorized_keys or an rc file (os.replace(tmp.name, ak)) is how
// atomic writers install, so any such call keeps every write counted. A
// temporary file created in a folder the code names (dir=...) is kept
// counted too: the folder may be the one written.

var (
	// pyScratchBind binds a name to a temporary file object: with
	// tempfile.NamedTemporaryFile(…) as NAME, NAME =
	// tempfile.TemporaryFile(…); group 1 is the call's arguments up to
	// the line's end, group 2 (with) or group 3 (assignment) the name.
	pyScratchBind = lazyRE(`(?m)^[ \t]*(?:(?:async\s+)?with\s+(?:tempfile\.)?(?:Named|Spooled)?TemporaryFile\(([^\n]*)\)\s+as\s+([A-Za-z_]\w*)|([A-Za-z_]\w*)\s*=\s*(?:tempfile\.)?(?:Named|Spooled)?TemporaryFile\(([^\n]*)\)\s*$)`)
	// pyMovesFile moves, renames or links a file into place.
	pyMovesFile = lazyRE(`\bos\.(?:replace|renames?|link|symlink)\s*\(|\bshutil\.move\s*\(|\.(?:rename|symlink_to|hardlink_to|link_to)\s*\(|\.replace\(\s*[^,()\n]+\)`)
	// pyScratchDir is a temporary file's dir= argument: a folder chosen
	// by the code.
	pyScratchDir = lazyRE(`\bdir\s*=`)
	// pyWriteRecv is the receiver just before a .write( call.
	pyWriteRecv = lazyRE(`([A-Za-z_][\w.]*)\s*$`)
)

// pyScratchWrite reports whether the .write( call starting at off in
// Python code c (comments blanked) writes the program's own output or a
// temporary file it made (see above), not a file it could install.
func pyScratchWrite(c string, off int) bool {
	m := pyWriteRecv.FindStringSubmatch(c[max(0, off-80):off])
	if m == nil {
		return false
	}
	recv := m[1]
	if recv == "sys.stdout" || recv == "sys.stderr" {
		return true
	}
	if strings.Contains(recv, ".") || pyMovesFile.MatchString(c) {
		return false
	}
	bound := false
	for _, b := range pyScratchBind.FindAllStringSubmatch(c, 32) {
		name, args := b[2], b[1]
		if name == "" {
			name, args = b[3], b[4]
		}
		if name != recv {
			continue
		}
		if pyScratchDir.MatchString(args) {
			return false
		}
		bound = true
	}
	if !bound {
		return false
	}
	// a name bound to a temporary file must be bound to nothing else
	re := regexp.MustCompile(`(?m)^[ \t]*(?:for\s+)?` + regexp.QuoteMeta(recv) + `\s*(?:=[^=]|\s+in\b)|\bas\s+` + regexp.QuoteMeta(recv) + `\b`)
	return len(re.FindAllString(c, 33)) == len(pyScratchBindsOf(c, recv))
}

// pyScratchBindsOf returns the bindings of name to a temporary file in c.
func pyScratchBindsOf(c, name string) [][]string {
	var out [][]string
	for _, b := range pyScratchBind.FindAllStringSubmatch(c, 32) {
		if b[2] == name || b[3] == name {
			out = append(out, b)
		}
	}
	return out
}
