package skillsext

import (
	"fmt"
	"net/url"
	"strings"
)

// Scheme is the URI scheme of skill resources (SEP-2640, "Resource
// Mapping": servers SHOULD use skill://).
const Scheme = "skill://"

// skillFileSegment is the last segment of every skill's SKILL.md URI,
// whatever the file's spelling on disk (skill.md, Skill.md): SEP-2640 makes
// "SKILL.md" explicit in the URI.
const skillFileSegment = "SKILL.md"

// escapeSegment percent-escapes every byte of seg that is not an RFC 3986
// unreserved character (A-Z a-z 0-9 - . _ ~). The first segment of a skill
// path is a URI authority, which SHOULD be a reg-name (SEP-2640): a ':' (the
// "2:git" ids of a folder two roots share) or a space would not be; the
// same escaping is used for every segment so a path reads back one way.
func escapeSegment(seg string) string {
	plain := true
	for i := 0; i < len(seg) && plain; i++ {
		plain = unreserved(seg[i])
	}
	if plain {
		return seg
	}
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		if unreserved(c) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// escapePath escapes each slash-separated segment of p.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = escapeSegment(s)
	}
	return strings.Join(segs, "/")
}

// splitURI splits skill://a/b/c into its unescaped segments. ok is false
// for another scheme, an empty segment (a doubled or trailing slash), bad
// escaping, or a "." or ".." segment, none of which a served URI has.
func splitURI(uri string) (segs []string, ok bool) {
	rest, ok := strings.CutPrefix(uri, Scheme)
	if !ok || rest == "" {
		return nil, false
	}
	for _, raw := range strings.Split(rest, "/") {
		s, err := url.PathUnescape(raw)
		if err != nil || s == "" || s == "." || s == ".." || strings.Contains(s, "/") {
			return nil, false
		}
		segs = append(segs, s)
	}
	return segs, true
}

// skillPathSegments is where a skill lives in the skill:// namespace: its
// catalog id (the folder path below its root), with the frontmatter name
// appended when the folder's own name differs from it, so that the final
// segment always equals the name (SEP-2640: "The final segment of
// <skill-path> MUST equal the skill's name"). Folder "audiocraft" holding
// a skill named "audiocraft-audio-generation" is therefore
// skill://…/audiocraft/audiocraft-audio-generation/SKILL.md, and its files
// sit below that path. When the folder name equals the name (nearly every
// skill) the URI is the same as the tools' skill://<id>/<path> resource.
func skillPathSegments(id, name string) []string {
	segs := strings.Split(id, "/")
	if segs[len(segs)-1] != name {
		segs = append(segs, name)
	}
	return segs
}

// joinEscaped escapes and joins segments into the part of a URI after
// skill://.
func joinEscaped(segs []string) string {
	out := make([]string, len(segs))
	for i, s := range segs {
		out[i] = escapeSegment(s)
	}
	return strings.Join(out, "/")
}

// skillPath is joinEscaped(skillPathSegments(id, name)), the escaped skill
// path, without splitting when id and name need no escaping (nearly every
// skill; the view computes it for every skill after each change).
func skillPath(id, name string) string {
	if !plainPath(id) || !plainPath(name) || strings.Contains(name, "/") || id == "" {
		return joinEscaped(skillPathSegments(id, name))
	}
	if last := id[strings.LastIndexByte(id, '/')+1:]; last == name {
		return id
	}
	return id + "/" + name
}

// plainPath reports whether p has only unreserved characters and slashes,
// so escaping each of its segments leaves it unchanged.
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		if !unreserved(p[i]) && p[i] != '/' {
			return false
		}
	}
	return true
}
