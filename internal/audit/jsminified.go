package audit

import "strings"

// Minified JavaScript names its variables t, n, e in every function, so a
// name tainted in one function (.then(t => ...) over a fetch) says nothing
// of the t another function hands to new Function (d3's row parser built
// from column names): followed file-wide, every sink of a bundled library
// looked like it ran a server's answer. In a minified file a name of one
// or two characters is followed only near the sink, within the same few
// hundred bytes as the answer it holds (fetch(u).then(t => new
// Function(t)())); longer names are followed file-wide as elsewhere.

// jsMinifiedLine is the line length past which a file reads as minified.
const jsMinifiedLine = 2000

// jsLocalWindow is how far before a sink a short name's answer is looked
// for in a minified file, in bytes.
const jsLocalWindow = 300

// jsMinified reports whether c has a line of at least jsMinifiedLine
// bytes.
func jsMinified(c string) bool {
	for len(c) >= jsMinifiedLine {
		i := strings.IndexByte(c, '\n')
		if i < 0 || i >= jsMinifiedLine {
			return true
		}
		c = c[i+1:]
	}
	return false
}

// dropShortNames removes the names of one or two characters from t.
func dropShortNames(t map[string]bool) map[string]bool {
	for v := range t {
		if len(v) <= 2 {
			delete(t, v)
		}
	}
	return t
}

// jsLocalAnswer reports whether the sink argument arg at off in a
// minified c uses a name bound to a server's answer within the
// jsLocalWindow bytes before it.
func jsLocalAnswer(c string, off int, arg string) bool {
	w := c[max(0, off-jsLocalWindow):off]
	return jsAnswer.MatchString(w) && mentionsAny(arg, jsTainted(w))
}
