package audit

import (
	"path"
	"strings"

	"golang.org/x/net/html"
)

// markupExt lists the extensions of markup files a skill ships as assets
// (page templates, reports, SVG images): the model reads their source
// when a skill tells it to fill or follow them, while a person previewing
// them sees only what the browser renders. Template extensions that may
// hold other text (.tmpl, .j2, .erb, ...) count only when the file looks
// like HTML (looksLikeHTML).
var markupExt = map[string]bool{
	".html": true, ".htm": true, ".xhtml": true, ".shtml": true, ".svg": true,
	".vue": true, ".svelte": true, ".hbs": true, ".handlebars": true, ".mustache": true,
	".jinja": true, ".jinja2": true, ".j2": true, ".njk": true, ".liquid": true,
	".ejs": true, ".erb": true, ".tmpl": true, ".tpl": true, ".gohtml": true,
}

// plainMarkupExt are the markupExt members that are HTML or SVG by
// definition; the rest are template languages.
var plainMarkupExt = map[string]bool{".html": true, ".htm": true, ".xhtml": true, ".shtml": true, ".svg": true}

// htmlSniff tells a template of HTML from a template of something else.
var htmlSniff = lazyRE(`(?i)<(?:!doctype\s+html|html|head|body|div|span|p|section|article|footer|header|table|style|svg|template|img)\b`)

// isMarkupFile reports whether rel (with content) is an HTML or SVG file
// or an HTML template, read by scanMarkupFile.
func isMarkupFile(rel, content string) bool {
	ext := strings.ToLower(path.Ext(rel))
	if !markupExt[ext] {
		return false
	}
	return plainMarkupExt[ext] || htmlSniff.MatchString(content)
}

// hidingClasses are CSS framework utility classes (Bootstrap, Tailwind,
// WordPress, HTML5 Boilerplate) whose whole effect is to hide an element
// from sight: the stylesheet that defines them need not ship with the
// file.
var hidingClasses = map[string]bool{
	"hidden": true, "d-none": true, "invisible": true, "sr-only": true, "visually-hidden": true,
	"screen-reader-text": true, "visuallyhidden": true, "hide": true, "is-hidden": true,
}

// cssRule matches one flat CSS rule (selectors { declarations }); nested
// at-rule blocks (@media) expose their inner rules to the same pattern
// once the at-rule's own header is passed.
var cssRule = lazyRE(`([^{}]+)\{([^{}]*)\}`)

// hiddenStyle reports whether CSS declarations (a style attribute's value
// or a rule's body) take an element out of sight, by the same tests as
// the inline style of hiddenAttr.
func hiddenStyle(decls string) bool {
	decls = strings.NewReplacer(`"`, "", `'`, "", "\n", " ").Replace(decls)
	return hiddenAttr.MatchString(` style="` + decls + `"`)
}

// hiddenSelectors reads a stylesheet and returns the simple selectors
// (".name", "#name", "tag", "tag.name") whose rules hide an element.
// Selectors with pseudo-classes, attributes or combinators hide only in
// some states or places and are left out, except that the last compound
// of a descendant selector counts (".notes .an" hides every .an).
func hiddenSelectors(css string, into map[string]bool) {
	for _, m := range cssRule.FindAllStringSubmatch(css, -1) {
		if !hiddenStyle(m[2]) {
			continue
		}
		head := m[1]
		if i := strings.LastIndexAny(head, ";}"); i >= 0 {
			head = head[i+1:]
		}
		for _, sel := range strings.Split(head, ",") {
			f := strings.Fields(sel)
			if len(f) == 0 {
				continue
			}
			last := f[len(f)-1]
			if strings.ContainsAny(last, ":[>+~*()@") {
				continue
			}
			into[strings.ToLower(last)] = true
		}
	}
}

// hiddenByCSS reports whether a start tag's element is hidden by a
// selector of sel or by a hiding utility class.
func hiddenByCSS(tok html.Token, sel map[string]bool) bool {
	name := strings.ToLower(tok.Data)
	if sel[name] {
		return true
	}
	for _, a := range tok.Attr {
		switch strings.ToLower(a.Key) {
		case "class":
			for _, c := range strings.Fields(strings.ToLower(a.Val)) {
				if hidingClasses[c] || sel["."+c] || sel[name+"."+c] {
					return true
				}
			}
		case "id":
			id := strings.ToLower(strings.TrimSpace(a.Val))
			if id != "" && (sel["#"+id] || sel[name+"#"+id]) {
				return true
			}
		}
	}
	return false
}

// voidElements have no end tag: they hold no text to hide.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// markupTok is one token of a markup file with its byte span.
type markupTok struct {
	tok        html.Token
	start, end int
}

// tokenizeMarkup splits src into tokens with their byte offsets
// (golang.org/x/net/html, the HTML5 tokenizer browsers follow).
func tokenizeMarkup(src string) []markupTok {
	z := html.NewTokenizer(strings.NewReader(src))
	var out []markupTok
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		n := len(z.Raw())
		out = append(out, markupTok{tok: z.Token(), start: off, end: off + n})
		off += n
	}
}

// scanMarkupFile runs the hidden-text rules over an HTML or SVG file or
// an HTML template: text in a comment, a <template>, or an element hidden
// by its attributes, by a rule of the file's own <style> blocks, or by a
// hiding utility class is hidden text (hidden), and an image or frame URL
// carrying templated secrets is an exfiltration URL (scanURL). Comments
// and hidden elements are ordinary in page sources, so plain hidden text
// is not reported here: only an attack in it, or an instruction that
// names the model.
func scanMarkupFile(sc *skillCtx, rel, src string) {
	toks := tokenizeMarkup(src)
	li := newLineIndex(src)
	sel := map[string]bool{}
	for i, t := range toks {
		if t.tok.Type == html.StartTagToken && strings.EqualFold(t.tok.Data, "style") && i+1 < len(toks) && toks[i+1].tok.Type == html.TextToken {
			hiddenSelectors(toks[i+1].tok.Data, sel)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.tok.Type {
		case html.CommentToken:
			s := t.start + 4
			e := max(t.end-3, s)
			if s > len(src) || !strings.HasPrefix(src[t.start:], "<!--") {
				continue
			}
			markupHidden(sc, rel, src, s, e, li, "an HTML comment")
		case html.StartTagToken, html.SelfClosingTagToken:
			raw := src[t.start:t.end]
			if sm := imgSrc.FindStringSubmatch(raw); sm != nil && strings.Contains(sm[1], "://") {
				scanURL(sc, rel, src, sm[1], true, li, t.start)
			}
			name := strings.ToLower(t.tok.Data)
			if t.tok.Type == html.SelfClosingTagToken || voidElements[name] {
				continue
			}
			attrs := ""
			if sp := strings.IndexAny(raw, " \t\n\r/"); sp >= 0 {
				attrs = strings.TrimRight(raw[sp:], "/> \t\r\n")
			}
			if name != "template" && !hiddenAttr.MatchString(attrs) && !hiddenByCSS(t.tok, sel) {
				continue
			}
			j := closingTag(toks, i, name)
			end := len(src)
			if j < len(toks) {
				end = toks[j].start
			}
			markupHidden(sc, rel, src, t.end, end, li, "a hidden <"+name+"> element")
			i = j
		}
	}
}

// closingTag returns the index of the end tag that closes toks[i] (a
// start tag named name), counting nested elements of the same name, or
// len(toks) when the file ends first.
func closingTag(toks []markupTok, i int, name string) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		t := toks[j]
		if !strings.EqualFold(t.tok.Data, name) {
			continue
		}
		switch t.tok.Type {
		case html.StartTagToken:
			depth++
		case html.EndTagToken:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks)
}

// modelAddressRe names the model itself, where addressRe also takes the
// "you" a page says to its reader.
var modelAddressRe = lazyRE(`(?i)\b(?:assistant|claude|chatgpt|gpt|llms?|ai|agents?|model|copilot|codex|gemini|cursor)\b`)

// markupHidden runs hidden over src[s:e] of a markup file and keeps what
// counts in a page source: attacks, and an instruction to the model only
// when it names the model ("You must enable JavaScript" in a hidden
// <noscript>-style block speaks to the page's reader).
func markupHidden(sc *skillCtx, rel, src string, s, e int, li lineIndex, what string) {
	if s >= e {
		return
	}
	before := len(sc.findings)
	hidden(sc, rel, src, s, e, li, what)
	kept := sc.findings[:before]
	for _, f := range sc.findings[before:] {
		if f.RuleID == "hidden-text" && (f.Severity < High || !modelAddressRe.MatchString(src[s:e])) {
			continue
		}
		kept = append(kept, f)
	}
	sc.findings = kept
}
