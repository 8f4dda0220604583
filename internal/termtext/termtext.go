// Package termtext makes text from skills safe to print on a terminal:
// catalog text (a description, a folder name, a file) may hold control
// characters that would move the cursor, clear the screen, retitle the
// window or colour what follows.
package termtext

import "strings"

// Escape returns s with every control character (C0, DEL, C1) written as a
// Go escape (\x1b, \u009b). With keepLines, tabs, newlines and the CR of a
// CRLF are kept (a file printed whole); without, they become spaces (a
// table cell).
func Escape(s string, keepLines bool) string {
	clean := true
	for _, r := range s {
		if IsControl(r) && !(keepLines && (r == '\t' || r == '\n' || r == '\r')) {
			clean = false
			break
		}
	}
	if clean && !(keepLines && strings.Contains(s, "\r")) {
		return s
	}
	const digits = "0123456789abcdef"
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			switch {
			case !keepLines:
				b.WriteByte(' ')
			case r == '\r' && !strings.HasPrefix(s[i+1:], "\n"):
				b.WriteString(`\r`) // a lone CR would overwrite the line
			default:
				b.WriteRune(r)
			}
		case r < 0x80 && IsControl(r):
			b.WriteString(`\x` + string([]byte{digits[r>>4], digits[r&15]}))
		case IsControl(r):
			b.WriteString(`\u00` + string([]byte{digits[(r>>4)&15], digits[r&15]}))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Cell makes s one table cell: one line (runs of white space become one
// space) with control characters escaped.
func Cell(s string) string {
	return strings.Join(strings.Fields(Escape(s, false)), " ")
}

// IsControl reports whether r is a C0 or C1 control character or DEL.
func IsControl(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)
}
