package skillmd

import "bytes"

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// SplitFrontmatter splits a SKILL.md into its YAML frontmatter and its
// markdown body.
//
// A UTF-8 byte order mark is dropped and CRLF line endings become LF first
// (Windows editors add both; neither YAML nor goldmark should see them), so
// front and body may not alias data. CRs not ending a line are kept. The frontmatter is the text between a
// first line "---" and the next line that is "---" or "..." (YAML's
// end-of-document marker, which some tools write); trailing spaces on the
// delimiter lines are ignored. front excludes both delimiter lines and may
// be empty. bodyLine is the 1-based line of the (normalised) file on which
// body starts, so a body offset can be mapped back to a line of the file.
//
// ok is false when the file has no frontmatter: it does not start with a
// "---" line or the block is never closed. Then front is nil, body is the
// whole normalised file and bodyLine is 1.
func SplitFrontmatter(data []byte) (front []byte, body []byte, bodyLine int, ok bool) {
	front, body, bodyLine, ok, _ = splitFrontmatter(normalize(data))
	return front, body, bodyLine, ok
}

// normalize drops a UTF-8 BOM and the CRs that end lines: "\r\n" becomes
// "\n", and so does "\r\r\n" (an editor that added CRLF to a CRLF file), so
// no CR is left before a LF. Other CRs are content and stay. It copies only
// when there is a CR.
func normalize(data []byte) []byte {
	data = bytes.TrimPrefix(data, utf8BOM)
	if bytes.IndexByte(data, '\r') < 0 {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] == '\r' {
			j := i
			for j < len(data) && data[j] == '\r' {
				j++
			}
			if j < len(data) && data[j] == '\n' {
				i = j - 1 // drop the CRs; the LF is copied next
				continue
			}
			out = append(out, data[i:j]...)
			i = j - 1
			continue
		}
		out = append(out, data[i])
	}
	return out
}

// splitFrontmatter is SplitFrontmatter on already normalised data. opened
// reports a first "---" line without a closing line, so Parse can say the
// block is unclosed rather than missing.
func splitFrontmatter(data []byte) (front, body []byte, bodyLine int, ok, opened bool) {
	first, rest, hasNL := cutLine(data)
	if !hasNL || !isDelim(first, "---") {
		return nil, data, 1, false, false
	}
	start := len(data) - len(rest)
	line := 2
	for pos := start; pos < len(data); line++ {
		l, _, _ := cutLine(data[pos:])
		next := pos + len(l) + 1 // past the '\n', or one past the end
		if isDelim(l, "---") || isDelim(l, "...") {
			if next > len(data) {
				next = len(data)
			}
			return data[start:pos], data[next:], line + 1, true, true
		}
		pos = next
	}
	return nil, data, 1, false, true
}

// cutLine returns the first line of b without its '\n', the rest after it,
// and whether a '\n' was found.
func cutLine(b []byte) (line, rest []byte, found bool) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:], true
	}
	return b, nil, false
}

// isDelim reports whether line is delim followed only by spaces or tabs.
func isDelim(line []byte, delim string) bool {
	if len(line) < len(delim) || string(line[:len(delim)]) != delim {
		return false
	}
	for _, c := range line[len(delim):] {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}
