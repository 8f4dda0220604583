package web

import (
	"bytes"
	"html/template"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	nethtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// md renders SKILL.md bodies: CommonMark with GitHub's extensions
// (tables, strikethrough, autolinks, task lists) and heading ids. Raw
// HTML is passed through to the sanitizer, which keeps what is safe
// (<details>, <kbd>, tables) and drops the rest.
var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// sanitizer is the bluemonday policy every rendered SKILL.md goes
// through: bluemonday's user-generated-content policy (no script, style,
// iframe, form or event handler attributes; links only to http, https,
// mailto and relative URLs) without images, so a page never loads
// anything from another host, with rel="nofollow noreferrer" on links.
var sanitizer = newSanitizer()

func newSanitizer() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowStandardAttributes()
	p.AllowStandardURLs()
	p.AllowAttrs("href").OnElements("a")
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AllowElements("article", "aside", "details", "summary", "figure", "figcaption", "section", "header", "footer",
		"h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "p", "br", "hr", "blockquote", "pre", "code", "kbd", "samp", "var",
		"abbr", "b", "i", "u", "s", "del", "ins", "em", "strong", "small", "sub", "sup", "mark", "q", "cite", "dfn", "time", "wbr")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`^(|open)$`)).OnElements("details")
	p.AllowAttrs("cite").OnElements("blockquote", "q", "del", "ins")
	p.AllowLists()
	p.AllowTables()
	p.AllowAttrs("checked", "disabled").Matching(regexp.MustCompile(`^(|checked|disabled)$`)).OnElements("input")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^language-[\w+-]+$`)).OnElements("code")
	return p
}

// renderBody renders a SKILL.md body to sanitized HTML. Links to files
// of the skill (relative links) point at their file pages; images become
// links to what they show (a page loads nothing but its own assets).
func renderBody(id, body string) (template.HTML, error) {
	src := []byte(body)
	doc := md.Parser().Parse(text.NewReader(src))
	rewriteLinks(doc, id)
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		return "", err
	}
	return balance(sanitizer.SanitizeBytes(buf.Bytes()))
}

// bodyContext is the element the rendered body sits in, for parsing it
// as a fragment.
var bodyContext = &nethtml.Node{Type: nethtml.ElementNode, Data: "section", DataAtom: atom.Section}

// balance re-parses sanitized HTML as the fragment of a section and
// writes it back: stray end tags (a body's "</pre></section>") are
// dropped and open ones closed, so a skill's markup cannot end the
// page's own elements early.
func balance(b []byte) (template.HTML, error) {
	nodes, err := nethtml.ParseFragment(bytes.NewReader(b), bodyContext)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	for _, n := range nodes {
		if err := nethtml.Render(&out, n); err != nil {
			return "", err
		}
	}
	return template.HTML(out.String()), nil //nolint:gosec // sanitized by bluemonday, then balanced
}

// rewriteLinks points relative links at the skill's file pages and turns
// images into links.
func rewriteLinks(doc ast.Node, id string) {
	var images []*ast.Image
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			n.Destination = []byte(fileLink(id, string(n.Destination)))
		case *ast.Image:
			images = append(images, n)
		}
		return ast.WalkContinue, nil
	})
	for _, img := range images {
		link := ast.NewLink()
		link.Destination = []byte(fileLink(id, string(img.Destination)))
		link.Title = img.Title
		for c := img.FirstChild(); c != nil; {
			next := c.NextSibling()
			link.AppendChild(link, c)
			c = next
		}
		if link.ChildCount() == 0 {
			link.AppendChild(link, ast.NewString([]byte("image")))
		}
		img.Parent().ReplaceChild(img.Parent(), img, link)
	}
}

// fileLink returns dest, or for a link to a file inside the skill folder
// the address of that file's page. Destinations with a scheme, a host or
// an absolute path, and fragments, are left as they are (the sanitizer
// judges them); relative paths climbing out of the folder lose their
// target.
func fileLink(id, dest string) string {
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" || strings.HasPrefix(u.Path, "/") {
		return dest
	}
	rel := path.Clean(u.Path)
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return "#"
	}
	l := fileURL(id, rel)
	if u.Fragment != "" {
		l += "#" + url.PathEscape(u.Fragment)
	}
	return l
}

// skillURL is the address of a skill's page; each path segment of the
// id is escaped.
func skillURL(id string) string {
	segs := strings.Split(id, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return "/skills/" + strings.Join(segs, "/")
}

// fileURL is the address of a file's page.
func fileURL(id, rel string) string {
	return skillURL(id) + "?file=" + url.QueryEscape(rel)
}

// rawURL is the address of a file as text/plain.
func rawURL(id, rel string) string { return fileURL(id, rel) + "&raw=1" }
