package audit

import "strings"

// oneLineFunc parses l as a one-line shell function definition,
// name() { body; } or function name { body; }, returning its name and body.
func oneLineFunc(l string) (name, body string, ok bool) {
	l = strings.TrimSpace(l)
	l, kw := strings.CutPrefix(l, "function ")
	open, end := strings.Index(l, "{"), strings.LastIndex(l, "}")
	if open < 0 || end < open {
		return "", "", false
	}
	head := strings.TrimSpace(l[:open])
	head, paren := strings.CutSuffix(head, "()")
	head = strings.TrimSpace(head)
	if !kw && !paren || head == "" || strings.ContainsAny(head, " \t$\"'=") {
		return "", "", false
	}
	return head, l[open+1 : end], true
}

// metaOnlyCmd reports a command that reads a file's metadata (mode,
// owner, name), never its content.
func metaOnlyCmd(name string) bool {
	switch name {
	case "stat", "ls", "test", "[", "basename", "dirname", "realpath", "readlink", "echo", "printf", "return", "true", "false":
		return true
	}
	return false
}

// metaOnlyFunc reports whether the script defines name as a one-line
// shell function whose every command only reads metadata.
func (s *shScan) metaOnlyFunc(name string) bool {
	for _, l := range s.lines {
		if !strings.Contains(l, name) {
			continue
		}
		fn, body, ok := oneLineFunc(l)
		if !ok || fn != name {
			continue
		}
		for _, part := range strings.Split(strings.NewReplacer("||", ";", "&&", ";", "|", ";").Replace(body), ";") {
			f := strings.Fields(part)
			if len(f) > 0 && !metaOnlyCmd(f[0]) {
				return false
			}
		}
		return true
	}
	return false
}

// credReadOf names the credential store call c reads, or "". A call of a
// one-line function the script defines that only reads metadata
// (mode() { stat -c %a "$1"; }) on ~/.ssh/id_* is a permission check,
// not a read; a function whose body cats its argument still counts.
// The function's definition is looked up only for a call that would be a
// read: scanning the script's lines for every call made a long pipeline
// quadratic.
func (s *shScan) credReadOf(c call) string {
	what := credRead(c)
	if what != "" && s.metaOnlyFunc(c.name) {
		return ""
	}
	return what
}
