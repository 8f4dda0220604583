package audit

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// gawk opens network connections as special files ("/inet/tcp/0/HOST/
// PORT", read and written with |& as a coprocess). An awk program that
// reads a line from such a connection into a variable and runs it as a
// command (cmd | getline, system(cmd)) gives whoever is at the other end
// a shell on the machine, whatever the program reports on the side (a
// log dashboard). Rule reverse-shell, critical. A program that only
// prints to a connection (a metrics sender) is not this.

// awkInet is a gawk network special file.
var awkInet = lazyRE(`/inet[46]?/(?:tcp|udp)/`)

// awkNetRead reads a line from a coprocess into a variable (group 1).
var awkNetRead = lazyRE(`\|&\s*getline\s+([A-Za-z_]\w*)`)

// isAwk reports whether rel (content) is an awk program: by extension or
// shebang.
func isAwk(rel, content string) bool {
	if strings.EqualFold(path.Ext(rel), ".awk") {
		return true
	}
	line, _, _ := strings.Cut(content, "\n")
	return strings.HasPrefix(line, "#!") && strings.Contains(line, "awk")
}

// scanAwkNet reports an awk program that runs commands it reads from a
// network connection (see above): the line read, or a name assigned
// from it (cmd = substr(line, 5)).
func scanAwkNet(sc *skillCtx, rel, content string) {
	if !isAwk(rel, content) || !awkInet.MatchString(content) {
		return
	}
	code := stripHashComments(content)
	for _, m := range awkNetRead.FindAllStringSubmatchIndex(code, 8) {
		v := awkTainted(code[m[1]:], code[m[2]:m[3]])
		run := regexp.MustCompile(`\(\s*` + v + `\s*\|\s*getline\b|\b` + v + `\s*\|\s*getline\b|\bsystem\s*\(\s*` + v + `\s*\)|print[^\n]*\|\s*` + v + `\b`)
		if r := run.FindStringIndex(code[m[1]:]); r != nil {
			ln := 1 + strings.Count(code[:m[1]+r[0]], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "runs as a command what it reads from a network connection (gawk /inet): whoever is at the other end runs commands on this machine",
				trimmedLine(content, ln))
			return
		}
	}
}

// awkAssign is an assignment: group 1 the name, group 2 the value.
var awkAssign = lazyRE(`(?m)\b([A-Za-z_]\w*)\s*=\s*([^=\n][^\n;]*)`)

// awkTainted returns a pattern for name and the names code assigns from
// it (cmd = substr(line, 5)), followed through up to four assignments.
func awkTainted(code, name string) string {
	names := []string{name}
	for range 4 {
		grew := false
		for _, a := range awkAssign.FindAllStringSubmatch(code, 64) {
			if slices.Contains(names, a[1]) {
				continue
			}
			for _, n := range names {
				if regexp.MustCompile(`\b` + regexp.QuoteMeta(n) + `\b`).MatchString(a[2]) {
					names, grew = append(names, a[1]), true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = regexp.QuoteMeta(n)
	}
	return `(?:` + strings.Join(q, "|") + `)`
}
