package audit

import (
	"regexp"
	"strings"
)

// Rule persistence, Python: a report written to the path the user names
// on the command line is the program's own output, no write to a
// startup file. An SSH key inventory that fingerprints authorized_keys
// and offers --out report.md writes only where the user sends it; the
// literal naming authorized_keys is what it reads. The write counts as
// such output when its path is an argparse option (args.NAME, handed
// straight to open(…, "w") or Path(…).write_text, or a handle opened
// on it and bound once with with … as) that the program
// gives no default (none, or None), never sets itself (args.NAME = …,
// setattr, set_defaults) and that no other option stores into (dest=),
// and the program moves, renames or links no file (pyMovesFile): a
// default, or a file moved into place, may be the startup file.

var (
	// pyArgOutWrite is a write to an option's path: Path(args.NAME)
	// before .write_text( or .write_bytes(, or open(args.NAME, …);
	// group 1 or 2 is the name.
	pyArgOutWrite = lazyRE(`(?:^|[^\w.])(?:pathlib\.)?Path\(\s*args\.([A-Za-z_]\w*)\s*\)\s*\.write_(?:text|bytes)\($|(?:^|[^\w.])open\(\s*args\.([A-Za-z_]\w*)\s*,`)
	// pyArgParsed binds args to a parser's result.
	pyArgParsed = lazyRE(`(?m)^[ \t]*args\s*=\s*[\w.]+\.parse_args\(`)
)

// pyUserOutWrite reports whether the write matched at c[s:e] (a pyWrite
// match in Python code c, comments blanked) writes to an output path
// the user gives on the command line (see above).
func pyUserOutWrite(c string, s, e int) bool {
	var name string
	hit := c[s:e]
	switch {
	case hit == ".write_text(":
		m := pyArgOutWrite.FindStringSubmatch(c[max(0, s-80):e])
		if m == nil {
			return false
		}
		name = m[1]
	case strings.HasPrefix(hit, "open("):
		m := pyArgOutWrite.FindStringSubmatch(c[max(0, s-1):e])
		if m == nil {
			return false
		}
		name = m[2]
	case hit == ".write(":
		// a handle the program opened on such a path, bound once
		// (with open(args.NAME, "w") as fh: fh.write(…))
		m := pyWriteRecv.FindStringSubmatch(c[max(0, s-80):s])
		if m == nil || !isPyIdent(m[1]) {
			return false
		}
		q := regexp.QuoteMeta(m[1])
		bind := regexp.MustCompile(`\bwith\s+open\(\s*args\.([A-Za-z_]\w*)\s*,[^\n]*\)\s+as\s+`+q+`\s*:`).FindAllStringSubmatch(c, 2)
		other := regexp.MustCompile(`(?m)(?:^[ \t]*(?:for\s+)?`+q+`\s*(?:=[^=]|\s+in\b)|\bas\s+`+q+`\b)`).FindAllString(c, 3)
		if len(bind) != 1 || len(other) != 1 {
			return false
		}
		name = bind[0][1]
	default:
		return false
	}
	if name == "" || !pyArgParsed.MatchString(c) || pyMovesFile.MatchString(c) || strings.Contains(c, "set_defaults(") || strings.Contains(c, "setattr(") {
		return false
	}
	q := regexp.QuoteMeta(name)
	if regexp.MustCompile(`\bargs\.` + q + `\s*(?:=[^=]|[+|]=)|\bdest\s*=\s*['"]` + q + `['"]|\bvars\(\s*args\s*\)`).MatchString(c) {
		return false
	}
	opt := regexp.MustCompile(`\badd_argument\(\s*(?:['"]-\w['"]\s*,\s*)?['"]--` + strings.ReplaceAll(q, "_", "[-_]") + `['"]`)
	locs := opt.FindAllStringIndex(c, 2)
	if len(locs) != 1 {
		return false
	}
	open := locs[0][0] + strings.Index(c[locs[0][0]:], "(")
	cl := pyCloseParen(c, open)
	if cl >= len(c) {
		return false
	}
	call := c[open:cl]
	if i := strings.Index(call, "default"); i >= 0 {
		return regexp.MustCompile(`\bdefault\s*=\s*None\s*(?:,|$)`).MatchString(call) && strings.Count(call, "default") == 1
	}
	return true
}
