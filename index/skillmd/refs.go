package skillmd

import (
	"bytes"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// markdown is shared: a goldmark parser keeps no state between Parse calls,
// so one instance serves concurrent callers.
//
// The Linkify extension is deliberately left out. It only turns bare URLs
// into AutoLink nodes, and the word scan below already skips any word with
// "://" or a leading "www." (the two forms Linkify recognises), so the
// references found are the same; but it triggers on every space and made
// parsing 50-60% slower on 11 KB skills (about 190 -> 290 us CPU on the
// shared 2-core machine), which alone would miss the 250 us goal.
var markdown = goldmark.New()

// ExtractReferences lists the files of the skill folder that a SKILL.md
// body names, in document order, one entry per Path (the first occurrence
// wins; outside references are deduplicated by Target).
//
// body is the markdown after the frontmatter and bodyLine the 1-based line
// of the file where it starts, so Reference.Line is a line of the file.
// files are the slash-separated paths, relative to the skill folder, of the
// files in it; a directory exists when some file lies under it.
//
// What counts as a reference:
//   - a link or image destination (markdown, or href/src in raw HTML) that
//     is relative: URLs with a scheme (http:, mailto:, ...), protocol-relative
//     URLs and in-page #anchors are not files. It gets a status whether or
//     not the target exists, since a broken link is a bug to report.
//   - the text of a code span, or a path-like word in a code span, a code
//     block or plain text, but only when it names an existing file (exactly
//     or ignoring case): an unmatched `word` is usually a command, not a
//     file, and the folder's own SKILL.md is not a reference.
//
// A destination loses its #fragment and ?query, is percent-decoded and
// cleaned; one that climbs out of the folder (../) or is absolute is
// RefOutside with an empty Path. ExtractReferences never fails; it returns
// nil when the body names no file. A body over MarkdownBudget is scanned
// without goldmark (links by pattern, words as plain text).
func ExtractReferences(body []byte, bodyLine int, files []string) []Reference {
	if bodyLine < 1 {
		bodyLine = 1
	}
	x := &extractor{src: body, bodyLine: bodyLine, files: newFileSet(files)}
	if MarkdownBudget(body) != "" {
		x.plainReferences()
		return x.refs
	}
	doc := markdown.Parser().Parse(text.NewReader(body))
	_ = ast.Walk(doc, x.visit)
	return x.refs
}

// fileSet answers "does this path exist in the skill folder", exactly or
// ignoring case, for files and for the directories that hold them.
type fileSet struct {
	exact map[string]bool // cleaned path -> is a directory
	// fold maps lower-cased paths to their real spelling. It is built on
	// the first lookup that misses exact: most references match exactly,
	// and lower-casing a large folder's paths is a third of the set-up.
	fold map[string]foldEntry
	// bases holds the lower-cased base names of the files: a cheap filter
	// that rejects most words of the text before any cleaning or
	// allocation.
	bases map[string]struct{}
}

type foldEntry struct {
	real string
	dir  bool
}

func newFileSet(files []string) *fileSet {
	fs := &fileSet{
		exact: make(map[string]bool, len(files)),
		bases: make(map[string]struct{}, len(files)),
	}
	for _, f := range files {
		f = cleanRel(f)
		if f == "" {
			continue
		}
		fs.add(f, false)
		fs.bases[lower(path.Base(f))] = struct{}{}
		// Add each parent directory until one is already known (then so
		// are its parents).
		for d := f; ; {
			i := strings.LastIndexByte(d, '/')
			if i <= 0 {
				break
			}
			d = d[:i]
			if _, ok := fs.exact[d]; ok {
				break
			}
			fs.add(d, true)
		}
	}
	return fs
}

func (fs *fileSet) add(p string, dir bool) {
	if _, ok := fs.exact[p]; !ok || !dir {
		fs.exact[p] = dir
	}
}

// buildFold fills fold from exact. When two spellings fold together, the
// file wins over a directory, then the spelling that sorts first, so the
// result does not depend on map order.
func (fs *fileSet) buildFold() {
	fs.fold = make(map[string]foldEntry, len(fs.exact))
	for p, dir := range fs.exact {
		l := lower(p)
		e, ok := fs.fold[l]
		if !ok || (e.dir && !dir) || (e.dir == dir && p < e.real) {
			fs.fold[l] = foldEntry{real: p, dir: dir}
		}
	}
}

// mayHoldFile reports whether a word could name a file: whether its base
// name, ignoring case, is the base name of some file.
func (fs *fileSet) mayHoldFile(w []byte) bool {
	if len(fs.bases) == 0 {
		return false
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] == '/' || w[i] == '\\' {
			w = w[i+1:]
			break
		}
	}
	for _, c := range w {
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			_, ok := fs.bases[strings.ToLower(string(w))]
			return ok
		}
	}
	_, ok := fs.bases[string(w)] // no allocation: map index by converted []byte
	return ok
}

// lookup resolves a cleaned relative path. With dirs false only files
// match. It returns the real spelling and RefOK or RefCaseMismatch, or
// found=false.
func (fs *fileSet) lookup(p string, dirs bool) (real string, status RefStatus, found bool) {
	if isDir, ok := fs.exact[p]; ok && (dirs || !isDir) {
		return p, RefOK, true
	}
	if fs.fold == nil {
		fs.buildFold()
	}
	if e, ok := fs.fold[lower(p)]; ok && (dirs || !e.dir) {
		return e.real, RefCaseMismatch, true
	}
	return "", "", false
}

// lower lower-cases s, without allocating when it has no upper-case ASCII
// letter and no non-ASCII byte (the common case for paths).
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return strings.ToLower(s)
		}
	}
	return s
}

// cleanRel cleans a path that should be relative to the skill folder:
// backslashes become slashes (Windows authors), "./" and "." segments go.
// It returns "" for the folder itself, and a path starting with "/" or
// "../" for one outside it.
func cleanRel(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if p == "" {
		return ""
	}
	p = path.Clean(p)
	if p == "." {
		return ""
	}
	return p
}

type extractor struct {
	src        []byte
	bodyLine   int
	files      *fileSet
	refs       []Reference
	seen       map[string]bool
	lineStarts []int // offsets of the start of each line of src, built lazily
}

func (x *extractor) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.Link:
		x.destination(string(n.Destination), RefLink, x.offset(n))
	case *ast.Image:
		x.destination(string(n.Destination), RefImage, x.offset(n))
	case *ast.AutoLink:
		return ast.WalkSkipChildren, nil
	case *ast.CodeSpan:
		x.codeSpan(n)
		return ast.WalkSkipChildren, nil
	case *ast.Text:
		// A run of adjacent Text siblings is contiguous source (goldmark
		// splits text at delimiters it then gives up on), so scan the run
		// once, from its first node, to see words like my_file.py whole.
		if _, ok := n.PreviousSibling().(*ast.Text); ok {
			break
		}
		last := n
		for s, ok := n.NextSibling().(*ast.Text); ok; s, ok = s.NextSibling().(*ast.Text) {
			last = s
		}
		x.words(n.Segment.Start, last.Segment.Stop, RefPath)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			x.words(seg.Start, seg.Stop, RefCode)
		}
	case *ast.HTMLBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			x.html(seg.Start, seg.Stop)
		}
		if n.HasClosure() {
			x.html(n.ClosureLine.Start, n.ClosureLine.Stop)
		}
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			x.html(seg.Start, seg.Stop)
		}
	}
	return ast.WalkContinue, nil
}

// offset is where n starts in src: its own position when goldmark recorded
// one, else the first line of the nearest block holding it, else -1.
func (x *extractor) offset(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	for b := n.Parent(); b != nil; b = b.Parent() {
		if b.Type() == ast.TypeBlock && b.Lines().Len() > 0 {
			return b.Lines().At(0).Start
		}
	}
	return -1
}

// line maps an offset in src to a 1-based line of the file, 0 if unknown.
func (x *extractor) line(off int) int {
	if off < 0 || off > len(x.src) {
		return 0
	}
	if x.lineStarts == nil {
		x.lineStarts = append(make([]int, 0, 64), 0)
		for i := 0; ; {
			j := bytes.IndexByte(x.src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			x.lineStarts = append(x.lineStarts, i)
		}
	}
	i := sort.Search(len(x.lineStarts), func(i int) bool { return x.lineStarts[i] > off })
	return x.bodyLine + i - 1
}

func (x *extractor) add(r Reference) {
	key := r.Path
	if r.Status == RefOutside {
		key = "\x00" + r.Target
	}
	if x.seen == nil {
		x.seen = make(map[string]bool)
	}
	if x.seen[key] {
		return
	}
	x.seen[key] = true
	x.refs = append(x.refs, r)
}

// schemeLen returns the length of the URL scheme s starts with, colon
// included (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"), or 0.
func schemeLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i + 1
		default:
			return 0
		}
	}
	return 0
}

// destination records a link or image destination as written.
func (x *extractor) destination(dest string, kind RefKind, off int) {
	dest = strings.TrimSpace(dest)
	written, templated := dest, false
	if strings.ContainsAny(dest, "${<") {
		var ok bool
		before := dest
		if dest, ok = templatePath(dest); !ok {
			return // a template the agent fills in (placeholders.go)
		}
		templated = dest != before
	}
	if dest == "" || dest[0] == '#' || strings.HasPrefix(dest, "//") {
		return
	}
	outside := false
	if n := schemeLen(dest); n > 0 {
		// "C:\x" or "C:/x" is a Windows absolute path, not a URL scheme.
		if n == 2 && len(dest) > 2 && (dest[2] == '\\' || dest[2] == '/') {
			outside = true
		} else {
			return
		}
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if strings.IndexByte(dest, '%') >= 0 {
		if u, err := url.PathUnescape(dest); err == nil {
			dest = u
		}
	}
	if dest == "" {
		return
	}
	r := Reference{Target: dest, Kind: kind, Line: x.line(off)}
	if templated {
		r.Target = written // as the author wrote it, placeholder and all
	}
	p := cleanRel(dest)
	switch {
	case p == "":
		return // the skill folder itself
	case outside || p[0] == '/' || p[0] == '~' || p == ".." || strings.HasPrefix(p, "../"):
		r.Status = RefOutside
	default:
		if real, st, ok := x.files.lookup(p, true); ok {
			r.Path, r.Status = real, st
		} else {
			r.Path, r.Status = p, RefBroken
		}
	}
	x.add(r)
}

// codeSpan records a code span that names a file: the whole text (which
// may contain spaces), else any path-like word in it (`python
// scripts/run.py`).
func (x *extractor) codeSpan(n *ast.CodeSpan) {
	var segs []text.Segment
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			segs = append(segs, t.Segment)
		}
	}
	if len(segs) == 0 || len(x.files.bases) == 0 {
		return
	}
	var whole []byte
	for _, s := range segs {
		whole = append(whole, s.Value(x.src)...)
	}
	if x.word(string(trimWord(bytes.TrimSpace(whole))), RefCode, segs[0].Start) {
		return
	}
	for _, s := range segs {
		x.words(s.Start, s.Stop, RefCode)
	}
}

// words records each path-like word of src[start:stop] that names a file.
// It runs over all the text of the body, so it is built for speed: only a
// word holding a '.' or a '/' can name a file here (a bare "LICENSE" in
// prose is too likely a plain word), so it jumps between those bytes with
// bytes.IndexByte and widens each hit to its word, and it allocates
// nothing until a word's base name matches a file's.
func (x *extractor) words(start, stop int, kind RefKind) {
	if len(x.files.bases) == 0 || start < 0 || stop > len(x.src) || start >= stop {
		return
	}
	b := x.src[start:stop]
	nextDot, nextSlash := -2, -2 // -2: not searched yet; -1: none left
	for i := 0; i < len(b); {
		if nextDot != -1 && nextDot < i {
			nextDot = indexFrom(b, '.', i)
		}
		if nextSlash != -1 && nextSlash < i {
			nextSlash = indexFrom(b, '/', i)
		}
		k := nextDot
		if k < 0 || (nextSlash >= 0 && nextSlash < k) {
			k = nextSlash
		}
		if k < 0 {
			return
		}
		ws, we := k, k+1
		for ws > i {
			if n := sepLenBefore(b[:ws]); n > 0 {
				break
			}
			_, size := utf8.DecodeLastRune(b[:ws])
			ws -= size
		}
		for we < len(b) && sepLen(b[we:]) == 0 {
			_, size := utf8.DecodeRune(b[we:])
			we += size
		}
		if w := trimWord(b[ws:we]); x.files.mayHoldFile(w) {
			x.word(string(w), kind, start+ws)
		}
		i = we
	}
}

// indexFrom is bytes.IndexByte(b[from:], c) as an index into b, or -1.
func indexFrom(b []byte, c byte, from int) int {
	if j := bytes.IndexByte(b[from:], c); j >= 0 {
		return from + j
	}
	return -1
}

// sepLenBefore is sepLen for the separator b ends with.
func sepLenBefore(b []byte) int {
	if c := b[len(b)-1]; c < utf8.RuneSelf {
		if asciiSep[c] {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeLastRune(b)
	if isSepRune(r) {
		return size
	}
	return 0
}

// asciiSep marks the ASCII bytes that separate path-like words: spaces,
// brackets, quotes and the punctuation that surrounds a path in prose or a
// command line.
var asciiSep = func() (t [utf8.RuneSelf]bool) {
	for _, c := range " \t\n\r\f\v()[]{}<>\"'`,;|*=" {
		t[c] = true
	}
	return t
}()

// sepLen returns the length of the separator b starts with, or 0. Besides
// the ASCII ones, Unicode spaces, punctuation and symbols separate words:
// Chinese text often glues "：" or "（" to a path.
func sepLen(b []byte) int {
	if c := b[0]; c < utf8.RuneSelf {
		if asciiSep[c] {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRune(b)
	if isSepRune(r) {
		return size
	}
	return 0
}

func isSepRune(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// trimWord drops the punctuation that ends a sentence or clause after a
// path, and the @ of Claude Code's @file mentions.
func trimWord(w []byte) []byte {
	for len(w) > 0 {
		switch w[len(w)-1] {
		case '.', ':', '!', '?':
			w = w[:len(w)-1]
			continue
		}
		break
	}
	if len(w) > 0 && w[0] == '@' {
		w = w[1:]
	}
	return w
}

// word records w when it names an existing file, and reports whether it
// did.
func (x *extractor) word(w string, kind RefKind, off int) bool {
	// A bare URL is not a file (http://x.io/a.md, www.x.io/a.md).
	if len(w) == 0 || len(w) > 1024 || strings.Contains(w, "://") || strings.HasPrefix(lower(w), "www.") {
		return false
	}
	p := cleanRel(w)
	if p == "" || p[0] == '/' || strings.HasPrefix(p, "../") || p == ".." || strings.EqualFold(p, "SKILL.md") {
		return false
	}
	real, st, ok := x.files.lookup(p, false)
	if !ok {
		return false
	}
	x.add(Reference{Target: w, Path: real, Kind: kind, Status: st, Line: x.line(off)})
	return true
}

// htmlRefRE finds the first href or src attribute of an HTML tag.
var htmlRefRE = regexp.MustCompile(`(?is)<[a-z][a-z0-9]*\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)

// html records the href and src attributes of raw HTML in src[start:stop].
func (x *extractor) html(start, stop int) {
	if start < 0 || stop > len(x.src) || start >= stop {
		return
	}
	b := x.src[start:stop]
	if bytes.IndexByte(b, '<') < 0 {
		return
	}
	for _, m := range htmlRefRE.FindAllSubmatchIndex(b, -1) {
		kind := RefLink
		if m[3]-m[2] == 3 { // "src"
			kind = RefImage
		}
		for g := 2; g <= 4; g++ {
			if s, e := m[2*g], m[2*g+1]; s >= 0 {
				x.destination(string(b[s:e]), kind, start+s)
				break
			}
		}
	}
}
